// The retrograde engine against facts computed another way: a plain value
// iteration (tests/support/simple_solver.hpp) on every small tier, the one-step
// condition on every value of Pangki, and the figures Pangki God published.
#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "driver/generate.hpp"
#include "driver/solve_in_memory.hpp"
#include "games/line_capture/line_capture.hpp"
#include "solver/progress.hpp"
#include "solver/retrograde.hpp"
#include "solver/slot_share.hpp"
#include "solver/tier_graph.hpp"
#include "solver/tier_stats.hpp"
#include "solver/value.hpp"
#include "solver/verify.hpp"
#include "tablebases/tier_file.hpp"
#include "tests/support/simple_solver.hpp"
#include "text/with_commas.hpp"

namespace rtb {
namespace {

namespace fs = std::filesystem;
using Tier = LineCaptureGame::TierId;

LineCaptureGame pangki(CaptureLines lines) { return LineCaptureGame(pangki_rules(), lines); }
LineCaptureGame cinc_camins(CaptureLines lines) { return LineCaptureGame(cinc_camins_rules(), lines); }

const char* variant_name(CaptureLines lines) { return lines == CaptureLines::Touched ? "default" : "arrival"; }

// The groups of tiers with at most `most` pieces a side, in an order worked
// out from the rules rather than from the tier graph: a move without a
// capture turns (m, o) into (o, m), a capture lowers the total, so groups
// are {(m, o), (o, m)} by increasing total.
std::vector<std::vector<Tier>> small_groups(const LineCaptureGame& game, int most) {
  const int fewest = game.rules().lost_at + 1;
  std::vector<std::vector<Tier>> groups;
  for (int total = 2 * fewest; total <= 2 * most; ++total)
    for (int m = fewest; m <= most; ++m) {
      const int o = total - m;
      if (o < m || o > most) continue;
      if (m == o) groups.push_back({game.tier_id(m, o)});
      else groups.push_back({game.tier_id(m, o), game.tier_id(o, m)});
    }
  return groups;
}

// The engine on the given groups, in order, each reading its own earlier
// results, with the given walk; `byte_levels` lowers the levels the lean walk
// keeps in bytes, so that the rest waits in its lists.
constexpr unsigned kAllByteLevels = ~0u;
std::map<Tier, std::vector<Value>> engine_solve(
    const LineCaptureGame& game, const std::vector<std::vector<Tier>>& groups, int threads, Walk walk = Walk::Lists,
    unsigned byte_levels = kAllByteLevels, const std::function<void(GroupSolver<LineCaptureGame>&)>& configure = {},
    const std::function<void(const GroupSolver<LineCaptureGame>&)>& inspect = {}) {
  std::map<Tier, std::vector<Value>> values;
  SolvedTierValues solved(game.tier_count(), nullptr);
  for (const auto& group : groups) {
    GroupSolver<LineCaptureGame> solver(game, group, solved, threads, nullptr, walk);
    if (byte_levels != kAllByteLevels) solver.set_lean_byte_levels(byte_levels);
    if (configure) configure(solver);
    auto result = solver.solve();
    if (inspect) inspect(solver);
    for (std::size_t k = 0; k < group.size(); ++k) {
      values[group[k]] = std::move(result[k]).take_wide();
      solved[group[k]] = values[group[k]].data();
    }
  }
  return values;
}

simple::KnownTiers simple_solve(const LineCaptureGame& game, const std::vector<std::vector<Tier>>& groups) {
  simple::KnownTiers values;
  for (const auto& group : groups) {
    auto result = simple::solve_group(game, group, values);
    for (std::size_t k = 0; k < group.size(); ++k) values[group[k]] = std::move(result[k]);
  }
  return values;
}

::testing::AssertionResult same_values(const LineCaptureGame& game, const std::map<Tier, std::vector<Value>>& got,
                                       const std::map<Tier, std::vector<Value>>& want, const std::string& what) {
  std::uint64_t wrong = 0, compared = 0;
  std::string examples;
  for (const auto& [tier, want_values] : want) {
    const auto it = got.find(tier);
    if (it == got.end())
      return ::testing::AssertionFailure() << what << ": tier " << game.tier_name(tier) << " missing";
    if (it->second.size() != want_values.size())
      return ::testing::AssertionFailure() << what << ": tier " << game.tier_name(tier) << " has " << it->second.size()
                                           << " values, expected " << want_values.size();
    for (std::size_t i = 0; i < want_values.size(); ++i, ++compared) {
      if (it->second[i] == want_values[i]) continue;
      if (++wrong <= 5)
        examples += "\n  tier " + game.tier_name(tier) + " slot " + std::to_string(i) + " (" +
                    game.format(game.position(tier, i)) + "): " + describe(it->second[i]) + ", expected " +
                    describe(want_values[i]);
    }
  }
  if (wrong == 0) return ::testing::AssertionSuccess() << compared << " values agree";
  return ::testing::AssertionFailure() << what << ": " << wrong << " of " << compared << " values differ" << examples;
}

void expect_engine_matches_simple_solver(const LineCaptureGame& game, int most) {
  SCOPED_TRACE(game.name() + " (" + game.variant() + "), at most " + std::to_string(most) + " pieces a side");
  const auto groups = small_groups(game, most);
  const auto simple_values = simple_solve(game, groups);
  const auto one_thread = engine_solve(game, groups, 1);
  const auto two_threads = engine_solve(game, groups, 2);
  std::uint64_t slots = 0, wins = 0, losses = 0, draws = 0;
  for (const auto& [tier, values] : simple_values)
    for (Value v : values) {
      ++slots;
      wins += is_win(v), losses += is_loss(v), draws += is_draw(v);
    }
  // The comparison means something only if all three outcomes occur.
  EXPECT_GT(wins, 0u);
  EXPECT_GT(losses, 0u);
  EXPECT_GT(draws, 0u);
  EXPECT_TRUE(same_values(game, one_thread, simple_values, "engine, 1 thread, against the simple solver"));
  EXPECT_TRUE(same_values(game, two_threads, one_thread, "engine, 2 threads, against 1 thread"));
  // The lean walk (solver/walk.hpp) gives the same values, on any thread
  // count, with its waiting positions in bytes, in lists (no byte levels)
  // or both (level 1 in bytes, later ones in lists).
  EXPECT_TRUE(same_values(game, engine_solve(game, groups, 1, Walk::Lean), one_thread, "lean walk, 1 thread"));
  EXPECT_TRUE(same_values(game, engine_solve(game, groups, 3, Walk::Lean), one_thread, "lean walk, 3 threads"));
  EXPECT_TRUE(same_values(game, engine_solve(game, groups, 2, Walk::Lean, 0), one_thread,
                          "lean walk, every waiting position in lists"));
  EXPECT_TRUE(same_values(game, engine_solve(game, groups, 2, Walk::Lean, 1), one_thread,
                          "lean walk, level 1 in bytes, the others in lists"));
  // So does the byte walk (solver/state_byte.hpp), on any thread count; with
  // every count above 1 kept aside; and, where its distances are cut to a
  // few plies, by falling back to the lean walk.
  EXPECT_TRUE(same_values(game, engine_solve(game, groups, 1, Walk::Byte), one_thread, "byte walk, 1 thread"));
  EXPECT_TRUE(same_values(game, engine_solve(game, groups, 3, Walk::Byte), one_thread, "byte walk, 3 threads"));
  std::size_t big_counts = 0, fell_back = 0;
  const auto count_aside = [](auto& solver) { solver.set_byte_limits(state_byte::kMaxDistance, 1); };
  EXPECT_TRUE(same_values(game,
                          engine_solve(game, groups, 2, Walk::Byte, kAllByteLevels, count_aside,
                                       [&](const auto& solver) { big_counts += solver.big_counts(); }),
                          one_thread, "byte walk, counts above 1 aside"));
  EXPECT_GT(big_counts, 0u);  // the table aside was used
  const auto short_distances = [](auto& solver) { solver.set_byte_limits(3, state_byte::kMaxCount); };
  EXPECT_TRUE(same_values(game,
                          engine_solve(game, groups, 2, Walk::Byte, kAllByteLevels, short_distances,
                                       [&](const auto& solver) { fell_back += solver.fell_back(); }),
                          one_thread, "byte walk, distances beyond 3 plies solved again by the lean walk"));
  EXPECT_GT(fell_back, 0u);  // some groups went beyond 3 plies
  // So does the forward walk, which asks positions for their moves instead
  // of their predecessors: on any thread count, with counts aside, and
  // falling back to the lean walk.
  EXPECT_TRUE(same_values(game, engine_solve(game, groups, 1, Walk::Forward), one_thread, "forward walk, 1 thread"));
  EXPECT_TRUE(same_values(game, engine_solve(game, groups, 3, Walk::Forward), one_thread, "forward walk, 3 threads"));
  big_counts = 0;
  EXPECT_TRUE(same_values(game,
                          engine_solve(game, groups, 2, Walk::Forward, kAllByteLevels, count_aside,
                                       [&](const auto& solver) { big_counts += solver.big_counts(); }),
                          one_thread, "forward walk, counts above 1 aside"));
  EXPECT_GT(big_counts, 0u);
  fell_back = 0;
  EXPECT_TRUE(same_values(game,
                          engine_solve(game, groups, 2, Walk::Forward, kAllByteLevels, short_distances,
                                       [&](const auto& solver) { fell_back += solver.fell_back(); }),
                          one_thread, "forward walk, distances beyond 3 plies solved again by the lean walk"));
  EXPECT_GT(fell_back, 0u);
  // And with its lists of children (solver/child_lists.hpp): with memory
  // for them all, every open chunk is listed at the first level that asks
  // (one level writes rows); with half the largest group's, some chunks are
  // listed at once and others at later levels, in the room the closed
  // positions' rows left.
  std::uint64_t most_bytes = 0;
  unsigned most_levels = 0;
  const auto note_lists = [&](const auto& solver) {
    most_bytes = std::max(most_bytes, solver.child_list_bytes());
    most_levels = std::max(most_levels, solver.child_list_levels());
  };
  const auto any_memory = [](auto& solver) { solver.allow_child_lists(std::uint64_t{1} << 30); };
  for (int threads : {1, 3})
    EXPECT_TRUE(same_values(game,
                            engine_solve(game, groups, threads, Walk::Forward, kAllByteLevels, any_memory, note_lists),
                            one_thread, "forward walk with lists, " + std::to_string(threads) + " threads"));
  ASSERT_GT(most_bytes, 0u);
  EXPECT_EQ(most_levels, 1u);
  const std::uint64_t budget = most_bytes / 2;
  most_bytes = most_levels = 0;
  EXPECT_TRUE(same_values(game,
                          engine_solve(
                              game, groups, 2, Walk::Forward, kAllByteLevels,
                              [&](auto& solver) { solver.allow_child_lists(budget); }, note_lists),
                          one_thread, "forward walk with lists in less memory"));
  EXPECT_GT(most_bytes, 0u);
  EXPECT_LE(most_bytes, budget);
  EXPECT_GT(most_levels, 1u);
  big_counts = 0;
  const auto lists_and_counts_aside = [&](auto& solver) {
    any_memory(solver);
    count_aside(solver);
  };
  EXPECT_TRUE(same_values(game,
                          engine_solve(game, groups, 2, Walk::Forward, kAllByteLevels, lists_and_counts_aside,
                                       [&](const auto& solver) { big_counts += solver.big_counts(); }),
                          one_thread, "forward walk with lists, counts above 1 aside"));
  EXPECT_GT(big_counts, 0u);
}

// The scanning walks count their updates (the figure progress gives against
// the machine's rate, benchmarks/random_update_bench): each position a
// level finds updates each of its distinct predecessors once, so the lean
// and the byte walk count the same, on any thread count, and that is the
// sum over the positions that resolve (every slot but draws and aliases:
// Pangki's groups are all walked) of their distinct predecessors, counted
// here from the game's own moves taken back.
TEST(WalkUpdates, EachResolvedPositionUpdatesItsDistinctPredecessorsOnce) {
  const LineCaptureGame game = pangki(CaptureLines::Touched);
  const auto groups = small_groups(game, 3);
  std::uint64_t lean = 0, byte_one = 0, byte_two = 0;
  const auto values = engine_solve(game, groups, 1, Walk::Lean, kAllByteLevels, {},
                                   [&](const auto& solver) { lean += solver.updates(); });
  engine_solve(game, groups, 1, Walk::Byte, kAllByteLevels, {},
               [&](const auto& solver) { byte_one += solver.updates(); });
  engine_solve(game, groups, 2, Walk::Byte, kAllByteLevels, {},
               [&](const auto& solver) { byte_two += solver.updates(); });
  std::uint64_t expected = 0;
  for (const auto& [tier, tier_values] : values)
    for (std::uint64_t slot = 0; slot < tier_values.size(); ++slot) {
      const auto p = game.position(tier, slot);
      if (is_draw(tier_values[slot]) || game.index(p) != slot) continue;
      std::set<std::pair<Tier, std::uint64_t>> preds;
      game.for_each_predecessor(p, [&](const auto& pred) { preds.insert({game.tier_of(pred), game.index(pred)}); });
      expected += preds.size();
    }
  EXPECT_GT(expected, 0u);
  EXPECT_EQ(lean, expected);
  EXPECT_EQ(byte_one, expected);
  EXPECT_EQ(byte_two, expected);
}

TEST(SimpleSolverAgreement, PangkiUpToFourPiecesASide) {
  for (CaptureLines lines : {CaptureLines::Touched, CaptureLines::Arrival})
    expect_engine_matches_simple_solver(pangki(lines), 4);
}

TEST(SimpleSolverAgreement, CincCaminsUpToThreePiecesASide) {
  for (CaptureLines lines : {CaptureLines::Touched, CaptureLines::Arrival})
    expect_engine_matches_simple_solver(cinc_camins(lines), 3);
}

// The forward walk asks every open position at every even level, for many
// minutes on a large group: its progress counts each level's slots chunk by
// chunk up to the group's, where a level used to say nothing until it ended.
TEST(EngineProgress, TheForwardWalkCountsEachLevelsSlots) {
  const LineCaptureGame game = pangki(CaptureLines::Touched);
  auto groups = small_groups(game, 4);
  const std::vector<Tier> last = groups.back();
  groups.pop_back();
  const auto values = engine_solve(game, groups, 1);
  SolvedTierValues solved(game.tier_count(), nullptr);
  for (const auto& [tier, tier_values] : values) solved[tier] = tier_values.data();
  std::uint64_t slots = 0;
  for (Tier t : last) slots += game.tier_size(t);
  ASSERT_GT(slots, 4 * kWalkChunkSlots);  // several chunks, so that a level counts more than once
  testing::internal::CaptureStderr();
  {
    Progress progress(false, std::chrono::milliseconds(0));  // every line, though stderr is no terminal
    progress.plan(1, slots);
    progress.group(1, "last", slots);
    GroupSolver<LineCaptureGame> solver(game, last, solved, 2, &progress, Walk::Forward);
    solver.solve();
  }
  const std::string log = testing::internal::GetCapturedStderr();
  const std::string total = with_commas(slots);
  EXPECT_NE(log.find("level 0, looked at " + total + "/" + total + " slots (100%)"), std::string::npos) << log;
  EXPECT_NE(log.find("level 1, looked at"), std::string::npos) << log;
  // Partway too: a count below the group's.
  EXPECT_NE(log.find("level 0, looked at " + with_commas(kWalkChunkSlots) + "/"), std::string::npos) << log;
}

// The simple solver itself, on positions small enough to check by hand.
TEST(SimpleSolverAgreement, SimpleSolverGetsHandCheckedPositionsRight) {
  const LineCaptureGame game = pangki(CaptureLines::Touched);
  const auto values = simple_solve(game, small_groups(game, 4));
  auto value_of = [&](const char* text) {
    const auto p = game.parse(text);
    return values.at(game.tier_of(p)).at(game.index(p));
  };
  // a1b1 makes .bbw on rank 1 and takes d1: white is left with one piece.
  EXPECT_EQ(describe(value_of("...w/..../..../b.bw b")), "WIN in 1");
  // Black's two pieces are walled in: no legal move.
  EXPECT_EQ(describe(value_of("..../..../w..w/bwwb b")), "LOSS in 0");
}

// The histogram of distances (issue 52): each tier's counts by distance,
// recounted here slot by slot, sum to its WIN and LOSS counts, end at its
// longest win and loss, and are the same on 1, 2 and 3 threads.
TEST(TierStatsHistogram, CountsEachDistanceAndSumsToTheOutcomes) {
  const LineCaptureGame game = pangki(CaptureLines::Touched);
  const auto values = engine_solve(game, small_groups(game, 4), 2);
  TierStats total;
  std::uint64_t tiers_with_both = 0;
  for (const auto& [tier, tier_values] : values) {
    SCOPED_TRACE("tier " + game.tier_name(tier));
    const TierStats s = tier_stats(game, tier, tier_values, 1);
    // Recounted: (distance) -> positions and classes, for each outcome.
    std::map<unsigned, std::pair<std::uint64_t, std::uint64_t>> wins, losses;
    for (std::uint64_t i = 0; i < tier_values.size(); ++i) {
      const std::uint64_t weight = game.slot_weight(tier, i);
      if (weight == 0 || is_draw(tier_values[i])) continue;
      auto& row = (is_win(tier_values[i]) ? wins : losses)[distance_of(tier_values[i])];
      row.first += weight, ++row.second;
    }
    const auto expect_histogram = [&](const TierStats::Histogram& h, const auto& recounted, std::uint64_t positions,
                                      std::uint64_t classes, const TierStats::Longest& longest) {
      std::map<unsigned, std::pair<std::uint64_t, std::uint64_t>> listed;
      std::uint64_t positions_sum = 0, classes_sum = 0;
      ASSERT_EQ(h.positions.size(), h.classes.size());
      for (unsigned d = 0; d < h.positions.size(); ++d) {
        if (h.classes[d] != 0) listed[d] = {h.positions[d], h.classes[d]};
        positions_sum += h.positions[d], classes_sum += h.classes[d];
      }
      EXPECT_EQ(listed, recounted);
      EXPECT_EQ(positions_sum, positions);
      EXPECT_EQ(classes_sum, classes);
      EXPECT_EQ(h.positions.empty(), !longest.any);
      if (longest.any) {
        ASSERT_EQ(h.positions.size(), longest.plies + 1u) << "the histogram ends at the longest distance";
        EXPECT_GT(h.classes.back(), 0u);
      }
    };
    expect_histogram(s.win_distances, wins, s.win, s.win_classes, s.longest_win);
    expect_histogram(s.loss_distances, losses, s.loss, s.loss_classes, s.longest_loss);
    tiers_with_both += s.longest_win.any && s.longest_loss.any && s.win_distances.positions.size() > 3;
    for (const int threads : {2, 3}) {
      const TierStats t = tier_stats(game, tier, tier_values, threads);
      EXPECT_EQ(t.win_distances.positions, s.win_distances.positions) << threads << " threads";
      EXPECT_EQ(t.win_distances.classes, s.win_distances.classes) << threads << " threads";
      EXPECT_EQ(t.loss_distances.positions, s.loss_distances.positions) << threads << " threads";
      EXPECT_EQ(t.loss_distances.classes, s.loss_distances.classes) << threads << " threads";
      EXPECT_EQ(t.longest_win.slot, s.longest_win.slot);
      EXPECT_EQ(t.longest_loss.slot, s.longest_loss.slot);
    }
    total.add(s);
  }
  EXPECT_GT(tiers_with_both, 3u) << "too few tiers with wins and losses at several distances: the test proves little";
  // The sum over the tiers: the total's histogram sums to its counts too.
  std::uint64_t win_sum = 0, loss_sum = 0;
  for (const std::uint64_t n : total.win_distances.positions) win_sum += n;
  for (const std::uint64_t n : total.loss_distances.positions) loss_sum += n;
  EXPECT_EQ(win_sum, total.win);
  EXPECT_EQ(loss_sum, total.loss);
  EXPECT_EQ(total.win_distances.positions.size(), total.longest_win.plies + 1u);
  EXPECT_EQ(total.loss_distances.positions.size(), total.longest_loss.plies + 1u);
}

// Every generated file of the default variant proves every value from its
// successors, and the start is a draw either way round.
TEST(FullPangki, DefaultVariantEveryValueFollowsFromItsSuccessors) {
  const LineCaptureGame game = pangki(CaptureLines::Touched);
  const fs::path dir = fs::temp_directory_path() / ("rtb-solver-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  GenerateOptions options;
  options.dir = dir;
  options.threads = 2;
  options.quiet = true;
  options.write.zstd_level = 1;  // the bytes are tested elsewhere; this test needs the values
  const GenerateReport report = generate(game, options);
  EXPECT_EQ(report.groups_solved, 15u);

  std::vector<std::vector<Value>> values(game.tier_count());
  SolvedTierValues pointers(game.tier_count(), nullptr);
  for (Tier t = 0; t < game.tier_count(); ++t) {
    values[t] = read_tier_file(tier_file_path(game, dir, t), tier_info(game, t));
    pointers[t] = values[t].data();
  }
  std::uint64_t checked = 0;
  for (Tier t = 0; t < game.tier_count(); ++t) {
    const TierCheck c = check_tier(game, t, pointers, 2);
    checked += c.checked;
    EXPECT_EQ(c.wrong, 0u) << "tier " << game.tier_name(t) << ": first wrong slot " << c.first_wrong_slot << " ("
                           << game.format(game.position(t, c.first_wrong_slot)) << "), stored " << describe(c.stored)
                           << ", successors give " << describe(c.expected);
  }
  EXPECT_EQ(checked, 2'794'684u);

  for (const char* start : {"wwww/w..w/b..b/bbbb b", "bbbb/b..b/w..w/wwww w"}) {
    const auto p = game.parse(start);
    EXPECT_EQ(describe(values[game.tier_of(p)][game.index(p)]), "DRAW") << start;
  }
  fs::remove_all(dir);
}

// Pangki God's figures (docs/rules.md) for the arrival variant.
TEST(FullPangki, ArrivalVariantMatchesPangkiGod) {
  const LineCaptureGame game = pangki(CaptureLines::Arrival);
  const std::vector<std::vector<Value>> values = solve_in_memory(game, 2);

  TierStats total;
  for (Tier t = 0; t < game.tier_count(); ++t) total.add(tier_stats(game, t, values[t], 2));
  EXPECT_EQ(total.win, 11'065'583u);
  EXPECT_EQ(total.loss, 7'440'541u);
  EXPECT_EQ(total.draw, 2'240'784u);
  EXPECT_EQ(total.win + total.loss + total.draw, 20'746'908u);

  auto value_of = [&](const LineCapturePosition& p) { return values[game.tier_of(p)][game.index(p)]; };
  for (const char* start : {"wwww/w..w/b..b/bbbb b", "bbbb/b..b/w..w/wwww w"})
    EXPECT_EQ(describe(value_of(game.parse(start))), "DRAW") << start;

  // After b1b2 or c1c2 white wins in 29 plies; a2b2 and d2c2 keep the draw.
  std::map<std::string, std::string> after;
  game.for_each_move(game.start(), [&](const LineCaptureMove& m, const LineCapturePosition& child) {
    EXPECT_FALSE(game.is_lost(child));
    after[game.move_text(m)] = describe(value_of(child));
  });
  const std::map<std::string, std::string> expected{
      {"a2b2", "DRAW"}, {"b1b2", "WIN in 29"}, {"c1c2", "WIN in 29"}, {"d2c2", "DRAW"}};
  EXPECT_EQ(after, expected);

  // The whole table also satisfies the one-step condition.
  SolvedTierValues solved(game.tier_count(), nullptr);
  for (Tier t = 0; t < game.tier_count(); ++t) solved[t] = values[t].data();
  for (Tier t = 0; t < game.tier_count(); ++t)
    EXPECT_EQ(check_tier(game, t, solved, 2).wrong, 0u) << "tier " << game.tier_name(t);
}

// Tiers are named by (pieces to move, pieces of the other side).
std::pair<int, int> pieces(const LineCaptureGame& game, Tier t) { return {game.mover_pieces(t), game.other_pieces(t)}; }

TEST(TierGraph, PangkiGroupsPairATierWithItsMirror) {
  for (CaptureLines lines : {CaptureLines::Touched, CaptureLines::Arrival}) {
    const LineCaptureGame game = pangki(lines);
    SCOPED_TRACE(variant_name(lines));
    std::set<std::set<std::pair<int, int>>> got, expected;
    for (const TierGroup& group : game_solve_order(game)) {
      std::set<std::pair<int, int>> members;
      for (Tier t : group.tiers) members.insert(pieces(game, t));
      got.insert(members);
    }
    for (int m = 2; m <= 6; ++m)
      for (int o = m; o <= 6; ++o) expected.insert(std::set<std::pair<int, int>>{{m, o}, {o, m}});
    EXPECT_EQ(got, expected);
    EXPECT_EQ(game_solve_order(game).size(), 15u);
  }
}

// Checked against the moves themselves, not only against tier_successors:
// every move from every slot stays in its group or reaches an earlier one.
TEST(TierGraph, EveryGroupComesAfterTheGroupsItsMovesReach) {
  for (CaptureLines lines : {CaptureLines::Touched, CaptureLines::Arrival}) {
    const LineCaptureGame game = pangki(lines);
    SCOPED_TRACE(variant_name(lines));
    const std::vector<TierGroup> groups = game_solve_order(game);
    std::vector<int> group_of(game.tier_count(), -1);
    for (std::size_t g = 0; g < groups.size(); ++g)
      for (Tier t : groups[g].tiers) {
        EXPECT_EQ(group_of[t], -1) << "tier " << game.tier_name(t) << " is in two groups";
        group_of[t] = static_cast<int>(g);
      }
    for (Tier t = 0; t < game.tier_count(); ++t)
      ASSERT_GE(group_of[t], 0) << "tier " << game.tier_name(t) << " is in no group";

    for (std::size_t g = 0; g < groups.size(); ++g) {
      // The dependencies listed are exactly the tiers outside the group that moves reach.
      std::set<Tier> reached_outside;
      for (Tier t : groups[g].tiers) {
        for (Tier next : game.tier_successors(t))
          if (group_of[next] != static_cast<int>(g)) reached_outside.insert(next);
        std::set<Tier> by_moves;
        std::uint64_t misplaced = 0;
        std::string example;
        for (std::uint64_t i = 0; i < game.tier_size(t); ++i) {
          const LineCapturePosition p = game.position(t, i);
          game.for_each_move(p, [&](const LineCaptureMove& m, const LineCapturePosition& child) {
            if (game.is_lost(child)) return;
            const Tier next = game.tier_of(child);
            by_moves.insert(next);
            // A quiet move stays in the group; a capture leaves it for an earlier one.
            const bool ok =
                m.captured == 0 ? group_of[next] == static_cast<int>(g) : group_of[next] < static_cast<int>(g);
            if (!ok && misplaced++ == 0) example = game.format(p) + " " + game.move_text(m);
          });
        }
        EXPECT_EQ(misplaced, 0u) << "tier " << game.tier_name(t) << ", e.g. " << example;
        for (Tier next : by_moves) {
          EXPECT_LE(group_of[next], static_cast<int>(g)) << "a move from tier " << game.tier_name(t) << " reaches tier "
                                                         << game.tier_name(next) << ", which is solved later";
          const auto succ = game.tier_successors(t);
          EXPECT_NE(std::find(succ.begin(), succ.end(), next), succ.end())
              << "tier_successors(" << game.tier_name(t) << ") misses " << game.tier_name(next);
        }
      }
      EXPECT_EQ(std::set<Tier>(groups[g].dependencies.begin(), groups[g].dependencies.end()), reached_outside);
    }
  }
}

}  // namespace
}  // namespace rtb
