// How Pangki and Cinc camins present themselves to the front ends: the text of
// `rtb games`, the board and pieces for play and the explorer, and the file
// size for the plan (solver/game_concept.hpp: DescribesItself, DrawsItsBoard,
// EstimatesFileSize).
#include <iomanip>
#include <sstream>

#include "games/kit/number_text.hpp"
#include "games/line_capture/line_capture.hpp"

namespace rtb {

std::string LineCaptureGame::describe() const {
  std::ostringstream out;
  const auto& r = rules_;
  out << name() << ": " << r.width << "x" << r.width << " board, " << r.pieces
      << " pieces a side, the mover wins when the opponent has " << r.lost_at << " or fewer; start " << r.start_text
      << "\n";
  out << "  tiers are (pieces to move)-(pieces of the other side); positions count every position,\n"
      << "  slots are what a tablebase stores (one per class under the board's " << symmetry_count()
      << " symmetries, plus a few aliases)\n";
  std::uint64_t positions = 0, slots = 0;
  for (TierId t = 0; t < tier_count(); ++t) {
    const std::uint64_t p = tier_positions(t);
    out << "  tier " << std::setw(4) << tier_name(t) << "  positions " << std::setw(14) << with_commas(p) << "  slots "
        << std::setw(13) << with_commas(tier_size(t)) << "\n";
    positions += p;
    slots += tier_size(t);
  }
  out << "  total      positions " << std::setw(14) << with_commas(positions) << "  slots " << std::setw(13)
      << with_commas(slots) << "\n";
  return out.str();
}

BoardLook LineCaptureGame::board_look() const {
  BoardLook look;
  look.files = look.ranks = rules_.width;
  look.pieces = {{'b', "black", "blue"}, {'w', "white", "white"}};
  look.sides = {{'b', "black"}, {'w', "white"}};  // Black moves first (docs/rules.md)
  return look;
}

// Compressed bits a slot, measured on the whole of each game (docs/results.md,
// "Measured figures"), rounded up.
double LineCaptureGame::file_bits_per_slot() const { return rules_.width == 4 ? 3.8 : 4.4; }

}  // namespace rtb
