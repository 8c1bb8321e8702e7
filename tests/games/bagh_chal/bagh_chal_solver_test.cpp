// Bagh-Chal solved twice: by the engine (tier groups, symmetry classes, alias
// slots, the backward walk through predecessors) and by a deliberately simple
// solver written here, plain value iteration over every position, numbered
// its own way without symmetry. They must agree on every position of the 3x3
// variants, and of the 4x4 variants' sliding phase and placement tiers with
// few goats in hand (all 44.7 million 4x4 positions took the simple solver
// 30 to 60 s on two shared cores). Every tier of the engine's tables must pass
// the one-step check that `rtb verify` runs, and sampled positions of the
// other 4x4 tiers, symmetric images included, must too.
#include <gtest/gtest.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include <unistd.h>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "driver/generate.hpp"
#include "games/bagh_chal/bagh_chal.hpp"
#include "solver/one_step.hpp"
#include "solver/retrograde.hpp"
#include "solver/verify.hpp"
#include "tablebases/tier_file.hpp"

namespace rtb {
namespace {

// One thread for the big solves: their many small parallel regions (one per
// level of every placement tier) cost more than they gain when the test
// shares two cores with other work. The files test below runs two threads.
constexpr int kThreads = 1;
using Side = BaghChalSide;

// Every position of a board of at most 16 points, numbered densely by
// (tiger set, goats among the other points, goats captured, side to move).
class AllPositions {
 public:
  explicit AllPositions(const BaghChalGame& game)
      : game_(game),
        board_(static_cast<Bitboard>((1u << game.squares()) - 1)),
        free_points_(game.squares() - BaghChalGame::kTigers),
        rank_of_tigers_(std::size_t{1} << game.squares(), -1) {
    for (Bitboard set = 0; set <= board_; ++set) {
      if (count(set) != BaghChalGame::kTigers) continue;
      rank_of_tigers_[set] = static_cast<int>(tiger_sets_.size());
      tiger_sets_.push_back(set);
    }
  }

  std::uint64_t size() const { return (tiger_sets_.size() << free_points_) * game_.rules().target * 2; }

  std::uint64_t number(const BaghChalPosition& p) const {
    std::uint64_t n = static_cast<std::uint64_t>(rank_of_tigers_[p.tigers]) << free_points_ | pack(p.goats, p.tigers);
    return (n * game_.rules().target + game_.captured(p)) * 2 + static_cast<int>(p.to_move);
  }

  // Calls f(number, position) for every position with `in_hand` goats in
  // hand and `side` to move, in parallel over the tiger sets.
  template <class F>
  void for_each(int in_hand, Side side, F&& f) const {
    for (int captured = 0; captured < game_.rules().target; ++captured) {
      const int on_board = game_.rules().goats - in_hand - captured;
      if (on_board < 0 || on_board > free_points_) continue;
      const auto sets = static_cast<std::int64_t>(tiger_sets_.size());
#pragma omp parallel for num_threads(kThreads) schedule(dynamic, 16)
      for (std::int64_t r = 0; r < sets; ++r) {
        const Bitboard tigers = tiger_sets_[r];
        for_each_subset(on_board, [&](Bitboard packed) {
          const BaghChalPosition p{tigers, unpack(packed, tigers), static_cast<std::uint8_t>(in_hand), side};
          f(number(p), p);
        });
      }
    }
  }

