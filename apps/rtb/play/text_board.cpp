#include "apps/rtb/play/text_board.hpp"

#include <algorithm>
#include <cstdlib>
#include <utility>
#include <vector>

namespace rtb::cli {

namespace {

std::string coloured(bool on, const char* code, const std::string& text) {
  return on ? std::string("\033[") + code + "m" + text + "\033[0m" : text;
}

std::string square_name(int file, int rank) {
  std::string name(1, static_cast<char>('a' + file));
  name += std::to_string(rank);  // not `+` on a temporary: GCC 12 warns falsely (-Wrestrict)
  return name;
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
    const std::string board = position.substr(0, position.find(' '));
    std::vector<std::pair<std::string, char>> named;  // each point of the text and what it holds
    if (shape.points.empty()) {
      // docs/rules.md: ranks from the top, one character a square.
      std::vector<std::string> rows{""};
      for (const char c : board) {
        if (c == '/') rows.emplace_back();
        else rows.back().push_back(c);
      }
      ranks_ = static_cast<int>(rows.size());
      for (const std::string& row : rows) files_ = std::max(files_, static_cast<int>(row.size()));
      for (int r = 0; r < ranks_; ++r)
        for (std::size_t f = 0; f < rows[r].size(); ++f)
          named.emplace_back(square_name(static_cast<int>(f), ranks_ - r), rows[r][f]);
    } else {
      // The text writes only the points, in the order `points` lists them.
      files_ = shape.files, ranks_ = shape.ranks;
      std::size_t k = 0;
      for (const char c : board)
        if (c != '/' && k < shape.points.size()) named.emplace_back(shape.points[k++], c);
    }
    const std::size_t cells = static_cast<std::size_t>(files_) * static_cast<std::size_t>(ranks_);
    piece_.assign(cells, 0), over_.assign(cells, 0), across_.assign(cells, 0), down_.assign(cells, 0),
        slant_.assign(cells, 0);
    int f = 0, r = 0;
    for (const auto& [name, c] : named)
      if (cell_of(name, f, r) && inside(f, r)) piece_[at(f, r)] = c;
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

}  // namespace

std::string Paint::piece(char c) const {
  if (!on || c == '.') return std::string(1, c);
  // Bold, in the colour the game gives the piece; a letter it does not list
  // is drawn bold only.
  static const std::pair<const char*, const char*> kCodes[] = {
      {"blue", "1;34"}, {"white", "1;37"}, {"yellow", "1;33"}, {"green", "1;32"}, {"red", "1;31"}};
  const char* code = "1";
  for (const PieceLook& look : pieces)
    if (look.letter == c)
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
