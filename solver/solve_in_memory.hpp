#pragma once
// Solves a game's tier groups in order and keeps every value in memory: for
// tests and benchmarks, where files would only get in the way.
#include <cstdint>
#include <functional>
#include <vector>

#include "solver/generate.hpp"
#include "solver/retrograde.hpp"

namespace rtb {

// Values by tier id; tiers outside `wanted` (and not needed by it) stay empty.
template <RetrogradeGame G>
std::vector<std::vector<Value>> solve_in_memory(const G& game, int threads,
                                                const std::function<bool(std::uint32_t)>& wanted = {}) {
  const std::vector<TierGroup> groups = game_solve_order(game);
  const std::vector<bool> needed = needed_groups(groups, game.tier_count(), wanted);
  std::vector<std::vector<Value>> values(game.tier_count());
  SolvedTierValues solved(game.tier_count(), nullptr);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (!needed[g]) continue;
    GroupSolver<G> solver(game, groups[g].tiers, solved, threads);
    std::vector<std::vector<Value>> result = solver.solve();
    for (std::size_t k = 0; k < groups[g].tiers.size(); ++k) {
      const auto t = groups[g].tiers[k];
      values[t] = std::move(result[k]);
      solved[t] = values[t].data();
    }
  }
  return values;
}

}  // namespace rtb
