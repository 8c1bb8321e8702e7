// The group loop (driver/group_loop.hpp) over an in-memory store: solving
// the groups one at a time by index, as the MPI scheduler does, gives what
// the whole loop gives; a group whose dependencies are not stored is refused;
// the parallelism plan counts the groups that could run side by side; a
// tier the store computes from others takes those the loop holds; and tiers
// dropped for a memory limit are read again, by a solve and by a check.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <vector>

#include "apps/rtb/plan_parallelism.hpp"
#include "driver/generate.hpp"
#include "driver/group_loop.hpp"
#include "driver/memory_tier_store.hpp"
#include "driver/solve_in_memory.hpp"
#include "games/bagh_chal/bagh_chal.hpp"
#include "games/line_capture/line_capture.hpp"
#include "games/morris/morris.hpp"

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

// A store with one tier computed from others, as a derived tier's file is
// (driver/file_tier_store.hpp): it counts how often each tier is read.
class DerivingStore final : public TierStore {
 public:
  DerivingStore(MemoryTierStore& solved, std::uint32_t derived, std::vector<std::uint32_t> from)
      : solved_(solved), derived_(derived), from_(std::move(from)) {}
  bool is_complete(std::uint32_t tier) override { return solved_.is_complete(tier); }
  TierValues load(std::uint32_t tier) override { return load_using(tier, {}); }
  TierValues load_using(std::uint32_t tier, const HeldTiers& held) override {
    if (tier != derived_) return read(tier);
    for (std::uint32_t next : from_) {
      const TierValues values = held ? held(next) : nullptr;
      if (!values) read(next);
    }
    return solved_.load(tier);  // the derivation itself is another test's
  }
  void save(std::uint32_t, TierValues) override { throw std::logic_error("read only"); }
  std::map<std::uint32_t, int> reads;

 private:
  TierValues read(std::uint32_t tier) {
    ++reads[tier];
    return solved_.load(tier);
  }
  MemoryTierStore& solved_;
  std::uint32_t derived_;
  std::vector<std::uint32_t> from_;
};

TEST(GroupLoop, ADerivedTierTakesTheTiersTheLoopHoldsInsteadOfReadingThemAgain) {
  const BaghChalGame game("3x3");
  MemoryTierStore solved(game.tier_count());
  GroupLoop<BaghChalGame>(game, solved, all_groups(game)).solve_all(1);
  // The last group's first tier, derived from the group's other tiers and
  // its dependencies (which the loop loads for the group too) and from a
  // tier the group does not read (which the store reads and drops).
  const std::vector<TierGroup> groups = game_solve_order(game);
  const TierGroup& last = groups.back();
  ASSERT_FALSE(last.dependencies.empty());
  std::vector<std::uint32_t> from(last.tiers.begin() + 1, last.tiers.end());
  from.insert(from.end(), last.dependencies.begin(), last.dependencies.end());
  std::uint32_t unread = 0;
  while (std::find(from.begin(), from.end(), unread) != from.end() || unread == last.tiers[0]) ++unread;
  from.push_back(unread);

  DerivingStore store(solved, last.tiers[0], from);
  std::vector<bool> only_last(groups.size(), false);
  only_last.back() = true;
  GroupLoop<BaghChalGame> loop(game, store, only_last);
  int checked = 0;
  loop.check_all(
      [&](std::size_t, const SolvedTierValues& values) {
        ++checked;
        for (std::uint32_t t : last.tiers) EXPECT_NE(values[t], nullptr);
        for (std::uint32_t d : last.dependencies) EXPECT_NE(values[d], nullptr);
      },
      [](std::uint32_t t, const std::exception& e) { ADD_FAILURE() << "tier " << t << ": " << e.what(); });
  EXPECT_EQ(checked, 1);
  for (std::uint32_t t : from) EXPECT_EQ(store.reads[t], 1) << "tier " << t << " read " << store.reads[t] << " times";
}

// A store that counts how often each tier is read.
class CountingStore final : public TierStore {
 public:
  explicit CountingStore(std::uint32_t tier_count) : store_(tier_count) {}
  bool is_complete(std::uint32_t tier) override { return store_.is_complete(tier); }
  TierValues load(std::uint32_t tier) override {
    ++reads[tier];
    return store_.load(tier);
  }
  void save(std::uint32_t tier, TierValues values) override { store_.save(tier, std::move(values)); }
  std::vector<std::vector<Value>> take_all() { return store_.take_all(); }
  std::map<std::uint32_t, int> reads;

 private:
  MemoryTierStore store_;
};

