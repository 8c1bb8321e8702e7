#pragma once
// The line-capture family of docs/rules.md: Pangki (4x4) and Cinc camins (5x5) are
// one game with the board width, the pieces a side, the losing count and the
// capture lines as parameters.
//
// A position is seen from the side to move: `mine` and `theirs` are bitboards
// (square = rank * width + file, a1 = 0); the colour of the side to move is
// kept only for text. The rules are the same for both colours and for all 8
// symmetries of the square, so values depend on neither: tiers are (pieces to
// move, pieces of the other side) and each tier is numbered up to the 8 maps.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/kit/bitboard.hpp"
#include "games/kit/board_symmetry.hpp"
#include "games/kit/set_indexer.hpp"
#include "solver/game_concept.hpp"

namespace rtb {

// Which lines a move captures in (docs/rules.md): every rank and file that holds
// the square left or the square reached, or (Pangki God's rule) only the rank
// and the file of the square reached.
enum class CaptureLines { Touched, Arrival };

struct LineCaptureRules {
  std::string name;        // "pangki", "cinc-camins"
  int width;               // the board is width x width
  int pieces;              // pieces a side at the start
  int lost_at;             // a side with this many pieces or fewer has lost
  std::string start_text;  // the start position
};

LineCaptureRules pangki_rules();
LineCaptureRules cinc_camins_rules();

struct LineCapturePosition {
  Bitboard mine = 0;
  Bitboard theirs = 0;
  bool white_to_move = false;  // colour of `mine`; text only, never part of the index
  friend bool operator==(const LineCapturePosition& a, const LineCapturePosition& b) {
    return a.mine == b.mine && a.theirs == b.theirs;
  }
};

struct LineCaptureMove {
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  Bitboard captured = 0;
};

class LineCaptureGame {
 public:
  using Position = LineCapturePosition;
  using Move = LineCaptureMove;
  using TierId = std::uint32_t;

  LineCaptureGame(LineCaptureRules rules, CaptureLines lines);

  const std::string& name() const { return rules_.name; }
  std::string variant() const { return lines_ == CaptureLines::Touched ? "default" : "arrival"; }
  const LineCaptureRules& rules() const { return rules_; }
  int width() const { return rules_.width; }
  int squares() const { return squares_; }

  // ---- tiers: (pieces of the side to move, pieces of the other side) ----
  TierId tier_count() const { return static_cast<TierId>(tier_sides_ * tier_sides_); }
  TierId tier_id(int mover_pieces, int other_pieces) const {
    return static_cast<TierId>((mover_pieces - lowest_count()) * tier_sides_ + other_pieces - lowest_count());
  }
  int mover_pieces(TierId t) const { return static_cast<int>(t) / tier_sides_ + lowest_count(); }
  int other_pieces(TierId t) const { return static_cast<int>(t) % tier_sides_ + lowest_count(); }
  std::string tier_name(TierId t) const;  // "6-5"
  std::uint64_t tier_size(TierId t) const { return indexers_[t]->size(); }
  // Every position of the tier, not reduced by symmetry.
  std::uint64_t tier_positions(TierId t) const {
    return binomial(squares_, mover_pieces(t)) * binomial(squares_ - mover_pieces(t), other_pieces(t));
  }
  // Tiers one move can lead to, terminal positions excluded.
  std::vector<TierId> tier_successors(TierId t) const;
  // Only for positions that are not lost already (is_lost is false).
  TierId tier_of(const Position& p) const { return tier_id(count(p.mine), count(p.theirs)); }
  // The indexer's first set is the side NOT to move: every predecessor of a
  // position shares it, so the predecessor walk canonicalises it once.
  std::uint64_t index(const Position& p) const { return indexers_[tier_of(p)]->index(p.theirs, p.mine); }
  Position position(TierId t, std::uint64_t index) const {
    const auto [theirs, mine] = indexers_[t]->sets(index);
    return {mine, theirs, false};
  }
  std::uint64_t slot_weight(TierId t, std::uint64_t index) const { return indexers_[t]->weight(index); }
  bool slot_may_be_alias(TierId t, std::uint64_t index) const { return indexers_[t]->may_be_alias(index); }
  std::size_t symmetry_count() const { return maps_.size(); }
  const std::vector<SquareMap>& symmetries() const { return maps_; }

  // ---- how front ends show it (line_capture_look.cpp) ----
  std::string describe() const;
  BoardLook board_look() const;
  double file_bits_per_slot() const;
  // ---- its rules and move text in words (line_capture_rules_text.cpp) ----
  std::string rules_text() const;
  std::string move_notation() const;

  Position symmetric_position(const Position& p, std::size_t map) const {
    return {maps_[map].apply(p.mine), maps_[map].apply(p.theirs), p.white_to_move};
  }

  // True when the moves of p that capture nothing lead to pairwise different
  // slots, so the solver may count them without indexing each. Such moves
  // leave the opponent's pieces where they are, so a symmetry relating two
  // of the children would have to fix the opponent's set; when that set has
  // no symmetry, no two children are related.
  bool quiet_children_distinct(const Position& p) const {
    return indexers_[tier_of(p)]->first_set_has_no_symmetry(p.theirs);
  }

  // ---- rules ----
  // The side to move has already lost (too few pieces left).
  bool is_lost(const Position& p) const { return count(p.mine) <= rules_.lost_at; }

