#pragma once
// The points of a position text, by name, for the board drawing and for the
// messages about a move (what was captured where): docs/rules.md's layout
// (ranks from the top, '/' between them, one character a square), the
// points a game lists (BoardLook::points: the Morris boards), and squares
// with the corner points between them.
//
// Corner points are named after the square whose upper-right corner they
// are, with '+' ("a1+" joins a1, b1, a2, b2: Crossings' seed reading,
// docs/rules.md, whose look lists its squares and corners in the text's order).
#include <string>
#include <utility>
#include <vector>

#include "solver/board_look.hpp"

namespace rtb {

struct BoardPoint {
  std::string name;  // "a1", or "a1+" for a corner
  char piece = '.';  // what the text writes there
};

// Each point the board part of `position` (text up to the first space)
// writes, in the text's order. Characters beyond the points the look knows
// are dropped.
std::vector<BoardPoint> points_of(const std::string& position, const BoardLook& look);

// Whether the look lists corner points (names ending in '+').
bool has_corners(const BoardLook& look);

}  // namespace rtb
