// The conformance battery: every registered game and variant is checked
// against the contract of solver/game_concept.hpp, on every slot of small
// tiers and on random slots of big ones. A new game gets all of it by adding
// one line to kGames below.
//
//   round trips  position(t, i) and index() agree (aliases included), and
//                the text round-trips through format() and parse();
//   moves        every in-group child's predecessors hold the parent, and
//                every predecessor has a move to the position (as often as
//                it is listed); children lie in tier_successors();
//   symmetry     the maps keep the rules (the children of a mapped position
//                are the mapped children) and index() does not see them;
//   hooks        each optional hook's promise, where the game has the hook;
//   solve        the engine against tests/support/simple_solver.hpp on small tiers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "tests/games/blockade_game.hpp"
#include "games/bagh_chal/bagh_chal.hpp"
#include "games/crossings/crossings.hpp"
#include "games/crossings/crossings_seed.hpp"
#include "games/line_capture/line_capture.hpp"
#include "tests/support/simple_solver.hpp"
#include "solver/game_concept.hpp"
#include "driver/generate.hpp"
#include "driver/solve_in_memory.hpp"

namespace rtb {
namespace {

// ---- the games ----

// A game as the battery sees it: how to build it, and which tiers are small
// enough for the simple solver (none: the solve is skipped).
template <class G, class Build, class Small = std::nullptr_t>
struct Case {
  using Game = G;
  static const G& game() {
    static const G g = Build{}();
    return g;
  }
  static std::function<bool(std::uint32_t)> small_tiers() {
    if constexpr (std::is_same_v<Small, std::nullptr_t>) return {};
    else return [](std::uint32_t t) { return Small{}(game(), t); };
  }
  static constexpr bool kSolvable = !std::is_same_v<Small, std::nullptr_t>;
};

template <bool kPangki, CaptureLines kLines>
struct BuildLineCapture {
  LineCaptureGame operator()() const { return {kPangki ? pangki_rules() : cinc_camins_rules(), kLines}; }
};
template <int kMostPieces>
struct UpToPieces {
  bool operator()(const LineCaptureGame& g, std::uint32_t t) const {
    return g.mover_pieces(t) <= kMostPieces && g.other_pieces(t) <= kMostPieces;
  }
};
template <std::size_t kVariant>
struct BuildBaghChal {
  BaghChalGame operator()() const { return BaghChalGame(bagh_chal_variants()[kVariant]); }
};
template <int kMostInHand>
struct UpToInHand {
  bool operator()(const BaghChalGame& g, std::uint32_t t) const { return g.pieces_in_hand(t) <= kMostInHand; }
};
struct Everything {
  template <class G>
  bool operator()(const G&, std::uint32_t) const { return true; }
};
struct BuildCrossings3x3 {
  CrossingsGame operator()() const { return CrossingsGame(crossings_rules("3x3"), "3x3"); }
};
struct BuildCrossings4x4 {
  CrossingsGame operator()() const { return CrossingsGame(crossings_rules("4x4"), "4x4"); }
};
struct BuildCrossingsSeed3x3 {
  CrossingsSeedGame32 operator()() const { return CrossingsSeedGame32(crossings_seed_rules("seed-3x3"), "seed-3x3"); }
};
template <class G>
struct BuildDefault {
  G operator()() const { return G(); }
};

// bagh_chal_variants(): default, 4x4, 3x3, nodiag, 4x4-nodiag, 3x3-nodiag.
using PangkiDefault = Case<LineCaptureGame, BuildLineCapture<true, CaptureLines::Touched>, UpToPieces<3>>;
using PangkiArrival = Case<LineCaptureGame, BuildLineCapture<true, CaptureLines::Arrival>, UpToPieces<3>>;
using CincCaminsDefault = Case<LineCaptureGame, BuildLineCapture<false, CaptureLines::Touched>, UpToPieces<2>>;
using CincCaminsArrival = Case<LineCaptureGame, BuildLineCapture<false, CaptureLines::Arrival>, UpToPieces<2>>;
// The 5x5 boards have no small group: the smallest needs the sliding phase.
using BaghChalDefault = Case<BaghChalGame, BuildBaghChal<0>>;
using BaghChal4x4 = Case<BaghChalGame, BuildBaghChal<1>, UpToInHand<2>>;
using BaghChal3x3 = Case<BaghChalGame, BuildBaghChal<2>, Everything>;
using BaghChalNodiag = Case<BaghChalGame, BuildBaghChal<3>>;
using BaghChal4x4Nodiag = Case<BaghChalGame, BuildBaghChal<4>, UpToInHand<2>>;
using BaghChal3x3Nodiag = Case<BaghChalGame, BuildBaghChal<5>, Everything>;

using kGames = ::testing::Types<PangkiDefault, PangkiArrival, CincCaminsDefault, CincCaminsArrival, BaghChalDefault,
                                BaghChal4x4, BaghChal3x3, BaghChalNodiag, BaghChal4x4Nodiag, BaghChal3x3Nodiag,
                                Case<CrossingsGame, BuildCrossings3x3, Everything>,
                                Case<CrossingsGame, BuildCrossings4x4, Everything>,
                                Case<CrossingsSeedGame32, BuildCrossingsSeed3x3, Everything>,
                                Case<BlockadeGame, BuildDefault<BlockadeGame>, Everything>>;

// ---- what every check works on ----

// Slots checked a tier: all of a tier this small, else this many at random.
constexpr std::uint64_t kSlotsPerTier = 40;
// Positions reached by random play from the start (to see both colours and
// positions that are not the canonical member of their class).
constexpr int kGamesPlayed = 20, kPliesPlayed = 40;

template <class G>
struct Sample {
  std::vector<typename G::Position> positions;  // none is lost: slots first, then
  std::size_t first_played = 0;                 // positions reached by play from here on
  std::vector<std::uint32_t> group_of_tier;
};

template <class G>
Sample<G> sample(const G& game) {
  Sample<G> s;
  s.group_of_tier.assign(game.tier_count(), 0);
  const std::vector<TierGroup> groups = game_solve_order(game);
  for (std::uint32_t g = 0; g < groups.size(); ++g)
    for (std::uint32_t t : groups[g].tiers) s.group_of_tier[t] = g;
  std::mt19937_64 rng(10);
  for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
    const std::uint64_t size = game.tier_size(t);
    for (std::uint64_t n = 0; n < std::min(size, kSlotsPerTier); ++n)
      s.positions.push_back(game.position(t, size <= kSlotsPerTier ? n : rng() % size));
  }
  s.first_played = s.positions.size();
  for (int played = 0; played < kGamesPlayed; ++played) {
    typename G::Position p = game.start();
    for (int ply = 0; ply < kPliesPlayed && !game.is_lost(p); ++ply) {
      s.positions.push_back(p);
      std::vector<typename G::Position> children;
      game.for_each_move(p, [&](const auto&, const auto& child) { children.push_back(child); });
      if (children.empty()) break;
      p = children[rng() % children.size()];
    }
  }
  return s;
}

template <class T>
class Conformance : public ::testing::Test {
 protected:
  using G = typename T::Game;
  using Position = typename G::Position;
  using Key = std::pair<std::uint32_t, std::uint64_t>;  // (tier, slot)

