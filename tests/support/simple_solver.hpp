#pragma once
// A second solver, deliberately simple, to check the engine against: plain
// value iteration over every slot of a tier group, with no predecessors and
// no counters. It shares nothing with solver/retrograde.hpp but the value
// encoding; it asks the game only for moves, positions and indexes.
//
// Rounds go by distance. Before round d every position whose distance is
// below d is decided, and only those. Round d then decides exactly the
// positions at distance d, straight from docs/rules.md:
//   d even: LOSS in d when every move leads to a child that is decided and
//           a WIN for the opponent (so no move at all is LOSS in 0);
//   d odd:  WIN in d when some move leads to a child that is LOSS in d - 1.
// A position decided in round d cannot change what round d decides for
// another one (a LOSS in d is not a win, a WIN in d is not a LOSS in d - 1),
// so each round may update in place. Once d is two past the longest distance
// known anywhere (in the group or in an earlier tier), no later round can
// decide anything; what is left undecided is a DRAW.
//
// Every slot is computed from its own position, aliases included, so this
// also checks that an alias slot gets its canonical slot's value.
#include <algorithm>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "solver/value.hpp"

namespace rtb::simple {

// Values of tiers solved before, by tier id.
using KnownTiers = std::map<std::uint32_t, std::vector<Value>>;

template <class G>
std::vector<std::vector<Value>> solve_group(const G& game, const std::vector<std::uint32_t>& tiers,
                                            const KnownTiers& known) {
  // Every slot of the group gets a place in one flat array.
  std::map<std::uint32_t, std::uint64_t> offset_of_tier;
  std::uint64_t slots = 0;
  for (std::uint32_t t : tiers) {
    offset_of_tier[t] = slots;
    slots += game.tier_size(t);
  }

  // A child is either a place in the flat array or a value known already
  // (a lost child, or a child in an earlier tier), marked by kKnownValue.
  constexpr std::uint64_t kKnownValue = std::uint64_t{1} << 63;
  std::vector<std::uint64_t> first_child(slots + 1, 0);
  std::vector<std::uint64_t> children;
  unsigned longest_known = 0;
  std::uint64_t slot = 0;
  for (std::uint32_t t : tiers) {
    for (std::uint64_t i = 0; i < game.tier_size(t); ++i, ++slot) {
      first_child[slot] = children.size();
      const auto p = game.position(t, i);
      if (game.is_lost(p)) throw std::logic_error("a tier holds a position that is over already");
      game.for_each_move(p, [&](const auto&, const auto& child) {
        if (game.is_lost(child)) {
          children.push_back(kKnownValue | make_value(0));
          return;
        }
        const std::uint32_t child_tier = game.tier_of(child);
        const std::uint64_t child_index = game.index(child);
        if (const auto in_group = offset_of_tier.find(child_tier); in_group != offset_of_tier.end()) {
          children.push_back(in_group->second + child_index);
          return;
        }
        const auto solved = known.find(child_tier);
        if (solved == known.end())
          throw std::logic_error("a move leads to tier " + game.tier_name(child_tier) + ", which is not solved");
        const Value v = solved->second.at(child_index);
        if (!is_draw(v)) longest_known = std::max(longest_known, distance_of(v));
        children.push_back(kKnownValue | v);
      });
    }
  }
  first_child[slots] = children.size();

  std::vector<Value> value(slots, kDraw);
  std::vector<bool> decided(slots, false);
  // The child's value, or false while it is undecided.
  auto child_value = [&](std::uint64_t c, Value& v) {
    if (c & kKnownValue) {
      v = static_cast<Value>(c & 0xFFFF);
      return true;
    }
    v = value[c];
    return static_cast<bool>(decided[c]);
  };

  std::vector<std::uint64_t> undecided(slots);
  for (std::uint64_t s = 0; s < slots; ++s) undecided[s] = s;
  for (unsigned d = 0; d <= longest_known + 1 && !undecided.empty(); ++d) {
    std::vector<std::uint64_t> still;
    for (std::uint64_t s : undecided) {
      bool decide = false;
      if (d % 2 == 0) {
        decide = true;
        unsigned longest_child = 0;
        for (std::uint64_t c = first_child[s]; c < first_child[s + 1] && decide; ++c) {
          Value v;
          decide = child_value(children[c], v) && is_win(v) && distance_of(v) < d;
          if (decide) longest_child = std::max(longest_child, distance_of(v));
        }
        // A LOSS whose longest child is shorter would have been decided in
        // an earlier round.
        if (decide && first_child[s] != first_child[s + 1] && longest_child + 1 != d)
          throw std::logic_error("simple solver: a loss was found late");
      } else {
        for (std::uint64_t c = first_child[s]; c < first_child[s + 1] && !decide; ++c) {
          Value v;
          decide = child_value(children[c], v) && is_loss(v) && distance_of(v) == d - 1;
        }
      }
      if (decide) {
        value[s] = make_value(d);
        decided[s] = true;
        longest_known = std::max(longest_known, d);
      } else {
        still.push_back(s);
      }
    }
    undecided.swap(still);
  }

  std::vector<std::vector<Value>> out;
  for (std::uint32_t t : tiers) {
    const std::uint64_t begin = offset_of_tier[t];
    out.emplace_back(value.begin() + static_cast<std::ptrdiff_t>(begin),
                     value.begin() + static_cast<std::ptrdiff_t>(begin + game.tier_size(t)));
  }
  return out;
}

}  // namespace rtb::simple
