// The Morris placement tiers solved in one pass, block by block
// (solver/game_concept.hpp: SolvesLoneTiers; the values are the engine's).
//
// A placement tier numbers its slots by (the mover's stones, the opponent's),
// so a block of slots shares the mover's canonical set M and the walk goes
// through the opponent's sets O in rank order (next-combination, no
// unranking). A placement at x that closes no mill leads to (O, M + x) in the
// next tier, whose slots are numbered by O first: all of one parent's quiet
// children lie in O's block there, found with one lookup of O, and where O
// has no symmetry one map g sends it to its canonical set, so that the
// child's slot is the rank of g(M) + g(x) among the points outside it.
// That rank comes from two running sums over g(M)'s points (below), not a
// loop a child. Removals, the last placement (whose child is a movement
// position, numbered the other way) and symmetric O take the general index.
//
// An alias slot (its position's image under a symmetry of M ranks lower)
// copies its canonical slot's value, solved before it in the block.
#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <stdexcept>
#include <string>

#include "games/kit/rank_sums.hpp"
#include "games/morris/morris.hpp"
#include "games/morris/morris_fold.hpp"
#include "solver/huge_pages.hpp"

namespace rtb {

namespace {

using morris_walk::Best;
using morris_walk::kMostChildren;
using morris_walk::kMostPoints;
using morris_walk::kMostStones;
constexpr std::uint64_t kNotAlias = ~std::uint64_t{0};

}  // namespace

// The walk, for a parent (M, O) with M canonical and O in rank order:
//   a placement at x that closes no mill: the child (O, M + x);
//   one that closes a mill: (O - r, M + x) for each removable r.
// Where the next tier is a placement tier its slots are numbered by the
// child's mover first, O or O - r: one block for the quiet children and one
// per r for the removals, each found once per parent (O - r's rank from O's
// by RankWithOneLess), and within a block the child is ranked by
// RankWithOneMore over g(M). Where the next tier is a movement tier (the
// last placement) its slots are numbered by the child's opponent first,
// M + x: one block per x, found from M's ranks, and O (or O - r) ranked in it.
std::vector<Value> MorrisGame::walk_by_parent(TierId tier, const SolvedTierValues& solved, int threads,
                                              const SlotsDone& slots_done) const {
  const Tier& t = tiers_[tier];
  const Indexer& own = indexer(tier);
  const Bitboard all = board_.all;
  const auto mover_hand = static_cast<std::uint8_t>(this->mover_hand(tier));
  const auto opponent_hand = static_cast<std::uint8_t>(this->opponent_hand(tier));
  const auto mover_hand_after = static_cast<std::uint8_t>(mover_hand - 1);  // after the placement
  const MorrisSide side = t.placed % 2 == 0 ? MorrisSide::White : MorrisSide::Black;
  const bool next_is_placement = !is_last_placement(tier);
  // Named, not bound: clang 14 (the fuzz build) cannot capture a structured binding.
  const PlacementChildren children = placement_children(tier, solved);
  // Read at random by the tier before this one: huge pages (see TierFile::read_all).
  std::vector<Value> values;
  assign_on_huge_pages(values, own.size());
  const std::uint64_t further = own.further_sets();
  std::atomic<bool> too_long{false};
#pragma omp parallel for num_threads(std::max(1, threads)) schedule(dynamic, 1)
  for (std::int64_t block = 0; block < static_cast<std::int64_t>(own.first_set_classes()); ++block) {
    const Bitboard mover = own.first_class(static_cast<std::uint64_t>(block));
    const Bitboard outside_mover = all & ~mover;
    const Bitboard mover_closers = mill_closers(mover);  // where a placement closes a mill
    // The last placement's children lie in the block of M + x, one block a
    // point x outside M whatever the opponent's stones: found once a block.
    ChildBlock last_quiet[kMostPoints], last_removal[kMostPoints];
    if (!next_is_placement) {
      const RankWithOneMore mover_ranks(mover);  // M + x's rank
      for (Bitboard open = outside_mover; open; open &= open - 1) {
        const int x = lowest_square(open);
        last_quiet[x] = child_block(*children.quiet_indexer, mover_ranks(x));
        if (!children.removal_wins) last_removal[x] = child_block(*children.removal_indexer, mover_ranks(x));
      }
    }
    Bitboard squeezed = first_squares(t.opponent);  // the opponent's set among the free points, by rank
    // A parent's children are gathered and prefetched while the one before
    // it is folded, so that the misses of one overlap the work of the other.
    struct Parent {
      Best best;
      ValueAt reads[kMostChildren];
      int gathered = 0;
      std::uint64_t alias_of = kNotAlias;  // the canonical slot's rank in the block, for an alias
    };
    Parent parents[2];
    const std::uint64_t block_base = static_cast<std::uint64_t>(block) * further;
    // Where M has a symmetry, a slot whose image ranks lower is an alias: it
    // takes its canonical slot's value, folded before it (a lower rank).
    const bool symmetric_mover = own.may_be_alias(block_base);
    const Indexer::FirstSet mover_first = symmetric_mover ? own.first_set(mover) : Indexer::FirstSet{};
    auto fold = [&](Parent& parent, std::uint64_t slot) {
      if (parent.alias_of != kNotAlias) {
        values[block_base + slot] = values[block_base + parent.alias_of];
        return;
      }
      for (int k = 0; k < parent.gathered; ++k) parent.best.child(*parent.reads[k]);
      const Value v = parent.best.value();
      if (!is_draw(v) && distance_of(v) >= kMaxDistance) too_long = true;
      values[block_base + slot] = v;
    };
    for (std::uint64_t rank = 0; rank < further; ++rank) {
      Parent& now = parents[rank & 1];
      now.best = Best{};
      now.gathered = 0;
      now.alias_of = kNotAlias;
      const Bitboard opponent = spread(squeezed, outside_mover);
      if (symmetric_mover) {
        const std::uint64_t canonical = own.index(mover_first, opponent) - block_base;
        if (canonical != rank) now.alias_of = canonical;
      }
      const Bitboard empty = all & ~(mover | opponent);
      // The placements that close a mill; with no opponent stone on the board
      // (only in positions no game reaches) a mill removes nothing and they are quiet.
      const Bitboard closing = opponent ? empty & mover_closers : 0;
      auto general = [&](TierView tier_values, Bitboard child_mover, Bitboard child_opponent) {
        now.reads[now.gathered++] =
            tier_values.at(index(Position{child_mover, child_opponent, opponent_hand, mover_hand_after, other(side)}));
      };
      if (now.alias_of != kNotAlias) {
        // nothing to gather
      } else if (next_is_placement) {
        const RankWithOneLess opponent_ranks(opponent);
        const ChildBlock quiet = child_block(*children.quiet_indexer, opponent_ranks.full());
        const RankWithOneMore quiet_ranks(quiet.one_map ? squeeze(quiet.g->apply(mover), quiet.outside) : 0);
        for (Bitboard open = empty & ~closing; open; open &= open - 1) {
          const int x = lowest_square(open);
          if (quiet.one_map)
            now.reads[now.gathered++] = children.quiet_values.at(quiet.base + quiet_ranks(quiet.place(x)));
          else general(children.quiet_values, opponent, mover | bit(x));
        }
        if (closing && children.removal_wins) {
          now.best.child_lost();
        } else if (closing) {
          // The removals' blocks, one a removable stone.
          const Bitboard removable_stones = removable(opponent);
          ChildBlock removals[kMostStones];
          RankWithOneMore removal_ranks[kMostStones];
          int k = 0;
          for (Bitboard r = removable_stones; r; r &= r - 1, ++k) {
            removals[k] = child_block(*children.removal_indexer, opponent_ranks(lowest_square(r)));
            if (removals[k].one_map) removal_ranks[k].reset(squeeze(removals[k].g->apply(mover), removals[k].outside));
          }
          for (Bitboard open = closing; open; open &= open - 1) {
            const int x = lowest_square(open);
            k = 0;
            for (Bitboard r = removable_stones; r; r &= r - 1, ++k) {
              if (removals[k].one_map)
                now.reads[now.gathered++] =
                    children.removal_values.at(removals[k].base + removal_ranks[k](removals[k].place(x)));
              else general(children.removal_values, opponent ^ (r & (0 - r)), mover | bit(x));
            }
          }
        }
      } else {
        // The last placement: the child is a movement position, numbered by
        // its opponent's stones (M + x) first.
        for (Bitboard open = empty & ~closing; open; open &= open - 1) {
          const int x = lowest_square(open);
          const ChildBlock& b = last_quiet[x];
          if (b.one_map)
            now.reads[now.gathered++] =
                children.quiet_values.at(b.base + colex_rank(squeeze(b.g->apply(opponent), b.outside)));
          else general(children.quiet_values, opponent, mover | bit(x));
        }
        if (closing && children.removal_wins) {
          now.best.child_lost();
        } else if (closing) {
          const Bitboard removable_stones = removable(opponent);
          for (Bitboard open = closing; open; open &= open - 1) {
            const int x = lowest_square(open);
            const ChildBlock& b = last_removal[x];
            if (!b.one_map) {
              for (Bitboard r = removable_stones; r; r &= r - 1)
                general(children.removal_values, opponent ^ (r & (0 - r)), mover | bit(x));
              continue;
            }
            const RankWithOneLess left(squeeze(b.g->apply(opponent), b.outside));
            for (Bitboard r = removable_stones; r; r &= r - 1)
              now.reads[now.gathered++] = children.removal_values.at(b.base + left(b.place(lowest_square(r))));
          }
        }
      }
      for (int k = 0; k < now.gathered; ++k) __builtin_prefetch(now.reads[k].address());
      if (rank > 0) fold(parents[(rank - 1) & 1], rank - 1);
      if (rank + 1 < further) squeezed = next_colex_set(squeezed);
    }
    fold(parents[(further - 1) & 1], further - 1);
    if (slots_done) slots_done(further);
  }
  if (too_long) morris_walk::throw_too_long(tier_name(tier));
  return values;
}

// By child wherever it can: measured on Nine Men's Morris's placements
// (benchmarks/morris_placement_walk) it is 3-34% faster but on p10-w5-b5 (7%
// slower), and it takes Seven Men's Morris's whole solve from 7.3 to 6.6
// CPU-s.
MorrisGame::PlacementWalk MorrisGame::placement_walk(TierId tier) const {
  return is_placement_tier(tier) && !is_last_placement(tier) ? PlacementWalk::ByChild : PlacementWalk::ByParent;
}

std::vector<Value> MorrisGame::solve_placement_tier(TierId tier, const SolvedTierValues& solved, int threads,
                                                    PlacementWalk walk, const SlotsDone& slots_done) const {
  if (!mover_first(tier)) throw std::logic_error("morris: only a placement tier with no slides is solved in one pass");
  if (walk == PlacementWalk::ByChild && !is_last_placement(tier))
    return walk_by_child(tier, solved, threads, slots_done);
  return walk_by_parent(tier, solved, threads, slots_done);
}

}  // namespace rtb
