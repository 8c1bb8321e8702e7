#pragma once
// Crossings as the seed text describes it (`--variant seed`, `seed-CxR`;
// docs/rules.md, "The seed text's game"), with pieces on squares and on the
// interior corner points, guarding, splitting and formation captures. It
// shares the board sizes, the group move and the position text's conventions
// with the published game (games/crossings/crossings.hpp) and is searched on 8x8 the same way.
//
// A point set holds the squares (square = rank * files + file, a1 = 0) and
// after them the corners (corner = squares + rank * (files - 1) + file, the
// corner named after the square whose upper-right corner it is). The same
// code runs on 32-bit sets (boards of at most 32 points: up to 4x4, 3x6, 6x3)
// and on 128-bit ones (8x8: 64 + 49 points, and the other mini boards).
//
// Readings the project chose where the text is open (docs/rules.md lists them too):
// - A locked piece counts as a member of a formation (it holds its square and
//   is one of a cross's five) but is never removed and never a formation's
//   victim: a square piece that is locked is no F1 or F3 centre.
// - Formations are ordered by their victim's point (squares in a1 order, then
//   corners); at one square the cross comes before the F1 victim. A removal
//   suffix names the first order, in that ranking, that gives its board; it is
//   written when one movement has two or more distinct final boards (before
//   the crossing rule drops those that do not answer a crossing).
// - The crossing rule looks at the board after the formations: a mover that
//   has a square piece on its far rank that is not locked has made a pending
//   piece. If the opponent had pending pieces, that move locks every pending
//   piece still standing (both sides), whether or not it also removed the
//   opponent's; a move that makes none must leave none of the opponent's.
// - A slide passes over own square pieces, locked ones included.
// - A side with no piece on the board has no move; is_lost() says so. A move
//   may remove the mover's own last pieces: the opponent then moves on and
//   wins when the side without pieces is to move.
// - Position text accepts any board the rules allow and that has no standing
//   formation and no doubly guarded square; it does not check that the board
//   can be reached from the start.
#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/crossings/crossings.hpp"
#include "games/kit/bitboard.hpp"
#include "solver/board_look.hpp"
#include "solver/game_concept.hpp"
#include "text/board_rows.hpp"

namespace rtb {

// "seed" is 8x8 with two ranks of pieces a side; "seed-CxR" the mini boards
// of the published game. std::invalid_argument for anything else.
bool is_crossings_seed_variant(const std::string& variant);
CrossingsRules crossings_seed_rules(const std::string& variant);
std::vector<std::string> crossings_seed_variants();
// Whether the variant's points fit 32 bits (the board's squares and corners).
bool crossings_seed_fits_32_bits(const CrossingsRules& rules);

template <SquareSet S>
struct SeedPosition {
  S mine = 0;    // the side to move's pieces, on squares and corners
  S theirs = 0;  // the other side's
  S locked = 0;  // locked square pieces of both sides (on their far ranks)
  bool white_to_move = false;
  friend bool operator==(const SeedPosition&, const SeedPosition&) = default;
};

enum class SeedMoveKind : std::uint8_t { step, slide, group, to_corner, down, split };

// A formation removed after a move: its victim's point, and for a square
// whether it is the centre of a cross (x) or an F1 victim (s); a corner is
// always an F2 victim (c). Keys sort in the order the removals are tried.
struct SeedFormation {
  std::uint8_t point = 0;
  bool square_victim = false;  // F1 (s) rather than a cross (x); false for a corner
  std::uint16_t key() const { return static_cast<std::uint16_t>(point * 2 + (square_victim ? 1 : 0)); }
};

template <SquareSet S>
struct SeedMove {
  static constexpr int kMostRemovals = 24;
  SeedMoveKind kind = SeedMoveKind::step;
  std::uint8_t from = 0;  // the moving piece's point (a group's tail, a splitting corner)
  std::uint8_t to = 0;    // where it lands (a group's tail landing square); unused by a split
  std::uint8_t size = 1;  // a group's size
  S placed = 0;           // the squares a split fills
  // The removals in order, given only where the order changes the result.
  std::uint8_t removals = 0;
  std::array<SeedFormation, kMostRemovals> removed{};
  bool takes = false;    // the move removed an enemy piece
  bool crosses = false;  // it made a pending piece or answered a crossing
  bool is_capture() const { return takes || crosses; }
};

template <SquareSet S>
class CrossingsSeedGame {
 public:
  using Position = SeedPosition<S>;
  using Move = SeedMove<S>;
  using TierId = std::uint32_t;

