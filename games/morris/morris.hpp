#pragma once
// The Morris family (Mills; docs/rules.md, "The Morris family"): Five, Six,
// Seven and Nine Men's Morris, with flying at three stones in `nine` (and in
// the optional `-fly` variants); Morabaraba (twelve stones, four diagonals, a
// full board drawn) and Lasker Morris (ten stones, sliding allowed with
// stones in hand), both flying at three.
//
// A position is held from the mover's side: the mover's stones and the
// opponent's (one 32-bit set each, points as in morris_board.hpp), the stones
// each still holds in hand, and the colour to move, which only the text
// needs. Mills and links are masks; a move closes a mill when one of the
// masks through the point it lands on is full.
//
// Tiers.
//   Movement tier M(m, o), "m9-8": both hands empty, m stones of the mover
//   and o of the opponent on the board, 3 <= m, o <= n. A quiet move goes to
//   M(o, m), a removal to M(o - 1, m) (a win at once when o = 3), so
//   {M(a, b), M(b, a)} is a cyclic group of two tiers (M(a, a) one of one).
//   The colour to move does not matter once the hands are empty: one slot
//   holds a position with White to move and its colour swap with Black to
//   move, and a tier counts positions of one side to move.
//   Placement tier P(k, m, o), "p12-w5-b4": k stones placed so far (0 <= k <
//   2n), which fixes the side to move (White after an even k) and both hands,
//   and m, o stones of the mover and the opponent on the board (the name
//   gives them by colour). Every placement leaves for k + 1, so each is a
//   group of one tier solved in one pass; the last leads to the movement
//   tiers. Only tiers whose two sides each keep three stones (board plus
//   hand) exist: a side to move with fewer has lost, and the side not to
//   move can not have fewer.
//   Lasker's placement tier L(m, o, hm, ho), "p8-7-h2-1": the mover's and
//   the opponent's stones on the board and in hand, as a side may slide
//   instead of placing, so that the hands no longer fix the side to move
//   (it does not matter: one slot holds both colours, as in the movement
//   tiers). A slide goes to L(o, m, ho, hm), a placement to L(o, m + 1, ho,
//   hm - 1): {L(m, o, hm, ho), L(o, m, ho, hm)} is a cyclic group, solved
//   by the engine's walk like a movement pair.
//
// Slots: a tier is numbered by SetIndexer over two sets of stones up to the
// board's 16 (or 8) maps; the set that comes first is the one most lookups
// share, since slots with one first set make one block of consecutive slots.
//   Movement tiers: (the opponent's stones, the mover's). Every predecessor
//   of p has p's mover as its opponent, so all of them lie in one block
//   (predecessor_block: the engine's walk by blocks) and are indexed with one
//   lookup of that set (for_each_predecessor_slot).
//   Lasker's placement tiers: as the movement tiers, and for the same reason.
//   The other placement tiers: (the mover's stones, the opponent's). A tier is solved
//   in one pass that reads its children's values; the children of a
//   placement that removes nothing have p's opponent as their mover, so they
//   lie in one block of the next tier, a few kilobytes, instead of one cache
//   miss each.
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
#include "games/kit/rank_sums.hpp"
#include "games/kit/set_indexer.hpp"
#include "games/morris/morris_board.hpp"
#include "solver/game_concept.hpp"
#include "solver/value.hpp"

