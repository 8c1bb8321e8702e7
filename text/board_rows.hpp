#pragma once
// The board part of a position text (docs/rules.md): its rows from the top
// one down, '/' between them, one character a point and a fixed number of
// points a row. Every game reads and writes its board through here, so every
// board's text says what is wrong with it in the same words; what a
// character means is the game's.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace rtb {

// The rows a board's text must have, and the words its messages use.
struct BoardRows {
  std::vector<std::string> names;  // each row's, from the top: "rank 5", "corner row 4"
  std::vector<int> lengths;        // each row's number of points
  std::string point_word;          // "square", "point"
  std::string rows_word;           // the rows, plural: "more than 5 ranks"
  std::string expected;            // the whole shape: "expected 5 ranks of 5 squares separated by '/'"
};

// `ranks` ranks of `files` points, named by their numbers from the top one.
inline BoardRows rectangular_rows(int ranks, int files, const std::string& point_word) {
  BoardRows rows{{}, std::vector<int>(static_cast<std::size_t>(ranks), files), point_word, "ranks", ""};
  for (int row = 0; row < ranks; ++row) rows.names.push_back("rank " + std::to_string(ranks - row));
  rows.expected =
      std::to_string(ranks) + " ranks of " + std::to_string(files) + " " + point_word + "s separated by '/'";
  return rows;
}

// Reads the board at the start of `text`: put(row, column, c) for each
// character, row 0 the top one (put fails on a character it does not know),
// and fail("<what is wrong>"), which must throw, on a board of another
// shape. Returns where the text after the board starts.
template <class Put, class Fail>
std::size_t read_board_rows(std::string_view text, const BoardRows& rows, Put&& put, Fail&& fail) {
  std::size_t at = 0;
  for (std::size_t row = 0; row < rows.lengths.size(); ++row) {
    const int length = rows.lengths[row];
    if (row > 0) {
      if (at >= text.size() || text[at] != '/') fail("expected " + rows.expected);
      ++at;
    }
    int column = 0;
    while (at < text.size() && text[at] != '/' && text[at] != ' ') {
      if (column >= length)
        fail(rows.names[row] + " has more than " + std::to_string(length) + " " + rows.point_word + "s");
      put(static_cast<int>(row), column++, text[at++]);
    }
    if (column != length)
      fail(rows.names[row] + " has " + std::to_string(column) + " " + rows.point_word + "s, expected " +
           std::to_string(length));
  }
  if (at < text.size() && text[at] == '/')
    fail("more than " + std::to_string(rows.lengths.size()) + " " + rows.rows_word);
  return at;
}

// The inverse: the board's text from at(row, column), each point's character.
template <class At>
std::string write_board_rows(const std::vector<int>& lengths, At&& at) {
  std::string out;
  for (std::size_t row = 0; row < lengths.size(); ++row) {
    if (row > 0) out += '/';
    for (int column = 0; column < lengths[row]; ++column) out += at(static_cast<int>(row), column);
  }
  return out;
}

}  // namespace rtb