  CrossingsSeedGame(CrossingsRules rules, std::string variant);
  CrossingsSeedGame(const CrossingsSeedGame&) = delete;
  CrossingsSeedGame& operator=(const CrossingsSeedGame&) = delete;
  CrossingsSeedGame(CrossingsSeedGame&&) = default;
  CrossingsSeedGame& operator=(CrossingsSeedGame&&) = default;

  std::string name() const { return "crossings"; }
  const std::string& variant() const { return variant_; }
  int files() const { return files_; }
  int ranks() const { return ranks_; }
  int squares() const { return squares_; }
  int points() const { return points_; }
  int stones() const { return stones_; }  // a side, at the start

  // ---- tiers ----
  // Boards on 32-bit sets (up to 4x4) have tablebases, where the tiers are
  // not too large; the others are searched, with one stand-in tier whose
  // index is a 63-bit hash.
  //
  // Material is not monotone (a split brings pieces back), so tiers are by
  // the locked counts alone, which never go back: tier (a, b) holds every
  // board whose side to move has a locked pieces and the other side b, seen
  // from the side to move (the board turned upside down when White moves).
  // (a, b) and (b, a) make one cyclic group, solved in memory. Within a tier,
  // slots come in blocks by (i, j), the unlocked pieces of the two sides
  // (squares and corners alike); a block ranks the two locked sets on their
  // far ranks, then the mover's unlocked points among the points not
  // locked, then the other side's among those left. The other side's
  // unlocked pieces on its far rank are its pending pieces. No symmetry.
  // Tablebases for the 32-bit boards whose tiers hold at most kMostTierSlots
  // slots: all but seed-5x4 and seed-6x3, which are searched like 8x8.
  bool has_tablebases() const { return tablebases_; }
  bool solved_by_default(TierId) const { return has_tablebases(); }
  TierId tier_count() const { return has_tablebases() ? static_cast<TierId>(locks_ * locks_) : 1; }
  int mover_locked(TierId t) const { return static_cast<int>(t) / locks_; }
  int other_locked(TierId t) const { return static_cast<int>(t) % locks_; }
  TierId tier_id(int mover, int other) const { return static_cast<TierId>(mover * locks_ + other); }
  std::string tier_name(TierId t) const;
  std::uint64_t tier_size(TierId t) const { return has_tablebases() ? blocks_[t].back().first : kHashSlots; }
  std::uint64_t tier_positions(TierId t) const { return has_tablebases() ? tier_size(t) : 0; }
  std::size_t symmetry_count() const { return 1; }
  std::vector<TierId> tier_successors(TierId t) const;
  TierId tier_of(const Position& p) const {
    return has_tablebases()
               ? tier_id(count(static_cast<S>(p.mine & p.locked)), count(static_cast<S>(p.theirs & p.locked)))
               : 0;
  }
  // The slot in its tier; a 63-bit hash (the search's key) without tablebases.
  std::uint64_t index(const Position& p) const;
  // The board of a slot, Black to move.
  Position position(TierId t, std::uint64_t index) const;
  // 1, or 0 for a board that cannot occur (the text parser refuses it): a
  // pending piece of the side to move, a square guarded by both sides, a
  // standing formation. Those slots are solved by the same rules.
  std::uint64_t slot_weight(TierId t, std::uint64_t index) const;
  bool slot_may_be_alias(TierId, std::uint64_t) const { return false; }

  // ---- rules ----
  // No piece on the board: no move (the reserve needs a corner piece to come back).
  bool is_lost(const Position& p) const { return p.mine == 0; }
  S far_rank(bool white) const { return white ? rank_masks_[0] : rank_masks_[ranks_ - 1]; }
  // The other side's pieces waiting for an answer to their crossing.
  S pending(const Position& p) const { return p.theirs & far_rank(!p.white_to_move) & ~p.locked; }
  int reserve(S pieces) const { return stones_ - count(pieces); }

  // Calls f(move, child) for every legal move.
  template <class F>
  void for_each_move(const Position& p, F&& f) const;

  // No predecessors: taking a move back would mean putting back formations
  // that could have stood anywhere, so the engine takes the moves backwards
  // itself, from a table of each group's forward moves
  // (solver/reverse_moves.hpp).

