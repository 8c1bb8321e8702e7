// The exact search against complete tablebases. Bagh-Chal's placement phase
// is searched with only the tiers of at most H goats in hand on disk (what
// `rtb generate --max-in-hand H` writes); wherever it says proven, its value
// and every move's value must be the complete tablebase's, distance
// included. Out of budget it must say so, and the bounds it gives must hold.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>

#include "driver/generate.hpp"
#include "games/bagh_chal/bagh_chal.hpp"
#include "games/crossings/crossings.hpp"
#include "games/crossings/crossings_seed.hpp"
#include "search/bounded_search.hpp"
#include "search/exact_search.hpp"
#include "tablebases/tier_file.hpp"

namespace rtb {
namespace {

using Position = BaghChalPosition;

// Generates a variant's tables twice over: `partial` holds the tiers with at
// most `available` goats in hand, `reference` those with at most
// `reference_in_hand` (it starts as a copy of partial, so generate resumes
// instead of solving the small tiers again).
class Tables {
 public:
  Tables(const std::string& variant, int available, int reference_in_hand)
      : game_(variant),
        available_(available),
        root_(std::filesystem::temp_directory_path() /
              ("rtb-search-test-" + std::to_string(::getpid()) + "-" + variant)),
        partial_dir_(root_ / "partial"),
        reference_dir_(root_ / "reference") {
    generate_up_to(partial_dir_, available);
    std::filesystem::copy(partial_dir_, reference_dir_, std::filesystem::copy_options::recursive);
    generate_up_to(reference_dir_, reference_in_hand);
    partial_ = std::make_unique<Prober>(partial_dir_, game_.name(), game_.variant(), 256);
    reference_ = std::make_unique<Prober>(reference_dir_, game_.name(), game_.variant());
  }
  ~Tables() { std::filesystem::remove_all(root_); }

  const BaghChalGame& game() const { return game_; }
  int available() const { return available_; }

  // What the search may use: a value where the partial tables cover p. The
  // files are looked up once a tier, and keep many blocks decompressed, as
  // the query tool's do.
  std::optional<Value> probe(const Position& p) const {
    const auto t = game_.tier_of(p);
    if (!looked_up_[t]) {
      looked_up_[t] = true;
      try {
        files_[t] = &partial_->file(game_.tier_name(t), game_.tier_size(t));
      } catch (const MissingTablebase&) {
        files_[t] = nullptr;
      }
    }
    if (!files_[t]) return std::nullopt;
    return files_[t]->value(game_.index(p));
  }

  // The truth.
  Value value(const Position& p) const {
    if (game_.is_lost(p)) return make_value(0);
    const auto t = game_.tier_of(p);
    return reference_->probe(game_.tier_name(t), game_.tier_size(t), game_.index(p));
  }

  auto probe_function() const {
    return [this](const Position& p) { return probe(p); };
  }

 private:
  void generate_up_to(const std::filesystem::path& dir, int in_hand) {
    GenerateOptions options;
    options.dir = dir;
    options.threads = 2;
    options.quiet = true;
    options.write.zstd_level = 1;
    options.wanted = [this, in_hand](std::uint32_t t) { return game_.pieces_in_hand(t) <= in_hand; };
    generate(game_, options);
  }

