// RankWithOneMore and RankWithOneLess against colex_rank itself, on every
// set of up to 4 points of a 12-point board and on random sets of 24 points.
#include "games/kit/rank_sums.hpp"

#include <gtest/gtest.h>

#include <random>

namespace rtb {
namespace {

void expect_ranks_of(Bitboard set, int points) {
  const RankWithOneMore more(set);
  const RankWithOneLess less(set);
  EXPECT_EQ(less.full(), colex_rank(set));
  for (int y = 0; y < points; ++y) {
    if (set & bit(y)) EXPECT_EQ(less(y), colex_rank(static_cast<Bitboard>(set & ~bit(y)))) << set << " less " << y;
    else EXPECT_EQ(more(y), colex_rank(static_cast<Bitboard>(set | bit(y)))) << set << " more " << y;
  }
}

TEST(RankSums, EverySmallSetOfTwelvePoints) {
  for (Bitboard set = 0; set < (1u << 12); ++set)
    if (count(set) <= 4) expect_ranks_of(set, 12);
}

TEST(RankSums, RandomSetsOfTheTwentyFourPointBoard) {
  std::mt19937 random(7);
  for (int n = 0; n < 2000; ++n) expect_ranks_of(random() & first_squares(24), 24);
  expect_ranks_of(first_squares(24), 24);  // the full board: every point removed in turn
  expect_ranks_of(0, 24);                  // the empty set: every point added in turn
}

}  // namespace
}  // namespace rtb
