// Bagh-Chal 5x5: the placement tiers with 1 and 2 goats in hand, as
// `rtb generate` writes them, against a plain minimax search that plays every
// line down to the sliding phase (at most 4 plies) and reads the sliding-phase
// files there. The search shares nothing with the placement pass but the
// rules and the slot numbering of the sliding tiers.
//
// Long: it solves the sliding phase and 934M placement slots (several minutes
// on two cores), so it is not part of the default ctest run (see the README:
// ctest -C Long -L long). With RTB_LONG_TEST_DIR set it generates into that
// directory and keeps the files, so a second run only checks.
//
// The second test needs the whole game (`rtb generate bagh-chal --all`) in
// RTB_LONG_TEST_DIR and is skipped, saying so, without it: it plays random
// games from the start, checks every position on the way against its
// children's stored values, and each game's last position (2 goats in hand)
// against the plain search. A plain search from the start itself would be
// 40 plies deep, which is why the start's plies are checked one step at a time.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "driver/generate.hpp"
#include "games/bagh_chal/bagh_chal.hpp"
#include "solver/one_step.hpp"
#include "tablebases/tier_file.hpp"

namespace rtb {
namespace {

constexpr int kMaxInHand = 2;
constexpr int kSamples = 20'000;

class PlainSearch {
 public:
  PlainSearch(const BaghChalGame& game, const std::filesystem::path& dir) : game_(game) {
    for (std::uint32_t t = 0; t < game.tier_count(); ++t)
      if (game.pieces_in_hand(t) == 0) sliding_[t] = read_tier_file(tier_file_path(game, dir, t), tier_info(game, t));
  }

  // The value of p for its mover: the best move's, by better_for_mover.
  Value value(const BaghChalPosition& p) const {
    bool any_move = false;
    Value best = make_value(0);  // no move: lost
    game_.for_each_move(p, [&](const BaghChalMove&, const BaghChalPosition& child) {
      const Value mine = value_through_move(child_value(child));
      if (!any_move || better_for_mover(mine, best)) best = mine;
      any_move = true;
    });
    return best;
  }

