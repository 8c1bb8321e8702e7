#pragma once
// A tier group's moves taken backwards, for a game that cannot unmake its
// moves itself (no for_each_predecessor: GivesPredecessors in
// solver/game_concept.hpp). Crossings' seed reading is one: a move may remove
// formations anywhere on the board, so taking one back is no local rule (a
// seed-4x3 board has more than 27,000 predecessors). The engine builds the
// table from the game's forward moves before it walks a cyclic group
// (solver/retrograde.hpp) and frees it after the walk; `generate --plan`
// counts it (driver/resource_plan.hpp, with reverse_moves_bytes_of_group
// from the sample its forward walk's lists are sized from too).
//
// The layout: compressed rows, one a slot of the group.
//
//   number    a slot of the group, counted across its tiers in the group's
//             order: number = first[local tier] + slot
//             (solver/group_numbering.hpp).
//   first     std::uint64_t, one a tier of the group and then the group's
//             total: where each tier's numbers begin.
//   offsets   std::uint64_t, total + 1 entries: the parents of number n are
//             parents[offsets[n] .. offsets[n + 1]); offsets[total] is the
//             count of the group's in-group moves.
//   parents   Parent, one entry a move: the number of the slot it starts
//             from. Parent is std::uint32_t (all 32 bits the number) when the
//             group's numbers fit 32 bits, else std::uint64_t. Each list is
//             sorted ascending, so a parent listed twice (two moves from one
//             slot to another: two orders of removal that give one board, or
//             two moves whose children are images under a symmetry) sits next
//             to its twin.
//
// An in-group move starts from a canonical slot whose position is not lost
// (an alias slot, index(position(t, i)) != i, is nobody's parent and is never
// asked for its own) and leads to a child that is not lost and lies in a tier
// of the group. Memory: 8 bytes a slot and sizeof(Parent) a move
// (reverse_moves_bytes); nothing else is kept.
//
// The build walks the group's slots twice on `threads` OpenMP threads. The
// first walk counts each child's parents into offsets[child], which a prefix
// sum turns into where each list ends; the second writes each parent at its
// child's cursor, which counts down from the end of the list to its start, so
// that offsets holds the starts when it is done. Moves are found in any
// order, so each list is sorted last: the table is the same on any number of
// threads.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

#include "solver/game_concept.hpp"
#include "solver/group_numbering.hpp"
#include "solver/huge_pages.hpp"

namespace rtb {

// Group numbers up to this fit a 32-bit parent.
inline constexpr std::uint64_t kNarrowParentSlots = std::uint64_t{1} << 32;

// The bytes a table of `slots` slots and `moves` in-group moves takes, with
// parents of `parent_bytes` each, or of the width the build picks for them.
constexpr std::uint64_t reverse_moves_bytes(std::uint64_t slots, std::uint64_t moves, std::uint64_t parent_bytes) {
  return (slots + 1) * sizeof(std::uint64_t) + moves * parent_bytes;
}
constexpr std::uint64_t reverse_moves_bytes(std::uint64_t slots, std::uint64_t moves) {
  return reverse_moves_bytes(slots, moves, slots <= kNarrowParentSlots ? sizeof(std::uint32_t) : sizeof(std::uint64_t));
}

// The lists of one parent width (see the layout above).
template <class Parent>
struct ReverseMoveLists {
  std::vector<std::uint64_t> offsets;
  std::vector<Parent> parents;
  friend bool operator==(const ReverseMoveLists&, const ReverseMoveLists&) = default;
};

class ReverseMoves {
 public:
  // Builds the table of the group made of `tiers` (in the engine's order).
  // advance(n) says that n more slots were walked, from any thread: twice the
  // group's slots in all. A group of more than narrow_slots slots gets 64-bit
  // parents (tests lower it to try them). Replaces what the table held.
  template <RetrogradeGame G>
  void build(const G& game, const std::vector<typename G::TierId>& tiers, int threads,
             const std::function<void(std::uint64_t)>& advance = {}, std::uint64_t narrow_slots = kNarrowParentSlots) {
    clear();
    std::vector<std::uint64_t> slots_of_tier;
    for (const auto t : tiers) slots_of_tier.push_back(game.tier_size(t));
    numbering_ = GroupNumbering(slots_of_tier);
    wide_ = numbering_.total() > std::min(narrow_slots, kNarrowParentSlots);
    if (wide_) build_lists(game, tiers, std::max(1, threads), advance, wide_lists_);
    else build_lists(game, tiers, std::max(1, threads), advance, narrow_lists_);
  }