namespace rtb {

struct MorrisRules {
  std::string variant;     // "nine", "five", .., "morabaraba", "lasker": see morris_variants()
  int points;              // 16, 17 or 24
  int stones;              // a side's stones, all in hand at the start
  bool flying;             // a side with exactly 3 stones (board and hand) may move one to any empty point
  bool diagonals = false;  // the 24-point board with Morabaraba's four diagonals (links and mills)
  // A side with stones in hand may slide a stone instead of placing one
  // (Lasker): the placement phase is cyclic, and the hands do not fix the
  // side to move.
  bool moves_in_hand = false;
  // When every point is taken (two full hands fill the board) the game is
  // drawn, not lost by the side that cannot move. rtb gives that side one
  // move, a pass that leaves the board as it is: the position repeats
  // forever, which is a draw to every solver and search of rtb.
  bool full_board_draws = false;
};

// The variant names `morris_rules` accepts, "default" (nine) first.
const std::vector<std::string>& morris_variants();
// Throws std::invalid_argument for a name not in morris_variants().
MorrisRules morris_rules(std::string_view variant);

enum class MorrisSide : std::uint8_t { White, Black };

struct MorrisPosition {
  Bitboard mover = 0, opponent = 0;  // stones on the board
  std::uint8_t mover_in_hand = 0, opponent_in_hand = 0;
  MorrisSide to_move = MorrisSide::White;
  Bitboard white() const { return to_move == MorrisSide::White ? mover : opponent; }
  Bitboard black() const { return to_move == MorrisSide::White ? opponent : mover; }
  // Stones still in a hand: the placement phase (its tiers are numbered by
  // the mover's stones first, the movement tiers by the opponent's).
  bool placing() const { return mover_in_hand > 0 || opponent_in_hand > 0; }
  friend bool operator==(const MorrisPosition&, const MorrisPosition&) = default;
};

struct MorrisMove {
  static constexpr std::uint8_t kNone = 0xFF;
  std::uint8_t from = kNone;     // kNone for a placement (and the pass)
  std::uint8_t to = 0;           // kNone for the pass of a full board (MorrisRules::full_board_draws)
  std::uint8_t removed = kNone;  // the opponent's stone a mill removes; kNone for any other move
  bool is_pass() const { return to == kNone; }
  bool is_placement() const { return from == kNone && !is_pass(); }
  bool is_capture() const { return removed != kNone; }
  friend bool operator==(const MorrisMove&, const MorrisMove&) = default;
};

class MorrisGame {
 public:
  using Position = MorrisPosition;
  using Move = MorrisMove;
  using TierId = std::uint32_t;
  using Indexer = SetIndexer<Bitboard, 2, 16>;

  explicit MorrisGame(MorrisRules rules);
  explicit MorrisGame(std::string_view variant = "default") : MorrisGame(morris_rules(variant)) {}

  const std::string& name() const { return name_; }
  const std::string& variant() const { return rules_.variant; }
  const MorrisRules& rules() const { return rules_; }
  int stones() const { return rules_.stones; }

  // ---- tiers ----
  TierId tier_count() const { return static_cast<TierId>(tiers_.size()); }
  bool is_placement_tier(TierId t) const { return tiers_[t].placed < 2 * rules_.stones; }
  // Stones placed so far; 2n in the movement tiers.
  int stones_placed(TierId t) const { return tiers_[t].placed; }
  int mover_on_board(TierId t) const { return tiers_[t].mover; }
  int opponent_on_board(TierId t) const { return tiers_[t].opponent; }
  int mover_hand(TierId t) const { return tiers_[t].mover_hand; }
  int opponent_hand(TierId t) const { return tiers_[t].opponent_hand; }
  // CountsPiecesPerSide: a side's stones still in play (board and hand).
  int mover_pieces(TierId t) const { return mover_on_board(t) + mover_hand(t); }
  int other_pieces(TierId t) const { return opponent_on_board(t) + opponent_hand(t); }
  // CountsPiecesInHand: both hands together.
  int pieces_in_hand(TierId t) const { return mover_hand(t) + opponent_hand(t); }
  // What `rtb generate` solves when no tiers are named: the whole game, but
  // for `nine` the movement phase (8.9 billion classes; its 1.79e10 classes
  // of placement tiers are `--all`, or searched at query time).
  bool solved_by_default(TierId t) const { return rules_.points < 24 || !is_placement_tier(t); }
  // DerivesTiers. A movement tier where the mover has more stones on the
  // board (w) than the opponent (b < w): its slides lead to the partner
  // tier, whose mover has b < w, and its captures to b - 1 against w, both
  // stored, as are the tiers of equal counts, which slide into themselves.
  // And a placement tier with an even number of stones placed (White to
  // place): every move places a stone, so its children lie in the next
  // tier, odd and stored (the last placement tier, whose children are the
  // movement tiers, is odd). Of Nine Men's Morris's mid- and endgame this
  // leaves 1.89 of 3.21 GB, of its placement phase 3.97 of 6.75.
  // (Lasker's placement tiers are cyclic, none derived.)
  bool may_derive_tier(TierId t) const {
    if (is_placement_tier(t)) return !rules_.moves_in_hand && stones_placed(t) % 2 == 0;
    return mover_on_board(t) > opponent_on_board(t);
  }
  std::string tier_name(TierId t) const;  // "m9-8", "p12-w5-b4", Lasker's "p8-7-h2-1"
  std::uint64_t tier_size(TierId t) const {
    const auto [first, second] = indexer_sizes(t);
    return indexers_.size(first, second);
  }
  // Positions of the tier (one side to move), not reduced by symmetry.
  std::uint64_t tier_positions(TierId t) const {
    return binomial(rules_.points, mover_on_board(t)) *
           binomial(rules_.points - mover_on_board(t), opponent_on_board(t));
  }
  std::uint64_t class_count(TierId t) const { return indexer(t).class_count(); }
  // ReportsTableBytes: the numbering's tables of these tiers, not built
  // (every tier's: Morabaraba 97 MiB).
  std::uint64_t table_bytes(const std::vector<TierId>& tiers) const;
  std::vector<TierId> tier_successors(TierId t) const;
  // The tier of a position that is not over (is_lost is false).
  TierId tier_of(const Position& p) const {
    return tier_with_hands(p.mover_in_hand, p.opponent_in_hand, count(p.mover), count(p.opponent));
  }
  // The id of a tier; kNoTier for counts no tier has.
  static constexpr TierId kNoTier = ~TierId{0};
  // By the hands (mover's, opponent's) and the stones on the board, each 0..n.
  TierId tier_with_hands(int mover_hand, int opponent_hand, int mover, int opponent) const {
    const std::size_t n1 = static_cast<std::size_t>(rules_.stones) + 1;
    return tier_ids_[((mover_hand * n1 + opponent_hand) * n1 + mover) * n1 + opponent];
  }
  // By the stones placed, which fix the hands where only placements empty
  // them (not in Lasker's placement phase; 2n, the movement phase, in all).
  TierId tier_id(int placed, int mover, int opponent) const {
    return tier_with_hands(hand_after(placed, true), hand_after(placed, false), mover, opponent);
  }
  std::uint64_t index(const Position& p) const {
    if (mover_first(p)) return indexer(count(p.mover), count(p.opponent)).index(p.mover, p.opponent);
    return indexer(count(p.opponent), count(p.mover)).index(p.opponent, p.mover);
  }
  Position position(TierId t, std::uint64_t index) const;
  std::uint64_t slot_weight(TierId t, std::uint64_t index) const { return indexer(t).weight(index); }
  bool slot_may_be_alias(TierId t, std::uint64_t index) const { return indexer(t).may_be_alias(index); }

