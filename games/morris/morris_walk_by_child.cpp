// A Morris placement tier solved in one pass, block by block of the tier it
// reads (morris.hpp: PlacementWalk::ByChild; morris_one_pass.cpp walks the
// same parents block by block of the tier itself).
//
// A parent (A, B), the mover's stones A and the opponent's B, has its quiet
// children (B, A + x) in the next tier, whose slots are numbered by B's
// class first: every parent whose opponent lies in the class of a canonical
// set C has its quiet children in C's block there, and by symmetry those
// parents are the positions (A', C) for every set A' of the mover's stones
// outside C (each stands for the class of parents that a map sending their
// B onto C sends onto it). So the walk takes C's block and its removal
// blocks (C - r, one a removable stone r) once, walks A' through the points
// outside C in colex order, and ranks each child in C's block by the colex
// rank of A' + x squeezed to those points, without a map. The cost is the
// parent's own slot: index(A', C), one colex rank and lookup, and a write
// that lands anywhere in the tier; a parent's many reads hit blocks the
// cache holds.
//
// A placement at x that closes a mill leads to (C - r, A' + x) for every
// removable r: children that depend on A' + x alone, which every parent
// A' + x - z whose placement at z closes a mill shares. Their best is folded
// once per set A' + x, when a parent first asks for it, and kept by its rank
// for the rest of C's block (a fifth less time than folding them a parent:
// on Seven Men's Morris's p10-w5-b5: 154 against 190 ns a slot).
//
// Where C has a symmetry (a map other than the identity keeps it) two sets
// A' may stand for one parent class: only the one whose squeezed set is the
// least of its images is walked, and its children are indexed in full.
// index(A', C) is a canonical slot; where the canonical A is symmetric, the
// class's alias slots (A's other maps onto its canonical set) take the same
// value as soon as it is known, so that no pass over the tier is left after
// the walk.
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <bit>

#include "games/morris/morris.hpp"
#include "games/morris/morris_fold.hpp"
#include "solver/huge_pages.hpp"

