// Speed of the line-capture rules and indexing, the inner loops of a solve:
//   perft/...        leaf counts from the start: nodes/s (every position
//                    expanded or counted) and leaves/s;
//   moves/...        for_each_move on one random position of a big tier;
//   predecessors/... for_each_predecessor on one such position;
//   index/...        index() of a random position of a big tier;
//   position/...     position() of a random slot of that tier.
// Times per iteration are per call; random positions are drawn once, before
// timing, from Pangki 6-6 and Cinc camins 5-5 and 5-4.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "games/kit/perft.hpp"
#include "games/line_capture/line_capture.hpp"

namespace {

using rtb::CaptureLines;
using rtb::LineCaptureGame;
using rtb::LineCapturePosition;

const LineCaptureGame& game(bool pangki, CaptureLines lines = CaptureLines::Touched) {
  static const LineCaptureGame games[2][2] = {
      {LineCaptureGame(rtb::cinc_camins_rules(), CaptureLines::Touched),
       LineCaptureGame(rtb::cinc_camins_rules(), CaptureLines::Arrival)},
      {LineCaptureGame(rtb::pangki_rules(), CaptureLines::Touched),
       LineCaptureGame(rtb::pangki_rules(), CaptureLines::Arrival)},
  };
  return games[pangki][lines == CaptureLines::Arrival];
}

// Every position visited (expanded or not), like perft but counting inner
// nodes too.
std::uint64_t nodes(const LineCaptureGame& g, const LineCapturePosition& p, int depth) {
  if (depth == 0 || g.is_lost(p)) return 1;
  std::uint64_t n = 1;
  g.for_each_move(
      p, [&](const rtb::LineCaptureMove&, const LineCapturePosition& child) { n += nodes(g, child, depth - 1); });
  return n;
}

void perft_bench(benchmark::State& state, bool pangki, CaptureLines lines, int depth) {
  const LineCaptureGame& g = game(pangki, lines);
  const LineCapturePosition start = g.start();
  std::uint64_t leaves = 0, visited = 0;
  for (auto _ : state) {
    leaves += rtb::perft(g, start, depth);
    benchmark::DoNotOptimize(leaves);
  }
  visited = nodes(g, start, depth) * state.iterations();
  state.counters["leaves"] = benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
  // The node count is measured outside the loop and charged to its time:
  // perft visits exactly these nodes.
  state.counters["nodes"] = benchmark::Counter(static_cast<double>(visited), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(perft_bench, pangki_d9, true, CaptureLines::Touched, 9)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft_bench, pangki_arrival_d9, true, CaptureLines::Arrival, 9)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft_bench, cinc_camins_d7, false, CaptureLines::Touched, 7)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft_bench, cinc_camins_arrival_d7, false, CaptureLines::Arrival, 7)->Unit(benchmark::kMillisecond);

// 4096 random positions of the tier (mover, other), any placement.
std::vector<LineCapturePosition> random_positions(const LineCaptureGame& g, int mover, int other) {
  std::mt19937_64 rng(2026);
  std::vector<int> squares(g.squares());
  for (int s = 0; s < g.squares(); ++s) squares[s] = s;
  std::vector<LineCapturePosition> out;
  for (int i = 0; i < 4096; ++i) {
    std::shuffle(squares.begin(), squares.end(), rng);
    LineCapturePosition p;
    for (int k = 0; k < mover; ++k) p.mine |= rtb::bit(squares[k]);
    for (int k = mover; k < mover + other; ++k) p.theirs |= rtb::bit(squares[k]);
    out.push_back(p);
  }
  return out;
}

void index_bench(benchmark::State& state, bool pangki, int mover, int other) {
  const LineCaptureGame& g = game(pangki);
  const auto positions = random_positions(g, mover, other);
  std::size_t i = 0;
  std::uint64_t sum = 0;
  for (auto _ : state) {
    sum += g.index(positions[i++ & 4095]);
    benchmark::DoNotOptimize(sum);
  }
  state.counters["calls"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void position_bench(benchmark::State& state, bool pangki, int mover, int other) {
  const LineCaptureGame& g = game(pangki);
  const auto t = g.tier_id(mover, other);
  std::mt19937_64 rng(7);
  std::vector<std::uint64_t> slots(4096);
  for (auto& s : slots) s = rng() % g.tier_size(t);
  std::size_t i = 0;
  for (auto _ : state) {
    const LineCapturePosition p = g.position(t, slots[i++ & 4095]);
    benchmark::DoNotOptimize(p);
  }
  state.counters["calls"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void moves_bench(benchmark::State& state, bool pangki, int mover, int other) {
  const LineCaptureGame& g = game(pangki);
  const auto positions = random_positions(g, mover, other);
  std::size_t i = 0;
  std::uint64_t moves = 0;
  for (auto _ : state) {
    g.for_each_move(positions[i++ & 4095], [&](const rtb::LineCaptureMove& m, const LineCapturePosition& child) {
      ++moves;
      benchmark::DoNotOptimize(m.captured);
      benchmark::DoNotOptimize(child);
    });
  }
  state.counters["moves"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}

void predecessors_bench(benchmark::State& state, bool pangki, int mover, int other) {
  const LineCaptureGame& g = game(pangki);
  const auto positions = random_positions(g, mover, other);
  std::size_t i = 0;
  std::uint64_t found = 0;
  for (auto _ : state) {
    g.for_each_predecessor(positions[i++ & 4095], [&](const LineCapturePosition& q) {
      ++found;
      benchmark::DoNotOptimize(q);
    });
  }
  state.counters["predecessors"] = benchmark::Counter(static_cast<double>(found), benchmark::Counter::kIsRate);
}

#define RTB_TIER_BENCH(fn)                             \
  BENCHMARK_CAPTURE(fn, pangki_6_6, true, 6, 6);       \
  BENCHMARK_CAPTURE(fn, cinc_camins_5_5, false, 5, 5); \
  BENCHMARK_CAPTURE(fn, cinc_camins_5_4, false, 5, 4);

RTB_TIER_BENCH(index_bench)
RTB_TIER_BENCH(position_bench)
RTB_TIER_BENCH(moves_bench)
RTB_TIER_BENCH(predecessors_bench)

}  // namespace

BENCHMARK_MAIN();
