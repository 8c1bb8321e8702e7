#pragma once
// Solves a game's tier groups in order and writes one tablebase file per
// tier. Groups whose files are already complete are skipped, so a killed run
// resumes where it stopped; only the groups being solved and the tiers they
// reach stay in memory.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <vector>

#include "driver/file_tier_store.hpp"
#include "driver/group_loop.hpp"
#include "solver/progress.hpp"
#include "solver/tier_graph.hpp"

namespace rtb {

struct GenerateOptions {
  std::filesystem::path dir = "tb";
  int threads = 1;
  bool quiet = false;
  std::function<bool(std::uint32_t)> wanted;  // tiers to solve; empty = all
  WriteOptions write;
};

struct GenerateReport {
  std::size_t groups_solved = 0, groups_skipped = 0;
  std::uint64_t slots_solved = 0;
  double seconds = 0;
};

// The file store generate writes to; compression uses the solve's threads.
template <RetrogradeGame G>
FileTierStore generate_store(const G& game, const GenerateOptions& options) {
  WriteOptions write = options.write;
  write.threads = options.threads;
  return file_tier_store(game, options.dir, write);
}

template <RetrogradeGame G>
GenerateReport generate(const G& game, const GenerateOptions& options) {
  Progress progress(options.quiet);
  FileTierStore store = generate_store(game, options);
  const std::vector<bool> needed = needed_groups(game_solve_order(game), game.tier_count(), options.wanted);
  GroupLoop<G> loop(game, store, needed, &progress);
  const GroupLoopReport solved = loop.solve_all(options.threads);
  progress.done();
  return {solved.groups_solved, solved.groups_skipped, solved.slots_solved, progress.elapsed_seconds()};
}

}  // namespace rtb