// Under a memory limit that the held tiers would pass, the plan drops held
// tiers that a group does not read, and the loop that follows it reads them
// again when a later group does: the same values, within the limit.
TEST(GroupLoop, HeldTiersDroppedForAMemoryLimitAreReadAgainWithTheSameValues) {
  // Five Men's Morris whole: placement tiers are held for readers further on.
  const MorrisGame game("five");
  const auto wanted = [](std::uint32_t) { return true; };
  const std::vector<TierGroup> groups = game_solve_order(game);
  const std::vector<bool> needed = needed_groups(groups, game.tier_count(), wanted);
  const auto none_complete = [](std::uint32_t) { return false; };
  PlanModel model;
  model.base_bytes = 0;  // the groups' own bytes alone, so that a small game feels the limit
  const ResourcePlan free = plan_resources(game, groups, needed, none_complete, model);
  // The least limit that every group fits: its own bytes and the tiers it reads.
  std::uint64_t least = 0;
  for (const GroupPlan& g : free.groups) {
    std::uint64_t reads = 0;
    for (std::uint32_t d : groups[g.group].dependencies) reads += game.tier_size(d);  // a byte a value
    least = std::max(least, g.state_bytes + g.working_bytes + reads);
  }
  ASSERT_LT(least, free.peak_memory_bytes) << "nothing to drop: the test proves less than it says";
  model.memory_limit = least;
  const ResourcePlan limited = plan_resources(game, groups, needed, none_complete, model);
  std::size_t dropped = 0;
  for (const GroupPlan& g : limited.groups) dropped += g.dropped.size();
  EXPECT_GT(dropped, 0u);
  EXPECT_LE(limited.peak_memory_bytes, model.memory_limit);

  // Solved with either plan: the same values; the dropped tiers read again.
  const auto solve = [&](const ResourcePlan& plan, int& reads) {
    CountingStore store(game.tier_count());
    GroupLoop<MorrisGame> loop(game, store, needed);
    follow_plan(loop, plan);
    loop.solve_all(2);
    reads = 0;
    for (const auto& [tier, count] : store.reads) reads += count;
    return store.take_all();
  };
  int reads_free = 0, reads_limited = 0;
  EXPECT_EQ(solve(limited, reads_limited), solve(free, reads_free));
  EXPECT_GT(reads_limited, reads_free);
}

// rtb verify's loop (check_all) follows the same drops: every group finds
// its tiers and the tiers it reads in memory, and the dropped ones are read
// again.
TEST(GroupLoop, ACheckUnderAMemoryLimitReadsDroppedTiersAgain) {
  const MorrisGame game("five");
  const std::vector<TierGroup> groups = game_solve_order(game);
  const std::vector<bool> needed(groups.size(), true);
  const auto none_complete = [](std::uint32_t) { return false; };
  PlanModel model;
  model.base_bytes = 0;  // the groups' own bytes alone, so that a small game feels the limit
  const ResourcePlan free = plan_resources(game, groups, needed, none_complete, model);
  model.memory_limit = free.peak_memory_bytes / 2;
  const ResourcePlan limited = plan_resources(game, groups, needed, none_complete, model);
  std::size_t dropped = 0;
  for (const GroupPlan& g : limited.groups) dropped += g.dropped.size();
  ASSERT_GT(dropped, 0u) << "nothing dropped: the test proves less than it says";

  CountingStore store(game.tier_count());
  {
    GroupLoop<MorrisGame> solver(game, store, needed);
    solver.solve_all(2);
  }
  const auto check = [&](const ResourcePlan& plan) {
    store.reads.clear();
    GroupLoop<MorrisGame> loop(game, store, needed);
    follow_plan(loop, plan);
    std::size_t checked = 0;
    loop.check_all(
        [&](std::size_t g, const SolvedTierValues& values) {
          for (std::uint32_t t : groups[g].tiers) EXPECT_TRUE(values[t]) << game.tier_name(t);
          for (std::uint32_t d : groups[g].dependencies) EXPECT_TRUE(values[d]) << game.tier_name(d);
          ++checked;
        },
        [](std::uint32_t, const std::exception& e) { ADD_FAILURE() << e.what(); });
    EXPECT_EQ(checked, groups.size());
    int reads = 0;
    for (const auto& [tier, count] : store.reads) reads += count;
    return reads;
  };
  const int reads_free = check(free), reads_limited = check(limited);
  EXPECT_EQ(reads_free, static_cast<int>(game.tier_count()));  // each tier once
  EXPECT_GT(reads_limited, reads_free);
}

