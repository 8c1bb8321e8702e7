#pragma once
// The two packed words of the retrograde solver (solver/retrograde.hpp), with
// their fields named and their limits stated; the solver checks each limit
// where real input can reach it and says which one was exceeded.
//
// The state word: 16 bits a slot while its group is solved.
//   top bit clear: resolved, the final Value (distance + 1, at most
//                  kMaxDistance + 1 = 0x7FFF, so the top bit stays clear);
//   top bit set:   unresolved, with
//                    bits 0-6:  the count of distinct in-group children not yet
//                               known to be wins for the opponent, plus one
//                               "blocker" when a move leaving the group draws
//                               or wins: at most kMaxCount = 127;
//                    bits 7-14: the longest out-of-group win of a child, in
//                               plies: at most kMaxOutWin = 254 (255 with a
//                               full count would read as an alias);
//   0xFFFF:        an alias slot (see TwoSetIndexer), copied at the end.
//
// The slot key: 64 bits naming a slot of the group, the group-local tier
// index in the top 24 bits and the slot in the low 40: a tier holds at most
// 2^40 slots and a group at most 2^24 tiers.
#include <cstddef>
#include <cstdint>

#include "solver/value.hpp"

namespace rtb {

namespace state_word {

using Word = std::uint16_t;

inline constexpr Word kUnresolvedBit = 0x8000;
inline constexpr unsigned kCountBits = 7;
inline constexpr unsigned kMaxCount = (1u << kCountBits) - 1;
inline constexpr unsigned kOutWinShift = kCountBits;
inline constexpr unsigned kOutWinBits = 8;
inline constexpr unsigned kMaxOutWin = (1u << kOutWinBits) - 2;
inline constexpr Word kAlias = 0xFFFF;
// Before set-up: unresolved, nothing counted yet.
inline constexpr Word kUnresolved = kUnresolvedBit;

constexpr bool is_unresolved(Word w) { return (w & kUnresolvedBit) != 0; }  // true for aliases too
constexpr unsigned count_of(Word w) { return w & kMaxCount; }
constexpr unsigned longest_out_win_of(Word w) { return (w >> kOutWinShift) & ((1u << kOutWinBits) - 1); }
// An unresolved word; the caller keeps count <= kMaxCount and
// longest_out_win <= kMaxOutWin.
constexpr Word pending(unsigned longest_out_win, unsigned count) {
  return static_cast<Word>(kUnresolvedBit | (longest_out_win << kOutWinShift) | count);
}

static_assert(kOutWinShift + kOutWinBits == 15, "the fields fill the bits below the top one");
static_assert(pending(kMaxOutWin, kMaxCount) != kAlias, "no unresolved word reads as an alias");
static_assert(!is_unresolved(make_value(kMaxDistance)), "every value fits below the top bit");

}  // namespace state_word

namespace slot_key {

using Key = std::uint64_t;

inline constexpr unsigned kSlotBits = 40;
inline constexpr std::uint64_t kMaxSlots = std::uint64_t{1} << kSlotBits;  // slots a tier may have
inline constexpr std::uint64_t kMaxGroupTiers = std::uint64_t{1} << (64 - kSlotBits);

constexpr Key make(std::size_t local_tier, std::uint64_t slot) {
  return (static_cast<Key>(local_tier) << kSlotBits) | slot;
}
constexpr std::size_t local_tier_of(Key k) { return static_cast<std::size_t>(k >> kSlotBits); }
constexpr std::uint64_t slot_of(Key k) { return k & (kMaxSlots - 1); }

}  // namespace slot_key

}  // namespace rtb
