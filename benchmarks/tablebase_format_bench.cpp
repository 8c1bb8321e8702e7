// How block size, zstd level and the writer's long matches (WriteOptions)
// trade file size and writing time against probe latency.
//
// For each .rtb file under $RTB_BENCH_DIR (or, without it, a synthetic tier:
// runs of equal values with noise, so the program always runs) the values are
// re-encoded with every block size x level below into a temporary file:
//   size/...        time to write (one thread), and bits_per_pos / file_bytes;
//   probe_warm/...  one random probe with every block already in the block
//                   cache (a lock and a lookup);
//   probe_cold/...  one random probe with no block cache, so every probe
//                   reads, checksums and decompresses one block. The bytes
//                   come from the OS page cache; dropping that needs root.
// $RTB_BENCH_MAX_POSITIONS, when set, keeps only that many leading positions
// of each file so huge tiers stay quick to re-encode.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "tablebases/tier_file.hpp"

namespace {

namespace fs = std::filesystem;
using rtb::Value;

struct Source {
  std::string name;
  std::vector<Value> values;
};

constexpr std::uint32_t kBlockSizes[] = {4096, 16384, 65536, 262144};
constexpr int kLevels[] = {3, 7, 9, 19};

// Long runs of one value (as neighbouring indexes of a tier often share a
// value), mostly draws and short distances, and 5% isolated noise.
std::vector<Value> synthetic_tier(std::size_t n) {
  std::mt19937_64 rng(12345);
  std::geometric_distribution<int> run_length(1.0 / 30), distance(1.0 / 8);
  std::bernoulli_distribution draw(0.5), noise(0.05);
  std::uniform_int_distribution<int> noise_value(0, 40);
  std::vector<Value> v;
  v.reserve(n);
  while (v.size() < n) {
    const Value run_value = draw(rng) ? rtb::kDraw : rtb::make_value(distance(rng));
    for (int k = run_length(rng) + 1; k > 0 && v.size() < n; --k)
      v.push_back(noise(rng) ? static_cast<Value>(noise_value(rng)) : run_value);
  }
  return v;
}

std::vector<Source> load_sources() {
  std::vector<Source> sources;
  const char* dir = std::getenv("RTB_BENCH_DIR");
  if (!dir) {
    sources.push_back({"synthetic-4M", synthetic_tier(std::size_t{1} << 22)});
    return sources;
  }
  std::uint64_t max_positions = 0;
  if (const char* m = std::getenv("RTB_BENCH_MAX_POSITIONS")) max_positions = std::stoull(m);
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".rtb") continue;
    auto values = rtb::TierFile(entry.path(), 0).read_all();
    if (values.empty()) continue;
    if (max_positions && values.size() > max_positions) values.resize(max_positions);
    sources.push_back({fs::relative(entry.path(), dir).string(), std::move(values)});
  }
  return sources;
}

struct Variant {
  const Source* source;
  fs::path path;
  rtb::TierInfo info;
  rtb::WriteOptions options;

  void write() const { rtb::write_tier_file(path, info, source->values, options); }
  // Probe benchmarks may run alone (--benchmark_filter), so make the file.
  void ensure_written() const {
    if (!rtb::tier_file_is_complete(path, info)) write();
  }
};

void bench_size(benchmark::State& state, const Variant& v) {
  for (auto _ : state) v.write();
  const rtb::FileStats stats = rtb::file_stats(v.path);
  state.counters["bits_per_pos"] = stats.bits_per_position;
  state.counters["file_bytes"] = static_cast<double>(stats.file_bytes);
  state.counters["positions"] = static_cast<double>(stats.position_count);
}

void bench_probe(benchmark::State& state, const Variant& v, bool warm) {
  v.ensure_written();
  const auto count = v.source->values.size();
  const std::size_t blocks = (count + v.options.block_size - 1) / v.options.block_size;
  rtb::TierFile file(v.path, v.info, warm ? blocks : 0);
  if (warm)
    for (std::uint64_t i = 0; i < count; i += v.options.block_size) file.value(i);
  std::mt19937_64 rng(7);
  for (auto _ : state) benchmark::DoNotOptimize(file.value(rng() % count));
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  const std::vector<Source> sources = load_sources();
  const fs::path tmp = fs::temp_directory_path() / ("rtb-format-bench-" + std::to_string(::getpid()));
  std::vector<Variant> variants;
  variants.reserve(sources.size() * std::size(kBlockSizes) * std::size(kLevels) * 2);
  for (std::size_t s = 0; s < sources.size(); ++s)
    for (std::uint32_t block : kBlockSizes)
      for (int level : kLevels)
        for (bool long_matches : {true, false}) {
          // Above kLongMatchLevels the two would write the same bytes.
          if (!long_matches && level > rtb::kLongMatchLevels) continue;
          variants.push_back({&sources[s],
                              tmp / (std::to_string(s) + "-" + std::to_string(block) + "-" + std::to_string(level) +
                                     (long_matches ? "" : "-own") + ".rtb"),
                              {"bench", "bench", "t", sources[s].values.size()},
                              {.block_size = block, .zstd_level = level, .long_matches = long_matches, .threads = 1}});
        }

  for (const Variant& v : variants) {
    // "matches:zstd" is zstd's own minimum match for the level.
    const std::string suffix = v.source->name + "/block:" + std::to_string(v.options.block_size) +
                               "/level:" + std::to_string(v.options.zstd_level) +
                               (v.options.long_matches ? "" : "/matches:zstd");
    benchmark::RegisterBenchmark(("size/" + suffix).c_str(), bench_size, v)
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("probe_warm/" + suffix).c_str(), bench_probe, v, true);
    benchmark::RegisterBenchmark(("probe_cold/" + suffix).c_str(), bench_probe, v, false)
        ->Unit(benchmark::kMicrosecond);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::error_code ec;
  fs::remove_all(tmp, ec);
  return 0;
}
