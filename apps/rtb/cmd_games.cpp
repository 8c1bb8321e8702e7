// rtb games: the games, their variants and starts; with GAME (or --json),
// its board, pieces and tier sizes, as the game describes itself
// (service/game_facts.hpp).
#include <iostream>
#include <nlohmann/json.hpp>

#include "apps/rtb/cli.hpp"
#include "service/game_facts.hpp"
#include "service/tier_selection.hpp"

namespace rtb::cli {

namespace {

// One game of `rtb games --json`: its registry entry and the tiers of its
// default variant.
template <class G>
nlohmann::json game_json(const GameEntry& entry, const G& game) {
  nlohmann::json tiers = nlohmann::json::array();
  std::uint64_t positions = 0, slots = 0;
  // A variant too large to tabulate (8x8 Crossings) has no tiers to list:
  // its one stand-in tier is the search's hash, whose 2^63 "slots" no strict
  // JSON reader takes (issue 27). Its sizes are null and `tablebases` false.
  bool tablebases = true;
  if constexpr (MayLackTablebases<G>) tablebases = game.has_tablebases();
  for (std::uint32_t t = 0; tablebases && t < game.tier_count(); ++t) {
    // Positions and classes where the game counts them apart from its slots.
    std::uint64_t tier_positions = game.tier_size(t);
    if constexpr (requires { game.tier_positions(t); }) tier_positions = game.tier_positions(t);
    nlohmann::json row{{"tier", game.tier_name(t)},
                       {"positions", tier_positions},
                       {"slots", game.tier_size(t)},
                       {"by_default", in_default_tiers(game, t)}};
    if constexpr (requires { game.class_count(t); }) row["classes"] = game.class_count(t);
    positions += tier_positions;
    slots += game.tier_size(t);
    tiers.push_back(row);
  }
  std::size_t symmetries = 1;
  if constexpr (requires { game.symmetry_count(); }) symmetries = game.symmetry_count();
  return {{"game", entry.name},
          {"description", entry.description},
          {"variants", entry.variants},
          {"variant", game.variant()},
          {"start", game.format(game.start())},
          {"search_fallback", falls_back_to_search(game)},
          {"tier_filters", tier_filter_keys_of(game)},
          {"whole_by_default", whole_game_by_default(game)},
          {"derives_tiers", derives_any_tier(game)},
          {"symmetries", symmetries},
          {"tablebases", tablebases},
          {"positions", tablebases ? nlohmann::json(positions) : nlohmann::json()},
          {"slots", tablebases ? nlohmann::json(slots) : nlohmann::json()},
          {"tiers", tiers}};
}

// The overview without GAME: what every game is, its variants and its
// start, from the registry and the game's constructor alone. A game's sizes
// can cost seconds to count (Nine Men's Morris's 546 tiers: 5 CPU-s and 200
// MB, issue 52); they are asked for by naming the game.
void print_overview(std::ostream& out) {
  for (const GameEntry& entry : game_registry())
    with_game({entry.name, "default"}, [&](const auto& game) {
      out << entry.name << ": " << entry.description << "\n"
          << "  variants: " << variant_summary(entry.variants) << "\n"
          << "  start (" << game.variant() << "): " << game.format(game.start()) << "\n";
    });
  out << "\nrtb games GAME [--variant V] shows a game's board, tiers and sizes; --json gives them for every game.\n";
}

}  // namespace

int run_games(int argc, char** argv) {
  bool json = false;
  GameChoice choice{"", "default"};
  po::options_description o("options");
  add_game_options(o, choice);
  o.add_options()("json", po::bool_switch(&json), "print one JSON object (docs/usage.md#json-output)");
  if (!parse_command(argc, argv, "rtb games [GAME [--variant NAME]] [--json]", o, {{"game?", &choice.name}},
                     "rtb games crossings --variant 5x5",
                     "Without GAME: every game, its variants and its start. With GAME: that game's board,\n"
                     "tiers and sizes (--variant: that variant's). --json: the tiers and sizes of every game,\n"
                     "each in its default variant, or of GAME.\n"))
    return 0;
  if (choice.name.empty() && choice.variant != "default")
    throw UsageError("--variant needs a game (e.g. rtb games crossings --variant 5x5)");
  if (choice.name.empty() && !json) {
    print_overview(std::cout);
    return 0;
  }
  nlohmann::json out{{"format", 1}, {"games", nlohmann::json::array()}};
  for (const GameEntry& entry : game_registry()) {
    if (!choice.name.empty() && &entry != &find_game(choice.name)) continue;
    with_game({entry.name, choice.name.empty() ? "default" : choice.variant}, [&](const auto& game) {
      if (json) out["games"].push_back(game_json(entry, game));
      else std::cout << describe_game(game) << "\n";
    });
  }
  if (json) std::cout << out.dump(2) << "\n";
  return 0;
}

}  // namespace rtb::cli
