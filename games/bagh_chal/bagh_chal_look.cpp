// How Bagh-Chal presents itself to the front ends: the text of `rtb games`,
// the board (points joined by lines) and pieces for play and the explorer,
// and the file size for the plan (solver/game_concept.hpp: DescribesItself,
// DrawsItsBoard, EstimatesFileSize).
#include <iomanip>
#include <sstream>

#include "games/bagh_chal/bagh_chal.hpp"
#include "games/kit/number_text.hpp"

namespace rtb {

std::string BaghChalGame::describe() const {
  std::ostringstream out;
  const auto& r = rules_;
  out << name() << ": " << r.size << "x" << r.size << " points" << (r.diagonals ? " with" : " without")
      << " diagonals, 4 tigers, " << r.goats << " goats in hand, the tigers win at " << r.target << " captures; start "
      << format(start()) << "\n";
  out << "  tiers are h(goats in hand)-c(goats captured)-(g|t to move); classes differ under the " << symmetry_count()
      << " board symmetries\n  that keep every line and jump; slots are what a "
      << "tablebase stores (one a class, plus a few aliases)\n";
  TierSizes sliding, placement;
  for (TierId t = 0; t < tier_count(); ++t) {
    const TierSizes tier{tier_positions(t), class_count(t), tier_size(t), 1};
    (pieces_in_hand(t) == 0 ? sliding : placement) += tier;
    if (pieces_in_hand(t) == 0) print_tier_row(out, "tier " + tier_name(t), tier, 15);
  }
  print_tier_row(out, "sliding phase (" + std::to_string(sliding.tiers) + " tiers above)", sliding, 15);
  print_tier_row(out, "placement phase (" + std::to_string(placement.tiers) + " tiers)", placement, 15);
  TierSizes total = sliding;
  print_tier_row(out, "total", total += placement, 15);
  return out.str();
}

BoardLook BaghChalGame::board_look() const {
  BoardLook look;
  look.files = look.ranks = rules_.size;
  look.on_points = true;
  for (int a = 0; a < squares_; ++a)
    for (int b = a + 1; b < squares_; ++b)
      if (neighbours(a) & (Bitboard{1} << b)) look.lines.emplace_back(square_name(a), square_name(b));
  look.pieces = {{'T', "tigers", "yellow"}, {'G', "goats", "green"}};
  look.in_hand = 'G';
  look.sides = {{'g', "goats"}, {'t', "tigers"}};  // the goats move first (docs/rules.md)
  return look;
}

// Compressed bits a slot (docs/results.md, "Measured figures"): 4x4 whole
// 2.45, 5x5 sliding phase 1.4; rounded up.
double BaghChalGame::file_bits_per_slot() const { return 2.5; }

}  // namespace rtb
