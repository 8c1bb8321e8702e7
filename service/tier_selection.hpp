#pragma once
// Which tiers a command works on: all of them, a list of names, the tiers a
// filter keeps ("max-pieces" 4: at most 4 pieces a side), or by default the
// game's default set (every tier, except where a game is too big to
// tabulate whole and names the part it solves by default: HasDefaultTiers).
//
// The filters are generic: each is a count every tier of a game has, given by
// a named concept of solver/game_concept.hpp, and keeps the tiers whose count
// is at most N. A game offers the filters whose concept it models, so a front
// end lists them from the game, never by the game's name.
#include <climits>
#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "service/parameter_checks.hpp"
#include "solver/game_concept.hpp"

namespace rtb {

struct TierFilter {
  const char* name;  // the parameter's name: "max-pieces", the command line's --max-pieces
  const char* key;   // its name in data: "max_pieces", a JSON value, a Python keyword, a C++ map key
  const char* help;  // what N means, for a front end's help
};

// Every filter rtb knows, in the order help texts list them.
inline constexpr TierFilter kTierFilters[] = {
    {"max-pieces", "max_pieces", "only tiers with at most N pieces a side"},
    {"max-in-hand", "max_in_hand", "only tiers with at most N pieces still in hand (a placement phase)"},
};

// Tier t's count under `filter`, or -1 when G does not offer that filter.
template <class G>
long long tier_filter_count(const G& game, const std::string& filter, typename G::TierId t) {
  if constexpr (CountsPiecesPerSide<G>) {
    if (filter == "max-pieces") return std::max(game.mover_pieces(t), game.other_pieces(t));
  }
  if constexpr (CountsPiecesInHand<G>) {
    if (filter == "max-in-hand") return game.pieces_in_hand(t);
  }
  return -1;
}

// Whether `game`'s tiers have the count `filter` keeps them by.
template <class G>
bool offers_tier_filter(const G& game, const std::string& filter) {
  return game.tier_count() > 0 && tier_filter_count(game, filter, 0) >= 0;
}

// The filters `game` offers (none for a game without tablebases).
template <class G>
std::vector<TierFilter> offered_tier_filters(const G& game) {
  if constexpr (MayLackTablebases<G>) {
    if (!game.has_tablebases()) return {};
  }
  std::vector<TierFilter> offered;
  for (const TierFilter& f : kTierFilters)
    if (offers_tier_filter(game, f.name)) offered.push_back(f);
  return offered;
}

// The names of the filters `game` offers as data names them ("max_pieces"):
// `rtb games --json`, Python and the C++ library spell them so (issue 52:
// the JSON said max-pieces).
template <class G>
std::vector<std::string> tier_filter_keys_of(const G& game) {
  std::vector<std::string> keys;
  for (const TierFilter& f : offered_tier_filters(game)) keys.push_back(f.key);
  return keys;
}

// Whether tier t is in the game's default set.
template <class G>
bool in_default_tiers(const G& game, typename G::TierId t) {
  if constexpr (HasDefaultTiers<G>) return game.solved_by_default(t);
  return true;
}

// Whether the default set is the whole game (`rtb games --json`:
// whole_by_default), so that a front end can say so without naming games.
template <class G>
bool whole_game_by_default(const G& game) {
  for (typename G::TierId t = 0; t < game.tier_count(); ++t)
    if (!in_default_tiers(game, t)) return false;
  return true;
}

struct TierSelection {
  std::string tiers;                         // comma-separated tier names
  std::map<std::string, long long> at_most;  // filter name -> N
  bool all = false;
};

// The game's name and variant, as messages name it.
template <class G>
std::string game_and_variant(const G& game) {
  return game.name() + (game.variant() == "default" ? "" : " (" + game.variant() + ")");
}

// selected[t] for every tier t of the game: the union of what the list and
// the filters keep. InvalidParameter ("tiers", a filter's name, "variant")
// for a name or filter the game does not have.
template <class G>
std::vector<bool> selected_tiers(const G& game, const TierSelection& s) {
  for (const auto& [filter, n] : s.at_most) {
    bool known = false;
    for (const TierFilter& f : kTierFilters) known = known || filter == f.name;
    if (!known) throw InvalidParameter(filter, "{} is not a tier filter (known: max-pieces, max-in-hand)");
    check_range(filter, n, 0, LLONG_MAX);
  }
  if constexpr (MayLackTablebases<G>) {
    if (!game.has_tablebases())
      throw InvalidParameter(
          "variant", game_and_variant(game) + " is too large for tablebases: its positions are searched instead");
  }
  std::vector<bool> selected(game.tier_count(), s.all);
  if (s.all) return selected;
  if (s.tiers.empty() && s.at_most.empty()) {
    for (std::uint32_t t = 0; t < game.tier_count(); ++t) selected[t] = in_default_tiers(game, t);
    return selected;
  }
  if (!s.tiers.empty()) {
    std::stringstream list(s.tiers);
    std::string name;
    while (std::getline(list, name, ',')) {
      std::uint32_t t = 0;
      while (t < game.tier_count() && game.tier_name(t) != name) ++t;
      if (t == game.tier_count())
        throw InvalidParameter("tiers", "no tier '" + name + "' in " + game_and_variant(game) + " (see rtb games)");
      selected[t] = true;
    }
  }
  for (const auto& [filter, n] : s.at_most) {
    if (!offers_tier_filter(game, filter))
      throw InvalidParameter(filter, "{} does not apply to " + game_and_variant(game));
    for (std::uint32_t t = 0; t < game.tier_count(); ++t)
      if (tier_filter_count(game, filter, t) <= n) selected[t] = true;
  }
  return selected;
}

}  // namespace rtb
