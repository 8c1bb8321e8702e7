#pragma once
// The board of a position drawn as plain text for the terminal, for any game
// whose position text follows docs/rules.md (ranks from the top, '/' between them,
// one character a square): file letters and rank numbers round it, and for a
// game played on points (Bagh-Chal) the lines between the points:
//
//       a   b   c              a  b  c  d
//    3  T---.---T  3        4  w  w  w  w  4
//       | \ | / |           3  w  .  .  w  3
//    2  .---G---.  2        ...
//
// It reads the same without colour; with colour the pieces are painted.
#include <string>
#include <vector>

#include "service/query_session.hpp"

namespace rtb::cli {

// ANSI colours for the terminal, or none: every function returns `text`
// unchanged when colour is off.
struct Paint {
  bool on = false;
  std::vector<PieceLook> pieces;  // the game's letters and their colours (solver/board_look.hpp)
  std::string piece(char c) const;
  std::string value(const std::string& text, const ValueBounds& v) const;  // green WIN, red LOSS, yellow DRAW
  std::string bold(const std::string& text) const;
  std::string dim(const std::string& text) const;
};

// The board part of `position` (text up to the first space); lines end in '\n'.
std::string draw_board(const std::string& position, const BoardLook& shape, const Paint& paint);

}  // namespace rtb::cli
