// The width-generic kit: bit tricks and symmetry maps on 64- and 128-bit
// sets, and the indexer for any number of piece sets, checked against brute
// force (every tuple of sets enumerated, classes found by applying the maps
// square by square) and against the two-set numbering the files hold.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "games/kit/bitboard.hpp"
#include "games/kit/board_symmetry.hpp"
#include "games/kit/lazy_indexers.hpp"
#include "games/kit/set_indexer.hpp"

namespace rtb {
namespace {

template <class S>
S random_set(std::mt19937_64& rng) {
  if constexpr (sizeof(S) == 16) return static_cast<S>(rng()) << 64 | rng();
  else return static_cast<S>(rng());
}

// ---- bit tricks ----

template <class S>
void check_bit_tricks_by_hand() {
  constexpr int kBits = kSetBits<S>;
  std::mt19937_64 rng(kBits);
  for (int i = 0; i < 20000; ++i) {
    const S mask = (random_set<S>(rng) & random_set<S>(rng)) | bit<S>(rng() % kBits);
    const S set = random_set<S>(rng);
    S packed = 0;
    int place = 0, members = 0, lowest = -1;
    for (int s = 0; s < kBits; ++s) {
      if (set >> s & 1) {
        ++members;
        if (lowest < 0) lowest = s;
      }
      if (mask >> s & 1) packed |= static_cast<S>(set >> s & 1) << place++;
    }
    ASSERT_EQ(count(set), members);
    if (set) {
      ASSERT_EQ(lowest_square(set), lowest);
    }
    ASSERT_TRUE(squeeze(set, mask) == packed);
    ASSERT_TRUE(spread(packed, mask) == (set & mask));
    std::vector<int> squares;
    for_each_square(set, [&](int s) { squares.push_back(s); });
    ASSERT_EQ(static_cast<int>(squares.size()), members);
    ASSERT_TRUE(std::is_sorted(squares.begin(), squares.end()));
  }
  EXPECT_TRUE(first_squares<S>(kBits) == static_cast<S>(~S{0}));
  EXPECT_TRUE(squeeze(static_cast<S>(~S{0}), static_cast<S>(~S{0})) == static_cast<S>(~S{0}));
}

TEST(WideSets, SqueezeSpreadCountAndIterationAgreeWithBruteForce) {
  check_bit_tricks_by_hand<std::uint32_t>();
  check_bit_tricks_by_hand<std::uint64_t>();
  check_bit_tricks_by_hand<Bitboard128>();
}

TEST(WideSets, ColexRanksRoundTripOnEveryWidth) {
  std::mt19937_64 rng(3);
  for (const int n : {64, 100, 121, 128}) {
    for (const int k : {0, 1, 2, 3, 5}) {
      for (int i = 0; i < 500; ++i) {
        const std::uint64_t rank = rng() % binomial(n, k);
        const Bitboard128 set = colex_unrank<Bitboard128>(rank, k, n);
        ASSERT_EQ(count(set), k);
        ASSERT_EQ(colex_rank(set), rank);
        if (n <= 64) {
          ASSERT_EQ(colex_rank(colex_unrank<std::uint64_t>(rank, k, n)), rank);
        }
      }
      EXPECT_EQ(colex_rank(colex_unrank<Bitboard128>(binomial(n, k) - 1, k, n)), binomial(n, k) - 1);
    }
  }
  EXPECT_EQ(binomial(128, 3), 341376u);
  EXPECT_EQ(binomial(113, 6), 2'526'561'576u);
  EXPECT_EQ(binomial(128, 64), ~std::uint64_t{0});  // beyond 64 bits: saturated
}

TEST(WideSets, SquareMapsOnWideBoardsMoveEverySquareAsTheirImageSays) {
  const auto maps64 = dihedral_maps<std::uint64_t>(8);
  const auto maps128 = dihedral_maps<Bitboard128>(11);  // 121 squares
  std::mt19937_64 rng(4);
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t set64 = rng();
    const Bitboard128 set128 = random_set<Bitboard128>(rng) & first_squares<Bitboard128>(121);
    for (std::size_t g = 0; g < 8; ++g) {
      std::uint64_t want64 = 0;
      Bitboard128 want128 = 0;
      for_each_square(set64, [&](int s) { want64 |= bit<std::uint64_t>(maps64[g].apply_square(s)); });
      for_each_square(set128, [&](int s) { want128 |= bit<Bitboard128>(maps128[g].apply_square(s)); });
      ASSERT_EQ(maps64[g].apply(set64), want64);
      ASSERT_TRUE(maps128[g].apply(set128) == want128);
    }
  }
}

// ---- the indexer, by brute force ----

// Calls f(set) for every set of k squares of `pool`.
template <class S, class F>
void for_each_subset(S pool, int k, S chosen, F& f) {
  if (k == 0) return f(chosen);
  if (count(pool) < k) return;
  const S low = pool & (S{0} - pool);
  for_each_subset(static_cast<S>(pool ^ low), k - 1, static_cast<S>(chosen | low), f);
  for_each_subset(static_cast<S>(pool ^ low), k, chosen, f);
}

template <class S, std::size_t N>
std::array<S, N> image(const BasicSquareMap<S>& map, const std::array<S, N>& sets) {
  std::array<S, N> out{};
  for (std::size_t k = 0; k < N; ++k) for_each_square(sets[k], [&](int s) { out[k] |= bit<S>(map.image()[s]); });
  return out;
}

// index() is one number per class, a different one for each class, below
// size(); sets() of it is in the class; weights are class sizes (0 for
// aliases); class_count() counts the classes; for_each_slot_of_class()
// gives each class's slots, which together are every slot once.
template <class S, std::size_t N>
void check_by_brute_force(int squares, const std::vector<BasicSquareMap<S>>& maps, const std::array<int, N>& counts) {
  SCOPED_TRACE(::testing::Message() << squares << " squares, " << maps.size() << " maps, " << N << " sets, first "
                                    << counts[0]);
  const SetIndexer<S, N> indexer(squares, counts, maps);
  std::map<std::array<S, N>, std::uint64_t> slot_of_class;  // smallest member -> slot
  std::map<std::uint64_t, std::array<S, N>> class_of_slot;
  std::uint64_t positions = 0;
  std::vector<int> class_slots_seen(indexer.size());  // by slot: how many classes gave it
  std::array<S, N> sets{};
  std::function<void(std::size_t, S)> place = [&](std::size_t k, S taken) {
    if (k == N) {
      ++positions;
      std::set<std::array<S, N>> members;
      for (const auto& map : maps) members.insert(image(map, sets));
      const std::uint64_t slot = indexer.index(sets);
      ASSERT_LT(slot, indexer.size());
      const auto [at, fresh] = slot_of_class.emplace(*members.begin(), slot);
      ASSERT_EQ(at->second, slot) << "one class, two slots";
      const auto [bt, new_slot] = class_of_slot.emplace(slot, *members.begin());
      ASSERT_TRUE(bt->second == *members.begin()) << "two classes, one slot";
      if (fresh) {
        ASSERT_TRUE(members.count(indexer.sets(slot)));
        ASSERT_EQ(indexer.weight(slot), members.size());
        // The class's slots: the least is index(), each stands for the class.
        std::set<std::uint64_t> of_class;
        indexer.for_each_slot_of_class(indexer.first_set(sets[0]), sets.data() + 1,
                                       [&](std::uint64_t s) { of_class.insert(s); });
        ASSERT_EQ(*of_class.begin(), slot);
        for (const std::uint64_t s : of_class) {
          ASSERT_EQ(indexer.index(indexer.sets(s)), slot) << "slot " << s << " is not of the class";
          ++class_slots_seen[s];
        }
      }
      return;
    }
    auto next = [&](S set) {
      sets[k] = set;
      place(k + 1, taken | set);
    };
    for_each_subset(static_cast<S>(first_squares<S>(squares) & ~taken), counts[k], S{0}, next);
  };
  place(0, S{0});
  EXPECT_EQ(indexer.class_count(), slot_of_class.size());
  // The classes' slots are every slot, each of one class.
  EXPECT_EQ(std::count(class_slots_seen.begin(), class_slots_seen.end(), 1),
            static_cast<std::ptrdiff_t>(indexer.size()));
  std::uint64_t weights = 0;
  for (std::uint64_t i = 0; i < indexer.size(); ++i) weights += indexer.weight(i);
  EXPECT_EQ(weights, positions);
}

TEST(SetIndexer, ThreeSetsOnSmallBoardsAgreeWithBruteForce) {
  const auto all8 = dihedral_maps<std::uint32_t>(3);
  for (const auto& group : std::vector<std::vector<SquareMap>>{all8, {all8[0]}, {all8[0], all8[3]}})
    for (int a = 0; a <= 3; ++a)
      for (int b = 0; b <= 3; ++b)
        for (int c = 0; a + b + c <= 9 && c <= 3; ++c) check_by_brute_force<std::uint32_t, 3>(9, group, {a, b, c});
  check_by_brute_force<std::uint64_t, 3>(16, dihedral_maps<std::uint64_t>(4), {2, 2, 1});
  check_by_brute_force<Bitboard128, 4>(9, dihedral_maps<Bitboard128>(3), {1, 2, 1, 2});
  check_by_brute_force<std::uint32_t, 1>(16, dihedral_maps<std::uint32_t>(4), {4});
}

// The two-set numbering is the files' numbering: wider words and a third
// set of none give the very same slots.
TEST(SetIndexer, TwoSetSlotsDoNotDependOnTheWidthOrOnAnEmptyThirdSet) {
  const TwoSetIndexer narrow(25, 4, 5, dihedral_maps(5));
  const SetIndexer<std::uint64_t, 2> wide(25, 4, 5, dihedral_maps<std::uint64_t>(5));
  const SetIndexer<Bitboard128, 3> wider(25, {4, 5, 0}, dihedral_maps<Bitboard128>(5));
  ASSERT_EQ(narrow.size(), wide.size());
  ASSERT_EQ(narrow.size(), wider.size());
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t slot = rng() % narrow.size();
    const auto [first, second] = narrow.sets(slot);
    ASSERT_EQ(wide.index(first, second), narrow.index(first, second));
    ASSERT_EQ(wider.index(first, second, 0), narrow.index(first, second));
    ASSERT_EQ(wide.weight(slot), narrow.weight(slot));
  }
  EXPECT_EQ(wide.class_count(), narrow.class_count());
}

// Indexers that differ only in their further sets may share the classes
// of their first sets (built once: Morris builds one table a size of first
// set): the slots are those of an indexer built alone, whose class ids
// follow the colex order of the canonical sets, as the files were numbered.
// A table built for another board or set size is refused.
TEST(SetIndexer, IndexersSharingTheirFirstSetClassesNumberAsIfBuiltAlone) {
  const auto maps = dihedral_maps(5);
  const auto classes = TwoSetIndexer::classes_of_first_sets(25, 4, maps);
  std::mt19937_64 rng(11);
  for (const int second : {0, 3, 7}) {
    SCOPED_TRACE(::testing::Message() << "second set of " << second);
    const TwoSetIndexer shared(25, 4, second, maps, classes), alone(25, 4, second, maps);
    ASSERT_EQ(shared.size(), alone.size());
    ASSERT_EQ(shared.first_set_classes(), alone.first_set_classes());
    for (std::uint64_t id = 1; id < alone.first_set_classes(); ++id)
      ASSERT_LT(alone.first_class(id - 1), alone.first_class(id)) << "class ids out of colex order at " << id;
    for (int i = 0; i < 20000; ++i) {
      const std::uint64_t slot = rng() % alone.size();
      const auto [first, rest] = alone.sets(slot);
      ASSERT_EQ(shared.sets(slot), alone.sets(slot));
      ASSERT_EQ(shared.index(first, rest), alone.index(first, rest));
      ASSERT_EQ(shared.weight(slot), alone.weight(slot));
    }
    EXPECT_EQ(shared.class_count(), alone.class_count());
  }
  EXPECT_THROW(TwoSetIndexer(25, 5, 3, maps, classes), std::invalid_argument);
  EXPECT_THROW(TwoSetIndexer(16, 4, 3, dihedral_maps(4), classes), std::invalid_argument);
}

// The games' lazy indexers (games/kit/lazy_indexers.hpp): nothing is built
// before it is asked for; each indexer is built once, also when threads ask
// at the same time; those of one first set's size share one table of
// classes, and number as an indexer built alone; the bytes they report are
// each indexer's own tables and each size's classes once.
TEST(LazyIndexers, BuildEachOnceAndShareOneTableOfClassesAFirstSetSize) {
  const auto maps = dihedral_maps(5);
  const LazyIndexers<TwoSetIndexer> lazy(25, maps, 5, 7);
  // Said before anything is built: what the three indexers below will hold.
  const std::uint64_t planned = lazy.table_bytes({{4, 3}, {4, 7}, {5, 2}, {4, 3}});
  std::vector<const TwoSetIndexer*> seen(4);
  std::vector<std::thread> threads;
  for (std::size_t k = 0; k < seen.size(); ++k) threads.emplace_back([&, k] { seen[k] = &lazy.get(4, 3); });
  for (std::thread& t : threads) t.join();
  for (const TwoSetIndexer* s : seen) EXPECT_EQ(s, seen.front()) << "built more than once";
  const TwoSetIndexer &four_three = lazy.get(4, 3), &four_seven = lazy.get(4, 7), &five_two = lazy.get(5, 2);
  EXPECT_EQ(&four_three.first_set_class_table(), &four_seven.first_set_class_table());
  EXPECT_NE(&four_three.first_set_class_table(), &five_two.first_set_class_table());
  const TwoSetIndexer alone(25, 4, 7, maps);
  ASSERT_EQ(four_seven.size(), alone.size());
  std::mt19937_64 rng(5);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t slot = rng() % alone.size();
    const auto [first, rest] = alone.sets(slot);
    ASSERT_EQ(four_seven.index(first, rest), alone.index(first, rest));
  }
  // C(25, 4) and C(25, 5) sets in the class tables, a 32-bit word each at the least.
  const std::uint64_t classes = four_three.first_set_class_table().bytes() + five_two.first_set_class_table().bytes();
  EXPECT_GE(classes, (binomial(25, 4) + binomial(25, 5)) * sizeof(std::uint32_t));
  EXPECT_EQ(planned,
            classes + four_three.own_table_bytes() + four_seven.own_table_bytes() + five_two.own_table_bytes());
  for (int first = 0; first <= 5; ++first)
    for (int second = 0; second <= 7; ++second)
      ASSERT_EQ(lazy.size(first, second), lazy.get(first, second).size()) << first << " and " << second;
}

