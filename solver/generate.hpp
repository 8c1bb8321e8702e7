#pragma once
// Solves a game's tier groups in order and writes one tablebase file per
// tier. Groups whose files are already complete are skipped, so a killed run
// resumes where it stopped; only the groups being solved and the tiers they
// reach stay in memory.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "solver/game_concept.hpp"
#include "solver/progress.hpp"
#include "solver/retrograde.hpp"
#include "solver/tier_graph.hpp"
#include "tablebases/tier_file.hpp"

namespace rtb {

template <RetrogradeGame G>
TierInfo tier_info(const G& game, typename G::TierId tier) {
  return {game.name(), game.variant(), game.tier_name(tier), game.tier_size(tier)};
}

template <RetrogradeGame G>
std::filesystem::path tier_file_path(const G& game, const std::filesystem::path& dir, typename G::TierId tier) {
  return tier_path(dir, game.name(), game.variant(), game.tier_name(tier));
}

template <RetrogradeGame G>
std::vector<TierGroup> game_solve_order(const G& game) {
  return solve_order(game.tier_count(), [&](std::uint32_t t) { return game.tier_successors(t); });
}

// Groups needed for the wanted tiers: those holding one, and every group a
// needed group depends on.
inline std::vector<bool> needed_groups(const std::vector<TierGroup>& groups, std::uint32_t tier_count,
                                       const std::function<bool(std::uint32_t)>& wanted) {
  std::vector<bool> tier_needed(tier_count, false), group_needed(groups.size(), false);
  for (std::size_t g = groups.size(); g-- > 0;) {
    for (std::uint32_t t : groups[g].tiers)
      if (!wanted || wanted(t) || tier_needed[t]) group_needed[g] = true;
    if (!group_needed[g]) continue;
    for (std::uint32_t t : groups[g].tiers) tier_needed[t] = true;
    for (std::uint32_t d : groups[g].dependencies) tier_needed[d] = true;
  }
  return group_needed;
}

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

template <RetrogradeGame G>
GenerateReport generate(const G& game, const GenerateOptions& options) {
  const std::vector<TierGroup> groups = game_solve_order(game);
  const std::vector<bool> needed = needed_groups(groups, game.tier_count(), options.wanted);
  // The last group that reads each tier, to drop it from memory after.
  std::vector<std::size_t> last_reader(game.tier_count(), 0);
  for (std::size_t g = 0; g < groups.size(); ++g)
    if (needed[g])
      for (std::uint32_t d : groups[g].dependencies) last_reader[d] = g;

  Progress progress(options.quiet);
  {
    std::size_t planned = 0;
    std::uint64_t planned_slots = 0;
    for (std::size_t g = 0; g < groups.size(); ++g)
      if (needed[g]) {
        ++planned;
        for (std::uint32_t t : groups[g].tiers) planned_slots += game.tier_size(t);
      }
    progress.plan(planned, planned_slots);
  }
  GenerateReport report;
  std::map<std::uint32_t, std::vector<Value>> held;
  SolvedTierValues solved(game.tier_count(), nullptr);
  WriteOptions write = options.write;
  write.threads = options.threads;

  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (!needed[g]) continue;
    const TierGroup& group = groups[g];
    bool complete = true;
    for (std::uint32_t t : group.tiers)
      complete = complete && tier_file_is_complete(tier_file_path(game, options.dir, t), tier_info(game, t));
    std::string name;
    std::uint64_t slots = 0;
    for (std::uint32_t t : group.tiers) {
      if (!name.empty()) name += '+';
      name += game.tier_name(t);
      slots += game.tier_size(t);
    }
    if (complete) {
      ++report.groups_skipped;
      progress.group_done(slots, false);
      continue;
    }
    progress.group(name, slots);
    for (std::uint32_t d : group.dependencies) {
      if (!held.count(d)) {
        progress.stage("reading tier " + game.tier_name(d));
        held[d] = read_tier_file(tier_file_path(game, options.dir, d), tier_info(game, d));
      }
      solved[d] = held[d].data();
    }
    GroupSolver<G> solver(game, group.tiers, solved, options.threads, &progress);
    std::vector<std::vector<Value>> values = solver.solve();
    for (std::size_t k = 0; k < group.tiers.size(); ++k) {
      const std::uint32_t t = group.tiers[k];
      progress.stage("writing tier " + game.tier_name(t));
      write_tier_file(tier_file_path(game, options.dir, t), tier_info(game, t), values[k], write);
      if (last_reader[t] > g) held[t] = std::move(values[k]);
    }
    for (auto it = held.begin(); it != held.end();) {
      if (last_reader[it->first] <= g) {
        solved[it->first] = nullptr;
        it = held.erase(it);
      } else {
        ++it;
      }
    }
    ++report.groups_solved;
    report.slots_solved += slots;
    progress.group_done(slots, true);
  }
  progress.done();
  report.seconds = progress.elapsed_seconds();
  return report;
}

}  // namespace rtb
