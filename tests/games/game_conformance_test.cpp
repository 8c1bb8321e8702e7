// The conformance battery: every game and variant of the registry
// (games/registry.hpp) is checked against the contract of
// solver/game_concept.hpp, on sampled slots of its tiers and on positions
// reached by play. A new game is covered once it is registered; Blockade
// with its moves taken back by hand (tests/games/blockade/blockade_unmoves.hpp,
// a game whose own predecessors live on 64-bit sets) is added below.
//
//   round trips  position(t, i) and index() agree (aliases included), and
//                the text round-trips through format() and parse();
//   moves        every in-group child's predecessors hold the parent, and
//                every predecessor has a move to the position (as often as
//                it is listed); children lie in tier_successors();
//   symmetry     the maps keep the rules (the children of a mapped position
//                are the mapped children) and index() does not see them;
//   hooks        each optional hook's promise, where the game has the hook;
//   solve        the engine against tests/support/simple_solver.hpp on every
//                tier group whose closure is small (solve_slots()).
//
// A variant without tablebases (has_tablebases() false: its one tier is a
// stand-in) gets what needs no slots: the text and the moves, on positions
// reached by play.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <ostream>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "driver/group_loop.hpp"
#include "driver/solve_in_memory.hpp"
#include "games/registry.hpp"
#include "solver/game_concept.hpp"
#include "solver/tier_graph.hpp"
#include "tests/games/blockade/blockade_unmoves.hpp"
#include "tests/support/simple_solver.hpp"

