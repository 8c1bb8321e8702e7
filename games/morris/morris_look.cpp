// How the Morris family presents itself to the front ends: the text of
// `rtb games`, the board (points joined by links) and the stones for play and
// the explorer, and the file size for the plan (solver/game_concept.hpp:
// DescribesItself, DrawsItsBoard, EstimatesFileSize).
#include <iomanip>
#include <sstream>

#include "games/kit/number_text.hpp"
#include "games/morris/morris.hpp"

namespace rtb {

std::string MorrisGame::describe() const {
  std::ostringstream out;
  const auto& r = rules_;
  out << name() << " (" << variant() << "): " << r.points << " points, " << board_.links().size() << " links, "
      << board_.mills.size() << " mills, " << r.stones << " stones a side"
      << (r.flying ? ", flying at three" : ", no flying") << "; start " << format(start()) << "\n";
  out << "  tiers: m(mover's stones)-(opponent's) once both hands are empty, p(stones placed)-w(White's)-b(Black's\n"
      << "  on the board) while stones are in hand; classes differ under the " << symmetry_count()
      << " board maps that keep every link and mill;\n  a movement tier counts one side to move\n";
  struct Sum {
    std::uint64_t positions = 0, classes = 0, slots = 0, tiers = 0;
  } movement, placement;
  auto row = [&out](const std::string& what, const Sum& s) {
    out << "  " << std::left << std::setw(34) << what << std::right << "  positions " << std::setw(16)
        << with_commas(s.positions) << "  classes " << std::setw(14) << with_commas(s.classes) << "  slots "
        << std::setw(14) << with_commas(s.slots) << "\n";
  };
  for (TierId t = 0; t < tier_count(); ++t) {
    const Sum tier{tier_positions(t), class_count(t), tier_size(t), 1};
    Sum& phase = is_placement_tier(t) ? placement : movement;
    phase.positions += tier.positions, phase.classes += tier.classes, phase.slots += tier.slots, ++phase.tiers;
    if (!is_placement_tier(t)) row("tier " + tier_name(t), tier);
  }
  row("movement phase (" + std::to_string(movement.tiers) + " tiers above)", movement);
  row("placement phase (" + std::to_string(placement.tiers) + " tiers)", placement);
  row("total", {movement.positions + placement.positions, movement.classes + placement.classes,
                movement.slots + placement.slots, movement.tiers + placement.tiers});
  return out.str();
}

BoardLook MorrisGame::board_look() const {
  BoardLook look;
  look.files = look.ranks = board_.grid;
  look.on_points = true;
  for (const auto& [a, b] : board_.links()) look.lines.emplace_back(point_name(a), point_name(b));
  for (int p : board_.text_order) look.points.push_back(point_name(p));
  look.pieces = {{'w', "white", "white"}, {'b', "black", "blue"}};
  look.in_hand = "wb";                            // White's hand, then Black's
  look.sides = {{'w', "white"}, {'b', "black"}};  // White moves first (docs/rules.md)
  return look;
}

// Compressed bits a slot, rounded up from the solved variants (docs/results.md).
double MorrisGame::file_bits_per_slot() const { return 2.0; }

}  // namespace rtb