  // ---- symmetry ----
  std::size_t symmetry_count() const { return maps_.size(); }
  Position symmetric_position(const Position& p, std::size_t map) const {
    Position q = p;
    q.mover = maps_[map].apply(p.mover);
    q.opponent = maps_[map].apply(p.opponent);
    return q;
  }

  // ---- rules ----
  // The side to move has fewer than three stones on the board and in hand.
  // (A side with no legal move loses too; the engine sees that itself.)
  bool is_lost(const Position& p) const { return count(p.mover) + p.mover_in_hand < 3; }

  // The stones of `side` that lie in a complete mill of their own.
  Bitboard in_mills(Bitboard side) const {
    Bitboard out = 0;
    for (Bitboard m : board_.mills)
      if ((side & m) == m) out |= m;
    return out;
  }
  // Whether the stones `side`, one of which stands on `point`, fill a mill through it.
  bool closes_mill(Bitboard side, int point) const {
    const MorrisBoard::MillsAt& at = board_.mills_at[point];
    for (int k = 0; k < at.count; ++k)
      if ((side & at.mill[k]) == at.mill[k]) return true;
    return false;
  }
  // The points where a stone of `side` would close a mill: of each mill that
  // `side` fills but for one point, that point (whether it is empty is the
  // caller's to ask). One pass over the mills answers closes_mill for every
  // placement of a position at once.
  Bitboard mill_closers(Bitboard side) const {
    Bitboard out = 0;
    for (Bitboard m : board_.mills) {
      const Bitboard missing = m & ~side;
      out |= (missing & (missing - 1)) == 0 ? missing : 0;  // one point missing (or none: adds nothing)
    }
    return out;
  }
  // The opponent's stones a mill may remove: those in no mill of their own,
  // or all of them when every one is in a mill.
  Bitboard removable(Bitboard opponent) const {
    const Bitboard free = opponent & ~in_mills(opponent);
    return free ? free : opponent;
  }
  // Where a stone of a side with `stones` stones (on the board and in hand)
  // may go from `from`.
  Bitboard targets(int from, int stones, Bitboard empty) const {
    return rules_.flying && stones == 3 ? empty : board_.neighbours[from] & empty;
  }