  // Calls f(local tier, slot) for each in-group move into slot `slot` of the
  // group's tier `local`, its parents in ascending order (by local tier, then
  // slot), a parent once a move. Returns whether they are pairwise distinct.
  template <class F>
  bool for_each_parent(std::size_t local, std::uint64_t slot, F&& f) const {
    const std::uint64_t number = numbering_.number(local, slot);
    return wide_ ? walk_list(wide_lists_, number, f) : walk_list(narrow_lists_, number, f);
  }

  std::uint64_t slots() const { return numbering_.total(); }
  std::uint64_t moves() const { return wide_ ? wide_lists_.parents.size() : narrow_lists_.parents.size(); }
  bool wide() const { return wide_; }
  std::uint64_t bytes() const {
    if (numbering_.empty()) return 0;
    return reverse_moves_bytes(slots(), moves(), wide_ ? sizeof(std::uint64_t) : sizeof(std::uint32_t));
  }

  // Frees the memory.
  void clear() {
    numbering_ = {};
    wide_ = false;
    narrow_lists_ = {};
    wide_lists_ = {};
  }

  friend bool operator==(const ReverseMoves&, const ReverseMoves&) = default;

 private:
  // Loops shorter than this run on one thread (as in the engine): waking the
  // team costs more than a small tier's walk.
  static constexpr std::int64_t kParallelFrom = 8192;
  // Progress is counted in the dynamic chunks of the slot loops.
  static constexpr std::int64_t kChunk = 4096;

  template <class Parent, class F>
  bool walk_list(const ReverseMoveLists<Parent>& lists, std::uint64_t number, F& f) const {
    const std::uint64_t begin = lists.offsets[number], end = lists.offsets[number + 1];
    std::size_t local = 0;  // sorted parents: their local tiers only go up
    bool distinct = true;
    for (std::uint64_t e = begin; e < end; ++e) {
      const std::uint64_t parent = lists.parents[e];
      distinct = distinct && (e == begin || parent != lists.parents[e - 1]);
      while (parent >= numbering_.first(local + 1)) ++local;
      f(local, parent - numbering_.first(local));
    }
    return distinct;
  }

  template <class G, class Parent>
  void build_lists(const G& game, const std::vector<typename G::TierId>& tiers, int threads,
                   const std::function<void(std::uint64_t)>& advance, ReverseMoveLists<Parent>& lists) {
    const std::uint64_t total = numbering_.total();
    std::vector<int> local_of_tier(game.tier_count(), -1);
    for (std::size_t k = 0; k < tiers.size(); ++k) local_of_tier[tiers[k]] = static_cast<int>(k);
    // Both arrays are reached at random: huge pages spare most TLB misses.
    assign_on_huge_pages(lists.offsets, total + 1);
    for_each_move_in_group(game, tiers, local_of_tier, threads, advance, [&](std::uint64_t child, std::uint64_t) {
      std::atomic_ref<std::uint64_t>(lists.offsets[child]).fetch_add(1, std::memory_order_relaxed);
    });
    std::uint64_t end = 0;  // offsets[total] counted nothing: it ends as the total
    for (std::uint64_t& n : lists.offsets) n = end += n;
    assign_on_huge_pages(lists.parents, end);
    for_each_move_in_group(
        game, tiers, local_of_tier, threads, advance, [&](std::uint64_t child, std::uint64_t parent) {
          const std::uint64_t at =
              std::atomic_ref<std::uint64_t>(lists.offsets[child]).fetch_sub(1, std::memory_order_relaxed);
          lists.parents[at - 1] = static_cast<Parent>(parent);
        });
    const std::int64_t size = static_cast<std::int64_t>(total);
#pragma omp parallel for num_threads(threads) schedule(dynamic, kChunk) if (size > kParallelFrom)
    for (std::int64_t n = 0; n < size; ++n)
      std::sort(lists.parents.begin() + static_cast<std::ptrdiff_t>(lists.offsets[n]),
                lists.parents.begin() + static_cast<std::ptrdiff_t>(lists.offsets[n + 1]));
  }

