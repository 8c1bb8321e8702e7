#pragma once
// What a move did, told in one line each: the pieces it captured (or, in a
// game where pieces leave the board to a reserve, removed), the pieces its
// mover lost, the stones that crossed, the obligation a crossing leaves the
// other side, and why a game is over (rtb play; the explorer through
// QuerySession::end_reason). All of it is read from the position
// texts before and after the move and the game's look, so no game is named:
//
// - a side's pieces are its letters in either case (Crossings writes a
//   crossed stone in upper case) on the board, plus its hand (BoardLook::in_hand);
// - a side with fewer after the move lost them; the points that held them
//   say where;
// - a lower-case piece letter written in upper case is a crossed stone; a
//   mover with more crossed stones than the other side obliges it to cross
//   (docs/rules.md, "The published game");
// - in a game whose pieces off the board are a reserve (BoardLook::off_board:
//   Crossings' seed reading), crossed pieces are "locked", and a mover's
//   lower-case piece on its far rank (the edge away from its pieces at the
//   start) is pending, which the other side must answer.
#include <string>
#include <vector>

#include "solver/board_look.hpp"

namespace rtb {

class MoveEvents {
 public:
  MoveEvents(BoardLook look, std::string start);

  // The lines for the move that led from `before` to `after`, made by the
  // side whose letter is `mover` (side letters: BoardLook::sides).
  std::vector<std::string> lines(const std::string& before, const std::string& after, char mover) const;

  // Why the side to move in `after`, which has no move, has lost: `before`
  // is the position before the last move, empty when there was none.
  std::string end_reason(const std::string& before, const std::string& after) const;

  // The pieces of a side (its letter in either case) on the board and in
  // hand; whether those off it are a reserve.
  int pieces(const std::string& position, char side) const;
  bool has_reserve() const { return reserve_; }

  std::string side_name(char side) const;

 private:
  std::vector<std::string> crossed_points(const std::string& position, char side) const;
  std::vector<std::string> pending_points(const std::string& position, char side) const;
  bool obliges(const std::string& position, char mover) const;
  char other(char side) const;

  BoardLook look_;
  std::string start_;
  bool reserve_ = false;
};

// The counts of pieces in hand: the fields after the side to move, one a
// kind (BoardLook::in_hand), 0 for a field that is not a number.
std::vector<int> hand_counts(const std::string& position);

}  // namespace rtb
