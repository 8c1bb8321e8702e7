// The one-line game record with its variations (apps/rtb/play/game_record.hpp)
// and what becomes of the variations when a player goes back and plays
// another move or takes one up again (apps/rtb/play/record_variations.hpp).
#include <gtest/gtest.h>

#include <stdexcept>

#include "apps/rtb/play/game_record.hpp"
#include "apps/rtb/play/record_variations.hpp"

namespace {

using rtb::cli::GameRecord;
using rtb::cli::LineWithVariations;
using rtb::cli::parse_record;
using rtb::cli::record_text;
using rtb::cli::RecordBranch;
using Moves = std::vector<std::string>;

TEST(GameRecordVariations, NestedVariationsAreReadAndWrittenBack) {
  // d3d2 was tried instead of d3c3, and inside it c1b1 instead of c1c2; b2b3
  // goes on from d3c3.
  const std::string text = "pangki default | start | a2b2 d3c3 (d3d2 c1c2 (c1b1)) b2b3";
  const GameRecord r = parse_record(text);
  EXPECT_EQ(r.moves, (Moves{"a2b2", "d3c3", "b2b3"}));
  ASSERT_EQ(r.variations.size(), 1u);
  EXPECT_EQ(r.variations[0], (RecordBranch{1, {"d3d2", "c1c2"}, {RecordBranch{1, {"c1b1"}, {}}}}));
  EXPECT_EQ(record_text(r), text);
  // Parentheses may touch the moves; two variations of one move, in order.
  const GameRecord tight = parse_record("start |a2b2(b1b2)(c1c2 d3d2)d3c3");
  EXPECT_EQ(tight.moves, (Moves{"a2b2", "d3c3"}));
  EXPECT_EQ(tight.variations,
            (std::vector<RecordBranch>{RecordBranch{0, {"b1b2"}, {}}, RecordBranch{0, {"c1c2", "d3d2"}, {}}}));
  EXPECT_EQ(record_text(tight), "start | a2b2 (b1b2) (c1c2 d3d2) d3c3");
}

TEST(GameRecordVariations, UnpairedOrEmptyParenthesesAreRefusedWithTheReason) {
  const auto reason = [](const std::string& line) {
    try {
      parse_record(line);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(reason("start | (a2b2) d3c3"),
            "a variation \"(...)\" follows the move it replaces: no move comes before it");
  EXPECT_EQ(reason("start | a2b2 (d3c3 (c1c2)"), "a variation \"(\" is not closed by its ')'");
  EXPECT_EQ(reason("start | a2b2 d3c3)"), "a ')' closes no variation");
  EXPECT_EQ(reason("start | a2b2 ( )"), "a variation \"()\" holds no move");
}

TEST(GameRecordVariations, AnotherMoveKeepsTheOldMovesAndTakingThemUpSwapsBack) {
  LineWithVariations line{{"a", "b", "c", "d"}, {RecordBranch{0, {"z"}, {}}, RecordBranch{2, {"x", "y"}, {}}}};
  // Back to move 2 and another move there: b c d, with x y (which replaced
  // c), become one variation at 1; z, at 0, stays where it was.
  line.branch_off(1);
  line.moves.push_back("e");
  line.moves.push_back("f");
  EXPECT_EQ(line.moves, (Moves{"a", "e", "f"}));
  EXPECT_EQ(line.variations,
            (std::vector<RecordBranch>{RecordBranch{0, {"z"}, {}},
                                       RecordBranch{1, {"b", "c", "d"}, {RecordBranch{1, {"x", "y"}, {}}}}}));
  EXPECT_EQ(line.variation_starting(1, "b"), 1u);
  EXPECT_EQ(line.variation_starting(1, "c"), std::string::npos);
  EXPECT_EQ(line.variation_starting(0, "b"), std::string::npos);
  EXPECT_EQ(rtb::cli::variation_size(line.variations[1]), "3 moves, 1 variation inside");
  // Taking b c d up again: the line is as it was, e f a variation in its place.
  EXPECT_EQ(line.take_up(1), 1u);
  EXPECT_EQ(line.moves, (Moves{"a", "b", "c", "d"}));
  EXPECT_EQ(line.variations, (std::vector<RecordBranch>{RecordBranch{0, {"z"}, {}}, RecordBranch{1, {"e", "f"}, {}},
                                                        RecordBranch{2, {"x", "y"}, {}}}));
  // A record of the first two moves keeps the variations of those two.
  EXPECT_EQ(line.variations_within(2).size(), 2u);
  EXPECT_EQ(line.variations_within(0).size(), 0u);
  // Taking up z, which replaced the first move: the whole line becomes its variation.
  line.take_up(0);
  EXPECT_EQ(line.moves, Moves{"z"});
  ASSERT_EQ(line.variations.size(), 1u);
  EXPECT_EQ(record_text({"", "", "p", line.moves, line.variations}), "p | z (a b (e f) c (x y) d)");
  EXPECT_EQ(rtb::cli::variation_size(line.variations[0]), "4 moves, 2 variations inside");
}

}  // namespace