  // Calls f(move, child) for every legal move. No allocation.
  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    const Bitboard empty = board_.all & ~(p.mover | p.opponent);
    // The child, seen from the opponent, after the mover's stones became `moved`.
    auto emit = [&](std::uint8_t from, int to, Bitboard moved, std::uint8_t hand) {
      const Position quiet{p.opponent, moved, p.opponent_in_hand, hand, other(p.to_move)};
      // With no opponent stone on the board (only in positions no game
      // reaches) a mill has nothing to remove and the move is quiet.
      if (p.opponent == 0 || !closes_mill(moved, to)) {
        f(Move{from, static_cast<std::uint8_t>(to), Move::kNone}, quiet);
        return;
      }
      for (Bitboard r = removable(p.opponent); r; r &= r - 1) {
        Position child = quiet;
        child.mover ^= r & (Bitboard{0} - r);
        f(Move{from, static_cast<std::uint8_t>(to), static_cast<std::uint8_t>(lowest_square(r))}, child);
      }
    };
    if (p.mover_in_hand > 0) {
      const auto hand = static_cast<std::uint8_t>(p.mover_in_hand - 1);
      for (Bitboard to = empty; to; to &= to - 1) emit(Move::kNone, lowest_square(to), p.mover | (to & (0 - to)), hand);
      if (!rules_.moves_in_hand) return;
    }
    if (empty == 0 && rules_.full_board_draws) {  // the full board's pass (see MorrisRules)
      f(Move{Move::kNone, Move::kNone, Move::kNone}, Position{p.opponent, p.mover, 0, 0, other(p.to_move)});
      return;
    }
    for_each_slide(p.mover, count(p.mover) + p.mover_in_hand, empty, [&](int origin, int point, Bitboard moved) {
      emit(static_cast<std::uint8_t>(origin), point, moved, p.mover_in_hand);
    });
  }

  // Calls f(from, to, the mover's stones after) for every slide (or flight)
  // of the stones `mover`, of a side with `stones` on the board and in hand,
  // to the empty points.
  template <class F>
  void for_each_slide(Bitboard mover, int stones, Bitboard empty, F&& f) const {
    for (Bitboard from = mover; from; from &= from - 1) {
      const int origin = lowest_square(from);
      const Bitboard rest = mover ^ bit(origin);
      for (Bitboard to = targets(origin, stones, empty); to; to &= to - 1) {
        const int point = lowest_square(to);
        f(origin, point, rest | bit(point));
      }
    }
  }

  // The engine's set-up of a movement position (IndexesExits): its quiet
  // moves stay in the group and are counted; a removal leaves it, and the
  // removals of one mill share the child's first set (the mover's stones
  // after the move), looked up once, with each child ranked from it by
  // RankWithOneLess over the opponent's stones. Declines (-1) placement
  // positions (solved in one pass, or Lasker's, left to the general path),
  // the full board and those whose quiet children may share a slot.
  template <class Exit, class Lost>
  int for_each_exit_slot(const Position& p, Exit&& exit, Lost&& lost) const {
    const Bitboard empty = board_.all & ~(p.mover | p.opponent);
    if (p.placing() || empty == 0 || !quiet_children_distinct(p)) return -1;
    const int stones = count(p.mover), others = count(p.opponent);
    // Only a slide onto a point where the mover's stones lack one point of a
    // mill may close it (not even there if the stone left that mill): the
    // slides onto the other points are counted, not walked.
    const Bitboard may_close = p.opponent ? empty & mill_closers(p.mover) : 0;
    const Bitboard removable_stones = may_close ? removable(p.opponent) : 0;
    // A removal leaves the opponent, the child's mover, others - 1 stones and
    // none in hand: lost below three.
    const bool removal_loses = others - 1 < 3;
    const Indexer* removal_indexer = removal_loses ? nullptr : &indexer(stones, others - 1);
    const TierId removal_tier = removal_loses ? kNoTier : tier_id(2 * rules_.stones, others - 1, stones);
    // A slide that closed a mill, the mover's stones now `moved`: its removals.
    auto removals = [&](Bitboard moved) {
      if (removal_loses) {
        for (Bitboard r = removable_stones; r; r &= r - 1) lost();
        return;
      }
      // The child (the opponent's stones less r, moved) is numbered by
      // `moved` first.
      const ChildBlock b = child_block(*removal_indexer, colex_rank(moved));
      if (!b.one_map) {
        for (Bitboard r = removable_stones; r; r &= r - 1)
          exit(removal_tier, removal_indexer->index(moved, p.opponent ^ (r & (0 - r))));
        return;
      }
      const RankWithOneLess left(squeeze(b.g->apply(p.opponent), b.outside));
      for (Bitboard r = removable_stones; r; r &= r - 1) exit(removal_tier, b.base + left(b.place(lowest_square(r))));
    };
    int in_group = 0;
    for (Bitboard from = p.mover; from; from &= from - 1) {
      const int origin = lowest_square(from);
      const Bitboard to = targets(origin, stones, empty);
      in_group += count(to & ~may_close);
      const Bitboard rest = p.mover ^ bit(origin);
      for (Bitboard onto = to & may_close; onto; onto &= onto - 1) {
        const int point = lowest_square(onto);
        const Bitboard moved = rest | bit(point);
        if (closes_mill(moved, point)) removals(moved);
        else ++in_group;
      }
    }
    return in_group;
  }

