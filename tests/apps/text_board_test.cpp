// The parts of `rtb play` that need no tablebases and no rtb process: the
// terminal board (apps/rtb/play/text_board.hpp) for a game whose text writes
// only its points (the Morris boards, from MorrisGame::board_look) and for
// squares with corner points (Crossings' seed reading); the game record's line; how a move is
// judged and how the computer picks one.
#include "apps/rtb/play/text_board.hpp"

#include <gtest/gtest.h>

#include <set>

#include "apps/rtb/play/game_record.hpp"
#include "apps/rtb/play/move_choice.hpp"
#include "games/morris/morris.hpp"
#include "service/board_points.hpp"
#include "service/move_events.hpp"
#include "service/query_session.hpp"

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

TEST(TextBoard, MorabarabaDrawsItsDiagonals) {
  // The board's links as the game gives them: four diagonals join the
  // squares' corners, a slant in each gap between two ranks they cross.
  EXPECT_EQ(drawn("morabaraba", "w../.../.../....../.../.../..b b 11 11"),
            "     a   b   c   d   e   f   g\n"
            "  7  w-----------.-----------.  7\n"
            "     | \\         |         / |\n"
            "  6  |   .-------.-------.   |  6\n"
            "     |   | \\     |     / |   |\n"
            "  5  |   |   .---.---.   |   |  5\n"
            "     |   |   |       |   |   |\n"
            "  4  .---.---.       .---.---.  4\n"
            "     |   |   |       |   |   |\n"
            "  3  |   |   .---.---.   |   |  3\n"
            "     |   | /     |     \\ |   |\n"
            "  2  |   .-------.-------.   |  2\n"
            "     | /         |         \\ |\n"
            "  1  .-----------.-----------b  1\n"
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

// The look the service gives for seed Crossings (CrossingsSeedGame::board_look):
// the squares and the corners between them, in the text's order.
rtb::BoardLook seed_look(const std::string& variant) {
  return rtb::QuerySession({"crossings", variant}, "/nonexistent", rtb::SearchLimits{}).board();
}

TEST(TextBoard, SeedCrossingsHasSquaresAndTheCornersBetweenThem) {
  const rtb::BoardLook look = seed_look("seed-4x3");
  EXPECT_EQ(look.files, 4);
  EXPECT_EQ(look.ranks, 3);
  ASSERT_EQ(look.points.size(), 4u * 3 + 3u * 2);
  EXPECT_EQ(look.points[0], "a3");
  EXPECT_EQ(look.points[4], "a2+");  // the first corner row: above rank 2's squares
  EXPECT_EQ(look.points[7], "a2");
  // A black piece on the corner c1+ (joining c1, d1, c2, d2) and a locked
  // white one on b1; the corner row's third character is c2+.
  EXPECT_EQ(draw_board("www./..b/.w../..b/bWbb w", look, Paint{false, look.pieces}),
            "      a   b   c   d\n"
            "    +---+---+---+---+\n"
            "  3 | w | w | w | . | 3\n"
            "    +---.---.---b---+\n"
            "  2 | . | w | . | . | 2\n"
            "    +---.---.---b---+\n"
            "  1 | b | W | b | b | 1\n"
            "    +---+---+---+---+\n"
            "      a   b   c   d\n");
  // The 8x8 board: 64 squares, 49 corners, 15 rows of text.
  const rtb::BoardLook eight = seed_look("seed");
  EXPECT_EQ(eight.files, 8);
  EXPECT_EQ(eight.ranks, 8);
  EXPECT_EQ(eight.points.size(), 64u + 49u);
  EXPECT_EQ(eight.points.back(), "h1");
}

TEST(TextBoard, OtherBoardsHaveNoCorners) {
  for (const std::string game : {"crossings", "pangki", "bagh-chal"}) {
    const rtb::BoardLook look = rtb::QuerySession({game}, "/nonexistent", rtb::SearchLimits{}).board();
    EXPECT_FALSE(rtb::has_corners(look)) << game;
  }
  EXPECT_TRUE(rtb::has_corners(seed_look("seed-3x3")));
}

TEST(MoveEvents, SeedReserveAndPendingPieces) {
  const rtb::BoardLook look = seed_look("seed-3x3");
  const rtb::MoveEvents events(look, "www/../.../../bbb b");
  EXPECT_TRUE(events.has_reserve());
  // Black's b2 steps to b3, its far rank: pending there.
  const std::vector<std::string> lines = events.lines("w.w/../.b./../b.. b", "wbw/../.../../b.. w", 'b');
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], "pending: black b3; white must remove every pending piece or make one of its own, or lose");
  EXPECT_EQ(events.pieces("wbw/../.../../b.. w", 'b'), 2);
}

