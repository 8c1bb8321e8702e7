// The terminal board of `rtb play` (apps/rtb/play/text_board.hpp) for a game
// whose position text writes only its points: the Morris boards, drawn from
// the look the game gives (MorrisGame::board_look), without tablebases.
#include "apps/rtb/play/text_board.hpp"

#include <gtest/gtest.h>

#include "games/morris/morris.hpp"

namespace {

using rtb::cli::draw_board;
using rtb::cli::Paint;

std::string drawn(const std::string& variant, const std::string& position) {
  const rtb::BoardLook look = rtb::MorrisGame(variant).board_look();
  return draw_board(position, look, Paint{false, look.pieces});
}

TEST(TextBoard, NineMensMorrisDrawsTheTwentyFourPointsAndTheirLinks) {
  // White has placed on d7 (docs/rules.md's example): the long links cross
  // the cells between their points, and cells without a point are blank.
  EXPECT_EQ(drawn("nine", ".w./.../.../....../.../.../... b 8 9"),
            "     a   b   c   d   e   f   g\n"
            "  7  .-----------w-----------.  7\n"
            "     |           |           |\n"
            "  6  |   .-------.-------.   |  6\n"
            "     |   |       |       |   |\n"
            "  5  |   |   .---.---.   |   |  5\n"
            "     |   |   |       |   |   |\n"
            "  4  .---.---.       .---.---.  4\n"
            "     |   |   |       |   |   |\n"
            "  3  |   |   .---.---.   |   |  3\n"
            "     |   |       |       |   |\n"
            "  2  |   .-------.-------.   |  2\n"
            "     |           |           |\n"
            "  1  .-----------.-----------.  1\n"
            "     a   b   c   d   e   f   g\n");
}

TEST(TextBoard, EachCharacterOfTheTextLandsOnItsPoint) {
  // One stone a rank, at the last point of each: g7, f6, e5, g4, e3, f2, g1.
  const std::string board = drawn("nine", "..w/..b/..w/.....b/..w/..b/..w w 3 3");
  EXPECT_NE(board.find("  7  .-----------.-----------w  7\n"), std::string::npos) << board;
  EXPECT_NE(board.find("  6  |   .-------.-------b   |  6\n"), std::string::npos) << board;
  EXPECT_NE(board.find("  4  .---.---.       .---.---b  4\n"), std::string::npos) << board;
  EXPECT_NE(board.find("  1  .-----------.-----------w  1\n"), std::string::npos) << board;
}

TEST(TextBoard, SixAndSevenMensMorrisOnTheFiveByFiveGrid) {
  EXPECT_EQ(drawn("six", "w.b/.b./w..b/..w/..w b 2 3"),
            "     a   b   c   d   e\n"
            "  5  w-------.-------b  5\n"
            "     |       |       |\n"
            "  4  |   .---b---.   |  4\n"
            "     |   |       |   |\n"
            "  3  w---.       .---b  3\n"
            "     |   |       |   |\n"
            "  2  |   .---.---w   |  2\n"
            "     |       |       |\n"
            "  1  .-------.-------w  1\n"
            "     a   b   c   d   e\n");
  // Seven adds the centre c3, joined to its four neighbours.
  const std::string seven = drawn("seven", ".../.../..w../.../... b 6 7");
  EXPECT_NE(seven.find("  3  .---.---w---.---.  3\n"), std::string::npos) << seven;
  EXPECT_NE(seven.find("  4  |   .---.---.   |  4\n     |   |   |   |   |\n"), std::string::npos) << seven;
}

TEST(TextBoard, ColourPaintsTheStonesOnly) {
  const rtb::BoardLook look = rtb::MorrisGame("six").board_look();
  const std::string board = draw_board("w../.../..../.../..b w 5 5", look, Paint{true, look.pieces});
  EXPECT_NE(board.find("\033[1;37mw\033[0m-------.-------.  \033[2m5"), std::string::npos) << board;
  EXPECT_NE(board.find("\033[1;34mb\033[0m"), std::string::npos) << board;  // the game draws black blue
}

}  // namespace