  // The children of a movement position that stay in its group (the quiet
  // moves) differ in the mover's stones only, which become the child's first
  // set beside p's opponent: two of them share a slot only through a map
  // that keeps p's opponent, so when no map but the identity does, they are
  // pairwise distinct. Placement positions have no children in their group.
  // The same holds of Lasker's slides with stones in hand.
  bool quiet_children_distinct(const Position& p) const {
    if (mover_first(p)) return true;
    return indexer(count(p.opponent), count(p.mover)).first_set_has_no_symmetry(p.opponent);
  }

  // Calls f(predecessor) for every position of p's tier group from which a
  // move leads to p: in the movement phase, the opponent's last move taken
  // back, a slide (or a flight) that closed no mill; a placement or a
  // removal came from another group. No allocation.
  template <class F>
  void for_each_predecessor(const Position& p, F&& f) const {
    for_each_unmove(p, [&](Bitboard earlier) {
      f(Position{earlier, p.mover, p.opponent_in_hand, p.mover_in_hand, other(p.to_move)});
    });
  }
  // The same predecessors as (tier, slot): they share their first set (p's
  // mover), looked up once. Distinct when that set has no symmetry.
  template <class F>
  bool for_each_predecessor_slot(const Position& p, F&& f) const {
    if (mover_first(p)) return true;
    const Indexer& at = indexer(count(p.mover), count(p.opponent));
    const TierId tier = predecessor_tier(p);
    const Indexer::FirstSet first = at.first_set(p.mover);
    for_each_unmove(p, [&](Bitboard earlier) { f(tier, at.index(first, earlier)); });
    return std::has_single_bit(first.maps);  // no symmetry: one map, so distinct sets give distinct slots
  }
  // Every predecessor of p lies in the block of its first set, p's mover.
  std::uint64_t tier_blocks(TierId t) const { return indexer(t).first_set_classes(); }
  std::pair<TierId, std::uint64_t> predecessor_block(const Position& p) const {
    // A placement position has none in its group (a group of one tier
    // solved in one pass): any block of its own tier will do.
    if (mover_first(p)) return {tier_of(p), 0};
    return {predecessor_tier(p), indexer(count(p.mover), count(p.opponent)).class_of_first_set(p.mover)};
  }

  // Solves placement tier `tier` (no move re-enters it) in one pass from the
  // values of the tiers its moves reach, `solved` by tier id: the engine's
  // values, faster. The same work in two orders, the same values:
  //   ByParent (morris_one_pass.cpp): block by block of the tier itself,
  //     writing its slots in order; a parent's children lie in a block of
  //     the next tier that changes from one parent to the next.
  //   ByChild (morris_walk_by_child.cpp): block by block of the next tier,
  //     every parent whose quiet children lie in one block taken together,
  //     so that the blocks it reads stay in cache and only the writes
  //     scatter. Not for the last placement, whose children are movement
  //     positions numbered the other way (it walks by parent).
  // solve_lone_tier takes the walk placement_walk names: by child but for
  // the last placement.
  enum class PlacementWalk { ByParent, ByChild };
  PlacementWalk placement_walk(TierId tier) const;
  std::vector<Value> solve_lone_tier(TierId tier, const SolvedTierValues& solved, int threads,
                                     const SlotsDone& slots_done = {}) const {
    return solve_placement_tier(tier, solved, threads, placement_walk(tier), slots_done);
  }
  std::vector<Value> solve_placement_tier(TierId tier, const SolvedTierValues& solved, int threads, PlacementWalk walk,
                                          const SlotsDone& slots_done = {}) const;

