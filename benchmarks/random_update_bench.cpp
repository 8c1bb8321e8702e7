// The retrograde walk spends its time updating entries of a state table at
// scattered places: read an entry, change it, write it back, with the table
// far larger than the caches, so almost every update waits on main memory.
// This program measures the most such updates a second this machine can do,
// on tables of 1-byte and 2-byte entries (the byte walk's codes and the 16-bit
// state words): plain, with the atomic compare-exchange the engine uses when
// threads share the table, and with the next batch of places prefetched while
// the current one is updated, on 1 and 2 threads. The engine's own rate
// (updates a second, from a solve) can then be stated as a fraction of it.
//   build/benchmarks/random_update_bench [--table_mib N] [--benchmark_...]
// The table is 1024 MiB per entry size unless --table_mib or the variable
// RTB_BENCH_TABLE_MIB says otherwise; each benchmark runs for the library's
// default 0.5 s (--benchmark_min_time), in all about 20 s.
#include <benchmark/benchmark.h>
#include <omp.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "solver/huge_pages.hpp"
#include "solver/openmp_wait.hpp"

namespace {

std::size_t table_mib = 1024;

// One table per entry type, allocated on huge pages and touched in full on
// first use, outside any timing.
template <class T>
std::vector<T>& table() {
  static std::vector<T> t = [] {
    std::vector<T> v;
    rtb::assign_on_huge_pages(v, (table_mib << 20) / sizeof(T), T{1});
    return v;
  }();
  return t;
}

// A 64-bit LCG: its high bits, multiplied into [0, n), pick the entry.
struct Random {
  std::uint64_t x;
  std::size_t next(std::size_t n) {
    x = x * 6364136223846793005u + 1442695040888963407u;
    return static_cast<std::size_t>((static_cast<unsigned __int128>(x) * n) >> 64);
  }
};

// "Plain" is a relaxed atomic load and store, which compile to the same
// plain moves as `t[i] = t[i] + 1`; with 2 threads an increment may be lost
// when both hit one entry at once (rare and harmless for a throughput
// measurement), but there is no data race in the C++ sense for the compiler
// to exploit. "Atomic" is the engine's shared-table update: a relaxed
// compare-exchange loop (a locked instruction on x86).
template <class T, bool kAtomic>
inline void update(T& entry) {
  std::atomic_ref<T> ref(entry);
  T old = ref.load(std::memory_order_relaxed);
  if constexpr (kAtomic) {
    while (!ref.compare_exchange_weak(old, static_cast<T>(old + 1), std::memory_order_relaxed)) {
    }
  } else {
    ref.store(static_cast<T>(old + 1), std::memory_order_relaxed);
  }
}

constexpr std::size_t kUpdatesPerThread = std::size_t{1} << 20;  // per iteration
constexpr int kBatch = 16;                                       // prefetch distance, in updates

template <class T, bool kAtomic, bool kPrefetch>
void run_updates(T* t, std::size_t n, Random random) {
  if constexpr (kPrefetch) {
    // The indices of the next batch are drawn and prefetched for writing
    // while the current batch is updated, as the engine does with a tier's
    // predecessors.
    std::size_t batch[2][kBatch];
    for (std::size_t& i : batch[0]) __builtin_prefetch(&t[i = random.next(n)], 1);
    for (std::size_t b = 0; b < kUpdatesPerThread / kBatch; ++b) {
      std::size_t* next = batch[(b + 1) & 1];
      for (int j = 0; j < kBatch; ++j) __builtin_prefetch(&t[next[j] = random.next(n)], 1);
      const std::size_t* now = batch[b & 1];
      for (int j = 0; j < kBatch; ++j) update<T, kAtomic>(t[now[j]]);
    }
  } else {
    for (std::size_t k = 0; k < kUpdatesPerThread; ++k) update<T, kAtomic>(t[random.next(n)]);
  }
}

template <class T, bool kAtomic, bool kPrefetch>
void random_updates(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(0));
  std::vector<T>& t = table<T>();
  std::uint64_t round = 0;
  for (auto _ : state) {
    ++round;
#pragma omp parallel num_threads(threads)
    {
      // Each thread its own sequence, new each iteration.
      Random random{(round << 8 | static_cast<std::uint64_t>(omp_get_thread_num())) * 0x9E3779B97F4A7C15u};
      run_updates<T, kAtomic, kPrefetch>(t.data(), t.size(), random);
    }
    benchmark::ClobberMemory();
  }
  state.counters["updates"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * static_cast<double>(kUpdatesPerThread) * threads,
                         benchmark::Counter::kIsRate);
  state.SetLabel(std::to_string(table_mib) + " MiB table");
}

template <class T>
void register_all(const std::string& type) {
  const auto add = [&](const std::string& variant, benchmark::internal::Function* fn) {
    benchmark::RegisterBenchmark((variant + "/" + type).c_str(), fn)
        ->ArgName("threads")
        ->Arg(1)
        ->Arg(2)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
  };
  add("plain", random_updates<T, false, false>);
  add("atomic", random_updates<T, true, false>);
  add("prefetched", random_updates<T, false, true>);
  add("prefetched_atomic", random_updates<T, true, true>);
}

}  // namespace

int main(int argc, char** argv) {
  // With both cores busy, an OpenMP thread spinning between iterations
  // would take one from the thread still working.
  rtb::use_passive_openmp_wait(argv);
  if (const char* env = std::getenv("RTB_BENCH_TABLE_MIB")) table_mib = std::strtoull(env, nullptr, 10);
  // --table_mib N or --table_mib=N, taken out before the library sees argv.
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--table_mib") == 0 && i + 1 < argc) {
      table_mib = std::strtoull(argv[++i], nullptr, 10);
    } else if (std::strncmp(argv[i], "--table_mib=", 12) == 0) {
      table_mib = std::strtoull(argv[i] + 12, nullptr, 10);
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  argv[argc] = nullptr;
  if (table_mib == 0) table_mib = 1;
  register_all<std::uint8_t>("u8");
  register_all<std::uint16_t>("u16");
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
