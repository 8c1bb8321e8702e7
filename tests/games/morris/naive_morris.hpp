#pragma once
// A second Morris move generator, written from docs/rules.md ("The Morris
// family") alone, to check games/morris/ against. It shares nothing with it:
// the boards are typed in from the rules' text by point name, a position is a
// string of the position text's characters (one per point, in text order)
// with the side to move and the two hands, and every rule is applied the
// most obvious way: every pair of points tried for a move, every mill
// scanned for each question about mills, a text built for every child. Slow
// on purpose: nothing here is clever enough to share a bug with a fast
// generator.
#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace rtb::naive {

struct MillsBoard {
  int stones = 0;                 // a side's stones, all in hand at the start
  bool flying = false;            // a side with exactly 3 stones (board and hand) may move to any empty point
  bool slides_with_hand = false;  // lasker: a side with stones in hand may move instead of placing
  bool full_board_drawn = false;  // morabaraba: every point taken, the game is drawn
  // Point names in text order: ranks from the top, left to right.
  std::vector<std::string> names;
  std::vector<int> rank_lengths;  // top rank first
  std::vector<std::pair<std::string, std::string>> links;
  std::vector<std::array<std::string, 3>> mills;
  // The same links and mills by point number (index into names), filled in
  // from the names once, so that the generator need not look names up.
  std::vector<std::vector<bool>> adjacent;
  std::vector<std::array<int, 3>> mill_points;

  int point(const std::string& name) const {
    for (std::size_t k = 0; k < names.size(); ++k)
      if (names[k] == name) return static_cast<int>(k);
    throw std::logic_error("naive morris: no point " + name);
  }
};

