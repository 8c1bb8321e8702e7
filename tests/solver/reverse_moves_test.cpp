// The engine's table of a group's moves taken backwards (solver/reverse_moves.hpp),
// which it builds for a game that gives no predecessors. Small games that do
// give them are wrapped so that they do not (ForwardOnly): the table must list
// what the game's own for_each_predecessor lists, and the solve through it must
// give the simple solver's values and the values of the game's own path.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "driver/generate.hpp"
#include "driver/resource_plan.hpp"
#include "driver/solve_in_memory.hpp"
#include "games/bagh_chal/bagh_chal.hpp"
#include "games/crossings/crossings_seed.hpp"
#include "games/line_capture/line_capture.hpp"
#include "solver/game_concept.hpp"
#include "solver/group_numbering.hpp"
#include "solver/reverse_moves.hpp"
#include "tests/games/blockade/blockade_unmoves.hpp"
#include "tests/support/simple_solver.hpp"

namespace rtb {
namespace {

// A game as it would be without its predecessors: everything else it has
// (the fast paths that do not take moves back included), nothing of
// for_each_predecessor, for_each_predecessor_slot or predecessor_block.
template <class G>
class ForwardOnly {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using TierId = typename G::TierId;

  explicit ForwardOnly(const G& game) : game_(game) {}

  std::string name() const { return game_.name(); }
  std::string variant() const { return game_.variant(); }
  TierId tier_count() const { return game_.tier_count(); }
  std::string tier_name(TierId t) const { return game_.tier_name(t); }
  std::uint64_t tier_size(TierId t) const { return game_.tier_size(t); }
  std::vector<TierId> tier_successors(TierId t) const { return game_.tier_successors(t); }
  TierId tier_of(const Position& p) const { return game_.tier_of(p); }
  std::uint64_t index(const Position& p) const { return game_.index(p); }
  Position position(TierId t, std::uint64_t i) const { return game_.position(t, i); }
  std::uint64_t slot_weight(TierId t, std::uint64_t i) const { return game_.slot_weight(t, i); }
  bool is_lost(const Position& p) const { return game_.is_lost(p); }
  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    game_.for_each_move(p, std::forward<F>(f));
  }

  bool slot_may_be_alias(TierId t, std::uint64_t i) const requires KnowsAliasFreeSlots<G> {
    return game_.slot_may_be_alias(t, i);
  }
  bool quiet_children_distinct(const Position& p) const requires KnowsDistinctChildren<G> {
    return game_.quiet_children_distinct(p);
  }
  std::vector<Value> solve_lone_tier(TierId t, const SolvedTierValues& solved, int threads,
                                     const SlotsDone& slots_done) const requires SolvesLoneTiers<G> {
    return game_.solve_lone_tier(t, solved, threads, slots_done);
  }

