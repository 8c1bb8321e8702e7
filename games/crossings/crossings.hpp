#pragma once
// Crossings (Robert Abbott, 1963) as published (docs/rules.md, "The
// published game"), on the 8x8 board (two ranks of stones a side) and on
// mini boards of C files and R ranks (one rank a side), from one code.
//
// Sets of squares are 64-bit words (square = rank * files + file, a1 = 0),
// whatever the board. A position keeps the stones by colour as they stand on
// the board (`mine` are the side to move's) and which colour is to move: the
// 8 directions are the same for both colours, only the far ranks differ, so
// no move has to turn the board. Tablebases see a position from the side to
// move (the board turned upside down when White moves), so a tier holds both
// colours' positions at once; the one symmetry left is the left-right mirror.
//
// Readings the project chose (docs/rules.md, "The published game"):
// - A side that must answer a crossing and cannot, like a side with no move
//   at all, has no legal move; both are LOSS in 0 (the engine, perft and the
//   search treat "no move" so). is_lost() is only "no stone left", the one
//   loss a tier cannot hold (a tier has at least one stone a side).
// - A crossing is a move whose front stone lands on the mover's far rank; a
//   move crosses at most one stone. The obligation is read off the board:
//   the side to move must cross when the other side has more crossed stones.
// - A run (for the capture rule) counts the enemy stones from the target
//   along the direction of the move, crossed ones included, up to the first
//   square that is empty, the mover's or off the board.
// - Positions whose crossed counts cannot occur (the side to move ahead, or
//   behind by more than one) still have slots in a tier, and follow the same
//   rules (the side to move must cross while it is behind); slot_weight()
//   gives them 0, so statistics count reachable kinds of position only.
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/kit/bitboard.hpp"
#include "games/kit/board_symmetry.hpp"
#include "games/kit/lazy_indexers.hpp"
#include "games/kit/set_indexer.hpp"
#include "solver/game_concept.hpp"

namespace rtb {

using Squares = std::uint64_t;  // a set of squares on any board up to 8x8

struct CrossingsRules {
  int files = 8;
  int ranks = 8;
  int home_ranks = 2;  // ranks of stones a side at the start
};

// "default" is 8x8 with two ranks a side; "CxR" (3 <= C, R <= 8, not 8x8) a
// mini board with one rank a side. std::invalid_argument for anything else.
CrossingsRules crossings_rules(const std::string& variant);
std::vector<std::string> crossings_variants();

struct CrossingsPosition {
  Squares mine = 0;    // the side to move's stones, where they stand
  Squares theirs = 0;  // the other side's
  bool white_to_move = false;
  friend bool operator==(const CrossingsPosition&, const CrossingsPosition&) = default;
};

struct CrossingsMove {
  std::uint8_t from = 0;  // the tail stone's square
  std::uint8_t to = 0;    // where the tail stone lands
  bool captures = false;
  bool crosses = false;
  // Forcing moves (a crossing forces the answer; a capture shrinks the
  // opponent): the exact search tries them first.
  bool is_capture() const { return captures || crosses; }
};

class CrossingsGame {
 public:
  using Position = CrossingsPosition;
  using Move = CrossingsMove;
  using TierId = std::uint32_t;

  CrossingsGame(CrossingsRules rules, std::string variant);
  CrossingsGame(const CrossingsGame&) = delete;
  CrossingsGame& operator=(const CrossingsGame&) = delete;
  CrossingsGame(CrossingsGame&&) = default;
  CrossingsGame& operator=(CrossingsGame&&) = default;

  std::string name() const { return "crossings"; }
  const std::string& variant() const { return variant_; }
  const CrossingsRules& rules() const { return rules_; }
  int files() const { return rules_.files; }
  int ranks() const { return rules_.ranks; }
  int squares() const { return squares_; }
  int stones() const { return stones_; }  // a side, at the start
  // Boards of at most 32 squares have tablebases; larger ones are searched.
  bool has_tablebases() const { return squares_ <= kSetBits<Bitboard>; }  // indexed on 32-bit sets