  // ---- text ----
  Position start() const;
  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  std::string move_text(const Move& m) const;
  std::string point_name(int point) const;
  // How front ends draw it: the squares and the corner points between them,
  // in the text's order, and the pieces off the board as reserves.
  BoardLook board_look() const;
  std::string move_notation() const {
    return "e2f3 a step or slide (b2+c3: a corner piece down), 2a1a3 a group (its size, tail and the tail's "
           "landing square), b2b2+ onto the corner above b2 (+ names a corner), c3+=c3d4 a split onto the squares "
           "named, and /xc5,sd6 appended where the order of removals matters (x a cross by its centre, s a square "
           "victim, c a corner victim)";
  }
  // Its rules in words, for this board (crossings_rules_text.cpp).
  std::string rules_text() const;

  // What the rules need about formations (also for parse's check): the
  // formations standing on a board, in the order removals are tried, and the
  // pieces each removes.
  struct Standing {
    SeedFormation formation;
    S removes;
  };
  // Held inline up to a size boards rarely pass: move generation asks for
  // them at every node of its removal orders, where a heap allocation cost
  // a tenth of a solve.
  using StandingList = boost::container::small_vector<Standing, 16>;
  StandingList formations(S black_or_mine, S other, S locked) const;
  // The squares guarded by the corner pieces among `pieces`.
  S guarded(S pieces) const;

 private:
  static constexpr std::uint64_t kHashSlots = std::uint64_t{1} << 63;
  // The largest tier tabulated, so that a group of two tiers keeps its slots
  // within the 32-bit parents of the engine's table of moves taken backwards
  // (solver/reverse_moves.hpp). Boards with larger tiers are searched.
  static constexpr std::uint64_t kMostTierSlots = (std::uint64_t{1} << 31) - 1;
  // A block of a tier's slots: the boards with i unlocked pieces of the side
  // to move and j of the other side.
  struct Block {
    std::uint64_t first = 0;  // its first slot; the last entry of a tier's list ends the tier
    int i = 0, j = 0;
  };
  const Block& block_of(TierId t, int i, int j) const { return blocks_[t][i * (stones_ + 1) + j]; }
  // The board seen from the other side (ranks and corner rows upside down).
  S turned(S set) const;
  // Why a board cannot occur, or "" (the checks parse makes beyond the text).
  std::string impossible(S black, S white, S locked, bool white_to_move) const;
  // One movement's boards before the formations, and its text.
  template <class F>
  void settle(const Position& p, Move base, S mine, S theirs, F& f) const;
  // Whether any formation stands (the fast path: most moves make none).
  bool any_formation(S a, S b, S locked) const;
  // Centres of crosses: unlocked square pieces whose 4 neighbours are occupied.
  S cross_centres(S occupied_squares, S locked) const;
  // The squares that at least two of the corner pieces among `pieces` touch.
  S doubly_touched(S pieces) const;
  bool on_board(int file, int rank) const { return file >= 0 && file < files_ && rank >= 0 && rank < ranks_; }
  int square(int file, int rank) const { return rank * files_ + file; }
  int corner(int file, int rank) const { return squares_ + rank * (files_ - 1) + file; }
  // The rows of the position text: square ranks with corner rows between.
  BoardRows text_rows() const;

