// Cinc camins tablebase values against a plain depth-limited search that
// knows nothing of tablebases: wherever the tablebase says WIN or LOSS in d
// plies, the search must find that result forced within d plies and not
// within d - 2; a DRAW must have neither within a horizon. First on the
// tiers up to 3 a side (written to files and read back), then on the whole
// game around the start position (solved in memory, about a minute).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <random>

#include "driver/generate.hpp"
#include "driver/solve_in_memory.hpp"
#include "games/line_capture/line_capture.hpp"
#include "solver/one_step.hpp"

namespace rtb {
namespace {

using Position = LineCaptureGame::Position;

bool loss_within(const LineCaptureGame& game, const Position& p, int plies);

// The side to move can force a win in at most `plies` plies.
bool win_within(const LineCaptureGame& game, const Position& p, int plies) {
  if (plies < 1 || game.is_lost(p)) return false;
  bool found = false;
  game.for_each_move(p, [&](const LineCaptureMove&, const Position& child) {
    if (!found && (game.is_lost(child) || loss_within(game, child, plies - 1))) found = true;
  });
  return found;
}

// The side to move loses, whatever it does, within `plies` plies.
bool loss_within(const LineCaptureGame& game, const Position& p, int plies) {
  if (game.is_lost(p)) return true;
  bool any_move = false, all_lose = true;
  game.for_each_move(p, [&](const LineCaptureMove&, const Position& child) {
    any_move = true;
    if (all_lose && (game.is_lost(child) || !win_within(game, child, plies - 1))) all_lose = false;
  });
  return !any_move || (plies >= 2 && all_lose);
}

// What the plain search must find for a position the tablebase rates `v`,
// looking at most `horizon` plies ahead: a result within the horizon is
// forced in exactly its distance (not 2 plies sooner), a longer one and a
// draw are not forced within the horizon.
void check_against_plain_search(const LineCaptureGame& game, const Position& p, Value v, int horizon) {
  SCOPED_TRACE(game.format(p) + " stored " + describe(v));
  if (is_draw(v)) {
    EXPECT_FALSE(win_within(game, p, horizon));
    EXPECT_FALSE(loss_within(game, p, horizon - 1));
    return;
  }
  const int d = static_cast<int>(distance_of(v));
  const int sooner = std::min(d - 2, horizon);
  if (is_win(v)) {
    if (d <= horizon) {
      EXPECT_TRUE(win_within(game, p, d));
    }
    if (d >= 3) {
      EXPECT_FALSE(win_within(game, p, sooner));
    }
  } else {
    if (d <= horizon) {
      EXPECT_TRUE(loss_within(game, p, d));
    }
    if (d >= 2) {  // a position without moves is lost within any horizon
      EXPECT_FALSE(loss_within(game, p, sooner));
    }
  }
}

class CincCaminsSearch : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = std::filesystem::temp_directory_path() / ("rtb-cinc-search-" + std::to_string(::getpid()));
    game_ = new LineCaptureGame(cinc_camins_rules(), CaptureLines::Touched);
    GenerateOptions options;
    options.dir = dir_;
    options.threads = 2;
    options.quiet = true;
    options.write.zstd_level = 3;
    options.wanted = [](std::uint32_t t) { return game_->mover_pieces(t) <= 3 && game_->other_pieces(t) <= 3; };
    generate(*game_, options);
  }
  static void TearDownTestSuite() {
    std::filesystem::remove_all(dir_);
    delete game_;
  }
  static std::vector<Value> tier(int mover, int other) {
    const auto t = game_->tier_id(mover, other);
    return read_tier_file(tier_file_path(*game_, dir_, t), tier_info(*game_, t));
  }
  static inline std::filesystem::path dir_;
  static inline LineCaptureGame* game_ = nullptr;
};

