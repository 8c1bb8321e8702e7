// Crossings as the seed text describes it (docs/rules.md, "The seed text's
// game") against facts found another way: positions checked by hand, and a
// naive point by point generator (tests/games/crossings/naive_crossings_seed.hpp)
// written from that page.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <iostream>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "driver/generate.hpp"
#include "driver/solve_in_memory.hpp"
#include "games/crossings/crossings_seed.hpp"
#include "games/kit/perft.hpp"
#include "search/bounded_search.hpp"
#include "solver/reverse_moves.hpp"
#include "solver/value.hpp"
#include "tests/games/crossings/naive_crossings_seed.hpp"
#include "tests/support/simple_solver.hpp"

namespace rtb {
namespace {

using MoveList = std::vector<std::pair<std::string, std::string>>;

template <class G>
MoveList fast_moves(const G& game, const typename G::Position& p) {
  MoveList out;
  if (game.is_lost(p)) return out;
  game.for_each_move(p, [&](const typename G::Move& m, const typename G::Position& child) {
    out.push_back({game.move_text(m), game.format(child)});
  });
  std::sort(out.begin(), out.end());
  return out;
}

template <class G>
MoveList naive_moves(const G& game, const typename G::Position& p) {
  return naive::seed_moves(naive::SeedBoard::parse(game.format(p)));
}

template <class G>
std::vector<std::string> texts(const G& game, const std::string& position) {
  std::vector<std::string> out;
  for (const auto& move : fast_moves(game, game.parse(position))) out.push_back(move.first);
  return out;
}

template <class G>
std::string child_of(const G& game, const std::string& position, const std::string& move) {
  for (const auto& [text, child] : fast_moves(game, game.parse(position)))
    if (text == move) return child;
  ADD_FAILURE() << "no move " << move << " in " << position;
  return "";
}

bool has(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

std::vector<std::string> starting_with(const std::vector<std::string>& list, const std::string& prefix) {
  std::vector<std::string> out;
  for (const std::string& s : list)
    if (s.rfind(prefix, 0) == 0) out.push_back(s);
  return out;
}

// The moves from one square to squares (not corners): four characters.
std::vector<std::string> square_moves(const std::vector<std::string>& list, const std::string& prefix) {
  std::vector<std::string> out;
  for (const std::string& s : starting_with(list, prefix))
    if (s.size() == 4) out.push_back(s);
  return out;
}

CrossingsSeedGame128 full() { return CrossingsSeedGame128(crossings_seed_rules("seed"), "seed"); }
CrossingsSeedGame128 five() { return CrossingsSeedGame128(crossings_seed_rules("seed-5x5"), "seed-5x5"); }
CrossingsSeedGame32 four() { return CrossingsSeedGame32(crossings_seed_rules("seed-4x4"), "seed-4x4"); }

// ---- hand-checked positions ----

// The 8x8 start, Black to move (docs/rules.md: 110 moves), by kind:
//   diagonal steps of a rank-2 piece onto rank 3: 7 up-right, 7 up-left = 14
//   slides up: a rank-2 piece to rank 3 (8), a rank-1 piece over its own
//     rank-2 piece to rank 3 (8); sideways and down nothing is empty      = 16
//   group moves of pairs: the published game's 60 less its 22 steps     = 38
//   onto a corner: corner row 1's 7 corners, each from its 4 squares (28);
//     corner row 2's 7 corners from their 2 squares on rank 2 (14)       = 42
//   total                                                                 = 110
TEST(CrossingsSeedRules, StartOfTheFullGameHas110MovesByKind) {
  const auto game = full();
  EXPECT_EQ(game.format(game.start()),
            "wwwwwwww/......./wwwwwwww/......./......../......./......../......./......../......./......../......./"
            "bbbbbbbb/......./bbbbbbbb b");
  int steps = 0, slides = 0, groups = 0, corners = 0, total = 0;
  game.for_each_move(game.start(), [&](const SeedMove<Bitboard128>& m, const SeedPosition<Bitboard128>&) {
    ++total;
    switch (m.kind) {
      case SeedMoveKind::step:
        ++steps;
        break;
      case SeedMoveKind::slide:
        ++slides;
        break;
      case SeedMoveKind::group:
        ++groups;
        break;
      case SeedMoveKind::to_corner:
        ++corners;
        break;
      default:
        ADD_FAILURE() << game.move_text(m);
    }
  });
  EXPECT_EQ(steps, 14);
  EXPECT_EQ(slides, 16);
  EXPECT_EQ(groups, 38);
  EXPECT_EQ(corners, 42);
  EXPECT_EQ(total, 110);
  const auto moves = texts(game, game.format(game.start()));
  EXPECT_TRUE(has(moves, "a1a3"));    // the slide over its own a2
  EXPECT_TRUE(has(moves, "2d1d3"));   // a pair two squares up
  EXPECT_TRUE(has(moves, "b2b2+"));   // onto a corner of corner row 2 (docs/rules.md's example)
  EXPECT_FALSE(has(moves, "b2c2+"));  // c2+ joins c2 d2 c3 d3: not a corner of b2
}

// A slide may stop on every empty square the mover guards that it crosses,
// passes its own pieces, and ends on the first empty square it does not guard.
TEST(CrossingsSeedRules, SlideStopsOnGuardedSquaresAndEndsOnTheFirstUnguarded) {
  const auto game = five();
  // Black corner pieces on b1+ (guarding b1 c1 b2 c2) and c2+ (c2 d2 c3 d3).
  const std::string open = "w..../..../...../..../...../..b./...../.b../..b.. b";
  EXPECT_EQ(square_moves(texts(game, open), "c1c"), (std::vector<std::string>{"c1c2", "c1c3", "c1c4"}));
  // With an own piece on c3 the walk passes it: c2 and c4 only.
  const std::string over = "w..../..../...../..../..b../..b./...../.b../..b.. b";
  EXPECT_EQ(square_moves(texts(game, over), "c1c"), (std::vector<std::string>{"c1c2", "c1c4"}));
  // An enemy piece on c3 stops the walk before it: c2 only.
  const std::string stop = "...../..../...../..../..w../..b./...../.b../..b.. b";
  EXPECT_EQ(square_moves(texts(game, stop), "c1c"), (std::vector<std::string>{"c1c2"}));
  // Without guards the slide is a step: c1c2 only.
  EXPECT_EQ(square_moves(texts(game, "w..../..../...../..../...../..../...../..../..b.. b"), "c1c"),
            (std::vector<std::string>{"c1c2"}));
}

// A split with a reserve shorter than the empty squares: every choice is a
// separate move, and the corner piece goes back into the reserve.
TEST(CrossingsSeedRules, SplitWithAShortReserveOffersEveryChoice) {
  const auto game = five();
  // Black: a1, e1 and the corner c2+ (3 of 5 on the board: reserve 2).
  const std::string position = "w..../..../...../..../...../..b./...../..../b...b b";
  EXPECT_EQ(starting_with(texts(game, position), "c2+="),
            (std::vector<std::string>{"c2+=c2c3", "c2+=c2d2", "c2+=c2d3", "c2+=c3d3", "c2+=d2c3", "c2+=d2d3"}));
  EXPECT_EQ(child_of(game, position, "c2+=d2c3"), "w..../..../...../..../..b../..../...b./..../b...b w");
  // Reserve 4 or more than the empty squares: one split fills them all.
  EXPECT_EQ(starting_with(texts(game, "w..../..../...../..../...../..b./...../..../..... b"), "c2+="),
            (std::vector<std::string>{"c2+=c2d2c3d3"}));
  // Reserve 0: no split.
  EXPECT_TRUE(starting_with(texts(game, "w..../..../...../..../...../..b./...../..../bb.bb b"), "c2+=").empty());
}

// A piece may not go onto a corner that shares a square with an enemy
// corner piece: both sides would guard that square.
TEST(CrossingsSeedRules, CornerRefusedWhereBothSidesWouldGuard) {
  const auto game = five();
  // White on c3+ (guarding c3 d3 c4 d4); Black on c2.
  const auto moves = starting_with(texts(game, "..w../..../...../..w./...../..../..b../..../..... b"), "c2");
  EXPECT_TRUE(has(moves, "c2b1+"));
  EXPECT_TRUE(has(moves, "c2c1+"));
  EXPECT_FALSE(has(moves, "c2b2+"));  // shares c3 with c3+
  EXPECT_FALSE(has(moves, "c2c2+"));  // shares c3 and d3
}

// docs/rules.md's example: from the 8x8 start, Black's pair a1-b2 one square up
// and right puts pieces on b2 and c3, completing a cross of five black pieces
// around c2 (b2 c3 d2 c1 and c2 itself): all five go.
TEST(CrossingsSeedRules, CrossOfFiveTakesTheMoversOwnPieces) {
  const auto game = full();
  const std::string child = child_of(game, game.format(game.start()), "2a1b2");
  EXPECT_EQ(child,
            "wwwwwwww/......./wwwwwwww/......./......../......./......../......./......../......./......../......./"
            "b...bbbb/......./.b.bbbbb w");
  const auto p = game.parse(child);
  EXPECT_EQ(count(p.theirs), 11);
  EXPECT_EQ(game.reserve(p.theirs), 5);
}

// Two crosses that share pieces: whichever goes first breaks the other, and
// the two final boards are two moves, each named by its order of removal.
TEST(CrossingsSeedRules, OverlappingCrossesGiveOneMovePerFinalBoard) {
  const auto game = five();
  // Black steps d3-c2: crosses around b2 (a2 c2 b1 b3) and c2 (b2 d2 c1 c3).
  const std::string position = "w..../..../...../..../.wwb./..../bb.w./..../.bb.. b";
  const auto all = texts(game, position);
  EXPECT_EQ(starting_with(all, "d3c2/"), (std::vector<std::string>{"d3c2/xb2", "d3c2/xc2"}));
  EXPECT_FALSE(has(all, "d3c2"));
  // The b2 cross first leaves c1 c3 d2; the c2 cross first leaves a2 b1 b3.
  EXPECT_EQ(child_of(game, position, "d3c2/xb2"), "w..../..../...../..../..w../..../...w./..../..b.. w");
  EXPECT_EQ(child_of(game, position, "d3c2/xc2"), "w..../..../...../..../.w.../..../b..../..../.b... w");
}

// F1 and F2: a square piece between two enemy corner pieces, and a corner
// piece over two enemy square pieces, go with the pieces that made them.
TEST(CrossingsSeedRules, GuardFormationsTakeBothSides) {
  const auto game = five();
  // F2: White steps e3-d2 beside its c2 under Black's c2+: c2+, c2, d2 go.
  EXPECT_EQ(child_of(game, "...../..../...../..../....w/..b./..w../..../b.... w", "e3d2"),
            "...../..../...../..../...../..../...../..../b.... b");
  // F1: Black moves a piece onto b2+ while White's c2 is touched by Black's
  // c1+ already: c2 now has two black corners; c2, b2+ and c1+ go. (b2+
  // shares no square with a white corner.)
  EXPECT_EQ(child_of(game, "..w../..../...../..../..b../..../..w../..b./..... b", "c3b2+"),
            "..w../..../...../..../...../..../...../..../..... w");
}

TEST(CrossingsSeedRules, PendingPiecesMustBeAnswered) {
  const auto game = four();
  // Black's b4 is pending: White must take it or make its own pending piece.
  const std::string position = ".b../.../..../.../..w./.../W..b w";
  for (const auto& [text, child] : fast_moves(game, game.parse(position))) {
    // Every legal answer crosses: a1 is white's own far rank already, so
    // only a piece reaching rank 1 (locking both) qualifies, or none.
    EXPECT_NE(child.find('W'), std::string::npos) << text << " " << child;
    EXPECT_NE(child.find('B'), std::string::npos) << text << " " << child;
  }
  EXPECT_TRUE(has(texts(game, position), "c2c1"));   // the slide down: W on c1, B on b4
  EXPECT_FALSE(has(texts(game, position), "c2c3"));  // ignores the crossing
  // With no answer at all White has no move and has lost.
  const auto stuck = game.parse(".b../.../w.../.../..../.../...b w");
  EXPECT_TRUE(fast_moves(game, stuck).empty());
  EXPECT_FALSE(game.is_lost(stuck));  // pieces stand: the "no move" rule decides
  EXPECT_EQ(perft(game, stuck, 3), 1u);
}

TEST(CrossingsSeedText, RoundTripAndStrictParsing) {
  const auto game = four();
  EXPECT_EQ(game.format(game.start()), "wwww/.../..../.../..../.../bbbb b");
  for (const std::string text : {".B../.../..w./.b./..../.../W... b", "B.../.w./..../.../.b../.../.... w"})
    EXPECT_EQ(game.format(game.parse(text)), text);
  const std::vector<std::pair<std::string, std::string>> bad{
      {"wwww/.../..../.../..../.../bbbb", "missing side"},
      {"wwww/.../..../.../..../... b", "expected 7 fields"},
      {"wwww/..../..../.../..../.../bbbb b", "corner row 3 has more than 3"},
      {"wwww/.../..../.../..../.../bbb b", "rank 1 has 3 points"},
      {"wwww/.../..../.x./..../.../bbbb b", "unknown character"},
      {"wwww/.../..../.../.B../.../bbbb b", "locked pieces stand only on black's far rank 4"},
      {"wwww/.B./..../.../..../.../bbbb b", "locked pieces stand only"},
      {"b.../.../..../.../..../.../.... b", "pending piece on a4"},
      {"..../.../..../.../..../.../w... w", "pending piece on a1"},
      {"wwww/w../..../.../..../.../bbbb b", "white has 5 pieces"},
      {"..../.w./..../b../..../.../.... b", "square b3 is guarded by both sides"},
      {"..../.../..../.b./.ww./.../.... w", "formation stands on b2+ (a corner piece"},
      {"..../.../.b../.../bwb./.../.b.. w", "formation stands on b2 (a cross"},
      {"wwww/.../..../.../..../.../bbbb b x", "unexpected text"},
  };
  for (const auto& [text, why] : bad) {
    try {
      game.parse(text);
      ADD_FAILURE() << "accepted " << text;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << text << ": " << e.what();
    }
  }
  EXPECT_THROW(crossings_seed_rules("seed-2x5"), std::invalid_argument);
  EXPECT_THROW(crossings_seed_rules("seed-8x8"), std::invalid_argument);
  EXPECT_THROW(crossings_seed_rules("seed4x4"), std::invalid_argument);
  EXPECT_TRUE(crossings_seed_fits_32_bits(crossings_seed_rules("seed-4x4")));
  EXPECT_FALSE(crossings_seed_fits_32_bits(crossings_seed_rules("seed-5x5")));
  // 32 points but 5 pieces a side: tiers beyond 2^31 slots, so searched.
  EXPECT_FALSE(CrossingsSeedGame32(crossings_seed_rules("seed-5x4"), "seed-5x4").has_tablebases());
  EXPECT_TRUE(CrossingsSeedGame32(crossings_seed_rules("seed-4x5"), "seed-4x5").has_tablebases());
}

// ---- against the naive generator ----

TEST(CrossingsSeedNaive, StartMovesAgree) {
  const auto game = full();
  EXPECT_EQ(fast_moves(game, game.start()), naive_moves(game, game.start()));
}

TEST(CrossingsSeedNaive, PerftAgreesOnTheFullBoardToDepth3) {
  const auto game = full();
  const auto start = naive::SeedBoard::parse(game.format(game.start()));
  for (int depth = 1; depth <= 3; ++depth)
    EXPECT_EQ(perft(game, game.start(), depth), naive::seed_perft(start, depth)) << depth;
}

TEST(CrossingsSeedNaive, PerftAgreesOnSeed4x4ToDepth5) {
  const auto game = four();
  const auto start = naive::SeedBoard::parse(game.format(game.start()));
  for (int depth = 1; depth <= 5; ++depth)
    EXPECT_EQ(perft(game, game.start(), depth), naive::seed_perft(start, depth)) << depth;
}

// Deeper, too slow for the suite with the naive generator: run by hand with
// --gtest_also_run_disabled_tests.
TEST(CrossingsSeedNaive, DISABLED_PerftAgreesDeep) {
  {
    const auto game = four();
    EXPECT_EQ(perft(game, game.start(), 7), naive::seed_perft(naive::SeedBoard::parse(game.format(game.start())), 7));
  }
  const auto game = full();
  EXPECT_EQ(perft(game, game.start(), 4), naive::seed_perft(naive::SeedBoard::parse(game.format(game.start())), 4));
}

// Positions reached by random play (corners, splits, formations and
// crossings all come up) have the same moves and children.
template <class G>
std::vector<typename G::Position> random_positions(const G& game, int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<typename G::Position> out;
  while (static_cast<int>(out.size()) < count) {
    auto p = game.start();
    for (int ply = 0; ply < 120 && !game.is_lost(p); ++ply) {
      std::vector<typename G::Position> children;
      game.for_each_move(p, [&](const typename G::Move&, const typename G::Position& c) { children.push_back(c); });
      if (children.empty()) break;
      p = children[rng() % children.size()];
      if (rng() % 6 == 0) out.push_back(p);
    }
  }
  return out;
}

template <class G>
void expect_random_play_agrees(const G& game, int count, bool expect_locked = true) {
  int with_corners = 0, locked = 0, ordered = 0;
  for (const auto& p : random_positions(game, count, 7)) {
    const MoveList moves = fast_moves(game, p);
    ASSERT_EQ(moves, naive_moves(game, p)) << game.variant() << " " << game.format(p);
    for (const auto& move : moves) ordered += move.first.find('/') != std::string::npos;
    // The text of every reached position parses back to it.
    ASSERT_EQ(game.parse(game.format(p)), p) << game.format(p);
    with_corners += game.guarded(p.mine | p.theirs) != 0;
    locked += p.locked != 0;
  }
  EXPECT_GT(with_corners, count / 4) << game.variant();  // the walk reaches the corner rules
  if (expect_locked) {
    EXPECT_GT(locked, 0) << game.variant();  // random play on 8x8 seldom crosses
  }
  EXPECT_GT(ordered, 0) << game.variant();  // moves whose removal order changes the board come up
}

TEST(CrossingsSeedNaive, RandomPositionsHaveTheSameMoves) {
  expect_random_play_agrees(four(), 400);
  expect_random_play_agrees(five(), 300);
  expect_random_play_agrees(full(), 150, false);
  expect_random_play_agrees(CrossingsSeedGame32(crossings_seed_rules("seed-3x3"), "seed-3x3"), 300);
  expect_random_play_agrees(CrossingsSeedGame128(crossings_seed_rules("seed-6x4"), "seed-6x4"), 200);
}

// ---- tiers and indexing (boards on 32-bit sets) ----

CrossingsSeedGame32 mini(const std::string& variant) {
  return CrossingsSeedGame32(crossings_seed_rules(variant), variant);
}

TEST(CrossingsSeedIndex, EverySlotIndexesBackToItself) {
  for (const std::string variant : {"seed-3x3", "seed-4x3"}) {
    const auto game = mini(variant);
    ASSERT_TRUE(game.has_tablebases());
    std::uint64_t slots = 0, impossible = 0;
    for (std::uint32_t t = 0; t < game.tier_count(); ++t)
      for (std::uint64_t i = 0; i < game.tier_size(t); i += 1 + i % 7) {
        const auto p = game.position(t, i);
        ASSERT_EQ(game.tier_of(p), t) << variant << " " << game.format(p);
        ASSERT_EQ(game.index(p), i) << variant << " " << game.format(p);
        ++slots;
        impossible += game.slot_weight(t, i) == 0;
      }
    EXPECT_GT(impossible, 0u);  // standing formations and doubly guarded squares
    EXPECT_LT(impossible, slots);
  }
  // 3x3: 13 points, 3 pieces a side; the block sizes add up to the tier.
  const auto game = mini("seed-3x3");
  EXPECT_EQ(game.tier_count(), 16u);
  // sum over 1 <= i <= 3, 0 <= j <= 3 of C(13, i) C(13 - i, j)
  EXPECT_EQ(game.tier_size(game.tier_id(0, 0)), 72319u);
}

TEST(CrossingsSeedIndex, ReachedPositionsAndTheirTurnedImagesShareASlot) {
  const auto game = four();
  for (const auto& p : random_positions(game, 400, 5)) {
    if (game.is_lost(p)) continue;
    const auto t = game.tier_of(p);
    const auto back = game.position(t, game.index(p));
    EXPECT_EQ(game.index(back), game.index(p));
    if (!p.white_to_move) {
      EXPECT_EQ(back, p) << game.format(p);
    }
    EXPECT_EQ(game.slot_weight(t, game.index(p)), 1u) << game.format(p);  // reached: it can occur
  }
}

// The seed reading gives no predecessors: the engine takes each group's
// moves backwards into a table (solver/reverse_moves.hpp). Its tests on games
// that do give predecessors are in tests/solver/reverse_moves_test.cpp; here,
// the table of the game it was made for.

// The group of tier t in the solve order, and t's place in it.
std::pair<TierGroup, std::size_t> group_of(const CrossingsSeedGame32& game, std::uint32_t t) {
  for (const TierGroup& group : game_solve_order(game))
    for (std::size_t local = 0; local < group.tiers.size(); ++local)
      if (group.tiers[local] == t) return {group, local};
  throw std::logic_error("no group holds tier " + game.tier_name(t));
}

using Slot = std::pair<std::uint32_t, std::uint64_t>;  // (tier, slot)

std::vector<Slot> table_parents(const ReverseMoves& table, const TierGroup& group, std::size_t local,
                                std::uint64_t slot) {
  std::vector<Slot> out;
  table.for_each_parent(local, slot, [&](std::size_t l, std::uint64_t s) { out.push_back({group.tiers[l], s}); });
  return out;
}

// The moves from `from` whose child is the position of `to` (no symmetry: one slot, one board).
std::int64_t moves_between(const CrossingsSeedGame32& game, const Slot& from, const Slot& to) {
  std::int64_t n = 0;
  game.for_each_move(game.position(from.first, from.second), [&](const auto&, const auto& child) {
    n += !game.is_lost(child) && game.tier_of(child) == to.first && game.index(child) == to.second;
  });
  return n;
}

// For positions reached by play: each parent in the table has as many moves
// to the position as it is listed, each in-group child lists the position
// once a move to it, and every position but the start has a parent.
TEST(CrossingsSeedRetro, TableListsExactlyTheParentsInTheGroup) {
  const auto game = mini("seed-3x4");
  std::map<std::vector<std::uint32_t>, ReverseMoves> tables;  // by the group's tiers
  const auto table_of = [&](const TierGroup& group) -> const ReverseMoves& {
    ReverseMoves& table = tables[group.tiers];
    if (table.slots() == 0) table.build(game, group.tiers, 2);
    return table;
  };
  std::uint64_t checked = 0;
  for (const auto& p : random_positions(game, 200, 9)) {
    if (game.is_lost(p)) continue;
    const Slot self{game.tier_of(p), game.index(p)};
    const auto found = group_of(game, self.first);
    const TierGroup& group = found.first;
    const std::size_t local = found.second;
    const std::vector<Slot> parents = table_parents(table_of(group), group, local, self.second);
    for (const Slot& q : parents)
      ASSERT_EQ(moves_between(game, q, self), std::count(parents.begin(), parents.end(), q))
          << game.format(game.position(q.first, q.second)) << " -> " << game.format(p);
    EXPECT_TRUE(!parents.empty() || p == game.start()) << game.format(p);
    // The parent side: the moves of the slot's board (p, seen by Black) into its group.
    game.for_each_move(game.position(self.first, self.second), [&](const auto&, const auto& child) {
      if (game.is_lost(child)) return;
      const Slot c{game.tier_of(child), game.index(child)};
      const auto [child_group, child_local] = group_of(game, c.first);
      if (child_group.tiers != group.tiers) return;
      const std::vector<Slot> listed = table_parents(table_of(group), group, child_local, c.second);
      ASSERT_EQ(std::count(listed.begin(), listed.end(), self), moves_between(game, self, c))
          << game.format(p) << " -> " << game.format(child);
      ++checked;
    });
  }
  EXPECT_GT(checked, 1000u);
}

// The engine's table of moves taken backwards on the seed boards is checked
// with the other forward-only games in tests/solver/reverse_moves_test.cpp
// (the same on 1 and 3 threads, the plan's estimate within a tenth).

void expect_engine_matches_simple_solver(const std::string& variant) {
  const auto game = mini(variant);
  const std::vector<std::vector<Value>> engine = solve_in_memory(game, 2);
  simple::KnownTiers known;
  for (const TierGroup& group : game_solve_order(game)) {
    const auto result = simple::solve_group(game, group.tiers, known);
    for (std::size_t k = 0; k < group.tiers.size(); ++k) known[group.tiers[k]] = result[k];
  }
  std::uint64_t compared = 0, decided = 0;
  for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
    ASSERT_EQ(engine[t].size(), known.at(t).size());
    for (std::uint64_t i = 0; i < engine[t].size(); ++i) {
      ASSERT_EQ(engine[t][i], known.at(t)[i])
          << variant << " tier " << game.tier_name(t) << " slot " << i << " " << game.format(game.position(t, i));
      ++compared;
      decided += !is_draw(engine[t][i]);
    }
  }
  EXPECT_GT(decided, compared / 10) << variant;
}

// The most parents a slot has and the moves a slot, by group (for sizing).
TEST(CrossingsSeedSolver, DISABLED_MostPredecessors) {
  for (const std::string variant : {"seed-3x3", "seed-3x4", "seed-4x3"}) {
    const auto game = mini(variant);
    for (const TierGroup& group : game_solve_order(game)) {
      ReverseMoves table;
      table.build(game, group.tiers, 2);
      std::uint64_t most = 0;
      for (std::size_t local = 0; local < group.tiers.size(); ++local)
        for (std::uint64_t i = 0; i < game.tier_size(group.tiers[local]); ++i) {
          std::uint64_t n = 0;
          table.for_each_parent(local, i, [&](std::size_t, std::uint64_t) { ++n; });
          most = std::max(most, n);
        }
      std::cout << variant << " " << game.tier_name(group.tiers.front()) << "'s group: " << table.slots() << " slots, "
                << double(table.moves()) / double(table.slots()) << " moves a slot, most predecessors " << most << "\n";
    }
  }
}

TEST(CrossingsSeedSolver, EngineMatchesSimpleSolver3x3) { expect_engine_matches_simple_solver("seed-3x3"); }
TEST(CrossingsSeedSolver, EngineMatchesSimpleSolver3x4) { expect_engine_matches_simple_solver("seed-3x4"); }
// 27 million slots: minutes with the simple solver, so run by hand
// (--gtest_also_run_disabled_tests --gtest_filter='*4x3').
TEST(CrossingsSeedSolver, DISABLED_EngineMatchesSimpleSolver4x3) { expect_engine_matches_simple_solver("seed-4x3"); }

// ---- 8x8 by search ----

TEST(CrossingsSeedSearch, ShortForcedWinIsProvenAndTheStartIsNot) {
  const auto game = full();
  SearchLimits limits;
  limits.nodes = 200000;
  BoundedSearch<CrossingsSeedGame128> search(game, limits);
  // White's last piece stands alone; Black's pair d2-d3 takes it: WIN in 1.
  const auto r =
      search.run(game.parse("......../......./......../......./......../......./......../......./...w..../......./"
                            "...b..../......./...b..../......./........ b"));
  EXPECT_TRUE(r.proven);
  EXPECT_EQ(r.value.lower, win_in(1));
  limits.nodes = 2000;
  BoundedSearch<CrossingsSeedGame128> small(game, limits);
  EXPECT_FALSE(small.run(game.start()).proven);
}

}  // namespace
}  // namespace rtb