  // ---- tiers: (stones of the side to move, stones of the other side) ----
  // On a board without tablebases there is one tier, "searched", whose
  // index is a 63-bit hash of the position (for the search's table only).
  TierId tier_count() const { return has_tablebases() ? static_cast<TierId>(stones_ * stones_) : 1; }
  TierId tier_id(int mover_stones, int other_stones) const {
    return static_cast<TierId>((mover_stones - 1) * stones_ + other_stones - 1);
  }
  int mover_pieces(TierId t) const { return static_cast<int>(t) / stones_ + 1; }
  int other_pieces(TierId t) const { return static_cast<int>(t) % stones_ + 1; }
  std::string tier_name(TierId t) const;
  std::uint64_t tier_size(TierId t) const {
    if (!has_tablebases()) return kHashSlots;
    const auto [first, second] = indexer_sizes(t);
    return indexers_.size(first, second);
  }
  // ReportsTableBytes: the numbering's tables of these tiers, not built
  // (every tier's: 8x3 14 MiB).
  std::uint64_t table_bytes(const std::vector<TierId>& tiers) const;
  std::uint64_t tier_positions(TierId t) const;
  std::vector<TierId> tier_successors(TierId t) const;
  bool solved_by_default(TierId) const { return has_tablebases(); }
  TierId tier_of(const Position& p) const {
    return has_tablebases() ? tier_id(std::popcount(p.mine), std::popcount(p.theirs)) : 0;
  }
  std::uint64_t index(const Position& p) const;
  Position position(TierId t, std::uint64_t index) const;
  std::uint64_t slot_weight(TierId t, std::uint64_t index) const;
  bool slot_may_be_alias(TierId t, std::uint64_t index) const { return indexer(t).may_be_alias(index); }
  std::size_t symmetry_count() const { return 2; }

  // ---- rules ----
  bool is_lost(const Position& p) const { return p.mine == 0; }
  Squares far_rank(bool white) const { return white ? rank_masks_[0] : rank_masks_[rules_.ranks - 1]; }
  int crossed(Squares stones, bool white) const { return std::popcount(stones & far_rank(white)); }
  // The side to move must cross (the other side is ahead in crossed stones).
  bool must_cross(const Position& p) const {
    return crossed(p.theirs, !p.white_to_move) > crossed(p.mine, p.white_to_move);
  }

  // Calls f(move, child) for every legal move. Group moves are found for all
  // tails at once: per direction, the stones whose run of own uncrossed
  // stones ahead is exactly k, then their fronts pushed on square by square.
  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    const bool white = p.white_to_move;
    const Squares far = far_rank(white);
    const Squares movers = p.mine & ~far;
    const Squares enemy = p.theirs;
    const Squares capturable = enemy & ~far_rank(!white);
    const Squares empty = all_ & ~(p.mine | p.theirs);
    const Squares allowed = must_cross(p) ? far : all_;  // where a front may land
    for_each_direction([&]<int D>() {
      const Direction& dir = directions_[D];
      // A group's front is a stone with no own uncrossed stone right ahead;
      // with back-run k (k stones ending at it), the tail k - 1 squares
      // behind makes a group of exactly k. Stones of the enemy run from a
      // square along d likewise: safe[k] when the run is >= k.
      const Squares fronts_all = movers & ~back<D>(movers);
      Squares back_run = movers, safe = enemy;  // back-run >= k; enemy run >= k
      for (int k = 1; back_run & fronts_all; ++k) {
        const Squares fronts = back_run & fronts_all;
        const Squares takeable = k >= 2 ? capturable & ~safe : 0;
        back_run &= ahead<D>(back_run, dir);
        safe &= back<D>(safe);
        const int most = k >= 2 ? k : 1;
        Squares reach = fronts;  // fronts that passed m - 1 empty squares
        for (int m = 1; m <= most && reach; ++m) {
          reach = ahead<D>(reach, dir);
          for (Squares t = reach & (empty | takeable) & allowed; t; t &= t - 1) {
            const int target = std::countr_zero(t);
            const int tail = target - (k - 1 + m) * dir.offset;
            const bool take = (takeable >> target) & 1;
            Squares mine = p.mine, theirs = p.theirs;
            for (int i = 0; i < m; ++i) {
              mine ^= Squares{1} << (tail + i * dir.offset);
              mine ^= Squares{1} << (target - i * dir.offset);
            }
            if (take) theirs ^= Squares{1} << target;
            f(Move{static_cast<std::uint8_t>(tail), static_cast<std::uint8_t>(tail + m * dir.offset), take,
                   ((far >> target) & 1) != 0},
              Position{theirs, mine, !white});
          }
          reach &= empty;
        }
      }
    });
  }

