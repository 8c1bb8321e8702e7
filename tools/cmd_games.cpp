// rtb games: each game with its board, pieces and tier sizes.
#include <iomanip>
#include <iostream>

#include "tools/cli.hpp"

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

}  // namespace

int run_games(int argc, char** argv) {
  po::options_description o("options");
  if (!parse_command(argc, argv, "rtb games", o, {})) return 0;
  for (const std::string& name : game_names()) with_game({name}, [](const auto& game) { describe(game); });
  return 0;
}

}  // namespace rtb::cli
