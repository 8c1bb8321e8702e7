// The Morris family (docs/rules.md, "The Morris family") against facts found
// another way: the perft table of that page, a naive point-by-point move
// generator written from the rules alone (tests/games/morris/naive_morris.hpp),
// positions counted by hand, the text's strict parsing, the boards'
// symmetries found by brute force, and the tier sizes the page gives.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "games/kit/perft.hpp"
#include "games/morris/morris.hpp"
#include "tests/games/morris/morris_playouts.hpp"
#include "tests/games/morris/naive_morris.hpp"

namespace rtb {
namespace {

using namespace morris_test;  // NOLINT: the shared helpers read as this file's own

const std::vector<std::string> kAllVariants{"five", "six", "seven", "nine", "five-fly", "six-fly", "seven-fly"};
// Morabaraba and Lasker Morris (tests/games/morris/morabaraba_lasker_test.cpp
// has their own tests): checked here where a check holds for every variant.
const std::vector<std::string> kEveryVariant{"five",    "six",       "seven",      "nine",  "five-fly",
                                             "six-fly", "seven-fly", "morabaraba", "lasker"};

// One game per variant for the tier tests, built once: a game builds the
// indexer of each tier when first asked, which costs seconds for nine's.
const MorrisGame& shared_game(const std::string& variant) {
  static std::map<std::string, std::unique_ptr<MorrisGame>> games;
  std::unique_ptr<MorrisGame>& game = games[variant];
  if (!game) game = std::make_unique<MorrisGame>(variant);
  return *game;
}

// ---- the boards as typed in for the naive generator ----

// The naive boards agree with docs/rules.md's table (points, links, mills) and its
// rank lengths, so that a typo in them can not pass for an rtb bug or hide one.
TEST(MorrisNaiveBoards, MatchTheTableOfRulesMd) {
  struct Row {
    std::string variant;
    std::size_t points, links, mills;
    std::vector<int> ranks;
  };
  for (const Row& row : {Row{"five", 16, 20, 8, {3, 3, 4, 3, 3}}, Row{"six", 16, 20, 8, {3, 3, 4, 3, 3}},
                         Row{"seven", 17, 24, 14, {3, 3, 5, 3, 3}}, Row{"nine", 24, 32, 16, {3, 3, 3, 6, 3, 3, 3}}}) {
    const naive::MillsBoard b = naive::mills_board(row.variant);
    EXPECT_EQ(b.names.size(), row.points) << row.variant;
    EXPECT_EQ(b.links.size(), row.links) << row.variant;
    EXPECT_EQ(b.mills.size(), row.mills) << row.variant;
    EXPECT_EQ(b.rank_lengths, row.ranks) << row.variant;
    // Every mill is three points in a row joined by links (no mill uses a
    // cross link on the 16-point boards, and no point is a mill's twice).
    for (const auto& m : b.mills) {
      EXPECT_TRUE(b.adjacent[b.point(m[0])][b.point(m[1])] && b.adjacent[b.point(m[1])][b.point(m[2])])
          << row.variant << " " << m[0] << m[1] << m[2];
    }
    if (row.variant == "nine") {
      // "every point is on exactly 2 mills"
      for (std::size_t k = 0; k < b.names.size(); ++k) {
        int on = 0;
        for (const auto& m : b.mill_points) on += std::count(m.begin(), m.end(), static_cast<int>(k));
        EXPECT_EQ(on, 2) << b.names[k];
      }
    }
  }
}

// ---- perft from the start (docs/rules.md's table) ----

struct PerftRow {
  std::string variant;
  std::vector<std::uint64_t> leaves;  // depths 1..
};

const std::vector<PerftRow>& perft_table() {
  static const std::vector<PerftRow> table{
      {"five", {16, 240, 3'360, 43'680, 531'648, 6'024'960, 65'614'176}},
      {"six", {16, 240, 3'360, 43'680, 531'648, 6'024'960, 65'614'176}},
      {"seven", {17, 272, 4'080, 57'120, 757'848, 9'483'600, 117'231'552}},
      {"nine", {24, 552, 12'144, 255'024, 5'140'800, 99'274'176, 1'873'562'112}},
  };
  return table;
}

// Depths 1-6 (depth 6 of nine is 99 million leaves, about a second);
// depth 7 is the long run's (`rtb perft morris start 7`).
TEST(MorrisPerft, StartAgreesWithRulesMd) {
  for (const PerftRow& row : perft_table()) {
    const MorrisGame game(row.variant);
    for (int depth = 1; depth <= 6; ++depth)
      EXPECT_EQ(perft(game, game.start(), depth), row.leaves[depth - 1]) << row.variant << " depth " << depth;
  }
}

// The naive generator gives the same table, to depth 4 (it is slow).
TEST(MorrisPerft, NaiveStartAgreesWithRulesMd) {
  for (const PerftRow& row : perft_table()) {
    const naive::MillsBoard b = naive::mills_board(row.variant);
    const MorrisGame game(row.variant);
    const naive::Position start = naive::parse(b, game.format(game.start()));
    for (int depth = 1; depth <= (row.variant == "nine" ? 3 : 4); ++depth)
      EXPECT_EQ(naive::perft(b, start, depth), row.leaves[depth - 1]) << row.variant << " depth " << depth;
  }
}

// docs/rules.md: 16 (five, six), 17 (seven), 24 (nine) legal moves from the
// start, all placements; no removal before ply 5 (a mill needs three of one
// colour, and White's third stone is ply 5), and one at ply 5.
TEST(MorrisPerft, StartMovesAndNoRemovalBeforePlyFive) {
  const std::map<std::string, std::size_t> start_moves{{"five", 16}, {"six", 16}, {"seven", 17}, {"nine", 24}};
  for (const auto& [variant, expected] : start_moves) {
    const MorrisGame game(variant);
    EXPECT_EQ(rtb_moves(game, game.start()).size(), expected) << variant;
    std::vector<MorrisPosition> level{game.start()};
    for (int ply = 1; ply <= 5; ++ply) {
      std::vector<MorrisPosition> next;
      bool removal = false;
      for (const MorrisPosition& p : level) {
        game.for_each_move(p, [&](const MorrisMove& m, const MorrisPosition& child) {
          removal = removal || m.is_capture();
          if (ply < 5) next.push_back(child);
        });
      }
      EXPECT_EQ(removal, ply == 5) << variant << " ply " << ply;
      level = std::move(next);
    }
  }
}

// ---- naive against rtb along random games ----

TEST(MorrisNaiveAgreement, RandomPlayouts) {
  unsigned seed = 1;
  for (const std::string& variant : kAllVariants) {
    const PlayoutStats s = check_playouts(variant, 500, 200, seed++);
    // The games reached what they are meant to test.
    EXPECT_GT(s.movement, 3000) << variant;
    EXPECT_GT(s.with_removal, 1000) << variant;
    EXPECT_GT(s.restricted_removal, 100) << variant;
    EXPECT_GT(s.all_in_mills_removal, 10) << variant;
    EXPECT_GT(s.under_three, 100) << variant;
    const bool flies = variant == "nine" || variant.find("-fly") != std::string::npos;
    if (flies) {
      EXPECT_GT(s.flying, 500) << variant;
    }
    std::printf(
        "%-9s positions %d placement %d movement %d flying %d removal %d restricted %d all-in-mills %d "
        "blocked %d under-three %d\n",
        variant.c_str(), s.positions, s.placement, s.movement, s.flying, s.with_removal, s.restricted_removal,
        s.all_in_mills_removal, s.blocked, s.under_three);
  }
}

// Whole trees from mid-game positions met in random games: the naive perft
// (which also applies its own lost test at every inner node) equals rtb's.
TEST(MorrisNaiveAgreement, PerftFromMidGamePositions) {
  unsigned seed = 100;
  for (const std::string& variant : kAllVariants) {
    std::vector<std::string> sample;
    check_playouts(variant, 4, 80, seed++, &sample);
    ASSERT_GE(sample.size(), 4u) << variant;
    const MorrisGame game(variant);
    const naive::MillsBoard b = naive::mills_board(variant);
    for (std::size_t k = 0; k < sample.size(); k += sample.size() / 4) {
      EXPECT_EQ(perft(game, game.parse(sample[k]), 3), naive::perft(b, naive::parse(b, sample[k]), 3))
          << variant << " " << sample[k];
    }
  }
}

// ---- positions checked by hand ----

// Six, placement, White to move with 2 in hand: White c1 e1 a3 a5, Black b2
// c4 d4 d3 (no Black mill: b4 and d2 are empty). Of the 8 empty points only
// a1 closes a mill, and it closes two (a1c1e1 and a1a3a5) at once. Two mills
// remove one stone: a1 is 4 moves (any of Black's 4 stones, none in a mill),
// the other 7 placements are quiet, 11 in all; with two removals it would be
// C(4,2) = 6 moves for a1.
TEST(MorrisHandChecked, TwoMillsAtOnceRemoveOneStone) {
  const MorrisGame game("six");
  const MoveList moves = rtb_moves(game, game.parse("w../.bb/w.b./b../.ww w 2 2"));
  EXPECT_EQ(moves.size(), 11u);
  EXPECT_EQ(removals(moves), 4);
  const std::vector<std::string> texts = move_texts(moves);
  for (const std::string m : {"a1xb2", "a1xc4", "a1xd3", "a1xd4"})
    EXPECT_NE(std::find(texts.begin(), texts.end(), m), texts.end()) << m;
  // a1xb2: Black keeps 3 on the board and 2 in hand; Black to move, hands 1 2.
  const auto it = std::find_if(moves.begin(), moves.end(), [](const auto& m) { return m.first == "a1xb2"; });
  ASSERT_NE(it, moves.end());
  EXPECT_EQ(it->second, "w../.bb/w.b./.../www b 1 2");
  // On the 16- and 24-point boards a point's neighbours all lie on its own
  // mills, so a slide never closes two there (a flight, at 3 stones, has too
  // few); only a placement can. Seven's centre can: see the next test.
}

// Seven, movement: White c2 b3 d3 c4 c5, Black a1 e1 a5 (no Black mill).
// Sliding onto the centre c3 closes two mills from c2 (b3c3d3, c3c4c5), b3
// (c2c3c4, c3c4c5) and d3 (c2c3c4, c3c4c5), and one from c4 (b3c3d3); each
// is still 3 moves, one per Black stone. Quiet: c2 to b2, d2, c1; b3 to b2,
// b4, a3; d3 to d2, d4, e3; c4 to d4, b4; c5 to e5. 12 + 12 = 24.
TEST(MorrisHandChecked, TwoMillsBySlidingOntoSevensCentre) {
  const MorrisGame game("seven");
  const MoveList moves = rtb_moves(game, game.parse("bw./.w./.w.w./.w./b.b w 0 0"));
  EXPECT_EQ(moves.size(), 24u);
  EXPECT_EQ(removals(moves), 12);
  std::set<std::string> capturing;
  for (const auto& m : moves)
    if (m.first.size() > 4) capturing.insert(m.first.substr(0, 4));
  EXPECT_EQ(capturing, (std::set<std::string>{"b3c3", "c2c3", "c4c3", "d3c3"}));
}

// mill_closers(side), the placement walks' one pass over the mills, holds
// exactly the points x outside `side` where closes_mill(side + x, x): by hand
// on Nine's board (points of morris_board.hpp: a1 0, d1 1, g1 2, a4 9, a7
// 21), a1 d1 lack g1 and a1 a4 d1 lack g1 and a7; and on every board against
// closes_mill for random sets, dense and sparse.
TEST(MorrisHandChecked, MillClosersAreThePointsWhereAStoneClosesAMill) {
  const MorrisGame nine("nine");
  EXPECT_EQ(nine.mill_closers(bit(0) | bit(1)), bit(2));
  EXPECT_EQ(nine.mill_closers(bit(0) | bit(1) | bit(9)), bit(2) | bit(21));
  EXPECT_EQ(nine.mill_closers(0), 0u);
  for (const char* variant : {"five", "six", "seven", "nine"}) {
    const MorrisGame game(variant);
    const int points = game.rules().points;
    std::mt19937 random(5);
    int closing = 0;
    for (int n = 0; n < 20000; ++n) {
      const Bitboard side = static_cast<Bitboard>(n % 2 ? random() : random() & random()) & first_squares(points);
      const Bitboard closers = game.mill_closers(side);
      for (int x = 0; x < points; ++x) {
        if (side & bit(x)) continue;
        ASSERT_EQ((closers & bit(x)) != 0, game.closes_mill(side | bit(x), x))
            << variant << " set " << side << " point " << x;
        closing += (closers & bit(x)) != 0;
      }
    }
    EXPECT_GT(closing, 1000) << variant;  // the sets did reach mills
  }
}

// Six, movement: White a1 c1 e3 b4, Black b2 c2 d2 d3 d4, Black's 5 stones
// all in a mill (b2c2d2 and d2d3d4). White: a1a3; c1e1 (quiet: c1 left
// a1c1e1); e3e1 closes a1c1e1 and may remove any of the 5 (all in mills);
// e3e5 (quiet); b4c4, b4b3; d3 is Black's. 1 + 1 + 5 + 1 + 2 = 10.
TEST(MorrisHandChecked, AllOpponentStonesInMillsAnyMayBeRemoved) {
  const MorrisGame game("six");
  const MoveList moves = rtb_moves(game, game.parse(".../w.b/..bw/bbb/ww. w 0 0"));
  EXPECT_EQ(move_texts(moves), (std::vector<std::string>{"a1a3", "b4b3", "b4c4", "c1e1", "e3e1xb2", "e3e1xc2",
                                                         "e3e1xd2", "e3e1xd3", "e3e1xd4", "e3e5"}));
}

// Six, movement: White a1 c1 e3 b4, Black b2 c2 d2 (a mill) and c4. e3e1
// closes a1c1e1 and may remove only c4, the one Black stone outside a mill.
// White: a1a3, c1e1, e3e1xc4, e3e5, e3d3 (d3 empty now; d2d3d4 is not
// White's), b4b3 (c4 is Black's): 6.
TEST(MorrisHandChecked, SomeOpponentStonesInMillsOnlyTheOthers) {
  const MorrisGame game("six");
  const MoveList moves = rtb_moves(game, game.parse(".../wb./...w/bbb/ww. w 0 0"));
  EXPECT_EQ(move_texts(moves), (std::vector<std::string>{"a1a3", "b4b3", "c1e1", "e3d3", "e3e1xc4", "e3e5"}));
}

// Six, placement, White a1 c1 a5 and 3 in hand, Black b2 c2 d2 (a mill) and
// 3 in hand. e1 (a1c1e1) and a3 (a1a3a5) close mills; Black's board stones
// are all in a mill, so any of the 3 goes, and the 3 in hand are never
// removed: 2 x 3 removals and the 8 other placements quiet, 14.
TEST(MorrisHandChecked, StonesInHandAreNeverRemoved) {
  const MorrisGame game("six");
  const MoveList moves = rtb_moves(game, game.parse("w../.../..../bbb/ww. w 3 3"));
  EXPECT_EQ(moves.size(), 14u);
  EXPECT_EQ(removals(moves), 6);
}

// Six, placement, White a1 c1 with 4 in hand, Black nothing on the board and
// 4 in hand (reachable by no game, but legal): e1 closes a1c1e1 with no stone
// to remove, so it is an ordinary move; 14 empty points, 14 quiet moves.
TEST(MorrisHandChecked, AMillWithNothingToRemoveIsAnOrdinaryMove) {
  const MorrisGame game("six");
  const MoveList moves = rtb_moves(game, game.parse(".../.../..../.../ww. w 4 4"));
  EXPECT_EQ(moves.size(), 14u);
  EXPECT_EQ(removals(moves), 0);
  const auto it = std::find_if(moves.begin(), moves.end(), [](const auto& m) { return m.first == "e1"; });
  ASSERT_NE(it, moves.end());
  EXPECT_EQ(it->second, ".../.../..../.../www b 3 4");
}

// Nine, White a7 d7 b6, Black c3 d3 e3 (a mill), hands empty: White has 3
// stones and flies: 3 x 18 empty points = 54 flights. Only b6g7 closes a mill
// (a7d7g7); Black's 3 stones are all in a mill, so any may go: 53 + 3 = 56.
// Black to move there flies too, 54, and closes nothing: any two of its
// stones share only c3d3e3, which the flying stone leaves.
TEST(MorrisHandChecked, FlyingWithThreeStonesInNine) {
  const MorrisGame game("nine");
  const MoveList white = rtb_moves(game, game.parse("ww./w../.../....../bbb/.../... w 0 0"));
  EXPECT_EQ(white.size(), 56u);
  std::set<std::string> flights;
  for (const auto& m : white) flights.insert(m.first.substr(0, 4));
  EXPECT_EQ(flights.size(), 54u);
  EXPECT_EQ(removals(white), 3);
  const std::vector<std::string> texts = move_texts(white);
  for (const std::string m : {"b6g7xc3", "b6g7xd3", "b6g7xe3"})
    EXPECT_NE(std::find(texts.begin(), texts.end(), m), texts.end()) << m;
  const MoveList black = rtb_moves(game, game.parse("ww./w../.../....../bbb/.../... b 0 0"));
  EXPECT_EQ(black.size(), 54u);
  EXPECT_EQ(removals(black), 0);
}

// Six, White a1 e5 d3, Black b2 b4 c4, hands empty. Without flying White
// slides: a1 to c1 or a3, e5 to e3 or c5, d3 to d2, d4 or e3 (its cross
// link): 7, none closing a mill. In six-fly White flies: 3 x 10 = 30, and no
// two White stones share a mill. Black slides b2c2, b2b3, c4d4, c4c5, b4b3:
// 5; flying, b2d4 closes b4c4d4 and c4b3 closes b2b3b4, each with 3 removals
// (no White mill): 30 - 2 + 6 = 34.
TEST(MorrisHandChecked, NoFlyingWithThreeStonesInSix) {
  const MorrisGame six("six"), six_fly("six-fly");
  const std::string white = "..w/bb./..w./b../w.. w 0 0", black = "..w/bb./..w./b../w.. b 0 0";
  EXPECT_EQ(move_texts(rtb_moves(six, six.parse(white))),
            (std::vector<std::string>{"a1a3", "a1c1", "d3d2", "d3d4", "d3e3", "e5c5", "e5e3"}));
  EXPECT_EQ(rtb_moves(six_fly, six_fly.parse(white)).size(), 30u);
  EXPECT_EQ(move_texts(rtb_moves(six, six.parse(black))),
            (std::vector<std::string>{"b2b3", "b2c2", "b4b3", "c4c5", "c4d4"}));
  const MoveList black_flies = rtb_moves(six_fly, six_fly.parse(black));
  EXPECT_EQ(black_flies.size(), 34u);
  EXPECT_EQ(removals(black_flies), 6);
}

// Seven, White a1 e5 c3, Black a5 d4 b2, hands empty: a1 to c1 or a3, e5 to
// e3 or c5, the centre c3 to c2, d3, c4 or b3: 8 slides, no mill (each
// White pair shares none). Seven-fly: 3 x 11 = 33 flights.
TEST(MorrisHandChecked, NoFlyingWithThreeStonesInSeven) {
  const MorrisGame seven("seven"), seven_fly("seven-fly");
  const std::string text = "b.w/..b/..w../b../w.. w 0 0";
  EXPECT_EQ(move_texts(rtb_moves(seven, seven.parse(text))),
            (std::vector<std::string>{"a1a3", "a1c1", "c3b3", "c3c2", "c3c4", "c3d3", "e5c5", "e5e3"}));
  EXPECT_EQ(rtb_moves(seven_fly, seven_fly.parse(text)).size(), 33u);
}

// Six, movement, White a1 e1 a5 (corners), Black c1 a3 e3 c5 on every
// neighbour of them: White has no legal move, so it has lost, though it
// keeps 3 stones (is_lost counts stones only; the engine sees the empty
// move list). In six-fly the same White flies: 3 x 9 = 27, no mill (a1c1e1
// and a1a3a5 are blocked by Black).
TEST(MorrisHandChecked, ABlockedSideHasNoMove) {
  const MorrisGame six("six"), six_fly("six-fly");
  const std::string text = "wb./.../b..b/.../wbw w 0 0";
  EXPECT_FALSE(six.is_lost(six.parse(text)));
  EXPECT_TRUE(rtb_moves(six, six.parse(text)).empty());
  const naive::MillsBoard b = naive::mills_board("six");
  EXPECT_TRUE(naive::is_lost(b, naive::parse(b, text)));
  EXPECT_EQ(rtb_moves(six_fly, six_fly.parse(text)).size(), 27u);
}

// Fewer than three stones on the board and in hand lose: White with 2 on
// the board (movement), or 1 on the board and 1 in hand (placement); 3 in
// all (2 and 1 in hand) still plays.
TEST(MorrisHandChecked, FewerThanThreeLoses) {
  const MorrisGame game("six");
  EXPECT_TRUE(game.is_lost(game.parse("bbb/.../..../.../ww. w 0 0")));
  EXPECT_TRUE(game.is_lost(game.parse("bbb/.b./..../.../w.. w 1 1")));
  EXPECT_FALSE(game.is_lost(game.parse("bbb/.b./..../.../ww. w 1 1")));
  const MorrisGame nine("nine");
  EXPECT_TRUE(nine.is_lost(nine.parse("ww./.../.../....../.../.../bbb w 0 0")));
  EXPECT_FALSE(nine.is_lost(nine.parse("www/.../.../....../.../.../bbb w 0 0")));
}

// ---- text ----

TEST(MorrisText, StartTextsOfRulesMd) {
  const std::map<std::string, std::string> starts{{"five", ".../.../..../.../... w 5 5"},
                                                  {"six", ".../.../..../.../... w 6 6"},
                                                  {"seven", ".../.../...../.../... w 7 7"},
                                                  {"nine", ".../.../.../....../.../.../... w 9 9"}};
  for (const auto& [variant, text] : starts) {
    const MorrisGame game(variant);
    EXPECT_EQ(game.format(game.start()), text);
    EXPECT_EQ(game.parse(text), game.start());
  }
  // "After White places on d7 in nine".
  const MorrisGame nine("nine");
  const MoveList moves = rtb_moves(nine, nine.start());
  const auto it = std::find_if(moves.begin(), moves.end(), [](const auto& m) { return m.first == "d7"; });
  ASSERT_NE(it, moves.end());
  EXPECT_EQ(it->second, ".w./.../.../....../.../.../... b 8 9");
  EXPECT_EQ(nine.format(nine.parse(".w./.../.../....../.../.../... b 8 9")), ".w./.../.../....../.../.../... b 8 9");
}

TEST(MorrisText, StrictParsingRefuses) {
  const MorrisGame six("six"), seven("seven"), nine("nine");
  // Wrong rank lengths (3/3/4/3/3 for six, 3/3/5/3/3 for seven, 3/3/3/6/3/3/3 for nine).
  EXPECT_THROW(six.parse("..../.../..../.../... w 6 6"), std::invalid_argument);
  EXPECT_THROW(six.parse(".../.../.../.../... w 6 6"), std::invalid_argument);
  EXPECT_THROW(six.parse(".../.../...../.../... w 6 6"), std::invalid_argument);
  EXPECT_THROW(six.parse(".../.../..../.../.. w 6 6"), std::invalid_argument);
  EXPECT_THROW(six.parse(".../.../..../.../.../... w 6 6"), std::invalid_argument);
  EXPECT_THROW(seven.parse(".../.../..../.../... w 7 7"), std::invalid_argument);
  EXPECT_THROW(nine.parse(".../.../.../...../.../.../... w 9 9"), std::invalid_argument);
  EXPECT_THROW(nine.parse(".../.../..../......../.../... w 9 9"), std::invalid_argument);
  // Bad characters on the board, the side or the hands.
  EXPECT_THROW(six.parse(".x./.../..../.../... w 6 6"), std::invalid_argument);
  EXPECT_THROW(six.parse(".W./.../..../.../... w 6 6"), std::invalid_argument);
  EXPECT_THROW(six.parse(".../.../..../.../... x 6 6"), std::invalid_argument);
  EXPECT_THROW(six.parse(".../.../..../.../... w 6 a"), std::invalid_argument);
  EXPECT_THROW(six.parse(".../.../..../.../... w 6"), std::invalid_argument);
  // A hand above n (six: 6).
  EXPECT_THROW(six.parse(".../.../..../.../... w 7 7"), std::invalid_argument);
  EXPECT_THROW(six.parse(".../.../..../.../... b 6 7"), std::invalid_argument);
  // Board plus hand above n: White 1 on the board and 6 in hand.
  EXPECT_THROW(six.parse("w../.../..../.../... w 6 6"), std::invalid_argument);
  EXPECT_THROW(six.parse("w../bbb/..../.../... b 5 6"), std::invalid_argument);
  // The side to move against the hands during placement: White only with
  // equal hands, Black only when White holds one fewer.
  EXPECT_THROW(six.parse("w../.../..../.../... w 5 6"), std::invalid_argument);
  EXPECT_NO_THROW(six.parse("w../.../..../.../... b 5 6"));
  EXPECT_THROW(six.parse(".../.../..../.../... b 6 6"), std::invalid_argument);
  EXPECT_THROW(six.parse("ww./b../..../.../... b 4 6"), std::invalid_argument);
  EXPECT_THROW(six.parse("bbb/.../..../.../ww. w 0 1"), std::invalid_argument);
  // The side not to move below 3 (it just moved, and the game had ended),
  // the side to move below 2 (one removal takes one stone).
  EXPECT_THROW(six.parse("ww./.../..../.../bbb b 0 0"), std::invalid_argument);
  EXPECT_NO_THROW(six.parse("ww./.../..../.../bbb w 0 0"));
  EXPECT_THROW(six.parse("w../.../..../.../bbb w 0 0"), std::invalid_argument);
  EXPECT_THROW(nine.parse("w../.../.../....../.../.../bbb w 0 0"), std::invalid_argument);
}

// ---- symmetries ----

// rtb's k-th map as a map of the naive board's point numbers, read off by
// placing one White stone on each point in turn and looking where its image
// lies (Black to move, hands n - 1 and n, so that the text is legal).
std::vector<int> point_map(const MorrisGame& game, const naive::MillsBoard& b, std::size_t k) {
  std::vector<int> image(b.names.size(), -1);
  for (std::size_t q = 0; q < b.names.size(); ++q) {
    naive::Position one{std::string(b.names.size(), '.'), 'b', b.stones - 1, b.stones};
    one.at[q] = 'w';
    const MorrisPosition p = game.parse(naive::format(b, one));
    const naive::Position moved = naive::parse(b, game.format(game.symmetric_position(p, k)));
    image[q] = static_cast<int>(moved.at.find('w'));
  }
  return image;
}

naive::Position mapped(const naive::Position& p, const std::vector<int>& image) {
  naive::Position out = p;
  for (std::size_t q = 0; q < p.at.size(); ++q) out.at[image[q]] = p.at[q];
  return out;
}

std::string mapped_move(const naive::MillsBoard& b, const std::string& move, const std::vector<int>& image) {
  if (move == "pass") return move;  // a full board's (MorrisRules::full_board_draws)
  std::string out;
  for (std::size_t at = 0; at < move.size();) {
    if (move[at] == 'x') {
      out += 'x';
      ++at;
      continue;
    }
    out += b.names[image[b.point(move.substr(at, 2))]];
    at += 2;
  }
  return out;
}

// docs/rules.md: 16 maps on the 16- and 24-point boards, 8 on the 17-point one;
// and rtb's maps are exactly the naive brute-force set of permutations that
// keep every link and every mill.
TEST(MorrisSymmetry, MapsAreTheBoardsAutomorphisms) {
  for (const std::string variant : {"five", "six", "seven", "nine", "seven-fly", "morabaraba", "lasker"}) {
    const MorrisGame game(variant);
    const naive::MillsBoard b = naive::mills_board(variant);
    const std::size_t expected = b.names.size() == 17 ? 8 : 16;
    EXPECT_EQ(game.symmetry_count(), expected) << variant;
    const std::vector<std::vector<int>> brute = naive::symmetries(b);
    EXPECT_EQ(brute.size(), expected) << variant;
    std::set<std::vector<int>> ours, theirs(brute.begin(), brute.end());
    for (std::size_t k = 0; k < game.symmetry_count(); ++k) ours.insert(point_map(game, b, k));
    EXPECT_EQ(ours, theirs) << variant;
  }
}

// For positions met in random games, and positions of random slots of random
// tiers (most of them reachable by no game), and every map: the image has the same
// tier and slot, and its moves are the mapped moves with the mapped children
// (so the generator commutes with the maps), whose slots are the same.
TEST(MorrisSymmetry, ImagesShareSlotAndMapMoves) {
  unsigned seed = 200;
  for (const std::string& variant : kEveryVariant) {
    const MorrisGame& game = shared_game(variant);
    const naive::MillsBoard b = naive::mills_board(variant);
    std::vector<std::vector<int>> images;
    for (std::size_t k = 0; k < game.symmetry_count(); ++k) images.push_back(point_map(game, b, k));
    std::vector<std::string> sample;
    check_playouts(variant, 12, 120, seed, &sample);
    std::mt19937_64 rng(seed++);
    for (int k = 0; k < 40; ++k) {
      const MorrisGame::TierId t = static_cast<MorrisGame::TierId>(rng() % game.tier_count());
      sample.push_back(game.format(game.position(t, rng() % game.tier_size(t))));
    }
    for (const std::string& text : sample) {
      const MorrisPosition p = game.parse(text);
      if (game.is_lost(p)) continue;
      const MoveList moves = rtb_moves(game, p);
      auto child_slots = [&](const MorrisPosition& q) {
        std::multiset<std::pair<std::uint32_t, std::uint64_t>> out;
        game.for_each_move(q, [&](const MorrisMove&, const MorrisPosition& child) {
          if (!game.is_lost(child)) out.insert({game.tier_of(child), game.index(child)});
        });
        return out;
      };
      const auto slots = child_slots(p);
      for (std::size_t k = 0; k < game.symmetry_count(); ++k) {
        const MorrisPosition q = game.symmetric_position(p, k);
        EXPECT_EQ(game.format(q), naive::format(b, mapped(naive::parse(b, text), images[k]))) << text << " map " << k;
        EXPECT_EQ(game.tier_of(q), game.tier_of(p)) << text << " map " << k;
        EXPECT_EQ(game.index(q), game.index(p)) << text << " map " << k;
        MoveList expected;
        for (const auto& [move, child] : moves)
          expected.push_back(
              {mapped_move(b, move, images[k]), naive::format(b, mapped(naive::parse(b, child), images[k]))});
        std::sort(expected.begin(), expected.end());
        EXPECT_EQ(rtb_moves(game, q), expected) << text << " map " << k;
        EXPECT_EQ(child_slots(q), slots) << text << " map " << k;
      }
    }
  }
}

// ---- tiers ----

// docs/rules.md's sizes of the movement phase, one side to move: six 1,205,908
// classes (19,207,188 positions), seven 9,991,074 (79,605,084), nine
// 8,904,593,601 (142,430,121,724) with its largest tier (8,8) 591,726,690
// and its largest pair {9,8} 1.05 billion.
TEST(MorrisTiers, MovementSizesOfRulesMd) {
  struct Row {
    std::string variant;
    std::uint64_t positions, classes;
  };
  for (const Row& row : {Row{"six", 19'207'188, 1'205'908}, Row{"seven", 79'605'084, 9'991'074},
                         Row{"nine", 142'430'121'724, 8'904'593'601}}) {
    const MorrisGame& game = shared_game(row.variant);
    std::uint64_t positions = 0, classes = 0, largest = 0, pair_9_8 = 0;
    std::string largest_name;
    int movement_tiers = 0;
    for (MorrisGame::TierId t = 0; t < game.tier_count(); ++t) {
      if (game.is_placement_tier(t)) continue;
      ++movement_tiers;
      positions += game.tier_positions(t);
      classes += game.class_count(t);
      if (game.class_count(t) > largest) largest = game.class_count(t), largest_name = game.tier_name(t);
      if (game.tier_name(t) == "m9-8" || game.tier_name(t) == "m8-9") pair_9_8 += game.class_count(t);
    }
    if (row.variant == "nine") {
      EXPECT_EQ(largest_name, "m8-8");
      EXPECT_EQ(largest, 591'726'690u);
      EXPECT_EQ((pair_9_8 + 5'000'000) / 10'000'000, 105u) << pair_9_8;  // 1.05 billion, rounded
    }
    const int sizes = game.stones() - 2;  // 3..n stones a side
    EXPECT_EQ(movement_tiers, sizes * sizes) << row.variant;
    EXPECT_EQ(positions, row.positions) << row.variant;
    EXPECT_EQ(classes, row.classes) << row.variant;
  }
}

// The placement tiers, one per (stones placed, White's and Black's stones on
// the board), side to move and hands fixed by the stones placed (White
// places first). docs/rules.md counts 615 for nine: every such triple. rtb makes
// tiers only of the triples where both sides keep three stones on the board
// and in hand (497 for nine); in the other 118 the side to move has lost at
// once or the side not to move had lost already (parse refuses them), so no
// solve needs them. Checked here: which triples have a tier, and its name.
TEST(MorrisTiers, PlacementTiersAreTheTriplesWhereBothSidesKeepThree) {
  for (const std::string& variant : kAllVariants) {
    const MorrisGame& game = shared_game(variant);
    const int n = game.stones();
    int triples = 0, kept = 0, placement_tiers = 0;
    for (MorrisGame::TierId t = 0; t < game.tier_count(); ++t) placement_tiers += game.is_placement_tier(t);
    for (int placed = 0; placed < 2 * n; ++placed) {
      const int white_placed = (placed + 1) / 2, black_placed = placed / 2;
      const bool white_to_move = placed % 2 == 0;
      for (int w = 0; w <= white_placed; ++w) {
        for (int b = 0; b <= black_placed; ++b) {
          ++triples;
          const bool playable = w + n - white_placed >= 3 && b + n - black_placed >= 3;
          const MorrisGame::TierId t = white_to_move ? game.tier_id(placed, w, b) : game.tier_id(placed, b, w);
          if (!playable) {
            EXPECT_EQ(t, MorrisGame::kNoTier) << variant << " " << placed << " " << w << " " << b;
            continue;
          }
          ++kept;
          ASSERT_NE(t, MorrisGame::kNoTier) << variant << " " << placed << " " << w << " " << b;
          // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "p" + temporary.
          std::string name = "p";
          name += std::to_string(placed) + "-w" + std::to_string(w) + "-b" + std::to_string(b);
          EXPECT_EQ(game.tier_name(t), name);
        }
      }
    }
    EXPECT_EQ(placement_tiers, kept) << variant;
    if (variant == "nine") {
      EXPECT_EQ(triples, 615);
      EXPECT_EQ(kept, 497);
      // docs/rules.md: 1.79e10 classes (the 118 tiers left out would add about
      // 1.8e7, too few to show in three digits).
      std::uint64_t classes = 0;
      for (MorrisGame::TierId t = 0; t < game.tier_count(); ++t)
        if (game.is_placement_tier(t)) classes += game.class_count(t);
      EXPECT_EQ((classes + 50'000'000) / 100'000'000, 179u) << classes;
    }
  }
}

// Every slot of six's movement tiers: the weights add up to the tier's
// positions and the slots of weight > 0 to its classes, and every such slot
// comes back from index() (an alias, weight 0, names a position whose slot
// is another).
TEST(MorrisTiers, WholeMovementTiersOfSixRoundTrip) {
  const MorrisGame& game = shared_game("six");
  for (MorrisGame::TierId t = 0; t < game.tier_count(); ++t) {
    if (game.is_placement_tier(t)) continue;
    std::uint64_t weights = 0, classes = 0, bad = 0;
    for (std::uint64_t i = 0; i < game.tier_size(t); ++i) {
      const std::uint64_t w = game.slot_weight(t, i);
      weights += w;
      classes += w > 0;
      const MorrisPosition p = game.position(t, i);
      if (game.tier_of(p) != t || (w > 0 && game.index(p) != i)) ++bad;
    }
    EXPECT_EQ(weights, game.tier_positions(t)) << game.tier_name(t);
    EXPECT_EQ(classes, game.class_count(t)) << game.tier_name(t);
    EXPECT_EQ(bad, 0u) << game.tier_name(t);
  }
}

// Sampled slots of every tier of every variant (of one tier in 8 where a
// variant has more than a thousand: Morabaraba and Lasker): position(t, i)
// lies in tier t, with the hands and the side to move its stones placed
// say, its text round-trips, and index() gives back i (or, for an alias, a
// slot of the same class whose own round trip holds).
TEST(MorrisTiers, SampledSlotsOfEveryTierRoundTrip) {
  std::mt19937_64 rng(7);
  for (const std::string& variant : kEveryVariant) {
    const MorrisGame& game = shared_game(variant);
    const naive::MillsBoard b = naive::mills_board(variant);
    const MorrisGame::TierId step = game.tier_count() > 1000 ? 8 : 1;
    for (MorrisGame::TierId t = static_cast<MorrisGame::TierId>(rng() % step); t < game.tier_count(); t += step) {
      const std::uint64_t size = game.tier_size(t);
      ASSERT_GT(size, 0u) << variant << " " << game.tier_name(t);
      std::vector<std::uint64_t> slots{0, size - 1};
      for (int k = 0; k < 24; ++k) slots.push_back(rng() % size);
      for (std::uint64_t i : slots) {
        const MorrisPosition p = game.position(t, i);
        ASSERT_EQ(game.tier_of(p), t) << variant << " " << game.tier_name(t) << " slot " << i;
        const std::string text = game.format(p);
        EXPECT_EQ(game.parse(text), p) << text;
        const naive::Position np = naive::parse(b, text);
        const int placed = 2 * b.stones - np.hand_w - np.hand_b;
        EXPECT_EQ(placed, game.stones_placed(t)) << text;
        if (game.is_placement_tier(t) && !game.rules().moves_in_hand) {
          EXPECT_EQ(np.to_move, placed % 2 == 0 ? 'w' : 'b') << text;
        }
        const std::uint64_t back = game.index(p);
        if (game.slot_weight(t, i) > 0) {
          EXPECT_EQ(back, i) << text;
        } else {
          EXPECT_NE(back, i) << text;
          EXPECT_EQ(game.index(game.position(t, back)), back) << text;
          EXPECT_GT(game.slot_weight(t, back), 0u) << text;
        }
      }
    }
  }
}

}  // namespace
}  // namespace rtb