 private:
  // The goats as bits 0.. of the points the tigers leave free, and back.
  std::uint32_t pack(Bitboard goats, Bitboard tigers) const {
#ifdef __BMI2__
    return _pext_u32(goats, board_ & ~tigers);
#endif
    std::uint32_t packed = 0;
    int place = 0;
    for (Bitboard free = board_ & ~tigers; free; free &= free - 1, ++place)
      if (goats & bit(lowest_square(free))) packed |= 1u << place;
    return packed;
  }
  Bitboard unpack(std::uint32_t packed, Bitboard tigers) const {
    Bitboard goats = 0;
    int place = 0;
    for (Bitboard free = board_ & ~tigers; free; free &= free - 1, ++place)
      if (packed >> place & 1) goats |= bit(lowest_square(free));
    return goats;
  }
  // Every set of `size` bits among the low free_points_, in increasing order
  // (Gosper's hack: the next larger number with as many bits).
  template <class F>
  void for_each_subset(int size, F&& f) const {
    const std::uint32_t end = 1u << free_points_;
    for (std::uint32_t packed = (1u << size) - 1; packed < end;) {
      f(packed);
      if (packed == 0) break;
      const std::uint32_t lowest = packed & (0u - packed), ripple = packed + lowest;
      packed = (((ripple ^ packed) >> 2) / lowest) | ripple;
    }
  }

