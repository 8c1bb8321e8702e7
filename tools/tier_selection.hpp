#pragma once
// Which tiers a command works on: --all, --tiers, --max-pieces, --max-in-hand, or
// by default the game's default set (every tier, except where a game is too
// big to tabulate whole: Bagh-Chal 5x5 stops at the sliding phase).
#include <climits>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "solver/game_concept.hpp"
#include "tools/cli.hpp"
#include "tools/option_checks.hpp"

namespace rtb::cli {

struct TierSelection {
  std::string tiers;
  static constexpr int kNotGiven = INT_MIN;  // so that a given -1 is seen and refused
  int max_pieces = kNotGiven;
  int max_in_hand = kNotGiven;
  bool all = false;
};

inline void add_tier_selection_options(po::options_description& o, TierSelection& s) {
  o.add_options()("all", po::bool_switch(&s.all),
                  "every tier of the game; for bagh-chal the whole game, both phases (same as --max-in-hand 20)")(
      "tiers", po::value(&s.tiers)->value_name("LIST"), "only these tiers (comma-separated names, e.g. 3-3; see rtb games)")(
      "max-pieces", po::value(&s.max_pieces)->value_name("N"), "pangki, cinc-camins: only tiers with at most this many pieces a side")(
      "max-in-hand", po::value(&s.max_in_hand)->value_name("N"), "bagh-chal: only tiers with at most this many goats in hand");
}

// selected[t] for every tier t of the game.
template <class G>
std::vector<bool> selected_tiers(const G& game, const TierSelection& s) {
  if (s.max_pieces != TierSelection::kNotGiven) check_range("--max-pieces", s.max_pieces, 0, LLONG_MAX);
  if (s.max_in_hand != TierSelection::kNotGiven) check_range("--max-in-hand", s.max_in_hand, 0, LLONG_MAX);
  if constexpr (MayLackTablebases<G>) {
    if (!game.has_tablebases())
      throw UsageError(game.name() + " (" + game.variant() + ") is too large for tablebases: rtb query searches its positions");
  }
  std::vector<bool> selected(game.tier_count(), s.all);
  if (s.all) return selected;
  if (s.tiers.empty() && s.max_pieces < 0 && s.max_in_hand < 0) {
    for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
      if constexpr (HasDefaultTiers<G>) selected[t] = game.solved_by_default(t);
      else selected[t] = true;
    }
    return selected;
  }
  const GameEntry& entry = find_game(game.name());
  const auto refuse_unless_listed = [&](const std::string& filter) {
    for (const std::string& f : entry.tier_filters)
      if (f == filter) return;
    throw UsageError("--" + filter + " does not apply to " + game.name());
  };
  if (s.max_pieces >= 0) refuse_unless_listed("max-pieces");
  if (s.max_in_hand >= 0) refuse_unless_listed("max-in-hand");
  if (!s.tiers.empty()) {
    std::stringstream list(s.tiers);
    std::string name;
    while (std::getline(list, name, ',')) {
      std::uint32_t t = 0;
      while (t < game.tier_count() && game.tier_name(t) != name) ++t;
      if (t == game.tier_count()) throw UsageError("no tier '" + name + "' in " + game.name() + " (see rtb games)");
      selected[t] = true;
    }
  }
  if (s.max_pieces >= 0) {
    if constexpr (CountsPiecesPerSide<G>) {
      for (std::uint32_t t = 0; t < game.tier_count(); ++t)
        if (game.mover_pieces(t) <= s.max_pieces && game.other_pieces(t) <= s.max_pieces) selected[t] = true;
    } else {
      throw UsageError("--max-pieces does not apply to " + game.name());
    }
  }
  if (s.max_in_hand >= 0) {
    if constexpr (CountsPiecesInHand<G>) {
      for (std::uint32_t t = 0; t < game.tier_count(); ++t)
        if (game.goats_in_hand(t) <= s.max_in_hand) selected[t] = true;
    } else {
      throw UsageError("--max-in-hand does not apply to " + game.name());
    }
  }
  return selected;
}

}  // namespace rtb::cli
