// The byte-table colex rank of 32-bit sets (bitboard.hpp) against the loop
// over points that 64-bit sets and constant evaluation still take: both sum
// binomial(e, j) over the set's j-th point e, so they must agree on every set.
// And the step to the next set in colex order against the ranks.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>

#include "games/kit/bitboard.hpp"

namespace rtb {
namespace {

std::uint64_t rank_by_loop(std::uint32_t set) { return colex_rank(static_cast<Bitboard64>(set)); }

// Computed by the compiler through the loop: {0, 1, 3} is the second 3-set.
static_assert(colex_rank(Bitboard{0b1011}) == 1);

TEST(ColexRankTable, AgreesWithTheLoopOnEverySetOfTheLowTwentyPoints) {
  for (std::uint32_t set = 0; set < (1u << 20); ++set) ASSERT_EQ(colex_rank(set), rank_by_loop(set)) << set;
}

TEST(ColexRankTable, AgreesWithTheLoopOnRandomSetsOfEverySizeUpToThirtyTwoPoints) {
  std::mt19937 random(11);
  for (int k = 0; k <= 32; ++k)
    for (int n = 0; n < 3000; ++n) {
      std::uint32_t set = 0;
      while (std::popcount(set) < k) set |= std::uint32_t{1} << (random() % 32);
      ASSERT_EQ(colex_rank(set), rank_by_loop(set)) << set;
    }
  EXPECT_EQ(colex_rank(~std::uint32_t{0}), 0u);                            // the only 32-set
  EXPECT_EQ(colex_rank(std::uint32_t{0xFFFF0000}), binomial(32, 16) - 1);  // the last 16-set of 32 points
}

// next_colex_set steps through the sets of one size in rank order: from the
// first set, step r reaches the set of rank r, and the last step reaches the
// last set. Checked on every size of a 12-point board, and on the last
// thousand sets of each size of a whole word (where a carry would leave it).
template <SquareSet S>
void expect_steps_in_rank_order(int points, int k, std::uint64_t from) {
  const std::uint64_t sets = binomial(points, k);
  S set = colex_unrank<S>(from, k, points);
  for (std::uint64_t r = from; r < sets; ++r) {
    ASSERT_EQ(colex_rank(set), r) << "points " << points << " k " << k;
    ASSERT_EQ(count(set), k);
    if (r + 1 < sets) set = next_colex_set(set);
  }
  EXPECT_EQ(set, first_squares<S>(k) << (points - k)) << "points " << points << " k " << k;  // the top k points
}

TEST(NextColexSet, StepsThroughEveryRankOfEverySize) {
  for (int k = 1; k <= 12; ++k) expect_steps_in_rank_order<std::uint32_t>(12, k, 0);
  const auto last_thousand = [](int points, int k) {
    return binomial(points, k) - std::min<std::uint64_t>(binomial(points, k), 1000);
  };
  for (int k = 1; k <= 32; ++k) expect_steps_in_rank_order<std::uint32_t>(32, k, last_thousand(32, k));
  for (int k = 1; k <= 64; k += 7) expect_steps_in_rank_order<std::uint64_t>(64, k, last_thousand(64, k));
  for (int k : {1, 2, 3, 5, 8}) expect_steps_in_rank_order<Bitboard128>(128, k, last_thousand(128, k));
}

static_assert(next_colex_set(Bitboard{0b0111}) == 0b1011);
static_assert(next_colex_set(Bitboard{0b1100}) == 0b10001);

}  // namespace
}  // namespace rtb
