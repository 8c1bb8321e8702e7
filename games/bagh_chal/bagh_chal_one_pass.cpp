// Bagh-Chal's placement tiers solved in one pass, block by block.
//
// A slot's block is its tiger set's class (TwoSetIndexer puts the tigers
// first), so every slot of a block shares one canonical tiger set: its
// symmetry work and every tiger move's target block are found once per block,
// and the goats are walked as squeezed sets in rank order (next-combination,
// no unranking). A goat placement keeps the tigers, so its child lies in the
// same block of the child tier (at most 700 KB): the walk reads it while it
// sits in cache. A tiger move sends a whole block to one other block, so the
// tiger tiers are walked move by move: for each move, every slot of the block
// takes its child from that one target block, and the two blocks (the
// parent's running best and the child's values) stay in the core's cache.
//
// Each slot keeps the best value for its mover seen so far as a key whose
// integer order is the mover's preference (the shortest win, then a draw,
// then the longest loss), so that folding in a child is one max.
#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <stdexcept>
#include <string>

#include "games/bagh_chal/bagh_chal.hpp"
#include "solver/huge_pages.hpp"

namespace rtb {

namespace {

// Colex rank of a set of at most 21 squeezed points by 7-point chunks: a
// chunk's part depends only on its bits and on how many points lie below it.
class ChunkedColexRank {
 public:
  ChunkedColexRank() {
    for (int chunk = 0; chunk < kChunks; ++chunk)
      for (int below = 0; below <= kMaxPoints; ++below)
        for (int bits = 0; bits < 128; ++bits) {
          std::uint64_t rank = 0;
          int j = below;
          for (int e = 0; e < 7; ++e)
            if (bits >> e & 1) rank += binomial(chunk * 7 + e, ++j);
          table_[chunk][below][bits] = static_cast<std::uint32_t>(rank);
        }
  }
  static constexpr int kMaxPoints = 21;
  std::uint32_t operator()(Bitboard set) const {
    const Bitboard low = set & 0x7F, mid = (set >> 7) & 0x7F, high = set >> 14;
    const int below_mid = count(low), below_high = below_mid + count(mid);
    return table_[0][0][low] + table_[1][below_mid][mid] + table_[2][below_high][high];
  }

