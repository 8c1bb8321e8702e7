// What a derived tier (rtb generate --derive-tiers) costs the readers that
// need it whole (stats, verify, a resumed generate), and whether its values
// are the stored ones: for each tier of a Morris variant that DIR derives,
// the CPU and wall time of deriving it from the files of the tiers it reaches
// and, with FULL (a directory of the same variant generated without
// --derive-tiers), a value-by-value comparison with FULL's file of it.
//
// Usage: morris_derived VARIANT DIR [FULL] [THREADS]
//   DIR, FULL  tablebase directories (the ones given to --dir)
//   THREADS    threads of the derive pass (default 2)
// Exits 1 when a derived value differs from FULL's.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include "games/morris/morris.hpp"
#include "service/tier_loading.hpp"

namespace {

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 5) {
    std::fprintf(stderr, "usage: morris_derived VARIANT DIR [FULL] [THREADS]\n");
    return 2;
  }
  try {
    const rtb::MorrisGame game(argv[1]);
    const std::filesystem::path dir = argv[2];
    const std::filesystem::path full = argc > 3 ? argv[3] : "";
    const int threads = argc > 4 ? std::atoi(argv[4]) : 2;
    int differing = 0;
    double total_cpu = 0, total_wall = 0;
    std::uint64_t total_slots = 0;
    std::printf("%-8s %14s %10s %10s %12s %s\n", "tier", "slots", "CPU-s", "wall-s", "ns/slot CPU", "values");
    for (rtb::MorrisGame::TierId t = 0; t < game.tier_count(); ++t) {
      const auto path = rtb::tier_file_path(game, dir, t);
      if (!std::filesystem::exists(path) || !rtb::TierFile(path, 0).derived()) continue;
      const double cpu0 = cpu_seconds();
      const auto wall0 = std::chrono::steady_clock::now();
      const std::vector<rtb::Value> derived = rtb::load_tier(game, dir, t, threads);
      const double cpu = cpu_seconds() - cpu0;
      const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
      std::string verdict = "-";
      if (!full.empty()) {
        const std::vector<rtb::Value> stored =
            rtb::read_tier_file(rtb::tier_file_path(game, full, t), rtb::tier_info(game, t));
        verdict = derived == stored ? "equal to the full file's" : "DIFFERENT from the full file's";
        differing += derived != stored;
      }
      std::printf("%-8s %14llu %10.1f %10.1f %12.1f %s\n", game.tier_name(t).c_str(),
                  static_cast<unsigned long long>(derived.size()), cpu, wall, 1e9 * cpu / double(derived.size()),
                  verdict.c_str());
      std::fflush(stdout);
      total_cpu += cpu;
      total_wall += wall;
      total_slots += derived.size();
    }
    std::printf("%-8s %14llu %10.1f %10.1f %12.1f %s\n", "total", static_cast<unsigned long long>(total_slots),
                total_cpu, total_wall, total_slots ? 1e9 * total_cpu / double(total_slots) : 0.0,
                full.empty() ? "-" : (differing ? "SOME DIFFERENT" : "all equal"));
    return differing ? 1 : 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "morris_derived: %s\n", e.what());
    return 2;
  }
}