  // ---- text ----
  Position start() const;
  // Strict parse of docs/rules.md's position text (".w./.../.../....../.../.../... b 8 9");
  // throws std::invalid_argument with a message that says what is wrong.
  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  std::string move_text(const Move& m) const;  // "d7" places, "a4a1" slides or flies, "d7xa1" removes too
  const std::string& point_name(int point) const { return board_.names[point]; }

  // ---- how front ends show it (morris_look.cpp) ----
  std::string describe() const;
  BoardLook board_look() const;
  double file_bits_per_slot() const;
  std::string move_notation() const;
  // "c5" where every legal move it begins is "c5x...": a mill's removal.
  std::string short_move_reason(std::string_view typed, const std::vector<std::string>& longer) const;
  std::string movement_phase_name() const { return "movement phase"; }
  // Its rules in words, for this variant (morris_rules_text.cpp).
  std::string rules_text() const;

 private:
  // A block of a child tier (the slots of one first set) and how a further
  // set ranks in it: `one_map` when a single map sends the first set to its
  // canonical set, so that the slot is base + the rank of g(further) among
  // the points outside the canonical set. Otherwise the caller indexes in
  // full. Shared by the one-pass placement walk and for_each_exit_slot.
  struct ChildBlock {
    std::uint64_t base = 0;
    const Indexer::Map* g = nullptr;
    Bitboard outside = 0;
    bool one_map = false;
    // The point y's place among the points outside the canonical set, after g.
    int place(int y) const { return count(outside & (bit(g->apply_square(y)) - 1)); }
  };
  // The block of the first set whose colex rank is first_rank.
  ChildBlock child_block(const Indexer& indexer, std::uint64_t first_rank) const {
    const Indexer::FirstSet first = indexer.first_set_of_rank(first_rank);
    return {first.base, &indexer.map(static_cast<std::size_t>(std::countr_zero(first.maps))),
            board_.all & ~first.canonical, std::has_single_bit(first.maps)};
  }
  struct Tier {
    int placed, mover, opponent;  // stones placed, and on the board
    int mover_hand, opponent_hand;
  };
  // A tier numbered by the mover's stones first: a placement tier solved in
  // one pass (every variant's but Lasker's).
  bool mover_first(TierId t) const { return is_placement_tier(t) && !rules_.moves_in_hand; }
  bool mover_first(const Position& p) const { return p.placing() && !rules_.moves_in_hand; }
  // The tier of p's predecessors in its group: the opponent moved last, and
  // a slide (or a pass) left both hands as they are.
  TierId predecessor_tier(const Position& p) const {
    return tier_with_hands(p.opponent_in_hand, p.mover_in_hand, count(p.opponent), count(p.mover));
  }
  // The placement before the movement phase: its children are movement
  // positions.
  bool is_last_placement(TierId t) const { return tiers_[t].placed + 1 == 2 * rules_.stones; }
  // The tiers a placement tier's moves reach, as both one-pass walks read
  // them: the quiet placement's, and the removal's unless a removal wins at
  // once (the opponent left with fewer than three stones, board and hand).
  struct PlacementChildren {
    TierView quiet_values;
    const Indexer* quiet_indexer;
    bool removal_wins;
    TierView removal_values;         // null where a removal wins
    const Indexer* removal_indexer;  // null where a removal wins
  };
  PlacementChildren placement_children(TierId tier, const SolvedTierValues& solved) const {
    const Tier& t = tiers_[tier];
    const TierId quiet = tier_id(t.placed + 1, t.opponent, t.mover + 1);
    const bool removal_wins = t.opponent == 0 || t.opponent - 1 + opponent_hand(tier) < 3;
    const TierId removal = removal_wins ? kNoTier : tier_id(t.placed + 1, t.opponent - 1, t.mover + 1);
    return {solved[quiet], &indexer(quiet), removal_wins, removal_wins ? nullptr : solved[removal],
            removal_wins ? nullptr : &indexer(removal)};
  }
  std::vector<Value> walk_by_parent(TierId tier, const SolvedTierValues& solved, int threads,
                                    const SlotsDone& slots_done) const;
  std::vector<Value> walk_by_child(TierId tier, const SolvedTierValues& solved, int threads,
                                   const SlotsDone& slots_done) const;
  static MorrisSide other(MorrisSide s) { return s == MorrisSide::White ? MorrisSide::Black : MorrisSide::White; }
  // A side's stones in hand after `placed` placements, for the side to move
  // then (mover) or the other. White places first.
  int hand_after(int placed, bool mover) const {
    const bool white_to_move = placed % 2 == 0;
    const int white = rules_.stones - (placed + 1) / 2, black = rules_.stones - placed / 2;
    return mover == white_to_move ? white : black;
  }
  // Calls f(earlier mover set) for each stone of p's opponent that may have
  // just arrived where it stands without closing a mill (or closing one with
  // nothing to remove: p's mover had no stone on the board), from each point
  // it may have come from; and for the pass of a full board. Only where a
  // slide stays in the tier group: the movement phase, and Lasker's.
  template <class F>
  void for_each_unmove(const Position& p, F&& f) const {
    if (mover_first(p)) return;
    const Bitboard empty = board_.all & ~(p.mover | p.opponent);
    if (empty == 0 && rules_.full_board_draws) return f(p.opponent);
    const int stones = count(p.opponent) + p.opponent_in_hand;
    const Bitboard arrivals = p.mover ? p.opponent & ~in_mills(p.opponent) : p.opponent;
    for (Bitboard arrived = arrivals; arrived; arrived &= arrived - 1) {
      const int to = lowest_square(arrived);
      const Bitboard rest = p.opponent ^ bit(to);
      for (Bitboard from = targets(to, stones, empty); from; from &= from - 1) f(rest | (from & (0 - from)));
    }
  }
  void build_tiers();
  // By (first set's stones, second's).
  const Indexer& indexer(int first, int second) const { return indexers_.get(first, second); }
  const Indexer& indexer(TierId t) const {
    const auto [first, second] = indexer_sizes(t);
    return indexer(first, second);
  }
  // The sizes of the two sets tier t's numbering ranks, the first first.
  std::pair<int, int> indexer_sizes(TierId t) const {
    return mover_first(t) ? std::pair{tiers_[t].mover, tiers_[t].opponent}
                          : std::pair{tiers_[t].opponent, tiers_[t].mover};
  }