 private:
  static constexpr int kChunks = 3;
  std::array<std::array<std::array<std::uint32_t, 128>, kMaxPoints + 1>, kChunks> table_{};
};

const ChunkedColexRank& colex_rank_of_squeezed() {
  static const ChunkedColexRank table;
  return table;
}

// The keys are solver/value.hpp's MoverKey, a value word's size, so that a
// tiger tier's block holds its slots' keys in place until every move is in.
static_assert(sizeof(MoverKey) == sizeof(Value));
// Children of this value or more would give a distance the files cannot hold.
constexpr Value kTooFar = make_value(kMaxDistance);

}  // namespace

std::vector<Value> BaghChalGame::solve_lone_tier(TierId tier, const SolvedTierValues& solved, int threads,
                                                 const SlotsDone& slots_done) const {
  if (pieces_in_hand(tier) == 0)
    throw std::logic_error("solve_lone_tier: " + tier_name(tier) + " is not a placement tier");
  const TwoSetIndexer& parent = indexer(tier);
  const std::int64_t blocks = static_cast<std::int64_t>(parent.first_set_classes());
  const std::uint64_t block_size = parent.size() / parent.first_set_classes();
  const int on_board = goats_on_board(tier), free_count = squares_ - kTigers;
  if (free_count > ChunkedColexRank::kMaxPoints) throw std::logic_error("solve_lone_tier: board too big");
  const ChunkedColexRank& rank_of = colex_rank_of_squeezed();
  const bool goats_move = side_to_move(tier) == BaghChalSide::Goats;
  // Checked here: nothing may throw inside the parallel loop.
  for (TierId t : tier_successors(tier))
    if (t >= solved.size() || solved[t] == nullptr)
      throw std::logic_error("tier " + tier_name(t) + " must be solved before tier " + tier_name(tier));
  auto solved_tier = [&](TierId t) { return solved[t]; };

  std::vector<Value> values;
  assign_on_huge_pages(values, parent.size());
  std::atomic<bool> too_far{false};

#pragma omp parallel for num_threads(std::max(1, threads)) schedule(dynamic, 1) if (parent.size() > (1u << 16))
  for (std::int64_t block = 0; block < blocks; ++block) {
    Value* out = values.data() + static_cast<std::uint64_t>(block) * block_size;
    const Bitboard tigers = parent.sets(static_cast<std::uint64_t>(block) * block_size)[0];
    const Bitboard free = all_points_ & ~tigers;
    // The maps that keep the tiger set, identity first, as permutations of
    // the squeezed points: usually the identity alone.
    std::array<std::array<std::uint8_t, kSetBits<Bitboard>>, 8> permuted{};
    std::array<const SquareMap*, 8> stabiliser{};
    int maps = 0;
    for (std::uint32_t m = parent.first_set(tigers).maps; m; m &= m - 1) {
      const SquareMap& map = maps_[std::countr_zero(m)];
      stabiliser[maps] = &map;
      for (int q = 0; q < free_count; ++q)
        permuted[maps][q] =
            static_cast<std::uint8_t>(count(free & (bit(map.apply_square(lowest_square(spread(bit(q), free)))) - 1)));
      ++maps;
    }
    auto squeezed_image = [&](int g, Bitboard squeezed) {
      return squeeze(stabiliser[g]->apply(spread(squeezed, free)), free);
    };
    // The slot's canonical rank within the block (an alias's is lower).
    auto canonical_rank = [&](Bitboard squeezed, std::uint32_t rank) {
      for (int g = 1; g < maps; ++g) rank = std::min(rank, rank_of(squeezed_image(g, squeezed)));
      return rank;
    };
    Value farthest = 0;
    const Bitboard all_free = static_cast<Bitboard>((std::uint64_t{1} << free_count) - 1);  // squeezed
    const Bitboard first_set = on_board == 0 ? 0 : first_squares<Bitboard>(on_board);

    if (goats_move) {
      // Every move places a goat: the child keeps the tigers, so it lies in
      // the same block of the child tier.
      const TwoSetIndexer& child_indexer = *indexers_[on_board + 1];
      const TierView child =
          solved_tier(tier_id(pieces_in_hand(tier) - 1, goats_captured(tier), BaghChalSide::Tigers)) +
          static_cast<std::uint64_t>(block) * (child_indexer.size() / child_indexer.first_set_classes());
      Bitboard squeezed = first_set;
      for (std::uint32_t r = 0; r < block_size; ++r, squeezed = r < block_size ? next_colex_set(squeezed) : 0) {
        MoverKey best = kLostKey;
        if (maps == 1) {
          for (Bitboard empty = all_free & ~squeezed; empty; empty &= empty - 1) {
            const Value v = child[rank_of(squeezed | (empty & (0u - empty)))];
            farthest = std::max(farthest, v);
            best = std::max(best, key_through_move(v));
          }
        } else {
          const std::uint32_t canonical = canonical_rank(squeezed, r);
          if (canonical != r) {
            out[r] = out[canonical];
            continue;
          }
          std::array<Bitboard, 8> images{};
          for (int g = 0; g < maps; ++g) images[g] = squeezed_image(g, squeezed);
          for (Bitboard empty = all_free & ~squeezed; empty; empty &= empty - 1) {
            const int q = lowest_square(empty);
            std::uint32_t slot = ~0u;
            for (int g = 0; g < maps; ++g) slot = std::min(slot, rank_of(images[g] | bit(permuted[g][q])));
            const Value v = child[slot];
            farthest = std::max(farthest, v);
            best = std::max(best, key_through_move(v));
          }
        }
        out[r] = value_of_key(best);
      }
    } else {
      // Tiger moves, one at a time over the whole block: `out` holds keys
      // until every move is folded in.
      std::fill(out, out + block_size, static_cast<Value>(kLostKey));
      const int in_hand = pieces_in_hand(tier), taken = goats_captured(tier);
      auto squeezed_point = [&](int square) { return count(free & (bit(square) - 1)); };
      // Folds the move from `from` to `to` (capturing `over`, or -1) into
      // every slot where it is legal. The slots are walked by their goats on
      // the points the move leaves free to vary (`varying`, squeezed; a
      // capture needs a goat on `over` and every move an empty `to`), so no
      // illegal slot is visited. Each varying point lands on one point of
      // the child's squeezed goats: chunk tables of those images give the
      // child's goats in three lookups, symmetry included.
      auto fold_move = [&](int from, int to, int over) {
        const Bitboard to_bit = bit(squeezed_point(to));
        const Bitboard over_bit = over < 0 ? 0 : bit(squeezed_point(over));
        const Bitboard varying = all_free & ~to_bit & ~over_bit;
        const int varying_goats = over < 0 ? on_board : on_board - 1;
        const std::uint64_t legal = binomial(count(varying), varying_goats);
        if (legal == 0) return;  // a capture with no goat on the board
        const Bitboard first_varying = varying_goats == 0 ? 0 : first_squares<Bitboard>(varying_goats);
        if (over >= 0 && taken + 1 >= rules_.target) {  // the winning capture: WIN in 1
          const MoverKey win = key_through_move(make_value(0));
          Bitboard set = first_varying;
          for (std::uint64_t n = 0; n < legal; ++n, set = n < legal ? next_colex_set(set) : 0) {
            Value& slot = out[rank_of(spread(set, varying) | over_bit)];
            slot = std::max(slot, win);
          }
          return;
        }
        const Bitboard moved = tigers ^ bit(from) ^ bit(to);
        const TwoSetIndexer& child_indexer = *indexers_[varying_goats];
        const TwoSetIndexer::FirstSet target = child_indexer.first_set(moved);
        const TierView child =
            solved_tier(tier_id(in_hand, over < 0 ? taken : taken + 1, BaghChalSide::Goats)) + target.base;
        const Bitboard child_free = all_points_ & ~target.canonical;
        const Bitboard varying_points = spread(varying, free);
        // images[g][chunk][bits]: the child's squeezed goats under the g-th
        // map onto its canonical tigers, for these bits of one 7-bit chunk.
        std::array<std::array<std::array<Bitboard, 128>, 3>, 8> images;
        int onto = 0;
        for (std::uint32_t m = target.maps; m; m &= m - 1, ++onto) {
          const SquareMap& map = maps_[std::countr_zero(m)];
          for (int chunk = 0; chunk < 3; ++chunk) {
            images[onto][chunk][0] = 0;
            for (unsigned bits = 1; bits < 128; ++bits) {
              const int i = chunk * 7 + std::countr_zero(bits);
              const Bitboard one = i < free_count ? squeeze(map.apply(spread(bit(i), varying_points)), child_free) : 0;
              images[onto][chunk][bits] = images[onto][chunk][bits & (bits - 1)] | one;
            }
          }
        }
        auto child_slot = [&](int g, Bitboard set) {
          return rank_of(images[g][0][set & 0x7F] | images[g][1][(set >> 7) & 0x7F] | images[g][2][set >> 14]);
        };
        Bitboard set = first_varying;
        for (std::uint64_t n = 0; n < legal; ++n, set = n < legal ? next_colex_set(set) : 0) {
          std::uint32_t slot = child_slot(0, set);
          for (int g = 1; g < onto; ++g) slot = std::min(slot, child_slot(g, set));
          const Value v = child[slot];
          farthest = std::max(farthest, v);
          Value& parent_key = out[rank_of(spread(set, varying) | over_bit)];
          parent_key = std::max(parent_key, key_through_move(v));
        }
      };
      for (Bitboard movers = tigers; movers; movers &= movers - 1) {
        const int from = lowest_square(movers);
        const Point& point = points_[from];
        for (Bitboard targets = point.neighbours & free; targets; targets &= targets - 1)
          fold_move(from, lowest_square(targets), -1);
        for (int j = 0; j < point.jump_count; ++j)
          if ((free & bit(point.jumps[j].over)) && (free & bit(point.jumps[j].land)))
            fold_move(from, point.jumps[j].land, point.jumps[j].over);
      }
      for (std::uint64_t r = 0; r < block_size; ++r) out[r] = value_of_key(out[r]);
      if (maps > 1) {
        Bitboard squeezed = first_set;
        for (std::uint32_t r = 0; r < block_size; ++r, squeezed = r < block_size ? next_colex_set(squeezed) : 0)
          out[r] = out[canonical_rank(squeezed, r)];
      }
    }
    if (farthest >= kTooFar) too_far = true;
    if (slots_done) slots_done(block_size);
  }
  if (too_far)
    throw std::runtime_error("a position of " + tier_name(tier) + " is farther from its end than the files can hold");
  return values;
}

}  // namespace rtb
