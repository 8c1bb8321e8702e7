// How Crossings (the published reading) presents itself to the front ends:
// the text of `rtb games` and the board and pieces for play and the explorer
// (solver/game_concept.hpp: DescribesItself, DrawsItsBoard). Its files take
// the plan's default size a slot (4.3 bits measured on 5x5).
#include <sstream>

#include "games/crossings/crossings.hpp"
#include "games/kit/number_text.hpp"

namespace rtb {

std::string CrossingsGame::describe() const {
  std::ostringstream out;
  out << name() << " (" << variant() << "): " << files() << " files x " << ranks() << " ranks, " << stones()
      << " stones a side; start " << format(start()) << "\n";
  if (!has_tablebases()) {
    out << "  more than 32 squares: no tablebases, rtb query searches; mini boards: --variant CxR\n";
    return out.str();
  }
  out << "  tiers are (stones to move)-(stones of the other side), seen from the side to move; slots are\n"
      << "  one per class under the left-right mirror, plus a few aliases\n";
  std::uint64_t positions = 0, slots = 0;
  for (TierId t = 0; t < tier_count(); ++t) {
    positions += tier_positions(t);
    slots += tier_size(t);
  }
  out << "  " << tier_count() << " tiers, positions " << with_commas(positions) << ", slots " << with_commas(slots)
      << "\n";
  return out.str();
}

BoardLook CrossingsGame::board_look() const {
  BoardLook look;
  look.files = files();
  look.ranks = ranks();
  look.pieces = {{'b', "black", "blue"}, {'w', "white", "white"}};
  look.sides = {{'b', "black"}, {'w', "white"}};  // Black moves first (docs/rules.md)
  return look;
}

}  // namespace rtb
