#pragma once
// How a game's board and pieces look, for the front ends that draw them
// (`rtb play`, the explorer): part of the contract so that no front end
// knows a game by its name. A game gives it through the optional hook
// DrawsItsBoard (solver/game_concept.hpp); service/game_facts.hpp makes one
// from the position text for a game without it.
#include <string>
#include <utility>
#include <vector>

namespace rtb {

struct PieceLook {
  char letter = '?';   // as in the position text (docs/rules.md)
  std::string name;    // the pieces as a count reads: "tigers", "black"
  std::string colour;  // "blue", "white", "yellow", "green", "red"; the front end picks the shade
};

struct SideLook {
  char letter = '?';  // the side to move, as the position text writes it
  std::string name;   // "black", "goats"
};

struct BoardLook {
  // files x ranks squares named as in docs/rules.md (a1 at the bottom
  // left). A game played on the points where drawn lines meet (Bagh-Chal)
  // lists those lines, each joined pair of points once.
  int files = 0, ranks = 0;
  bool on_points = false;
  std::vector<std::pair<std::string, std::string>> lines;
  std::vector<PieceLook> pieces;  // every letter a board square may hold but '.'
  std::vector<SideLook> sides;    // the side that moves first at the start, then the other
  // The points of the board in the order the position text writes them
  // (ranks from the top, '/' between ranks), where they are not every square
  // of files x ranks: the Morris boards' 16, 17 or 24 points on a 5x5 or 7x7
  // grid. Empty when every square is one.
  std::vector<std::string> points;
  // The letters of the pieces that the fields after the side to move count
  // in hand, one letter a field: "G" for Bagh-Chal's goats, "wb" for the
  // Morris hands (White's, then Black's); empty for a game without a hand.
  std::string in_hand;
  // What a side's pieces missing from the board are: "captured", or
  // "reserve" where they wait off the board to come back in (the seed
  // reading of Crossings: a side's reserve is its start count less its
  // pieces on the board).
  std::string off_board = "captured";
};

}  // namespace rtb
