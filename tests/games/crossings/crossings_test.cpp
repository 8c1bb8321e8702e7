// Crossings (docs/rules.md, "The published game") against facts found
// another way: a naive square-by-square move generator
// (tests/games/crossings/naive_crossings.hpp), positions checked by hand,
// the predecessors against the moves, and the engine against the simple
// solver on whole small boards.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "driver/generate.hpp"
#include "driver/solve_in_memory.hpp"
#include "games/crossings/crossings.hpp"
#include "games/kit/perft.hpp"
#include "search/bounded_search.hpp"
#include "solver/value.hpp"
#include "tests/games/crossings/naive_crossings.hpp"
#include "tests/support/simple_solver.hpp"

namespace rtb {
namespace {

CrossingsGame crossings(const std::string& variant) { return CrossingsGame(crossings_rules(variant), variant); }

using MoveList = std::vector<std::pair<std::string, std::string>>;

MoveList fast_moves(const CrossingsGame& game, const CrossingsPosition& p) {
  MoveList out;
  if (game.is_lost(p)) return out;
  game.for_each_move(p, [&](const CrossingsMove& m, const CrossingsPosition& child) {
    out.push_back({game.move_text(m), game.format(child)});
  });
  std::sort(out.begin(), out.end());
  return out;
}

MoveList naive_moves(const CrossingsGame& game, const CrossingsPosition& p) {
  return naive::crossings_moves(naive::CrossingsBoard::parse(game.format(p)));
}

std::vector<std::string> texts(const CrossingsGame& game, const std::string& position) {
  std::vector<std::string> out;
  for (const auto& move : fast_moves(game, game.parse(position))) out.push_back(move.first);
  return out;
}

bool has(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// ---- hand-checked positions ----

// The 8x8 start, Black to move (docs/rules.md: 60 moves), by kind:
//   steps of a rank-2 stone onto rank 3: 8 straight up, 7 up-right (not
//     from h2), 7 up-left (not from a2)                              = 22
//   vertical pairs a1-a2 .. h1-h2, one or two squares up             = 16
//   up-right pairs x1-y2: one square up to f1-g2 (6), two squares up
//     to e1-f2 (5): the front must stay on the board                 = 11
//   up-left pairs, the mirror image                                  = 11
//   total                                                            = 60
// Nothing else moves: every other step or group runs into own stones or
// off the board.
TEST(CrossingsRules, StartOfTheFullGameHasSixtyMovesByKind) {
  const CrossingsGame game = crossings("default");
  const auto moves = fast_moves(game, game.start());
  ASSERT_EQ(moves.size(), 60u);
  int steps = 0, vertical = 0, up_right = 0, up_left = 0;
  for (const auto& [text, child] : moves) {
    const int df = text[2] - text[0], from_rank = text[1] - '0', to_rank = text[3] - '0';
    if (from_rank == 2) ++steps;
    else if (df == 0) ++vertical;
    else if (df > 0) ++up_right;
    else ++up_left;
    EXPECT_TRUE(from_rank == 2 ? to_rank == 3 : to_rank <= 3) << text;
  }
  EXPECT_EQ(steps, 22);
  EXPECT_EQ(vertical, 16);
  EXPECT_EQ(up_right, 11);
  EXPECT_EQ(up_left, 11);
  EXPECT_TRUE(has(texts(game, game.format(game.start())), "d1d3"));  // docs/rules.md's example: d1-d2 two squares up
}

TEST(CrossingsRules, GroupCapturesOnlyARunShorterThanItself) {
  const CrossingsGame game = crossings("5x5");
  // A pair c1-c2 against one stone on c3: taken (run 1 < 2), the pair's
  // front lands on c3; as a step (tail c2) it may not capture.
  {
    const auto moves = fast_moves(game, game.parse("w..../...../..w../..b../..b.. b"));
    const auto it = std::find_if(moves.begin(), moves.end(), [](const auto& m) { return m.first == "c1c2"; });
    ASSERT_NE(it, moves.end());
    EXPECT_EQ(it->second, "w..../...../..b../..b../..... w");
    EXPECT_FALSE(has(texts(game, "w..../...../..w../..b../..b.. b"), "c2c3"));
  }
  // The same pair against two stones c3-c4: the run is 2, not shorter: refused.
  EXPECT_FALSE(has(texts(game, "...../..w../..w../..b../..b.. b"), "c1c2"));
  // Three against two: the front passes the empty b4 and takes b5 (run 2 <
  // 3), the tail landing on b3; against three (b5-b7) nothing is taken.
  {
    const CrossingsGame tall = crossings("3x7");
    const auto moves = texts(tall, ".../.w./.w./.../.b./.b./.b. b");
    EXPECT_TRUE(has(moves, "b1b3"));
    EXPECT_TRUE(has(moves, "b1b2"));   // one square, quiet
    EXPECT_FALSE(has(moves, "b1b4"));  // the capture ends the move
    EXPECT_FALSE(has(texts(tall, ".w./.w./.w./.../.b./.b./.b. b"), "b1b3"));
  }
  // A crossed stone is never taken: the pair c3-c2 may not move down onto W on c1.
  EXPECT_FALSE(has(texts(game, "...../...../..b../..b../..W.. b"), "c3c2"));
  // b on c3-c4 moving down against w on c2 backed by W on c1: run 2, refused.
  EXPECT_FALSE(has(texts(game, "w..../..b../..b../..w../..W.. b"), "c4c3"));
  // ... and against w on c2 alone (c1 empty): taken.
  EXPECT_TRUE(has(texts(game, "w..../..b../..b../..w../..... b"), "c4c3"));
}

TEST(CrossingsRules, ACrossingForcesTheAnswerAndNoAnswerLoses) {
  const CrossingsGame game = crossings("4x4");
  // Black has crossed (B on b4); White must cross now: only w on c2 can,
  // stepping to c1, b1 or d1.
  const auto forced = texts(game, ".B../w.../..w./.... w");
  EXPECT_EQ(forced, (std::vector<std::string>{"c2b1", "c2c1", "c2d1"}));
  // The answer evens the counts: Black moves freely again.
  EXPECT_GT(texts(game, ".B../.b../..../..W. b").size(), 3u);
  // White cannot answer (no stone one step from rank 1): no legal move,
  // the game is over (LOSS in 0), though White still has stones that could step.
  const CrossingsPosition lost = game.parse(".B../w.../..../.b.. w");
  EXPECT_TRUE(fast_moves(game, lost).empty());
  EXPECT_FALSE(game.is_lost(lost));  // not "no stone": the engine's "no move" rule decides
  EXPECT_EQ(perft(game, lost, 3), 1u);
}

TEST(CrossingsRules, CrossedStonesNeverMoveAndBlock) {
  const CrossingsGame game = crossings("4x4");
  // Black's B on a4 is crossed: the only black moves are the b1 stone's.
  const auto moves = texts(game, "B.../..w./..../.bW. b");
  ASSERT_FALSE(moves.empty());
  for (const std::string& m : moves) EXPECT_EQ(m.substr(0, 2), "b1");
  // A crossed own stone is not part of a group and blocks it: b2-b3 cannot
  // move up into B on b4, nor b3 step there.
  const auto blocked = texts(game, ".B../.b../.b../W... b");
  EXPECT_FALSE(has(blocked, "b2b3"));
  EXPECT_FALSE(has(blocked, "b2b4"));
  EXPECT_FALSE(has(blocked, "b3b4"));
  EXPECT_TRUE(has(blocked, "b3a4"));  // a crossing step beside it
}

TEST(CrossingsText, RoundTripAndStrictParsing) {
  const CrossingsGame game = crossings("default");
  EXPECT_EQ(game.format(game.start()), "wwwwwwww/wwwwwwww/......../......../......../......../bbbbbbbb/bbbbbbbb b");
  const CrossingsGame mini = crossings("5x6");
  EXPECT_EQ(mini.format(mini.start()), "wwwww/...../...../...../...../bbbbb b");
  for (const std::string text : {"B..../...../...../..w../..... w", ".w.../..b../...../...../W.... b"})
    EXPECT_EQ(crossings("5x5").format(crossings("5x5").parse(text)), text);
  const CrossingsGame five = crossings("5x5");
  const std::vector<std::pair<std::string, std::string>> bad{
      {"b..../...../...../...../..w.. w", "must be written B"},
      {"...../B..../...../...../..w.. w", "not black's far rank"},
      {"...../...../...../...../w.... b", "must be written W"},
      {"W..../...../...../...../..b.. b", "not white's far rank"},
      {"...../...../...../...../bbbbb/b.... w", "more than 5 ranks"},
      {"...../...../...../...../bbbb w", "expected 5"},
      {"...../.x.../...../...../bbbbb w", "unknown character"},
      {"wwwww/w..../...../...../bbbbb b", "at most 5"},
      {"BB.../...../..w../...../..... w", "differ by one at most"},
      {"B..../...../..w../...../..... b", "more crossed stones"},
      {"...../...../...../...../bbbbb b", "no stone"},
      {"wwwww/...../...../...../bbbbb x", "side to move"},
      {"wwwww/...../...../...../bbbbb", "missing side"},
      {"wwwww/...../...../...../bbbbb b extra", "unexpected text"},
  };
  for (const auto& [text, why] : bad) {
    try {
      five.parse(text);
      ADD_FAILURE() << "accepted " << text;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << text << ": " << e.what();
    }
  }
  EXPECT_THROW(crossings_rules("2x5"), std::invalid_argument);
  EXPECT_THROW(crossings_rules("9x3"), std::invalid_argument);
  EXPECT_THROW(crossings_rules("8x8"), std::invalid_argument);  // that board is "default"
  EXPECT_THROW(crossings_rules("5x5x"), std::invalid_argument);
}

// ---- against the naive generator ----

TEST(CrossingsNaive, PerftAgreesOnTheFullBoardToDepth3) {
  const CrossingsGame game = crossings("default");
  const naive::CrossingsBoard start = naive::CrossingsBoard::parse(game.format(game.start()));
  for (int depth = 1; depth <= 3; ++depth)
    EXPECT_EQ(perft(game, game.start(), depth), naive::crossings_perft(start, depth));
}

TEST(CrossingsNaive, PerftAgreesOnMiniBoardsToDepth5) {
  for (const std::string variant : {"4x4", "5x5", "3x3", "4x5"}) {
    const CrossingsGame game = crossings(variant);
    const naive::CrossingsBoard start = naive::CrossingsBoard::parse(game.format(game.start()));
    for (int depth = 1; depth <= 5; ++depth)
      EXPECT_EQ(perft(game, game.start(), depth), naive::crossings_perft(start, depth))
          << variant << " depth " << depth;
  }
}

// The depths the issue asks for, too slow for the suite with the naive
// generator (minutes): run by hand with --gtest_also_run_disabled_tests.
TEST(CrossingsNaive, DISABLED_PerftAgreesDeep) {
  const std::vector<std::pair<std::string, int>> runs{{"4x4", 6}, {"5x5", 6}, {"default", 4}};
  for (const auto& [variant, depth] : runs) {
    const CrossingsGame game = crossings(variant);
    EXPECT_EQ(perft(game, game.start(), depth),
              naive::crossings_perft(naive::CrossingsBoard::parse(game.format(game.start())), depth))
        << variant << " depth " << depth;
  }
}

// Random positions reached by random play (so crossings and obligations come
// up), and random boards with random stones.
std::vector<CrossingsPosition> random_positions(const CrossingsGame& game, int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<CrossingsPosition> out;
  while (static_cast<int>(out.size()) < count) {
    CrossingsPosition p = game.start();
    for (int ply = 0; ply < 80 && !game.is_lost(p); ++ply) {
      std::vector<CrossingsPosition> children;
      game.for_each_move(p, [&](const CrossingsMove&, const CrossingsPosition& c) { children.push_back(c); });
      if (children.empty()) break;
      p = children[rng() % children.size()];
      if (rng() % 8 == 0) out.push_back(p);
    }
  }
  return out;
}

TEST(CrossingsNaive, RandomPositionsHaveTheSameMoves) {
  for (const std::string variant : {"default", "5x5", "4x4", "6x7", "3x8"}) {
    const CrossingsGame game = crossings(variant);
    for (const CrossingsPosition& p : random_positions(game, 400, 11))
      ASSERT_EQ(fast_moves(game, p), naive_moves(game, p)) << variant << " " << game.format(p);
  }
}

// ---- predecessors ----

std::vector<CrossingsPosition> predecessors(const CrossingsGame& game, const CrossingsPosition& p) {
  std::vector<CrossingsPosition> out;
  game.for_each_predecessor(p, [&](const CrossingsPosition& q) { out.push_back(q); });
  return out;
}

// Stones dropped anywhere, crossed counts as they fall: these include the
// positions that cannot occur, which tiers hold too and which follow the
// same rules.
std::vector<CrossingsPosition> random_boards(const CrossingsGame& game, int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<CrossingsPosition> out;
  while (static_cast<int>(out.size()) < count) {
    CrossingsPosition p{0, 0, rng() % 2 == 1};
    const int mine = 1 + static_cast<int>(rng() % game.stones()), theirs = 1 + static_cast<int>(rng() % game.stones());
    while (std::popcount(p.mine) < mine) p.mine |= Squares{1} << (rng() % game.squares());
    while (std::popcount(p.theirs) < theirs) p.theirs |= (Squares{1} << (rng() % game.squares())) & ~p.mine;
    out.push_back(p);
  }
  return out;
}

TEST(CrossingsRetro, PredecessorsAreExactlyTheQuietParents) {
  for (const std::string variant : {"5x5", "4x4", "default", "3x5"}) {
    const CrossingsGame game = crossings(variant);
    auto positions = random_positions(game, 300, 5);
    for (const CrossingsPosition& p : random_boards(game, 300, 6)) positions.push_back(p);
    for (const CrossingsPosition& p : positions) {
      // Every quiet child lists p among its predecessors.
      game.for_each_move(p, [&](const CrossingsMove& m, const CrossingsPosition& child) {
        if (m.captures) return;
        const auto preds = predecessors(game, child);
        ASSERT_NE(std::find(preds.begin(), preds.end(), p), preds.end()) << game.format(p) << " " << game.move_text(m);
      });
      // Every predecessor has a quiet move to p (a predecessor may be a
      // position that cannot occur, so it is not parsed back from text).
      for (const CrossingsPosition& q : predecessors(game, p)) {
        bool found = false;
        game.for_each_move(q, [&](const CrossingsMove& m, const CrossingsPosition& child) {
          found = found || (!m.captures && child == p);
        });
        ASSERT_TRUE(found) << game.format(q) << " -> " << game.format(p);
      }
    }
  }
}

// ---- the engine against the simple solver ----

void expect_engine_matches_simple_solver(const std::string& variant) {
  const CrossingsGame game = crossings(variant);
  const std::vector<std::vector<Value>> engine = solve_in_memory(game, 2);
  simple::KnownTiers known;
  for (const TierGroup& group : game_solve_order(game)) {
    const auto result = simple::solve_group(game, group.tiers, known);
    for (std::size_t k = 0; k < group.tiers.size(); ++k) known[group.tiers[k]] = result[k];
  }
  std::uint64_t compared = 0;
  for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
    ASSERT_EQ(engine[t].size(), known.at(t).size());
    for (std::uint64_t i = 0; i < engine[t].size(); ++i) {
      ASSERT_EQ(engine[t][i], known.at(t)[i])
          << variant << " tier " << game.tier_name(t) << " slot " << i << " " << game.format(game.position(t, i));
      ++compared;
    }
  }
  EXPECT_GT(compared, 0u);
}

TEST(CrossingsSolver, EngineMatchesSimpleSolver3x3) { expect_engine_matches_simple_solver("3x3"); }
TEST(CrossingsSolver, EngineMatchesSimpleSolver4x3) { expect_engine_matches_simple_solver("4x3"); }
TEST(CrossingsSolver, EngineMatchesSimpleSolver3x4) { expect_engine_matches_simple_solver("3x4"); }
TEST(CrossingsSolver, EngineMatchesSimpleSolver4x4) { expect_engine_matches_simple_solver("4x4"); }

// ---- the bounded search against the tablebase ----

// On 4x4, where every value is known, whatever the search proves must be the
// tablebase's value, and its bounds must hold the true value.
TEST(CrossingsSearch, ProofsAndBoundsAgreeWithTheTablebase) {
  const CrossingsGame game = crossings("4x4");
  const std::vector<std::vector<Value>> table = solve_in_memory(game, 2);
  auto value_of = [&](const CrossingsPosition& p) { return table[game.tier_of(p)][game.index(p)]; };
  SearchLimits limits;
  limits.nodes = 5000;
  limits.max_plies = 40;
  BoundedSearch<CrossingsGame> search(game, limits);
  int proven = 0, open = 0;
  for (const CrossingsPosition& p : random_positions(game, 120, 17)) {
    if (game.is_lost(p)) continue;
    const auto r = search.run(p);
    const Value truth = value_of(p);
    if (r.moves.empty()) continue;
    EXPECT_FALSE(better_for_mover(r.value.lower, truth)) << game.format(p);
    EXPECT_FALSE(better_for_mover(truth, r.value.upper)) << game.format(p);
    if (r.proven) {
      ++proven;
      EXPECT_EQ(r.value.lower, truth) << game.format(p);
    } else {
      ++open;
    }
    for (const auto& m : r.moves) {
      const Value through = game.is_lost(m.child) ? win_in(1) : value_through_move(value_of(m.child));
      EXPECT_FALSE(better_for_mover(m.value.lower, through)) << game.format(p) << " " << game.move_text(m.move);
      EXPECT_FALSE(better_for_mover(through, m.value.upper)) << game.format(p) << " " << game.move_text(m.move);
    }
  }
  EXPECT_GT(proven, 30) << open;  // short wins and losses are common
  EXPECT_GT(open, 0);             // and draws never proven
}

// 8x8 positions a few moves before a forced crossing (README): proven WIN.
TEST(CrossingsSearch, ShortForcedWinsOnTheFullBoard) {
  const CrossingsGame game = crossings("default");
  SearchLimits limits;
  limits.nodes = 1'000'000;
  BoundedSearch<CrossingsGame> search(game, limits);
  const std::vector<std::pair<std::string, Value>> cases{
      {"ww....../......../...b..../......../......../......../......../........ b", win_in(3)},
      {".......w/..b..b../......../......../......../......../....w.../........ b", win_in(3)},
      {"ww....../......../......../...b..../......../......../......../........ b", win_in(5)},
      {"www...../ww....../......b./......../......../......../bbbbbbb./bbbbbbbb b", win_in(3)},
  };
  for (const auto& [text, value] : cases) {
    const auto r = search.run(game.parse(text));
    EXPECT_TRUE(r.proven) << text;
    EXPECT_EQ(r.value.lower, value) << text << ": " << describe(r.value);
  }
  // The start: nothing is proven within a small budget.
  limits.nodes = 20000;
  BoundedSearch<CrossingsGame> small(game, limits);
  EXPECT_FALSE(small.run(game.start()).proven);
}

// The tiers of one count of the opponent's stones share one table of the
// classes of those sets (games/kit/lazy_indexers.hpp): 8x3's tables take
// 14 MiB, where each of its 64 tiers built its own classes in 90 MB (8 tiers
// a count, so 8 times the words counted here).
TEST(CrossingsIndex, TiersShareTheirTablesOfClasses) {
  const CrossingsGame game = crossings("8x3");
  std::uint64_t shared = 0;  // a 32-bit word for every set of 1 to 8 of the 24 squares
  for (int k = 1; k <= game.stones(); ++k) shared += binomial(24, k) * sizeof(std::uint32_t);
  std::vector<CrossingsGame::TierId> every(game.tier_count());
  std::iota(every.begin(), every.end(), 0);
  EXPECT_GE(game.table_bytes(every), shared);
  EXPECT_LT(game.table_bytes(every), 4 * shared);
  EXPECT_EQ(crossings("default").table_bytes({0}), 0u) << "8x8 is searched, never numbered";
}

TEST(CrossingsIndex, IndexAndPositionAreInverse) {
  const CrossingsGame game = crossings("4x5");
  for (const CrossingsPosition& p : random_positions(game, 300, 3)) {
    const auto t = game.tier_of(p);
    const CrossingsPosition back = game.position(t, game.index(p));
    EXPECT_EQ(game.index(back), game.index(p));
    // The same position seen from the other colour, mirrored, has the same slot.
    CrossingsPosition turned{game.mirrored(game.turned(p.mine)), game.mirrored(game.turned(p.theirs)),
                             !p.white_to_move};
    EXPECT_EQ(game.index(turned), game.index(p));
  }
}

}  // namespace
}  // namespace rtb