 private:
  const G& game_;
};

static_assert(RetrogradeGame<ForwardOnly<LineCaptureGame>>);
static_assert(!GivesPredecessors<ForwardOnly<LineCaptureGame>>);
static_assert(!SortsPredecessorsByBlock<ForwardOnly<LineCaptureGame>>);
static_assert(KnowsAliasFreeSlots<ForwardOnly<LineCaptureGame>>);
static_assert(!GivesPredecessors<ForwardOnly<BaghChalGame>>);
static_assert(SolvesLoneTiers<ForwardOnly<BaghChalGame>>);
static_assert(!GivesPredecessors<ForwardOnly<BlockadeWithUnmoves>>);

using Wanted = std::function<bool(std::uint32_t)>;
using Slot = std::pair<std::uint32_t, std::uint64_t>;  // (tier, slot)

const LineCaptureGame& pangki() {
  static const LineCaptureGame game(pangki_rules(), CaptureLines::Touched);
  return game;
}
bool up_to_three_a_side(std::uint32_t t) { return pangki().mover_pieces(t) <= 3 && pangki().other_pieces(t) <= 3; }
const BaghChalGame& bagh_chal_3x3() {
  static const BaghChalGame game("3x3");
  return game;
}
const CrossingsSeedGame32& seed_3x4() {
  static const CrossingsSeedGame32 game(crossings_seed_rules("seed-3x4"), "seed-3x4");
  return game;
}

const BlockadeWithUnmoves& blockade() {
  static const BlockadeWithUnmoves game;
  return game;
}

// The groups `wanted` needs, in solve order.
template <class G>
std::vector<TierGroup> needed_groups_of(const G& game, const Wanted& wanted) {
  const std::vector<TierGroup> groups = game_solve_order(game);
  const std::vector<bool> needed = needed_groups(groups, game.tier_count(), wanted);
  std::vector<TierGroup> out;
  for (std::size_t g = 0; g < groups.size(); ++g)
    if (needed[g]) out.push_back(groups[g]);
  return out;
}

// Whether the engine walks the group back (it is not solved in one pass).
template <class G>
bool walked_back(const G& game, const TierGroup& group) {
  const auto own = game.tier_successors(group.tiers.front());
  return group.tiers.size() > 1 || std::find(own.begin(), own.end(), group.tiers.front()) != own.end();
}

// The table's list for a slot, as (tier, slot) pairs in its order.
template <class G>
std::vector<Slot> parents(const ReverseMoves& table, const G&, const TierGroup& group, std::size_t local,
                          std::uint64_t slot, bool* distinct = nullptr) {
  std::vector<Slot> out;
  const bool d = table.for_each_parent(local, slot, [&](std::size_t l, std::uint64_t s) {
    out.push_back({group.tiers[l], s});
  });
  if (distinct) *distinct = d;
  return out;
}

// The maps of the board that leave p as it is (1 without symmetries).
template <class G>
int maps_fixing(const G& game, const typename G::Position& p) {
  if constexpr (HasSymmetries<G>) {
    int n = 0;
    for (std::size_t k = 0; k < game.symmetry_count(); ++k) n += game.symmetric_position(p, k) == p;
    return n;
  } else {
    return 1;
  }
}

// ---- the table against the game's own predecessors ----

// On every slot of the groups walked back: the table lists the slots the
// game's for_each_predecessor gives, sorted, with the distinct flag right.
// The counts are the same wherever no symmetry fixes the position or its
// parent. In general the table counts the moves from the parent's canonical
// position to any image of p, and the game the moves into p from any image
// of the parent; both count the moves between the two classes, so
//   table count * |maps fixing p| == game count * |maps fixing the parent|.
template <class G>
void expect_table_lists_own_predecessors(const G& game, const Wanted& wanted) {
  std::uint64_t slots = 0, moves = 0, same_multiset = 0, groups = 0;
  for (const TierGroup& group : needed_groups_of(game, wanted)) {
    if (!walked_back(game, group)) continue;
    ++groups;
    ReverseMoves table;
    table.build(game, group.tiers, 2);
    for (std::size_t local = 0; local < group.tiers.size(); ++local) {
      const std::uint32_t t = group.tiers[local];
      for (std::uint64_t i = 0; i < game.tier_size(t); ++i) {
        const auto p = game.position(t, i);
        bool distinct = false;
        const std::vector<Slot> listed = parents(table, game, group, local, i, &distinct);
        if (game.index(p) != i) {  // an alias: the engine never asks for it
          ASSERT_TRUE(listed.empty()) << game.tier_name(t) << " alias slot " << i;
          continue;
        }
        ASSERT_TRUE(std::is_sorted(listed.begin(), listed.end())) << game.tier_name(t) << " slot " << i;
        EXPECT_EQ(distinct, std::adjacent_find(listed.begin(), listed.end()) == listed.end());
        std::map<Slot, int> from_table, from_game;
        for (const Slot& s : listed) ++from_table[s];
        game.for_each_predecessor(p, [&](const auto& q) { ++from_game[{game.tier_of(q), game.index(q)}]; });
        std::set<Slot> table_slots, game_slots;
        for (const auto& [s, n] : from_table) table_slots.insert(s);
        for (const auto& [s, n] : from_game) game_slots.insert(s);
        ASSERT_EQ(table_slots, game_slots) << game.tier_name(t) << " slot " << i;
        for (const auto& [s, n] : from_table) {
          const int fixing_parent = maps_fixing(game, game.position(s.first, s.second));
          ASSERT_EQ(n * maps_fixing(game, p), from_game[s] * fixing_parent)
              << game.tier_name(t) << " slot " << i << ": parent " << game.tier_name(s.first) << " slot " << s.second;
        }
        same_multiset += from_table == from_game;
        ++slots;
        moves += listed.size();
      }
    }
  }
  EXPECT_GT(groups, 0u);
  EXPECT_GT(moves, 0u);
  EXPECT_GT(same_multiset, slots / 2);  // most positions have no symmetry
  std::cout << "  " << game.name() << ": " << groups << " groups, " << slots << " canonical slots, " << moves
            << " moves backwards; " << same_multiset << " slots with the game's very multiset\n";
}

// The numbers that name a group's slots in the table and in the forward
// walk's lists: consecutive across the tiers, an empty tier taking none, and
// back to the same tier and slot.
TEST(GroupNumbering, CountsSlotsAcrossTheTiersAndBack) {
  const GroupNumbering numbering({3, 0, 5, 1});
  EXPECT_EQ(numbering.tiers(), 4u);
  EXPECT_EQ(numbering.total(), 9u);
  EXPECT_EQ(numbering.number(2, 0), 3u);
  EXPECT_EQ(numbering.number(3, 0), 8u);
  std::uint64_t next = 0;
  for (std::size_t local : {0u, 2u, 3u})
    for (std::uint64_t slot = 0; slot < (local == 0 ? 3u : local == 2 ? 5u : 1u); ++slot) {
      const std::uint64_t number = numbering.number(local, slot);
      EXPECT_EQ(number, next++);
      EXPECT_EQ(numbering.local_of(number), local) << number;
      EXPECT_EQ(number - numbering.first(numbering.local_of(number)), slot);
    }
  EXPECT_TRUE(GroupNumbering().empty());
  EXPECT_EQ(GroupNumbering().total(), 0u);
}

TEST(ReverseMoves, ListsPangkisOwnPredecessors) { expect_table_lists_own_predecessors(pangki(), up_to_three_a_side); }
TEST(ReverseMoves, ListsBlockadesOwnPredecessors) { expect_table_lists_own_predecessors(blockade(), {}); }
TEST(ReverseMoves, ListsBaghChal3x3sOwnPredecessors) { expect_table_lists_own_predecessors(bagh_chal_3x3(), {}); }

// ---- the same table on any number of threads ----

template <class G>
void expect_same_table_on_one_and_three_threads(const G& game, const Wanted& wanted) {
  int groups = 0;
  for (const TierGroup& group : needed_groups_of(game, wanted)) {
    std::uint64_t slots = 0;
    for (std::uint32_t t : group.tiers) slots += game.tier_size(t);
    std::uint64_t by_one = 0;
    std::atomic<std::uint64_t> by_three{0};
    ReverseMoves one, three;
    one.build(game, group.tiers, 1, [&](std::uint64_t n) { by_one += n; });
    three.build(game, group.tiers, 3, [&](std::uint64_t n) { by_three += n; });
    EXPECT_EQ(by_one, 2 * slots) << "progress: two walks over the group's slots";
    EXPECT_EQ(by_three.load(), 2 * slots);
    EXPECT_EQ(one.slots(), slots);
    EXPECT_FALSE(one.wide());
    ASSERT_TRUE(one == three) << game.tier_name(group.tiers.front()) << "'s group";
    ++groups;
  }
  EXPECT_GT(groups, 0);
}

TEST(ReverseMoves, SameOnOneAndThreeThreadsPangki) {
  expect_same_table_on_one_and_three_threads(pangki(), up_to_three_a_side);
}
TEST(ReverseMoves, SameOnOneAndThreeThreadsBlockadeAndBaghChal) {
  expect_same_table_on_one_and_three_threads(blockade(), {});
  expect_same_table_on_one_and_three_threads(bagh_chal_3x3(), {});
}
// Crossings' seed reading gives no predecessors of its own: the engine's
// table is its only way back.
TEST(ReverseMoves, SameOnOneAndThreeThreadsSeed3x4) { expect_same_table_on_one_and_three_threads(seed_3x4(), {}); }

// A group beyond 32-bit numbers gets 64-bit parents; the lists are the same.
TEST(ReverseMoves, WideParentsListTheSame) {
  const LineCaptureGame& game = pangki();
  const std::vector<std::uint32_t> tiers{game.tier_id(2, 3), game.tier_id(3, 2)};
  ReverseMoves narrow, wide;
  narrow.build(game, tiers, 2);
  wide.build(game, tiers, 2, {}, 0);
  ASSERT_FALSE(narrow.wide());
  ASSERT_TRUE(wide.wide());
  ASSERT_EQ(wide.moves(), narrow.moves());
  EXPECT_EQ(narrow.bytes(), (narrow.slots() + 1) * 8 + narrow.moves() * 4);
  EXPECT_EQ(wide.bytes(), (wide.slots() + 1) * 8 + wide.moves() * 8);
  EXPECT_EQ(narrow.bytes(), reverse_moves_bytes(narrow.slots(), narrow.moves()));
  TierGroup group;
  group.tiers = tiers;
  for (std::size_t local = 0; local < tiers.size(); ++local)
    for (std::uint64_t i = 0; i < game.tier_size(tiers[local]); ++i)
      ASSERT_EQ(parents(wide, game, group, local, i), parents(narrow, game, group, local, i)) << i;
  narrow.clear();
  EXPECT_EQ(narrow.bytes(), 0u);
  EXPECT_EQ(narrow.moves(), 0u);
}

// The plan's estimate (random slots) against the table built.
template <class G>
void expect_estimate_within_a_tenth(const G& game, const Wanted& wanted) {
  int groups = 0;
  for (const TierGroup& group : needed_groups_of(game, wanted)) {
    if (!walked_back(game, group)) continue;
    ReverseMoves table;
    table.build(game, group.tiers, 2);
    const double estimate = double(estimated_reverse_moves_bytes(game, group.tiers));
    EXPECT_NEAR(estimate / double(table.bytes()), 1.0, 0.1) << game.tier_name(group.tiers.front()) << "'s group";
    ++groups;
  }
  EXPECT_GT(groups, 0);
}

TEST(ReverseMoves, PlanEstimatesTheTableWithinATenth) {
  expect_estimate_within_a_tenth(pangki(), up_to_three_a_side);
  expect_estimate_within_a_tenth(blockade(), {});
  expect_estimate_within_a_tenth(bagh_chal_3x3(), {});
  expect_estimate_within_a_tenth(seed_3x4(), {});
}

// generate --plan counts the table for a game without predecessors only,
// with every walk (the default, byte, and the lean walk and the lists).
TEST(ReverseMoves, PlanCountsTheTableOnlyWithoutPredecessors) {
  const LineCaptureGame& game = pangki();
  const ForwardOnly<LineCaptureGame> forward(game);
  const std::vector<TierGroup> groups = game_solve_order(game);
  const std::vector<bool> needed = needed_groups(groups, game.tier_count(), up_to_three_a_side);
  const auto none_complete = [](std::uint32_t) { return false; };
  const PlanModel model;
  for (const WalkChoice choice : {WalkChoice::Auto, WalkChoice::Lean, WalkChoice::Lists}) {
    const Walk walk = choice == WalkChoice::Auto ? Walk::Byte : choice == WalkChoice::Lean ? Walk::Lean : Walk::Lists;
    const ResourcePlan own = plan_resources(game, groups, needed, none_complete, model, choice);
    const ResourcePlan taken_back = plan_resources(forward, groups, needed, none_complete, model, choice);
    ASSERT_EQ(own.groups.size(), taken_back.groups.size());
    std::size_t k = 0;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      if (!needed[g]) continue;
      ASSERT_TRUE(walked_back(game, groups[g]));  // Pangki's groups are all cyclic
      EXPECT_EQ(own.groups[k].walk, walk);
      EXPECT_EQ(taken_back.groups[k].walk, own.groups[k].walk);
      const std::uint64_t table = estimated_reverse_moves_bytes(game, groups[g].tiers);
      // The scanning walks' bytes are every game's; the block walk's lists
      // are the game's, and without them the shared walk's.
      const auto per_slot = [&](double bytes) { return std::uint64_t(double(own.groups[k].slots) * bytes); };
      const double exit_bits = groups[g].dependencies.empty() ? 0.0 : model.exit_bits_bytes_per_slot;
      const double scanning =
          walk == Walk::Byte ? model.working_bytes_per_slot_byte + exit_bits : model.working_bytes_per_slot_lean;
      const std::uint64_t own_walk = per_slot(walk == Walk::Lists ? model.working_bytes_per_slot_by_block : scanning);
      const std::uint64_t shared_walk = per_slot(walk == Walk::Lists ? model.working_bytes_per_slot_shared : scanning);
      EXPECT_EQ(own.groups[k].working_bytes, own_walk);
      EXPECT_EQ(taken_back.groups[k].working_bytes, shared_walk + table);
      EXPECT_EQ(taken_back.groups[k].memory_bytes - own.groups[k].memory_bytes,
                taken_back.groups[k].working_bytes - own.groups[k].working_bytes);
      ++k;
    }
  }
}

