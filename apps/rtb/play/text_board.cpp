#include "apps/rtb/play/text_board.hpp"

#include "service/board_points.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <utility>
#include <vector>

#include "text/lower_case.hpp"

namespace rtb::cli {

namespace {

std::string coloured(bool on, const char* code, const std::string& text) {
  return on ? std::string("\033[") + code + "m" + text + "\033[0m" : text;
}

// A point's name ("a7", "c10") as a cell of the grid: file from 0, rank
// from 1; false for a name that is not one.
bool cell_of(const std::string& name, int& file, int& rank) {
  if (name.size() < 2 || name[0] < 'a' || name[0] > 'z') return false;
  file = name[0] - 'a';
  rank = 0;
  for (std::size_t i = 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return false;
    rank = rank * 10 + (name[i] - '0');
  }
  return rank > 0;
}

// The board of a position laid on its grid of files x ranks cells, with the
// marks the game's lines leave: on the gaps between cells ('-' across, '|'
// down, '\\' '/' 'X' between ranks) and on the cells a line passes over
// without a point there (the long links of a Morris board).
class Grid {
 public:
  Grid(const std::string& position, const BoardLook& shape) {
    // Each point of the text and what it holds; a game that lists its points
    // gives the grid, a text of squares is as large as its ranks.
    const std::vector<BoardPoint> named = points_of(position, shape);
    files_ = shape.points.empty() ? 0 : shape.files, ranks_ = shape.points.empty() ? 0 : shape.ranks;
    int f = 0, r = 0;
    for (const BoardPoint& p : named)
      if (shape.points.empty() && cell_of(p.name, f, r)) files_ = std::max(files_, f + 1), ranks_ = std::max(ranks_, r);
    const std::size_t cells = static_cast<std::size_t>(files_) * static_cast<std::size_t>(ranks_);
    piece_.assign(cells, 0), over_.assign(cells, 0), across_.assign(cells, 0), down_.assign(cells, 0),
        slant_.assign(cells, 0);
    for (const BoardPoint& p : named)
      if (cell_of(p.name, f, r) && inside(f, r)) piece_[at(f, r)] = p.piece;
    for (const auto& [a, b] : shape.lines) mark(a, b);
  }

  int files() const { return files_; }
  int ranks() const { return ranks_; }
  // What a point holds, or 0 where there is no point.
  char piece(int f, int r) const { return piece_[at(f, r)]; }
  // What is drawn on a cell without a point: the line passing over it, or ' '.
  char over(int f, int r) const { return over_[at(f, r)] ? over_[at(f, r)] : ' '; }
  // Whether a line crosses the gap right of (f, r), the gap below it, and
  // what crosses the gap between (f, r), (f + 1, r - 1) and their corners.
  bool across(int f, int r) const { return across_[at(f, r)] != 0; }
  bool down(int f, int r) const { return down_[at(f, r)] != 0; }
  char slant(int f, int r) const { return slant_[at(f, r)] ? slant_[at(f, r)] : ' '; }

 private:
  bool inside(int f, int r) const { return f >= 0 && f < files_ && r >= 1 && r <= ranks_; }
  std::size_t at(int f, int r) const { return static_cast<std::size_t>((r - 1) * files_ + f); }

  static void add(char& mark, char line) {
    if (mark == 0 || mark == line) mark = line;
    else mark = (mark == '\\' || mark == '/') && (line == '\\' || line == '/') ? 'X' : '+';
  }

  // One line from a to b, straight along a rank, a file or a diagonal; any
  // other (or one off the grid) is not drawn.
  void mark(const std::string& a, const std::string& b) {
    int f1 = 0, r1 = 0, f2 = 0, r2 = 0;
    if (!cell_of(a, f1, r1) || !cell_of(b, f2, r2) || !inside(f1, r1) || !inside(f2, r2)) return;
    if (r1 < r2) std::swap(f1, f2), std::swap(r1, r2);  // from the top end
    const int df = f2 > f1 ? 1 : f2 < f1 ? -1 : 0, dr = r2 < r1 ? -1 : 0;
    const int steps = std::max(std::abs(f2 - f1), r1 - r2);
    if ((df != 0 && std::abs(f2 - f1) != steps) || (dr != 0 && r1 - r2 != steps)) return;
    const char line = dr == 0 ? '-' : df == 0 ? '|' : df > 0 ? '\\' : '/';
    for (int i = 0; i < steps; ++i) {
      const int f = f1 + i * df, r = r1 + i * dr;
      if (i > 0 && piece_[at(f, r)] == 0) add(over_[at(f, r)], line);
      if (dr == 0) add(across_[at(std::min(f, f + df), r)], line);
      else if (df == 0) add(down_[at(f, r)], line);
      else add(slant_[at(std::min(f, f + df), r)], line);
    }
  }