  // Calls f(predecessor) for every position from which a move that captures
  // nothing leads to p: the other side's group (or step) is taken back. A
  // predecessor whose mover had to cross only counts if the move crossed.
  template <class F>
  void for_each_predecessor(const Position& p, F&& f) const {
    const bool white = !p.white_to_move;  // the side that moved
    const Squares far = far_rank(white);
    const Squares movers = p.theirs;
    const Squares empty = all_ & ~(p.mine | p.theirs);
    // Before the move its crossed count was the present one, or one less if
    // the move crossed; it had to cross when the side to move had more.
    const int waiting_crossed = crossed(p.mine, !white), moved_crossed = crossed(movers, white);
    const bool had_to_cross = waiting_crossed > moved_crossed;  // unless this move crossed
    const Squares vacant = empty & ~far;
    for_each_direction([&]<int D>() {
      const Direction& dir = directions_[D];
      // For each length j: left[j], the squares L whose j squares behind
      // (L - d .. L - j d) are on the board, empty and off the far rank (what
      // a group left); still[j], those where L .. L + (j - 1) d are all the
      // mover's and off the far rank; run, those where L .. L + (k - 1) d
      // are the mover's. Filled as k grows.
      std::array<Squares, kMaxRun + 1> left, still;
      left[0] = still[0] = all_;
      Squares run = movers;
      for (int k = 1; k <= kMaxRun && run; ++k) {
        left[k] = ahead<D>(vacant & left[k - 1], dir);
        still[k] = movers & ~far & (k == 1 ? all_ : back<D>(still[k - 1]));
        const int most = k >= 2 ? k : 1;
        for (int m = 1; m <= most; ++m) {
          // L is the tail's landing square: the group stood on L - m d ..
          // L + (k - 1 - m) d, whose first m squares are empty now and whose
          // others are group stones still off the far rank.
          for (Squares landing = run & left[m] & still[k - m]; landing; landing &= landing - 1) {
            const int tail_landing = std::countr_zero(landing);
            const int front = tail_landing + (k - 1) * dir.offset;
            if (had_to_cross && !((far >> front) & 1)) continue;
            Squares before = movers;
            for (int i = 1; i <= m; ++i) {
              before ^= Squares{1} << (tail_landing - i * dir.offset);
              before ^= Squares{1} << (front - (i - 1) * dir.offset);
            }
            f(Position{before, p.mine, white});
          }
        }
        run &= back<D>(run);
      }
    });
  }

  // ---- what makes the solver fast (optional hooks, as LineCaptureGame's) ----
  // Every predecessor of p leaves p.mine in place as the side not to move:
  // its class under the mirror is found once for all of them, and all their
  // slots lie in one block of one tier (one thread's share of the walk).
  template <class F>
  bool for_each_predecessor_slot(const Position& p, F&& f) const {
    const TierId tier = predecessor_tier(p);
    const TwoSetIndexer& tier_indexer = indexer(tier);
    const bool turn = !p.white_to_move;  // the predecessors' side to move is White
    const TwoSetIndexer::FirstSet waiting = tier_indexer.first_set(small(viewed(p.mine, turn)));
    for_each_predecessor(
        p, [&](const Position& pred) { f(tier, tier_indexer.index(waiting, small(viewed(pred.mine, turn)))); });
    return std::has_single_bit(waiting.maps);
  }
  std::uint64_t tier_blocks(TierId t) const { return indexer(t).first_set_classes(); }
  std::pair<TierId, std::uint64_t> predecessor_block(const Position& p) const {
    const TierId tier = predecessor_tier(p);
    return {tier, indexer(tier).class_of_first_set(small(viewed(p.mine, !p.white_to_move)))};
  }
  // Moves that capture nothing keep p.theirs, the children's side to move;
  // if no symmetry fixes that set, no two of those children share a slot
  // (whether a set is its own mirror image does not depend on the view).
  bool quiet_children_distinct(const Position& p) const {
    return indexer(tier_of(p)).first_set_has_no_symmetry(small(p.theirs));
  }

