#pragma once
// The Morris boards (docs/rules.md, "The Morris family"; Morabaraba's is the
// 24-point board with four diagonals): their points, links and mills, and the
// board maps that keep every link and every mill, computed from them.
//
// Points are numbered as chess numbers squares, a1 first: by rank from the
// bottom, then by file from the left, so that the 24-point board's points are
//   rank 1: a1 d1 g1 = 0 1 2      rank 4: a4 b4 c4 e4 f4 g4 = 9 .. 14
//   rank 2: b2 d2 f2 = 3 4 5      rank 5: c5 d5 e5 = 15 16 17
//   rank 3: c3 d3 e3 = 6 7 8      rank 6: b6 d6 f6 = 18 19 20;  rank 7: a7 d7 g7 = 21 22 23
// One 32-bit set a colour holds a board (Bitboard).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/kit/bitboard.hpp"
#include "games/kit/board_symmetry.hpp"
#include "text/board_rows.hpp"

namespace rtb {

struct MorrisBoard {
  int points = 0;                    // 16, 17 or 24
  int grid = 0;                      // the points lie on a grid x grid of files and ranks (5 or 7)
  std::vector<std::string> names;    // by point: "a1"
  std::vector<int> rank_lengths;     // points a rank in the position text, the top rank first
  std::vector<int> text_order;       // the points in the order the position text writes them
  std::vector<Bitboard> neighbours;  // by point: the points linked to it
  std::vector<Bitboard> mills;       // each mill's three points
  // By point, the mills through it (at most kMostMillsAPoint: the 17-point
  // board's centre lies on six).
  static constexpr int kMostMillsAPoint = 6;
  struct MillsAt {
    int count = 0;
    Bitboard mill[kMostMillsAPoint] = {};
  };
  std::vector<MillsAt> mills_at;
  Bitboard all = 0;  // every point

  // The point named `name`, or -1.
  int point(std::string_view name) const;
  // The links, each joined pair once (a < b).
  std::vector<std::pair<int, int>> links() const;
  // The rows of the position text, its ranks (rank_lengths) by number.
  BoardRows text_rows() const;
};

// The board of 16, 17 or 24 points, the last with the four diagonals of
// Morabaraba when `diagonals`; std::invalid_argument for another count, or
// for diagonals on another board.
MorrisBoard morris_board(int points, bool diagonals = false);

// Every map of the points that sends links onto links and mills onto mills,
// the identity first, in a fixed order (lexicographic by image).
std::vector<std::vector<int>> morris_symmetries(const MorrisBoard& board);

}  // namespace rtb
