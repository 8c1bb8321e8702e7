#include "apps/rtb/play/text_board.hpp"

#include <set>
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

// The ranks of the board part of a position text, top rank first.
std::vector<std::string> ranks_of(const std::string& position) {
  const std::string board = position.substr(0, position.find(' '));
  std::vector<std::string> ranks;
  std::size_t from = 0;
  for (std::size_t slash; (slash = board.find('/', from)) != std::string::npos; from = slash + 1)
    ranks.push_back(board.substr(from, slash - from));
  ranks.push_back(board.substr(from));
  return ranks;
}

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
  const std::vector<std::string> ranks = ranks_of(position);
  const int rank_count = static_cast<int>(ranks.size());
  std::set<std::pair<std::string, std::string>> joined;
  for (const auto& [a, b] : shape.lines) {
    joined.emplace(a, b);
    joined.emplace(b, a);
  }
  const auto joins = [&](int f1, int r1, int f2, int r2) {
    return joined.count({square_name(f1, r1), square_name(f2, r2)}) > 0;
  };
  const std::string gap = shape.on_points ? "   " : "  ";
  const auto label = [](int rank) { return (rank < 10 ? "  " : " ") + std::to_string(rank) + "  "; };
  std::string out = "     " + paint.dim(file_letters(shape.files, gap)) + "\n";
  for (int row = 0; row < rank_count; ++row) {
    const int rank = rank_count - row;
    const std::string& squares = ranks[row];
    const int files = static_cast<int>(squares.size());
    std::string line = paint.dim(label(rank));
    for (int f = 0; f < files; ++f) {
      line += paint.piece(squares[f]);
      if (f + 1 < files) line += shape.on_points && joins(f, rank, f + 1, rank) ? "---" : gap;
    }
    out += line + "  " + paint.dim(std::to_string(rank)) + "\n";
    if (!shape.on_points || rank == 1) continue;
    // The lines down to the next rank: verticals under the points, diagonals
    // between them.
    std::string links = "     ";
    for (int f = 0; f < files; ++f) {
      links += joins(f, rank, f, rank - 1) ? '|' : ' ';
      if (f + 1 == files) break;
      const bool down = joins(f, rank, f + 1, rank - 1), up = joins(f + 1, rank, f, rank - 1);
      links += std::string(" ") + (down && up ? 'X' : down ? '\\' : up ? '/' : ' ') + " ";
    }
    out += links + "\n";
  }
  out += "     " + paint.dim(file_letters(shape.files, gap)) + "\n";
  return out;
}

}  // namespace rtb::cli
