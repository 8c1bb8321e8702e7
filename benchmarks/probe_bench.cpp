// Probe latency of random Pangki positions through the tablebase files: warm
// (the prober and its block cache already open) and cold (a fresh prober per
// probe: open the file, check header and table, decompress one block), and
// the bits per position on disk. Uses RTB_BENCH_DIR if it holds
// pangki-default files, else generates them into a temporary directory.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <random>

#include "driver/generate.hpp"
#include "games/line_capture/line_capture.hpp"

namespace {

using rtb::LineCaptureGame;

const LineCaptureGame& game() {
  static const LineCaptureGame g(rtb::pangki_rules(), rtb::CaptureLines::Touched);
  return g;
}

const std::filesystem::path& tablebase_dir() {
  static const std::filesystem::path dir = [] {
    if (const char* env = std::getenv("RTB_BENCH_DIR")) return std::filesystem::path(env);
    const auto tmp = std::filesystem::temp_directory_path() / ("rtb-probe-bench-" + std::to_string(::getpid()));
    rtb::GenerateOptions options;
    options.dir = tmp;
    options.threads = 2;
    options.quiet = true;
    rtb::generate(game(), options);
    return tmp;
  }();
  return dir;
}

// Random positions that are not over yet, drawn from every tier.
std::vector<LineCaptureGame::Position> random_positions(std::size_t n) {
  std::mt19937_64 random(42);
  std::vector<LineCaptureGame::Position> out;
  while (out.size() < n) {
    const auto t = static_cast<std::uint32_t>(random() % game().tier_count());
    out.push_back(game().position(t, random() % game().tier_size(t)));
  }
  return out;
}

rtb::Value probe(rtb::Prober& prober, const LineCaptureGame::Position& p) {
  const auto t = game().tier_of(p);
  return prober.probe(game().tier_name(t), game().tier_size(t), game().index(p));
}

void BM_ProbeWarm(benchmark::State& state) {
  rtb::Prober prober(tablebase_dir(), "pangki", "default", static_cast<std::size_t>(state.range(0)));
  const auto positions = random_positions(1 << 16);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(probe(prober, positions[i++ & 0xFFFF]));
  state.SetLabel("cache blocks per file " + std::to_string(state.range(0)));
}
BENCHMARK(BM_ProbeWarm)->Arg(8)->Arg(64)->Unit(benchmark::kMicrosecond);

void BM_ProbeCold(benchmark::State& state) {
  const auto positions = random_positions(1 << 12);
  std::size_t i = 0;
  for (auto _ : state) {
    rtb::Prober prober(tablebase_dir(), "pangki", "default");
    benchmark::DoNotOptimize(probe(prober, positions[i++ & 0xFFF]));
  }
}
BENCHMARK(BM_ProbeCold)->Unit(benchmark::kMicrosecond);

void BM_BitsPerPosition(benchmark::State& state) {
  std::uint64_t bytes = 0, slots = 0, positions = 0;
  for (auto _ : state) {
    bytes = slots = positions = 0;
    for (std::uint32_t t = 0; t < game().tier_count(); ++t) {
      bytes += std::filesystem::file_size(rtb::tier_file_path(game(), tablebase_dir(), t));
      slots += game().tier_size(t);
      positions += game().tier_positions(t);
    }
  }
  state.counters["bytes"] = static_cast<double>(bytes);
  state.counters["bits_per_slot"] = bytes * 8.0 / slots;
  state.counters["bits_per_position"] = bytes * 8.0 / positions;
}
BENCHMARK(BM_BitsPerPosition)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
