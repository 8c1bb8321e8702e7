// The byte walk saved between two levels and loaded by a later solver
// (solver/walk_checkpoint.hpp): a group whose walk was stopped right after a
// save at any level, then solved by a new solver that goes on from the save,
// ends with the same values as a walk never stopped, by the game's own
// predecessors and by the forward walk; a save that does not fit is refused
// and the group starts anew, with the same values.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/crossings/crossings_seed.hpp"
#include "games/morris/morris.hpp"
#include "solver/retrograde.hpp"
#include "solver/tier_graph.hpp"
#include "solver/walk_checkpoint.hpp"

namespace rtb {
namespace {

struct Killed : std::runtime_error {
  Killed() : std::runtime_error("killed after the save") {}
};

// Keeps the save made at level `save_at` in memory, then stops the walk as
// a kill would; saves at other levels are let go.
class SaveInMemory : public WalkCheckpoints {
 public:
  explicit SaveInMemory(unsigned save_at) : save_at_(save_at) {}
  bool due() override {
    ++asked_;
    return true;
  }
  void save(const std::string& signature, unsigned level, const std::vector<WalkPart>& parts) override {
    if (level != save_at_ || saved_) return;
    signature_ = signature;
    level_ = level;
    for (const WalkPart& part : parts) {
      const auto* bytes = static_cast<const char*>(part.data);
      parts_.emplace_back(bytes, bytes + part.bytes);
    }
    saved_ = true;
    throw Killed();
  }
  bool load(const std::string& signature, unsigned& level, const PlaceWalkPart& place) override {
    if (!saved_ || signature != signature_) return false;
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      void* where = nullptr;
      if (!place(i, parts_[i].size(), where)) throw std::runtime_error("part " + std::to_string(i) + " does not fit");
      if (!parts_[i].empty()) std::memcpy(where, parts_[i].data(), parts_[i].size());
    }
    level = level_;
    return true;
  }
  bool saved() const { return saved_; }
  int asked() const { return asked_; }
  // A part one byte longer than saved: the solver must refuse it.
  void damage(std::size_t part) { parts_.at(part).push_back(0); }

 private:
  unsigned save_at_;
  bool saved_ = false;
  int asked_ = 0;
  std::string signature_;
  unsigned level_ = 0;
  std::vector<std::vector<char>> parts_;
};

using Values = std::vector<std::vector<std::uint8_t>>;

// Solves `groups` in order; group `stopped` (if any) is walked by a solver
// stopped after its save at `save_at` and then by a new one that goes on
// from the save (damaged first when `damage` names a part). Returns the
// values by tier id; resumed_at gets the level the new solver went on with,
// levels_walked the levels of the stopped group (of the last group when
// none is stopped), and listed_at the first level at which the stopped
// solver (or the last group's) wrote rows into its lists of children,
// allowed `list_bytes` (solver/child_lists.hpp; none: no level did).
template <class Game>
Values solve(const Game& game, const std::vector<TierGroup>& groups, Walk walk, int threads,
             std::size_t stopped = SIZE_MAX, unsigned save_at = 0, int damage = -1, unsigned* resumed_at = nullptr,
             unsigned* levels_walked = nullptr, std::uint64_t list_bytes = 0,
             std::optional<unsigned>* listed_at = nullptr) {
  using Tier = typename Game::TierId;
  Values values(game.tier_count());
  SolvedTierValues solved(game.tier_count(), nullptr);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const std::vector<Tier> tiers(groups[g].tiers.begin(), groups[g].tiers.end());
    std::vector<SolvedTier> result;
    if (g == stopped) {
      SaveInMemory saves(save_at);
      {
        GroupSolver<Game> first(game, tiers, solved, threads, nullptr, walk);
        first.keep_walk_in(&saves);
        first.allow_child_lists(list_bytes);
        EXPECT_THROW(first.solve(), Killed) << "the walk never reached level " << save_at;
        if (listed_at && first.child_list_levels() > 0) *listed_at = first.child_lists_from_level();
      }
      EXPECT_TRUE(saves.saved());
      if (damage >= 0) saves.damage(static_cast<std::size_t>(damage));
      GroupSolver<Game> second(game, tiers, solved, threads, nullptr, walk);
      second.keep_walk_in(&saves);
      second.allow_child_lists(list_bytes);
      result = second.solve();
      if (resumed_at) *resumed_at = second.resumed_at_level();
      if (levels_walked) *levels_walked = second.levels();
    } else {
      GroupSolver<Game> solver(game, tiers, solved, threads, nullptr, walk);
      solver.allow_child_lists(list_bytes);
      result = solver.solve();
      if (levels_walked && stopped == SIZE_MAX) *levels_walked = solver.levels();  // the last group's
      if (listed_at && stopped == SIZE_MAX && solver.child_list_levels() > 0)
        *listed_at = solver.child_lists_from_level();
    }
    for (std::size_t k = 0; k < tiers.size(); ++k) {
      values[tiers[k]].resize(game.tier_size(tiers[k]));
      for (std::uint64_t i = 0; i < game.tier_size(tiers[k]); ++i)
        values[tiers[k]][i] = static_cast<std::uint8_t>(result[k][i]);
      solved[tiers[k]] = values[tiers[k]].data();
    }
  }
  return values;
}

