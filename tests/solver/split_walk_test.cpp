// A tier group split across processes (solver/slot_share.hpp), the
// processes simulated by threads (tests/support/thread_exchange.hpp): the
// shares' values put together are the whole group's, value for value, on
// any number of processes and threads, and the partition deals each tier's
// slots out whole and fairly.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "games/line_capture/line_capture.hpp"
#include "games/morris/morris.hpp"
#include "solver/retrograde.hpp"
#include "solver/slot_share.hpp"
#include "solver/tier_graph.hpp"
#include "tests/support/thread_exchange.hpp"

namespace rtb {
namespace {

using Game = LineCaptureGame;

// The groups of Pangki up to `most` pieces a side, as the tier graph orders them.
std::vector<TierGroup> groups_up_to(const Game& game, int most) {
  std::vector<TierGroup> kept;
  for (const TierGroup& group :
       solve_order(game.tier_count(), [&](std::uint32_t t) { return game.tier_successors(t); })) {
    bool small = true;
    for (std::uint32_t t : group.tiers) {
      small = small && game.mover_pieces(t) <= most && game.other_pieces(t) <= most;
    }
    if (small) kept.push_back(group);
  }
  return kept;
}

// Every group solved in order, whole (ranks 0) or split across `ranks`
// simulated processes of `threads` threads each, with blocks of
// block_slots, and rounds of at most round_keys updates a level (0: the
// solver's own); returns every tier's values, and counts the updates handed
// between processes.
template <class Game>
std::map<std::uint32_t, std::vector<std::uint8_t>> solve(const Game& game, const std::vector<TierGroup>& groups,
                                                         int ranks, int threads, std::uint64_t block_slots,
                                                         std::uint64_t* sent = nullptr, std::uint64_t round_keys = 0) {
  using Tier = typename Game::TierId;
  std::map<std::uint32_t, std::vector<std::uint8_t>> values;
  SolvedTierValues solved(game.tier_count(), nullptr);
  for (const TierGroup& group : groups) {
    const std::vector<Tier> tiers(group.tiers.begin(), group.tiers.end());
    for (Tier t : tiers) values[t].assign(game.tier_size(t), 0);
    if (ranks == 0) {
      GroupSolver<Game> solver(game, tiers, solved, threads, nullptr, Walk::Byte);
      std::vector<SolvedTier> result = solver.solve();
      for (std::size_t k = 0; k < tiers.size(); ++k)
        for (std::uint64_t i = 0; i < game.tier_size(tiers[k]); ++i)
          values[tiers[k]][i] = static_cast<std::uint8_t>(result[k][i]);
    } else {
      testing::ThreadExchange shared(ranks);
      std::vector<std::thread> processes;
      for (int r = 0; r < ranks; ++r)
        processes.emplace_back([&, r] {
          testing::ThreadExchange::Rank exchange = shared.rank(r);
          GroupSolver<Game> solver(game, tiers, solved, threads, nullptr, Walk::Byte);
          solver.split_across(exchange, block_slots);
          if (round_keys > 0) solver.set_share_round_keys(round_keys);
          solver.solve_share();
          const SlotPartition& share = solver.partition();
          for (std::size_t k = 0; k < tiers.size(); ++k)
            for (std::uint64_t i = 0; i < share.owned_slots(k); ++i) {
              const std::uint64_t slot = share.slot_of_owned(k, i);
              values[tiers[k]][slot] = solver.share_values(k)[slot];  // each slot written by its owner alone
            }
          if (sent && r == 0) *sent += solver.keys_sent();
        });
      for (std::thread& process : processes) process.join();
    }
    for (Tier t : tiers) solved[t] = values[t].data();
  }
  return values;
}

TEST(SlotPartition, DealsEverySlotOnceAndEachTierFairly) {
  const std::vector<std::uint64_t> tiers = {10 * 1024 + 5, 3 * 1024, 512, 7 * 1024};
  for (int ranks : {1, 2, 3, 4}) {
    std::vector<std::vector<int>> owner_of(tiers.size());
    for (std::size_t k = 0; k < tiers.size(); ++k) owner_of[k].assign(tiers[k], -1);
    for (int r = 0; r < ranks; ++r) {
      const SlotPartition share(tiers, ranks, r, 1024);
      for (std::size_t k = 0; k < tiers.size(); ++k) {
        std::uint64_t previous = 0;
        for (std::uint64_t i = 0; i < share.owned_slots(k); ++i) {
          const std::uint64_t slot = share.slot_of_owned(k, i);
          ASSERT_LT(slot, tiers[k]);
          if (i > 0) {
            EXPECT_LT(previous, slot);  // in slot order
          }
          previous = slot;
          EXPECT_EQ(owner_of[k][slot], -1) << "slot " << slot << " dealt twice";
          owner_of[k][slot] = r;
          EXPECT_EQ(share.owner(k, slot), r);
        }
        // A fair share: at most one block more than the tier's blocks / ranks.
        const std::uint64_t blocks = (tiers[k] + 1023) / 1024;
        EXPECT_LE(share.owned_slots(k), (blocks / ranks + 1) * 1024);
      }
    }
    for (std::size_t k = 0; k < tiers.size(); ++k)
      for (std::uint64_t slot = 0; slot < tiers[k]; ++slot)
        EXPECT_NE(owner_of[k][slot], -1) << "slot " << slot << " of tier " << k << " dealt to none";
  }
  // The blocks are dealt on across tiers: a tier of one block does not
  // always fall to the first process.
  const SlotPartition first(tiers, 4, 0, 1024);
  EXPECT_EQ(first.owner(2, 0), static_cast<int>((11 + 3) % 4));
}

TEST(SplitWalk, SharesPutTogetherAreTheWholeGroupsValues) {
  const Game game(pangki_rules(), CaptureLines::Touched);
  const std::vector<TierGroup> groups = groups_up_to(game, 5);
  const auto whole = solve(game, groups, 0, 1, 0);
  std::uint64_t slots = 0;
  for (const auto& [tier, values] : whole) slots += values.size();
  ASSERT_GT(slots, 100000u);  // enough blocks of 1024 for every process to own some of the larger tiers
  struct Run {
    int ranks, threads;
    std::uint64_t round_keys;  // 0: one round a level at these sizes
  };
  for (const Run run : {Run{1, 1, 0}, Run{1, 2, 0}, Run{2, 1, 0}, Run{2, 2, 0}, Run{3, 1, 0}, Run{3, 2, 0},
                        Run{3, 2, 100}, Run{2, 1, 16}}) {
    const int ranks = run.ranks, threads = run.threads;
    {
      std::uint64_t sent = 0;
      const auto split = solve(game, groups, ranks, threads, 1024, &sent, run.round_keys);
      for (const auto& [tier, values] : whole) {
        const std::vector<std::uint8_t>& got = split.at(tier);
        std::uint64_t wrong = 0;
        for (std::size_t i = 0; i < values.size(); ++i) {
          if (got[i] != values[i] && wrong < 3)
            ADD_FAILURE() << "slot " << i << ": " << int(got[i]) << ", whole " << int(values[i]);
          wrong += got[i] != values[i];
        }
        EXPECT_EQ(wrong, 0u) << ranks << " processes of " << threads << " threads, rounds of " << run.round_keys
                             << " updates: tier " << game.tier_name(tier);
      }
      // One process hands nothing over; more hand over part of the updates.
      if (ranks == 1) {
        EXPECT_EQ(sent, 0u);
      } else {
        EXPECT_GT(sent, 0u);
      }
    }
  }
}

// A group solved in one pass (here Five Men's Morris's placement tiers) is
// split too: each process's set-up writes its own slots' values, which
// put together are the one pass's of the whole tier, the game's own.
TEST(SplitWalk, GroupsSolvedInOnePassAreSplitToo) {
  const MorrisGame game("five");
  const std::vector<TierGroup> groups =
      solve_order(game.tier_count(), [&](std::uint32_t t) { return game.tier_successors(t); });
  std::size_t one_pass = 0;
  for (const TierGroup& group : groups)
    one_pass += solved_in_one_pass(game, std::vector<MorrisGame::TierId>(group.tiers.begin(), group.tiers.end()));
  ASSERT_GT(one_pass, 50u);
  const auto whole = solve(game, groups, 0, 1, 0);
  for (const int ranks : {2, 3}) {
    const auto split = solve(game, groups, ranks, 1, 1024);
    for (const auto& [tier, values] : whole)
      EXPECT_TRUE(split.at(tier) == values) << ranks << " processes: tier " << game.tier_name(tier);
  }
}

}  // namespace
}  // namespace rtb
