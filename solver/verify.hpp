#pragma once
// Proves stored values from their successors: every slot's value must equal
// the value its children give it (solver/one_step.hpp). With exact distances
// this one-step condition has a single solution, the true values, so a table
// that passes it everywhere is right.
//
// Two ways to compute "the value its children give it": the general one
// (position, for_each_move, index: the rules as every game states them), and,
// for a lone tier of a game that solves such tiers itself (SolvesLoneTiers:
// Bagh-Chal's placement tiers), that game's own walk over the tier, which
// computes the same one-step value for every slot from the successors' stored
// values many times faster. The walk is then checked against the general
// path on an even sample of each tier's slots, so it is never its own only
// judge.
#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "solver/game_concept.hpp"
#include "solver/one_step.hpp"
#include "solver/one_step_pass.hpp"
#include "solver/retrograde.hpp"
#include "solver/value.hpp"

namespace rtb {

struct TierCheck {
  std::uint64_t checked = 0, wrong = 0;
  std::uint64_t first_wrong_slot = 0;
  Value stored = 0, expected = 0;  // at the first wrong slot
  bool by_walk = false;            // every slot by the game's own walk
  std::uint64_t general = 0;       // slots (also) checked the general way
};

// General: every slot through the general move generator. Walk: the caller
// vouches that the tier is a group of its own (no move re-enters it, solved
// in one pass); a game that solves such tiers itself then walks it.
enum class CheckMethod { General, Walk };

// Slots of a walked tier also checked the general way: about a second a tier.
inline constexpr std::uint64_t kGeneralSampleSlots = 1 << 20;

namespace verify_detail {

// Checks the slots first, first + stride, ... the general way; counts into
// check, and tells slots_done (when not empty) of each run of slots checked.
template <RetrogradeGame G>
void check_generally(const G& game, typename G::TierId tier, const SolvedTierValues& values, int threads,
                     std::uint64_t stride, TierCheck& check, const SlotsDone& slots_done = {}) {
  const TierView own = values[tier];
  auto expected_at = [&](std::uint64_t slot) {
    return value_from_children(game, game.position(tier, slot), [&](const typename G::Position& child) {
      return values[game.tier_of(child)][game.index(child)];
    });
  };
  std::atomic<std::uint64_t> wrong{0};
  std::atomic<std::uint64_t> first{~std::uint64_t{0}};
  for_each_one_step_value(
      game, tier, values, threads, stride,
      [&](std::uint64_t slot, Value expected) {
        if (expected == own[slot]) return;
        wrong.fetch_add(1, std::memory_order_relaxed);
        std::uint64_t seen = first.load(std::memory_order_relaxed);
        while (slot < seen && !first.compare_exchange_weak(seen, slot, std::memory_order_relaxed)) {
        }
      },
      slots_done);
  check.general = (game.tier_size(tier) + stride - 1) / stride;
  if (wrong.load() && (!check.wrong || first.load() < check.first_wrong_slot)) {
    check.first_wrong_slot = first.load();
    check.stored = own[check.first_wrong_slot];
    check.expected = expected_at(check.first_wrong_slot);
  }
  check.wrong = std::max<std::uint64_t>(check.wrong, wrong.load());
}

}  // namespace verify_detail

// `values` must hold the tier itself and every tier a move from it reaches.
// slots_done (when not empty) is told of the slots checked as the check goes,
// until the calls add up to the tier's size (the walk's general sample is
// not counted again).
template <RetrogradeGame G>
TierCheck check_tier(const G& game, typename G::TierId tier, const SolvedTierValues& values, int threads,
                     CheckMethod method = CheckMethod::General, const SlotsDone& slots_done = {}) {
  TierCheck check;
  check.checked = game.tier_size(tier);
  if constexpr (SolvesLoneTiers<G>) {
    if (method == CheckMethod::Walk && solved_in_one_pass(game, std::array{tier})) {
      const TierView own = values[tier];
      const std::vector<Value> walked = game.solve_lone_tier(tier, values, threads, slots_done);
      for (std::uint64_t slot = 0; slot < walked.size(); ++slot)
        if (walked[slot] != own[slot] && check.wrong++ == 0) {
          check.first_wrong_slot = slot;
          check.stored = own[slot];
          check.expected = walked[slot];
        }
      check.by_walk = true;
      const std::uint64_t stride = std::max<std::uint64_t>(1, check.checked / kGeneralSampleSlots);
      verify_detail::check_generally(game, tier, values, threads, stride, check);
      return check;
    }
  }
  verify_detail::check_generally(game, tier, values, threads, 1, check, slots_done);
  return check;
}

}  // namespace rtb