  static void SetUpTestSuite() { sample_ = new Sample<G>(rtb::sample(T::game())); }
  static void TearDownTestSuite() {
    delete sample_;
    sample_ = nullptr;
  }

  const G& game() const { return T::game(); }
  const std::vector<Position>& positions() const { return sample_->positions; }
  bool reached_by_play(std::size_t n) const { return n >= sample_->first_played; }
  bool same_group(std::uint32_t a, std::uint32_t b) const {
    return sample_->group_of_tier[a] == sample_->group_of_tier[b];
  }
  Key key(const Position& p) const { return {game().tier_of(p), game().index(p)}; }
  std::string text(const Position& p) const { return game().format(p); }
  std::vector<Position> children(const Position& p) const {
    std::vector<Position> out;
    game().for_each_move(p, [&](const auto&, const Position& c) { out.push_back(c); });
    return out;
  }
  // The children that stay in p's tier group (the moves the walk follows back).
  std::vector<Position> group_children(const Position& p) const {
    std::vector<Position> out;
    for (const Position& c : children(p))
      if (!game().is_lost(c) && same_group(game().tier_of(c), game().tier_of(p))) out.push_back(c);
    return out;
  }
  std::vector<Position> predecessors(const Position& p) const {
    std::vector<Position> out;
    game().for_each_predecessor(p, [&](const Position& q) { out.push_back(q); });
    return out;
  }

