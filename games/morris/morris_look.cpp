// How the Morris family presents itself to the front ends: the text of
// `rtb games`, the board (points joined by links) and the stones for play and
// the explorer, and the file size for the plan (solver/game_concept.hpp:
// DescribesItself, DrawsItsBoard, EstimatesFileSize), and its move text
// (DescribesMoveText, ExplainsShortMoves).
#include <algorithm>
#include <iomanip>
#include <sstream>

#include "games/kit/number_text.hpp"
#include "games/morris/morris.hpp"

namespace rtb {

std::string MorrisGame::describe() const {
  std::ostringstream out;
  const auto& r = rules_;
  out << name() << " (" << variant() << "): " << r.points << " points" << (r.diagonals ? " with diagonals" : "") << ", "
      << board_.links().size() << " links, " << board_.mills.size() << " mills, " << r.stones << " stones a side"
      << (r.flying ? ", flying at three" : ", no flying") << (r.moves_in_hand ? ", sliding with stones in hand" : "")
      << (r.full_board_draws ? ", a full board drawn (its side to move passes)" : "") << "; start " << format(start())
      << "\n";
  out << "  tiers: m(mover's stones)-(opponent's) once both hands are empty, "
      << (r.moves_in_hand ? "p(mover's)-(opponent's on the board)-h(mover's)-(opponent's in hand)\n  while"
                          : "p(stones placed)-w(White's)-b(Black's\n  on the board) while")
      << " stones are in hand; classes differ under the " << symmetry_count()
      << " board maps that keep every link and mill;\n  a " << (r.moves_in_hand ? "" : "movement ")
      << "tier counts one side to move\n";
  TierSizes movement, placement;
  for (TierId t = 0; t < tier_count(); ++t) {
    const TierSizes tier{tier_positions(t), class_count(t), tier_size(t), 1};
    (is_placement_tier(t) ? placement : movement) += tier;
    if (!is_placement_tier(t)) print_tier_row(out, "tier " + tier_name(t), tier, 16);
  }
  print_tier_row(out, "movement phase (" + std::to_string(movement.tiers) + " tiers above)", movement, 16);
  print_tier_row(out, "placement phase (" + std::to_string(placement.tiers) + " tiers)", placement, 16);
  TierSizes total = movement;
  print_tier_row(out, "total", total += placement, 16);
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

// Compressed bits a slot, rounded up from the solved variants at the writer's
// defaults (zstd level 7): six 2.85, seven 2.76, nine's whole game 2.86
// (9,963,279,607 bytes for 27,860,711,107 slots). The plan's disk check must
// not promise less than a run writes.
double MorrisGame::file_bits_per_slot() const { return 3.0; }

std::string MorrisGame::move_notation() const {
  return "d7 places a stone, a4a1 moves one (or flies it, where the variant lets a side of three fly), d7xa1 and "
         "a4a1xg7 close a mill and remove the opponent's stone on a1 or g7: a move that closes a mill names its "
         "removal";
}

std::string MorrisGame::short_move_reason(std::string_view typed, const std::vector<std::string>& longer) const {
  const std::string mill = std::string(typed) + "x";
  const bool removals = std::all_of(longer.begin(), longer.end(),
                                    [&](const std::string& move) { return move.compare(0, mill.size(), mill) == 0; });
  return removals ? "closes a mill: name the stone to remove" : "";
}

}  // namespace rtb
