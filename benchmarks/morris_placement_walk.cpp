// The two orders of Morris's one-pass placement walk (morris.hpp:
// PlacementWalk) timed on one tier, in alternation, from child tiers filled
// with random values (a walk's cost does not depend on the values it reads),
// and checked to give the same values.
//
// Usage: morris_placement_walk VARIANT TIER [THREADS] [ROUNDS]
//   VARIANT  five, six, seven or nine
//   TIER     a placement tier other than the last placement, e.g. p12-w6-b6
//   THREADS  threads for each walk (default 2)
//   ROUNDS   how many times each walk runs, in alternation (default 2)
// Prints each run's wall and CPU seconds (the process's, taken around the
// walk alone) and nanoseconds of CPU a slot.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <random>
#include <string>
#include <vector>

#include "games/morris/morris.hpp"
#include "solver/value.hpp"

namespace {

using rtb::MorrisGame;
using rtb::Value;

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec * 1e-6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

MorrisGame::TierId tier_named(const MorrisGame& game, const std::string& name) {
  for (MorrisGame::TierId t = 0; t < game.tier_count(); ++t)
    if (game.tier_name(t) == name) return t;
  throw std::invalid_argument("no tier " + name + " in morris " + game.variant());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 5) {
    std::fprintf(stderr, "usage: morris_placement_walk VARIANT TIER [THREADS] [ROUNDS]\n");
    return 2;
  }
  try {
    const MorrisGame game(argv[1]);
    const MorrisGame::TierId tier = tier_named(game, argv[2]);
    const int threads = argc > 3 ? std::atoi(argv[3]) : 2;
    const int rounds = argc > 4 ? std::atoi(argv[4]) : 2;
    if (!game.is_placement_tier(tier) || game.stones_placed(tier) + 1 == 2 * game.stones())
      throw std::invalid_argument(std::string(argv[2]) + " is not a placement tier before the last placement");
    rtb::SolvedTierValues solved(game.tier_count(), nullptr);
    std::vector<std::vector<Value>> children;
    std::mt19937 random(7);
    for (const MorrisGame::TierId child : game.tier_successors(tier)) {
      std::vector<Value>& v = children.emplace_back(game.tier_size(child));
      for (Value& x : v) x = random() % 4 == 0 ? rtb::kDraw : rtb::make_value(random() % 61);
      solved[child] = v.data();
      std::printf("reads %s: %llu slots\n", game.tier_name(child).c_str(), static_cast<unsigned long long>(v.size()));
    }
    const std::uint64_t slots = game.tier_size(tier);
    std::printf("%s %s: %llu slots, %d threads, auto walk: %s\n", argv[1], argv[2],
                static_cast<unsigned long long>(slots), threads,
                game.placement_walk(tier) == MorrisGame::PlacementWalk::ByChild ? "by child" : "by parent");
    std::vector<Value> first;
    for (int round = 0; round < rounds; ++round)
      for (const auto walk : {MorrisGame::PlacementWalk::ByParent, MorrisGame::PlacementWalk::ByChild}) {
        const double cpu = cpu_seconds();
        const auto wall = std::chrono::steady_clock::now();
        std::vector<Value> values = game.solve_placement_tier(tier, solved, threads, walk);
        const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
        const double cpu_s = cpu_seconds() - cpu;
        if (first.empty()) first = std::move(values);
        else if (values != first) throw std::runtime_error("the two walks gave different values");
        std::printf("  %-9s %7.2f s wall %8.2f CPU-s %7.1f ns a slot\n",
                    walk == MorrisGame::PlacementWalk::ByChild ? "by child" : "by parent", wall_s, cpu_s,
                    cpu_s * 1e9 / static_cast<double>(slots));
        std::fflush(stdout);
      }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "morris_placement_walk: %s\n", e.what());
    return 1;
  }
  return 0;
}
