// The group loop (driver/group_loop.hpp) over an in-memory store: solving
// the groups one at a time by index, as the MPI scheduler does, gives what
// the whole loop gives; a group whose dependencies are not stored is refused;
// and the parallelism plan counts the groups that could run side by side.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "apps/rtb/plan_parallelism.hpp"
#include "driver/group_loop.hpp"
#include "driver/memory_tier_store.hpp"
#include "driver/solve_in_memory.hpp"
#include "games/bagh_chal/bagh_chal.hpp"
#include "games/line_capture/line_capture.hpp"

namespace rtb {
namespace {

std::vector<bool> all_groups(const BaghChalGame& game) {
  return std::vector<bool>(game_solve_order(game).size(), true);
}

TEST(GroupLoop, SolvingOneGroupAtATimeGivesTheWholeLoopsValues) {
  // Cinc camins up to 3 pieces a side: 6 groups, 2 of which can run at once.
  const LineCaptureGame game(cinc_camins_rules(), CaptureLines::Touched);
  const auto wanted = [&](std::uint32_t t) { return game.mover_pieces(t) <= 3 && game.other_pieces(t) <= 3; };
  const std::vector<std::vector<Value>> whole = solve_in_memory(game, 2, wanted);

  MemoryTierStore store(game.tier_count());
  GroupLoop<LineCaptureGame> loop(game, store, needed_groups(game_solve_order(game), game.tier_count(), wanted));
  // Not the solve order: always the last selected group whose dependencies
  // are stored, as a scheduler with several processes may pick.
  std::vector<bool> done(loop.groups().size(), false);
  std::size_t selected = 0;
  for (bool s : loop.selected()) selected += s;
  bool out_of_order = false;
  for (std::size_t solved = 0; solved < selected; ++solved) {
    std::size_t pick = loop.groups().size();
    for (std::size_t g = 0; g < loop.groups().size(); ++g) {
      if (done[g] || !loop.selected()[g]) continue;
      bool ready = true;
      for (std::uint32_t d : loop.groups()[g].dependencies) ready = ready && store.is_complete(d);
      if (ready) pick = g;
    }
    ASSERT_LT(pick, loop.groups().size());
    for (std::size_t g = 0; g < pick; ++g) out_of_order = out_of_order || (loop.selected()[g] && !done[g]);
    EXPECT_FALSE(loop.is_complete(pick));
    loop.solve_one(pick, 1);
    EXPECT_TRUE(loop.is_complete(pick));
    done[pick] = true;
  }
  EXPECT_TRUE(out_of_order) << "every group was solved in the solve order: the test proves less than it says";
  EXPECT_EQ(store.take_all(), whole);
}

TEST(GroupLoop, AGroupWhoseDependenciesAreNotStoredIsRefused) {
  const BaghChalGame game("3x3");
  MemoryTierStore store(game.tier_count());
  GroupLoop<BaghChalGame> loop(game, store, all_groups(game));
  const std::size_t last = loop.groups().size() - 1;
  ASSERT_FALSE(loop.groups()[last].dependencies.empty());
  EXPECT_THROW(loop.solve_one(last, 1), std::logic_error);
}

TEST(GroupLoop, ParallelismCountsGroupsThatCouldRunAtOnce) {
  // A diamond: 0 first, then 1 and 2 (both read 0), then 3 (reads 1 and 2);
  // and 4, which reads nothing but is not selected.
  const std::vector<TierGroup> groups{{{0}, {}}, {{1}, {0}}, {{2}, {0}}, {{3}, {1, 2}}, {{4}, {}}};
  const std::vector<cli::ParallelismStep> steps =
      cli::parallelism_steps(groups, {true, true, true, true, false}, [](std::uint32_t t) { return 10u + t; });
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0].groups, 1u);
  EXPECT_EQ(steps[1].groups, 2u);
  EXPECT_EQ(steps[1].slots, 11u + 12u);
  EXPECT_EQ(steps[1].largest_group_slots, 12u);
  EXPECT_EQ(steps[2].groups, 1u);
}

}  // namespace
}  // namespace rtb
