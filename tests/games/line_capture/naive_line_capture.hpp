#pragma once
// A second move generator for Pangki and Cinc camins, written from docs/rules.md
// alone, to check games/line_capture.* against: a grid of characters, no
// bitboards, no precomputed lines or windows, nothing shared with the game
// but the position text. It is slow on purpose: every move copies the board
// and scans each line it touches square by square, exactly as the rules say.
#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace naive {

struct Rules {
  int width;     // the board is width x width
  int lost_at;   // a side with this many pieces or fewer has lost
  bool arrival;  // captures only in the rank and file of the square reached
};

// docs/rules.md's table: Pangki loses at 1 piece or fewer, Cinc camins at 0.
inline Rules pangki(bool arrival = false) { return {4, 1, arrival}; }
inline Rules cinc_camins(bool arrival = false) { return {5, 0, arrival}; }

inline char opponent(char colour) { return colour == 'b' ? 'w' : 'b'; }

// cells[rank][file]; rank 0 is rank 1 (the bottom one), file 0 is file a.
struct Board {
  std::vector<std::string> cells;
  char to_move = 'b';
  friend bool operator==(const Board& a, const Board& b) { return a.cells == b.cells && a.to_move == b.to_move; }
  friend bool operator<(const Board& a, const Board& b) {
    return std::tie(a.cells, a.to_move) < std::tie(b.cells, b.to_move);
  }
};

// Reads position text (assumed well formed: this is the test's own parser,
// not the one under test): ranks from the top, '/' between, ' ', side.
inline Board from_text(const std::string& text) {
  Board b;
  const std::size_t space = text.find(' ');
  if (space == std::string::npos || space + 2 != text.size()) throw std::invalid_argument("naive: bad text " + text);
  std::vector<std::string> rows;
  std::string row;
  for (std::size_t i = 0; i < space; ++i) {
    if (text[i] == '/') {
      rows.push_back(row);
      row.clear();
    } else {
      row += text[i];
    }
  }
  rows.push_back(row);
  b.cells.assign(rows.rbegin(), rows.rend());
  b.to_move = text[space + 1];
  return b;
}

inline std::string to_text(const Board& b) {
  std::string out;
  for (int rank = static_cast<int>(b.cells.size()) - 1; rank >= 0; --rank) {
    out += b.cells[rank];
    if (rank > 0) out += '/';
  }
  return out + ' ' + b.to_move;
}

inline std::string square_name(int file, int rank) {
  std::string name(1, static_cast<char>('a' + file));
  name += std::to_string(rank + 1);  // appended: GCC 12 warns falsely on adding two temporaries
  return name;
}

inline int pieces(const Board& b, char colour) {
  int n = 0;
  for (const std::string& row : b.cells) n += static_cast<int>(std::count(row.begin(), row.end(), colour));
  return n;
}

// The side to move has already lost: too few pieces.
inline bool is_lost(const Rules& r, const Board& b) { return pieces(b, b.to_move) <= r.lost_at; }

struct Move {
  std::string text;                   // "a1a2"
  std::vector<std::string> captured;  // square names, sorted
  Board after;                        // the opponent to move
  // "a1a2 x b4,c1 -> TEXT": everything a move is, for comparing lists.
  std::string describe() const {
    std::string out = text;
    if (!captured.empty()) {
      out += " x ";
      for (std::size_t i = 0; i < captured.size(); ++i) out += (i ? "," : "") + captured[i];
    }
    return out + " -> " + to_text(after);
  }
};

