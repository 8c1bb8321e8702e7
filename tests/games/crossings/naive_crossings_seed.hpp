#pragma once
// A second generator for Crossings as the seed text describes it
// (docs/rules.md, "The seed text's game"), written from that page alone,
// point by point, to check games/crossings/crossings_seed.hpp against. It shares nothing with it: a position is
// two grids of characters (the square ranks and the corner rows of the
// position text) and the side to move; every rule is a walk on the grids.
//
// It makes the same choices where the seed text is open (docs/rules.md and
// games/crossings/crossings_seed.hpp list them): locked pieces count in formations but stay and are never a
// victim; formations are tried squares first (a1 order, the cross before the
// square victim), then corners; the removal suffix names the first order that
// gives a board, written when one movement ends in several boards.
#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rtb::naive {

struct SeedBoard {
  int files = 0, ranks = 0;
  std::vector<std::string> squares;  // squares[rank][file], rank 0 = rank 1: . b w B W
  std::vector<std::string> corners;  // corners[row][file], row 0 = corner row 1 (a1+ ..): . b w
  char to_move = 'b';

  static SeedBoard parse(const std::string& text) {
    SeedBoard board;
    const std::size_t space = text.find(' ');
    std::vector<std::string> fields;
    std::size_t start = 0;
    const std::string body = text.substr(0, space);
    while (true) {
      const std::size_t slash = body.find('/', start);
      fields.push_back(body.substr(start, slash - start));
      if (slash == std::string::npos) break;
      start = slash + 1;
    }
    board.ranks = static_cast<int>(fields.size() + 1) / 2;
    board.files = static_cast<int>(fields[0].size());
    // Fields from the top: rank R, corner row R-1, rank R-1, ..., rank 1.
    for (int i = static_cast<int>(fields.size()) - 1; i >= 0; --i)
      (i % 2 == 0 ? board.squares : board.corners).push_back(fields[i]);
    board.to_move = text[space + 1];
    return board;
  }

  std::string text() const {
    std::string out;
    for (int rank = ranks - 1; rank >= 0; --rank) {
      out += squares[rank];
      if (rank > 0) out += "/" + corners[rank - 1] + "/";
    }
    return out + ' ' + to_move;
  }
};

inline char seed_colour(char c) { return c == 'b' || c == 'B' ? 'b' : c == 'w' || c == 'W' ? 'w' : '.'; }
inline bool seed_locked(char c) { return c == 'B' || c == 'W'; }
inline std::string seed_square_name(int file, int rank) {
  return std::string(1, static_cast<char>('a' + file)) + std::to_string(rank + 1);
}
inline std::string seed_corner_name(int file, int row) { return seed_square_name(file, row) + "+"; }

// The pieces of a board as the formation rules see them.
struct SeedFormationFound {
  char kind;  // 'x' cross, 's' square victim, 'c' corner victim
  int file, rank;
  std::vector<std::pair<bool, std::pair<int, int>>> removed;  // (on a corner?, (file, rank or row))
  std::string name() const {
    return std::string(1, kind) + (kind == 'c' ? seed_corner_name(file, rank) : seed_square_name(file, rank));
  }
};

// The corners (file, row) that touch square (file, rank).
inline std::vector<std::pair<int, int>> seed_corners_of(const SeedBoard& b, int file, int rank) {
  std::vector<std::pair<int, int>> out;
  for (int cf = file - 1; cf <= file; ++cf)
    for (int cr = rank - 1; cr <= rank; ++cr)
      if (cf >= 0 && cf < b.files - 1 && cr >= 0 && cr < b.ranks - 1) out.push_back({cf, cr});
  return out;
}

