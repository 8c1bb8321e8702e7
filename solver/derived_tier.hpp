#pragma once
// Derived tiers: a tier whose values are not stored because each is one move
// from tiers that are (a game's DerivesTiers hook names them, tier files mark
// them: tablebases/tier_file.hpp). Nine Men's Morris's movement tiers come in
// pairs whose every move crosses to the partner or captures into a tier
// solved before; storing the partner where the mover has fewer stones (and
// the tiers of equal count) and deriving the other keeps 1.89 of the 3.21 GB
// of its mid- and endgame. A reader pays with one ply: a query's position
// probes each of its children, a whole tier (for solving the tiers above it,
// verify and stats) is one pass as fast as verify's.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "solver/game_concept.hpp"
#include "solver/one_step_pass.hpp"
#include "solver/retrograde.hpp"
#include "solver/value.hpp"

namespace rtb {

// Which tiers `generate --derive-tiers` leaves without values: the game's
// choice, checked against the promise (no move from a derived tier stays in
// it or reaches another derived tier), so that one ply from any derived tier
// reaches stored values only. std::logic_error names a broken promise.
template <RetrogradeGame G>
std::vector<bool> derived_tiers(const G& game) {
  std::vector<bool> derived(game.tier_count(), false);
  if constexpr (DerivesTiers<G>) {
    for (std::uint32_t t = 0; t < game.tier_count(); ++t) derived[t] = game.may_derive_tier(t);
    for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
      if (!derived[t]) continue;
      for (const auto next : game.tier_successors(t))
        if (derived[next])
          throw std::logic_error(game.name() + ": derived tier " + game.tier_name(t) + " leads to " +
                                 (next == t ? "itself" : "derived tier " + game.tier_name(next)));
    }
  }
  return derived;
}

// Whether the game has any tier `--derive-tiers` would derive.
template <RetrogradeGame G>
bool derives_any_tier(const G& game) {
  for (bool d : derived_tiers(game))
    if (d) return true;
  return false;
}

// The values of a derived tier, each one move from its children's: `values`
// must hold every tier a move from `tier` reaches (game.tier_successors).
template <RetrogradeGame G>
std::vector<Value> derive_tier(const G& game, typename G::TierId tier, const SolvedTierValues& values, int threads,
                               const SlotsDone& slots_done = {}) {
  std::vector<Value> out(game.tier_size(tier));
  for_each_one_step_value(
      game, tier, values, threads, 1, [&](std::uint64_t slot, Value v) { out[slot] = v; }, slots_done);
  return out;
}

// The values of a derived tier, the tiers its moves reach read by
// load(tier), which returns them as a shared pointer to a SolvedTier (the
// file store, or the whole-tier reader of stats): one place for what both do.
template <RetrogradeGame G, class Load>
std::vector<Value> derive_tier_loading(const G& game, typename G::TierId tier, int threads, Load&& load) {
  SolvedTierValues successors(game.tier_count(), nullptr);
  std::vector<std::shared_ptr<const SolvedTier>> held;
  for (const auto next : game.tier_successors(tier)) {
    if (successors[next]) continue;
    held.push_back(load(next));
    successors[next] = held.back()->view();
  }
  return derive_tier(game, tier, successors, threads);
}

}  // namespace rtb