// A proof (rtb verify) holds a group's own tiers as read from their files
// and the tiers they read, with no walk's state or lists; a lone tier the
// game walks its own way (Morris's placement tiers) also holds the values
// its walk computes, unless every value goes through the general
// generator. The solve's plan of a cyclic group needs more.
TEST(GroupLoop, AProofsPlanHoldsTheGroupsTiersAndNoWalk) {
  const MorrisGame game("five");
  const std::vector<TierGroup> groups = game_solve_order(game);
  const std::vector<bool> needed(groups.size(), true);
  const auto none_complete = [](std::uint32_t) { return false; };
  PlanModel model;
  const ResourcePlan solve = plan_resources(game, groups, needed, none_complete, model);
  model.proof = true;
  const ResourcePlan proof = plan_resources(game, groups, needed, none_complete, model);
  model.proof_by_general = true;
  const ResourcePlan general = plan_resources(game, groups, needed, none_complete, model);
  ASSERT_EQ(proof.groups.size(), solve.groups.size());
  std::size_t cyclic = 0, walked_lone = 0;
  for (std::size_t k = 0; k < proof.groups.size(); ++k) {
    const GroupPlan& p = proof.groups[k];
    const TierGroup& group = groups[p.group];
    EXPECT_EQ(p.state_bytes, p.slots) << p.name;  // a byte a stored value
    EXPECT_EQ(p.memory_bytes, model.base_bytes + p.state_bytes + p.working_bytes + p.held_bytes) << p.name;
    EXPECT_EQ(general.groups[k].working_bytes, 0u) << p.name;
    if (solved_in_one_pass(game, group.tiers)) {
      EXPECT_EQ(p.working_bytes, p.slots * sizeof(Value)) << p.name;
      ++walked_lone;
    } else {
      EXPECT_EQ(p.working_bytes, 0u) << p.name;
      EXPECT_LT(p.memory_bytes, solve.groups[k].memory_bytes) << p.name;
      ++cyclic;
    }
  }
  EXPECT_GT(cyclic, 0u);
  EXPECT_GT(walked_lone, 0u);
}

// Under MPI (PlanModel::ranks) a group that can be split and does not fit
// the limit whole is planned per rank, a share of its state each; with
// split_all every splittable group is, those solved in one pass too.
// ranks_needed is the fewest ranks whose shares fit, read against the
// model's own per-rank figure.
TEST(GroupLoop, PlanSplitsAGroupThatDoesNotFitOneRankAcrossTheRanks) {
  const MorrisGame game("five");
  const std::vector<TierGroup> groups = game_solve_order(game);
  const std::vector<bool> needed(groups.size(), true);
  const auto none_complete = [](std::uint32_t) { return false; };
  PlanModel model;
  // The groups' own bytes alone, so that a small game feels the limit.
  model.base_bytes = 0;
  model.share_exchange_bytes = 0;
  model.share_mpi_bytes = 0;
  const ResourcePlan whole = plan_resources(game, groups, needed, none_complete, model);
  // The largest group that can be split.
  const GroupPlan* most = nullptr;
  for (const GroupPlan& g : whole.groups)
    if (g.splittable && (!most || g.memory_bytes > most->memory_bytes)) most = &g;
  ASSERT_NE(most, nullptr);
  const GroupPlan& largest = *most;
  model.ranks = 4;
  std::uint64_t reads = 0;
  for (std::uint32_t d : groups[largest.group].dependencies) reads += game.tier_size(d);  // a byte a value
  // The largest splittable group does not fit whole, even with only the tiers it reads.
  model.memory_limit = largest.state_bytes + largest.working_bytes + reads - 1;
  const ResourcePlan split = plan_resources(game, groups, needed, none_complete, model);
  EXPECT_EQ(split.ranks, 4);
  ASSERT_EQ(split.groups.size(), whole.groups.size());
  for (std::size_t i = 0; i < split.groups.size(); ++i) {
    const GroupPlan& g = split.groups[i];
    const GroupPlan& alone = whole.groups[i];
    EXPECT_EQ(g.splittable, g.walk == Walk::Byte) << g.name;
    std::uint64_t its_reads = 0;
    for (std::uint32_t d : groups[g.group].dependencies) its_reads += game.tier_size(d);
    const bool too_large = alone.state_bytes + alone.working_bytes + its_reads > model.memory_limit;
    EXPECT_EQ(g.split_ranks, g.splittable && too_large ? 4 : 0) << g.name;
    if (g.split_ranks == 0) continue;
    EXPECT_EQ(g.state_bytes, (g.slots + 3) / 4) << g.name;
    EXPECT_LT(g.state_bytes + g.working_bytes, alone.state_bytes + alone.working_bytes) << g.name;
    EXPECT_GT(g.ranks_needed, 1) << g.name;
    EXPECT_LE(share_memory_bytes(model, g.slots, g.ranks_needed, g.exit_bits) + its_reads, model.memory_limit)
        << g.name;
    // One rank fewer does not fit. A one-pass group whole is not a share of
    // one rank (it keeps a 2-byte word a slot): for it, one rank is the
    // group whole, which did not fit.
    if (g.ranks_needed > 2 || !solved_in_one_pass(game, groups[g.group].tiers)) {
      EXPECT_GT(share_memory_bytes(model, g.slots, g.ranks_needed - 1, g.exit_bits) + its_reads, model.memory_limit)
          << g.name;
    }
  }
  EXPECT_GT(split.groups[&largest - &whole.groups[0]].split_ranks, 0);
  model.split_all = true;
  std::size_t one_pass_split = 0;
  for (const GroupPlan& g : plan_resources(game, groups, needed, none_complete, model).groups) {
    EXPECT_EQ(g.split_ranks, g.splittable ? 4 : 0) << g.name;
    one_pass_split += g.split_ranks > 0 && solved_in_one_pass(game, groups[g.group].tiers);
  }
  EXPECT_GT(one_pass_split, 0u);
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