  static inline Sample<G>* sample_ = nullptr;
};

TYPED_TEST_SUITE(Conformance, kGames);

// ---- round trips ----

TYPED_TEST(Conformance, SlotsAndPositionsRoundTrip) {
  const auto& game = this->game();
  for (const auto& p : this->positions()) {
    ASSERT_FALSE(game.is_lost(p)) << this->text(p);
    const std::uint32_t t = game.tier_of(p);
    ASSERT_LT(t, game.tier_count());
    const std::uint64_t slot = game.index(p);
    ASSERT_LT(slot, game.tier_size(t)) << this->text(p);
    const auto back = game.position(t, slot);
    ASSERT_EQ(game.tier_of(back), t) << this->text(p);
    // The slot index() gives is its class's own: canonical, with a weight
    // unless its positions cannot occur (then the game's parser refuses them).
    ASSERT_EQ(game.index(back), slot) << this->text(p) << " -> " << this->text(back);
    if (game.slot_weight(t, slot) == 0) {
      EXPECT_THROW(game.parse(game.format(back)), std::invalid_argument)
          << this->text(back) << ": weight 0, so it cannot occur, yet it parses";
    }
  }
  // Every slot of a sampled tier: an alias has weight 0 and indexes to a
  // canonical slot; the alias-free promise holds.
  for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
    const std::uint64_t size = game.tier_size(t);
    ASSERT_LE(size, kMaxTierSlots);
    std::mt19937_64 rng(t);
    for (std::uint64_t n = 0; n < std::min(size, kSlotsPerTier); ++n) {
      const std::uint64_t slot = size <= kSlotsPerTier ? n : rng() % size;
      const auto p = game.position(t, slot);
      const std::uint64_t own = game.index(p);
      const std::uint64_t weight = game.slot_weight(t, slot);
      if (own != slot) {
        ASSERT_EQ(weight, 0u) << game.tier_name(t) << " slot " << slot << ": an alias with a weight";
      }
      if (own == slot && weight == 0) {
        EXPECT_THROW(game.parse(game.format(p)), std::invalid_argument)
            << game.tier_name(t) << " slot " << slot << ": weight 0, so it cannot occur, yet it parses";
      }
      if constexpr (KnowsAliasFreeSlots<typename TestFixture::G>) {
        if (!game.slot_may_be_alias(t, slot)) {
          ASSERT_EQ(own, slot) << "slot_may_be_alias broke its promise";
        }
      }
    }
  }
}

// A position reached by play reads back as itself. A tier may also hold
// positions that cannot occur (Bagh-Chal's tigers to move before any goat is
// placed); parse may refuse those, but never reads another position.
TYPED_TEST(Conformance, TextRoundTrips) {
  const auto& game = this->game();
  std::size_t refused = 0;
  for (std::size_t n = 0; n < this->positions().size(); ++n) {
    const auto& p = this->positions()[n];
    const std::string text = game.format(p);
    typename TestFixture::Position parsed;
    try {
      parsed = game.parse(text);
    } catch (const std::invalid_argument& e) {
      ASSERT_FALSE(this->reached_by_play(n)) << e.what();
      ++refused;
      continue;
    }
    ASSERT_TRUE(parsed == p) << text;
    ASSERT_EQ(game.format(parsed), text);
  }
  if (refused) std::cout << "  (" << refused << " sampled slots hold positions that parse refuses as impossible)\n";
  EXPECT_THROW(game.parse("not a position"), std::invalid_argument);
}

// ---- moves ----

TYPED_TEST(Conformance, PredecessorsAreExactlyTheMovesBack) {
  const auto& game = this->game();
  for (const auto& p : this->positions()) {
    // Every child in the group lists p among its predecessors, once per move.
    const auto children = this->children(p);
    for (const auto& c : this->group_children(p)) {
      const auto preds = this->predecessors(c);
      const auto moves = std::count(children.begin(), children.end(), c);
      ASSERT_EQ(std::count(preds.begin(), preds.end(), p), moves)
          << this->text(p) << " -> " << this->text(c) << ": the child's predecessors miss the parent";
    }
    // Every predecessor of p is in p's group and has a move to p, as often
    // as it is listed.
    for (const auto& q : this->predecessors(p)) {
      ASSERT_FALSE(game.is_lost(q)) << this->text(q);
      ASSERT_TRUE(this->same_group(game.tier_of(q), game.tier_of(p))) << this->text(q);
      const auto qs = this->children(q);
      const auto preds = this->predecessors(p);
      ASSERT_EQ(std::count(qs.begin(), qs.end(), p), std::count(preds.begin(), preds.end(), q))
          << this->text(q) << " is listed as a predecessor of " << this->text(p);
    }
  }
}

TYPED_TEST(Conformance, TierSuccessorsHoldEveryMove) {
  const auto& game = this->game();
  for (const auto& p : this->positions()) {
    const auto successors = game.tier_successors(game.tier_of(p));
    for (const auto& c : this->children(p)) {
      if (game.is_lost(c)) continue;
      ASSERT_NE(std::find(successors.begin(), successors.end(), game.tier_of(c)), successors.end())
          << this->text(p) << " -> " << this->text(c) << " (tier " << game.tier_name(game.tier_of(c)) << ")";
    }
  }
}

// ---- symmetry ----