  BaghChalGame game_;
  int available_;
  std::filesystem::path root_, partial_dir_, reference_dir_;
  std::unique_ptr<Prober> partial_, reference_;
  mutable std::vector<const TierFile*> files_ = std::vector<const TierFile*>(game_.tier_count(), nullptr);
  mutable std::vector<bool> looked_up_ = std::vector<bool>(game_.tier_count(), false);
};

using Search = ExactSearch<BaghChalGame, decltype(std::declval<const Tables&>().probe_function())>;

bool within(Value v, const ValueBounds& b) { return !better_for_mover(b.lower, v) && !better_for_mover(v, b.upper); }

// A proven result must be the tables' value at the root and at every move;
// an unproven one must hold bounds that contain them.
void expect_agrees(const Tables& tables, const Position& p, const SearchResult<BaghChalGame>& r) {
  const BaghChalGame& game = tables.game();
  const Value truth = tables.value(p);
  if (r.proven) {
    ASSERT_TRUE(r.value.exact());
    ASSERT_EQ(describe(r.value.lower), describe(truth)) << game.format(p);
  } else {
    ASSERT_NE(r.stop, SearchStop::Finished) << game.format(p);
    ASSERT_TRUE(within(truth, r.value)) << game.format(p) << ": " << describe(truth) << " outside "
                                        << describe(r.value);
  }
  for (const auto& m : r.moves) {
    const Value move_truth = value_through_move(tables.value(m.child));
    ASSERT_TRUE(within(move_truth, m.value)) << game.format(p) << " move " << game.move_text(m.move) << ": "
                                             << describe(move_truth) << " vs " << describe(m.value);
    if (r.proven) {
      ASSERT_TRUE(m.proven());
    }
  }
}

SearchLimits unlimited() {
  SearchLimits limits;
  limits.nodes = std::uint64_t{1} << 40;
  limits.table_entries = 1 << 20;
  return limits;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Every position of the tiers above the available ones (random samples of
// at most `per_tier` slots each, canonical or not), searched with one table.
void search_tiers_above(const Tables& tables, int up_to_in_hand, int per_tier) {
  const BaghChalGame& game = tables.game();
  Search search(game, tables.probe_function(), unlimited());
  std::mt19937_64 rng(2004);
  std::uint64_t positions = 0, nodes = 0;
  const auto clock = std::chrono::steady_clock::now();
  for (BaghChalGame::TierId t = 0; t < game.tier_count(); ++t) {
    const int h = game.pieces_in_hand(t);
    if (h <= tables.available() || h > up_to_in_hand) continue;
    const std::uint64_t size = game.tier_size(t);
    for (int k = 0; k < per_tier && static_cast<std::uint64_t>(k) < size; ++k) {
      const std::uint64_t i = size <= static_cast<std::uint64_t>(per_tier) ? k : rng() % size;
      const Position p = game.position(t, i);
      const auto r = search.run(p);
      ASSERT_TRUE(r.proven) << game.format(p);
      expect_agrees(tables, p, r);
      ++positions;
      nodes += r.nodes;
    }
  }
  std::cout << "[ " << game.variant() << " ] " << positions << " positions with " << tables.available() + 1 << ".."
            << up_to_in_hand << " goats in hand proven from the h<=" << tables.available() << " tables, " << nodes
            << " nodes, " << seconds_since(clock) << " s\n";
}

void search_start(const Tables& tables, const std::string& expected) {
  const BaghChalGame& game = tables.game();
  const auto clock = std::chrono::steady_clock::now();
  const auto r = search_position(game, game.start(), tables.probe_function(), unlimited());
  ASSERT_TRUE(r.proven);
  expect_agrees(tables, game.start(), r);
  EXPECT_EQ(describe(r.value.lower), expected);
  std::cout << "[ " << game.variant() << " ] start " << describe(r.value.lower)
            << " proven from the h<=" << tables.available() << " tables, " << r.nodes << " nodes, "
            << seconds_since(clock) << " s\n";
}

TEST(ExactSearch, ThreeByThreeFromTheSlidingPhase) {
  const Tables tables("3x3", 0, 4);
  search_start(tables, describe(tables.value(tables.game().start())));
  search_tiers_above(tables, 4, 1 << 30);
}

TEST(ExactSearch, ThreeByThreeWithoutDiagonalsFromOneGoatInHand) {
  const Tables tables("3x3-nodiag", 1, 4);
  search_start(tables, describe(tables.value(tables.game().start())));
  search_tiers_above(tables, 4, 1 << 30);
}

// The 4x4 board, sliding phase available, reference up to four goats in
// hand (generating more would take most of this file's time budget).
class FourByFour : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { tables_ = new Tables("4x4", 0, 4); }
  static void TearDownTestSuite() { delete tables_; }
  static const Tables& tables() { return *tables_; }
  static const BaghChalGame& game() { return tables_->game(); }

  // Positions drawn from the tiers with 3 and 4 goats in hand, both sides
  // to move, with some captures: each takes hundreds to thousands of nodes.
  static std::vector<Position> sample(int count) {
    std::vector<Position> positions;
    std::mt19937_64 rng(1979);
    for (BaghChalGame::TierId t = 0; static_cast<int>(positions.size()) < count; t = (t + 1) % game().tier_count()) {
      if (game().pieces_in_hand(t) < 3 || game().pieces_in_hand(t) > 4) continue;
      positions.push_back(game().position(t, rng() % game().tier_size(t)));
    }
    return positions;
  }

 private:
  static Tables* tables_;
};
Tables* FourByFour::tables_ = nullptr;

TEST_F(FourByFour, PlacementPositionsAgreeWithTheTablebases) { search_tiers_above(tables(), 4, 300); }

// The complete 4x4 tablebase (`rtb generate bagh-chal --variant 4x4`, then
// `rtb query bagh-chal start --variant 4x4`) says LOSS in 26; generating it
// here would take longer than the search.
TEST_F(FourByFour, StartIsLossInTwentySixFromTheSlidingPhaseAlone) {
  SearchLimits limits = unlimited();
  limits.table_entries = 1 << 22;
  const auto clock = std::chrono::steady_clock::now();
  const auto r = search_position(game(), game().start(), tables().probe_function(), limits);
  ASSERT_TRUE(r.proven);
  EXPECT_EQ(describe(r.value.lower), "LOSS in 26");
  for (const auto& m : r.moves) EXPECT_TRUE(is_loss(m.value.lower)) << game().move_text(m.move);
  std::cout << "[ 4x4 ] start " << describe(r.value.lower) << ", " << r.nodes << " nodes, " << seconds_since(clock)
            << " s\n";
}

// Whatever the budget, a value is either proven and right, or reported as
// not proven with bounds that hold; with a fresh table each time, and with
// one table that keeps what earlier, interrupted runs proved.
TEST_F(FourByFour, EveryBudgetGivesTheRightValueOrSaysNotProven) {
  int proven = 0, not_proven = 0, bounded_moves = 0;
  for (const Position& p : sample(12)) {
    SearchLimits shared_limits;
    shared_limits.table_entries = 1 << 16;
    Search shared(game(), tables().probe_function(), shared_limits);
    for (std::uint64_t budget : {1, 2, 5, 10, 30, 100, 300, 1000, 3000, 10000}) {
      SearchLimits limits;
      limits.nodes = budget;
      limits.table_entries = 1 << 16;
      const auto r = search_position(game(), p, tables().probe_function(), limits);
      expect_agrees(tables(), p, r);
      if (!r.proven) {
        EXPECT_EQ(r.stop, SearchStop::Nodes);
        EXPECT_EQ(r.nodes, budget);
      }
      (r.proven ? proven : not_proven)++;
      shared_limits.nodes = budget;
      shared.set_limits(shared_limits);
      const auto again = shared.run(p);
      expect_agrees(tables(), p, again);
      for (const auto* result : {&r, &again})
        for (const auto& m : result->moves)
          bounded_moves += !m.proven() && (m.value.has_lower() || m.value.has_upper());
    }
  }
  EXPECT_GT(proven, 0);
  EXPECT_GT(not_proven, 0);
  EXPECT_GT(bounded_moves, 0);  // so the bounds were put to the test
  std::cout << "[ 4x4 ] " << proven << " searches proven, " << not_proven << " out of budget; " << bounded_moves
            << " unproven moves with a proven bound\n";
}

TEST_F(FourByFour, ATinyBudgetAtTheStartIsNotProven) {
  SearchLimits limits;
  limits.nodes = 1000;
  const auto r = search_position(game(), game().start(), tables().probe_function(), limits);
  EXPECT_FALSE(r.proven);
  EXPECT_FALSE(r.value.exact());
  EXPECT_EQ(r.stop, SearchStop::Nodes);
  EXPECT_EQ(r.nodes, 1000u);
  EXPECT_TRUE(within(loss_in(26), r.value)) << describe(r.value);
  EXPECT_EQ(r.moves.size(), 12u);
}

TEST_F(FourByFour, ATimeLimitStopsTheSearch) {
  SearchLimits limits;
  limits.nodes = std::uint64_t{1} << 40;
  limits.seconds = 1e-9;
  limits.table_entries = 1 << 16;
  const auto r = search_position(game(), game().start(), tables().probe_function(), limits);
  EXPECT_FALSE(r.proven);
  EXPECT_EQ(r.stop, SearchStop::Seconds);
  EXPECT_LE(r.nodes, 2u);  // the clock is read from the first node on (issue 28: every 1024 nodes)
}

TEST_F(FourByFour, ALineLongerThanThePlyLimitStopsTheSearch) {
  SearchLimits limits;
  limits.max_plies = 2;
  const Position p = sample(1).front();
  const auto r = search_position(game(), p, tables().probe_function(), limits);
  EXPECT_FALSE(r.proven);
  EXPECT_EQ(r.stop, SearchStop::Plies);
  expect_agrees(tables(), p, r);
}

TEST_F(FourByFour, ANodeBudgetMakesTheSearchRepeatable) {
  SearchLimits limits;
  limits.nodes = 20'000;
  const auto a = search_position(game(), game().start(), tables().probe_function(), limits);
  const auto b = search_position(game(), game().start(), tables().probe_function(), limits);
  ASSERT_EQ(a.moves.size(), b.moves.size());
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(describe(a.value), describe(b.value));
  for (std::size_t i = 0; i < a.moves.size(); ++i) EXPECT_EQ(describe(a.moves[i].value), describe(b.moves[i].value));
}

// A probe that fails (a damaged file, in the query tool) fails the search,
// which can run again afterwards.
TEST_F(FourByFour, AProbeErrorReachesTheCaller) {
  bool fail = true;
  auto probe = [&](const Position& p) -> std::optional<Value> {
    const std::optional<Value> v = tables().probe(p);
    if (v && fail) throw TablebaseError("damaged.rtb", "block 0 checksum mismatch");
    return v;
  };
  ExactSearch<BaghChalGame, decltype(probe)> search(game(), probe, unlimited());
  const Position p = sample(1).front();
  EXPECT_THROW(search.run(p), TablebaseError);
  fail = false;
  const auto r = search.run(p);
  EXPECT_TRUE(r.proven);
  expect_agrees(tables(), p, r);
}

// Positions the search answers without a move of lookahead.
TEST(ExactSearch, LostAndFinishedPositionsAreLossInZero) {
  const BaghChalGame game("3x3");
  auto no_tables = [](const Position&) -> std::optional<Value> { return std::nullopt; };
  // The tigers have taken the one goat they need: the goats have lost.
  const auto lost = search_position(game, game.parse("T.T/.../T.T g 3"), no_tables);
  EXPECT_TRUE(lost.proven);
  EXPECT_EQ(describe(lost.value), "LOSS in 0");
  EXPECT_TRUE(lost.moves.empty());
  EXPECT_EQ(lost.nodes, 0u);
  // Without the diagonals every tiger is blocked: the tigers, to move, have lost.
  const BaghChalGame nodiag("3x3-nodiag");
  const auto blocked = search_position(nodiag, nodiag.parse("TGT/G.G/TGT t 0"), no_tables);
  EXPECT_TRUE(blocked.proven);
  EXPECT_EQ(describe(blocked.value), "LOSS in 0");
}

// Issue 28, defect 1: BoundedSearch's table was an unordered_map that grew
// by every fact of every run (about 10 MB a 5-second search in rtb serve, for
// ever). It is a table of a fixed size now: a million nodes of searches in
// one object must leave the process's resident memory where it was.
std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

TEST(BoundedSearch, ItsTableStaysTheSizeItWasMade) {
  const CrossingsGame game(crossings_rules("default"), "default");
  SearchLimits limits;
  limits.nodes = 250'000;
  limits.table_entries = 1 << 14;  // 256 KB
  BoundedSearch<CrossingsGame> search(game, limits);
  std::mt19937 random(28);
  std::uint64_t nodes = 0;
  std::size_t before = 0;
  for (int run = 0; run < 5; ++run) {
    // Random games from the start, so that every run meets new positions.
    CrossingsPosition p = game.start();
    for (int ply = 0; ply < 6 + run; ++ply) {
      std::vector<CrossingsPosition> children;
      game.for_each_move(p, [&](const auto&, const CrossingsPosition& c) { children.push_back(c); });
      if (children.empty() || game.is_lost(p)) break;
      p = children[random() % children.size()];
    }
    nodes += search.run(p).nodes;
    if (run == 0) before = resident_bytes();  // after the first: the frames and the game's own tables are made
  }
  const std::size_t after = resident_bytes();
  std::cout << "[ bounded table ] " << nodes << " nodes; resident " << before / 1024 << " KB -> " << after / 1024
            << " KB\n";
  EXPECT_GT(nodes, 1'000'000u);  // enough facts to have grown an unbounded table by tens of MB
  EXPECT_LT(after, before + (std::size_t{8} << 20));
}

// Issue 28, defect 11: the clock was read every 1024 nodes, and a node of the
// seed reading of 8x8 Crossings costs about a millisecond: 0.1 s asked took
// 0.88 s. It is read by elapsed time now.
TEST(BoundedSearch, TheSeedBoardKeepsItsTimeLimit) {
  const CrossingsSeedGame128 game(crossings_seed_rules("seed"), "seed");
  for (const double seconds : {0.1, 5.0}) {
    SearchLimits limits;
    limits.nodes = std::uint64_t{1} << 40;
    limits.seconds = seconds;
    limits.table_entries = 1 << 16;
    BoundedSearch<CrossingsSeedGame128> search(game, limits);
    const auto started = std::chrono::steady_clock::now();
    const auto r = search.run(game.start());
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::cout << "[ seed clock ] " << seconds << " s asked: " << took << " s taken, " << r.nodes << " nodes\n";
    EXPECT_EQ(r.stop, SearchStop::Seconds);
    EXPECT_LE(took, seconds * 1.1 + 0.04) << seconds << " s asked";
  }
}

// Issue 28, defect 2: a server stopping, or a newer request for the same
// game, must end a search at once: the cancel hook is asked with the clock.
TEST(BoundedSearch, ACancelEndsTheRunAtOnce) {
  const CrossingsSeedGame128 game(crossings_seed_rules("seed"), "seed");
  std::atomic<bool> cancel{false};
  SearchLimits limits;
  limits.nodes = std::uint64_t{1} << 40;
  limits.seconds = 0;  // no time limit: only the cancel ends it
  limits.table_entries = 1 << 16;
  limits.cancelled = [&] { return cancel.load(); };
  BoundedSearch<CrossingsSeedGame128> search(game, limits);
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    cancel = true;
  });
  const auto started = std::chrono::steady_clock::now();
  const auto r = search.run(game.start());
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  canceller.join();
  EXPECT_EQ(r.stop, SearchStop::Cancelled);
  EXPECT_FALSE(r.proven);
  EXPECT_LT(took, 0.3);
}

TEST_F(FourByFour, ACancelEndsTheExactSearchToo) {
  SearchLimits limits;
  limits.nodes = std::uint64_t{1} << 40;
  limits.table_entries = 1 << 16;
  int asked = 0;
  limits.cancelled = [&] { return ++asked > 3; };
  const auto r = search_position(game(), game().start(), tables().probe_function(), limits);
  EXPECT_EQ(r.stop, SearchStop::Cancelled);
  EXPECT_FALSE(r.proven);
}

}  // namespace
}  // namespace rtb