  // ---- text ----
  Position start() const;
  // Strict parse of docs/rules.md's position text; std::invalid_argument with a
  // message that says what is wrong.
  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  std::string move_text(const Move& m) const;
  std::string square_name(int square) const;

  // ---- how front ends show it (crossings_look.cpp) ----
  std::string describe() const;
  BoardLook board_look() const;
  std::string move_notation() const {
    return "the tail's square and the tail's landing square: d1d3 moves the stones on d1 and d2 two squares up";
  }
  // Its rules in words, for this board (crossings_rules_text.cpp).
  std::string rules_text() const;

  // The board seen from the side to move (turned upside down for White) and
  // its left-right mirror, as sets.
  Squares turned(Squares s) const;
  Squares mirrored(Squares s) const;

 private:
  TierId predecessor_tier(const Position& p) const { return tier_id(std::popcount(p.theirs), std::popcount(p.mine)); }
  Squares viewed(Squares s, bool white) const { return white ? turned(s) : s; }
  static Bitboard small(Squares s) { return static_cast<Bitboard>(s); }  // boards with tablebases fit 32 bits
  static constexpr std::uint64_t kHashSlots = std::uint64_t{1} << 63;
  static constexpr int kMaxRun = 8;  // no line of the board is longer
  struct Direction {
    int offset;      // square number change along the direction
    Squares source;  // squares whose neighbour along it is on the board
  };
  // Directions come in opposite pairs, D ^ 1 the opposite of D, and the even
  // ones (N, E, NE, NW) raise the square number: with D known at compile
  // time, a step is a mask and a shift, without a branch on the sign.
  template <class F>
  static void for_each_direction(F&& f) {
    [&]<int... D>(std::integer_sequence<int, D...>) { (f.template operator()<D>(), ...); }
    (std::make_integer_sequence<int, 8>{});
  }
  // The squares one step along direction D from s (ahead) and one step against it (back).
  template <int D>
  static Squares ahead(Squares s, const Direction& dir) {
    s &= dir.source;
    if constexpr (D % 2 == 0) return s << dir.offset;
    else return s >> -dir.offset;
  }
  template <int D>
  Squares back(Squares s) const {
    return ahead<D ^ 1>(s, directions_[D ^ 1]);
  }

  CrossingsRules rules_;
  std::string variant_;
  int squares_;
  int stones_;
  Squares all_;
  std::array<Direction, 8> directions_;  // in opposite pairs: d ^ 1 is d's opposite
  std::vector<Squares> rank_masks_, file_masks_;
  // A tier's numbering, by (the opponent's stones, the mover's), boards with
  // tablebases only. Each is built the first time it is used (a perft or a
  // query needs none, and a 32-square board's take seconds).
  const TwoSetIndexer& indexer(TierId t) const {
    const auto [first, second] = indexer_sizes(t);
    return indexers_.get(first, second);
  }
  // The sizes of the two sets tier t's numbering ranks: the side that moved
  // last first.
  std::pair<int, int> indexer_sizes(TierId t) const { return {other_pieces(t), mover_pieces(t)}; }
  std::vector<SquareMap> maps_;  // identity and the left-right mirror
  SquareMap turn_;               // the board upside down, by byte tables
  LazyIndexers<TwoSetIndexer> indexers_;
};

// The hooks Crossings provides (solver/game_concept.hpp).
static_assert(RetrogradeGame<CrossingsGame>);
static_assert(HasPositionText<CrossingsGame>);
static_assert(KnowsAliasFreeSlots<CrossingsGame>);
static_assert(KnowsDistinctChildren<CrossingsGame>);
static_assert(IndexesPredecessors<CrossingsGame>);
static_assert(SortsPredecessorsByBlock<CrossingsGame>);
static_assert(HasDefaultTiers<CrossingsGame>);
static_assert(MayLackTablebases<CrossingsGame>);
static_assert(DescribesItself<CrossingsGame>);
static_assert(DrawsItsBoard<CrossingsGame>);
static_assert(ExplainsRules<CrossingsGame>);
static_assert(ReportsTableBytes<CrossingsGame>);

}  // namespace rtb