  std::string variant_;
  int files_, ranks_, squares_, points_, stones_;
  S all_squares_ = 0, all_corners_ = 0;
  S interior_ = 0;  // squares with four orthogonal neighbours
  S not_first_file_ = 0, not_last_file_ = 0;
  std::vector<S> rank_masks_;
  std::vector<S> corner_squares_;         // by point: a corner's 4 squares
  std::vector<S> square_corners_;         // by point: a square's 1 to 4 corners
  std::vector<S> corner_neighbours_;      // by point: corners sharing a square with a corner
  std::vector<S> orthogonal_neighbours_;  // by point: a square's orthogonal neighbours
  S start_black_ = 0, start_white_ = 0;
  bool tablebases_ = false;
  int locks_ = 0;                  // locked counts 0 .. files
  std::vector<int> turned_point_;  // by point
  // By tier: its blocks by (i, j), dense (an empty block where (i, j) is
  // impossible), then one entry whose `first` is the tier's size.
  std::vector<std::vector<Block>> blocks_;
};

using CrossingsSeedGame32 = CrossingsSeedGame<Bitboard>;
using CrossingsSeedGame128 = CrossingsSeedGame<Bitboard128>;

// ---- move generation ----

template <SquareSet S>
template <class F>
void CrossingsSeedGame<S>::for_each_move(const Position& p, F&& f) const {
  const S occupied = p.mine | p.theirs;
  const S mine_squares = p.mine & all_squares_;
  const S theirs_squares = p.theirs & all_squares_;
  const S guard = guarded(p.mine);
  const S movable = mine_squares & ~p.locked;
  const S capturable = theirs_squares & ~p.locked;
  const auto at = [](S set, int point) { return (set & bit<S>(point)) != 0; };
  const auto moved = [](S set, int from, int to) { return static_cast<S>((set & ~bit<S>(from)) | bit<S>(to)); };
  const int orthogonal[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
  const int diagonal[4][2] = {{1, 1}, {-1, -1}, {-1, 1}, {1, -1}};
  for_each_square(movable, [&](int s) {
    const int file = s % files_, rank = s / files_;
    for (const auto& d : diagonal) {
      if (!on_board(file + d[0], rank + d[1])) continue;
      const int t = square(file + d[0], rank + d[1]);
      if (at(occupied, t)) continue;
      Move m;
      m.kind = SeedMoveKind::step;
      m.from = static_cast<std::uint8_t>(s);
      m.to = static_cast<std::uint8_t>(t);
      settle(p, m, moved(p.mine, s, t), p.theirs, f);
    }
    // The slide passes own pieces, stops before an enemy piece, and must end
    // on the first empty square the mover does not guard.
    for (const auto& d : orthogonal) {
      for (int i = 1; on_board(file + i * d[0], rank + i * d[1]); ++i) {
        const int t = square(file + i * d[0], rank + i * d[1]);
        if (at(p.theirs, t)) break;
        if (at(p.mine, t)) continue;
        Move m;
        m.kind = SeedMoveKind::slide;
        m.from = static_cast<std::uint8_t>(s);
        m.to = static_cast<std::uint8_t>(t);
        settle(p, m, moved(p.mine, s, t), p.theirs, f);
        if (!at(guard, t)) break;
      }
    }
    // Onto a corner of its square, unless an enemy corner piece would guard
    // one of the same squares.
    for_each_square(static_cast<S>(square_corners_[s] & ~occupied), [&](int c) {
      if (corner_neighbours_[c] & p.theirs) return;
      Move m;
      m.kind = SeedMoveKind::to_corner;
      m.from = static_cast<std::uint8_t>(s);
      m.to = static_cast<std::uint8_t>(c);
      settle(p, m, moved(p.mine, s, c), p.theirs, f);
    });
    // Group moves as in the published game: this piece is the tail, k >= 2 pieces.
    const int all_directions[8][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, -1}, {-1, 1}, {1, -1}};
    for (const auto& d : all_directions) {
      int k = 1;
      while (on_board(file + k * d[0], rank + k * d[1]) && at(movable, square(file + k * d[0], rank + k * d[1]))) ++k;
      if (k < 2) continue;
      for (int m = 1; m <= k; ++m) {
        const int tf = file + (k - 1 + m) * d[0], tr = rank + (k - 1 + m) * d[1];
        if (!on_board(tf, tr)) break;
        const int target = square(tf, tr);
        bool take = false;
        if (at(occupied, target)) {
          if (!at(capturable, target)) break;
          int run = 0;  // the enemy square pieces from the target on, locked ones included
          while (on_board(tf + run * d[0], tr + run * d[1]) &&
                 at(theirs_squares, square(tf + run * d[0], tr + run * d[1])))
            ++run;
          if (run >= k) break;
          take = true;
        }
        S mine = p.mine;
        for (int i = 0; i < k; ++i) mine &= ~bit<S>(square(file + i * d[0], rank + i * d[1]));
        for (int i = 0; i < k; ++i) mine |= bit<S>(square(file + (i + m) * d[0], rank + (i + m) * d[1]));
        Move mv;
        mv.kind = SeedMoveKind::group;
        mv.from = static_cast<std::uint8_t>(s);
        mv.to = static_cast<std::uint8_t>(square(file + m * d[0], rank + m * d[1]));
        mv.size = static_cast<std::uint8_t>(k);
        mv.takes = take;
        settle(p, mv, mine, take ? static_cast<S>(p.theirs & ~bit<S>(target)) : p.theirs, f);
        if (take) break;
      }
    }
  });
  // Corner pieces: down onto an empty square, or split.
  const int reserve_now = reserve(p.mine);
  for_each_square(static_cast<S>(p.mine & all_corners_), [&](int c) {
    const S empty = corner_squares_[c] & ~occupied;
    for_each_square(empty, [&](int t) {
      Move m;
      m.kind = SeedMoveKind::down;
      m.from = static_cast<std::uint8_t>(c);
      m.to = static_cast<std::uint8_t>(t);
      settle(p, m, moved(p.mine, c, t), p.theirs, f);
    });
    const int n = std::min(reserve_now, count(empty));
    if (n < 1) return;
    // Every n-subset of the (at most 4) empty squares.
    std::array<int, 4> spots{};
    int spot_count = 0;
    for_each_square(empty, [&](int t) { spots[spot_count++] = t; });
    for (unsigned choice = 1; choice < (1u << spot_count); ++choice) {
      if (std::popcount(choice) != n) continue;
      S placed = 0;
      for (int i = 0; i < spot_count; ++i)
        if (choice & (1u << i)) placed |= bit<S>(spots[i]);
      Move m;
      m.kind = SeedMoveKind::split;
      m.from = static_cast<std::uint8_t>(c);
      m.placed = placed;
      settle(p, m, static_cast<S>((p.mine & ~bit<S>(c)) | placed), p.theirs, f);
    }
  });
}

template <SquareSet S>
template <class F>
void CrossingsSeedGame<S>::settle(const Position& p, Move base, S mine, S theirs, F& f) const {
  const bool white = p.white_to_move;
  const S my_far = far_rank(white);
  const S their_far = far_rank(!white);
  const S waiting = pending(p);
  // The crossing rule on a final board: the child, or nothing if illegal.
  const auto finish = [&](Move m, S mine_after, S theirs_after) {
    const S made = mine_after & my_far & ~p.locked;
    S locked = p.locked;
    if (waiting) {
      const S still = theirs_after & their_far & ~p.locked;
      if (made) locked |= made | still;
      else if (still) return;
      m.crosses = true;
    } else if (made) {
      m.crosses = true;
    }
    m.takes = m.takes || theirs_after != theirs;  // a formation took enemy pieces
    f(static_cast<const Move&>(m), Position{theirs_after, mine_after, locked, !white});
  };
  if (!any_formation(mine, theirs, p.locked)) {
    finish(base, mine, theirs);
    return;
  }
  // Every order of removal, depth first in the order of the formation keys:
  // the first path to reach a final board is its smallest order.
  using Order = boost::container::small_vector<SeedFormation, 8>;
  struct Final {
    S mine, theirs;
    Order order;
  };
  boost::container::small_vector<Final, 8> finals;
  boost::container::small_vector<std::pair<S, S>, 16> seen;
  Order path;
  const auto walk = [&](const auto& self, S a, S b) -> void {
    for (const auto& [x, y] : seen)
      if (x == a && y == b) return;
    seen.push_back({a, b});
    const StandingList standing = formations(a, b, p.locked);
    if (standing.empty()) {
      // Filled in place: a braced temporary made GCC 12 warn falsely
      // (-Wstringop-overread) inside small_vector's copy.
      Final& final = finals.emplace_back();
      final.mine = a;
      final.theirs = b;
      final.order.assign(path.begin(), path.end());
      return;
    }
    for (const Standing& s : standing) {
      path.push_back(s.formation);
      self(self, static_cast<S>(a & ~s.removes), static_cast<S>(b & ~s.removes));
      path.pop_back();
    }
  };
  walk(walk, mine, theirs);
  for (const Final& final_board : finals) {
    Move m = base;
    if (finals.size() > 1) {
      if (final_board.order.size() > static_cast<std::size_t>(Move::kMostRemovals))
        throw std::logic_error("crossings seed: more removals after one move than a move records");
      m.removals = static_cast<std::uint8_t>(final_board.order.size());
      std::copy(final_board.order.begin(), final_board.order.end(), m.removed.begin());
    }
    finish(m, final_board.mine, final_board.theirs);
  }
}

// The hooks this game provides (solver/game_concept.hpp).
static_assert(RetrogradeGame<CrossingsSeedGame32>);
static_assert(HasPositionText<CrossingsSeedGame32>);
static_assert(MayLackTablebases<CrossingsSeedGame32>);
static_assert(HasDefaultTiers<CrossingsSeedGame32>);
static_assert(KnowsAliasFreeSlots<CrossingsSeedGame32>);
static_assert(!GivesPredecessors<CrossingsSeedGame32>);  // the engine takes the moves backwards
static_assert(ExplainsRules<CrossingsSeedGame32>);
static_assert(RetrogradeGame<CrossingsSeedGame128>);
static_assert(HasPositionText<CrossingsSeedGame128>);
static_assert(ExplainsRules<CrossingsSeedGame128>);

extern template class CrossingsSeedGame<Bitboard>;
extern template class CrossingsSeedGame<Bitboard128>;

}  // namespace rtb
