#pragma once
// Counting a game's stored values: WIN, LOSS and DRAW per tier (positions
// and classes under symmetry) and the longest win and loss with a position
// that attains each, as one report that every front end words its own way
// (`rtb stats`, rtb::stats, Python's rtb.stats).
//
// Every selected tier's file is opened before any is counted, so that a
// missing or half-written folder is an error before any figure is given.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "service/tier_loading.hpp"
#include "solver/tier_stats.hpp"

namespace rtb {

struct StatsOptions {
  std::filesystem::path dir = "tb";
  int threads = 1;
  std::function<bool(std::uint32_t)> wanted;  // tiers to count; empty = all
};

// One tier's counts, with the positions of its longest win and loss in the
// game's text ("" where it has none).
struct TierCounts {
  std::uint32_t tier = 0;
  std::string name;
  TierStats stats;
  std::string longest_win_position, longest_loss_position;
};

struct StatsReport {
  std::vector<TierCounts> tiers;  // in tier order
  TierStats total;                // the sums; of its longest win and loss only the plies mean anything
};

// Counts the selected tiers of `game` in options.dir. `counted` (when not
// empty) is told of each tier as it is done, for a caller that shows
// progress. MissingTables for a missing file, TablebaseError for a damaged
// one, before anything is counted where the damage is in a header.
template <class G>
StatsReport count_values(const G& game, const StatsOptions& options,
                         const std::function<void(const TierCounts&)>& counted = {}) {
  std::vector<std::uint32_t> tiers;
  for (std::uint32_t t = 0; t < game.tier_count(); ++t)
    if (!options.wanted || options.wanted(t)) tiers.push_back(t);
  for (const std::uint32_t t : tiers) check_tier_readable(game, options.dir, t);
  StatsReport report;
  for (const std::uint32_t t : tiers) {
    TierCounts row;
    row.tier = t;
    row.name = game.tier_name(t);
    row.stats = tier_stats(game, t, load_tier(game, options.dir, t, options.threads), options.threads);
    const auto example = [&](const TierStats::Longest& l) {
      return l.any ? game.format(game.position(t, l.slot)) : std::string();
    };
    row.longest_win_position = example(row.stats.longest_win);
    row.longest_loss_position = example(row.stats.longest_loss);
    report.total.add(row.stats);
    report.tiers.push_back(std::move(row));
    if (counted) counted(report.tiers.back());
  }
  return report;
}

}  // namespace rtb
