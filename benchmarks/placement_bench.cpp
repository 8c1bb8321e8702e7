// The Bagh-Chal placement pass, today's block walk against the engine's
// general one-pass set-up, in one run: the same tiers, the same threads, the
// same child values. Solving a mid-game tier for real needs every tier below
// it, so the tiers a listed tier reads are filled with made-up values (a
// fixed pseudo-random mix of wins, losses and draws at short distances); both
// passes must then give identical values, which the run checks.
// Usage: placement_bench [--tiers h10-c0-g,h10-c0-t] [--threads-list 2,1] [--no-engine]
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "games/bagh_chal/bagh_chal.hpp"
#include "solver/openmp_wait.hpp"
#include "solver/retrograde.hpp"

namespace {

// Bagh-Chal without its own lone-tier pass: the engine's general set-up
// solves each placement tier (a deleted member fails the engine's check).
struct EngineBaghChal : rtb::BaghChalGame {
  using rtb::BaghChalGame::BaghChalGame;
  std::vector<rtb::Value> solve_lone_tier(TierId, const std::vector<const rtb::Value*>&, int,
                                          const rtb::SlotsDone&) const = delete;
};

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

// Made-up values: about half draws, the rest wins and losses within 40 plies.
std::vector<rtb::Value> made_up_values(std::uint64_t size, std::uint64_t seed) {
  std::vector<rtb::Value> values(size);
  std::uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
  for (rtb::Value& v : values) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    v = (x >> 40) % 2 ? rtb::kDraw : rtb::make_value(static_cast<unsigned>(x >> 20) % 40);
  }
  return values;
}

struct Pass {
  double wall = 0, cpu = 0;
  std::vector<rtb::Value> values;
};

template <class G>
Pass solve_tier(const G& game, std::uint32_t tier, const rtb::SolvedTierValues& solved, int threads) {
  Pass pass;
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = cpu_seconds();
  rtb::GroupSolver<G> solver(game, {tier}, solved, threads);
  pass.values = std::move(solver.solve().front()).take_wide();
  pass.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  pass.cpu = cpu_seconds() - cpu_start;
  return pass;
}

}  // namespace

int main(int argc, char** argv) {
  rtb::use_passive_openmp_wait(argv);
  std::string tier_list = "h10-c0-g,h10-c0-t", thread_list = "2,1";
  bool engine = true;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--tiers") && i + 1 < argc) tier_list = argv[++i];
    else if (!std::strcmp(argv[i], "--threads-list") && i + 1 < argc) thread_list = argv[++i];
    else if (!std::strcmp(argv[i], "--no-engine")) engine = false;
    else {
      std::fprintf(stderr, "usage: placement_bench [--tiers h10-c0-g,h10-c0-t] [--threads-list 2,1] [--no-engine]\n");
      return 2;
    }
  }
  const EngineBaghChal game("default");
  std::vector<std::uint32_t> tiers;
  std::stringstream names(tier_list);
  for (std::string name; std::getline(names, name, ',');) {
    std::uint32_t t = 0;
    while (t < game.tier_count() && game.tier_name(t) != name) ++t;
    if (t == game.tier_count() || game.pieces_in_hand(t) == 0) {
      std::fprintf(stderr, "placement_bench: '%s' is not a placement tier of bagh-chal\n", name.c_str());
      return 2;
    }
    tiers.push_back(t);
  }
  std::vector<int> threads;
  std::stringstream list(thread_list);
  for (std::string t; std::getline(list, t, ',');) threads.push_back(std::stoi(t));

  std::map<std::string, double> wall;  // by pass name and threads, summed over tiers
  std::uint64_t slots = 0;
  bool same = true;
  for (std::uint32_t tier : tiers) {
    std::map<std::uint32_t, std::vector<rtb::Value>> held;
    rtb::SolvedTierValues solved(game.tier_count(), nullptr);
    for (std::uint32_t next : game.tier_successors(tier)) {
      held[next] = made_up_values(game.tier_size(next), next);
      solved[next] = held[next].data();
    }
    slots += game.tier_size(tier);
    std::vector<rtb::Value> reference;
    auto report = [&](const char* pass_name, int t, Pass& pass) {
      std::printf("%s %s threads %d: wall %.2f s, cpu %.2f s, %.2f M slots/s wall\n", game.tier_name(tier).c_str(),
                  pass_name, t, pass.wall, pass.cpu, game.tier_size(tier) / pass.wall * 1e-6);
      std::fflush(stdout);
      wall[std::string(pass_name) + " threads " + std::to_string(t)] += pass.wall;
      if (reference.empty()) reference = std::move(pass.values);
      else if (pass.values != reference) same = false;
    };
    for (int t : threads) {
      Pass pass = solve_tier(static_cast<const rtb::BaghChalGame&>(game), tier, solved, t);
      report("block walk", t, pass);
    }
    if (engine) {
      Pass pass = solve_tier(game, tier, solved, threads.front());
      report("engine", threads.front(), pass);
    }
  }
  for (const auto& [name, seconds] : wall)
    std::printf("all tiers, %s: %.2f s, %.2f M slots/s\n", name.c_str(), seconds, slots / seconds * 1e-6);
  const std::string first = "threads " + std::to_string(threads.front());
  if (engine)
    std::printf("speed-up of the block walk over the engine, %s: %.2fx\n", first.c_str(),
                wall["engine " + first] / wall["block walk " + first]);
  if (threads.size() > 1)
    std::printf("block walk, threads %d vs %d: %.2fx\n", threads.front(), threads[1],
                wall["block walk threads " + std::to_string(threads[1])] / wall["block walk " + first]);
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  std::printf("peak memory (max RSS): %.1f MiB\n", u.ru_maxrss / 1024.0);
  if (!same) {
    std::printf("ERROR: the passes gave different values\n");
    return 1;
  }
  return 0;
}
