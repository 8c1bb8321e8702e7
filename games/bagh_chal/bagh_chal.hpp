#pragma once
// Bagh-Chal (tigers and goats) of docs/rules.md, on a 5x5, 4x4 or 3x3 board, with
// or without the diagonal lines.
//
// A position is the four tigers and the goats on the board (bitboards, square
// = rank * size + file, a1 = 0), the goats still in hand and the side to move;
// the goats captured follow from the counts. Tiers are (goats in hand, goats
// captured, side to move). While goats are in hand every move leaves the
// tier for one that is never reached again (a placement uses up a goat, a
// tiger move hands the move back to a placement), so each placement tier is a
// tier group of its own; once every goat is placed, the two sides' tiers with
// the same captures form one group, joined by slides. Each tier is numbered up
// to the board maps that keep every line and every jump: those are computed
// from the lines, never assumed (the 4x4 board with diagonals keeps only 4).
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
#include "solver/value.hpp"

namespace rtb {

struct BaghChalRules {
  std::string variant;  // "default", "4x4", "3x3", "nodiag", "4x4-nodiag", "3x3-nodiag"
  int size;             // the board is size x size points
  int goats;            // goats in hand at the start
  int target;           // the tigers win when they have captured this many
  bool diagonals;       // whether the diagonal lines are drawn
};

// The variant names `bagh_chal_rules` accepts, "default" first.
const std::vector<std::string>& bagh_chal_variants();
// Throws std::invalid_argument for a name not in bagh_chal_variants().
BaghChalRules bagh_chal_rules(std::string_view variant);

enum class BaghChalSide : std::uint8_t { Goats, Tigers };

struct BaghChalPosition {
  Bitboard tigers = 0;
  Bitboard goats = 0;  // on the board
  std::uint8_t goats_in_hand = 0;
  BaghChalSide to_move = BaghChalSide::Goats;
  friend bool operator==(const BaghChalPosition&, const BaghChalPosition&) = default;
};

struct BaghChalMove {
  static constexpr std::uint8_t kNone = 0xFF;
  std::uint8_t from = kNone;  // kNone for a placement
  std::uint8_t to = 0;
  std::uint8_t captured = kNone;  // the goat a jump takes; kNone for any other move
  bool is_placement() const { return from == kNone; }
  bool is_capture() const { return captured != kNone; }
  friend bool operator==(const BaghChalMove&, const BaghChalMove&) = default;
};

class BaghChalGame {
 public:
  using Position = BaghChalPosition;
  using Move = BaghChalMove;
  using TierId = std::uint32_t;
  static constexpr int kTigers = 4;

  explicit BaghChalGame(BaghChalRules rules);
  explicit BaghChalGame(std::string_view variant = "default") : BaghChalGame(bagh_chal_rules(variant)) {}

  const std::string& name() const { return name_; }
  const std::string& variant() const { return rules_.variant; }
  const BaghChalRules& rules() const { return rules_; }
  int size() const { return rules_.size; }
  int squares() const { return squares_; }
  int captured(const Position& p) const { return rules_.goats - count(p.goats) - p.goats_in_hand; }
  // The points joined to `square` by a line.
  Bitboard neighbours(int square) const { return points_[square].neighbours; }

