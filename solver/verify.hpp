#pragma once
// Proves stored values from their successors: every slot's value must equal
// the value its children give it (solver/one_step.hpp). With exact distances
// this one-step condition has a single solution, the true values, so a table
// that passes it everywhere is right.
#include <omp.h>

#include <atomic>
#include <cstdint>
#include <vector>

#include "solver/game_concept.hpp"
#include "solver/one_step.hpp"
#include "solver/retrograde.hpp"
#include "solver/value.hpp"

namespace rtb {

struct TierCheck {
  std::uint64_t checked = 0, wrong = 0;
  std::uint64_t first_wrong_slot = 0;
  Value stored = 0, expected = 0;  // at the first wrong slot
};

// `values` must hold the tier itself and every tier a move from it reaches.
template <RetrogradeGame G>
TierCheck check_tier(const G& game, typename G::TierId tier, const SolvedTierValues& values, int threads) {
  const Value* own = values[tier];
  const std::int64_t size = static_cast<std::int64_t>(game.tier_size(tier));
  std::atomic<std::uint64_t> wrong{0};
  std::uint64_t first = ~std::uint64_t{0};
  auto expected_at = [&](std::uint64_t slot) {
    return value_from_children(game, game.position(tier, slot), [&](const typename G::Position& child) {
      return values[game.tier_of(child)][game.index(child)];
    });
  };
#pragma omp parallel for num_threads(std::max(1, threads)) schedule(dynamic, 4096) reduction(min : first)
  for (std::int64_t i = 0; i < size; ++i) {
    if (expected_at(static_cast<std::uint64_t>(i)) != own[i]) {
      wrong.fetch_add(1, std::memory_order_relaxed);
      first = std::min(first, static_cast<std::uint64_t>(i));
    }
  }
  TierCheck check;
  check.checked = static_cast<std::uint64_t>(size);
  check.wrong = wrong.load();
  if (check.wrong) {
    check.first_wrong_slot = first;
    check.stored = own[first];
    check.expected = expected_at(first);
  }
  return check;
}

}  // namespace rtb