namespace detail {

// Splits "a1 c1 e1" at the spaces.
inline std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  for (char c : text) {
    if (c == ' ') {
      if (!word.empty()) out.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(word);
  return out;
}

// A cycle of links in the order listed, the last point back to the first.
inline void add_cycle(MillsBoard& b, const std::string& points) {
  const std::vector<std::string> p = words(points);
  for (std::size_t k = 0; k < p.size(); ++k) b.links.push_back({p[k], p[(k + 1) % p.size()]});
}

// A mill written as its three points run together, "a1c1e1".
inline void add_mill(MillsBoard& b, const std::string& three) {
  b.mills.push_back({three.substr(0, 2), three.substr(2, 2), three.substr(4, 2)});
}

// The text order follows from the names: ranks from the top, files from the left.
inline void order_points(MillsBoard& b) {
  std::set<std::string> all;
  for (const auto& [x, y] : b.links) all.insert(x), all.insert(y);
  std::vector<std::string> names(all.begin(), all.end());
  std::sort(names.begin(), names.end(),
            [](const std::string& x, const std::string& y) { return x[1] != y[1] ? x[1] > y[1] : x[0] < y[0]; });
  b.names = names;
  b.rank_lengths.clear();
  for (std::size_t k = 0; k < names.size(); ++k) {
    if (k == 0 || names[k][1] != names[k - 1][1]) b.rank_lengths.push_back(0);
    ++b.rank_lengths.back();
  }
  const std::size_t n = names.size();
  b.adjacent.assign(n, std::vector<bool>(n, false));
  for (const auto& [x, y] : b.links) b.adjacent[b.point(x)][b.point(y)] = b.adjacent[b.point(y)][b.point(x)] = true;
  b.mill_points.clear();
  for (const auto& m : b.mills) b.mill_points.push_back({b.point(m[0]), b.point(m[1]), b.point(m[2])});
}

}  // namespace detail

// The boards of docs/rules.md's table, by variant name ("five" .. "seven-fly"),
// and those of its section on Morabaraba and Lasker Morris.
inline MillsBoard mills_board(const std::string& variant) {
  MillsBoard b;
  const bool fly_suffix = variant.size() > 4 && variant.substr(variant.size() - 4) == "-fly";
  const std::string base = fly_suffix ? variant.substr(0, variant.size() - 4) : variant;
  if (base == "five" || base == "six" || base == "seven") {
    // 16 points: two squares and four cross links; the cross links make no mill.
    detail::add_cycle(b, "a1 c1 e1 e3 e5 c5 a5 a3");
    detail::add_cycle(b, "b2 c2 d2 d3 d4 c4 b4 b3");
    b.links.insert(b.links.end(), {{"c1", "c2"}, {"e3", "d3"}, {"c5", "c4"}, {"a3", "b3"}});
    for (const char* m : {"a1c1e1", "e1e3e5", "a5c5e5", "a1a3a5", "b2c2d2", "d2d3d4", "b4c4d4", "b2b3b4"})
      detail::add_mill(b, m);
    if (base == "seven") {
      // 17 points: a centre linked to the inner square's midpoints, and the
      // threes along file c and rank 3 through it.
      b.links.insert(b.links.end(), {{"c3", "c2"}, {"c3", "d3"}, {"c3", "c4"}, {"c3", "b3"}});
      for (const char* m : {"c1c2c3", "c2c3c4", "c3c4c5", "a3b3c3", "b3c3d3", "c3d3e3"}) detail::add_mill(b, m);
    }
    b.stones = base == "five" ? 5 : base == "six" ? 6 : 7;
    b.flying = fly_suffix;
  } else if ((base == "nine" || base == "morabaraba" || base == "lasker") && !fly_suffix) {
    detail::add_cycle(b, "a1 d1 g1 g4 g7 d7 a7 a4");
    detail::add_cycle(b, "b2 d2 f2 f4 f6 d6 b6 b4");
    detail::add_cycle(b, "c3 d3 e3 e4 e5 d5 c5 c4");
    // The midpoints joined across: a4-b4-c4, d7-d6-d5, g4-f4-e4, d1-d2-d3.
    b.links.insert(b.links.end(), {{"a4", "b4"},
                                   {"b4", "c4"},
                                   {"d7", "d6"},
                                   {"d6", "d5"},
                                   {"g4", "f4"},
                                   {"f4", "e4"},
                                   {"d1", "d2"},
                                   {"d2", "d3"}});
    // The 12 square sides, then the 4 cross lines.
    for (const char* m : {"a1d1g1", "g1g4g7", "a7d7g7", "a1a4a7", "b2d2f2", "f2f4f6", "b6d6f6", "b2b4b6", "c3d3e3",
                          "e3e4e5", "c5d5e5", "c3c4c5", "a4b4c4", "d7d6d5", "g4f4e4", "d1d2d3"})
      detail::add_mill(b, m);
    b.stones = 9;
    b.flying = true;  // nine flies at three stones
    if (base == "morabaraba") {
      // The four diagonals joining the squares' corners, each two links and a mill.
      b.links.insert(b.links.end(), {{"a7", "b6"},
                                     {"b6", "c5"},
                                     {"g7", "f6"},
                                     {"f6", "e5"},
                                     {"a1", "b2"},
                                     {"b2", "c3"},
                                     {"g1", "f2"},
                                     {"f2", "e3"}});
      for (const char* m : {"a7b6c5", "g7f6e5", "a1b2c3", "g1f2e3"}) detail::add_mill(b, m);
      b.stones = 12;
      b.full_board_drawn = true;
    }
    if (base == "lasker") {
      b.stones = 10;
      b.slides_with_hand = true;
    }
  } else {
    throw std::invalid_argument("naive morris: unknown variant " + variant);
  }
  detail::order_points(b);
  return b;
}

struct Position {
  std::string at;  // at[k]: 'w', 'b' or '.' on the point names[k]
  char to_move = 'w';
  int hand_w = 0, hand_b = 0;
};

// Reads docs/rules.md's position text (no checks: the texts come from rtb).
inline Position parse(const MillsBoard& b, const std::string& text) {
  Position p;
  std::size_t k = 0;
  for (; k < text.size() && text[k] != ' '; ++k)
    if (text[k] != '/') p.at += text[k];
  if (p.at.size() != b.names.size()) throw std::invalid_argument("naive morris: bad board in " + text);
  p.to_move = text[k + 1];
  const std::size_t second = text.find(' ', k + 3);
  p.hand_w = std::stoi(text.substr(k + 3, second - (k + 3)));
  p.hand_b = std::stoi(text.substr(second + 1));
  return p;
}

inline std::string format(const MillsBoard& b, const Position& p) {
  std::string out;
  std::size_t k = 0;
  for (std::size_t rank = 0; rank < b.rank_lengths.size(); ++rank) {
    if (rank > 0) out += '/';
    for (int i = 0; i < b.rank_lengths[rank]; ++i) out += p.at[k++];
  }
  return out + ' ' + p.to_move + ' ' + std::to_string(p.hand_w) + ' ' + std::to_string(p.hand_b);
}

inline int on_board(const Position& p, char side) {
  return static_cast<int>(std::count(p.at.begin(), p.at.end(), side));
}

// Whether the stone of `side` on `point` lies in a complete mill of `side`.
inline bool in_a_mill(const MillsBoard& b, const Position& p, int point, char side) {
  for (const auto& mill : b.mill_points) {
    if (std::find(mill.begin(), mill.end(), point) == mill.end()) continue;
    bool full = true;
    for (int q : mill) full = full && p.at[q] == side;
    if (full) return true;
  }
  return false;
}

// Every legal move as (move text, position text after it), sorted.
inline std::vector<std::pair<std::string, std::string>> moves(const MillsBoard& b, const Position& p) {
  const char me = p.to_move, them = me == 'w' ? 'b' : 'w';
  const int my_hand = me == 'w' ? p.hand_w : p.hand_b;
  const int n = static_cast<int>(b.names.size());
  std::vector<std::pair<std::string, std::string>> out;

  // After a stone of mine reached `to` (the origin already emptied, the hand
  // already paid): the quiet move, or one move per stone the mill may remove.
  auto finish = [&](const std::string& text, Position after, int to) {
    after.to_move = them;
    if (!in_a_mill(b, after, to, me) || on_board(after, them) == 0) {
      out.push_back({text, format(b, after)});
      return;
    }
    std::vector<int> free, all;
    for (int q = 0; q < n; ++q) {
      if (after.at[q] != them) continue;
      all.push_back(q);
      if (!in_a_mill(b, after, q, them)) free.push_back(q);
    }
    for (int q : free.empty() ? all : free) {
      Position removed = after;
      removed.at[q] = '.';
      out.push_back({text + "x" + b.names[q], format(b, removed)});
    }
  };

  if (my_hand > 0) {
    // Placement: any empty point; the board's stones may not move (but in lasker).
    for (int to = 0; to < n; ++to) {
      if (p.at[to] != '.') continue;
      Position after = p;
      after.at[to] = me;
      (me == 'w' ? after.hand_w : after.hand_b) -= 1;
      finish(b.names[to], after, to);
    }
  }
  if (my_hand == 0 || b.slides_with_hand) {
    const bool flies = b.flying && on_board(p, me) + my_hand == 3;
    for (int from = 0; from < n; ++from) {
      if (p.at[from] != me) continue;
      for (int to = 0; to < n; ++to) {
        if (p.at[to] != '.') continue;
        if (!flies && !b.adjacent[from][to]) continue;
        Position after = p;
        after.at[from] = '.';
        after.at[to] = me;
        finish(b.names[from] + b.names[to], after, to);
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The game is drawn: morabaraba's board with every point taken.
inline bool is_drawn(const MillsBoard& b, const Position& p) {
  return b.full_board_drawn && p.at.find('.') == std::string::npos;
}

// The side to move has lost: fewer than three stones on the board and in
// hand, or no legal move (on a board that is not drawn).
inline bool is_lost(const MillsBoard& b, const Position& p) {
  const int mine = on_board(p, p.to_move) + (p.to_move == 'w' ? p.hand_w : p.hand_b);
  return mine < 3 || (moves(b, p).empty() && !is_drawn(b, p));
}

// Leaves of the move tree; a position where the game is over is a leaf
// wherever it stands.
inline std::uint64_t perft(const MillsBoard& b, const Position& p, int depth) {
  if (depth == 0 || is_lost(b, p) || is_drawn(b, p)) return 1;
  const std::vector<std::pair<std::string, std::string>> children = moves(b, p);
  if (depth == 1) return children.size();  // each child a leaf, over or not
  std::uint64_t leaves = 0;
  for (const auto& [text, child] : children) leaves += perft(b, parse(b, child), depth - 1);
  return leaves;
}

// The board's symmetries, found by trying every assignment of images point
// by point: the permutations of the points that keep every link a link and
// every mill a mill. map[k] is the index of the image of names[k].
inline std::vector<std::vector<int>> symmetries(const MillsBoard& b) {
  const int n = static_cast<int>(b.names.size());
  const std::vector<std::vector<bool>>& link = b.adjacent;
  std::set<std::set<int>> mills;
  for (const auto& m : b.mill_points) mills.insert({m[0], m[1], m[2]});
  std::vector<std::vector<int>> out;
  std::vector<int> image(n, -1);
  std::vector<bool> used(n, false);
  auto extend = [&](auto&& self, int k) -> void {
    if (k == n) {
      for (const auto& m : mills) {
        std::set<int> moved;
        for (int q : m) moved.insert(image[q]);
        if (!mills.count(moved)) return;
      }
      out.push_back(image);
      return;
    }
    for (int to = 0; to < n; ++to) {
      if (used[to]) continue;
      bool fits = true;  // links (and non-links) to the points already placed are kept
      for (int j = 0; j < k && fits; ++j) fits = link[k][j] == link[to][image[j]];
      if (!fits) continue;
      used[to] = true, image[k] = to;
      self(self, k + 1);
      used[to] = false, image[k] = -1;
    }
  };
  extend(extend, 0);
  return out;
}

}  // namespace rtb::naive
