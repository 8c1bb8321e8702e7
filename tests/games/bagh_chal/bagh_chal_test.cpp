// Bagh-Chal's rules, text, symmetries and numbering. The move lists below
// were written from docs/rules.md by hand, not taken from the generator.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <unordered_set>
#include <vector>

#include "games/bagh_chal/bagh_chal.hpp"
#include "solver/one_step.hpp"
#include "solver/tier_graph.hpp"

namespace rtb {
namespace {

using Side = BaghChalSide;
using Strings = std::vector<std::string>;

Strings sorted(Strings v) {
  std::sort(v.begin(), v.end());
  return v;
}

Strings moves_of(const BaghChalGame& game, const BaghChalPosition& p) {
  Strings out;
  game.for_each_move(p, [&](const BaghChalMove& m, const BaghChalPosition&) { out.push_back(game.move_text(m)); });
  return sorted(out);
}

Strings moves_of(const BaghChalGame& game, const std::string& text) { return moves_of(game, game.parse(text)); }

// The message parse gives, or "" when it accepts the text.
std::string parse_error(const BaghChalGame& game, const std::string& text) {
  try {
    game.parse(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

int square(const BaghChalGame& game, const std::string& name) {
  return (name[1] - '1') * game.size() + (name[0] - 'a');
}

// ---------------------------------------------------------------- variants

TEST(BaghChalVariants, BoardsGoatsAndTargets) {
  const BaghChalGame game;
  EXPECT_EQ(game.name(), "bagh-chal");
  EXPECT_EQ(game.variant(), "default");
  EXPECT_EQ(game.format(game.start()), "T...T/...../...../...../T...T g 20");
  EXPECT_EQ(BaghChalGame("4x4").format(BaghChalGame("4x4").start()), "T..T/..../..../T..T g 12");
  EXPECT_EQ(BaghChalGame("3x3-nodiag").format(BaghChalGame("3x3-nodiag").start()), "T.T/.../T.T g 4");
  const BaghChalRules r = bagh_chal_rules("4x4-nodiag");
  EXPECT_EQ(r.size, 4);
  EXPECT_EQ(r.goats, 12);
  EXPECT_EQ(r.target, 3);
  EXPECT_FALSE(r.diagonals);
  EXPECT_EQ(bagh_chal_rules("3x3").target, 1);
  EXPECT_THROW(bagh_chal_rules("6x6"), std::invalid_argument);
  EXPECT_THROW(bagh_chal_rules("nodiag-4x4"), std::invalid_argument);
}

TEST(BaghChalLines, DiagonalsStartWhereFilePlusRowFromTheTopIsEven) {
  const BaghChalGame five;
  EXPECT_EQ(count(five.neighbours(square(five, "c3"))), 8);
  EXPECT_EQ(count(five.neighbours(square(five, "b3"))), 4);
  EXPECT_EQ(count(five.neighbours(square(five, "a1"))), 3);
  EXPECT_EQ(count(five.neighbours(square(five, "b1"))), 3);
  const BaghChalGame four("4x4");
  const Strings with_diagonals{"a4", "c4", "b3", "d3", "a2", "c2", "b1", "d1"};
  for (int s = 0; s < 16; ++s) {
    const bool expected = std::count(with_diagonals.begin(), with_diagonals.end(), four.square_name(s)) == 1;
    int diagonal = 0;
    for (Bitboard n = four.neighbours(s); n; n &= n - 1)
      diagonal += (lowest_square(n) % 4 != s % 4 && lowest_square(n) / 4 != s / 4);
    EXPECT_EQ(diagonal > 0, expected) << four.square_name(s);
  }
  EXPECT_TRUE(four.neighbours(square(four, "a4")) & bit(square(four, "b3")));
  EXPECT_FALSE(four.neighbours(square(four, "a1")) & bit(square(four, "b2")));
  const BaghChalGame flat("nodiag");
  EXPECT_EQ(count(flat.neighbours(square(flat, "c3"))), 4);
}

// ------------------------------------------------------------------ moves

TEST(BaghChalMoves, TigersSlideAndJumpAlongBothDiagonalsAndTheEdges) {
  const BaghChalGame game;
  const std::string text = "TG..T/G..../..T../.G.G./...T. t 16";
  EXPECT_EQ(moves_of(game, text),
            sorted({"a5b4", "a5a3", "a5c5",                                          // a5: over a4 and b5
                    "e5d5", "e5e4", "e5d4",                                          // e5: no goat beside it
                    "c3b3", "c3d3", "c3c4", "c3c2", "c3b4", "c3d4", "c3a1", "c3e1",  // c3: both diagonals
                    "d1c1", "d1e1", "d1d3"}));                                       // d1: no diagonals there
  // Each jump carries the goat it takes.
  std::set<std::tuple<std::string, std::string, std::string>> jumps;
  game.for_each_move(game.parse(text), [&](const BaghChalMove& m, const BaghChalPosition& child) {
    if (!m.is_capture()) return;
    jumps.insert({game.square_name(m.from), game.square_name(m.to), game.square_name(m.captured)});
    EXPECT_EQ(count(child.goats), 3);
    EXPECT_EQ(game.captured(child), 1);
    EXPECT_EQ(child.to_move, Side::Goats);
  });
  const std::set<std::tuple<std::string, std::string, std::string>> expected{
      {"a5", "a3", "a4"}, {"a5", "c5", "b5"}, {"c3", "a1", "b2"}, {"c3", "e1", "d2"}, {"d1", "d3", "d2"}};
  EXPECT_EQ(jumps, expected);
}

TEST(BaghChalMoves, WithoutDiagonalsTheSamePositionHasOnlyOrthogonalMoves) {
  const BaghChalGame game("nodiag");
  EXPECT_EQ(moves_of(game, "TG..T/G..../..T../.G.G./...T. t 16"),
            sorted({"a5a3", "a5c5", "e5d5", "e5e4", "c3b3", "c3d3", "c3c4", "c3c2", "d1c1", "d1e1", "d1d3"}));
}

TEST(BaghChalMoves, NoJumpOverATigerOffTheBoardOrAlongAMissingDiagonal) {
  const BaghChalGame game;
  // c1 may not jump the tiger on d1 to the empty e1; b2 and a2 may not jump
  // off the board; d1 has no diagonal to jump c2 along.
  EXPECT_EQ(moves_of(game, "...../...../G..../TTG../GGTT. t 15"),
            sorted({"a2a4", "b2b3", "b2c3", "b2d2", "c1c3", "c1d2", "d1d2", "d1e1"}));
}

TEST(BaghChalMoves, FourByFourDiagonalsAndTheirAbsence) {
  const BaghChalGame game("4x4");
  // b3 jumps c2 along the a4-d1 diagonal; a1 has no diagonal, so b2 is safe.
  EXPECT_EQ(moves_of(game, "T..T/.T../.GG./T... t 10"), sorted({"a4a3", "a4b4", "d4c4", "d4d3", "b3a3", "b3c3", "b3b4",
                                                                "b3c4", "b3a2", "b3b1", "b3d1", "a1a2", "a1b1"}));
  EXPECT_EQ(moves_of(BaghChalGame("4x4-nodiag"), "T..T/.T../.GG./T... t 10"),
            sorted({"a4a3", "a4b4", "d4c4", "d4d3", "b3a3", "b3c3", "b3b4", "b3b1", "a1a2", "a1b1"}));
}

TEST(BaghChalMoves, ThreeByThreeCaptureWins) {
  const BaghChalGame game("3x3");
  const std::string text = "T.T/TG./G.T t 2";
  EXPECT_EQ(moves_of(game, text), sorted({"a2c2", "a3b3", "c3b3", "c3c2", "c1b1", "c1c2"}));
  EXPECT_EQ(moves_of(BaghChalGame("3x3-nodiag"), text), sorted({"a2c2", "a3b3", "c3b3", "c3c2", "c1b1", "c1c2"}));
  game.for_each_move(game.parse(text), [&](const BaghChalMove& m, const BaghChalPosition& child) {
    EXPECT_EQ(game.is_lost(child), m.is_capture()) << game.move_text(m);
  });
  EXPECT_EQ(moves_of(game, "T.T/.../T.T g 4"), sorted({"b3", "a2", "b2", "c2", "b1"}));
}

TEST(BaghChalMoves, GoatsInHandArePlacedOnAnyEmptyPointAndNeverSlide) {
  const BaghChalGame game;
  EXPECT_EQ(moves_of(game, game.start()), sorted({"b1", "c1", "d1", "a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3",
                                                  "d3", "e3", "a4", "b4", "c4", "d4", "e4", "b5", "c5", "d5"}));
  EXPECT_EQ(moves_of(game, "GGGGG/GGTGG/GT.TG/GG.GG/GGTG. g 2"), sorted({"c3", "c2", "e1"}));
  game.for_each_move(game.parse("GGGGG/GGTGG/GT.TG/GG.GG/GGTG. g 2"),
                     [&](const BaghChalMove& m, const BaghChalPosition& child) {
                       EXPECT_TRUE(m.is_placement());
                       EXPECT_EQ(child.goats_in_hand, 1);
                       EXPECT_EQ(count(child.goats), 19);
                       EXPECT_EQ(child.to_move, Side::Tigers);
                     });
}

TEST(BaghChalMoves, PlacedGoatsSlideAlongLines) {
  const BaghChalGame game;
  EXPECT_EQ(moves_of(game, "TGGGT/GGGGG/GG.GG/GGGGG/TGGGT g 0"),
            sorted({"b3c3", "d3c3", "c2c3", "c4c3", "b2c3", "d2c3", "b4c3", "d4c3"}));
  EXPECT_EQ(moves_of(game, "TGGGT/GGGGG/G.GGG/GGGGG/TGGGT g 0"), sorted({"a3b3", "c3b3", "b2b3", "b4b3"}));
}

TEST(BaghChalMoves, BlockedTigersLose) {
  const BaghChalGame game;
  const BaghChalPosition p = game.parse("TGGGT/GG.GG/G.G.G/GG.GG/TGGGT t 0");
  EXPECT_TRUE(moves_of(game, p).empty());
  EXPECT_FALSE(game.is_lost(p));  // no capture count: the engine sees "no move" itself
  EXPECT_EQ(value_from_children(game, p, [](const BaghChalPosition&) -> Value { throw std::logic_error("no child"); }),
            loss_in(0));
}

TEST(BaghChalMoves, BlockedGoatsLose) {
  const BaghChalGame game;
  const BaghChalPosition p = game.parse("GGGGT/GGGGG/GGGGG/TTGGG/.TGGG g 0");
  EXPECT_TRUE(moves_of(game, p).empty());
  EXPECT_FALSE(game.is_lost(p));
  EXPECT_EQ(value_from_children(game, p, [](const BaghChalPosition&) -> Value { throw std::logic_error("no child"); }),
            loss_in(0));
  // The same board with the tigers to move is not blocked.
  EXPECT_EQ(moves_of(game, "GGGGT/GGGGG/GGGGG/TTGGG/.TGGG t 0"), sorted({"a2a1", "b1a1", "b2a1"}));
}

TEST(BaghChalMoves, TheFifthCaptureWinsForTheTigers) {
  const BaghChalGame game;
  const BaghChalPosition p = game.parse("TGGGT/GG.GG/G...G/GG.GG/TGGGT t 0");
  EXPECT_EQ(game.captured(p), 4);
  EXPECT_EQ(moves_of(game, p), sorted({"a1c3", "a5c3", "e1c3", "e5c3"}));
  game.for_each_move(p, [&](const BaghChalMove&, const BaghChalPosition& child) {
    EXPECT_EQ(game.captured(child), 5);
    EXPECT_TRUE(game.is_lost(child));
  });
  EXPECT_EQ(value_from_children(game, p, [](const BaghChalPosition&) -> Value { throw std::logic_error("no child"); }),
            win_in(1));
  const BaghChalPosition after = game.parse("TGGGT/GG.GG/G.T.G/G..GG/.GGGT g 0");
  EXPECT_TRUE(game.is_lost(after));
  EXPECT_EQ(value_from_children(game, after, [](const BaghChalPosition&) -> Value { return kDraw; }), loss_in(0));
}

// ------------------------------------------------------------------- text

TEST(BaghChalText, FormatGivesTheParsedTextBack) {
  const BaghChalGame game;
  for (const std::string text : {"T...T/...../...../...../T...T g 20", "TG..T/G..../..T../.G.G./...T. t 16",
                                 "TGGGT/GG.GG/G.T.G/G..GG/.GGGT g 0", "GGGGG/GGTGG/GT.TG/GG.GG/GGTG. g 2"})
    EXPECT_EQ(game.format(game.parse(text)), text);
  const BaghChalGame small("3x3-nodiag");
  EXPECT_EQ(small.format(small.parse("T.T/TG./G.T t 2")), "T.T/TG./G.T t 2");
  EXPECT_EQ(game.move_text({BaghChalMove::kNone, 12, BaghChalMove::kNone}), "c3");
  EXPECT_EQ(game.move_text({0, 12, 6}), "a1c3");
}

TEST(BaghChalText, ParseRejectsWhatCannotBeAPosition) {
  const BaghChalGame game;
  auto rejects = [&](const std::string& text, const std::string& why) {
    const std::string message = parse_error(game, text);
    EXPECT_NE(message.find(why), std::string::npos) << text << " -> '" << message << "'";
  };
  rejects("T...T/...../...../T...T g 20", "expected 5 ranks");
  rejects("T...T/...../...../...../T...T/..... g 20", "more than 5 ranks");
  rejects("T...T/..../...../...../T...T g 20", "rank 4 has 4 points");
  rejects("T...T/......./...../...../T...T g 20", "rank 4 has more than 5 points");
  rejects("T...X/...../...../...../T...T g 20", "unknown character 'X'");
  rejects("T...T/...../...../...../T...G g 19", "expected 4 tigers, found 3");
  rejects("T...T/...../..T../...../T...T g 20", "expected 4 tigers, found 5");
  rejects("T...T/...../...../...../T...T", "missing side to move");
  rejects("T...T/...../...../...../T...T x 20", "side to move must be 'g' or 't'");
  rejects("T...T/...../...../...../T...T g", "missing goats in hand");
  rejects("T...T/...../...../...../T...T g x", "goats in hand must be a number");
  rejects("T...T/...../...../...../T...T g 20x", "goats in hand must be a number");
  rejects("T...T/...../...../...../T...T g -1", "goats in hand must be");
  rejects("T...T/...../...../...../T...T g 21", "goats in hand must be 0..20");
  rejects("T...T/...../...../...../T...T g 20 t", "unexpected text after the goats in hand");
  rejects("TGGGT/...../...../...../T...T g 18", "make more than the 20 goats");
  rejects("T...T/...../...../...../T...T g 14", "6 goats captured");
  rejects("TGGGT/GG.GG/G.T.G/G..GG/.GGGT t 0", "goats to move");
  rejects("T...T/...../...../...../T...T t 20", "no goat on the board");
  EXPECT_EQ(parse_error(game, "TGGGT/GG.GG/G.T.G/G..GG/.GGGT g 0"), "");  // just lost: accepted
  EXPECT_EQ(parse_error(BaghChalGame("3x3"), "T.T/.G./T.T g 2"), "");     // one capture ends 3x3
  EXPECT_NE(parse_error(BaghChalGame("3x3"), "T.T/.../T.T g 2"), "");     // two is past the end
}

// Defect 8 of issue 17: while goats are in hand the moves made so far are
// known, and each tiger move takes at most one tiger off a start corner.
TEST(BaghChalText, ParseRejectsTigersOffCornersTheyCannotHaveLeft) {
  const BaghChalGame small("4x4");
  EXPECT_NE(parse_error(small, "T..T/..../..../.T.T g 12")
                .find("cannot occur: with 12 goats in hand and goats to move "
                      "the tigers have made 0 move(s)"),
            std::string::npos);
  EXPECT_NE(parse_error(small, "T..T/G.../..../.T.T t 11").find("0 move(s)"), std::string::npos);  // not answered yet
  EXPECT_EQ(parse_error(small, "T..T/G.../..../.T.T g 11"), "");  // the tigers' one move
  EXPECT_NE(parse_error(small, ".T.T/G.../...T/.T.. g 10").find("2 move(s)"), std::string::npos);
  EXPECT_EQ(parse_error(small, ".T.T/G.../...T/.T.. g 9"), "");  // three moves, two of them captures
  const BaghChalGame game;
  EXPECT_NE(parse_error(game, "T...T/...../..T../...../T.... g 20").find("1 corner(s) have no tiger"),
            std::string::npos);
  EXPECT_EQ(parse_error(game, "T...T/...../..T../...../T.... g 19"), "");  // a tiger moved, a goat was taken
  EXPECT_EQ(parse_error(game, "GGGGG/GGGGG/.TGTG/GGGGG/.T.TG g 0"), "");   // the sliding phase: any number of moves
}

// ----------------------------------------------------------- symmetries

BaghChalPosition map_position(const SquareMap& map, const BaghChalPosition& p) {
  return {map.apply(p.tigers), map.apply(p.goats), p.goats_in_hand, p.to_move};
}

using MoveAndChild = std::tuple<int, int, int, Bitboard, Bitboard, int, Side>;

std::vector<MoveAndChild> moves_and_children(const BaghChalGame& game, const BaghChalPosition& p,
                                             const SquareMap* map = nullptr) {
  auto image = [&](int s) { return (map && s != BaghChalMove::kNone) ? map->apply_square(s) : s; };
  std::vector<MoveAndChild> out;
  game.for_each_move(p, [&](const BaghChalMove& m, const BaghChalPosition& c) {
    const BaghChalPosition child = map ? map_position(*map, c) : c;
    out.emplace_back(image(m.from), image(m.to), image(m.captured), child.tigers, child.goats, child.goats_in_hand,
                     child.to_move);
  });
  std::sort(out.begin(), out.end());
  return out;
}

Bitboard random_set(std::mt19937& rng, Bitboard among, int size) {
  Bitboard set = 0;
  while (count(set) < size) {
    const int s = static_cast<int>(rng() % 32);
    if (among & bit(s)) set |= bit(s);
  }
  return set;
}

BaghChalPosition random_position(const BaghChalGame& game, BaghChalGame::TierId t, std::mt19937& rng) {
  const Bitboard board = static_cast<Bitboard>((std::uint64_t{1} << game.squares()) - 1);
  const Bitboard tigers = random_set(rng, board, BaghChalGame::kTigers);
  const Bitboard goats = random_set(rng, board & ~tigers, game.goats_on_board(t));
  return {tigers, goats, static_cast<std::uint8_t>(game.pieces_in_hand(t)), game.side_to_move(t)};
}

TEST(BaghChalSymmetry, MapsAreThoseThatKeepLinesAndJumps) {
  for (const std::string& v : bagh_chal_variants())
    EXPECT_EQ(BaghChalGame(v).symmetry_count(), v == "4x4" ? 4u : 8u) << v;
  // 4x4 with diagonals: identity, half turn and the two diagonal reflections.
  const std::vector<SquareMap> all = dihedral_maps(4);
  const BaghChalGame four("4x4");
  std::vector<std::vector<int>> kept, expected;
  for (const SquareMap& m : four.symmetries()) kept.push_back(m.image());
  for (int m : {0, 3, 4, 7}) expected.push_back(all[m].image());
  EXPECT_EQ(kept, expected);
}

TEST(BaghChalSymmetry, EveryKeptMapSendsMovesOntoTheMovesOfTheImage) {
  std::mt19937 rng(2004);
  for (const std::string& v : bagh_chal_variants()) {
    const BaghChalGame game(v);
    for (int n = 0; n < 400; ++n) {
      const auto t = static_cast<BaghChalGame::TierId>(rng() % game.tier_count());
      const BaghChalPosition p = random_position(game, t, rng);
      for (const SquareMap& map : game.symmetries())
        ASSERT_EQ(moves_and_children(game, p, &map), moves_and_children(game, map_position(map, p)))
            << v << ": " << game.format(p);
    }
  }
}

TEST(BaghChalSymmetry, TheMirrorBreaksTheFourByFourBoardWithDiagonals) {
  const BaghChalGame game("4x4");
  const SquareMap mirror = dihedral_maps(4)[1];
  const BaghChalPosition p = game.parse("T..T/.T../.GG./T... t 10");
  EXPECT_NE(moves_and_children(game, p, &mirror), moves_and_children(game, map_position(mirror, p)));
}

// -------------------------------------------------------------- numbering

bool same_up_to_symmetry(const BaghChalGame& game, const BaghChalPosition& a, const BaghChalPosition& b) {
  for (const SquareMap& m : game.symmetries())
    if (map_position(m, a) == b) return true;
  return false;
}

TEST(BaghChalIndex, PositionAndIndexAreABijectionOnSampledSlots) {
  std::mt19937 rng(2009);
  for (const std::string& v : bagh_chal_variants()) {
    const BaghChalGame game(v);
    for (BaghChalGame::TierId t = 0; t < game.tier_count(); ++t) {
      const std::uint64_t size = game.tier_size(t);
      for (int n = 0; n < 40; ++n) {
        const std::uint64_t i = (std::uint64_t{rng()} << 32 | rng()) % size;
        const BaghChalPosition p = game.position(t, i);
        ASSERT_EQ(game.tier_of(p), t);
        const std::uint64_t j = game.index(p);
        if (j == i) {
          EXPECT_GT(game.slot_weight(t, i), 0u);
        } else {  // an alias: the canonical slot stands for the same class
          EXPECT_EQ(game.slot_weight(t, i), 0u);
          EXPECT_EQ(game.index(game.position(t, j)), j);
          EXPECT_TRUE(same_up_to_symmetry(game, p, game.position(t, j)));
        }
        const BaghChalPosition q = random_position(game, t, rng);
        ASSERT_EQ(game.tier_of(q), t);
        const BaghChalPosition back = game.position(t, game.index(q));
        EXPECT_TRUE(same_up_to_symmetry(game, q, back)) << v << ": " << game.format(q) << " vs " << game.format(back);
        EXPECT_EQ(game.index(back), game.index(q));
      }
    }
  }
}

// Classes counted the slow way: the canonical image of every position.
std::uint64_t brute_force_classes(const BaghChalGame& game, BaghChalGame::TierId t) {
  const Bitboard board = static_cast<Bitboard>((std::uint64_t{1} << game.squares()) - 1);
  std::unordered_set<std::uint64_t> classes;
  for (Bitboard tigers = 0; tigers <= board; ++tigers) {
    if (count(tigers) != BaghChalGame::kTigers) continue;
    const Bitboard free_points = board & ~tigers;
    for (Bitboard goats = free_points;; goats = (goats - 1) & free_points) {  // every subset of the free points
      if (count(goats) == game.goats_on_board(t)) {
        std::uint64_t best = ~std::uint64_t{0};
        for (const SquareMap& m : game.symmetries())
          best = std::min(best, std::uint64_t{m.apply(tigers)} << 32 | m.apply(goats));
        classes.insert(best);
      }
      if (goats == 0) break;
    }
  }
  return classes.size();
}

TEST(BaghChalClasses, CountsAgreeWithSlotWeightsAndBruteForce) {
  for (const std::string& v : bagh_chal_variants()) {
    const BaghChalGame game(v);
    std::set<int> done;  // tiers with as many goats on the board share their numbering
    for (BaghChalGame::TierId t = 0; t < game.tier_count(); ++t) {
      const int on_board = game.goats_on_board(t);
      // Tiers whose slots are few enough to visit every one.
      if (game.tier_size(t) > 500'000 || !done.insert(on_board).second) continue;
      std::uint64_t classes = 0, positions = 0;
      for (std::uint64_t i = 0; i < game.tier_size(t); ++i) {
        const std::uint64_t w = game.slot_weight(t, i);
        classes += w > 0;
        positions += w;
      }
      EXPECT_EQ(game.class_count(t), classes) << v << " " << game.tier_name(t);
      EXPECT_EQ(game.tier_positions(t), positions) << v << " " << game.tier_name(t);
      if (game.squares() == 9 || (game.squares() == 16 && (on_board <= 3 || on_board >= 10))) {
        EXPECT_EQ(game.class_count(t), brute_force_classes(game, t)) << v << " " << game.tier_name(t);
      }
    }
  }
}

TEST(BaghChalClasses, SlidingPhaseHas88260972Classes) {
  const BaghChalGame game;  // Lim Yew Jin and Jurg Nievergelt's figure
  std::uint64_t classes = 0;
  for (BaghChalGame::TierId t = 0; t < game.tier_count(); ++t)
    if (game.pieces_in_hand(t) == 0) classes += game.class_count(t);
  EXPECT_EQ(classes, 88'260'972u);
}

// ------------------------------------------------------------ tier graph

TEST(BaghChalTiers, NamesSuccessorsAndGroups) {
  const BaghChalGame game;
  EXPECT_EQ(game.tier_count(), 190u);
  EXPECT_EQ(game.tier_name(game.tier_of(game.start())), "h20-c0-g");
  EXPECT_EQ(game.tier_name(game.tier_id(0, 3, Side::Tigers)), "h0-c3-t");
  auto successors = [&](int in_hand, int captured, Side side) {
    Strings names;
    for (auto t : game.tier_successors(game.tier_id(in_hand, captured, side))) names.push_back(game.tier_name(t));
    return sorted(names);
  };
  EXPECT_EQ(successors(3, 1, Side::Goats), Strings{"h2-c1-t"});
  EXPECT_EQ(successors(3, 1, Side::Tigers), sorted({"h3-c1-g", "h3-c2-g"}));
  EXPECT_EQ(successors(0, 2, Side::Goats), Strings{"h0-c2-t"});
  EXPECT_EQ(successors(0, 4, Side::Tigers), Strings{"h0-c4-g"});  // the fifth capture ends the game
  const auto groups = solve_order(game.tier_count(), [&](std::uint32_t t) { return game.tier_successors(t); });
  for (const TierGroup& g : groups) {
    const bool sliding = game.pieces_in_hand(g.tiers.front()) == 0;
    ASSERT_EQ(g.tiers.size(), sliding ? 2u : 1u) << game.tier_name(g.tiers.front());
    if (sliding) {
      EXPECT_EQ(game.goats_captured(g.tiers[0]), game.goats_captured(g.tiers[1]));
    }
  }
}

TEST(BaghChalTiers, EveryMoveLeadsToASuccessorTierOrEndsTheGame) {
  std::mt19937 rng(88);
  for (const std::string& v : bagh_chal_variants()) {
    const BaghChalGame game(v);
    for (int n = 0; n < 2000; ++n) {
      const auto t = static_cast<BaghChalGame::TierId>(rng() % game.tier_count());
      const BaghChalPosition p = random_position(game, t, rng);
      const auto next = game.tier_successors(t);
      game.for_each_move(p, [&](const BaghChalMove& m, const BaghChalPosition& child) {
        EXPECT_EQ(game.is_lost(child), m.is_capture() && game.goats_captured(t) + 1 == game.rules().target);
        if (!game.is_lost(child)) {
          EXPECT_NE(std::find(next.begin(), next.end(), game.tier_of(child)), next.end()) << game.format(p);
        }
      });
    }
  }
}

// Predecessors are exactly the positions of the same group with a move to p.
TEST(BaghChalTiers, PredecessorsAreTheSlidesIntoAPosition) {
  std::mt19937 rng(1);
  for (const std::string& v : bagh_chal_variants()) {
    const BaghChalGame game(v);
    const auto groups = solve_order(game.tier_count(), [&](std::uint32_t t) { return game.tier_successors(t); });
    std::vector<std::size_t> group_of(game.tier_count());
    for (std::size_t g = 0; g < groups.size(); ++g)
      for (auto t : groups[g].tiers) group_of[t] = g;
    for (int n = 0; n < 2000; ++n) {
      const auto t = static_cast<BaghChalGame::TierId>(rng() % game.tier_count());
      const BaghChalPosition p = random_position(game, t, rng);
      std::vector<BaghChalPosition> preds;
      game.for_each_predecessor(p, [&](const BaghChalPosition& q) { preds.push_back(q); });
      if (game.pieces_in_hand(t) > 0) {
        EXPECT_TRUE(preds.empty());
      }
      for (const BaghChalPosition& q : preds) {
        EXPECT_EQ(group_of[game.tier_of(q)], group_of[t]);
        int leading_here = 0;
        game.for_each_move(
            q, [&](const BaghChalMove& m, const BaghChalPosition& c) { leading_here += (c == p && !m.is_capture()); });
        EXPECT_EQ(leading_here, 1) << game.format(q) << " -> " << game.format(p);
      }
      // And every move that stays in the group is found backwards.
      game.for_each_move(p, [&](const BaghChalMove&, const BaghChalPosition& child) {
        if (game.is_lost(child) || group_of[game.tier_of(child)] != group_of[t]) return;
        bool found = false;
        game.for_each_predecessor(child, [&](const BaghChalPosition& q) { found = found || q == p; });
        EXPECT_TRUE(found) << game.format(p) << " -> " << game.format(child);
      });
    }
  }
}

}  // namespace
}  // namespace rtb
