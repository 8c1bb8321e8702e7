#pragma once
// The byte walk's state (solver/retrograde.hpp, Walk::Byte): one byte a slot
// while a group is solved, where the 16-bit state word (state_word.hpp) and
// the lean walk's waiting byte took three. As Gasser's and Malom's solvers
// do, values and counts share the 256 codes of the byte, because a resolved
// position needs no count; what the byte cannot hold is kept aside or found
// again when needed.
//
//   0 ..  204  the distance to the end in plies (the value is
//              make_value(code)): resolved, or, for a win by a move leaving
//              the group, written at set-up and made earlier if a child is
//              lost before it; 204 is the longest distance of any game
//              solved so far (Nine Men's Morris's longest loss);
//   205 .. 252 unresolved, no move leaving the group draws or wins: the
//              count of in-group children not yet known to be wins for the
//              opponent, 1 to 48, as kCountBase - code;
//   253        the same with a count above 48, kept in a table aside
//              (BigCounts below);
//   254        unresolved and never lost: a move leaving the group draws;
//   255        an alias slot (see TwoSetIndexer), copied at the end.
//
// What the 16-bit word and the lean walk's waiting byte kept besides, and
// the byte does not:
//   - the longest win of a move leaving the group, which delays a loss: a
//     bit a slot says whether there is one, and it is found again from the
//     position's moves when its count reaches zero;
//   - the level a position waits for: a position whose value is known, or
//     bounded by a win leaving the group, before its level gets that code at
//     once, and its chunk is noted for the level (ChunkLevels below), whose
//     scan finds it.
// A group that needs a distance above 204 does not fit: the engine solves
// it again with the lean walk (state_word.hpp), with the same values.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "solver/value.hpp"

namespace rtb::state_byte {

using Code = std::uint8_t;

inline constexpr unsigned kMaxDistance = 204;
inline constexpr Code kFirstUnresolved = kMaxDistance + 1;
inline constexpr Code kBigCount = 253;
inline constexpr Code kBlocked = 254;
inline constexpr Code kAlias = 255;
inline constexpr unsigned kCountBase = kBigCount;  // count c is code kCountBase - c
inline constexpr unsigned kMaxCount = kCountBase - kFirstUnresolved;

constexpr bool is_unresolved(Code c) { return c >= kFirstUnresolved; }  // true for aliases too
constexpr Code counted(unsigned count) { return static_cast<Code>(kCountBase - count); }
constexpr Code resolved(unsigned distance) { return static_cast<Code>(distance); }
// The value a code leaves in the files: unresolved codes are draws. Aliases
// are copied before this is asked.
constexpr Value value_of(Code c) { return is_unresolved(c) ? kDraw : make_value(c); }
static_assert(make_value(kMaxDistance) < 256, "every value of the byte walk fits a byte");

static_assert(kMaxCount == 48 && counted(kMaxCount) == kFirstUnresolved && counted(1) == kBigCount - 1);

// The counts above kMaxCount, by slot key, sorted once the set-up is done;
// any thread may take one from a count.
class BigCounts {
 public:
  struct Entry {
    std::uint64_t key;
    std::uint32_t count;
  };
  // Joins entries gathered by the set-up's threads; then sort() before use.
  void add(std::vector<Entry>& more) {
    entries_.insert(entries_.end(), more.begin(), more.end());
    std::vector<Entry>().swap(more);
  }
  void sort() {
    std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) { return a.key < b.key; });
  }
  // Takes one from key's count and returns what is left.
  std::uint32_t count_down(std::uint64_t key) {
    const auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                                     [](const Entry& e, std::uint64_t k) { return e.key < k; });
    return std::atomic_ref<std::uint32_t>(it->count).fetch_sub(1, std::memory_order_relaxed) - 1;
  }
  std::size_t size() const { return entries_.size(); }
  void clear() { std::vector<Entry>().swap(entries_); }
  // The entries as they are, for a walk saved and loaded whole
  // (solver/walk_checkpoint.hpp).
  std::vector<Entry>& entries() { return entries_; }

 private:
  std::vector<Entry> entries_;
};

// For each level up to kMaxDistance, a bit a chunk of slots: the chunk holds
// a code of that level written before it, which the walk before it did not
// mark. One bit a chunk a level: 205 bits a chunk of 1024 slots, 0.025
// bytes a slot. Any thread may set a bit; the walk reads and clears a
// level's bits between levels.
class ChunkLevels {
 public:
  void reset(std::size_t chunks) {
    words_ = (chunks + 63) / 64;
    bits_.assign(words_ * (kMaxDistance + 1), 0);
    any_.fill(0);
  }
  void note(unsigned level, std::size_t chunk) {
    std::uint64_t& word = bits_[level * words_ + chunk / 64];
    const std::uint64_t bit = std::uint64_t{1} << (chunk % 64);
    if (!(std::atomic_ref<std::uint64_t>(word).load(std::memory_order_relaxed) & bit))
      std::atomic_ref<std::uint64_t>(word).fetch_or(bit, std::memory_order_relaxed);
    std::uint64_t& any = any_[level / 64];
    const std::uint64_t level_bit = std::uint64_t{1} << (level % 64);
    if (!(std::atomic_ref<std::uint64_t>(any).load(std::memory_order_relaxed) & level_bit))
      std::atomic_ref<std::uint64_t>(any).fetch_or(level_bit, std::memory_order_relaxed);
  }
  // Whether any chunk is noted for `level`, or for a level after it.
  bool any_at(unsigned level) const { return level <= kMaxDistance && (any_[level / 64] >> (level % 64)) & 1; }
  bool any_after(unsigned level) const {
    for (unsigned l = level + 1; l <= kMaxDistance; ++l)
      if (any_at(l)) return true;
    return false;
  }
  // The words of `level`'s bits, chunk c at bit c % 64 of word c / 64; the
  // caller clears them as it takes them, then calls done(level).
  std::uint64_t* level_words(unsigned level) { return bits_.data() + level * words_; }
  std::size_t words() const { return words_; }
  void done(unsigned level) { any_[level / 64] &= ~(std::uint64_t{1} << (level % 64)); }
  void clear() { std::vector<std::uint64_t>().swap(bits_); }
  // The bits and the levels that have any, for a walk saved and loaded
  // whole (solver/walk_checkpoint.hpp).
  std::vector<std::uint64_t>& bit_words() { return bits_; }
  std::array<std::uint64_t, (kMaxDistance + 64) / 64>& levels_noted() { return any_; }

 private:
  std::size_t words_ = 0;
  std::vector<std::uint64_t> bits_;
  std::array<std::uint64_t, (kMaxDistance + 64) / 64> any_{};
};

}  // namespace rtb::state_byte