TEST(GameRecord, OneLineOfPositionAndMoves) {
  using rtb::cli::GameRecord;
  using rtb::cli::parse_record;
  using rtb::cli::record_text;
  EXPECT_EQ(record_text({"", "", "wwww/w..w/b..b/bbbb b", {"a2b2", "d3c3"}}), "wwww/w..w/b..b/bbbb b | a2b2 d3c3");
  EXPECT_EQ(record_text({"bagh-chal", "default", "T...T/...../...../...../T...T g 20", {}}),
            "bagh-chal default | T...T/...../...../...../T...T g 20 |");
  const GameRecord r = parse_record("  .../.../..../.../... w 6 6 |  c1   a1xb2 \r");
  EXPECT_EQ(r.first, ".../.../..../.../... w 6 6");
  EXPECT_EQ(r.moves, (std::vector<std::string>{"c1", "a1xb2"}));
  // A seed Crossings move may hold a comma: it is one move.
  EXPECT_EQ(parse_record("start | c1b1+/cb1+,sb2").moves, (std::vector<std::string>{"c1b1+/cb1+,sb2"}));
  EXPECT_TRUE(parse_record("start").moves.empty());
  EXPECT_TRUE(parse_record("start |").moves.empty());
  EXPECT_THROW(parse_record(" | a2b2"), std::invalid_argument);
  EXPECT_THROW(parse_record("start | a2b2 | b2b3"), std::invalid_argument);  // "start" is no game and variant
  const GameRecord back = parse_record(record_text({"", "", "wwww/w..w/b..b/bbbb b", {"a2b2"}}));
  EXPECT_EQ(back.first, "wwww/w..w/b..b/bbbb b");
  EXPECT_EQ(back.moves, std::vector<std::string>{"a2b2"});
  // The full form names the game, as the explorer exports it.
  const GameRecord named = {"crossings", "seed-3x3", "w../../..b/.w/... b", {"c2b1"}};
  EXPECT_EQ(record_text(named), "crossings seed-3x3 | w../../..b/.w/... b | c2b1");
  const GameRecord read = parse_record(" crossings seed-3x3 |w../../..b/.w/... b| c2b1 ");
  EXPECT_EQ(read.game, "crossings");
  EXPECT_EQ(read.variant, "seed-3x3");
  EXPECT_EQ(read.first, "w../../..b/.w/... b");
  EXPECT_EQ(read.moves, std::vector<std::string>{"c2b1"});
  EXPECT_THROW(parse_record("pangki | start | a2b2"), std::invalid_argument);  // no variant
  EXPECT_THROW(parse_record("a | b | c | d"), std::invalid_argument);
}

rtb::ValueBounds exactly(rtb::Value v) { return {v, v}; }

TEST(MoveChoice, MistakesAndInaccuracies) {
  using rtb::cli::judge;
  using rtb::cli::MoveQuality;
  const auto win = [](unsigned d) { return exactly(rtb::win_in(d)); };
  const auto loss = [](unsigned d) { return exactly(rtb::loss_in(d)); };
  const rtb::ValueBounds draw = exactly(rtb::kDraw);
  // Encode "LOSS in d" and "WIN in d" as the solver does: the same distance
  // code, told apart by the outcome (solver/value.hpp).
  ASSERT_TRUE(rtb::is_win(rtb::win_in(5)));
  EXPECT_EQ(judge(win(5), win(5)), MoveQuality::Best);
  EXPECT_EQ(judge(win(5), win(7)), MoveQuality::Inaccuracy);  // a win made longer
  EXPECT_EQ(judge(win(5), draw), MoveQuality::Mistake);
  EXPECT_EQ(judge(win(5), loss(8)), MoveQuality::Mistake);
  EXPECT_EQ(judge(draw, draw), MoveQuality::Best);
  EXPECT_EQ(judge(draw, loss(30)), MoveQuality::Mistake);
  EXPECT_EQ(judge(loss(20), loss(20)), MoveQuality::Best);
  EXPECT_EQ(judge(loss(20), loss(12)), MoveQuality::Inaccuracy);     // a loss made shorter
  EXPECT_EQ(judge(rtb::ValueBounds{}, draw), MoveQuality::Unknown);  // unproven: no flag
  EXPECT_EQ(rtb::cli::quality_mark(MoveQuality::Mistake), "??");
  EXPECT_EQ(rtb::cli::quality_mark(MoveQuality::Inaccuracy), "?");
  EXPECT_EQ(rtb::cli::quality_mark(MoveQuality::Best), "");
}

TEST(MoveChoice, BestAtRandomWeakerAtLowStrength) {
  rtb::QueryResult r;
  r.value = exactly(rtb::kDraw);
  for (const char* m : {"a", "b", "c"}) r.moves.push_back({m, exactly(rtb::kDraw), "", ""});
  r.moves.push_back({"d", exactly(rtb::loss_in(10)), "", ""});
  EXPECT_EQ(rtb::cli::best_moves(r), (std::vector<std::size_t>{0, 1, 2}));
  std::set<std::size_t> perfect, weak;
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    rtb::cli::MoveChooser strong(seed, 100), feeble(seed, 0);
    perfect.insert(strong.choose(r));
    weak.insert(feeble.choose(r));
    EXPECT_EQ(rtb::cli::MoveChooser(seed, 100).choose(r), rtb::cli::MoveChooser(seed, 100).choose(r));
  }
  EXPECT_EQ(perfect, (std::set<std::size_t>{0, 1, 2}));
  EXPECT_EQ(weak, (std::set<std::size_t>{3}));
  // Half strength: both kinds over many moves.
  rtb::cli::MoveChooser half(7, 50);
  int weaker = 0;
  for (int i = 0; i < 1000; ++i) weaker += half.choose(r) == 3;
  EXPECT_GT(weaker, 400);
  EXPECT_LT(weaker, 600);
}

}  // namespace
