// Crossings' rules in words, both readings, for `rtb play`'s rules command and
// the explorer's rules panel (solver/game_concept.hpp: ExplainsRules), built
// from the variant's board. The two readings share the board, the start and
// the group move, said once here for both.
#include <string>

#include "games/crossings/crossings.hpp"
#include "games/crossings/crossings_seed.hpp"

namespace rtb {

namespace {

std::string ranks_text(int first, int count) {
  return count == 1 ? "rank " + std::to_string(first)
                    : "ranks " + std::to_string(first) + "-" + std::to_string(first + count - 1);
}

// The board and where each side starts; `piece` is what the reading calls
// its men ("stone", "piece").
std::string sides_line(int files, int ranks, int stones, const std::string& piece, const std::string& start) {
  const int home = stones / files;  // ranks of pieces a side
  const std::string last_file(1, static_cast<char>('a' + files - 1));
  return std::to_string(files) + "x" + std::to_string(ranks) + " squares, files a-" + last_file +
         " from the left and ranks 1-" + std::to_string(ranks) + " from the bottom. Each side has " +
         std::to_string(stones) + " " + piece + "s on its " +
         (home == 1 ? "home rank" : std::to_string(home) + " home ranks") + ": Black's (b) on " + ranks_text(1, home) +
         ", moving up, and White's (w) on " + ranks_text(ranks - home + 1, home) + ", moving down: " + start +
         ". Black moves first.";
}

std::string far_ranks(int ranks) { return "rank " + std::to_string(ranks) + " for Black, rank 1 for White"; }

// The group move and its capture, the same in both readings: `piece` what
// moves in a group, `free` the word for one that may move or be taken,
// `fixed` for one that may not.
std::string group_lines(const std::string& piece, const std::string& free, const std::string& fixed) {
  return "Groups: pick a direction and a tail " + piece + ": the group is the tail and every " + free + " " + piece +
         " of yours directly in front of it, one after another, in that direction. A group of k " + piece +
         "s, k at least 2, moves together 1 to k squares; the squares its front " + piece +
         " passes must be empty, and it lands on an empty square or captures.\n"
         "Capturing: a group's front " +
         piece + " may land on an enemy " + piece + " that is not " + fixed +
         " when the enemy run that starts there and goes on in the direction of travel (" + fixed +
         " ones counted) is shorter than the group: that one " + piece +
         " is removed, the front takes its square and the move ends. Capturing is never compulsory.\n";
}

const char* const kEnd =
    "End: a side to move without a legal move loses; a game that both sides can keep going for ever is a draw.\n";

}  // namespace

std::string CrossingsGame::rules_text() const {
  std::string text = "Board: " + sides_line(files(), ranks(), stones(), "stone", format(start())) + "\n";
  text += "Crossed stones: a stone that reaches its far rank (" + far_ranks(ranks()) +
          ") is crossed and written in capitals (B, W): it never moves again and cannot be captured, but it keeps "
          "its square.\n";
  text +=
      "Steps: an uncrossed stone steps one square in any of the eight directions onto an empty square. A step "
      "never captures.\n";
  text += group_lines("stone", "uncrossed", "crossed");
  text +=
      "Crossing obligation: when a move leaves you with one crossed stone more than the opponent, the opponent "
      "must answer with a move that crosses a stone of its own, and with no such move it has lost. A "
      "counter-crossing evens the counts and play goes on.\n";
  text += kEnd;
  return text + "Moves: " + move_notation() + "\n";
}

template <SquareSet S>
std::string CrossingsSeedGame<S>::rules_text() const {
  const std::string corners = std::to_string(files_ - 1) + "x" + std::to_string(ranks_ - 1);
  std::string text = "Board: " + sides_line(files_, ranks_, stones_, "piece", format(start())) +
                     " No corner is taken at the start; a side's reserve is its starting count less its pieces on "
                     "the board.\n";
  text += "Corners: besides the squares the board has " + corners +
          " corners, the points inside it where four squares meet. A corner is named after the square whose "
          "upper-right corner it is, with + added: a1+ joins a1, b1, a2 and b2. A piece on a corner guards its four "
          "squares, and no square may be guarded by both sides.\n";
  text +=
      "Square pieces: a piece on a square that is not locked may step diagonally onto an empty square; slide "
      "along its rank or file, passing over its own pieces and stopping before an enemy one, onto any empty "
      "square it reaches but no further than the first empty square its side does not guard; move in a group "
      "(below); or go up onto an empty corner of its square, unless an enemy piece stands on a corner that "
      "shares a square with it.\n";
  text += group_lines("square piece", "unlocked", "locked");
  text +=
      "Corner pieces: a piece on a corner may go down onto one of its empty squares, or split: with E its "
      "empty squares and r its side's reserve, n = min(r, |E|) pieces of the reserve (at least one) go onto "
      "squares of E, each choice of n squares a move of its own, and the corner piece goes back to the "
      "reserve.\n";
  text +=
      "Formations: after the movement, formations of either colour are taken off one at a time while any "
      "stands: F1 a square piece with two or more of its corners held by enemy pieces (it and those pieces go); "
      "F2 a corner piece with two or more of its squares held by enemy pieces (it and those pieces go); F3 a "
      "cross, a square piece whose four neighbours along the rank and file all exist and are occupied (all "
      "five go). Each different final board is a move of its own, and a move may cost the mover its own pieces. A "
      "locked piece counts in a formation but is never taken off.\n";
  text += "Crossing and locking: a square piece of yours on your far rank (" + far_ranks(ranks_) +
          ") that is not locked is pending, written in lower case there. The opponent must then take off every "
          "pending piece or make a pending piece of its own, which locks every pending piece of both sides, "
          "written in capitals (B, W): a locked piece never moves and is never taken off. A side with no piece on "
          "the board has lost.\n";
  text += kEnd;
  text += "Text: a position lists from the top square rank " + std::to_string(ranks_) +
          ", the row of corners below it, and so on down to square rank 1, separated by /, then the side to move. "
          "In a move, + after a square names its corner and = begins the squares that a split fills.\n";
  return text + "Moves: " + move_notation() + "\n";
}

template std::string CrossingsSeedGame<Bitboard>::rules_text() const;
template std::string CrossingsSeedGame<Bitboard128>::rules_text() const;

}  // namespace rtb