// Where the table would pass the memory limit, the plan's own choice gives
// a game without predecessors the forward walk, which needs no table, and
// says what it spared; where the table fits, the byte walk with the table.
// A game with predecessors keeps the byte walk either way.
TEST(ReverseMoves, PlanWalksForwardWhereTheTableWouldNotFit) {
  const LineCaptureGame& game = pangki();
  const ForwardOnly<LineCaptureGame> forward(game);
  const std::vector<TierGroup> groups = game_solve_order(game);
  const std::vector<bool> needed = needed_groups(groups, game.tier_count(), up_to_three_a_side);
  const auto none_complete = [](std::uint32_t) { return false; };
  PlanModel roomy, tight;
  roomy.memory_limit = 64ull << 30;
  tight.memory_limit = roomy.base_bytes + 1;  // no table fits beside the program
  const ResourcePlan fits = plan_resources(forward, groups, needed, none_complete, roomy);
  const ResourcePlan spared = plan_resources(forward, groups, needed, none_complete, tight);
  const ResourcePlan own = plan_resources(game, groups, needed, none_complete, tight);
  ASSERT_EQ(fits.groups.size(), spared.groups.size());
  ASSERT_FALSE(fits.groups.empty());
  for (std::size_t k = 0; k < fits.groups.size(); ++k) {
    const std::uint64_t table = estimated_reverse_moves_bytes(game, groups[fits.groups[k].group].tiers);
    ASSERT_GT(table, 0u);
    EXPECT_EQ(fits.groups[k].walk, Walk::Byte);
    EXPECT_EQ(fits.groups[k].table_bytes, table);
    EXPECT_EQ(fits.groups[k].table_bytes_spared, 0u);
    EXPECT_EQ(spared.groups[k].walk, Walk::Forward);
    EXPECT_EQ(spared.groups[k].table_bytes, 0u);
    EXPECT_EQ(spared.groups[k].table_bytes_spared, table);
    EXPECT_EQ(fits.groups[k].working_bytes - spared.groups[k].working_bytes, table);
    EXPECT_EQ(own.groups[k].walk, Walk::Byte);
    EXPECT_EQ(own.groups[k].working_bytes, spared.groups[k].working_bytes);
  }
  // Asked for by name, the byte walk keeps its table whatever the limit.
  const ResourcePlan asked = plan_resources(forward, groups, needed, none_complete, tight, WalkChoice::Byte);
  EXPECT_EQ(asked.groups.front().walk, Walk::Byte);
  EXPECT_GT(asked.groups.front().table_bytes, 0u);
}

