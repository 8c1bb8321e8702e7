#pragma once
// Perfect-play values as the engine, the files and the query tool share them.
//
// A value is one 16-bit word for the side to move: 0 is DRAW; any other word w
// means the game ends in d = w - 1 plies under perfect play. Wins are always
// an odd number of plies away and losses an even number (LOSS 0 is a side that
// has already lost, WIN 1 a move that wins at once), so the parity of d
// carries WIN or LOSS and no bit is spent on it.
#include <cstdint>
#include <limits>
#include <string>

namespace rtb {

using Value = std::uint16_t;

inline constexpr Value kDraw = 0;
inline constexpr unsigned kMaxDistance = 0x7FFE;  // the solver keeps the top bit for bookkeeping

enum class Outcome { Win, Loss, Draw };

constexpr Value make_value(unsigned distance) { return static_cast<Value>(distance + 1); }
// The largest word a solved value can be; anything above it is damage.
inline constexpr Value kMaxValue = make_value(kMaxDistance);
constexpr Value win_in(unsigned distance) { return make_value(distance); }
constexpr Value loss_in(unsigned distance) { return make_value(distance); }
constexpr bool is_draw(Value v) { return v == kDraw; }
constexpr unsigned distance_of(Value v) { return static_cast<unsigned>(v) - 1; }
constexpr Outcome outcome_of(Value v) {
  if (v == kDraw) return Outcome::Draw;
  return (distance_of(v) % 2 == 1) ? Outcome::Win : Outcome::Loss;
}
constexpr bool is_win(Value v) { return outcome_of(v) == Outcome::Win; }
constexpr bool is_loss(Value v) { return outcome_of(v) == Outcome::Loss; }

// The value of a position for its mover, given the value of a child for the
// child's mover (the opponent): one more ply, and the outcome flips.
constexpr Value value_through_move(Value child) { return child == kDraw ? kDraw : make_value(distance_of(child) + 1); }

// The mover's preference as a 16-bit integer: the shortest win highest,
// then a draw, then the longest loss, so that folding a position's children
// into its value is one max and no branch (the placement walks fold billions
// of children, whose values a branch predictor cannot guess). A LOSS keys as
// its word, below kDrawKey; a WIN as kWinKeyTop less its word, above it.
// Every word a move from a stored value gives has a key, kMaxValue + 1
// included, so a walk that folds keys still sees a value too long to store.
using MoverKey = std::uint16_t;
inline constexpr MoverKey kDrawKey = 0x8000;
inline constexpr std::uint32_t kWinKeyTop = 0x10001;
// LOSS in 0, a position with no move: below every key a move gives.
inline constexpr MoverKey kLostKey = make_value(0);

constexpr MoverKey mover_key(Value v) {
  if (v == kDraw) return kDrawKey;
  return static_cast<MoverKey>(is_loss(v) ? v : kWinKeyTop - v);
}
constexpr Value value_of_key(MoverKey key) {
  if (key == kDrawKey) return kDraw;
  return static_cast<Value>(key < kDrawKey ? key : kWinKeyTop - key);
}
// mover_key(value_through_move(child)) without a branch on the outcome: a
// child's LOSS (an odd word v) is the mover's WIN in v plies, keyed
// kWinKeyTop - (v + 1), which is v's bits flipped plus one; a child's WIN is
// the mover's LOSS in v plies, keyed v + 1.
constexpr MoverKey key_through_move(Value child) {
  const unsigned v = child;
  const unsigned flip = (0u - (v & 1)) & std::numeric_limits<MoverKey>::max();
  return v == kDraw ? kDrawKey : static_cast<MoverKey>((v ^ flip) + 1);
}

static_assert(mover_key(win_in(1)) == 0xFFFF && mover_key(make_value(0)) == kLostKey && kLostKey == 1);
static_assert(mover_key(value_through_move(kMaxValue)) > kDrawKey && mover_key(kMaxValue) < kDrawKey);
static_assert(key_through_move(kDraw) == kDrawKey && key_through_move(make_value(0)) == mover_key(win_in(1)) &&
              key_through_move(win_in(5)) == mover_key(loss_in(6)) &&
              key_through_move(kMaxValue) == mover_key(value_through_move(kMaxValue)) &&
              key_through_move(kMaxValue - 1) == mover_key(value_through_move(kMaxValue - 1)));
static_assert(value_of_key(mover_key(win_in(7))) == win_in(7) && value_of_key(mover_key(loss_in(8))) == loss_in(8) &&
              value_of_key(kDrawKey) == kDraw && value_of_key(mover_key(kMaxValue + 1)) == kMaxValue + 1);

// Ordering for the mover: the shortest win first, then draws, then the
// longest loss. Returns true when a is strictly better than b.
constexpr bool better_for_mover(Value a, Value b) { return mover_key(a) > mover_key(b); }

inline const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::Win:
      return "WIN";
    case Outcome::Loss:
      return "LOSS";
    case Outcome::Draw:
      return "DRAW";
  }
  return "?";
}

// "WIN in 5", "LOSS in 0", "DRAW".
inline std::string describe(Value v) {
  if (is_draw(v)) return "DRAW";
  return std::string(outcome_name(outcome_of(v))) + " in " + std::to_string(distance_of(v));
}

}  // namespace rtb
