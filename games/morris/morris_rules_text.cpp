// The Morris family's rules in words, for `rtb play`'s rules command and the
// explorer's rules panel (solver/game_concept.hpp: ExplainsRules), built from
// the variant's rules (MorrisRules: board, stones, flying, diagonals, moving
// with stones in hand, the full board) and its board's links and mills.
#include <string>

#include "games/morris/morris.hpp"

namespace rtb {

namespace {

// How the points of a board of `points` lie and are joined.
std::string board_shape(int points, bool diagonals) {
  std::string shape = points == 24
                          ? "on three squares, one inside the other, the middle points of their sides joined across "
                            "(a4-b4-c4, d7-d6-d5, g4-f4-e4, d1-d2-d3)"
                          : "on two squares, one inside the other, the middle points of their sides joined across "
                            "(c1-c2, e3-d3, c5-c4, a3-b3)";
  if (points == 17) shape += ", and a centre point c3 joined to the inner square's middle points";
  if (diagonals) shape += ", and four diagonals joining the squares' corners: a7-b6-c5, g7-f6-e5, a1-b2-c3, g1-f2-e3";
  return shape;
}

// Which lines of such a board are mills.
std::string mill_lines(int points, bool diagonals) {
  std::string lines = "the sides of the squares";
  if (points == 24) lines += ", the four lines across";
  if (points == 17) lines += ", and every three neighbouring points of file c and of rank 3";
  if (diagonals) lines += ", the four diagonals";
  if (points == 16) lines += " (the links across make no mill)";
  return lines;
}

}  // namespace

std::string MorrisGame::rules_text() const {
  const MorrisRules& r = rules_;
  std::string text = "Board: " + std::to_string(r.points) + " points " + board_shape(r.points, r.diagonals) + "; " +
                     std::to_string(board_.links().size()) +
                     " links in all. Points are named like squares, files from the left and ranks from the bottom.\n";
  text += "Mills: three points in a line: " + mill_lines(r.points, r.diagonals) + "; " +
          std::to_string(board_.mills.size()) + " mills in all.\n";
  text += "Stones: " + std::to_string(r.stones) +
          " a side, all in hand at the start; the board starts empty and White (w) moves first: " + format(start()) +
          ", the two numbers counting White's and Black's stones in hand.\n";
  text += r.moves_in_hand
              ? "Placing: while you have a stone in hand, your move is to place one on an empty point or to slide one "
                "of your stones on the board along a link to a neighbouring empty point.\n"
              : "Placing: while you have a stone in hand, your move is to place one on an empty point; the stones on "
                "the board wait until both hands are empty.\n";
  text +=
      "Moving: once both hands are empty, a move slides one of your stones along a link to a neighbouring empty "
      "point.\n";
  text += r.flying ? std::string("Flying: a side with exactly three stones") +
                         (r.moves_in_hand ? ", on the board and in hand together," : "") +
                         " may instead move one of them to any empty point.\n"
                   : "Flying: none; a side with three stones slides like any other.\n";
  text +=
      "Removing: a move that puts a stone on the last point of a mill of yours closes it (a slide leaves its "
      "starting point first, so leaving a mill and coming back closes it again) and removes one of the "
      "opponent's stones as part of the same move, each stone it may remove making a move of its own. Closing "
      "two mills at once still removes one stone. A stone in one of the opponent's mills may go only when every "
      "opponent stone on the board is in a mill; stones in hand are never removed, and a mill closed when the "
      "opponent has no stone on the board removes nothing.\n";
  if (r.full_board_draws)
    text += "Full board: the two full hands fill all " + std::to_string(r.points) +
            " points. When the last stone fills the board without a removal, the side to move cannot move, and the "
            "game is a draw: that side's one move is pass, which leaves the board as it is.\n";
  text +=
      "End: you lose when you have fewer than three stones on the board and in hand together, or when it is your "
      "turn and you have no legal move. A game that both sides can keep going for ever is a draw; no repetition "
      "and no count of moves without a mill ends it.\n";
  return text + "Moves: " + move_notation() + (r.full_board_draws ? "; pass on a full board" : "") + "\n";
}

}  // namespace rtb