template <class Game>
std::vector<TierGroup> groups_of(const Game& game, std::size_t most) {
  std::vector<TierGroup> groups =
      solve_order(game.tier_count(), [&](std::uint32_t t) { return game.tier_successors(t); });
  if (groups.size() > most) groups.resize(most);
  return groups;
}

// Nine Men's Morris's 3-3 tier alone (its captures end the game): 27 levels
// (the longest loss is 26 plies), walked backwards by its predecessors.
TEST(WalkCheckpoint, MorrisGoesOnFromASaveAtAnyLevel) {
  const MorrisGame game("nine");
  const std::vector<TierGroup> groups = groups_of(game, 1);
  ASSERT_EQ(game.tier_name(groups[0].tiers[0]), "m3-3");
  unsigned levels = 0;
  const auto plain = solve(game, groups, Walk::Byte, 2, SIZE_MAX, 0, -1, nullptr, &levels);
  ASSERT_GE(levels, 27u);
  for (unsigned save_at : {0u, 1u, 2u, 13u, levels - 1}) {
    for (int threads : {1, 2}) {
      unsigned resumed_at = 0;
      EXPECT_EQ(solve(game, groups, Walk::Byte, threads, 0, save_at, -1, &resumed_at), plain)
          << "saved at level " << save_at << ", " << threads << " threads";
      EXPECT_EQ(resumed_at, save_at);
    }
  }
}

// The seed reading of Crossings on 3x3 (forward moves only): its groups by
// the forward walk, the last (largest) one stopped.
TEST(WalkCheckpoint, ForwardWalkGoesOnFromASave) {
  const CrossingsSeedGame32 game(crossings_seed_rules("seed-3x3"), "seed-3x3");
  const std::vector<TierGroup> groups = groups_of(game, SIZE_MAX);
  unsigned last_levels = 0;
  const auto plain = solve(game, groups, Walk::Forward, 2, SIZE_MAX, 0, -1, nullptr, &last_levels);
  const std::size_t last = groups.size() - 1;
  ASSERT_GE(last_levels, 4u);
  for (unsigned save_at : {1u, 3u, last_levels - 1}) {
    unsigned resumed_at = 0;
    EXPECT_EQ(solve(game, groups, Walk::Forward, 2, last, save_at, -1, &resumed_at), plain) << save_at;
    EXPECT_EQ(resumed_at, save_at);
  }
}

// The same with the forward walk's lists of children: a walk stopped after
// it wrote them goes on from its save without them (they are not saved),
// writes them again once they fit, and gives the same values.
TEST(WalkCheckpoint, ForwardWalkWithListsGoesOnFromASave) {
  const CrossingsSeedGame32 game(crossings_seed_rules("seed-3x3"), "seed-3x3");
  const std::vector<TierGroup> groups = groups_of(game, SIZE_MAX);
  constexpr std::uint64_t kAnyMemory = std::uint64_t{1} << 30;
  unsigned last_levels = 0;
  std::optional<unsigned> listed_at;
  const auto plain = solve(game, groups, Walk::Forward, 2, SIZE_MAX, 0, -1, nullptr, &last_levels);
  EXPECT_EQ(solve(game, groups, Walk::Forward, 2, SIZE_MAX, 0, -1, nullptr, nullptr, kAnyMemory, &listed_at), plain);
  ASSERT_TRUE(listed_at.has_value());
  ASSERT_GT(last_levels, *listed_at + 2);
  const std::size_t last = groups.size() - 1;
  for (unsigned save_at : {*listed_at + 1, last_levels - 1}) {
    unsigned resumed_at = 0;
    std::optional<unsigned> stopped_listed_at;
    EXPECT_EQ(
        solve(game, groups, Walk::Forward, 2, last, save_at, -1, &resumed_at, nullptr, kAnyMemory, &stopped_listed_at),
        plain)
        << save_at;
    EXPECT_EQ(resumed_at, save_at);
    EXPECT_EQ(stopped_listed_at, listed_at);  // the stopped walk had its lists
  }
}

// A save whose parts do not fit this walk (here the codes of its first tier
// one byte longer) is refused: the group starts anew, with the same values.
TEST(WalkCheckpoint, ASaveThatDoesNotFitIsRefused) {
  const MorrisGame game("nine");
  const std::vector<TierGroup> groups = groups_of(game, 1);
  const auto plain = solve(game, groups, Walk::Byte, 2);
  for (int part : {0, 1, 6}) {
    unsigned resumed_at = 99;
    EXPECT_EQ(solve(game, groups, Walk::Byte, 2, 0, 5, part, &resumed_at), plain) << "part " << part;
    EXPECT_EQ(resumed_at, 0u) << "part " << part;
  }
}

}  // namespace
}  // namespace rtb
