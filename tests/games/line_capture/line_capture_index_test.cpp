// Numbering of positions: colex ranking, the two-set indexer up to board
// symmetry, and the line-capture games' tiers. Everything is checked against
// facts computed here another way: brute-force enumeration of positions and
// of their symmetric images (with the 8 maps written out below, not taken
// from games/board_symmetry), and Burnside's count of classes.
//
// Built twice: as line_capture_index_test, and as bitboard_portable_test
// with RTB_BITBOARD_ONLY and without BMI2, where only the bitboard helpers'
// tests run, on their portable (non-pext/pdep) code.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "games/kit/bitboard.hpp"
#ifndef RTB_BITBOARD_ONLY
#include "games/kit/board_symmetry.hpp"
#include "games/kit/set_indexer.hpp"
#include "games/line_capture/line_capture.hpp"
#endif

namespace rtb {
namespace {

// Calls f(set) for every set of k squares taken from `pool`, recursively
// (no ranking involved).
template <class F>
void for_each_subset(std::uint32_t pool, int k, std::uint32_t chosen, F& f) {
  if (k == 0) {
    f(chosen);
    return;
  }
  if (std::popcount(pool) < k) return;
  const std::uint32_t low = pool & (0u - pool);
  for_each_subset(pool ^ low, k - 1, chosen | low, f);
  for_each_subset(pool ^ low, k, chosen, f);
}

// ---- colex ranking ----

// Colex order of k-sets is the numeric order of their bitboards (the largest
// differing element decides), so counting the k-sets in increasing numeric
// order gives every rank.
TEST(Colex, RankAndUnrankFollowNumericOrderOfAllSmallSets) {
  for (int n = 0; n <= 16; ++n) {
    std::vector<std::uint64_t> next_rank(n + 1, 0);
    for (std::uint32_t set = 0; set < (1u << n); ++set) {
      const int k = std::popcount(set);
      const std::uint64_t rank = next_rank[k]++;
      ASSERT_EQ(colex_rank(set), rank) << "n " << n << " set " << set;
      ASSERT_EQ(colex_unrank(rank, k, n), set) << "n " << n << " rank " << rank;
    }
    for (int k = 0; k <= n; ++k) EXPECT_EQ(next_rank[k], binomial(n, k)) << n << " " << k;
  }
}

TEST(Colex, BinomialsArePascalsTriangle) {
  EXPECT_EQ(binomial(25, 5), 53130u);
  EXPECT_EQ(binomial(32, 16), 601080390u);
  EXPECT_EQ(binomial(16, 6), 8008u);
  EXPECT_EQ(binomial(3, 4), 0u);
  for (int n = 1; n <= 32; ++n)
    for (int k = 1; k <= n; ++k) EXPECT_EQ(binomial(n, k), binomial(n - 1, k - 1) + binomial(n - 1, k));
}

TEST(Colex, LargeBoardsRoundTripAtRandomAndAtTheEnds) {
  std::mt19937_64 rng(5);
  for (const int n : {25, 32}) {
    for (int k = 0; k <= std::min(n, 12); ++k) {
      // The first and last sets in colex order: the k lowest squares, and
      // the k highest.
      const std::uint32_t lowest = k == 32 ? ~0u : (std::uint32_t{1} << k) - 1;
      EXPECT_EQ(colex_rank(lowest), 0u);
      // (No shift by 32 for the empty set on 32 squares: that is undefined.)
      const std::uint32_t highest = k == 0 ? 0u : lowest << (n - k);
      EXPECT_EQ(colex_rank(highest), binomial(n, k) - 1) << n << " " << k;
      EXPECT_EQ(colex_unrank(binomial(n, k) - 1, k, n), highest);
      for (int i = 0; i < 2000; ++i) {
        const std::uint64_t rank = rng() % binomial(n, k);
        const std::uint32_t set = colex_unrank(rank, k, n);
        ASSERT_EQ(std::popcount(set), k);
        ASSERT_EQ(colex_rank(set), rank);
      }
    }
  }
}

// Squeezing out the `taken` squares and ranking what is left, by brute force.
std::uint64_t rank_outside_by_hand(std::uint32_t set, std::uint32_t taken) {
  std::uint32_t squeezed = 0;
  int place = 0;
  for (int s = 0; s < 32; ++s) {
    if (taken >> s & 1) continue;
    if (set >> s & 1) squeezed |= std::uint32_t{1} << place;
    ++place;
  }
  return colex_rank(squeezed);
}

TEST(Colex, RankOutsideAndSqueezeSpreadAgreeWithBruteForce) {
#ifdef RTB_BITBOARD_ONLY
#ifdef __BMI2__
  FAIL() << "the portable build is meant to test the code without BMI2";
#endif
#endif
  std::mt19937_64 rng(6);
  for (int i = 0; i < 200000; ++i) {
    const std::uint32_t taken = static_cast<std::uint32_t>(rng()) & static_cast<std::uint32_t>(rng());
    const std::uint32_t set = static_cast<std::uint32_t>(rng()) & ~taken;
    ASSERT_EQ(colex_rank_outside(set, taken), rank_outside_by_hand(set, taken)) << set << " " << taken;
    // squeeze/spread: the bits of `set` under `mask`, packed low, and back.
    const std::uint32_t mask = ~taken;
    std::uint32_t packed = 0;
    int place = 0;
    for (int s = 0; s < 32; ++s)
      if (mask >> s & 1) packed |= ((set >> s) & 1u) << place++;
    ASSERT_EQ(squeeze(set, mask), packed);
    ASSERT_EQ(spread(packed, mask), set & mask);
  }
  EXPECT_EQ(squeeze(~0u, ~0u), ~0u);
  EXPECT_EQ(spread(~0u, 0x80000001u), 0x80000001u);
}

#ifndef RTB_BITBOARD_ONLY

// ---- the 8 symmetries, written out ----

// Square image of (file, rank) under map m of the dihedral group: bit 0
// mirrors files, bit 1 mirrors ranks, bit 2 swaps files and ranks.
std::vector<std::vector<int>> dihedral_by_hand(int w) {
  std::vector<std::vector<int>> maps;
  for (int m = 0; m < 8; ++m) {
    std::vector<int> image(w * w);
    for (int rank = 0; rank < w; ++rank)
      for (int file = 0; file < w; ++file) {
        int f = m & 1 ? w - 1 - file : file, r = m & 2 ? w - 1 - rank : rank;
        if (m & 4) std::swap(f, r);
        image[rank * w + file] = r * w + f;
      }
    maps.push_back(image);
  }
  return maps;
}

std::uint32_t apply(const std::vector<int>& image, std::uint32_t set) {
  std::uint32_t out = 0;
  for (std::size_t s = 0; s < image.size(); ++s)
    if (set >> s & 1) out |= std::uint32_t{1} << image[s];
  return out;
}

using Pair = std::pair<std::uint32_t, std::uint32_t>;

// The distinct images of p, sorted (a small sorted vector: this runs
// millions of times).
struct Images {
  std::vector<Pair> pairs;
  std::size_t size() const { return pairs.size(); }
  bool count(const Pair& q) const { return std::binary_search(pairs.begin(), pairs.end(), q); }
  const Pair* begin() const { return pairs.data(); }
};

Images images(const std::vector<std::vector<int>>& maps, Pair p) {
  Images out;
  out.pairs.reserve(maps.size());
  for (const auto& image : maps) out.pairs.push_back({apply(image, p.first), apply(image, p.second)});
  std::sort(out.pairs.begin(), out.pairs.end());
  out.pairs.erase(std::unique(out.pairs.begin(), out.pairs.end()), out.pairs.end());
  return out;
}

// Burnside: classes of pairs (A, B), |A| = a, |B| = b, disjoint, under the
// maps = the mean over maps of the pairs a map fixes. A fixed pair is a
// choice of whole cycles for A and for B, counted by a small knapsack.
std::uint64_t burnside_classes(const std::vector<std::vector<int>>& maps, int squares, int a, int b) {
  std::uint64_t total = 0;
  for (const auto& image : maps) {
    std::vector<int> cycles;
    std::vector<bool> seen(squares, false);
    for (int s = 0; s < squares; ++s) {
      int length = 0;
      for (int t = s; !seen[t]; t = image[t]) seen[t] = true, ++length;
      if (length) cycles.push_back(length);
    }
    // ways[x][y]: cycles chosen so far put x squares in A and y in B.
    std::vector<std::vector<std::uint64_t>> ways(a + 1, std::vector<std::uint64_t>(b + 1, 0));
    ways[0][0] = 1;
    for (const int len : cycles)
      for (int x = a; x >= 0; --x)
        for (int y = b; y >= 0; --y) {
          if (x >= len) ways[x][y] += ways[x - len][y];
          if (y >= len) ways[x][y] += ways[x][y - len];
        }
    total += ways[a][b];
  }
  EXPECT_EQ(total % maps.size(), 0u);
  return total / maps.size();
}

std::vector<std::vector<int>> images_of(const std::vector<SquareMap>& maps) {
  std::vector<std::vector<int>> out;
  for (const SquareMap& m : maps) out.push_back(m.image());
  return out;
}

// ---- the two-set indexer on small boards, by brute force ----

// Every position (A, B) of the given counts: index() must be the same on a
// whole class and differ between classes, lie below size(), and sets() of
// it must give a member of the class; a slot's weight is its class's size
// for the slot index() gives, 0 for every other; class_count() and the
// non-alias slots count the classes.
void check_indexer_by_brute_force(int squares, const std::vector<SquareMap>& maps, int a, int b) {
  SCOPED_TRACE(std::to_string(squares) + " squares, " + std::to_string(maps.size()) + " maps, sets of " +
               std::to_string(a) + " and " + std::to_string(b));
  const TwoSetIndexer indexer(squares, a, b, maps);
  const auto by_hand = images_of(maps);
  std::map<Pair, std::uint64_t> index_of_class;  // smallest image -> index
  std::map<std::uint64_t, Pair> class_of_index;
  std::uint64_t positions = 0;
  const std::uint32_t all = squares == 32 ? ~0u : (std::uint32_t{1} << squares) - 1;
  bool failed = false;
  auto outer = [&](std::uint32_t first) {
    auto inner = [&](std::uint32_t second) {
      if (failed) return;
      ++positions;
      const Images cls = images(by_hand, {first, second});
      const Pair key = *cls.begin();
      const std::uint64_t i = indexer.index(first, second);
      if (i >= indexer.size()) {
        ADD_FAILURE() << "index " << i << " >= size " << indexer.size();
        failed = true;
        return;
      }
      const auto [it, fresh] = index_of_class.emplace(key, i);
      if (!fresh && it->second != i) {
        ADD_FAILURE() << "one class, two indices: " << it->second << " and " << i;
        failed = true;
        return;
      }
      const auto [jt, new_index] = class_of_index.emplace(i, key);
      if (!new_index && jt->second != key) {
        ADD_FAILURE() << "two classes, one index " << i;
        failed = true;
        return;
      }
      if (fresh) {
        if (const auto s = indexer.sets(i); !cls.count({s[0], s[1]}))
          ADD_FAILURE() << "sets(" << i << ") is not in its class";
        if (indexer.weight(i) != cls.size()) ADD_FAILURE() << "weight(" << i << ") != class size " << cls.size();
      }
    };
    for_each_subset(all & ~first, b, 0, inner);
  };
  for_each_subset(all, a, 0, outer);
  ASSERT_FALSE(failed);
  EXPECT_EQ(positions, binomial(squares, a) * binomial(squares - a, b));
  EXPECT_EQ(index_of_class.size(), burnside_classes(by_hand, squares, a, b));
  EXPECT_EQ(indexer.class_count(), index_of_class.size());
  // Every slot: either the class's own slot, or an alias of weight 0 whose
  // sets are a member of some class, indexed to that class's slot.
  std::uint64_t weight_sum = 0, own_slots = 0;
  for (std::uint64_t i = 0; i < indexer.size(); ++i) {
    const auto [first, second] = indexer.sets(i);
    ASSERT_EQ(std::popcount(first), a);
    ASSERT_EQ(std::popcount(second), b);
    ASSERT_EQ(first & second, 0u);
    ASSERT_EQ((first | second) & ~all, 0u);
    const std::uint64_t w = indexer.weight(i);
    weight_sum += w;
    if (class_of_index.count(i)) {
      ++own_slots;
      EXPECT_GT(w, 0u);
      EXPECT_EQ(indexer.index(first, second), i);
    } else {
      EXPECT_EQ(w, 0u) << "slot " << i;
      EXPECT_TRUE(indexer.may_be_alias(i)) << "slot " << i;
      const Pair key = *images(by_hand, {first, second}).begin();
      EXPECT_EQ(indexer.index(first, second), index_of_class.at(key));
    }
  }
  EXPECT_EQ(own_slots, index_of_class.size());
  EXPECT_EQ(weight_sum, positions);
}

TEST(TwoSetIndexer, ThreeByThreeEveryCountAndSymmetryGroup) {
  const std::vector<SquareMap> all8 = dihedral_maps(3);
  // Subgroups: identity alone; identity and the half turn (mirror files
  // and ranks: map 3); identity and the left-right mirror (map 1).
  const std::vector<std::vector<SquareMap>> groups{all8, {all8[0]}, {all8[0], all8[3]}, {all8[0], all8[1]}};
  for (const auto& group : groups)
    for (int a = 0; a <= 9; ++a)
      for (int b = 0; a + b <= 9; ++b) check_indexer_by_brute_force(9, group, a, b);
}

TEST(TwoSetIndexer, FourByFourAndFiveByFiveSmallCounts) {
  for (int a = 0; a <= 3; ++a)
    for (int b = 0; b <= 3; ++b) check_indexer_by_brute_force(16, dihedral_maps(4), a, b);
  check_indexer_by_brute_force(16, dihedral_maps(4), 6, 1);
  check_indexer_by_brute_force(16, dihedral_maps(4), 8, 8);
  check_indexer_by_brute_force(25, dihedral_maps(5), 2, 2);
  check_indexer_by_brute_force(25, dihedral_maps(5), 1, 3);
}

TEST(TwoSetIndexer, ThirtyTwoSquaresWithTheIdentity) {
  // 32 squares fill the bitboard: the edge case of the board mask.
  std::vector<int> identity(32);
  for (int s = 0; s < 32; ++s) identity[s] = s;
  const std::vector<SquareMap> maps{SquareMap(identity)};
  check_indexer_by_brute_force(32, maps, 1, 1);
  check_indexer_by_brute_force(32, maps, 2, 1);
  check_indexer_by_brute_force(32, maps, 0, 2);
}

// ---- the games' tiers ----

const LineCaptureGame& game_for(bool pangki) {
  static const LineCaptureGame p(pangki_rules(), CaptureLines::Touched);
  static const LineCaptureGame c(cinc_camins_rules(), CaptureLines::Touched);
  return pangki ? p : c;
}

TEST(GameSymmetry, TheGamesUseExactlyTheEightSymmetriesOfTheSquare) {
  for (const bool pangki : {true, false}) {
    const LineCaptureGame& game = game_for(pangki);
    std::set<std::vector<int>> want;
    for (const auto& image : dihedral_by_hand(game.width())) want.insert(image);
    std::set<std::vector<int>> got;
    for (const auto& image : images_of(game.symmetries())) got.insert(image);
    EXPECT_EQ(got, want);
    EXPECT_EQ(game.symmetry_count(), 8u);
    // The bitboard maps apply their own images.
    std::mt19937_64 rng(1);
    for (const SquareMap& m : game.symmetries())
      for (int i = 0; i < 1000; ++i) {
        const std::uint32_t set = static_cast<std::uint32_t>(rng()) & ((1u << game.squares()) - 1);
        ASSERT_EQ(m.apply(set), apply(m.image(), set));
      }
  }
}

// Every slot of tier t: a slot that index() does not give back is an alias
// (weight 0) of a slot holding a symmetric image; a slot it gives back
// holds a position every image of which indexes to it, with the class size
// as weight. With the slots that index() gives back as many as Burnside's
// classes, that proves index() right on every position of the tier.
void check_whole_tier(const LineCaptureGame& game, LineCaptureGame::TierId t) {
  SCOPED_TRACE(game.name() + " tier " + game.tier_name(t));
  const auto maps = game.symmetries();
  const auto by_hand = images_of(maps);
  std::uint64_t own = 0, weights = 0;
  for (std::uint64_t i = 0; i < game.tier_size(t); ++i) {
    const LineCapturePosition p = game.position(t, i);
    ASSERT_EQ(game.tier_of(p), t);
    const std::uint64_t j = game.index(p);
    const std::uint64_t w = game.slot_weight(t, i);
    weights += w;
    if (j == i) {
      ++own;
      // Distinct images, by the maps written out here.
      const Images cls = images(by_hand, {p.mine, p.theirs});
      ASSERT_EQ(w, cls.size()) << "slot " << i;
      for (const SquareMap& m : maps)
        ASSERT_EQ(game.index({m.apply(p.mine), m.apply(p.theirs), false}), i) << "slot " << i;
    } else {
      ASSERT_EQ(w, 0u) << "slot " << i << " indexes to " << j;
      ASSERT_TRUE(game.slot_may_be_alias(t, i)) << "slot " << i;
      ASSERT_LT(j, game.tier_size(t));
      ASSERT_GT(game.slot_weight(t, j), 0u);
      const LineCapturePosition q = game.position(t, j);
      ASSERT_TRUE(images(by_hand, {p.mine, p.theirs}).count({q.mine, q.theirs})) << "slot " << i << " -> " << j;
    }
  }
  EXPECT_EQ(own, burnside_classes(by_hand, game.squares(), game.mover_pieces(t), game.other_pieces(t)));
  EXPECT_EQ(weights, game.tier_positions(t));
  EXPECT_EQ(game.tier_positions(t), binomial(game.squares(), game.mover_pieces(t)) *
                                        binomial(game.squares() - game.mover_pieces(t), game.other_pieces(t)));
}

TEST(GameIndex, EverySlotOfEveryPangkiTier) {
  const LineCaptureGame& game = game_for(true);
  ASSERT_EQ(game.tier_count(), 25u);  // 2 to 6 pieces a side
  std::uint64_t positions = 0;
  for (LineCaptureGame::TierId t = 0; t < game.tier_count(); ++t) {
    check_whole_tier(game, t);
    positions += game.tier_positions(t);
  }
  // docs/rules.md: the 20,746,908 positions with 2 to 6 pieces a side.
  EXPECT_EQ(positions, 20746908u);
}

TEST(GameIndex, EverySlotOfTheSmallCincCaminsTiers) {
  const LineCaptureGame& game = game_for(false);
  ASSERT_EQ(game.tier_count(), 25u);  // 1 to 5 pieces a side
  for (int mover = 1; mover <= 3; ++mover)
    for (int other = 1; other <= 3; ++other) check_whole_tier(game, game.tier_id(mover, other));
}

TEST(GameIndex, MillionRandomPositionsOfTheLargeCincCaminsTiers) {
  const LineCaptureGame& game = game_for(false);
  const auto maps = game.symmetries();
  const auto by_hand = images_of(maps);
  std::vector<LineCaptureGame::TierId> large;
  for (LineCaptureGame::TierId t = 0; t < game.tier_count(); ++t)
    if (game.mover_pieces(t) > 3 || game.other_pieces(t) > 3) large.push_back(t);
  ASSERT_EQ(large.size(), 16u);
  std::mt19937_64 rng(2024);
  std::vector<int> squares(25);
  for (int s = 0; s < 25; ++s) squares[s] = s;
  const int per_tier = 1000000 / static_cast<int>(large.size()) + 1;
  for (const LineCaptureGame::TierId t : large) {
    SCOPED_TRACE(game.tier_name(t));
    for (int n = 0; n < per_tier; ++n) {
      std::shuffle(squares.begin(), squares.end(), rng);
      LineCapturePosition p;
      for (int k = 0; k < game.mover_pieces(t); ++k) p.mine |= bit(squares[k]);
      for (int k = 0; k < game.other_pieces(t); ++k) p.theirs |= bit(squares[game.mover_pieces(t) + k]);
      const std::uint64_t i = game.index(p);
      ASSERT_LT(i, game.tier_size(t));
      const LineCapturePosition q = game.position(t, i);
      ASSERT_TRUE(images(by_hand, {p.mine, p.theirs}).count({q.mine, q.theirs}))
          << game.format(p) << " -> slot " << i << " = " << game.format(q);
      // A random image of p has the same index.
      const auto& image = by_hand[rng() % 8];
      ASSERT_EQ(game.index({apply(image, p.mine), apply(image, p.theirs), false}), i) << game.format(p);
      if (n % 64 == 0) {
        ASSERT_GT(game.slot_weight(t, i), 0u);
      }
    }
  }
}

TEST(GameIndex, RandomSlotsOfTheLargeCincCaminsTiers) {
  const LineCaptureGame& game = game_for(false);
  const auto by_hand = images_of(game.symmetries());
  std::mt19937_64 rng(77);
  for (LineCaptureGame::TierId t = 0; t < game.tier_count(); ++t) {
    SCOPED_TRACE(game.tier_name(t));
    // At least one slot a class.
    const std::uint64_t classes = burnside_classes(by_hand, game.squares(), game.mover_pieces(t), game.other_pieces(t));
    EXPECT_GE(game.tier_size(t), classes);
    for (int n = 0; n < 20000; ++n) {
      const std::uint64_t i = rng() % game.tier_size(t);
      const LineCapturePosition p = game.position(t, i);
      ASSERT_EQ(game.tier_of(p), t);
      const std::uint64_t j = game.index(p);
      const std::uint64_t w = game.slot_weight(t, i);
      if (j == i) {
        ASSERT_EQ(w, images(by_hand, {p.mine, p.theirs}).size());
      } else {
        ASSERT_EQ(w, 0u);
        const LineCapturePosition q = game.position(t, j);
        ASSERT_TRUE(images(by_hand, {p.mine, p.theirs}).count({q.mine, q.theirs}));
      }
    }
  }
}

TEST(GameTiers, NamesIdsAndSuccessors) {
  for (const bool pangki : {true, false}) {
    const LineCaptureGame& game = game_for(pangki);
    const int low = pangki ? 2 : 1, high = pangki ? 6 : 5;
    std::set<std::string> names;
    for (LineCaptureGame::TierId t = 0; t < game.tier_count(); ++t) {
      EXPECT_EQ(game.tier_id(game.mover_pieces(t), game.other_pieces(t)), t);
      EXPECT_GE(game.mover_pieces(t), low);
      EXPECT_LE(game.mover_pieces(t), high);
      EXPECT_EQ(game.tier_name(t), std::to_string(game.mover_pieces(t)) + "-" + std::to_string(game.other_pieces(t)));
      names.insert(game.tier_name(t));
    }
    EXPECT_EQ(names.size(), 25u);
  }
  // Every child that is not over lies in a successor tier of its parent's
  // tier, for random positions of every tier and both variants.
  for (const bool pangki : {true, false})
    for (const CaptureLines lines : {CaptureLines::Touched, CaptureLines::Arrival}) {
      const LineCaptureGame game(pangki ? pangki_rules() : cinc_camins_rules(), lines);
      std::mt19937_64 rng(3);
      for (LineCaptureGame::TierId t = 0; t < game.tier_count(); ++t) {
        const auto successors = game.tier_successors(t);
        EXPECT_LE(successors.size(), lines == CaptureLines::Touched ? 4u : 3u);
        for (int n = 0; n < 300; ++n) {
          const LineCapturePosition p = game.position(t, rng() % game.tier_size(t));
          game.for_each_move(p, [&](const LineCaptureMove&, const LineCapturePosition& child) {
            if (game.is_lost(child)) return;
            EXPECT_NE(std::find(successors.begin(), successors.end(), game.tier_of(child)), successors.end())
                << game.tier_name(t) << " -> " << game.tier_name(game.tier_of(child));
          });
        }
      }
    }
}

#endif  // RTB_BITBOARD_ONLY

}  // namespace
}  // namespace rtb