// Every legal move of the side to move, in no particular order.
inline std::vector<Move> moves(const Rules& r, const Board& b) {
  const int w = r.width;
  const char me = b.to_move, them = opponent(me);
  const int step_file[4] = {0, 0, -1, 1}, step_rank[4] = {1, -1, 0, 0};
  std::vector<Move> out;
  for (int rank = 0; rank < w; ++rank) {
    for (int file = 0; file < w; ++file) {
      if (b.cells[rank][file] != me) continue;
      for (int d = 0; d < 4; ++d) {
        // One square up, down, left or right, onto an empty square.
        const int to_file = file + step_file[d], to_rank = rank + step_rank[d];
        if (to_file < 0 || to_file >= w || to_rank < 0 || to_rank >= w) continue;
        if (b.cells[to_rank][to_file] != '.') continue;
        Board after = b;
        after.cells[rank][file] = '.';
        after.cells[to_rank][to_file] = me;
        // The lines that can capture: ('r', rank) or ('f', file) of the
        // square reached and, by default, of the square left.
        std::set<std::pair<char, int>> lines{{'r', to_rank}, {'f', to_file}};
        if (!r.arrival) {
          lines.insert({'r', rank});
          lines.insert({'f', file});
        }
        // All lines are judged on the board right after the step, then the
        // captured pieces are removed together.
        std::set<std::pair<int, int>> taken;  // (rank, file)
        for (const auto& [kind, which] : lines) {
          std::vector<std::pair<int, int>> squares;  // (rank, file), in order along the line
          for (int k = 0; k < w; ++k) squares.push_back(kind == 'r' ? std::pair{which, k} : std::pair{k, which});
          std::vector<int> occupied;
          for (int k = 0; k < w; ++k)
            if (after.cells[squares[k].first][squares[k].second] != '.') occupied.push_back(k);
          // Exactly three pieces, on consecutive squares.
          if (occupied.size() != 3 || occupied[2] - occupied[0] != 2) continue;
          auto at = [&](int k) { return after.cells[squares[k].first][squares[k].second]; };
          const int first = occupied[0];
          if (at(first) == me && at(first + 1) == me && at(first + 2) == them) taken.insert(squares[first + 2]);
          if (at(first) == them && at(first + 1) == me && at(first + 2) == me) taken.insert(squares[first]);
        }
        Move m;
        m.text = square_name(file, rank) + square_name(to_file, to_rank);
        for (const auto& [tr, tf] : taken) {
          after.cells[tr][tf] = '.';
          m.captured.push_back(square_name(tf, tr));
        }
        std::sort(m.captured.begin(), m.captured.end());
        after.to_move = them;
        m.after = after;
        out.push_back(std::move(m));
      }
    }
  }
  return out;
}

inline std::vector<std::string> describe_all(const std::vector<Move>& ms) {
  std::vector<std::string> out;
  for (const Move& m : ms) out.push_back(m.describe());
  std::sort(out.begin(), out.end());
  return out;
}

// Positions from which a move that captures nothing leads to p. Such a move
// changes the board only by one piece of the side that moved (the side not
// to move in p) going one step; so every candidate is p with one of those
// pieces stepped back to an empty neighbour, and a candidate is kept only if
// the forward generator above really makes that move, capturing nothing.
inline std::vector<Board> predecessors(const Rules& r, const Board& p) {
  const int w = r.width;
  const char moved = opponent(p.to_move);
  const int step_file[4] = {0, 0, -1, 1}, step_rank[4] = {1, -1, 0, 0};
  std::set<Board> out;
  for (int rank = 0; rank < w; ++rank) {
    for (int file = 0; file < w; ++file) {
      if (p.cells[rank][file] != moved) continue;
      for (int d = 0; d < 4; ++d) {
        const int back_file = file + step_file[d], back_rank = rank + step_rank[d];
        if (back_file < 0 || back_file >= w || back_rank < 0 || back_rank >= w) continue;
        if (p.cells[back_rank][back_file] != '.') continue;
        Board q = p;
        q.cells[rank][file] = '.';
        q.cells[back_rank][back_file] = moved;
        q.to_move = moved;
        for (const Move& m : moves(r, q))
          if (m.captured.empty() && m.after == p) out.insert(q);
      }
    }
  }
  return {out.begin(), out.end()};
}

// Leaf count of the move tree, with the convention of games/kit/perft.hpp (a
// position where the side to move has lost or has no move is a leaf),
// memoised on (position, depth): a count depends on nothing else.
class Perft {
 public:
  explicit Perft(Rules r) : rules_(r) {}
  std::uint64_t count(const Board& b, int depth) {
    if (depth == 0 || is_lost(rules_, b)) return 1;
    const std::string key = to_text(b) + '#' + std::to_string(depth);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    const std::vector<Move> ms = moves(rules_, b);
    std::uint64_t n = ms.empty() ? 1 : 0;
    for (const Move& m : ms) n += count(m.after, depth - 1);
    memo_.emplace(key, n);
    return n;
  }

 private:
  Rules rules_;
  std::unordered_map<std::string, std::uint64_t> memo_;
};

}  // namespace naive
