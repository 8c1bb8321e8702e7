#pragma once
// The board part of docs/rules.md's position text, shared by every game: `width`
// ranks from the top one down, separated by '/', one character a square,
// '.' for an empty one. Square = rank * width + file, a1 = 0.
#include <array>
#include <stdexcept>
#include <string>
#include <string_view>

#include "games/kit/bitboard.hpp"

#include "games/kit/printable_text.hpp"

namespace rtb {

struct BoardText {
  std::array<Bitboard, 2> pieces{};  // squares of the first and of the second piece letter
  std::size_t end = 0;               // where the text after the board starts
};

// Reads the board at the start of `text`; `letters` names the two kinds of
// piece (e.g. "bw"), `square_word` what a square is called in messages.
// Throws std::invalid_argument("<what is wrong>"); the caller adds context.
inline BoardText parse_board(std::string_view text, int width, std::string_view letters,
                             const std::string& square_word) {
  auto fail = [](const std::string& why) { throw std::invalid_argument(why); };
  const std::string w = std::to_string(width);
  BoardText board;
  std::size_t at = 0;
  for (int row = 0; row < width; ++row) {  // row 0 is the top rank
    const std::string rank = std::to_string(width - row);
    if (row > 0) {
      if (at >= text.size() || text[at] != '/')
        fail("expected " + w + " ranks of " + w + " " + square_word + "s separated by '/'");
      ++at;
    }
    int file = 0;
    while (at < text.size() && text[at] != '/' && text[at] != ' ') {
      const char c = text[at++];
      if (file >= width) fail("rank " + rank + " has more than " + w + " " + square_word + "s");
      const int square = (width - 1 - row) * width + file++;
      if (c == letters[0]) board.pieces[0] |= bit(square);
      else if (c == letters[1]) board.pieces[1] |= bit(square);
      else if (c != '.')
        fail("unknown character '" + printable(std::string_view(&c, 1)) + "' (use " + letters[0] + ", " + letters[1] +
             " or .)");
    }
    if (file != width) fail("rank " + rank + " has " + std::to_string(file) + " " + square_word + "s, expected " + w);
  }
  if (at < text.size() && text[at] == '/') fail("more than " + w + " ranks");
  board.end = at;
  return board;
}

// Reads the side to move that follows the board at `at` (" b"), one of the
// two letters of `sides` (e.g. "bw"), and moves `at` past it. Calls
// fail("<what is wrong>") (which must throw) on a missing or unknown side.
template <class Fail>
char parse_side_to_move(std::string_view text, std::size_t& at, std::string_view sides, Fail&& fail) {
  const std::string a(1, sides[0]), b(1, sides[1]);
  if (at >= text.size() || text[at] != ' ') fail("missing side to move (' " + a + "' or ' " + b + "' after the board)");
  if (++at >= text.size()) fail("missing side to move ('" + a + "' or '" + b + "')");
  const char side = text[at++];
  if (side != sides[0] && side != sides[1])
    fail("side to move must be '" + a + "' or '" + b + "', not '" + printable(std::string_view(&side, 1)) + "'");
  return side;
}

// The inverse of parse_board, without the text after the board.
inline std::string format_board(int width, std::string_view letters, Bitboard first, Bitboard second) {
  std::string out;
  for (int row = 0; row < width; ++row) {
    if (row > 0) out += '/';
    for (int file = 0; file < width; ++file) {
      const int square = (width - 1 - row) * width + file;
      out += (first & bit(square)) ? letters[0] : (second & bit(square)) ? letters[1] : '.';
    }
  }
  return out;
}

}  // namespace rtb
