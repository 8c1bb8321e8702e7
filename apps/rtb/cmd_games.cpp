// rtb games: each game with its board, pieces and tier sizes.
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "apps/rtb/cli.hpp"
#include "service/game_facts.hpp"

namespace rtb::cli {

namespace {

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

void describe(const LineCaptureGame& game) {
  const auto& r = game.rules();
  std::cout << game.name() << ": " << r.width << "x" << r.width << " board, " << r.pieces
            << " pieces a side, the mover wins when the opponent has " << r.lost_at << " or fewer; start "
            << r.start_text << "\n";
  std::cout << "  tiers are (pieces to move)-(pieces of the other side); positions count every position,\n"
            << "  slots are what a tablebase stores (one per class under the board's "
            << game.symmetry_count() << " symmetries, plus a few aliases)\n";
  std::uint64_t positions = 0, slots = 0;
  for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
    const std::uint64_t p = game.tier_positions(t);
    std::cout << "  tier " << std::setw(4) << game.tier_name(t) << "  positions " << std::setw(14) << with_commas(p)
              << "  slots " << std::setw(13) << with_commas(game.tier_size(t)) << "\n";
    positions += p;
    slots += game.tier_size(t);
  }
  std::cout << "  total      positions " << std::setw(14) << with_commas(positions) << "  slots " << std::setw(13)
            << with_commas(slots) << "\n\n";
}

void describe(const BaghChalGame& game) {
  const auto& r = game.rules();
  std::cout << game.name() << ": " << r.size << "x" << r.size << " points" << (r.diagonals ? " with" : " without")
            << " diagonals, 4 tigers, " << r.goats << " goats in hand, the tigers win at " << r.target
            << " captures; start " << game.format(game.start()) << "\n";
  std::cout << "  tiers are h(goats in hand)-c(goats captured)-(g|t to move); classes differ under the "
            << game.symmetry_count() << " board symmetries\n  that keep every line and jump; slots are what a "
            << "tablebase stores (one a class, plus a few aliases)\n";
  struct Sum {
    std::uint64_t positions = 0, classes = 0, slots = 0, tiers = 0;
  } sliding, placement;
  auto row = [](const std::string& what, const Sum& s) {
    std::cout << "  " << std::left << std::setw(34) << what << std::right << "  positions " << std::setw(15)
              << with_commas(s.positions) << "  classes " << std::setw(13) << with_commas(s.classes) << "  slots "
              << std::setw(13) << with_commas(s.slots) << "\n";
  };
  for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
    const Sum tier{game.tier_positions(t), game.class_count(t), game.tier_size(t), 1};
    Sum& phase = game.pieces_in_hand(t) == 0 ? sliding : placement;
    phase.positions += tier.positions, phase.classes += tier.classes, phase.slots += tier.slots, ++phase.tiers;
    if (game.pieces_in_hand(t) == 0) row("tier " + game.tier_name(t), tier);
  }
  row("sliding phase (" + std::to_string(sliding.tiers) + " tiers above)", sliding);
  row("placement phase (" + std::to_string(placement.tiers) + " tiers)", placement);
  row("total", {sliding.positions + placement.positions, sliding.classes + placement.classes,
                sliding.slots + placement.slots, sliding.tiers + placement.tiers});
  std::cout << "\n";
}

// One game of `rtb games --json`: its registry entry and the tiers of its
// default variant.
template <class G>
nlohmann::json game_json(const GameEntry& entry, const G& game) {
  nlohmann::json tiers = nlohmann::json::array();
  std::uint64_t positions = 0, slots = 0;
  for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
    nlohmann::json row{{"tier", game.tier_name(t)}, {"positions", game.tier_positions(t)}, {"slots", game.tier_size(t)}};
    if constexpr (requires { game.class_count(t); }) row["classes"] = game.class_count(t);
    positions += game.tier_positions(t);
    slots += game.tier_size(t);
    tiers.push_back(row);
  }
  return {{"game", entry.name},
          {"description", entry.description},
          {"variants", entry.variants},
          {"variant", game.variant()},
          {"start", game.format(game.start())},
          {"search_fallback", falls_back_to_search(game)},
          {"tier_filters", tier_filters_of(game)},
          {"symmetries", game.symmetry_count()},
          {"positions", positions},
          {"slots", slots},
          {"tiers", tiers}};
}

void describe(const CrossingsGame& game) {
  std::cout << game.name() << " (" << game.variant() << "): " << game.files() << " files x " << game.ranks()
            << " ranks, " << game.stones() << " stones a side; start " << game.format(game.start()) << "\n";
  if (!game.has_tablebases()) {
    std::cout << "  more than 32 squares: no tablebases, rtb query searches; mini boards: --variant CxR\n\n";
    return;
  }
  std::cout << "  tiers are (stones to move)-(stones of the other side), seen from the side to move; slots are\n"
            << "  one per class under the left-right mirror, plus a few aliases\n";
  std::uint64_t positions = 0, slots = 0;
  for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
    positions += game.tier_positions(t);
    slots += game.tier_size(t);
  }
  std::cout << "  " << game.tier_count() << " tiers, positions " << with_commas(positions) << ", slots "
            << with_commas(slots) << "\n\n";
}

template <SquareSet S>
void describe(const CrossingsSeedGame<S>& game) {
  std::cout << game.name() << " (" << game.variant() << "): the seed text's game (docs/rules.md), " << game.files()
            << " files x " << game.ranks() << " ranks, " << game.points() << " points (squares and corners), "
            << game.stones() << " pieces a side; start " << game.format(game.start()) << "\n";
  if (!game.has_tablebases()) {
    std::cout << "  more than 32 points: no tablebases, rtb query searches\n\n";
    return;
  }
  std::uint64_t slots = 0;
  for (std::uint32_t t = 0; t < game.tier_count(); ++t) slots += game.tier_size(t);
  std::cout << "  tiers are the locked pieces (to move)-(other side), seen from the side to move; no symmetry\n"
            << "  " << game.tier_count() << " tiers, slots " << with_commas(slots) << "\n\n";
}

}  // namespace

int run_games(int argc, char** argv) {
  bool json = false;
  po::options_description o("options");
  o.add_options()("json", po::bool_switch(&json), "print one JSON object (see README: JSON output)");
  if (!parse_command(argc, argv, "rtb games [--json]", o, {}, "rtb games --json | python3 -m json.tool")) return 0;
  nlohmann::json out{{"format", 1}, {"games", nlohmann::json::array()}};
  for (const GameEntry& entry : game_registry())
    with_game({entry.name}, [&](const auto& game) {
      if (json) out["games"].push_back(game_json(entry, game));
      else describe(game);
    });
  if (json) std::cout << out.dump(2) << "\n";
  return 0;
}

}  // namespace rtb::cli