inline std::vector<SeedFormationFound> seed_formations(const SeedBoard& b) {
  std::vector<SeedFormationFound> out;
  for (int rank = 0; rank < b.ranks; ++rank)
    for (int file = 0; file < b.files; ++file) {
      const char c = b.squares[rank][file];
      if (c == '.' || seed_locked(c)) continue;  // a locked piece is never a victim
      // Cross: all four orthogonal neighbours exist and are occupied.
      if (file > 0 && file < b.files - 1 && rank > 0 && rank < b.ranks - 1 && b.squares[rank + 1][file] != '.' &&
          b.squares[rank - 1][file] != '.' && b.squares[rank][file + 1] != '.' && b.squares[rank][file - 1] != '.') {
        SeedFormationFound f{'x', file, rank, {{false, {file, rank}}}};
        const int around[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
        for (const auto& d : around)
          if (!seed_locked(b.squares[rank + d[1]][file + d[0]]))
            f.removed.push_back({false, {file + d[0], rank + d[1]}});
        out.push_back(f);
      }
      // Square victim: two or more of its corners held by the enemy.
      SeedFormationFound f{'s', file, rank, {{false, {file, rank}}}};
      for (const auto& [cf, cr] : seed_corners_of(b, file, rank)) {
        const char k = b.corners[cr][cf];
        if (k != '.' && k != seed_colour(c)) f.removed.push_back({true, {cf, cr}});
      }
      if (f.removed.size() >= 3) out.push_back(f);
    }
  for (int row = 0; row < b.ranks - 1; ++row)
    for (int file = 0; file < b.files - 1; ++file) {
      const char c = b.corners[row][file];
      if (c == '.') continue;
      SeedFormationFound f{'c', file, row, {{true, {file, row}}}};
      int enemies = 0;
      for (int df = 0; df < 2; ++df)
        for (int dr = 0; dr < 2; ++dr) {
          const char s = b.squares[row + dr][file + df];
          if (s == '.' || seed_colour(s) == c) continue;
          ++enemies;
          if (!seed_locked(s)) f.removed.push_back({false, {file + df, row + dr}});
        }
      if (enemies >= 2) out.push_back(f);
    }
  return out;
}

// Every legal move as (move text, position after it), sorted.
inline std::vector<std::pair<std::string, std::string>> seed_moves(const SeedBoard& b) {
  const char me = b.to_move, them = me == 'b' ? 'w' : 'b';
  const int my_far = me == 'b' ? b.ranks - 1 : 0, their_far = me == 'b' ? 0 : b.ranks - 1;
  const int start_count = b.files * (b.files == 8 && b.ranks == 8 ? 2 : 1);
  auto on_board = [&](int f, int r) { return f >= 0 && f < b.files && r >= 0 && r < b.ranks; };
  auto guarded_by_me = [&](int f, int r) {
    for (const auto& [cf, cr] : seed_corners_of(b, f, r))
      if (b.corners[cr][cf] == me) return true;
    return false;
  };
  bool they_pending = false;
  for (int f = 0; f < b.files; ++f) they_pending = they_pending || b.squares[their_far][f] == them;
  int on_board_count = 0;
  for (const auto& row : b.squares)
    for (char c : row) on_board_count += seed_colour(c) == me;
  for (const auto& row : b.corners)
    for (char c : row) on_board_count += c == me;
  const int reserve = start_count - on_board_count;

  std::vector<std::pair<std::string, std::string>> out;
  // After the movement: every order of formation removal, then the crossing rule.
  auto finish = [&](const std::string& text, const SeedBoard& moved) {
    std::vector<std::pair<std::string, SeedBoard>> finals;  // (first order, board)
    std::set<std::string> seen, final_texts;
    auto walk = [&](auto& self, const SeedBoard& board, const std::string& order) -> void {
      if (!seen.insert(board.text()).second) return;
      const auto found = seed_formations(board);
      if (found.empty()) {
        if (final_texts.insert(board.text()).second) finals.push_back({order, board});
        return;
      }
      for (const auto& f : found) {
        SeedBoard next = board;
        for (const auto& [corner, at] : f.removed) (corner ? next.corners : next.squares)[at.second][at.first] = '.';
        self(self, next, order + (order.empty() ? "/" : ",") + f.name());
      }
    };
    walk(walk, moved, "");
    for (auto [order, board] : finals) {
      bool made = false, still = false;
      for (int f = 0; f < b.files; ++f) {
        made = made || board.squares[my_far][f] == me;
        still = still || board.squares[their_far][f] == them;
      }
      if (they_pending) {
        if (made) {
          for (int f = 0; f < b.files; ++f) {
            if (board.squares[my_far][f] == me) board.squares[my_far][f] = static_cast<char>(me - 'a' + 'A');
            if (board.squares[their_far][f] == them) board.squares[their_far][f] = static_cast<char>(them - 'a' + 'A');
          }
        } else if (still) {
          continue;  // the crossing is not answered
        }
      }
      board.to_move = them;
      out.push_back({text + (finals.size() > 1 ? order : ""), board.text()});
    }
  };

  const int orthogonal[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
  const int diagonal[4][2] = {{1, 1}, {-1, -1}, {-1, 1}, {1, -1}};
  for (int rank = 0; rank < b.ranks; ++rank)
    for (int file = 0; file < b.files; ++file) {
      if (b.squares[rank][file] != me) continue;  // locked pieces do not move
      const std::string from = seed_square_name(file, rank);
      auto lifted = [&]() {
        SeedBoard a = b;
        a.squares[rank][file] = '.';
        return a;
      };
      for (const auto& d : diagonal) {
        const int f = file + d[0], r = rank + d[1];
        if (!on_board(f, r) || b.squares[r][f] != '.') continue;
        SeedBoard a = lifted();
        a.squares[r][f] = me;
        finish(from + seed_square_name(f, r), a);
      }
      for (const auto& d : orthogonal) {
        for (int i = 1; on_board(file + i * d[0], rank + i * d[1]); ++i) {
          const int f = file + i * d[0], r = rank + i * d[1];
          const char c = b.squares[r][f];
          if (seed_colour(c) == them) break;
          if (seed_colour(c) == me) continue;
          SeedBoard a = lifted();
          a.squares[r][f] = me;
          finish(from + seed_square_name(f, r), a);
          if (!guarded_by_me(f, r)) break;
        }
      }
      for (const auto& [cf, cr] : seed_corners_of(b, file, rank)) {
        if (b.corners[cr][cf] != '.') continue;
        bool enemy_near = false;  // an enemy corner piece sharing one of its squares
        for (int f = cf - 1; f <= cf + 1; ++f)
          for (int r = cr - 1; r <= cr + 1; ++r)
            if (f >= 0 && f < b.files - 1 && r >= 0 && r < b.ranks - 1 && (f != cf || r != cr) &&
                b.corners[r][f] == them)
              enemy_near = true;
        if (enemy_near) continue;
        SeedBoard a = lifted();
        a.corners[cr][cf] = me;
        finish(from + seed_corner_name(cf, cr), a);
      }
      const int all[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
      for (const auto& d : all) {
        int k = 1;
        while (on_board(file + k * d[0], rank + k * d[1]) && b.squares[rank + k * d[1]][file + k * d[0]] == me) ++k;
        if (k < 2) continue;
        for (int m = 1; m <= k; ++m) {
          bool clear = true;
          for (int i = 1; i < m; ++i) {
            const int f = file + (k - 1 + i) * d[0], r = rank + (k - 1 + i) * d[1];
            if (!on_board(f, r) || b.squares[r][f] != '.') clear = false;
          }
          const int tf = file + (k - 1 + m) * d[0], tr = rank + (k - 1 + m) * d[1];
          if (!clear || !on_board(tf, tr)) break;
          const char target = b.squares[tr][tf];
          bool captures = false;
          if (target != '.') {
            if (target != them) break;  // own pieces, locked pieces
            int run = 0;
            while (on_board(tf + run * d[0], tr + run * d[1]) &&
                   seed_colour(b.squares[tr + run * d[1]][tf + run * d[0]]) == them)
              ++run;
            if (run >= k) break;
            captures = true;
          }
          SeedBoard a = b;
          for (int i = 0; i < k; ++i) a.squares[rank + i * d[1]][file + i * d[0]] = '.';
          for (int i = 0; i < k; ++i) a.squares[rank + (i + m) * d[1]][file + (i + m) * d[0]] = me;
          finish(std::to_string(k) + from + seed_square_name(file + m * d[0], rank + m * d[1]), a);
          if (captures) break;
        }
      }
    }
  for (int row = 0; row < b.ranks - 1; ++row)
    for (int file = 0; file < b.files - 1; ++file) {
      if (b.corners[row][file] != me) continue;
      const std::string from = seed_corner_name(file, row);
      std::vector<std::pair<int, int>> empty;  // in a1 order
      for (int dr = 0; dr < 2; ++dr)
        for (int df = 0; df < 2; ++df)
          if (b.squares[row + dr][file + df] == '.') empty.push_back({file + df, row + dr});
      for (const auto& [f, r] : empty) {
        SeedBoard a = b;
        a.corners[row][file] = '.';
        a.squares[r][f] = me;
        finish(from + seed_square_name(f, r), a);
      }
      const int n = std::min(reserve, static_cast<int>(empty.size()));
      if (n < 1) continue;
      for (unsigned choice = 0; choice < (1u << empty.size()); ++choice) {
        int chosen = 0;
        for (std::size_t i = 0; i < empty.size(); ++i) chosen += (choice >> i) & 1;
        if (chosen != n) continue;
        SeedBoard a = b;
        a.corners[row][file] = '.';
        std::string text = from + "=";
        for (std::size_t i = 0; i < empty.size(); ++i)
          if ((choice >> i) & 1) {
            a.squares[empty[i].second][empty[i].first] = me;
            text += seed_square_name(empty[i].first, empty[i].second);
          }
        finish(text, a);
      }
    }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::uint64_t seed_perft(const SeedBoard& b, int depth) {
  if (depth == 0) return 1;
  const auto moves = seed_moves(b);
  if (moves.empty()) return 1;
  std::uint64_t leaves = 0;
  for (const auto& move : moves) leaves += seed_perft(SeedBoard::parse(move.second), depth - 1);
  return leaves;
}

}  // namespace rtb::naive
