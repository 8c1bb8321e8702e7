// The byte-table colex rank of 32-bit sets (bitboard.hpp) against the loop
// over points that 64-bit sets and constant evaluation still take: both sum
// binomial(e, j) over the set's j-th point e, so they must agree on every set.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace rtb
