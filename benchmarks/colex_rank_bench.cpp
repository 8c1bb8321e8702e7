// The colex rank of a 32-bit set (games/kit/bitboard.hpp) by its byte table
// against the loop over the set's points that 64-bit sets take, on the sets
// a Morris solve ranks most: k points of the 24-point board (k = 3, 7, 9),
// 4096 of them drawn once before timing. Time per iteration is per rank.
//   build/benchmarks/colex_rank_bench
#include <benchmark/benchmark.h>

#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "games/kit/bitboard.hpp"

namespace {

std::vector<std::uint32_t> random_sets(int points, int k) {
  std::mt19937 random(static_cast<unsigned>(points * 64 + k));
  std::vector<std::uint32_t> sets(4096);
  for (std::uint32_t& set : sets) {
    set = 0;
    while (std::popcount(set) < k) set |= std::uint32_t{1} << (random() % static_cast<unsigned>(points));
  }
  return sets;
}

void by_table(benchmark::State& state) {
  const std::vector<std::uint32_t> sets = random_sets(24, static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(rtb::colex_rank(sets[i++ & 4095]));
}

void by_loop(benchmark::State& state) {
  const std::vector<std::uint32_t> sets = random_sets(24, static_cast<int>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(rtb::colex_rank(static_cast<rtb::Bitboard64>(sets[i++ & 4095])));
}

BENCHMARK(by_table)->Arg(3)->Arg(7)->Arg(9);
BENCHMARK(by_loop)->Arg(3)->Arg(7)->Arg(9);

}  // namespace

BENCHMARK_MAIN();