TYPED_TEST(Conformance, SymmetriesKeepTheRulesAndTheSlot) {
  if constexpr (!HasSymmetries<typename TestFixture::G>) {
    GTEST_SKIP() << "the game names no symmetries";
  } else {
    const auto& game = this->game();
    for (const auto& p : this->positions()) {
      std::vector<std::string> children;
      for (const auto& c : this->children(p)) children.push_back(this->text(c));
      for (std::size_t k = 0; k < game.symmetry_count(); ++k) {
        const auto mapped = game.symmetric_position(p, k);
        ASSERT_EQ(this->key(mapped), this->key(p)) << this->text(p) << " under map " << k;
        std::vector<std::string> expected, got;
        for (const auto& c : this->children(p)) expected.push_back(this->text(game.symmetric_position(c, k)));
        for (const auto& c : this->children(mapped)) got.push_back(this->text(c));
        std::sort(expected.begin(), expected.end());
        std::sort(got.begin(), got.end());
        ASSERT_EQ(got, expected) << this->text(p) << " under map " << k;
      }
    }
  }
}

// ---- the optional hooks' promises ----

TYPED_TEST(Conformance, DistinctChildrenHookKeepsItsPromise) {
  if constexpr (!KnowsDistinctChildren<typename TestFixture::G>) {
    GTEST_SKIP() << "the game has no quiet_children_distinct";
  } else {
    for (const auto& p : this->positions()) {
      if (!this->game().quiet_children_distinct(p)) continue;
      std::vector<typename TestFixture::Key> keys;
      for (const auto& c : this->group_children(p)) keys.push_back(this->key(c));
      std::sort(keys.begin(), keys.end());
      ASSERT_EQ(std::adjacent_find(keys.begin(), keys.end()), keys.end())
          << this->text(p) << ": quiet_children_distinct said yes, but two children share a slot";
    }
  }
}

TYPED_TEST(Conformance, PredecessorSlotHookKeepsItsPromise) {
  if constexpr (!IndexesPredecessors<typename TestFixture::G>) {
    GTEST_SKIP() << "the game has no for_each_predecessor_slot";
  } else {
    for (const auto& p : this->positions()) {
      std::vector<typename TestFixture::Key> given, expected;
      const bool distinct = this->game().for_each_predecessor_slot(
          p, [&](std::uint32_t t, std::uint64_t slot) { given.emplace_back(t, slot); });
      for (const auto& q : this->predecessors(p)) expected.push_back(this->key(q));
      std::sort(given.begin(), given.end());
      std::sort(expected.begin(), expected.end());
      ASSERT_EQ(given, expected) << this->text(p);
      if (!distinct) continue;
      ASSERT_EQ(std::adjacent_find(given.begin(), given.end()), given.end())
          << this->text(p) << ": for_each_predecessor_slot said distinct, but two slots are equal";
    }
  }
}

// Two positions with a predecessor slot in common must name one block: the
// other in-group children of each predecessor (and of its slot's canonical
// position, which is what the engine unranks) name p's block.
TYPED_TEST(Conformance, PredecessorBlockHookKeepsItsPromise) {
  if constexpr (!SortsPredecessorsByBlock<typename TestFixture::G>) {
    GTEST_SKIP() << "the game has no predecessor_block";
  } else {
    const auto& game = this->game();
    for (const auto& p : this->positions()) {
      const auto block = game.predecessor_block(p);
      ASSERT_LT(block.second, game.tier_blocks(block.first)) << this->text(p);
      for (const auto& q : this->predecessors(p)) {
        ASSERT_EQ(game.tier_of(q), block.first) << this->text(p) << ": a predecessor outside the block's tier";
        for (const auto& r : {q, game.position(game.tier_of(q), game.index(q))})
          for (const auto& c : this->group_children(r))
            ASSERT_EQ(game.predecessor_block(c), block)
                << this->text(p) << " and " << this->text(c) << " share the predecessor slot of " << this->text(r)
                << " but name different blocks";
      }
    }
  }
}

// ---- a small solve ----

TYPED_TEST(Conformance, EngineAgreesWithTheSimpleSolver) {
  if constexpr (!TypeParam::kSolvable) {
    GTEST_SKIP() << "no small tier group: every group needs a big one solved first";
  } else {
    const auto& game = this->game();
    const auto wanted = TypeParam::small_tiers();
    const auto engine = solve_in_memory(game, 2, wanted);
    const std::vector<TierGroup> groups = game_solve_order(game);
    const std::vector<bool> needed = needed_groups(groups, game.tier_count(), wanted);
    simple::KnownTiers known;
    std::uint64_t compared = 0;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      if (!needed[g]) continue;
      const auto values = simple::solve_group(game, groups[g].tiers, known);
      for (std::size_t k = 0; k < groups[g].tiers.size(); ++k) {
        const std::uint32_t t = groups[g].tiers[k];
        ASSERT_EQ(engine[t], values[k]) << "tier " << game.tier_name(t);
        compared += values[k].size();
        known[t] = values[k];
      }
    }
    EXPECT_GT(compared, 0u);
  }
}

}  // namespace
}  // namespace rtb
