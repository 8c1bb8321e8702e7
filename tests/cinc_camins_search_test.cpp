// Cinc camins tablebase values against a plain depth-limited search that
// knows nothing of tablebases: wherever the tablebase says WIN or LOSS in d
// plies, the search must find that result forced within d plies and not
// within d - 2; a DRAW must have neither within a horizon.
#include <gtest/gtest.h>

#include <filesystem>
#include <algorithm>
#include <random>

#include "games/line_capture.hpp"
#include "solver/generate.hpp"

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
  constexpr unsigned kHorizon = 5;  // plies the plain search can afford
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
        SCOPED_TRACE(game_->format(p) + " stored " + describe(v));
        if (is_draw(v)) {
          EXPECT_FALSE(win_within(*game_, p, kHorizon));
          EXPECT_FALSE(loss_within(*game_, p, kHorizon - 1));
          ++checked_draws;
          continue;
        }
        const int d = static_cast<int>(distance_of(v));
        if (is_win(v)) {
          EXPECT_TRUE(win_within(*game_, p, d));
          if (d >= 3) {
            EXPECT_FALSE(win_within(*game_, p, d - 2));
          }
          ++checked_wins;
        } else {
          EXPECT_TRUE(loss_within(*game_, p, d));
          if (d >= 2) {
            EXPECT_FALSE(loss_within(*game_, p, d - 2));
          }
          ++checked_losses;
        }
      }
    }
  }
  EXPECT_GT(checked_wins, 60);
  EXPECT_GT(checked_losses, 10);
  EXPECT_GT(checked_draws, 0);
}

}  // namespace
}  // namespace rtb