namespace rtb {

namespace {

using morris_walk::Best;
using morris_walk::kMostStones;
// A removal fold not made yet: wider than a MoverKey, so above every key.
constexpr std::uint32_t kNotFolded = ~std::uint32_t{0};

}  // namespace

std::vector<Value> MorrisGame::walk_by_child(TierId tier, const SolvedTierValues& solved, int threads,
                                             const SlotsDone& slots_done) const {
  const Tier& t = tiers_[tier];
  const Indexer& own = indexer(tier);
  const Bitboard all = board_.all;
  // Named, not bound: clang 14 (the fuzz build) cannot capture a structured binding.
  const PlacementChildren children = placement_children(tier, solved);
  // The mover's sets A' among the points outside C, squeezed: a walk in colex order.
  const std::uint64_t mover_sets = binomial(rules_.points - t.opponent, t.mover);
  std::vector<Value> values;
  assign_on_huge_pages(values, own.size());
  std::atomic<bool> too_long{false};

  // The mover's sets after a placement, A' + x, among the points outside C.
  const std::uint64_t placed_sets = binomial(rules_.points - t.opponent, t.mover + 1);

#pragma omp parallel num_threads(std::max(1, threads))
  {
    // The best of the removals after a placement that closes a mill, by the
    // colex rank of A' + x squeezed: the removals depend on that set alone,
    // and every parent A' + x - z whose placement at z closes a mill reaches
    // it, so each is folded once, when first asked for. A thread's own,
    // cleared for each block.
    std::vector<std::uint32_t> removal_best;
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t block = 0; block < static_cast<std::int64_t>(children.quiet_indexer->first_set_classes());
         ++block) {
      const Bitboard opponent = children.quiet_indexer->first_class(static_cast<std::uint64_t>(block));  // C
      const Bitboard outside = all & ~opponent;
      const Indexer::FirstSet quiet_first = children.quiet_indexer->first_set(opponent);
      // Maps other than the identity that keep C; none for almost every C.
      const std::uint32_t keeping_maps = quiet_first.maps & ~std::uint32_t{1};
      const Bitboard removable_stones = opponent ? removable(opponent) : 0;
      // Each removal child lies in the block of a set C - r, one a removable
      // stone r of C: the first sets of those blocks.
      Indexer::FirstSet removals[kMostStones];
      int removal_count = 0;
      if (!children.removal_wins)
        for (Bitboard r = removable_stones; r; r &= r - 1)
          removals[removal_count++] = children.removal_indexer->first_set(opponent ^ (r & (0 - r)));
      if (!children.removal_wins) removal_best.assign(placed_sets, kNotFolded);
      std::uint64_t walked = 0;
      // A' among the points outside C, and the colex rank of the set after it
      // on the whole board: its entry in the table of first sets is asked for
      // one parent ahead.
      Bitboard next = first_squares(t.mover), next_mover = spread(next, outside);
      std::uint64_t next_rank = colex_rank(next_mover);
      for (std::uint64_t k = 0; k < mover_sets; ++k) {
        const Bitboard squeezed = next, mover = next_mover;  // A', squeezed and on the board
        const std::uint64_t mover_rank = next_rank;
        if (k + 1 < mover_sets) {
          next = next_colex_set(next);
          next_mover = spread(next, outside);
          next_rank = colex_rank(next_mover);
          own.prefetch_first_set_of_rank(next_rank);
        }
        if (keeping_maps) {
          bool least = true;
          for (std::uint32_t m = keeping_maps; m && least; m &= m - 1)
            least = squeeze(children.quiet_indexer->map(static_cast<std::size_t>(std::countr_zero(m))).apply(mover),
                            outside) >= squeezed;
          if (!least) continue;
        }
        // The parent's slot lies anywhere in the tier: asked for now, written
        // after its children are folded, so that the miss overlaps that work.
        const Indexer::FirstSet parent_first = own.first_set_of_rank(mover_rank);
        const std::uint64_t slot = own.index(parent_first, opponent);
        __builtin_prefetch(&values[slot], 1);
        Best best;
        // The empty points, squeezed: a point's place outside C is its bit
        // here. Those where the placement closes a mill (with no opponent stone
        // on the board, only in positions no game reaches, none: a mill removes
        // nothing there).
        const Bitboard empty_places = first_squares(rules_.points - t.opponent) & ~squeezed;
        const Bitboard closing_places = opponent ? empty_places & squeeze(mill_closers(mover), outside) : 0;
        for (Bitboard open = empty_places & ~closing_places; open; open &= open - 1)
          best.child(
              children.quiet_values[keeping_maps ? children.quiet_indexer->index(
                                                       quiet_first, mover | spread(open & (0 - open), outside))
                                                 : quiet_first.base + colex_rank(squeezed | (open & (0 - open)))]);
        if (closing_places && children.removal_wins) {
          best.child_lost();
        } else if (closing_places) {
          for (Bitboard open = closing_places; open; open &= open - 1) {
            std::uint32_t& folded = removal_best[colex_rank(squeezed | (open & (0 - open)))];
            if (folded == kNotFolded) {
              const Bitboard placed = mover | spread(open & (0 - open), outside);
              Best removals_best;
              for (int r = 0; r < removal_count; ++r)
                removals_best.child(children.removal_values[children.removal_indexer->index(removals[r], placed)]);
              folded = removals_best.key;
            }
            best.fold(static_cast<MoverKey>(folded));
          }
        }
        const Value v = best.value();
        if (!is_draw(v) && distance_of(v) >= kMaxDistance) too_long = true;
        values[slot] = v;
        ++walked;
        // A symmetric canonical mover set: the class has alias slots too, each
        // written once (a symmetric position gives a slot more than once).
        if (!std::has_single_bit(parent_first.maps)) {
          std::uint64_t aliases[Indexer::kMostMaps];
          int alias_count = 0;
          own.for_each_slot_of_class(parent_first, &opponent, [&](std::uint64_t alias) {
            if (alias == slot || std::find(aliases, aliases + alias_count, alias) != aliases + alias_count) return;
            aliases[alias_count++] = alias;
            values[alias] = v;
          });
          walked += static_cast<std::uint64_t>(alias_count);
        }
      }
      if (slots_done) slots_done(walked);
    }
  }

  if (too_long) morris_walk::throw_too_long(tier_name(tier));
  return values;
}

}  // namespace rtb