  const BaghChalGame& game_;
  Bitboard board_;
  int free_points_;
  std::vector<int> rank_of_tigers_;  // by tiger bitboard; -1 unless it holds 4 points
  std::vector<Bitboard> tiger_sets_;
};

// Plain value iteration, docs/rules.md word for word: a side with no move, or
// whose goats have all been taken, has lost (LOSS in 0); a position with a
// move to a lost child wins, as fast as it can; one whose moves all lead to
// children won by the opponent loses, as slowly as it can; anything else is
// a draw. Every position starts as undecided (stored as DRAW) and is
// recomputed from its children until nothing changes. Goats in hand never
// grow, so the positions with fewer in hand are final before the next
// count's sweeps start; and since every move changes the side to move, one
// side's positions can be recomputed together without reading each other.
// Only positions with at most `max_in_hand` goats in hand are solved.
std::vector<Value> simple_solve(const BaghChalGame& game, const AllPositions& all, int max_in_hand) {
  std::vector<Value> values(all.size(), kDraw);
  auto recompute = [&](const BaghChalPosition& p) -> Value {
    bool any_move = false, any_draw = false;
    unsigned fastest_win = ~0u, slowest_loss = 0;
    game.for_each_move(p, [&](const BaghChalMove&, const BaghChalPosition& child) {
      any_move = true;
      const Value v = game.is_lost(child) ? make_value(0) : values[all.number(child)];
      if (v == kDraw) any_draw = true;
      else if (distance_of(v) % 2 == 0) fastest_win = std::min(fastest_win, distance_of(v) + 1);  // child loses
      else slowest_loss = std::max(slowest_loss, distance_of(v) + 1);
    });
    if (!any_move) return make_value(0);
    if (fastest_win != ~0u) return make_value(fastest_win);
    if (any_draw) return kDraw;
    return make_value(slowest_loss);
  };
  for (int in_hand = 0; in_hand <= max_in_hand; ++in_hand) {
    std::atomic<bool> changed{true};
    for (int sweep = 0; changed; ++sweep) {
      if (sweep > 10'000) throw std::runtime_error("value iteration does not settle");
      changed = false;
      for (const Side side : {Side::Goats, Side::Tigers}) {
        all.for_each(in_hand, side, [&](std::uint64_t n, const BaghChalPosition& p) {
          const Value v = recompute(p);
          if (v == values[n]) return;
          values[n] = v;
          changed.store(true, std::memory_order_relaxed);
        });
      }
    }
  }
  return values;
}

// The tiers with more than `max_in_hand` goats in hand are left empty (no
// move leads from fewer goats in hand to more).
std::vector<std::vector<Value>> engine_solve(const BaghChalGame& game, int max_in_hand = 1 << 30) {
  std::vector<std::vector<Value>> values(game.tier_count());
  SolvedTierValues solved(game.tier_count(), nullptr);
  for (const TierGroup& group : game_solve_order(game)) {
    if (game.pieces_in_hand(group.tiers.front()) > max_in_hand) continue;
    GroupSolver<BaghChalGame> solver(game, group.tiers, solved, kThreads);
    std::vector<SolvedTier> out = solver.solve();
    for (std::size_t k = 0; k < group.tiers.size(); ++k) {
      values[group.tiers[k]] = std::move(out[k]).take_wide();
      solved[group.tiers[k]] = values[group.tiers[k]].data();
    }
  }
  return values;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void solve_both_ways_and_compare(const std::string& variant, int max_in_hand) {
  const BaghChalGame game(variant);
  const AllPositions all(game);
  auto clock = std::chrono::steady_clock::now();
  const std::vector<std::vector<Value>> engine = engine_solve(game);
  const double engine_seconds = seconds_since(clock);
  clock = std::chrono::steady_clock::now();
  const std::vector<Value> simple = simple_solve(game, all, max_in_hand);
  const double simple_seconds = seconds_since(clock);

  // Every position, through the engine's symmetry reduction.
  std::atomic<std::uint64_t> compared{0}, wrong{0};
  std::mutex examples_lock;
  std::vector<std::string> examples;  // the first few disagreements
  std::uint64_t expected_positions = 0;
  for (BaghChalGame::TierId t = 0; t < game.tier_count(); ++t)
    if (game.pieces_in_hand(t) <= max_in_hand) expected_positions += game.tier_positions(t);
  for (int in_hand = 0; in_hand <= max_in_hand; ++in_hand) {
    for (const Side side : {Side::Goats, Side::Tigers}) {
      all.for_each(in_hand, side, [&](std::uint64_t n, const BaghChalPosition& p) {
        compared.fetch_add(1, std::memory_order_relaxed);
        const Value e = engine[game.tier_of(p)][game.index(p)];
        if (e == simple[n]) return;
        if (wrong.fetch_add(1) >= 5) return;
        const std::lock_guard<std::mutex> hold(examples_lock);
        examples.push_back(game.format(p) + ": engine " + describe(e) + ", simple solver " + describe(simple[n]));
      });
    }
  }
  EXPECT_EQ(compared.load(), expected_positions);
  EXPECT_EQ(wrong.load(), 0u) << variant;
  for (const std::string& example : examples) ADD_FAILURE() << variant << " " << example;

  // Every slot of those tiers, aliases included, against its own position.
  std::uint64_t slots = 0, wrong_slots = 0;
  for (BaghChalGame::TierId t = 0; t < game.tier_count(); ++t) {
    if (game.pieces_in_hand(t) > max_in_hand) continue;
    for (std::uint64_t i = 0; i < game.tier_size(t); ++i, ++slots)
      wrong_slots += engine[t][i] != simple[all.number(game.position(t, i))];
  }
  EXPECT_EQ(wrong_slots, 0u) << variant;

  // The one-step condition `rtb verify` proves, on every tier; and on
  // sampled positions of the tiers left out above, which are mostly not the
  // canonical member of their class.
  SolvedTierValues tables(game.tier_count());
  for (BaghChalGame::TierId t = 0; t < game.tier_count(); ++t) tables[t] = engine[t].data();
  for (BaghChalGame::TierId t = 0; t < game.tier_count(); ++t) {
    const bool placement = game.pieces_in_hand(t) > 0;  // a group of its own
    const TierCheck check = check_tier(game, t, tables, kThreads, placement ? CheckMethod::Walk : CheckMethod::General);
    EXPECT_EQ(check.wrong, 0u) << variant << " tier " << game.tier_name(t) << ", first at slot "
                               << check.first_wrong_slot;
    EXPECT_EQ(check.by_walk, placement) << variant << " tier " << game.tier_name(t);
    EXPECT_EQ(check_tier(game, t, tables, kThreads, CheckMethod::General).wrong, 0u)
        << variant << " tier " << game.tier_name(t);
  }
  // One wrong value in a placement tier: both ways find it, at its slot.
  for (BaghChalGame::TierId t = 0; t < game.tier_count(); ++t) {
    if (game.pieces_in_hand(t) != 1 || game.tier_size(t) < 3) continue;
    std::vector<Value> damaged = engine[t];
    const std::uint64_t slot = damaged.size() / 2;
    damaged[slot] = damaged[slot] == kDraw ? make_value(1) : kDraw;
    tables[t] = damaged.data();
    for (const CheckMethod method : {CheckMethod::Walk, CheckMethod::General}) {
      const TierCheck check = check_tier(game, t, tables, kThreads, method);
      EXPECT_EQ(check.wrong, 1u) << variant << " tier " << game.tier_name(t);
      EXPECT_EQ(check.first_wrong_slot, slot) << variant << " tier " << game.tier_name(t);
      EXPECT_EQ(check.expected, engine[t][slot]) << variant << " tier " << game.tier_name(t);
    }
    tables[t] = engine[t].data();
    break;
  }
  auto lookup = [&](const BaghChalPosition& p) { return engine[game.tier_of(p)][game.index(p)]; };
  std::mt19937 rng(1979);
  int sampled = 0;
  for (int n = 0; n < 200'000 && max_in_hand < game.rules().goats; ++n) {
    const auto t = static_cast<BaghChalGame::TierId>(rng() % game.tier_count());
    if (game.pieces_in_hand(t) <= max_in_hand) continue;
    const Bitboard board = static_cast<Bitboard>((1u << game.squares()) - 1);
    BaghChalPosition p{0, 0, static_cast<std::uint8_t>(game.pieces_in_hand(t)), game.side_to_move(t)};
    while (count(p.tigers) < BaghChalGame::kTigers) p.tigers |= bit(static_cast<int>(rng() % game.squares()));
    while (count(p.goats) < game.goats_on_board(t))
      p.goats |= bit(static_cast<int>(rng() % game.squares())) & board & ~p.tigers;
    ++sampled;
    ASSERT_EQ(lookup(p), value_from_children(game, p, lookup)) << variant << " " << game.format(p);
  }
  std::cout << "[ " << variant << " ] " << compared.load() << " positions and " << slots << " slots compared, "
            << sampled << " more sampled; engine " << engine_seconds << " s, simple solver " << simple_seconds
            << " s; start: " << describe(lookup(game.start())) << "\n";
}

TEST(BaghChalSolver, ThreeByThreeAgreesWithValueIteration) { solve_both_ways_and_compare("3x3", 4); }
TEST(BaghChalSolver, ThreeByThreeWithoutDiagonalsAgreesWithValueIteration) {
  solve_both_ways_and_compare("3x3-nodiag", 4);
}
TEST(BaghChalSolver, FourByFourAgreesWithValueIterationWithUpToThreeInHand) { solve_both_ways_and_compare("4x4", 3); }
TEST(BaghChalSolver, FourByFourWithoutDiagonalsAgreesWithValueIterationWithUpToThreeInHand) {
  solve_both_ways_and_compare("4x4-nodiag", 3);
}

// The files `rtb generate` writes, solved with two threads, hold what the
// engine computes with one.
void generate_and_compare(const std::string& variant, int max_in_hand) {
  const BaghChalGame game(variant);
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("rtb-bagh-chal-test-" + std::to_string(::getpid()));
  GenerateOptions options;
  options.dir = dir;
  options.threads = 2;
  options.quiet = true;
  options.write.zstd_level = 1;
  options.wanted = [&](std::uint32_t t) { return game.pieces_in_hand(t) <= max_in_hand; };
  generate(game, options);
  const std::vector<std::vector<Value>> engine = engine_solve(game, max_in_hand);
  for (BaghChalGame::TierId t = 0; t < game.tier_count(); ++t) {
    if (game.pieces_in_hand(t) > max_in_hand) continue;
    EXPECT_EQ(read_tier_file(tier_file_path(game, dir, t), tier_info(game, t)), engine[t]) << game.tier_name(t);
  }
  std::filesystem::remove_all(dir);
}

TEST(BaghChalSolver, GeneratedFilesHoldTheEngineValues) {
  generate_and_compare("3x3", 4);
  generate_and_compare("4x4-nodiag", 3);
}

}  // namespace
}  // namespace rtb
