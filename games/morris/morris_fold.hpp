#pragma once
// What the Morris one-pass walks (morris_one_pass.cpp, morris_walk_by_child.cpp)
// share: the fold of a placement position's children into its value.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "solver/value.hpp"

namespace rtb::morris_walk {

// The best value for the mover so far, as solver/value.hpp's MoverKey, so
// that folding in a child is one max and no branch.
struct Best {
  MoverKey key = kLostKey;  // no child yet: lost (never in a placement tier)
  void child(Value v) { key = std::max(key, key_through_move(v)); }
  void child_lost() { child(make_value(0)); }
  // Folds in the best of other children, kept as their key.
  void fold(MoverKey best_key) { key = std::max(key, best_key); }
  // The mover's value: one ply more than the best child's.
  Value value() const { return value_of_key(key); }
};

// A placement has at most 24 points to go to and a mill at most 12 stones to
// remove (Morabaraba's twelve a side: no rules MorrisGame takes have more,
// as both sides' stones must fit the 24 points).
// These size arrays on the walks' stacks: at 9, Nine Men's Morris's count,
// a Morabaraba or Lasker opponent with 10 to 12 removable stones wrote past
// them (a crash on p22-w11-b11 of Morabaraba on 2 threads).
constexpr int kMostStones = 12;
constexpr int kMostChildren = 24 * kMostStones;
constexpr int kMostPoints = 24;

// A placement tier whose value would not fit a value word (never in the
// Morris boards: their longest game is a few hundred plies).
[[noreturn]] inline void throw_too_long(const std::string& tier) {
  throw std::length_error("a position of tier " + tier + " is more than " + std::to_string(kMaxDistance) +
                          " plies from its end, the longest a value holds");
}

}  // namespace rtb::morris_walk