  // Calls f(move, child) for every legal move; the child is seen from the
  // opponent's side. No allocation.
  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    const Bitboard empty = all_squares_ & ~(p.mine | p.theirs);
    for (Bitboard pieces = p.mine; pieces; pieces &= pieces - 1) {
      const int from = lowest_square(pieces);
      for (Bitboard targets = neighbours_[from] & empty; targets; targets &= targets - 1) {
        const int to = lowest_square(targets);
        const Bitboard mine = p.mine ^ bit(from) ^ bit(to);
        const Bitboard captured = captures(mine, p.theirs, from, to);
        f(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), captured},
          Position{p.theirs & ~captured, mine, !p.white_to_move});
      }
    }
  }

  // Calls f(predecessor) for every position from which a move that captures
  // nothing leads to p. No allocation.
  template <class F>
  void for_each_predecessor(const Position& p, F&& f) const {
    const Bitboard empty = all_squares_ & ~(p.mine | p.theirs);
    for (Bitboard pieces = p.theirs; pieces; pieces &= pieces - 1) {
      const int to = lowest_square(pieces);
      for (Bitboard sources = neighbours_[to] & empty; sources; sources &= sources - 1) {
        const int from = lowest_square(sources);
        if (captures(p.theirs, p.mine, from, to) != 0) continue;
        f(Position{p.theirs ^ bit(from) ^ bit(to), p.mine, !p.white_to_move});
      }
    }
  }

  // Calls f(tier, slot) for every predecessor, as for_each_predecessor
  // would with index() applied, but canonicalising the shared set once.
  // Returns whether the slots were pairwise distinct: they are unless a
  // symmetry fixes the shared set and so may relate two predecessors.
  template <class F>
  bool for_each_predecessor_slot(const Position& p, F&& f) const {
    const TierId tier = predecessor_tier(p);
    const TwoSetIndexer& indexer = *indexers_[tier];
    const TwoSetIndexer::FirstSet waiting = indexer.first_set(p.mine);
    for_each_predecessor(p, [&](const Position& pred) { f(tier, indexer.index(waiting, pred.mine)); });
    return std::has_single_bit(waiting.maps);
  }

  // All predecessors of p keep p.mine as the side not to move, so their slots
  // lie in one block (one first-set class) of one tier. The solver gives each
  // block to one thread: no atomic updates, and the block's words stay in
  // that thread's cache while it works through the block's positions.
  std::uint64_t tier_blocks(TierId t) const { return indexers_[t]->first_set_classes(); }
  std::pair<TierId, std::uint64_t> predecessor_block(const Position& p) const {
    const TierId tier = predecessor_tier(p);
    return {tier, indexers_[tier]->class_of_first_set(p.mine)};
  }

  // Pieces of `theirs` captured by the mover's step from -> to; `mine_after`
  // is the mover's pieces after the step. Each line's verdict depends only on
  // which of its squares hold the mover's pieces and which the opponent's,
  // so it is one lookup in a table indexed by those two patterns.
  Bitboard captures(Bitboard mine_after, Bitboard theirs, int from, int to) const {
    Bitboard captured = 0;
    for (const std::uint8_t line : move_lines_[from * squares_ + to]) {
      if (line == kNoLine) break;
      const Bitboard mask = line_masks_[line];
      const Bitboard taken = line_captures_[squeeze(mine_after, mask) << rules_.width | squeeze(theirs, mask)];
      if (taken) captured |= spread(taken, mask);
    }
    return captured;
  }

  // ---- text ----
  Position start() const { return parse(rules_.start_text); }
  // Strict parse of docs/rules.md's position text; throws std::invalid_argument
  // with a message that says what is wrong.
  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  std::string move_text(const Move& m) const;
  std::string square_name(int square) const;

 private:
  static constexpr std::uint8_t kNoLine = 0xFF;
  int lowest_count() const { return rules_.lost_at + 1; }
  // The tier of every predecessor of p: the side that just moved is to move.
  TierId predecessor_tier(const Position& p) const { return tier_id(count(p.theirs), count(p.mine)); }

  LineCaptureRules rules_;
  CaptureLines lines_;
  int squares_;
  int tier_sides_;  // piece counts a tier can have per side
  Bitboard all_squares_;
  std::vector<Bitboard> neighbours_;  // orthogonal, by square
  std::vector<Bitboard> line_masks_;  // ranks then files
  // By (mover's pattern << width | opponent's pattern) along a line: the
  // opponent's squares of the line that the pattern captures.
  std::vector<std::uint8_t> line_captures_;
  std::vector<std::array<std::uint8_t, 3>> move_lines_;  // by from * squares + to
  std::vector<SquareMap> maps_;
  std::vector<std::unique_ptr<TwoSetIndexer>> indexers_;  // by tier
};

// The hooks of solver/game_concept.hpp this game provides.
static_assert(RetrogradeGame<LineCaptureGame>);
static_assert(HasPositionText<LineCaptureGame>);
static_assert(KnowsAliasFreeSlots<LineCaptureGame>);
static_assert(KnowsDistinctChildren<LineCaptureGame>);
static_assert(IndexesPredecessors<LineCaptureGame>);
static_assert(SortsPredecessorsByBlock<LineCaptureGame>);
static_assert(CountsPiecesPerSide<LineCaptureGame>);
static_assert(HasSymmetries<LineCaptureGame>);
static_assert(DescribesItself<LineCaptureGame>);
static_assert(DrawsItsBoard<LineCaptureGame>);
static_assert(DescribesMoveText<LineCaptureGame>);
static_assert(ExplainsRules<LineCaptureGame>);
static_assert(EstimatesFileSize<LineCaptureGame>);

}  // namespace rtb