// The forward walk's lists of children (solver/child_lists.hpp) get what a
// group leaves under the limit, three quarters of it, or every position's
// rows where that is less (all where there is no limit); they count in the
// group's working memory and its memory, which stays within the limit.
TEST(ReverseMoves, PlanGivesTheForwardWalkListsFromTheRoomLeft) {
  // Seed-4x3's largest groups: rows of several hundred megabytes.
  const CrossingsSeedGame32 forward(crossings_seed_rules("seed-4x3"), "seed-4x3");
  const CrossingsSeedGame32& game = forward;
  const std::vector<TierGroup> groups = game_solve_order(game);
  const std::vector<bool> needed(groups.size(), true);
  const auto none_complete = [](std::uint32_t) { return false; };
  const PlanModel unlimited;
  const ResourcePlan byte = plan_resources(forward, groups, needed, none_complete, unlimited, WalkChoice::Byte);
  const ResourcePlan all = plan_resources(forward, groups, needed, none_complete, unlimited, WalkChoice::Forward);
  ASSERT_EQ(all.groups.size(), byte.groups.size());
  std::size_t largest = 0;
  for (std::size_t k = 0; k < all.groups.size(); ++k) {
    const GroupPlan& g = all.groups[k];
    EXPECT_EQ(g.list_bytes,
              g.walked() ? child_list_bytes_of_every_position(game, groups[g.group].tiers,
                                                              estimated_in_group_moves(game, groups[g.group].tiers))
                         : 0u)
        << g.name;
    EXPECT_EQ(g.working_bytes, byte.groups[k].working_bytes - byte.groups[k].table_bytes + g.list_bytes) << g.name;
    if (g.list_bytes > all.groups[largest].list_bytes) largest = k;
  }
  // A limit that leaves the largest group half its rows' memory beyond the rest.
  const GroupPlan& big = all.groups[largest];
  PlanModel limited;
  limited.memory_limit = big.memory_bytes - big.list_bytes + big.list_bytes / 2;
  const ResourcePlan some = plan_resources(forward, groups, needed, none_complete, limited, WalkChoice::Forward);
  ASSERT_EQ(some.groups.size(), all.groups.size());
  EXPECT_EQ(some.groups[largest].list_bytes, big.list_bytes / 2 / 4 * 3);
  for (const GroupPlan& g : some.groups) {
    EXPECT_LE(g.memory_bytes, limited.memory_limit) << g.name;
    EXPECT_LE(g.list_bytes, all.groups[&g - some.groups.data()].list_bytes) << g.name;
  }
  // No room: no lists.
  PlanModel tight;
  tight.memory_limit = tight.base_bytes + 1;
  for (const GroupPlan& g : plan_resources(forward, groups, needed, none_complete, tight, WalkChoice::Forward).groups)
    EXPECT_EQ(g.list_bytes, 0u) << g.name;
}