  // ---- tiers: (goats in hand, goats captured, side to move) ----
  TierId tier_count() const { return static_cast<TierId>(tiers_.size()); }
  TierId tier_id(int in_hand, int captured, BaghChalSide side) const {
    return tier_ids_[(captured * (rules_.goats + 1) + in_hand) * 2 + static_cast<int>(side)];
  }
  int pieces_in_hand(TierId t) const { return tiers_[t].in_hand; }
  // What `rtb generate` solves when no tiers are named: everything on the
  // small boards, the sliding phase alone on 5x5, whose placement phase
  // (33 billion classes) is searched at query time instead.
  bool solved_by_default(TierId t) const { return rules_.size < 5 || pieces_in_hand(t) == 0; }
  int goats_captured(TierId t) const { return tiers_[t].captured; }
  BaghChalSide side_to_move(TierId t) const { return tiers_[t].side; }
  int goats_on_board(TierId t) const { return rules_.goats - pieces_in_hand(t) - goats_captured(t); }
  std::string tier_name(TierId t) const;  // "h20-c0-g"
  std::uint64_t tier_size(TierId t) const { return indexer(t).size(); }
  // Every position of the tier, not reduced by symmetry.
  std::uint64_t tier_positions(TierId t) const {
    return binomial(squares_, kTigers) * binomial(squares_ - kTigers, goats_on_board(t));
  }
  // Positions of the tier that differ under the board maps.
  std::uint64_t class_count(TierId t) const { return indexer(t).class_count(); }
  // Tiers one move can lead to, terminal positions excluded.
  std::vector<TierId> tier_successors(TierId t) const;
  // Only for positions that are not over (is_lost is false).
  TierId tier_of(const Position& p) const { return tier_id(p.goats_in_hand, captured(p), p.to_move); }
  std::uint64_t index(const Position& p) const { return indexers_[count(p.goats)]->index(p.tigers, p.goats); }
  Position position(TierId t, std::uint64_t index) const {
    const auto [tigers, goats] = indexer(t).sets(index);
    return {tigers, goats, static_cast<std::uint8_t>(pieces_in_hand(t)), side_to_move(t)};
  }
  std::uint64_t slot_weight(TierId t, std::uint64_t index) const { return indexer(t).weight(index); }
  std::size_t symmetry_count() const { return maps_.size(); }
  const std::vector<SquareMap>& symmetries() const { return maps_; }
  Position symmetric_position(const Position& p, std::size_t map) const {
    return {maps_[map].apply(p.tigers), maps_[map].apply(p.goats), p.goats_in_hand, p.to_move};
  }

  // ---- rules ----
  // The tigers have made their last capture: the goats, to move, have lost.
  // (A side with no legal move loses too, but the engine sees that itself.)
  bool is_lost(const Position& p) const { return p.to_move == BaghChalSide::Goats && captured(p) >= rules_.target; }