TEST_F(CincCaminsSearch, ShortWinsAndLossesAreForcedAtExactlyTheirDistance) {
  constexpr int kHorizon = 5;  // plies the plain search can afford
  std::mt19937_64 random(7);
  int checked_wins = 0, checked_losses = 0, checked_draws = 0;
  for (auto [mover, other] : {std::pair{2, 2}, {3, 2}, {2, 3}, {3, 3}}) {
    const auto t = game_->tier_id(mover, other);
    const std::vector<Value> values = tier(mover, other);
    // The short results are rare among all slots: pick among them on purpose.
    std::vector<std::uint64_t> short_results, draws;
    for (std::uint64_t slot = 0; slot < values.size(); ++slot) {
      if (is_draw(values[slot])) draws.push_back(slot);
      else if (distance_of(values[slot]) <= kHorizon) short_results.push_back(slot);
    }
    std::shuffle(short_results.begin(), short_results.end(), random);
    std::shuffle(draws.begin(), draws.end(), random);
    short_results.resize(std::min<std::size_t>(short_results.size(), 60));
    draws.resize(std::min<std::size_t>(draws.size(), 10));
    for (const auto& slots : {short_results, draws}) {
      for (const std::uint64_t slot : slots) {
        const Position p = game_->position(t, slot);
        const Value v = values[slot];
        check_against_plain_search(*game_, p, v, kHorizon);
        (is_draw(v) ? checked_draws : is_win(v) ? checked_wins : checked_losses) += 1;
      }
    }
  }
  EXPECT_GT(checked_wins, 60);
  EXPECT_GT(checked_losses, 10);
  EXPECT_GT(checked_draws, 0);
}

class CincCaminsWholeGame : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    game_ = new LineCaptureGame(cinc_camins_rules(), CaptureLines::Touched);
    values_ = new std::vector<std::vector<Value>>(solve_in_memory(*game_, 2));
  }
  static void TearDownTestSuite() {
    delete values_;
    delete game_;
  }
  static Value stored(const Position& p) {
    if (game_->is_lost(p)) return make_value(0);
    return (*values_)[game_->tier_of(p)][game_->index(p)];
  }
  // Minimax to `depth` plies with the tablebase at the leaves.
  static Value searched(const Position& p, int depth) {
    if (depth == 0 || game_->is_lost(p)) return stored(p);
    return value_from_children(*game_, p, [&](const Position& child) { return searched(child, depth - 1); });
  }
  // The start draws; minimax over the tablebase agrees a few plies deep,
  // and the plain search does not contradict any first move's value.
  static void check_start();
  // Forced results met on random games from the start are forced in
  // exactly their distance.
  static void check_random_lines();
  static inline LineCaptureGame* game_ = nullptr;
  static inline std::vector<std::vector<Value>>* values_ = nullptr;
};

// One test, not two: ctest runs each test in its own process, and each
// would solve the whole game again.
TEST_F(CincCaminsWholeGame, StartAndRandomLinesFromItAgreeWithSearch) {
  check_start();
  check_random_lines();
}

void CincCaminsWholeGame::check_start() {
  const Position start = game_->start();
  EXPECT_EQ(stored(start), kDraw);
  // Four plies of minimax over the tablebase give the tablebase's values
  // again, at the start and after each first move.
  EXPECT_EQ(searched(start, 4), stored(start));
  int moves = 0, drawing_moves = 0;
  game_->for_each_move(start, [&](const LineCaptureMove& m, const Position& child) {
    SCOPED_TRACE("after " + game_->move_text(m));
    ++moves;
    const Value v = stored(child);
    if (is_draw(v)) ++drawing_moves;
    EXPECT_FALSE(is_loss(v)) << "the start would be a win";
    EXPECT_EQ(searched(child, 3), v);
    // The plain search, 5 plies deep, must not contradict the tablebase.
    check_against_plain_search(*game_, child, v, 5);
  });
  EXPECT_EQ(moves, 5);  // each piece of the back rank steps forward
  EXPECT_GT(drawing_moves, 0);
}

void CincCaminsWholeGame::check_random_lines() {
  // Random play from the start soon walks into positions that the tablebase
  // says are won or lost in a few plies: each must be forced in exactly
  // that many by the plain search. Draws on the way are checked too.
  constexpr int kHorizon = 7;
  std::mt19937_64 random(11);
  int forced_checked = 0, draws_checked = 0, games = 0;
  while (forced_checked < 60 && games < 400) {
    ++games;
    Position p = game_->start();
    for (int ply = 0; ply < 200 && !game_->is_lost(p); ++ply) {
      const Value v = stored(p);
      if (is_draw(v) ? ply % 16 == 0 : distance_of(v) <= kHorizon) {
        check_against_plain_search(*game_, p, v, kHorizon);
        (is_draw(v) ? draws_checked : forced_checked) += 1;
      }
      std::vector<Position> children;
      game_->for_each_move(p, [&](const LineCaptureMove&, const Position& child) { children.push_back(child); });
      if (children.empty()) break;
      p = children[random() % children.size()];
    }
  }
  EXPECT_GE(forced_checked, 60);
  EXPECT_GT(draws_checked, 10);
  std::printf("checked %d forced results and %d draws on %d random games\n", forced_checked, draws_checked, games);
}

}  // namespace
}  // namespace rtb
