#pragma once
// A second Crossings move generator, written from docs/rules.md alone and square
// by square, to check games/crossings/crossings.hpp against. It shares nothing with it:
// a position is a grid of characters (the position text's letters) and the
// side to move, and each move is found by walking the board.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace rtb::naive {

struct CrossingsBoard {
  int files = 0, ranks = 0;
  std::vector<std::string> rows;  // rows[rank][file], rank 0 = rank 1; letters b w B W .
  char to_move = 'b';

  // From docs/rules.md's text: ranks from the top, '/' between, then the side.
  static CrossingsBoard parse(const std::string& text) {
    CrossingsBoard board;
    const std::size_t space = text.find(' ');
    std::string ranks_text = text.substr(0, space);
    std::vector<std::string> top_first;
    std::size_t start = 0;
    while (true) {
      const std::size_t slash = ranks_text.find('/', start);
      top_first.push_back(ranks_text.substr(start, slash - start));
      if (slash == std::string::npos) break;
      start = slash + 1;
    }
    board.ranks = static_cast<int>(top_first.size());
    board.files = static_cast<int>(top_first[0].size());
    board.rows.assign(top_first.rbegin(), top_first.rend());
    board.to_move = text[space + 1];
    return board;
  }

  std::string text() const {
    std::string out;
    for (int rank = ranks - 1; rank >= 0; --rank) {
      out += rows[rank];
      if (rank > 0) out += '/';
    }
    return out + ' ' + to_move;
  }

  bool on_board(int file, int rank) const { return file >= 0 && file < files && rank >= 0 && rank < ranks; }
  char at(int file, int rank) const { return rows[rank][file]; }
  int far_rank(char side) const { return side == 'b' ? ranks - 1 : 0; }
  int crossed_count(char side) const {
    int n = 0;
    for (int file = 0; file < files; ++file)
      if (at(file, far_rank(side)) == (side == 'b' ? 'B' : 'W')) ++n;
    return n;
  }
};

inline std::string square_text(int file, int rank) {
  return std::string(1, static_cast<char>('a' + file)) + std::to_string(rank + 1);
}

// Every legal move as (move text, position after it), sorted.
inline std::vector<std::pair<std::string, std::string>> crossings_moves(const CrossingsBoard& b) {
  const char me = b.to_move, them = me == 'b' ? 'w' : 'b';
  const char my_crossed = me == 'b' ? 'B' : 'W';
  const char their_stone = them, their_crossed = them == 'b' ? 'B' : 'W';
  auto is_enemy = [&](char c) { return c == their_stone || c == their_crossed; };
  std::vector<std::pair<std::string, std::string>> out;
  const int dirs[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
  for (int rank = 0; rank < b.ranks; ++rank) {
    for (int file = 0; file < b.files; ++file) {
      if (b.at(file, rank) != me) continue;  // only uncrossed own stones move
      for (const auto& d : dirs) {
        // The group: this stone and the own uncrossed stones right ahead of it.
        int k = 1;
        while (b.on_board(file + k * d[0], rank + k * d[1]) && b.at(file + k * d[0], rank + k * d[1]) == me) ++k;
        const int front_file = file + (k - 1) * d[0], front_rank = rank + (k - 1) * d[1];
        const int longest = k >= 2 ? k : 1;
        for (int m = 1; m <= longest; ++m) {
          // The front passes m - 1 squares, which must be empty.
          bool clear = true;
          for (int i = 1; i < m; ++i) {
            const int f = front_file + i * d[0], r = front_rank + i * d[1];
            if (!b.on_board(f, r) || b.at(f, r) != '.') clear = false;
          }
          const int tf = front_file + m * d[0], tr = front_rank + m * d[1];
          if (!clear || !b.on_board(tf, tr)) break;
          const char target = b.at(tf, tr);
          bool captures = false;
          if (target != '.') {
            if (k < 2 || target != their_stone) break;  // a step never captures; crossed stones never are
            int run = 0;
            while (b.on_board(tf + run * d[0], tr + run * d[1]) && is_enemy(b.at(tf + run * d[0], tr + run * d[1])))
              ++run;
            if (run >= k) break;
            captures = true;
          }
          CrossingsBoard after = b;
          for (int i = 0; i < k; ++i) after.rows[rank + i * d[1]][file + i * d[0]] = '.';
          for (int i = 0; i < k; ++i) {
            const int f = file + (i + m) * d[0], r = rank + (i + m) * d[1];
            after.rows[r][f] = r == b.far_rank(me) ? my_crossed : me;
          }
          after.to_move = them;
          out.push_back({square_text(file, rank) + square_text(file + m * d[0], rank + m * d[1]), after.text()});
          if (captures) break;  // the front cannot go past an enemy stone
        }
      }
    }
  }
  // The opponent one crossed stone ahead: only moves that cross are legal.
  if (b.crossed_count(them) > b.crossed_count(me)) {
    std::vector<std::pair<std::string, std::string>> crossing;
    for (const auto& move : out)
      if (CrossingsBoard::parse(move.second).crossed_count(me) > b.crossed_count(me)) crossing.push_back(move);
    out.swap(crossing);
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::uint64_t crossings_perft(const CrossingsBoard& b, int depth) {
  if (depth == 0) return 1;
  const auto moves = crossings_moves(b);
  if (moves.empty()) return 1;
  std::uint64_t leaves = 0;
  for (const auto& move : moves) leaves += crossings_perft(CrossingsBoard::parse(move.second), depth - 1);
  return leaves;
}

}  // namespace rtb::naive