  std::string name_ = "morris";
  MorrisRules rules_;
  MorrisBoard board_;
  std::vector<SquareMap> maps_;
  std::vector<Tier> tiers_;       // by tier id
  std::vector<TierId> tier_ids_;  // by (mover_hand, opponent_hand, mover, opponent); kNoTier where none
  // Built when first asked for: a query needs a few of the hundred, and each
  // costs a table of C(24, first).
  LazyIndexers<Indexer> indexers_;
};

// The hooks of solver/game_concept.hpp this game provides.
static_assert(RetrogradeGame<MorrisGame>);
static_assert(HasPositionText<MorrisGame>);
static_assert(MarksCaptures<MorrisMove>);
static_assert(GivesPredecessors<MorrisGame>);
static_assert(IndexesPredecessors<MorrisGame>);
static_assert(SortsPredecessorsByBlock<MorrisGame>);
static_assert(KnowsAliasFreeSlots<MorrisGame>);
static_assert(KnowsDistinctChildren<MorrisGame>);
static_assert(IndexesExits<MorrisGame>);
static_assert(SolvesLoneTiers<MorrisGame>);
static_assert(DerivesTiers<MorrisGame>);
static_assert(CountsPiecesPerSide<MorrisGame>);
static_assert(CountsPiecesInHand<MorrisGame>);
static_assert(HasDefaultTiers<MorrisGame>);
static_assert(HasSymmetries<MorrisGame>);
static_assert(DescribesItself<MorrisGame>);
static_assert(DrawsItsBoard<MorrisGame>);
static_assert(EstimatesFileSize<MorrisGame>);
static_assert(DescribesMoveText<MorrisGame>);
static_assert(ExplainsShortMoves<MorrisGame>);
static_assert(NamesMovementPhase<MorrisGame>);
static_assert(ExplainsRules<MorrisGame>);
static_assert(ReportsTableBytes<MorrisGame>);

}  // namespace rtb
