// The solve benchmark: solves a game (or its tiers up to some pieces a side)
// in memory, once with 1 thread and once with 2, and prints wall and CPU
// time, slots and positions per second, and the ratio of the two runs.
// Usage: solve_bench pangki|cinc-camins|crossings [--variant V] [--max-pieces K] [--threads-list 1,2]
// (--max-pieces: tiers with at most K pieces a side; Crossings' variant is a
// board with tablebases, e.g. 5x4.)
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "driver/solve_in_memory.hpp"
#include "games/crossings/crossings.hpp"
#include "games/line_capture/line_capture.hpp"
#include "solver/openmp_wait.hpp"

namespace {

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

struct Run {
  double wall = 0, cpu = 0;
  std::uint64_t slots = 0, positions = 0;
  std::vector<std::vector<rtb::Value>> values;  // by tier, to compare runs
};

template <class G>
Run solve_all(const G& game, int max_pieces, int threads) {
  auto wanted = [&](std::uint32_t t) {
    return game.mover_pieces(t) <= max_pieces && game.other_pieces(t) <= max_pieces;
  };
  Run run;
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = cpu_seconds();
  run.values = rtb::solve_in_memory(game, threads, wanted);
  run.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.cpu = cpu_seconds() - cpu_start;
  for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
    if (run.values[t].empty()) continue;
    run.slots += game.tier_size(t);
    run.positions += game.tier_positions(t);
  }
  return run;
}

}  // namespace

// Solves `game` once for each thread count of `thread_list`; 1 when the
// runs' values differ.
template <class G>
int run_bench(const G& game, int max_pieces, const std::string& thread_list) {
  std::vector<int> threads;
  std::stringstream list(thread_list);
  for (std::string t; std::getline(list, t, ',');) threads.push_back(std::stoi(t));
  std::vector<Run> runs;
  std::vector<std::vector<rtb::Value>> reference;  // the first run's values
  for (int t : threads) {
    Run run = solve_all(game, max_pieces, t);
    std::printf(
        "%s %s max-pieces %d threads %d: wall %.2f s, cpu %.2f s, %llu slots (%llu positions), "
        "%.2f M slots/s wall, %.2f M slots per cpu-s, %.2f M positions per cpu-s\n",
        game.name().c_str(), game.variant().c_str(), max_pieces, t, run.wall, run.cpu,
        static_cast<unsigned long long>(run.slots), static_cast<unsigned long long>(run.positions),
        run.slots / run.wall * 1e-6, run.slots / run.cpu * 1e-6, run.positions / run.cpu * 1e-6);
    if (runs.empty()) {
      reference = std::move(run.values);
    } else if (run.values != reference) {
      std::printf("ERROR: values differ between thread counts\n");
      return 1;
    }
    run.values = {};
    runs.push_back(std::move(run));
  }
  for (std::size_t i = 1; i < runs.size(); ++i)
    std::printf("speed-up threads %d vs %d: %.2fx (wall)\n", threads[i], threads[0], runs[0].wall / runs[i].wall);
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  std::printf("peak memory (max RSS): %.1f MiB\n", u.ru_maxrss / 1024.0);
  return 0;
}

int main(int argc, char** argv) {
  rtb::use_passive_openmp_wait(argv);
  std::string name = argc > 1 ? argv[1] : "pangki", variant = "default", thread_list = "1,2";
  int max_pieces = 99;
  for (int i = 2; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--variant")) variant = argv[i + 1];
    else if (!std::strcmp(argv[i], "--max-pieces")) max_pieces = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--threads-list")) thread_list = argv[i + 1];
    else {
      std::fprintf(
          stderr,
          "usage: solve_bench pangki|cinc-camins|crossings [--variant V] [--max-pieces K] [--threads-list 1,2]\n");
      return 2;
    }
  }
  if (name == "crossings") {
    const std::string board = variant == "default" ? "4x4" : variant;  // 8x8 has no tablebases
    const rtb::CrossingsGame game(rtb::crossings_rules(board), board);
    return run_bench(game, max_pieces, thread_list);
  }
  const rtb::LineCaptureGame game(name == "cinc-camins" ? rtb::cinc_camins_rules() : rtb::pangki_rules(),
                                  variant == "arrival" ? rtb::CaptureLines::Arrival : rtb::CaptureLines::Touched);
  return run_bench(game, max_pieces, thread_list);
}