// The classes of first sets counted by Burnside's lemma, without a table,
// are the classes the table finds, on boards with 2 and 8 symmetries, for
// every size of set (a Morris board's 16: MorabarabaPlan's test).
TEST(SetIndexer, CountsClassesWithoutBuildingTheirTable) {
  const auto check = [](int squares, const std::vector<SquareMap>& maps) {
    for (int count = 0; count <= squares && count <= 12; ++count) {
      const auto classes = TwoSetIndexer::classes_of_first_sets(squares, count, maps);
      ASSERT_EQ(TwoSetIndexer::count_first_set_classes(squares, count, maps), classes->canonical.size())
          << squares << " squares, " << count << " in the set, " << maps.size() << " maps";
      ASSERT_EQ(TwoSetIndexer::first_set_class_bytes(squares, count, maps), classes->bytes());
    }
  };
  check(25, dihedral_maps(5));
  std::vector<int> mirror(12);
  for (int s = 0; s < 12; ++s) mirror[s] = (s / 4) * 4 + 3 - s % 4;
  check(12, {SquareMap(std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}), SquareMap(mirror)});
}

TEST(SetIndexer, RefusesTiersBeyondTheSlotLimitWithAClearError) {
  const auto maps = dihedral_maps<Bitboard128>(11);  // 121 squares
  try {
    const SetIndexer<Bitboard128, 2> huge(121, 4, 12, maps);
    FAIL() << "a tier of " << huge.size() << " slots was built";
  } catch (const std::length_error& e) {
    EXPECT_NE(std::string(e.what()).find("2^40"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW((SetIndexer<Bitboard128, 2>(121, 2, 3, maps)));
  // A size asked of the lazy table, which builds nothing for it, is refused
  // alike: a plan must not go on with a tier no run can number.
  const LazyIndexers<SetIndexer<Bitboard128, 2>> lazy(121, maps, 4, 12);
  EXPECT_THROW(lazy.size(4, 12), std::length_error);
  EXPECT_EQ(lazy.size(2, 3), (SetIndexer<Bitboard128, 2>(121, 2, 3, maps)).size());
  EXPECT_THROW((SetIndexer<std::uint32_t, 2>(33, 1, 1, {SquareMap(std::vector<int>(33, 0))})), std::invalid_argument);
  EXPECT_THROW((SetIndexer<std::uint32_t, 2>(9, 5, 5, dihedral_maps(3))), std::invalid_argument);
}

}  // namespace
}  // namespace rtb