// ---- solving through the table ----

// The engine on the forward-only game gives the simple solver's values, and
// the values of the game solved through its own predecessors, through the
// table and by the forward walk.
template <class G>
void expect_forward_only_solves_alike(const G& game, const Wanted& wanted) {
  const ForwardOnly<G> forward(game);
  const auto own = solve_in_memory(game, 2, wanted);
  const auto taken_back = solve_in_memory(forward, 2, wanted);
  // The forward walk needs no table: the same values by moves alone.
  const auto asked_forward = solve_in_memory(forward, 2, wanted, Walk::Forward);
  simple::KnownTiers known;
  std::uint64_t compared = 0, groups_walked_back = 0;
  for (const TierGroup& group : needed_groups_of(game, wanted)) {
    const auto values = simple::solve_group(game, group.tiers, known);
    groups_walked_back += walked_back(game, group);
    for (std::size_t k = 0; k < group.tiers.size(); ++k) {
      const std::uint32_t t = group.tiers[k];
      ASSERT_EQ(taken_back[t], values[k]) << "tier " << game.tier_name(t) << ", through the table";
      ASSERT_EQ(asked_forward[t], values[k]) << "tier " << game.tier_name(t) << ", by the forward walk";
      ASSERT_EQ(own[t], values[k]) << "tier " << game.tier_name(t) << ", through the game's predecessors";
      compared += values[k].size();
      known[t] = values[k];
    }
  }
  EXPECT_GT(compared, 0u);
  EXPECT_GT(groups_walked_back, 0u);
}

TEST(ReverseMoves, ForwardOnlyPangkiSolvesAlike) { expect_forward_only_solves_alike(pangki(), up_to_three_a_side); }
TEST(ReverseMoves, ForwardOnlyBlockadeSolvesAlike) { expect_forward_only_solves_alike(blockade(), {}); }
TEST(ReverseMoves, ForwardOnlyBaghChal3x3SolvesAlike) { expect_forward_only_solves_alike(bagh_chal_3x3(), {}); }

// The thread count changes nothing in the values either.
TEST(ReverseMoves, ForwardOnlyValuesAreTheSameOnOneAndThreeThreads) {
  const ForwardOnly<LineCaptureGame> forward(pangki());
  EXPECT_EQ(solve_in_memory(forward, 1, up_to_three_a_side), solve_in_memory(forward, 3, up_to_three_a_side));
}

}  // namespace
}  // namespace rtb