namespace rtb {

// Test parameters print as "crossings seed-3x3" (gtest finds this by the type's namespace).
static void PrintTo(const GameChoice& choice, std::ostream* out) { *out << choice.name << " " << choice.variant; }

namespace {

// ---- how much is checked ----

// Slots sampled a tier: all of a tier this small, else this many at random.
constexpr std::uint64_t kSlotsPerTier = 40;
// Tiers sampled a variant, at most: whole tier groups, the small ones of the
// solve first, then others drawn at random, as long as building them has
// taken less than kSizingSeconds (a tier's index is built on first use: the
// largest Crossings boards take seconds a tier).
constexpr std::size_t kTiersPerVariant = 200;
constexpr double kSizingSeconds = 0.02;
// Positions reached by random play from the start (to see both colours and
// positions that are not the canonical member of their class).
constexpr int kGamesPlayed = 20, kPliesPlayed = 40;
// The solve covers every tier group whose closure (the group and every tier
// it needs solved first, transitively) has at most solve_slots() slots,
// 2^18 = 262,144 unless RTB_CONFORMANCE_SOLVE_SLOTS says otherwise. Of what
// the battery solved when its games were listed by hand, that holds Pangki up
// to 3 pieces a side (37,583 slots), Cinc camins up to 2 (15,324), and
// Bagh-Chal 3x3 (1,426), Crossings 3x3 (3,802) and seed-3x3 (212,954) whole;
// of the 4x4 boards, 9 of Bagh-Chal's 15 groups up to 2 goats in hand (all:
// 811,544) and 8 of Crossings' 10 (all: 1,148,092). The long run sets 2^21,
// which holds those too (tests/CMakeLists.txt): at that bound most variants
// solve a million slots or more, about a minute in all.
std::uint64_t solve_slots() {
  static const std::uint64_t slots = [] {
    const char* set = std::getenv("RTB_CONFORMANCE_SOLVE_SLOTS");
    return set ? std::stoull(set) : std::uint64_t{1} << 18;
  }();
  return slots;
}

// ---- the games ----

// Every (game, variant) of the registry, in its order.
std::vector<GameChoice> registered_variants() {
  std::vector<GameChoice> out;
  for (const GameEntry& entry : game_registry())
    for (const std::string& variant : entry.variants) out.push_back({entry.name, variant});
  return out;
}

// The test-only game, by a name the registry does not use.
const GameChoice kBlockade{"blockade-unmoves", "default"};

// Calls f(game) with the game of `choice`: the registry's, or Blockade with
// its moves taken back by hand.
template <class F>
void with_test_game(const GameChoice& choice, F&& f) {
  if (choice.name == kBlockade.name) {
    static const BlockadeWithUnmoves blockade;
    f(blockade);
    return;
  }
  with_game(choice, f);
}

std::string test_name(const ::testing::TestParamInfo<GameChoice>& info) {
  std::string name = info.param.name + "_" + info.param.variant;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

template <class G>
bool has_tablebases(const G& game) {
  if constexpr (MayLackTablebases<G>) return game.has_tablebases();
  else return true;
}

// ---- what every check works on ----

// The tier groups in solve order, and which of them the solve covers.
template <class G>
struct Groups {
  std::vector<TierGroup> groups;
  std::vector<std::uint32_t> group_of_tier;
  // Each group's slots once its tiers are built (a tier's index is built on
  // first use); a group with a tier over kMaxTierSlots is refused by its
  // indexer, and left out.
  std::vector<std::uint64_t> slots;
  std::vector<bool> sized, refused;
  // Groups whose closure has at most solve_slots() slots, and their slots.
  std::vector<bool> small;
  std::uint64_t small_slots = 0;
  std::vector<std::string> notes;  // what was left out, and why

  bool size(const G& game, std::uint32_t g) {
    if (sized[g] || refused[g]) return sized[g];
    try {
      for (std::uint32_t t : groups[g].tiers) slots[g] += game.tier_size(t);
      sized[g] = true;
    } catch (const std::length_error& e) {
      refused[g] = true;
      notes.push_back("tier group of " + game.tier_name(groups[g].tiers[0]) + " refused: " + e.what());
    }
    return sized[g];
  }
};

template <class G>
Groups<G> make_groups(const G& game) {
  Groups<G> s;
  s.groups = game_solve_order(game);
  s.group_of_tier.assign(game.tier_count(), 0);
  for (std::uint32_t g = 0; g < s.groups.size(); ++g)
    for (std::uint32_t t : s.groups[g].tiers) s.group_of_tier[t] = g;
  s.slots.assign(s.groups.size(), 0);
  s.sized.assign(s.groups.size(), false);
  s.refused.assign(s.groups.size(), false);
  s.small.assign(s.groups.size(), false);
  if (!has_tablebases(game)) return s;
  // The closures, in solve order (a group's dependencies come before it); a
  // group that needs a big one is big, and is not built to know it.
  std::vector<std::vector<std::uint32_t>> closure(s.groups.size());
  std::vector<bool> big(s.groups.size(), false);
  for (std::uint32_t g = 0; g < s.groups.size(); ++g) {
    closure[g] = {g};
    for (std::uint32_t d : s.groups[g].dependencies) {
      const std::uint32_t h = s.group_of_tier[d];
      big[g] = big[g] || big[h];
      closure[g].insert(closure[g].end(), closure[h].begin(), closure[h].end());
    }
    std::sort(closure[g].begin(), closure[g].end());
    closure[g].erase(std::unique(closure[g].begin(), closure[g].end()), closure[g].end());
    std::uint64_t slots = 0;
    if (!big[g] && s.size(game, g))
      for (std::uint32_t h : closure[g]) slots += s.slots[h];
    big[g] = big[g] || !s.sized[g] || slots > solve_slots();
    if (big[g]) closure[g].clear();
  }
  for (std::uint32_t g = 0; g < s.groups.size(); ++g)
    for (std::uint32_t h : closure[g]) s.small[h] = true;
  for (std::uint32_t g = 0; g < s.groups.size(); ++g)
    if (s.small[g]) s.small_slots += s.slots[g];
  return s;
}

template <class G>
struct Sample {
  using Position = typename G::Position;
  // Tiers whose slots are sampled: only their positions are indexed (a
  // group's tiers together, so that a position's predecessors are too).
  std::vector<bool> sampled;
  std::vector<Position> positions;  // none is lost: slots first, then
  std::size_t first_played = 0;     // positions reached by play from here on
  std::vector<std::string> notes;   // what was left out
};

template <class G>
Sample<G> make_sample(const G& game, Groups<G>& groups) {
  Sample<G> s;
  s.sampled.assign(game.tier_count(), false);
  std::mt19937_64 rng(10);
  if (has_tablebases(game)) {
    // The tiers to sample: the small groups', then, group by group, others
    // drawn at random from those whose dependencies are sampled already
    // (each a modest step up from what is built), while there is time.
    const auto start = std::chrono::steady_clock::now();
    const std::vector<TierGroup>& order = groups.groups;
    std::vector<bool> taken(order.size(), false);
    std::size_t tiers = 0;
    auto take = [&](std::uint32_t g) {
      taken[g] = true;
      tiers += order[g].tiers.size();
      for (std::uint32_t t : order[g].tiers) s.sampled[t] = true;
    };
    for (std::uint32_t g = 0; g < order.size(); ++g)
      if (groups.small[g]) take(g);
    auto ready = [&](std::uint32_t g) {
      return !taken[g] && !groups.refused[g] && tiers + order[g].tiers.size() <= kTiersPerVariant &&
             std::all_of(order[g].dependencies.begin(), order[g].dependencies.end(),
                         [&](std::uint32_t d) { return static_cast<bool>(taken[groups.group_of_tier[d]]); });
    };
    while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < kSizingSeconds) {
      std::vector<std::uint32_t> frontier;
      for (std::uint32_t g = 0; g < order.size(); ++g)
        if (ready(g)) frontier.push_back(g);
      if (frontier.empty()) break;
      const std::uint32_t g = frontier[rng() % frontier.size()];
      if (groups.size(game, g)) take(g);
    }
    if (tiers < game.tier_count())
      s.notes.push_back(std::to_string(game.tier_count() - tiers) + " of " + std::to_string(game.tier_count()) +
                        " tiers not sampled");
    for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
      if (!s.sampled[t]) continue;
      const std::uint64_t size = game.tier_size(t);
      for (std::uint64_t n = 0; n < std::min(size, kSlotsPerTier); ++n)
        s.positions.push_back(game.position(t, size <= kSlotsPerTier ? n : rng() % size));
    }
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

// The checks, each a template over the game. A test builds the game of its
// parameter and the sample (once a program, for every test of the variant).
template <class G>
class Checker {
 public:
  using Position = typename G::Position;
  using Key = std::pair<std::uint32_t, std::uint64_t>;  // (tier, slot)

  Checker(const G& game, std::string key) : game_(game), key_(std::move(key)) {}

  const G& game() const { return game_; }
  bool tablebases() const { return has_tablebases(game_); }
  // Each made on first use (a test that skips needs neither), once a program.
  const Groups<G>& groups() const { return cached().groups; }
  const Sample<G>& sample() const {
    Cached& c = cached();
    if (!c.sample) {
      c.sample = std::make_unique<Sample<G>>(make_sample(game_, c.groups));
      for (const std::string& note : c.groups.notes) std::cout << "  (" << note << ")\n";
      for (const std::string& note : c.sample->notes) std::cout << "  (" << note << ")\n";
    }
    return *c.sample;
  }
  const std::vector<Position>& positions() const { return sample().positions; }
  bool reached_by_play(std::size_t n) const { return n >= sample().first_played; }
  // Whether p's slot may be asked for: its tier is sampled.
  bool indexed(const Position& p) const { return sample().sampled[game_.tier_of(p)]; }
  bool same_group(std::uint32_t a, std::uint32_t b) const {
    return groups().group_of_tier[a] == groups().group_of_tier[b];
  }
  Key key(const Position& p) const { return {game_.tier_of(p), game_.index(p)}; }
  std::string text(const Position& p) const { return game_.format(p); }
  std::vector<Position> children(const Position& p) const {
    std::vector<Position> out;
    game_.for_each_move(p, [&](const auto&, const Position& c) { out.push_back(c); });
    return out;
  }
  // The children that stay in p's tier group (the moves the walk follows back).
  std::vector<Position> group_children(const Position& p) const {
    std::vector<Position> out;
    for (const Position& c : children(p))
      if (!game_.is_lost(c) && same_group(game_.tier_of(c), game_.tier_of(p))) out.push_back(c);
    return out;
  }
  std::vector<Position> predecessors(const Position& p) const requires GivesPredecessors<G> {
    std::vector<Position> out;
    game_.for_each_predecessor(p, [&](const Position& q) { out.push_back(q); });
    return out;
  }

 private:
  struct Cached {
    Groups<G> groups;
    std::unique_ptr<Sample<G>> sample;
  };
  Cached& cached() const {
    static std::map<std::string, std::unique_ptr<Cached>> all;
    auto& c = all[key_];
    if (!c) c = std::make_unique<Cached>(Cached{make_groups(game_), nullptr});
    return *c;
  }

  const G& game_;
  std::string key_;
};

class Conformance : public ::testing::TestWithParam<GameChoice> {
 protected:
  // Calls check(checker) with the checker of this test's game.
  template <class F>
  void run(F&& check) {
    const GameChoice& choice = GetParam();
    with_test_game(choice, [&](const auto& game) {
      using G = std::decay_t<decltype(game)>;
      const Checker<G> checker(game, choice.name + "/" + choice.variant);
      check(checker);
    });
  }
};

INSTANTIATE_TEST_SUITE_P(Registry, Conformance, ::testing::ValuesIn(registered_variants()), test_name);
INSTANTIATE_TEST_SUITE_P(TestOnly, Conformance, ::testing::Values(kBlockade), test_name);

// ---- round trips ----

template <class C>
void check_slots_and_positions(const C& c) {
  const auto& game = c.game();
  for (const auto& p : c.positions()) {
    ASSERT_FALSE(game.is_lost(p)) << c.text(p);
    const std::uint32_t t = game.tier_of(p);
    ASSERT_LT(t, game.tier_count());
    if (!c.indexed(p)) continue;
    const std::uint64_t slot = game.index(p);
    ASSERT_LT(slot, game.tier_size(t)) << c.text(p);
    const auto back = game.position(t, slot);
    ASSERT_EQ(game.tier_of(back), t) << c.text(p);
    // The slot index() gives is its class's own: canonical, with a weight
    // unless its positions cannot occur (then the game's parser refuses them).
    ASSERT_EQ(game.index(back), slot) << c.text(p) << " -> " << c.text(back);
    if (game.slot_weight(t, slot) == 0) {
      EXPECT_THROW(game.parse(game.format(back)), std::invalid_argument)
          << c.text(back) << ": weight 0, so it cannot occur, yet it parses";
    }
  }
  // Every slot of a sampled tier: an alias has weight 0 and indexes to a
  // canonical slot; the alias-free promise holds.
  for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
    if (!c.sample().sampled[t]) continue;
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
      if constexpr (KnowsAliasFreeSlots<std::decay_t<decltype(game)>>) {
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
template <class C>
void check_text(const C& c) {
  const auto& game = c.game();
  std::size_t refused = 0;
  for (std::size_t n = 0; n < c.positions().size(); ++n) {
    const auto& p = c.positions()[n];
    const std::string text = game.format(p);
    typename C::Position parsed;
    try {
      parsed = game.parse(text);
    } catch (const std::invalid_argument& e) {
      ASSERT_FALSE(c.reached_by_play(n)) << e.what();
      ++refused;
      continue;
    }
    ASSERT_TRUE(parsed == p) << text;
    ASSERT_EQ(game.format(parsed), text);
    // A game record (apps/rtb/play/game_record.hpp) separates moves by blanks
    // and fields by '|', and puts variations in parentheses.
    game.for_each_move(p, [&](const auto& m, const auto&) {
      const std::string move = game.move_text(m);
      EXPECT_EQ(move.find_first_of(" \t|()"), std::string::npos)
          << text << ": the move '" << move << "' holds a character that game records use as a separator";
    });
  }
  if (refused) std::cout << "  (" << refused << " sampled slots hold positions that parse refuses as impossible)\n";
  EXPECT_THROW(game.parse("not a position"), std::invalid_argument);
}

// Slots and positions, then text (one test: a test is a process of its own
// under ctest, and there are many variants).
TEST_P(Conformance, RoundTrips) {
  run([](const auto& c) {
    if (c.tablebases()) {
      check_slots_and_positions(c);
      if (::testing::Test::HasFatalFailure()) return;
    } else {
      std::cout << "  (no tablebases: its tier is a stand-in with no slots, so the text alone)\n";
    }
    check_text(c);
  });
}

// ---- moves ----

template <class C>
void check_predecessors(const C& c) {
  const auto& game = c.game();
  for (const auto& p : c.positions()) {
    // Every child in the group lists p among its predecessors, once per move.
    const auto children = c.children(p);
    for (const auto& child : c.group_children(p)) {
      const auto preds = c.predecessors(child);
      const auto moves = std::count(children.begin(), children.end(), child);
      ASSERT_EQ(std::count(preds.begin(), preds.end(), p), moves)
          << c.text(p) << " -> " << c.text(child) << ": the child's predecessors miss the parent";
    }
    // Every predecessor of p is in p's group and has a move to p, as often
    // as it is listed.
    const auto preds = c.predecessors(p);
    for (const auto& q : preds) {
      ASSERT_FALSE(game.is_lost(q)) << c.text(q);
      ASSERT_TRUE(c.same_group(game.tier_of(q), game.tier_of(p))) << c.text(q);
      const auto qs = c.children(q);
      ASSERT_EQ(std::count(qs.begin(), qs.end(), p), std::count(preds.begin(), preds.end(), q))
          << c.text(q) << " is listed as a predecessor of " << c.text(p);
    }
  }
}

template <class C>
void check_tier_successors(const C& c) {
  const auto& game = c.game();
  for (const auto& p : c.positions()) {
    const auto successors = game.tier_successors(game.tier_of(p));
    for (const auto& child : c.children(p)) {
      if (game.is_lost(child)) continue;
      ASSERT_NE(std::find(successors.begin(), successors.end(), game.tier_of(child)), successors.end())
          << c.text(p) << " -> " << c.text(child) << " (tier " << game.tier_name(game.tier_of(child)) << ")";
    }
  }
}

TEST_P(Conformance, PredecessorsAreExactlyTheMovesBack) {
  run([](const auto& c) {
    using G = std::decay_t<decltype(c.game())>;
    if constexpr (!GivesPredecessors<G>) {
      GTEST_SKIP() << "the game has no for_each_predecessor (the engine takes its moves backwards)";
    } else {
      // Its one tier is a stand-in: a capture stays in it, while the moves
      // taken backwards are those within a tier group of tablebases.
      if (!c.tablebases()) GTEST_SKIP() << "no tablebases: the predecessors are of tier groups it does not have";
      check_predecessors(c);
    }
  });
}

TEST_P(Conformance, TierSuccessorsHoldEveryMove) {
  run([](const auto& c) { check_tier_successors(c); });
}

// ---- symmetry ----

template <class C>
void check_symmetries(const C& c) {
  const auto& game = c.game();
  for (const auto& p : c.positions()) {
    for (std::size_t k = 0; k < game.symmetry_count(); ++k) {
      const auto mapped = game.symmetric_position(p, k);
      if (c.indexed(p)) {
        ASSERT_EQ(c.key(mapped), c.key(p)) << c.text(p) << " under map " << k;
      }
      std::vector<std::string> expected, got;
      for (const auto& child : c.children(p)) expected.push_back(c.text(game.symmetric_position(child, k)));
      for (const auto& child : c.children(mapped)) got.push_back(c.text(child));
      std::sort(expected.begin(), expected.end());
      std::sort(got.begin(), got.end());
      ASSERT_EQ(got, expected) << c.text(p) << " under map " << k;
    }
  }
}

TEST_P(Conformance, SymmetriesKeepTheRulesAndTheSlot) {
  run([](const auto& c) {
    using G = std::decay_t<decltype(c.game())>;
    if constexpr (!HasSymmetries<G>) {
      GTEST_SKIP() << "the game names no symmetries";
    } else {
      check_symmetries(c);
    }
  });
}

// ---- the optional hooks' promises ----

template <class C>
void check_distinct_children(const C& c) {
  for (const auto& p : c.positions()) {
    if (!c.indexed(p) || !c.game().quiet_children_distinct(p)) continue;
    std::vector<typename C::Key> keys;
    for (const auto& child : c.group_children(p)) keys.push_back(c.key(child));
    std::sort(keys.begin(), keys.end());
    ASSERT_EQ(std::adjacent_find(keys.begin(), keys.end()), keys.end())
        << c.text(p) << ": quiet_children_distinct said yes, but two children share a slot";
  }
}

template <class C>
void check_predecessor_slots(const C& c) {
  for (const auto& p : c.positions()) {
    if (!c.indexed(p)) continue;
    std::vector<typename C::Key> given, expected;
    const bool distinct = c.game().for_each_predecessor_slot(
        p, [&](std::uint32_t t, std::uint64_t slot) { given.emplace_back(t, slot); });
    for (const auto& q : c.predecessors(p)) expected.push_back(c.key(q));
    std::sort(given.begin(), given.end());
    std::sort(expected.begin(), expected.end());
    ASSERT_EQ(given, expected) << c.text(p);
    if (!distinct) continue;
    ASSERT_EQ(std::adjacent_find(given.begin(), given.end()), given.end())
        << c.text(p) << ": for_each_predecessor_slot said distinct, but two slots are equal";
  }
}

// for_each_exit_slot, where it serves a position, gives what its moves give:
// the children outside its group indexed (the same multiset), one lost() for
// each lost child, and the count of its children in the group. A position it
// declines it leaves untouched. Returns how many positions it served.
template <class C>
std::size_t check_exit_slots(const C& c) {
  const auto& game = c.game();
  std::size_t served = 0;
  for (const auto& p : c.positions()) {
    if (!c.indexed(p)) continue;
    std::vector<typename C::Key> given, expected;
    int lost_given = 0, lost_expected = 0, in_group_expected = 0;
    const int in_group = game.for_each_exit_slot(
        p, [&](std::uint32_t t, std::uint64_t slot) { given.emplace_back(t, slot); }, [&] { ++lost_given; });
    if (in_group < 0) {
      EXPECT_TRUE(given.empty() && lost_given == 0) << c.text(p) << ": declined, but called back";
      continue;
    }
    bool all_indexed = true;
    for (const auto& child : c.children(p)) {
      if (game.is_lost(child)) ++lost_expected;
      else if (c.same_group(game.tier_of(child), game.tier_of(p))) ++in_group_expected;
      else if (!c.indexed(child)) all_indexed = false;
      else expected.push_back(c.key(child));
    }
    if (!all_indexed) continue;
    ++served;
    std::sort(given.begin(), given.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(given, expected) << c.text(p) << ": the exits";
    EXPECT_EQ(lost_given, lost_expected) << c.text(p) << ": the lost children";
    EXPECT_EQ(in_group, in_group_expected) << c.text(p) << ": the children in the group";
  }
  return served;
}

// Two positions with a predecessor slot in common must name one block: the
// other in-group children of each predecessor (and of its slot's canonical
// position, which is what the engine unranks) name p's block.
template <class C>
void check_predecessor_blocks(const C& c) {
  const auto& game = c.game();
  for (const auto& p : c.positions()) {
    if (!c.indexed(p)) continue;
    const auto block = game.predecessor_block(p);
    ASSERT_LT(block.second, game.tier_blocks(block.first)) << c.text(p);
    for (const auto& q : c.predecessors(p)) {
      ASSERT_EQ(game.tier_of(q), block.first) << c.text(p) << ": a predecessor outside the block's tier";
      for (const auto& r : {q, game.position(game.tier_of(q), game.index(q))})
        for (const auto& child : c.group_children(r))
          ASSERT_EQ(game.predecessor_block(child), block)
              << c.text(p) << " and " << c.text(child) << " share the predecessor slot of " << c.text(r)
              << " but name different blocks";
    }
  }
}

// The hooks of solver/game_concept.hpp that promise something of slots and
// predecessors, each checked where the game has it.
// solve_lone_tier tells its progress: on every small lone tier (a group of
// one tier that no move re-enters), the slots it reports add up to the
// tier's size, on 1 and 2 threads, and the values are those it gives
// without being asked for progress. Returns how many tiers it checked.
template <class C>
std::size_t check_lone_tier_progress(const C& c) {
  const auto& game = c.game();
  const auto& s = c.groups();
  const auto wanted = [&](std::uint32_t t) { return static_cast<bool>(s.small[s.group_of_tier[t]]); };
  const auto engine = solve_in_memory(game, 2, wanted);
  SolvedTierValues solved(engine.size(), nullptr);
  for (std::size_t t = 0; t < engine.size(); ++t)
    if (!engine[t].empty()) solved[t] = engine[t].data();
  std::size_t lone = 0;
  for (std::size_t g = 0; g < s.groups.size() && lone < 20; ++g) {
    const auto& tiers = s.groups[g].tiers;
    if (!s.small[g] || tiers.size() != 1 || !solved_in_one_pass(game, tiers)) continue;
    ++lone;
    for (int threads : {1, 2}) {
      std::atomic<std::uint64_t> reported{0};
      const SlotsDone slots_done = [&](std::uint64_t n) { reported += n; };
      const std::vector<Value> values = game.solve_lone_tier(tiers[0], solved, threads, slots_done);
      EXPECT_EQ(reported.load(), game.tier_size(tiers[0]))
          << "tier " << game.tier_name(tiers[0]) << ", " << threads << " threads";
      EXPECT_TRUE(values == engine[tiers[0]]) << "tier " << game.tier_name(tiers[0]) << ", " << threads << " threads";
    }
  }
  return lone;
}

TEST_P(Conformance, HooksKeepTheirPromises) {
  run([](const auto& c) {
    using G = std::decay_t<decltype(c.game())>;
    if (!c.tablebases()) GTEST_SKIP() << "no tablebases: the hooks promise things of slots";
    std::vector<std::string> checked, absent;
    if constexpr (KnowsDistinctChildren<G>) {
      check_distinct_children(c);
      checked.push_back("quiet_children_distinct");
    } else {
      absent.push_back("quiet_children_distinct");
    }
    if constexpr (IndexesPredecessors<G> && GivesPredecessors<G>) {
      check_predecessor_slots(c);
      checked.push_back("for_each_predecessor_slot");
    } else {
      absent.push_back("for_each_predecessor_slot");
    }
    if constexpr (IndexesExits<G>) {
      // A hook that serves no sampled position would be checked on nothing.
      const std::size_t served = check_exit_slots(c);
      EXPECT_GT(served, 0u) << "for_each_exit_slot served none of the sampled positions";
      std::cout << "  (for_each_exit_slot served " << served << " sampled positions)\n";
      checked.push_back("for_each_exit_slot");
    } else {
      absent.push_back("for_each_exit_slot");
    }
    if constexpr (SortsPredecessorsByBlock<G>) {
      check_predecessor_blocks(c);
      checked.push_back("predecessor_block");
    } else {
      absent.push_back("predecessor_block");
    }
    if constexpr (SolvesLoneTiers<G>) {
      if (check_lone_tier_progress(c) > 0) checked.push_back("solve_lone_tier");
      else std::cout << "  (no small lone tier to check solve_lone_tier on)\n";
    } else {
      absent.push_back("solve_lone_tier");
    }
    std::string none;
    for (const std::string& name : absent) none += (none.empty() ? "" : ", ") + name;
    if (checked.empty()) GTEST_SKIP() << "the game has none of the hooks (" << none << ")";
    if (!none.empty()) std::cout << "  (the game has no " << none << ")\n";
  });
}

// ---- a small solve ----

template <class C>
void check_solve(const C& c) {
  const auto& game = c.game();
  const auto& s = c.groups();
  const auto wanted = [&](std::uint32_t t) { return static_cast<bool>(s.small[s.group_of_tier[t]]); };
  const auto engine = solve_in_memory(game, 2, wanted);
  simple::KnownTiers known;
  std::uint64_t compared = 0;
  std::size_t groups = 0;
  for (std::size_t g = 0; g < s.groups.size(); ++g) {
    if (!s.small[g]) continue;
    ++groups;
    const auto values = simple::solve_group(game, s.groups[g].tiers, known);
    for (std::size_t k = 0; k < s.groups[g].tiers.size(); ++k) {
      const std::uint32_t t = s.groups[g].tiers[k];
      ASSERT_EQ(engine[t], values[k]) << "tier " << game.tier_name(t);
      compared += values[k].size();
      known[t] = values[k];
    }
  }
  EXPECT_GT(compared, 0u);
  std::cout << "  (" << groups << " of " << s.groups.size() << " tier groups solved, " << compared << " slots)\n";
}

// The scanning walks (solver/walk.hpp: lean, byte and forward, this one also
// with its lists of children) against the walk by lists, value for value, on
// the same small groups: 1 and 2 threads.
// The forward walk asks only the game's forward moves, so for a game that
// takes its moves back it is also a second opinion on those.
template <class C>
void check_scanning_walks(const C& c) {
  const auto& game = c.game();
  const auto& s = c.groups();
  const auto wanted = [&](std::uint32_t t) { return static_cast<bool>(s.small[s.group_of_tier[t]]); };
  const auto lists = solve_in_memory(game, 2, wanted, Walk::Lists);
  std::uint64_t compared = 0;
  for (const Walk walk : {Walk::Lean, Walk::Byte, Walk::Forward})
    for (int threads : {1, 2}) {
      const auto scanned = solve_in_memory(game, threads, wanted, walk);
      ASSERT_EQ(scanned.size(), lists.size());
      for (std::uint32_t t = 0; t < lists.size(); ++t) {
        ASSERT_EQ(scanned[t], lists[t]) << "tier " << game.tier_name(t) << ", " << walk_name(walk) << " walk, "
                                        << threads << " threads";
        compared += lists[t].size();
      }
    }
  // The forward walk with its lists of children (solver/child_lists.hpp),
  // in any memory: written at an early level and read by the rest.
  const auto listed = solve_in_memory(game, 2, wanted, Walk::Forward, std::uint64_t{1} << 30);
  ASSERT_EQ(listed.size(), lists.size());
  for (std::uint32_t t = 0; t < lists.size(); ++t)
    ASSERT_EQ(listed[t], lists[t]) << "tier " << game.tier_name(t) << ", forward walk with lists of children";
  EXPECT_GT(compared, 0u);
}

// Why a variant has no small solve to check, or "" when it has one.
template <class C>
std::string why_no_small_solve(const C& c) {
  if (!c.tablebases()) return "no tablebases";
  if (c.groups().small_slots == 0)
    return "no small tier group: every group needs more than " + std::to_string(solve_slots()) + " slots solved";
  return "";
}

TEST_P(Conformance, ScanningWalksGiveTheValuesOfTheWalkByLists) {
  run([](const auto& c) {
    if (const std::string why = why_no_small_solve(c); !why.empty()) GTEST_SKIP() << why;
    check_scanning_walks(c);
  });
}

TEST_P(Conformance, EngineAgreesWithTheSimpleSolver) {
  run([](const auto& c) {
    if (const std::string why = why_no_small_solve(c); !why.empty()) GTEST_SKIP() << why;
    check_solve(c);
  });
}

}  // namespace
}  // namespace rtb
