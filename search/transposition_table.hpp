#pragma once
// The searches' transposition table, and the integer scores alpha-beta
// compares values by.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <new>
#include <stdexcept>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>  // madvise, for huge pages
#endif

#include "search/bounds.hpp"
#include "solver/value.hpp"

namespace rtb {

namespace search_detail {

// Values as integers whose order is better_for_mover's, so that alpha-beta
// can compare them and bound them: a win in d is kMate - d, a loss in d is
// d - kMate, a draw is 0. Window bounds may also lie just beyond the valid
// scores (up to kInfinity), which stand for "better than WIN in 1" or "worse
// than LOSS in 0".
inline constexpr int kMate = 1 << 16;
inline constexpr int kInfinity = kMate + 2;
static_assert(kMate > static_cast<int>(kMaxDistance) + 2);

constexpr int score(Value v) {
  if (is_draw(v)) return 0;
  const int d = static_cast<int>(distance_of(v));
  return is_win(v) ? kMate - d : d - kMate;
}

constexpr Value value_of(int s) {
  if (s == 0) return kDraw;
  return make_value(static_cast<unsigned>(s > 0 ? kMate - s : s + kMate));
}

// The parent's score from a child's: value_through_move on scores. It is
// strictly decreasing, which is what lets a window pass through a move.
constexpr int through(int child) { return child > 0 ? 1 - child : child < 0 ? -child - 1 : 0; }

// The child window bound that matches a parent bound: for every valid child
// score c, through(c) > bound exactly when c < child_bound(bound).
constexpr int child_bound(int bound) {
  if (bound >= kInfinity) return -kInfinity;
  if (bound <= -kInfinity) return kInfinity;
  return bound > 0 ? -bound - 1 : bound < 0 ? 1 - bound : 0;
}

static_assert(through(score(make_value(0))) == score(win_in(1)));
static_assert(through(score(win_in(5))) == score(loss_in(6)));
static_assert(child_bound(score(win_in(3))) == score(loss_in(2)));
static_assert(child_bound(score(loss_in(4))) == score(win_in(3)));
static_assert(value_of(score(loss_in(10))) == loss_in(10) && value_of(score(win_in(7))) == win_in(7));

// Bounds on positions, keyed by a nonzero 64-bit key, in buckets of two: the
// first keeps the entry whose subtree cost the most nodes, the second takes
// whatever comes, so a flood of cheap entries cannot evict costly proofs.
class TranspositionTable {
 public:
  struct Entry {
    std::uint64_t key = 0;  // 0: empty
    Value lower = 0, upper = 0;
    std::uint8_t work = 0;  // bit width of the nodes spent proving the bounds
  };

  explicit TranspositionTable(std::size_t entries)
      : count_(std::bit_ceil(std::max<std::size_t>(entries / 2, 1024))),
        shift_(64 - std::countr_zero(count_)),
        buckets_(allocate(count_)) {}

  // Starts loading a key's bucket into the cache, for a find soon after:
  // the table is far larger than the caches, and a search looks up all the
  // children of a node at once.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[slot_of(key)]); }

  const Entry* find(std::uint64_t key) const {
    const Bucket& b = buckets_[slot_of(key)];
    for (const Entry& e : b.slot)
      if (e.key == key) return &e;
    return nullptr;
  }

  void store(std::uint64_t key, ValueBounds bounds, std::uint64_t nodes_spent) {
    Bucket& b = buckets_[slot_of(key)];
    const Entry fresh{key, bounds.lower, bounds.upper, static_cast<std::uint8_t>(std::bit_width(nodes_spent))};
    for (Entry& e : b.slot) {
      if (e.key != key) continue;
      e = Entry{key, bounds.lower, bounds.upper, std::max(e.work, fresh.work)};
      return;
    }
    if (fresh.work >= b.slot[0].work) {
      b.slot[1] = b.slot[0];
      b.slot[0] = fresh;
    } else {
      b.slot[1] = fresh;
    }
  }

  std::size_t bytes() const { return count_ * sizeof(Bucket); }

 private:
  struct alignas(32) Bucket {
    Entry slot[2];
  };
  struct Free {
    void* block;
    void operator()(Bucket*) const { std::free(block); }
  };

  // Zeroed buckets, on huge pages where the system gives them on request:
  // nearly every lookup misses the caches, and with 4 KB pages the TLB too.
  // calloc leaves a large block's pages untouched until used, so a short
  // search does not pay for the whole table.
  static std::unique_ptr<Bucket[], Free> allocate(std::size_t count) {
    constexpr std::size_t kHugePage = std::size_t{2} << 20;
    const std::size_t bytes = count * sizeof(Bucket);
    void* block = std::calloc(bytes + kHugePage, 1);
    if (!block) throw std::bad_alloc();
    const auto address = (reinterpret_cast<std::uintptr_t>(block) + kHugePage - 1) / kHugePage * kHugePage;
#ifdef MADV_HUGEPAGE
    madvise(reinterpret_cast<void*>(address), bytes / kHugePage * kHugePage, MADV_HUGEPAGE);  // a hint only
#endif
    return std::unique_ptr<Bucket[], Free>(reinterpret_cast<Bucket*>(address), Free{block});
  }

  // Fibonacci hashing: the key's slot index times the golden ratio, top bits.
  std::size_t slot_of(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> shift_);
  }

  std::size_t count_;
  int shift_;
  std::unique_ptr<Bucket[], Free> buckets_;
};

}  // namespace search_detail

}  // namespace rtb
