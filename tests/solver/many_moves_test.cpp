// A position with more in-group moves than the forward walk holds keys for
// (kMaxChildren, 256), most of them repeats: seed-5x3 has positions with 288
// moves, many of them two orders of one removal, and its locked-0-0 failed
// `rtb verify` at one slot (stored WIN in 3, its successors WIN in 1) while
// the walk dropped every move past the 256th, the one to a lost position
// among them. A toy game makes such positions on purpose; the forward walk
// (with its lists of children and without) and the byte walk by the table
// must agree with the simple solver.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "solver/retrograde.hpp"
#include "solver/value.hpp"
#include "tests/support/simple_solver.hpp"

namespace rtb {
namespace {

// One tier of kSlots positions. Position 0 has no move (lost in 0). Every
// other position i has kMoves moves: all but the last to 1 + i % (kSlots - 1)
// (the next position, wrapping past 0), and the last to 0 where i is odd. So
// odd positions win in 1 by their last move only, and even ones lose in 2.
class FanGame {
 public:
  struct Position {
    std::uint32_t i = 0;
  };
  struct Move {
    int k = 0;
  };
  using TierId = std::uint32_t;
  static constexpr std::uint32_t kSlots = 40;
  static constexpr int kMoves = 300;

  std::string name() const { return "fan"; }
  std::string variant() const { return "default"; }
  TierId tier_count() const { return 1; }
  std::string tier_name(TierId) const { return "fan"; }
  std::uint64_t tier_size(TierId) const { return kSlots; }
  std::vector<TierId> tier_successors(TierId) const { return {0}; }
  TierId tier_of(const Position&) const { return 0; }
  std::uint64_t index(const Position& p) const { return p.i; }
  Position position(TierId, std::uint64_t i) const { return {static_cast<std::uint32_t>(i)}; }
  std::uint64_t slot_weight(TierId, std::uint64_t) const { return 1; }
  bool is_lost(const Position&) const { return false; }
  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    if (p.i == 0) return;
    for (int k = 0; k + 1 < kMoves; ++k) f(Move{k}, Position{1 + p.i % (kSlots - 1)});
    if (p.i % 2 == 1) f(Move{kMoves - 1}, Position{0});
  }
};
static_assert(RetrogradeGame<FanGame>);

std::vector<Value> engine_values(const FanGame& game, Walk walk, int threads, std::uint64_t child_list_bytes = 0) {
  const SolvedTierValues solved(game.tier_count(), nullptr);
  GroupSolver<FanGame> solver(game, {0}, solved, threads, nullptr, walk);
  if (child_list_bytes > 0) solver.allow_child_lists(child_list_bytes);
  auto result = solver.solve();
  return std::move(result[0]).take_wide();
}

TEST(ManyMoves, WalksSeeEveryMoveOfAPositionWithMoreMovesThanKeysHeld) {
  const FanGame game;
  const std::vector<Value> want = simple::solve_group(game, {0}, {})[0];
  ASSERT_EQ(want.size(), FanGame::kSlots);
  EXPECT_EQ(want[0], make_value(0));
  for (std::uint32_t i = 1; i < FanGame::kSlots; ++i)
    EXPECT_EQ(want[i], make_value(i % 2 == 1 ? 1 : 2)) << "simple solver, position " << i;
  for (int threads : {1, 2}) {
    EXPECT_EQ(engine_values(game, Walk::Forward, threads), want) << "forward walk, " << threads << " threads";
    EXPECT_EQ(engine_values(game, Walk::Forward, threads, std::uint64_t{1} << 20), want)
        << "forward walk with lists, " << threads << " threads";
    EXPECT_EQ(engine_values(game, Walk::Byte, threads), want) << "byte walk by the table, " << threads << " threads";
  }
}

}  // namespace
}  // namespace rtb
