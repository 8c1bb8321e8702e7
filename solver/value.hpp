#pragma once
// Perfect-play values as the engine, the files and the query tool share them.
//
// A value is one 16-bit word for the side to move: 0 is DRAW; any other word w
// means the game ends in d = w - 1 plies under perfect play. Wins are always
// an odd number of plies away and losses an even number (LOSS 0 is a side that
// has already lost, WIN 1 a move that wins at once), so the parity of d
// carries WIN or LOSS and no bit is spent on it.
#include <cstdint>
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

// Ordering for the mover: the shortest win first, then draws, then the
// longest loss. Returns true when a is strictly better than b.
constexpr bool better_for_mover(Value a, Value b) {
  auto rank = [](Value v) -> long {
    switch (outcome_of(v)) {
      case Outcome::Win:
        return 1'000'000L - distance_of(v);
      case Outcome::Draw:
        return 0;
      case Outcome::Loss:
        return -1'000'000L + distance_of(v);
    }
    return 0;
  };
  return rank(a) > rank(b);
}

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
