// The solved Morris games against the published results (docs/rules.md,
// "The Morris family", and GamesmanOne's Mills variants 0, 72 and 144): Five
// and Six Men's Morris are draws and so is every first placement; Seven Men's Morris
// is a White win in 25 plies. The whole game is solved in memory, both
// phases, through the engine and the placement tiers' one-pass walk.
// Seven takes about 10 s on one thread, so it runs in the long run only
// (`ctest --test-dir build -C Long -L long`).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "driver/solve_in_memory.hpp"
#include "games/morris/morris.hpp"
#include "solver/verify.hpp"

namespace rtb {
namespace {

struct Solved {
  MorrisGame game;
  std::vector<std::vector<Value>> values;
  explicit Solved(const std::string& variant) : game(variant), values(solve_in_memory(game, 1)) {}
  Value value_of(const MorrisPosition& p) const { return values[game.tier_of(p)][game.index(p)]; }
  // The value of each first placement for White, by its text.
  std::map<std::string, Value> first_moves() const {
    std::map<std::string, Value> out;
    game.for_each_move(game.start(), [&](const MorrisMove& m, const MorrisPosition& child) {
      out[game.move_text(m)] = value_through_move(value_of(child));
    });
    return out;
  }
};

TEST(MorrisSolved, FiveAndSixMensMorrisAreDrawsAndSoIsEveryFirstPlacement) {
  for (const char* variant : {"five", "six"}) {
    const Solved solved(variant);
    EXPECT_EQ(describe(solved.value_of(solved.game.start())), "DRAW") << variant;
    const auto moves = solved.first_moves();
    EXPECT_EQ(moves.size(), 16u) << variant;
    for (const auto& [move, value] : moves) EXPECT_EQ(describe(value), "DRAW") << variant << " " << move;
  }
}

// The placement walk in both orders (morris.hpp: PlacementWalk) gives the
// engine's values on every placement tier of Five and Six Men's Morris, on
// one thread and on two, and tells progress that adds up to the tier: the
// walk by child writes each canonical slot once, from a parent that stands
// for its class, and fills the alias slots after; a set C with a symmetry
// (the small sets of the early placements) takes its children in full.
TEST(MorrisSolved, BothPlacementWalksGiveTheEngineValuesOnEveryPlacementTier) {
  for (const char* variant : {"five", "six"}) {
    const Solved solved(variant);
    const MorrisGame& game = solved.game;
    SolvedTierValues tables(game.tier_count(), nullptr);
    for (MorrisGame::TierId t = 0; t < game.tier_count(); ++t) tables[t] = solved.values[t].data();
    int by_child = 0;
    for (MorrisGame::TierId t = 0; t < game.tier_count(); ++t) {
      if (!game.is_placement_tier(t)) continue;
      const bool last_placement = game.stones_placed(t) + 1 == 2 * game.stones();
      EXPECT_EQ(game.placement_walk(t),
                last_placement ? MorrisGame::PlacementWalk::ByParent : MorrisGame::PlacementWalk::ByChild)
          << variant << " " << game.tier_name(t);
      for (const auto walk : {MorrisGame::PlacementWalk::ByParent, MorrisGame::PlacementWalk::ByChild})
        for (int threads : {1, 2}) {
          std::atomic<std::uint64_t> reported{0};
          const std::vector<Value> walked =
              game.solve_placement_tier(t, tables, threads, walk, [&reported](std::uint64_t n) { reported += n; });
          EXPECT_TRUE(walked == solved.values[t])
              << variant << " " << game.tier_name(t) << ", " << threads << " threads";
          EXPECT_EQ(reported.load(), game.tier_size(t)) << variant << " " << game.tier_name(t);
        }
      by_child += !last_placement;
    }
    EXPECT_GT(by_child, 40) << variant;  // the walk by child ran (not the last placement's fallback)
  }
}

// verify's general check (solver/verify.hpp) over Five Men's Morris: every
// tier passes, both phases; then values changed in the largest movement tier
// (the last slot of a run, the first of the next, slots in the middle and the very
// last, where the check's pipeline folds its last slot) are each found, and
// the first of them is named with the value its successors give.
TEST(MorrisSolved, VerifyProvesFiveAndFindsEveryChangedValue) {
  const Solved five("five");
  const MorrisGame& game = five.game;
  SolvedTierValues tables(game.tier_count(), nullptr);
  for (MorrisGame::TierId t = 0; t < game.tier_count(); ++t) tables[t] = five.values[t].data();
  MorrisGame::TierId largest = 0;
  for (MorrisGame::TierId t = 0; t < game.tier_count(); ++t) {
    // Each way of checking tells its progress, slots adding up to the tier
    // (the progress line of `rtb verify`).
    const std::vector<CheckMethod> methods = game.is_placement_tier(t)
                                                 ? std::vector{CheckMethod::General, CheckMethod::Walk}
                                                 : std::vector{CheckMethod::General};
    for (const CheckMethod method : methods) {
      std::atomic<std::uint64_t> reported{0};
      const TierCheck check = check_tier(game, t, tables, 2, method, [&reported](std::uint64_t n) { reported += n; });
      EXPECT_EQ(check.wrong, 0u) << game.tier_name(t);
      EXPECT_EQ(check.checked, game.tier_size(t));
      EXPECT_EQ(reported.load(), game.tier_size(t)) << game.tier_name(t);
      EXPECT_EQ(check.by_walk, method == CheckMethod::Walk) << game.tier_name(t);
    }
    // A movement tier whose children all lie in other tiers (m != o), so that
    // a changed value makes only its own slot wrong.
    if (!game.is_placement_tier(t) && game.mover_on_board(t) != game.opponent_on_board(t) &&
        game.tier_size(t) > game.tier_size(largest))
      largest = t;
  }
  ASSERT_GT(game.tier_size(largest), 3 * static_cast<std::uint64_t>(kOneStepRun));
  const std::uint64_t run = kOneStepRun, last = game.tier_size(largest) - 1;
  const std::vector<std::uint64_t> changed{run - 1, run, 2 * run + 17, last};
  std::vector<Value> damaged = five.values[largest];
  for (std::uint64_t slot : changed) damaged[slot] = is_draw(damaged[slot]) ? make_value(0) : kDraw;
  tables[largest] = damaged.data();
  const TierCheck check = check_tier(game, largest, tables, 2, CheckMethod::General);
  EXPECT_EQ(check.wrong, changed.size()) << game.tier_name(largest);
  EXPECT_EQ(check.first_wrong_slot, run - 1);
  EXPECT_EQ(check.stored, damaged[run - 1]);
  EXPECT_EQ(check.expected, five.values[largest][run - 1]);
}

// GamesmanOne: a first-player win in 25. rtb finds c3, the centre, the only
// winning first placement; every other loses (in 22, 26 or 28 plies).
TEST(MorrisSolved, DISABLED_SevenMensMorrisIsAWhiteWinInTwentyFiveByTheCentre) {
  const Solved seven("seven");
  EXPECT_EQ(describe(seven.value_of(seven.game.start())), "WIN in 25");
  const auto moves = seven.first_moves();
  ASSERT_EQ(moves.size(), 17u);
  EXPECT_EQ(describe(moves.at("c3")), "WIN in 25");
  for (const auto& [move, value] : moves) {
    if (move != "c3") {
      EXPECT_TRUE(is_loss(value)) << move << " " << describe(value);
    }
  }
  EXPECT_EQ(describe(moves.at("b3")), "LOSS in 28");
  EXPECT_EQ(describe(moves.at("a1")), "LOSS in 22");
}

// The placement walk at Nine Men's Morris's scale, where the tiers it reads
// are far bigger than a cache and its reads of one parent's children are in
// flight while it folds the parent before (the small boards above read tiers
// that fit in a cache): p8-w4-b4, 3.2 M slots, walked from its child tiers
// (the quiet p9-w5-b4, 10 M slots, and the removals' p9-w5-b3) filled with
// random values, and every value it wrote checked by the general move
// generator: a wrong child rank, block or removal, or a fold into the wrong
// slot, makes values wrong here.
class NinePlacementWalk : public testing::TestWithParam<MorrisGame::PlacementWalk> {};

TEST_P(NinePlacementWalk, FromLargeTiersAgreesWithTheGeneralCheck) {
  const MorrisGame game("nine");
  const MorrisGame::TierId tier = game.tier_id(8, 4, 4);
  SolvedTierValues tables(game.tier_count(), nullptr);
  std::vector<std::vector<Value>> children;
  std::mt19937 random(9);
  std::uint64_t read_slots = 0;
  for (const MorrisGame::TierId child : game.tier_successors(tier)) {
    std::vector<Value>& v = children.emplace_back(game.tier_size(child));
    for (Value& x : v) x = random() % 4 == 0 ? kDraw : make_value(random() % 61);
    tables[child] = v.data();
    read_slots += v.size();
  }
  ASSERT_EQ(children.size(), 2u);
  ASSERT_GT(read_slots, std::uint64_t{10'000'000});
  const std::vector<Value> walked = game.solve_placement_tier(tier, tables, 2, GetParam());
  ASSERT_EQ(walked.size(), game.tier_size(tier));
  tables[tier] = walked.data();
  const TierCheck check = check_tier(game, tier, tables, 2, CheckMethod::General);
  EXPECT_EQ(check.checked, game.tier_size(tier));
  EXPECT_EQ(check.wrong, 0u) << "first at slot " << check.first_wrong_slot;
}

INSTANTIATE_TEST_SUITE_P(MorrisOnePass, NinePlacementWalk,
                         testing::Values(MorrisGame::PlacementWalk::ByParent, MorrisGame::PlacementWalk::ByChild),
                         [](const auto& info) {
                           return info.param == MorrisGame::PlacementWalk::ByChild ? "ByChild" : "ByParent";
                         });

// The walk by child is what every placement takes but the last, whose
// children are movement positions numbered by the child's opponent.
TEST(MorrisOnePass, NineWalksByChildButInTheLastPlacement) {
  const MorrisGame game("nine");
  EXPECT_EQ(game.placement_walk(game.tier_id(12, 6, 6)), MorrisGame::PlacementWalk::ByChild);
  EXPECT_EQ(game.placement_walk(game.tier_id(2, 1, 1)), MorrisGame::PlacementWalk::ByChild);
  EXPECT_EQ(game.placement_walk(game.tier_id(17, 8, 8)), MorrisGame::PlacementWalk::ByParent);
  EXPECT_EQ(game.placement_walk(game.tier_id(18, 8, 8)), MorrisGame::PlacementWalk::ByParent);  // movement
}
}  // namespace
}  // namespace rtb
