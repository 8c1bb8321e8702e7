#pragma once
// A square board of two kinds of piece as docs/rules.md's position text
// writes it (text/board_rows.hpp): `width` ranks of `width` squares, a
// letter a piece, '.' for an empty square. Square = rank * width + file, a1 = 0.
#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "games/kit/bitboard.hpp"
#include "text/board_rows.hpp"
#include "text/printable.hpp"

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
  BoardText board;
  board.end = read_board_rows(
      text, rectangular_rows(width, width, square_word),
      [&](int row, int file, char c) {
        const int square = (width - 1 - row) * width + file;
        if (c == letters[0]) board.pieces[0] |= bit(square);
        else if (c == letters[1]) board.pieces[1] |= bit(square);
        else if (c != '.')
          fail("unknown character '" + printable(std::string_view(&c, 1)) + "' (use " + letters[0] + ", " + letters[1] +
               " or .)");
      },
      fail);
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
  return write_board_rows(std::vector<int>(static_cast<std::size_t>(width), width), [&](int row, int file) {
    const int square = (width - 1 - row) * width + file;
    return (first & bit(square)) ? letters[0] : (second & bit(square)) ? letters[1] : '.';
  });
}

}  // namespace rtb
