// The text kit (text/): square names, a board's rows, lower case and
// thousands separators, each the one home of its idea.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "text/board_rows.hpp"
#include "text/folded_text.hpp"
#include "text/lower_case.hpp"
#include "text/square_name.hpp"
#include "text/with_commas.hpp"

namespace rtb {
namespace {

TEST(SquareName, FileIsALetterRankANumberFromOne) {
  EXPECT_EQ(square_name(0, 0), "a1");
  EXPECT_EQ(square_name(4, 9), "e10");  // a rank past 9 takes two digits
  EXPECT_EQ(square_name_by_number(0, 5), "a1");
  EXPECT_EQ(square_name_by_number(7, 5), "c2");
  EXPECT_EQ(square_name_by_number(24, 5), "e5");
}

TEST(LowerCase, ChangesAsciiLettersOnly) {
  EXPECT_EQ(lower_case("Nine-FLY"), "nine-fly");
  EXPECT_EQ(lower_case("\xc3\x89t\xc3\xa9"), "\xc3\x89t\xc3\xa9");  // "Été": UTF-8 bytes stay
  EXPECT_EQ(lower_case('W'), 'w');
  EXPECT_EQ(lower_case('.'), '.');
}

TEST(WithCommas, GroupsThousands) {
  EXPECT_EQ(with_commas(0), "0");
  EXPECT_EQ(with_commas(999), "999");
  EXPECT_EQ(with_commas(1234567), "1,234,567");
}

// The board's text back as rows of characters, or the message read_board_rows failed with.
std::string read(const std::string& text, const BoardRows& rows) {
  std::vector<std::string> seen(rows.lengths.size());
  try {
    const std::size_t end = read_board_rows(
        text, rows,
        [&](int row, int column, char c) {
          EXPECT_EQ(static_cast<int>(seen[row].size()), column);
          seen[row] += c;
        },
        [](const std::string& why) { throw std::invalid_argument(why); });
    return write_board_rows(rows.lengths, [&](int row, int column) { return seen[row][column]; }) + "|" +
           text.substr(end);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
}

TEST(FoldedText, FoldsAtWordsIndentingTheFurtherLines) {
  EXPECT_EQ(folded_text("  a: ", "one two three", 4, 12), "  a: one two\n    three\n");
  // A word longer than a line gets a line of its own; blanks between words collapse.
  EXPECT_EQ(folded_text("", "x  abcdefghijklmnop   y", 2, 10), "x\n  abcdefghijklmnop\n  y\n");
  EXPECT_EQ(folded_text("first ", "", 2), "first \n");
}

TEST(BoardRows, ReadsRowsFromTheTopAndWritesThemBack) {
  const BoardRows square = rectangular_rows(3, 3, "square");
  EXPECT_EQ(read("bb./.../.ww b", square), "bb./.../.ww| b");
  EXPECT_EQ(read("bb./.../.ww", square), "bb./.../.ww|");
}

TEST(BoardRows, SaysWhatIsWrongInTheSameWordsForEveryBoard) {
  const BoardRows square = rectangular_rows(3, 3, "square");
  EXPECT_EQ(read("bb./...", square), "expected 3 ranks of 3 squares separated by '/'");
  EXPECT_EQ(read("bb../.../... b", square), "rank 3 has more than 3 squares");
  EXPECT_EQ(read("bb./../... b", square), "rank 2 has 2 squares, expected 3");
  EXPECT_EQ(read(".../.../.../... b", square), "more than 3 ranks");
  const BoardRows uneven{{"rank 2", "corner row 1", "rank 1"}, {2, 1, 2}, "point", "fields", "3 fields"};
  EXPECT_EQ(read("../x/.. b", uneven), "../x/..| b");
  EXPECT_EQ(read("../../.. b", uneven), "corner row 1 has more than 1 points");
}

}  // namespace
}  // namespace rtb
