// Bagh-Chal's rules in words, for `rtb play`'s rules command and the
// explorer's rules panel (solver/game_concept.hpp: ExplainsRules), built from
// the variant's board, lines, goats and target.
#include <string>

#include "games/bagh_chal/bagh_chal.hpp"

namespace rtb {

namespace {

std::string goats(int n) { return std::to_string(n) + (n == 1 ? " goat" : " goats"); }

}  // namespace

std::string BaghChalGame::rules_text() const {
  const BaghChalRules& r = rules_;
  const std::string size = std::to_string(r.size) + "x" + std::to_string(r.size);
  std::string diagonal_points;  // the points the diagonal lines run through, in a1 order
  for (int square = 0; square < squares_; ++square)
    if (has_diagonals(square)) diagonal_points += (diagonal_points.empty() ? "" : ", ") + square_name(square);
  std::string text = "Board: " + size + " points, a1 at the bottom left to " + square_name(squares_ - 1) +
                     ", each joined to its neighbours along the ranks and files. ";
  text += r.diagonals ? "The points " + diagonal_points + " are also joined to their diagonal neighbours.\n"
                      : "There are no diagonal lines.\n";
  text += "Pieces: " + std::to_string(kTigers) + " tigers (T) stand on the corners and " + goats(r.goats) +
          " (G) wait in hand: " + format(start()) +
          ", the last number counting the goats in hand. The goats move first.\n";
  text +=
      "Goats: while goats are in hand, a goat move places one on any empty point; once all are placed, a goat "
      "slides along a line to a neighbouring empty point. Goats never jump.\n";
  text +=
      "Tigers: a tiger slides along a line to a neighbouring empty point, or jumps in a straight line over a "
      "neighbouring goat onto the empty point just behind it and captures that goat: one capture a move, never "
      "over a tiger, and capturing is never compulsory.\n";
  text += "End: the tigers win once they have captured " + goats(r.target) +
          "; the goats win when the tigers, to move, have no legal move, and goats to move without a legal move "
          "lose.\n";
  text +=
      "Repetition: once every goat is placed, no move may bring back a position (the board and the side to "
      "move) that the game has had, and a side whose every move would do so has lost. Play applies this rule "
      "(it can be turned off for analysis); the values cannot, since a value does not know how its position "
      "was reached, so to them a game that goes on for ever is a draw.\n";
  return text + "Moves: " + move_notation() + "\n";
}

}  // namespace rtb
