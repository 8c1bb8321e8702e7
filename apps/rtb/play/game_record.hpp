#pragma once
// A game as one line of text: the game and its variant, " | ", its first
// position, " | ", then the moves played from it, separated by spaces:
//
//   pangki default | wwww/w..w/b..b/bbbb b | a2b2 d3c3 (d3d2 c1c2 (c1b1)) b2b3
//
// A variation is a line played instead of a move: in parentheses right after
// the move it replaces, its first move the one played instead (PGN's form).
// Variations nest: above, c1b1 was tried instead of c1c2. The position is
// the game's canonical text (docs/rules.md), which never holds '|'; the
// moves are the move texts `rtb query` lists, which never hold a blank or a
// parenthesis. A game with no move yet ends in " |". `rtb play`'s save,
// load and record write it, and the explorer exports and imports the same
// line; both also read the shorter forms "POSITION | MOVES" and "POSITION"
// (a game not named).
#include <cstddef>
#include <string>
#include <vector>

namespace rtb::cli {

// A line played instead of the move at index `at` of the line it hangs on.
struct RecordBranch {
  std::size_t at = 0;
  std::vector<std::string> moves;
  std::vector<RecordBranch> variations = {};  // its own, their `at` indexing `moves`
  bool operator==(const RecordBranch&) const = default;
};

struct GameRecord {
  std::string game, variant;                  // empty where the line does not name them
  std::string first;                          // the first position's text ("start" is read as the game's start)
  std::vector<std::string> moves;             // the main line, from the first position, in order
  std::vector<RecordBranch> variations = {};  // their `at` indexing `moves`, in the order of `at`
};

std::string record_text(const GameRecord& record);

// Reads a record: surrounding blanks are ignored, moves may be separated by
// several blanks (not by commas: a seed Crossings move may hold one), and a
// line without '|' is a position with no moves. Throws
// std::invalid_argument for an empty position, a game field that is not
// "GAME VARIANT", more than two '|', or parentheses that do not pair, open
// before any move or hold no move. Whether the position and moves are legal
// is the game's to say.
GameRecord parse_record(const std::string& line);

// `text` without its surrounding blanks (spaces, tabs, CR, LF): how a
// record's fields and `rtb play`'s commands are read.
std::string trimmed(const std::string& text);

}  // namespace rtb::cli
