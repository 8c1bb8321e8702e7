// Morabaraba and Lasker Morris (docs/rules.md, "Morabaraba and Lasker Morris")
// against facts found another way: docs/rules.md's perft and sizes, the naive
// generator written from the rules (tests/games/morris/naive_morris.hpp),
// and positions counted by hand for each rule the two add to `nine`'s: the
// diagonals and their mills, the full board drawn, sliding and flying with
// stones in hand, and a side to move the hands do not fix.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "driver/resource_plan.hpp"
#include "driver/solve_in_memory.hpp"
#include "games/kit/perft.hpp"
#include "games/morris/morris.hpp"
#include "solver/tier_graph.hpp"
#include "tests/games/morris/morris_playouts.hpp"
#include "tests/games/morris/naive_morris.hpp"
#include "tests/support/simple_solver.hpp"

namespace rtb {
namespace {

using namespace morris_test;  // NOLINT: the shared helpers read as this file's own

// ---- boards ----

// 40 links and 20 mills, a corner of any square on 3 mills; Lasker's board
// is nine's. rtb's board and the naive one, typed in apart, agree: the same
// links (as rtb draws them) and the same mills (every three points are a
// mill to one exactly when they are to the other).
TEST(MorabarabaBoard, DiagonalsAddEightLinksAndFourMills) {
  for (const auto& [variant, links, mills] : {std::tuple{"morabaraba", 40u, 20u}, std::tuple{"lasker", 32u, 16u}}) {
    const naive::MillsBoard b = naive::mills_board(variant);
    EXPECT_EQ(b.names.size(), 24u) << variant;
    EXPECT_EQ(b.links.size(), links) << variant;
    EXPECT_EQ(b.mills.size(), mills) << variant;
    const MorrisGame game(variant);
    std::set<std::pair<std::string, std::string>> naive_links, rtb_links;
    for (const auto& [x, y] : b.links) naive_links.insert(std::minmax(x, y));
    for (const auto& [x, y] : game.board_look().lines) rtb_links.insert(std::minmax(x, y));
    EXPECT_EQ(rtb_links, naive_links) << variant;
    std::set<std::set<std::string>> naive_mills, rtb_mills;
    for (const auto& m : b.mills) naive_mills.insert({m[0], m[1], m[2]});
    for (int x = 0; x < 24; ++x)
      for (int y = x + 1; y < 24; ++y)
        for (int z = y + 1; z < 24; ++z)
          if (game.in_mills(bit(x) | bit(y) | bit(z)))
            rtb_mills.insert({game.point_name(x), game.point_name(y), game.point_name(z)});
    EXPECT_EQ(rtb_mills, naive_mills) << variant;
  }
  const naive::MillsBoard b = naive::mills_board("morabaraba");
  for (const char* corner : {"a1", "g1", "a7", "g7", "b2", "f2", "b6", "f6", "c3", "e3", "c5", "e5"}) {
    int on = 0;
    for (const auto& m : b.mill_points) on += std::count(m.begin(), m.end(), b.point(corner));
    EXPECT_EQ(on, 3) << corner;
  }
}

// The maps are computed from the links and mills: the diagonals keep all 16
// of nine's (docs/rules.md), and rtb's maps are the naive brute-force set.
TEST(MorabarabaBoard, SymmetriesAreTheSixteenOfNine) {
  for (const char* variant : {"morabaraba", "lasker"}) {
    const MorrisGame game(variant);
    EXPECT_EQ(game.symmetry_count(), 16u) << variant;
    EXPECT_EQ(naive::symmetries(naive::mills_board(variant)).size(), 16u) << variant;
  }
}

// ---- perft from the start ----

// docs/rules.md, each removal its own move. Morabaraba's ply 5 by hand:
// 24·23·22·21·20 placements, and for White's first two stones on one of 20
// mills (6 ordered pairs each) with Black's two off its third point (21·20),
// one more move (the third point removes either Black stone). Lasker's ply
// 3: 552 · 22 placements, and White's one stone sliding to a free neighbour
// (64 link ends) past Black's stone (22 points left for it).
TEST(MorabarabaLaskerPerft, StartAgreesWithRulesMdAndTheNaiveGenerator) {
  EXPECT_EQ(24ull * 23 * 22 * 21 * 20 + 20ull * 6 * 21 * 20, 5'150'880ull);
  EXPECT_EQ(552ull * 22 + 22 * 64, 13'552ull);
  const std::vector<std::uint64_t> morabaraba{24, 552, 12'144, 255'024, 5'150'880};
  const std::vector<std::uint64_t> lasker{24, 552, 13'552, 319'176};
  for (const auto& [variant, table] : {std::pair{"morabaraba", morabaraba}, std::pair{"lasker", lasker}}) {
    const MorrisGame game(variant);
    const naive::MillsBoard b = naive::mills_board(variant);
    const naive::Position start = naive::parse(b, game.format(game.start()));
    for (int depth = 1; depth <= 5; ++depth) {
      const std::uint64_t fast = perft(game, game.start(), depth), slow = naive::perft(b, start, depth);
      EXPECT_EQ(fast, slow) << variant << " depth " << depth;
      if (depth <= static_cast<int>(table.size())) {
        EXPECT_EQ(fast, table[depth - 1]) << variant << " depth " << depth;
      }
    }
  }
}

// Deeper, by hand (18 minutes on a busy 2-core machine: the naive
// generator is slow on purpose):
//   build/tests/morabaraba_lasker_test --gtest_also_run_disabled_tests --gtest_filter='*DISABLED_DepthSix*'
// Depth 6 of both, rtb against the naive generator: 99,862,272 and
// 188,926,776. Depth 7 is rtb's alone (`rtb perft morris start 7 --variant
// morabaraba`: 1,905,799,824; lasker 4,733,227,328).
TEST(MorabarabaLaskerPerft, DISABLED_DepthSixAgainstTheNaiveGenerator) {
  for (const char* variant : {"morabaraba", "lasker"}) {
    const MorrisGame game(variant);
    const naive::MillsBoard b = naive::mills_board(variant);
    const std::uint64_t fast = perft(game, game.start(), 6);
    const std::uint64_t slow = naive::perft(b, naive::parse(b, game.format(game.start())), 6);
    EXPECT_EQ(fast, slow) << variant;
    std::printf("%s depth 6: rtb %llu, naive %llu\n", variant, static_cast<unsigned long long>(fast),
                static_cast<unsigned long long>(slow));
  }
}

// ---- random games against the naive generator ----

TEST(MorabarabaLaskerNaiveAgreement, RandomPlayouts) {
  unsigned seed = 11;
  for (const char* variant : {"morabaraba", "lasker"}) {
    const PlayoutStats s = check_playouts(variant, 150, 200, seed++);
    EXPECT_GT(s.with_removal, 300) << variant;
    EXPECT_GT(s.restricted_removal, 30) << variant;
    EXPECT_GT(s.under_three, 30) << variant;
    EXPECT_GT(s.flying, 100) << variant;
    if (std::string(variant) == "lasker") {
      EXPECT_GT(s.slides_in_hand, 1000) << variant;
    } else {
      EXPECT_GT(s.movement, 1000) << variant;
    }
    std::printf(
        "%-10s positions %d placement %d movement %d flying %d removal %d restricted %d all-in-mills %d "
        "under-three %d slides-in-hand %d full-board %d\n",
        variant, s.positions, s.placement, s.movement, s.flying, s.with_removal, s.restricted_removal,
        s.all_in_mills_removal, s.under_three, s.slides_in_hand, s.full_board);
  }
}

// ---- Morabaraba by hand ----

// White a1 b2, Black d7 g7, 10 stones in each hand, White to place: c3 closes the
// diagonal a1b2c3 and removes either Black stone (neither is in a mill):
// 19 quiet placements + 2. On nine's board c3 is quiet: 20.
TEST(MorabarabaHandChecked, ADiagonalPlacementClosesAMill) {
  const MorrisGame game("morabaraba"), nine("nine");
  const MoveList moves = rtb_moves(game, game.parse(".bb/.../.../....../.../w../w.. w 10 10"));
  EXPECT_EQ(moves.size(), 21u);
  const std::vector<std::string> texts = move_texts(moves);
  EXPECT_EQ(removals(moves), 2);
  for (const std::string m : {"c3xd7", "c3xg7"}) EXPECT_NE(std::find(texts.begin(), texts.end(), m), texts.end()) << m;
  const MoveList on_nine = rtb_moves(nine, nine.parse(".bb/.../.../....../.../w../w.. w 7 7"));
  EXPECT_EQ(on_nine.size(), 20u);
  EXPECT_EQ(removals(on_nine), 0);
}

// Movement, White a1 c3 d2 g4 (four stones: no flying), Black a7 d7 f6 (no
// Black mill, g7 empty). a1 slides to d1, a4 and along the diagonal to b2;
// c3 to d3, c4 and b2; d2 to b2 closes a1b2c3 (3 removals), to f2, d1, d3
// quiet; g4 to g1, g7, f4. 15 moves. On nine's board, no diagonal: 11, and
// d2b2 is quiet.
TEST(MorabarabaHandChecked, SlidesAlongTheDiagonalsAndADiagonalMill) {
  const MorrisGame game("morabaraba"), nine("nine");
  const std::string text = "bb./..b/.../.....w/w../.w./w.. w 0 0";
  EXPECT_EQ(move_texts(rtb_moves(game, game.parse(text))),
            (std::vector<std::string>{"a1a4", "a1b2", "a1d1", "c3b2", "c3c4", "c3d3", "d2b2xa7", "d2b2xd7", "d2b2xf6",
                                      "d2d1", "d2d3", "d2f2", "g4f4", "g4g1", "g4g7"}));
  EXPECT_EQ(move_texts(rtb_moves(nine, nine.parse(text))),
            (std::vector<std::string>{"a1a4", "a1d1", "c3c4", "c3d3", "d2b2", "d2d1", "d2d3", "d2f2", "g4f4", "g4g1",
                                      "g4g7"}));
}

// Twelve stones a side fill the board. Black's last placement (g1, closing
// no mill: a1, g4 and e3 are White's) leaves White to move on a full board:
// drawn, not lost. The rules give White no move; rtb gives it one, a pass to
// the same board with Black to move, so the position repeats forever.
TEST(MorabarabaHandChecked, TheFullBoardIsADraw) {
  const MorrisGame game("morabaraba");
  const naive::MillsBoard b = naive::mills_board("morabaraba");
  const std::string last = "wbw/bwb/wbw/bwbwbw/wbw/bwb/wb. b 0 1", full = "wbw/bwb/wbw/bwbwbw/wbw/bwb/wbb w 0 0";
  EXPECT_EQ(rtb_moves(game, game.parse(last)), (MoveList{{"g1", full}}));
  const MorrisPosition p = game.parse(full);
  EXPECT_EQ(game.tier_name(game.tier_of(p)), "m12-12");
  EXPECT_FALSE(game.is_lost(p));
  EXPECT_EQ(rtb_moves(game, p), full_board_pass(full));
  EXPECT_TRUE(naive::moves(b, naive::parse(b, full)).empty());
  EXPECT_TRUE(naive::is_drawn(b, naive::parse(b, full)));
  EXPECT_FALSE(naive::is_lost(b, naive::parse(b, full)));
  // The pass is the only way into the tier, and it leaves nothing else.
  EXPECT_EQ(game.tier_successors(game.tier_of(p)), std::vector<MorrisGame::TierId>{game.tier_of(p)});
  // Solved, every one of the tier's positions is a draw.
  const MorrisGame::TierId tier = game.tier_of(p);
  const auto values = solve_in_memory(game, 1, [&](std::uint32_t t) { return t == tier; });
  ASSERT_EQ(values[tier].size(), game.tier_size(tier));
  std::uint64_t draws = 0, weights = 0;
  for (std::uint64_t i = 0; i < values[tier].size(); ++i) {
    if (game.slot_weight(tier, i) == 0) continue;
    weights += game.slot_weight(tier, i);
    draws += describe(values[tier][i]) == "DRAW";
  }
  EXPECT_EQ(draws, game.class_count(tier));
  EXPECT_EQ(weights, 2'704'156u);  // C(24, 12): every way to fill the board
  EXPECT_EQ(describe(values[tier][game.index(p)]), "DRAW");
  EXPECT_EQ(simple::solve_group(game, {tier}, {}).front(), values[tier]);
}

// ---- Lasker by hand ----

// White a1 d1 g4 with 2 in hand, Black b6 d6 with 5: White may place (19
// empty points; g1 closes a1d1g1 and removes b6 or d6: 18 + 2) or slide
// (a1a4; d1d2, d1g1, which leaves a1d1g1; g4g1 closes it: 2; g4g7, g4f4):
// 27 moves, and a slide keeps both hands.
TEST(LaskerHandChecked, ASlideWithStonesInHand) {
  const MorrisGame game("lasker");
  const MoveList moves = rtb_moves(game, game.parse(".../bb./.../.....w/.../.../ww. w 2 5"));
  EXPECT_EQ(moves.size(), 27u);
  EXPECT_EQ(removals(moves), 4);
  std::vector<std::string> slides;
  for (const std::string& m : move_texts(moves))
    if (m.size() >= 4 && m[2] != 'x') slides.push_back(m);
  EXPECT_EQ(slides, (std::vector<std::string>{"a1a4", "d1d2", "d1g1", "g4f4", "g4g1xb6", "g4g1xd6", "g4g7"}));
  const auto it = std::find_if(moves.begin(), moves.end(), [](const auto& m) { return m.first == "g4g7"; });
  ASSERT_NE(it, moves.end());
  EXPECT_EQ(it->second, "..w/bb./.../....../.../.../ww. b 2 5");
}

// White a1 and 2 in hand (3 in all) flies: 21 placements and a1 to any of
// the 21 empty points, 42. With 3 in hand (4 in all) it slides: a1 to d1 or
// a4, 23.
TEST(LaskerHandChecked, FlyingWithStonesInHand) {
  const MorrisGame game("lasker");
  EXPECT_EQ(rtb_moves(game, game.parse(".../bb./.../....../.../.../w.. w 2 3")).size(), 42u);
  EXPECT_EQ(rtb_moves(game, game.parse(".../bb./.../....../.../.../w.. w 3 3")).size(), 23u);
}

// The hands do not fix the side to move: after d1 a7 White may slide d1d2,
// and Black is to move with equal hands, which nine refuses.
TEST(LaskerHandChecked, TheSideToMoveIsFree) {
  const MorrisGame lasker("lasker"), nine("nine");
  const MoveList moves = rtb_moves(lasker, lasker.parse("b../.../.../....../.../.../.w. w 9 9"));
  const auto it = std::find_if(moves.begin(), moves.end(), [](const auto& m) { return m.first == "d1d2"; });
  ASSERT_NE(it, moves.end());
  EXPECT_EQ(it->second, "b../.../.../....../.../.w./... b 9 9");
  EXPECT_NO_THROW(lasker.parse(it->second));
  EXPECT_THROW(nine.parse("b../.../.../....../.../.w./... b 8 8"), std::invalid_argument);
  EXPECT_EQ(lasker.format(lasker.parse(".../.../.../....../.../.../... b 10 10")),
            ".../.../.../....../.../.../... b 10 10");
}

// Black to move with no stone on the board and 5 in hand, White a1 d1 g1 (a
// mill) with 2 in hand. White's last move may have been a slide that closed
// a1d1g1 with nothing to remove (a quiet move, in the same tier group):
// d2d1, a4a1 or g4g1, the three predecessors; each has that move, quiet,
// to this position.
TEST(LaskerHandChecked, ASlideIntoAMillWithNothingToRemoveIsTakenBack) {
  const MorrisGame game("lasker");
  const std::string text = ".../.../.../....../.../.../www b 2 5";
  const MorrisPosition p = game.parse(text);
  std::set<std::string> before;
  game.for_each_predecessor(p, [&](const MorrisPosition& q) {
    before.insert(game.format(q));
    bool leads_here = false;
    game.for_each_move(q, [&](const MorrisMove& m, const MorrisPosition& child) {
      leads_here = leads_here || (child == p && !m.is_capture());
    });
    EXPECT_TRUE(leads_here) << game.format(q);
  });
  EXPECT_EQ(before,
            (std::set<std::string>{".../.../.../....../.../.w./w.w w 2 5", ".../.../.../w...../.../.../.ww w 2 5",
                                   ".../.../.../.....w/.../.../ww. w 2 5"}));
}

// ---- tiers ----

// A Lasker tier and its partner (the hands and the stones swapped) make one
// group, placements lead to fewer stones in hand, and no placement tier is
// solved in one pass or derived: the tier names say the counts.
TEST(LaskerTiers, PlacementTiersPairLikeMovementTiers) {
  const MorrisGame game("lasker");
  const MorrisPosition p = game.parse(".../bb./.../.....w/.../.../ww. w 2 5");
  const MorrisGame::TierId t = game.tier_of(p);
  EXPECT_EQ(game.tier_name(t), "p3-2-h2-5");
  std::set<std::string> next;
  for (MorrisGame::TierId u : game.tier_successors(t)) next.insert(game.tier_name(u));
  EXPECT_EQ(next, (std::set<std::string>{"p2-4-h5-1", "p1-4-h5-1", "p2-3-h5-2", "p1-3-h5-2"}));
  for (MorrisGame::TierId u = 0; u < game.tier_count(); ++u) {
    if (!game.is_placement_tier(u)) continue;
    EXPECT_FALSE(game.may_derive_tier(u)) << game.tier_name(u);
    const std::vector<MorrisGame::TierId> after = game.tier_successors(u);
    const MorrisGame::TierId partner = game.tier_with_hands(game.opponent_hand(u), game.mover_hand(u),
                                                            game.opponent_on_board(u), game.mover_on_board(u));
    EXPECT_NE(std::find(after.begin(), after.end(), partner), after.end()) << game.tier_name(u);
  }
}

// Lasker's rules on the 16-point board with 4 stones a side, solved whole
// (its cyclic placement pairs by the engine's walk, on the predecessors of
// for_each_predecessor_slot): the values of tests/support/simple_solver.hpp,
// which asks only for moves, on every tier. Nine's board with ten stones has
// no placement group small enough for the conformance battery's solve.
TEST(LaskerSolved, SmallBoardAgreesWithTheSimpleSolver) {
  const MorrisGame game(MorrisRules{"lasker-16", 16, 4, true, false, true, false});
  const auto engine = solve_in_memory(game, 2);
  simple::KnownTiers known;
  std::uint64_t placement_slots = 0;
  for (const TierGroup& group : game_solve_order(game)) {
    const auto values = simple::solve_group(game, group.tiers, known);
    for (std::size_t k = 0; k < group.tiers.size(); ++k) {
      const std::uint32_t t = group.tiers[k];
      ASSERT_EQ(engine[t], values[k]) << game.tier_name(t);
      known[t] = values[k];
      if (game.is_placement_tier(t)) placement_slots += values[k].size();
    }
  }
  EXPECT_GT(placement_slots, 10'000u);
}

// With both hands empty Lasker's game is nine's (docs/rules.md): a movement
// tier of both holds the same positions in the same slots, and its values,
// reached by Lasker's rules (sliding with stones in hand allowed, flying
// counted with the hand), must be nine's. The tiers with at most four stones
// a side, each game solving its own (a full solve's files to nine stones are
// nine's byte for byte after the header, which names the variant).
TEST(LaskerSolved, MovementTiersOfAtMostNineStonesAreNines) {
  const MorrisGame nine("nine"), lasker("lasker");
  const auto small_movement = [](const MorrisGame& game) {
    return [&game](std::uint32_t t) {
      return !game.is_placement_tier(t) && game.mover_on_board(t) <= 4 && game.opponent_on_board(t) <= 4;
    };
  };
  const auto nine_values = solve_in_memory(nine, 2, small_movement(nine), Walk::Byte);
  const auto lasker_values = solve_in_memory(lasker, 2, small_movement(lasker), Walk::Byte);
  int compared = 0;
  for (std::uint32_t t = 0; t < lasker.tier_count(); ++t) {
    if (!small_movement(lasker)(t)) continue;
    const std::string name = lasker.tier_name(t);
    std::uint32_t u = 0;
    while (u < nine.tier_count() && nine.tier_name(u) != name) ++u;
    ASSERT_LT(u, nine.tier_count()) << name << " is not a tier of nine";
    ASSERT_EQ(lasker_values[t].size(), lasker.tier_size(t)) << name;
    EXPECT_TRUE(lasker_values[t] == nine_values[u]) << name;
    ++compared;
  }
  EXPECT_EQ(compared, 4);  // m3-3, m3-4, m4-3, m4-4
}

// The largest cyclic units are Malom's (docs/rules.md): Morabaraba's M(7,8) +
// M(8,7), 1,075,686,040 slots, and Lasker's placement pair with 8 and 8
// on the board and one stone in one hand, 1,206,665,460.
TEST(MorabarabaLaskerTiers, LargestUnitsHaveMalomsSlotCounts) {
  const MorrisGame morabaraba("morabaraba"), lasker("lasker");
  const std::uint64_t n = 2 * morabaraba.stones();
  EXPECT_EQ(morabaraba.tier_size(morabaraba.tier_id(n, 7, 8)) + morabaraba.tier_size(morabaraba.tier_id(n, 8, 7)),
            1'075'686'040u);
  EXPECT_EQ(lasker.tier_size(lasker.tier_with_hands(1, 0, 8, 8)) + lasker.tier_size(lasker.tier_with_hands(0, 1, 8, 8)),
            1'206'665'460u);
}

// The numbering's tables of Morabaraba, held by every generate from start to
// end, are counted in the plan's base: the classes of every set of 0 to 12
// of the 24 points, a 64-bit word each (16 symmetries) at the least. Before
// they were counted a run with `--memory-limit 15G` passed its limit.
TEST(MorabarabaPlan, TheNumberingsTablesAreInEveryGroupsMemory) {
  const MorrisGame game("morabaraba");
  std::uint64_t sets = 0;
  for (int k = 0; k <= game.stones(); ++k) sets += binomial(24, k);
  const std::vector<TierGroup> groups = game_solve_order(game);
  const std::vector<std::uint32_t> every = tiers_touched(groups, std::vector<bool>(groups.size(), true));
  ASSERT_EQ(every.size(), game.tier_count());
  const std::uint64_t tables = game.table_bytes(every);
  EXPECT_GE(tables, sets * sizeof(std::uint64_t));
  EXPECT_LT(tables, sets * sizeof(std::uint64_t) * 3 / 2);
  const PlanModel model = plan_model_of(game, every);
  EXPECT_EQ(model.base_bytes, PlanModel{}.base_bytes + tables);
  // A run of the 3-a-side tier counts only its own table: the classes of
  // sets of 3 points and its further sets, a small part of the whole.
  EXPECT_LT(game.table_bytes({game.tier_with_hands(0, 0, 3, 3)}), tables / 100);
  const ResourcePlan plan = plan_resources(
      game, groups, std::vector<bool>(groups.size(), true), [](std::uint32_t) { return false; }, model);
  EXPECT_EQ(plan.base_bytes, model.base_bytes);
  for (const GroupPlan& g : plan.groups) ASSERT_GE(g.memory_bytes, model.base_bytes + g.state_bytes) << g.name;
}

// A placement where the opponent has more than nine stones to remove: the
// walks' arrays of removals were sized for Nine Men's Morris and overflowed
// (Morabaraba's p22-w11-b11 crashed on 2 threads). Both walks, from the same
// random child values, must give the same values.
TEST(MorabarabaPlacement, RemovingFromTenOrMoreStonesWalksBothWaysAlike) {
  const MorrisGame game("morabaraba");
  MorrisGame::TierId tier = 0;
  while (game.tier_name(tier) != "p22-w11-b11") ++tier;
  SolvedTierValues solved(game.tier_count(), nullptr);
  std::vector<std::vector<Value>> children;
  std::uint32_t seed = 7;
  for (const MorrisGame::TierId child : game.tier_successors(tier)) {
    std::vector<Value>& v = children.emplace_back(game.tier_size(child));
    for (Value& x : v) {
      seed = seed * 1664525u + 1013904223u;
      x = (seed >> 24) % 4 == 0 ? kDraw : make_value(static_cast<int>((seed >> 8) % 61));
    }
    solved[child] = v.data();
  }
  const std::vector<Value> by_parent = game.solve_placement_tier(tier, solved, 2, MorrisGame::PlacementWalk::ByParent);
  const std::vector<Value> by_child = game.solve_placement_tier(tier, solved, 2, MorrisGame::PlacementWalk::ByChild);
  ASSERT_EQ(by_parent.size(), game.tier_size(tier));
  EXPECT_TRUE(by_parent == by_child);
}

}  // namespace
}  // namespace rtb
