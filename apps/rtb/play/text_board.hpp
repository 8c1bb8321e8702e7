#pragma once
// The board of a position drawn as plain text for the terminal, for any game
// whose position text follows docs/rules.md (ranks from the top, '/' between
// them, one character a square, or one a point where the game lists its
// points: BoardLook::points): file letters and rank numbers round it, and for
// a game played on points the lines between them, a long line (Morris) drawn
// over the cells it passes, which are blank where there is no point:
//
//       a   b   c              a   b   c   d   e
//    3  T---.---T  3        5  .-------w-------.  5
//       | \ | / |              |       |       |
//    2  .---G---.  2        4  |   .---.---b   |  4
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