  // Calls on_move(child number, parent number) for every in-group move of
  // the group, from any thread, in no fixed order.
  template <class G, class OnMove>
  void for_each_move_in_group(const G& game, const std::vector<typename G::TierId>& tiers,
                              const std::vector<int>& local_of_tier, int threads,
                              const std::function<void(std::uint64_t)>& advance, const OnMove& on_move) const {
    using Position = typename G::Position;
    for (std::size_t local = 0; local < tiers.size(); ++local) {
      const auto tier = tiers[local];
      const std::int64_t size = static_cast<std::int64_t>(numbering_.first(local + 1) - numbering_.first(local));
#pragma omp parallel for num_threads(threads) schedule(dynamic, kChunk) if (size > kParallelFrom)
      for (std::int64_t s = 0; s < size; ++s) {
        const std::uint64_t slot = static_cast<std::uint64_t>(s);
        // Each chunk of kChunk slots (and the last, shorter one) is counted
        // once, by its last slot, whichever thread walks it.
        if (advance && ((s + 1) % kChunk == 0 || s + 1 == size)) advance(static_cast<std::uint64_t>(s % kChunk) + 1);
        const Position p = game.position(tier, slot);
        if (game.is_lost(p)) continue;
        if (is_alias_slot(game, tier, slot, p)) continue;
        const std::uint64_t parent = numbering_.number(local, slot);
        game.for_each_move(p, [&](const auto&, const Position& child) {
          if (game.is_lost(child)) return;
          const int child_local = local_of_tier[game.tier_of(child)];
          if (child_local >= 0)
            on_move(numbering_.number(static_cast<std::size_t>(child_local), game.index(child)), parent);
        });
      }
    }
  }

  GroupNumbering numbering_;
  bool wide_ = false;
  ReverseMoveLists<std::uint32_t> narrow_lists_;
  ReverseMoveLists<std::uint64_t> wide_lists_;
};

// The in-group moves of the group made of `tiers`, for the plan: estimated
// from `samples` slots drawn at random (a fixed seed: the same plan every
// time), each counted as the table's build counts it.
template <RetrogradeGame G>
double estimated_in_group_moves(const G& game, const std::vector<typename G::TierId>& tiers, int samples = 4096) {
  std::uint64_t total = 0;
  for (const auto t : tiers) total += game.tier_size(t);
  if (total == 0) return 0;
  std::vector<bool> in_group(game.tier_count(), false);
  for (const auto t : tiers) in_group[t] = true;
  std::mt19937_64 rng(20240531);
  std::uint64_t moves_seen = 0;
  for (int n = 0; n < samples; ++n) {
    std::uint64_t slot = rng() % total;
    std::size_t local = 0;
    while (slot >= game.tier_size(tiers[local])) slot -= game.tier_size(tiers[local++]);
    const auto p = game.position(tiers[local], slot);
    if (game.is_lost(p) || is_alias_slot(game, tiers[local], slot, p)) continue;  // no moves listed
    game.for_each_move(p, [&](const auto&, const auto& child) {
      moves_seen += !game.is_lost(child) && in_group[game.tier_of(child)];
    });
  }
  return double(moves_seen) / samples * double(total);
}

// The memory the table of the group made of `tiers` will take, for the plan,
// from its in-group moves (estimated_in_group_moves).
template <RetrogradeGame G>
std::uint64_t reverse_moves_bytes_of_group(const G& game, const std::vector<typename G::TierId>& tiers,
                                           double in_group_moves) {
  std::uint64_t total = 0;
  for (const auto t : tiers) total += game.tier_size(t);
  if (total == 0) return 0;
  return reverse_moves_bytes(total, static_cast<std::uint64_t>(in_group_moves + 0.5));
}
// The same from a sample of its own: the plan's figure, as the tests ask it.
template <RetrogradeGame G>
std::uint64_t estimated_reverse_moves_bytes(const G& game, const std::vector<typename G::TierId>& tiers,
                                            int samples = 4096) {
  return reverse_moves_bytes_of_group(game, tiers, estimated_in_group_moves(game, tiers, samples));
}

}  // namespace rtb