  int files_ = 0, ranks_ = 0;
  std::vector<char> piece_, over_, across_, down_, slant_;  // a cell each, rank 1 first
};

std::string file_letters(int files, const std::string& gap) {
  std::string row;
  for (int f = 0; f < files; ++f) {
    row += static_cast<char>('a' + f);
    if (f + 1 < files) row += gap;
  }
  return row;
}

// Squares drawn as boxes, with the corner points between them on the inner
// crossings of the box lines ('+' where there is no point: the board's edge):
//
//       a   b   c
//     +---+---+---+
//   3 | w | w | w | 3
//     +---.---b---+
//   2 | . | . | . | 2
std::string draw_squares_and_corners(const std::string& position, const BoardLook& shape, const Paint& paint) {
  std::vector<char> square(static_cast<std::size_t>(shape.files * shape.ranks), ' ');
  std::vector<char> corner(square.size(), 0);
  for (const BoardPoint& p : points_of(position, shape)) {
    const bool is_corner = !p.name.empty() && p.name.back() == '+';
    int f = 0, r = 0;
    if (!cell_of(is_corner ? p.name.substr(0, p.name.size() - 1) : p.name, f, r) || f >= shape.files || r > shape.ranks)
      continue;
    (is_corner ? corner : square)[static_cast<std::size_t>((r - 1) * shape.files + f)] = p.piece;
  }
  // The box line above `rank` (rank + 1 > ranks: the top edge); its inner
  // crossings are the corners of rank's squares' upper-right ends.
  const auto box_line = [&](int below) {
    std::string line = "    " + paint.dim("+");
    for (int f = 0; f < shape.files; ++f) {
      line += paint.dim("---");
      const bool inner = below >= 1 && below < shape.ranks && f + 1 < shape.files;
      const char c = inner ? corner[static_cast<std::size_t>((below - 1) * shape.files + f)] : 0;
      line += c ? paint.piece(c) : paint.dim("+");
    }
    return line + "\n";
  };
  std::string letters;
  for (int f = 0; f < shape.files; ++f) letters += std::string(f == 0 ? "" : "   ") + static_cast<char>('a' + f);
  std::string out = "      " + paint.dim(letters) + "\n" + box_line(shape.ranks);
  for (int rank = shape.ranks; rank >= 1; --rank) {
    std::string line = paint.dim((rank < 10 ? "  " : " ") + std::to_string(rank) + " ");
    for (int f = 0; f < shape.files; ++f)
      line += paint.dim("|") + " " + paint.piece(square[static_cast<std::size_t>((rank - 1) * shape.files + f)]) + " ";
    out += line + paint.dim("|") + " " + paint.dim(std::to_string(rank)) + "\n" + box_line(rank - 1);
  }
  return out + "      " + paint.dim(letters) + "\n";
}

}  // namespace

std::string Paint::piece(char c) const {
  if (!on || c == '.') return std::string(1, c);
  // Bold, in the colour the game gives the piece; a letter it does not list
  // is drawn bold only.
  static const std::pair<const char*, const char*> kCodes[] = {
      {"blue", "1;34"}, {"white", "1;37"}, {"yellow", "1;33"}, {"green", "1;32"}, {"red", "1;31"}};
  // An upper-case letter the game does not list (a crossed stone) takes its
  // lower-case letter's colour.
  const bool listed = std::any_of(pieces.begin(), pieces.end(), [c](const PieceLook& p) { return p.letter == c; });
  const char as = listed ? c : lower_case(c);
  const char* code = "1";
  for (const PieceLook& look : pieces)
    if (look.letter == as)
      for (const auto& [colour, ansi] : kCodes)
        if (look.colour == colour) code = ansi;
  return coloured(true, code, std::string(1, c));
}

std::string Paint::value(const std::string& text, const ValueBounds& v) const {
  if (!on || !v.exact()) return text;
  return coloured(true, is_win(v.lower) ? "32" : is_loss(v.lower) ? "31" : "33", text);
}

std::string Paint::bold(const std::string& text) const { return coloured(on, "1", text); }
std::string Paint::dim(const std::string& text) const { return coloured(on, "2", text); }

std::string draw_board(const std::string& position, const BoardLook& shape, const Paint& paint) {
  if (has_corners(shape)) return draw_squares_and_corners(position, shape, paint);
  const Grid grid(position, shape);
  const std::string gap = shape.on_points ? "   " : "  ";
  const auto label = [](int rank) { return (rank < 10 ? "  " : " ") + std::to_string(rank) + "  "; };
  std::string out = "     " + paint.dim(file_letters(shape.files, gap)) + "\n";
  for (int rank = grid.ranks(); rank >= 1; --rank) {
    std::string line = paint.dim(label(rank));
    for (int f = 0; f < grid.files(); ++f) {
      const char c = grid.piece(f, rank);
      line += c ? paint.piece(c) : std::string(1, grid.over(f, rank));
      if (f + 1 < grid.files()) line += grid.across(f, rank) ? "---" : gap;
    }
    out += line + "  " + paint.dim(std::to_string(rank)) + "\n";
    if (!shape.on_points || rank == 1) continue;
    // The lines down to the next rank: verticals under the points, diagonals
    // between them.
    std::string links = "     ";
    for (int f = 0; f < grid.files(); ++f) {
      links += grid.down(f, rank) ? '|' : ' ';
      if (f + 1 < grid.files()) links += std::string(" ") + grid.slant(f, rank) + " ";
    }
    out += links + "\n";
  }
  out += "     " + paint.dim(file_letters(shape.files, gap)) + "\n";
  return out;
}

}  // namespace rtb::cli
