// Blockade (games/blockade/blockade.hpp): its facts, worked out by hand, solved
// by the engine through the table of moves it takes backwards itself. The
// conformance battery checks it against the contract and the simple solver.
#include <gtest/gtest.h>

#include <cstdint>

#include "driver/solve_in_memory.hpp"
#include "games/blockade/blockade.hpp"

namespace rtb {
namespace {

TEST(Blockade, SlotsStandForEveryPositionOnce) {
  const BlockadeGame game;
  std::uint64_t positions = 0;
  for (std::uint64_t i = 0; i < game.tier_size(0); ++i) positions += game.slot_weight(0, i);
  EXPECT_EQ(positions, binomial(9, 4) * binomial(5, 4));  // 630
}

TEST(Blockade, HandWorkedValues) {
  const BlockadeGame game;
  const auto values = solve_in_memory(game, 1);
  auto value = [&](const char* text) { return values[0][game.index(game.parse(text))]; };
  // The empty a1 touches only o's (b1, a2, b2): x cannot move and has lost.
  EXPECT_EQ(value("xxo/oox/.ox x"), make_value(0));
  // x slides a1 to b1; the empty a1 then touches only x's: o is blocked.
  EXPECT_EQ(value("oox/xxo/x.o x"), make_value(1));
  // The same seen the other way round: o blocked, to move.
  EXPECT_EQ(value("oox/xxo/.xo o"), make_value(0));
  // The start: x wins at once by b1b2 or c1b2, which leave the empty point
  // (b1, then c1) touching x's only.
  EXPECT_EQ(value("ooo/o.x/xxx x"), win_in(1));
  EXPECT_EQ(value("ooo/oxx/x.x o"), make_value(0));
  EXPECT_EQ(value("ooo/oxx/xx. o"), make_value(0));
}

}  // namespace
}  // namespace rtb
