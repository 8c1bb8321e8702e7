#pragma once
// BoundedSearch's table of proven facts ("wins within d", "does not lose
// within d"), of a size fixed when it is made, as ExactSearch's
// transposition table is (search/transposition_table.hpp): a session that
// searches for hours (rtb serve, a Python Tablebase, rtb play) keeps its
// memory flat (issue 28: the unordered_map it replaces grew by about 10 MB a
// 5-second search, for ever). A fact lost to a collision is only found again;
// a fact found is always true, so the table may forget but never lie.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>

namespace rtb::search_detail {

// What is proven about a position, in plies: it wins within `win` (0: not
// known to), does not win within `no_win`; the same for losses.
struct Facts {
  std::uint16_t win = 0, no_win = 0, loss = 0, no_loss = 0;
  unsigned depth() const { return std::max({win, no_win, loss, no_loss}); }
};

// Buckets of two, keyed by a nonzero 64-bit key: the first slot keeps the
// deeper facts (the costlier to find again), the second takes whatever comes.
class FactsTable {
 public:
  // Every entry is written (empty) now: the table is resident from the
  // first search on, rather than growing page by page over the first
  // searches (a long-lived session's memory is then flat after its first).
  explicit FactsTable(std::size_t entries)
      : count_(std::bit_ceil(std::max<std::size_t>(entries / 2, 512))),
        shift_(64 - std::countr_zero(count_)),
        buckets_(std::make_unique<Bucket[]>(count_)) {}

  // The facts stored for key, or null.
  const Facts* find(std::uint64_t key) const {
    const Bucket& b = buckets_[slot_of(key)];
    for (const Entry& e : b.slot)
      if (e.key == key) return &e.facts;
    return nullptr;
  }

  // The facts for key, to be added to: the stored ones, or a fresh entry in
  // place of the shallower of the two (which is forgotten).
  Facts& at(std::uint64_t key) {
    Bucket& b = buckets_[slot_of(key)];
    for (Entry& e : b.slot)
      if (e.key == key) return e.facts;
    // The new entry goes second; it moves to the first slot only once it is
    // deeper (update() below), so a flood of shallow facts cannot evict a deep one.
    b.slot[1] = Entry{key, {}};
    return b.slot[1].facts;
  }

  // After `at(key)` was written: keeps the deeper entry of the bucket first.
  void update(std::uint64_t key) {
    Bucket& b = buckets_[slot_of(key)];
    if (b.slot[1].key == key && b.slot[1].facts.depth() >= b.slot[0].facts.depth()) std::swap(b.slot[0], b.slot[1]);
  }

  std::size_t bytes() const { return count_ * sizeof(Bucket); }

 private:
  struct Entry {
    std::uint64_t key = 0;  // 0: empty
    Facts facts;
  };
  struct alignas(32) Bucket {
    Entry slot[2];
  };
  // Fibonacci hashing: the key times the golden ratio, top bits.
  std::size_t slot_of(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> shift_);
  }

  std::size_t count_;
  int shift_;
  std::unique_ptr<Bucket[]> buckets_;
};

}  // namespace rtb::search_detail