  // Calls f(move, child) for every legal move. No allocation.
  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    const Bitboard empty = all_points_ & ~(p.tigers | p.goats);
    if (p.to_move == BaghChalSide::Goats) {
      if (p.goats_in_hand > 0) {
        const auto in_hand = static_cast<std::uint8_t>(p.goats_in_hand - 1);
        for (Bitboard targets = empty; targets; targets &= targets - 1) {
          const int to = lowest_square(targets);
          f(Move{Move::kNone, static_cast<std::uint8_t>(to), Move::kNone},
            Position{p.tigers, p.goats | bit(to), in_hand, BaghChalSide::Tigers});
        }
        return;
      }
      // Empty points are few once all goats are placed: walk from them.
      for (Bitboard targets = empty; targets; targets &= targets - 1) {
        const int to = lowest_square(targets);
        for (Bitboard sources = points_[to].neighbours & p.goats; sources; sources &= sources - 1) {
          const int from = lowest_square(sources);
          f(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), Move::kNone},
            Position{p.tigers, p.goats ^ bit(from) ^ bit(to), 0, BaghChalSide::Tigers});
        }
      }
      return;
    }
    for (Bitboard tigers = p.tigers; tigers; tigers &= tigers - 1) {
      const int from = lowest_square(tigers);
      const Point& point = points_[from];
      const Bitboard others = p.tigers ^ bit(from);
      for (Bitboard targets = point.neighbours & empty; targets; targets &= targets - 1) {
        const int to = lowest_square(targets);
        f(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), Move::kNone},
          Position{others | bit(to), p.goats, p.goats_in_hand, BaghChalSide::Goats});
      }
      for (int j = 0; j < point.jump_count; ++j) {
        const Jump jump = point.jumps[j];
        if (!(p.goats & bit(jump.over)) || !(empty & bit(jump.land))) continue;
        f(Move{static_cast<std::uint8_t>(from), jump.land, jump.over},
          Position{others | bit(jump.land), p.goats ^ bit(jump.over), p.goats_in_hand, BaghChalSide::Goats});
      }
    }
  }

  // Calls f(predecessor) for every position of p's tier group from which a
  // move leads to p. No allocation.
  template <class F>
  void for_each_predecessor(const Position& p, F&& f) const {
    // A placement tier is a group of its own and no move stays in its tier.
    // In the sliding phase the group's moves are the slides; a placement or
    // a capture that led here came from another group.
    if (p.goats_in_hand > 0) return;
    const Bitboard empty = all_points_ & ~(p.tigers | p.goats);
    // The mover's piece stands on `to` and came from an empty neighbour; a
    // slide between joined points is always legal and captures nothing.
    const bool goats_moved = p.to_move == BaghChalSide::Tigers;
    const Bitboard movers = goats_moved ? p.goats : p.tigers;
    const BaghChalSide side = goats_moved ? BaghChalSide::Goats : BaghChalSide::Tigers;
    for (Bitboard sources = empty; sources; sources &= sources - 1) {
      const int from = lowest_square(sources);
      for (Bitboard arrivals = points_[from].neighbours & movers; arrivals; arrivals &= arrivals - 1) {
        const Bitboard step = bit(from) | bit(lowest_square(arrivals));
        f(goats_moved ? Position{p.tigers, p.goats ^ step, 0, side} : Position{p.tigers ^ step, p.goats, 0, side});
      }
    }
  }

  // Solves placement tier `tier` (a tier no move re-enters) in one pass from
  // the values of the tiers its moves reach, `solved` by tier id, walking its
  // slots block by block (bagh_chal_one_pass.cpp). The engine uses it in
  // place of its general set-up; the values are the same.
  std::vector<Value> solve_lone_tier(TierId tier, const SolvedTierValues& solved, int threads,
                                     const SlotsDone& slots_done = {}) const;

  // ---- text ----
  Position start() const;
  // Strict parse of docs/rules.md's position text ("T...T/...../...../...../T...T
  // g 20"); throws std::invalid_argument with a message that says what is
  // wrong. A position where the tigers have just made their winning capture
  // (goats to move) is accepted and is_lost; one that cannot occur is not.
  Position parse(std::string_view text) const;
  std::string format(const Position& p) const;
  std::string move_text(const Move& m) const;  // "c3" places, "a1a2" slides, "a1c3" jumps
  std::string square_name(int square) const;

  // ---- how front ends show it (bagh_chal_look.cpp) ----
  std::string describe() const;
  BoardLook board_look() const;
  double file_bits_per_slot() const;
  std::string move_notation() const {
    return "c3 places a goat, a1a2 slides a piece along a line, a1c3 is a tiger's jump over the goat between";
  }
  std::string movement_phase_name() const { return "sliding phase"; }
  // The traditional rule: once every goat has been placed, no move may return
  // to a position that has occurred (none before: each placement lowers the
  // goats in hand). Not in the values; applied by the front ends.
  bool forbids_repetition() const { return true; }
  // Its rules in words, for this variant (bagh_chal_rules_text.cpp).
  std::string rules_text() const;

 private:
  struct Jump {
    std::uint8_t over, land;
  };
  struct Point {
    Bitboard neighbours = 0;
    int jump_count = 0;
    std::array<Jump, 8> jumps{};
  };
  struct Tier {
    int in_hand, captured;
    BaghChalSide side;
  };
  static constexpr TierId kNoTier = ~TierId{0};

  bool has_diagonals(int square) const;
  void build_lines();
  void build_tiers();
  bool keeps_lines_and_jumps(const SquareMap& map) const;
  const TwoSetIndexer& indexer(TierId t) const { return *indexers_[goats_on_board(t)]; }

  std::string name_ = "bagh-chal";
  BaghChalRules rules_;
  int squares_;
  Bitboard all_points_;
  std::vector<Point> points_;     // by square
  std::vector<Tier> tiers_;       // by tier id
  std::vector<TierId> tier_ids_;  // by (captured, in hand, side); kNoTier where none
  std::vector<SquareMap> maps_;
  std::vector<std::unique_ptr<TwoSetIndexer>> indexers_;  // by goats on the board
};

// The hooks of solver/game_concept.hpp this game provides (no engine fast
// path: its sliding groups are solved by the general walk).
static_assert(RetrogradeGame<BaghChalGame>);
static_assert(HasPositionText<BaghChalGame>);
static_assert(MarksCaptures<BaghChalMove>);
static_assert(CountsPiecesInHand<BaghChalGame>);
static_assert(HasDefaultTiers<BaghChalGame>);
static_assert(HasSymmetries<BaghChalGame>);
static_assert(SolvesLoneTiers<BaghChalGame>);
static_assert(DescribesItself<BaghChalGame>);
static_assert(DrawsItsBoard<BaghChalGame>);
static_assert(ExplainsRules<BaghChalGame>);
static_assert(EstimatesFileSize<BaghChalGame>);

}  // namespace rtb
