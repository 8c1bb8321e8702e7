#include "games/morris/morris_board.hpp"

#include <algorithm>
#include <functional>
#include <sstream>
#include <stdexcept>

namespace rtb {

namespace {

// A board as docs/rules.md draws it: cycles of 8 points (each listed from a
// corner, so that its mills are points 0-1-2, 2-3-4, 4-5-6 and 6-7-0), the
// other links, and the mills that are not the sides of a square.
struct BoardText {
  int grid;
  std::vector<std::string> squares;  // each a cycle of 8 names
  std::vector<std::string> links;    // "c1 c2": two names
  std::vector<std::string> mills;    // "c1 c2 c3": three names
};

BoardText board_text(int points, bool diagonals) {
  if (diagonals && points != 24)
    throw std::invalid_argument("morris: only the 24-point board has diagonals, not the " + std::to_string(points) +
                                "-point one");
  switch (points) {
    case 16:
      return {5, {"a1 c1 e1 e3 e5 c5 a5 a3", "b2 c2 d2 d3 d4 c4 b4 b3"}, {"c1 c2", "e3 d3", "c5 c4", "a3 b3"}, {}};
    case 17:
      return {5,
              {"a1 c1 e1 e3 e5 c5 a5 a3", "b2 c2 d2 d3 d4 c4 b4 b3"},
              {"c1 c2", "e3 d3", "c5 c4", "a3 b3", "c2 c3", "d3 c3", "c4 c3", "b3 c3"},
              {"c1 c2 c3", "c2 c3 c4", "c3 c4 c5", "a3 b3 c3", "b3 c3 d3", "c3 d3 e3"}};
    case 24: {
      BoardText text{7,
                     {"a1 d1 g1 g4 g7 d7 a7 a4", "b2 d2 f2 f4 f6 d6 b6 b4", "c3 d3 e3 e4 e5 d5 c5 c4"},
                     {"a4 b4", "b4 c4", "d7 d6", "d6 d5", "g4 f4", "f4 e4", "d1 d2", "d2 d3"},
                     {"a4 b4 c4", "d7 d6 d5", "g4 f4 e4", "d1 d2 d3"}};
      if (diagonals) {  // Morabaraba: the squares' corners joined, each line two links and a mill
        text.links.insert(text.links.end(), {"a7 b6", "b6 c5", "g7 f6", "f6 e5", "a1 b2", "b2 c3", "g1 f2", "f2 e3"});
        text.mills.insert(text.mills.end(), {"a7 b6 c5", "g7 f6 e5", "a1 b2 c3", "g1 f2 e3"});
      }
      return text;
    }
    default:
      throw std::invalid_argument("morris: a board has 16, 17 or 24 points, not " + std::to_string(points));
  }
}

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

int file_of(const std::string& name) { return name[0] - 'a'; }
int rank_of(const std::string& name) { return name[1] - '1'; }

}  // namespace

int MorrisBoard::point(std::string_view name) const {
  for (int p = 0; p < points; ++p)
    if (names[p] == name) return p;
  return -1;
}

std::vector<std::pair<int, int>> MorrisBoard::links() const {
  std::vector<std::pair<int, int>> out;
  for (int a = 0; a < points; ++a)
    for (int b = a + 1; b < points; ++b)
      if (neighbours[a] & bit(b)) out.emplace_back(a, b);
  return out;
}

BoardRows MorrisBoard::text_rows() const {
  BoardRows rows{{}, rank_lengths, "point", "ranks", ""};
  std::string lengths;
  for (std::size_t row = 0; row < rank_lengths.size(); ++row) {
    rows.names.push_back("rank " + std::to_string(grid - static_cast<int>(row)));
    if (row > 0) lengths += '/';  // appended apart: GCC 12 warns falsely (-Wrestrict) on "/" + temporary
    lengths += std::to_string(rank_lengths[row]);
  }
  rows.expected = std::to_string(rank_lengths.size()) + " ranks of " + lengths + " points separated by '/'";
  return rows;
}

MorrisBoard morris_board(int points, bool diagonals) {
  const BoardText text = board_text(points, diagonals);
  MorrisBoard board;
  board.grid = text.grid;
  for (const std::string& square : text.squares)
    for (const std::string& name : words(square)) board.names.push_back(name);
  if (points == 17) board.names.push_back("c3");
  // Chess order: by rank, then by file.
  std::sort(board.names.begin(), board.names.end(), [](const std::string& a, const std::string& b) {
    return std::pair(rank_of(a), file_of(a)) < std::pair(rank_of(b), file_of(b));
  });
  board.points = static_cast<int>(board.names.size());
  board.all = first_squares(board.points);
  for (int rank = board.grid - 1; rank >= 0; --rank) {
    int length = 0;
    for (int p = 0; p < board.points; ++p)
      if (rank_of(board.names[p]) == rank) board.text_order.push_back(p), ++length;
    board.rank_lengths.push_back(length);
  }
  board.neighbours.assign(board.points, 0);
  auto link = [&](const std::string& a, const std::string& b) {
    const int pa = board.point(a), pb = board.point(b);
    board.neighbours[pa] |= bit(pb);
    board.neighbours[pb] |= bit(pa);
  };
  auto mill = [&](const std::vector<std::string>& three) {
    Bitboard m = 0;
    for (const std::string& name : three) m |= bit(board.point(name));
    board.mills.push_back(m);
  };
  for (const std::string& square : text.squares) {
    const std::vector<std::string> cycle = words(square);
    for (int k = 0; k < 8; ++k) link(cycle[k], cycle[(k + 1) % 8]);
    for (int side = 0; side < 4; ++side) mill({cycle[2 * side], cycle[2 * side + 1], cycle[(2 * side + 2) % 8]});
  }
  for (const std::string& pair : text.links) {
    const std::vector<std::string> two = words(pair);
    link(two[0], two[1]);
  }
  for (const std::string& three : text.mills) mill(words(three));
  board.mills_at.assign(board.points, {});
  for (Bitboard m : board.mills)
    for_each_square(m, [&](int p) {
      MorrisBoard::MillsAt& at = board.mills_at[p];
      at.mill[at.count++] = m;
    });
  return board;
}

std::vector<std::vector<int>> morris_symmetries(const MorrisBoard& board) {
  const int n = board.points;
  // Points in breadth-first order from point 0, so that each point after the
  // first is linked to one placed before it and its image is nearly forced.
  std::vector<int> order{0};
  for (std::size_t k = 0; k < order.size(); ++k)
    for_each_square(board.neighbours[order[k]], [&](int q) {
      if (std::find(order.begin(), order.end(), q) == order.end()) order.push_back(q);
    });
  std::vector<Bitboard> mills = board.mills;
  std::sort(mills.begin(), mills.end());
  std::vector<std::vector<int>> maps;
  std::vector<int> image(n, -1);
  Bitboard used = 0;
  auto linked = [&](int a, int b) { return (board.neighbours[a] & bit(b)) != 0; };
  std::function<void(std::size_t)> extend = [&](std::size_t k) {
    if (k == order.size()) {
      std::vector<Bitboard> mapped;
      for (Bitboard m : board.mills) {
        Bitboard out = 0;
        for_each_square(m, [&](int p) { out |= bit(image[p]); });
        mapped.push_back(out);
      }
      std::sort(mapped.begin(), mapped.end());
      if (mapped == mills) maps.push_back(image);
      return;
    }
    const int p = order[k];
    for (int q = 0; q < n; ++q) {
      if (used & bit(q)) continue;
      bool keeps = true;
      for (std::size_t j = 0; j < k && keeps; ++j) keeps = linked(p, order[j]) == linked(q, image[order[j]]);
      if (!keeps) continue;
      image[p] = q;
      used |= bit(q);
      extend(k + 1);
      used &= ~bit(q);
      image[p] = -1;
    }
  };
  extend(0);
  std::sort(maps.begin(), maps.end());  // the identity is the smallest image list
  return maps;
}

}  // namespace rtb