 private:
  Value child_value(const BaghChalPosition& child) const {
    if (game_.is_lost(child)) return make_value(0);
    if (child.goats_in_hand > 0) return value(child);
    return sliding_.at(game_.tier_of(child))[game_.index(child)];
  }
  const BaghChalGame& game_;
  std::map<std::uint32_t, std::vector<Value>> sliding_;
};

TEST(BaghChalPlacementSearch, RandomPositionsWithOneOrTwoGoatsInHandAgreeWithPlainSearch) {
  const auto start = std::chrono::steady_clock::now();
  const BaghChalGame game("default");
  const char* kept = std::getenv("RTB_LONG_TEST_DIR");
  const std::filesystem::path dir =
      kept ? std::filesystem::path(kept)
           : std::filesystem::temp_directory_path() / ("rtb-bagh-chal-search-" + std::to_string(::getpid()));
  GenerateOptions options;
  options.dir = dir;
  options.threads = 2;
  options.quiet = true;
  options.wanted = [&](std::uint32_t t) { return game.pieces_in_hand(t) <= kMaxInHand; };
  generate(game, options);
  const double generate_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const PlainSearch search(game, dir);
  std::vector<std::uint32_t> placement_tiers;
  for (std::uint32_t t = 0; t < game.tier_count(); ++t)
    if (game.pieces_in_hand(t) >= 1 && game.pieces_in_hand(t) <= kMaxInHand) placement_tiers.push_back(t);
  Prober prober(dir, game.name(), game.variant());
  std::mt19937_64 random(20261130);
  std::map<Outcome, int> seen;
  int wrong = 0;
  for (int n = 0; n < kSamples; ++n) {
    // Every tier equally often, so the small ones (few goats captured) count.
    const std::uint32_t t = placement_tiers[random() % placement_tiers.size()];
    const std::uint64_t slot = random() % game.tier_size(t);
    const BaghChalPosition p = game.position(t, slot);
    const Value stored = prober.probe(game.tier_name(t), game.tier_size(t), slot);
    const Value searched = search.value(p);
    ++seen[outcome_of(stored)];
    if (stored != searched && ++wrong <= 10)
      ADD_FAILURE() << game.format(p) << " (" << game.tier_name(t) << " slot " << slot << "): stored "
                    << describe(stored) << ", plain search " << describe(searched);
  }
  EXPECT_EQ(wrong, 0);
  // The sample must hold every outcome, or it would prove little.
  EXPECT_GT(seen[Outcome::Win], 0);
  EXPECT_GT(seen[Outcome::Loss], 0);
  EXPECT_GT(seen[Outcome::Draw], 0);
  std::cout << "[ bagh-chal ] " << kSamples
            << " placement positions (1 or 2 goats in hand) checked: " << seen[Outcome::Win] << " wins, "
            << seen[Outcome::Loss] << " losses, " << seen[Outcome::Draw] << " draws; generate " << generate_seconds
            << " s, all " << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s\n";
  if (!kept) std::filesystem::remove_all(dir);
}

TEST(BaghChalPlacementSearch, RandomGamesFromTheStartAgreeWithTheWholeGame) {
  const BaghChalGame game("default");
  const char* kept = std::getenv("RTB_LONG_TEST_DIR");
  const BaghChalPosition start = game.start();
  if (!kept || !std::filesystem::exists(tier_file_path(game, kept, game.tier_of(start))))
    GTEST_SKIP() << "needs the whole game in RTB_LONG_TEST_DIR (rtb generate bagh-chal --all --dir DIR)";
  const std::filesystem::path dir(kept);
  Prober prober(dir, game.name(), game.variant());
  auto stored = [&](const BaghChalPosition& p) {
    const std::uint32_t t = game.tier_of(p);
    return prober.probe(game.tier_name(t), game.tier_size(t), game.index(p));
  };
  // Lim and Nievergelt (2004) proved the start a draw by search.
  EXPECT_EQ(stored(start), kDraw) << describe(stored(start));

  const PlainSearch search(game, dir);
  std::mt19937_64 random(20261201);
  constexpr int kGames = 1'000;
  std::map<Outcome, int> seen;
  int checked = 0, searched = 0, wrong = 0;
  for (int g = 0; g < kGames; ++g) {
    BaghChalPosition p = start;
    while (p.goats_in_hand > kMaxInHand && !game.is_lost(p)) {
      const Value here = stored(p);
      const Value from_children = value_from_children(game, p, stored);
      ++checked;
      ++seen[outcome_of(here)];
      if (here != from_children && ++wrong <= 10)
        ADD_FAILURE() << game.format(p) << ": stored " << describe(here) << ", from its children "
                      << describe(from_children);
      std::vector<BaghChalPosition> children;
      game.for_each_move(p, [&](const BaghChalMove&, const BaghChalPosition& child) { children.push_back(child); });
      if (children.empty()) break;
      p = children[random() % children.size()];
    }
    if (p.goats_in_hand > kMaxInHand || game.is_lost(p)) continue;
    ++searched;
    if (stored(p) != search.value(p) && ++wrong <= 10)
      ADD_FAILURE() << game.format(p) << ": stored " << describe(stored(p)) << ", plain search "
                    << describe(search.value(p));
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_GT(searched, kGames / 2);  // most random games reach the last placements
  EXPECT_GT(seen[Outcome::Win], 0);
  EXPECT_GT(seen[Outcome::Loss], 0);
  EXPECT_GT(seen[Outcome::Draw], 0);
  std::cout << "[ bagh-chal ] " << kGames << " random games from the start: " << checked
            << " positions with 3 to 20 goats in hand checked against their children (" << seen[Outcome::Win]
            << " wins, " << seen[Outcome::Loss] << " losses, " << seen[Outcome::Draw] << " draws for the mover), "
            << searched << " positions with 1 or 2 goats in hand against the plain search\n";
}

}  // namespace
}  // namespace rtb
