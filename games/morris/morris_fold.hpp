#pragma once
// What the Morris one-pass walks (morris_one_pass.cpp, morris_walk_by_child.cpp)
// share: the fold of a placement position's children into its value.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "solver/value.hpp"

namespace rtb::morris_walk {

// The best value for the mover so far, as a key whose integer order is the
// mover's preference, so that folding in a child is one max and no branch:
// a child's LOSS in d (a win for the mover) keys high, the shorter the
// higher; its DRAW in the middle; its WIN in d (a loss) low, the longer the
// higher. (A value word is d + 1: odd for a loss, even for a win.)
struct Best {
  std::uint32_t key = 0;  // below every child's key: no child yet
  static constexpr std::uint32_t kDrawKey = 0x10000;
  void child(Value v) {
    const std::uint32_t loss_key = 0x20000 - v, win_key = v;
    const std::uint32_t k = v == kDraw ? kDrawKey : (v & 1) ? loss_key : win_key;
    key = std::max(key, k);
  }
  void child_lost() { child(make_value(0)); }
  // Folds in the best of other children, kept as their key.
  void fold(std::uint32_t best_key) { key = std::max(key, best_key); }
  // The mover's value: one ply more than the best child's.
  Value value() const {
    if (key == 0) return make_value(0);  // no move: lost (never in a placement tier)
    if (key == kDrawKey) return kDraw;
    const std::uint32_t v = key > kDrawKey ? 0x20000 - key : key;
    return static_cast<Value>(v + 1);
  }
};

// A placement has at most 24 points to go to and a mill at most 9 stones to
// remove.
constexpr int kMostChildren = 24 * 9;
constexpr int kMostStones = 9;
constexpr int kMostPoints = 24;

// A placement tier whose value would not fit a value word (never in the
// Morris boards: their longest game is a few hundred plies).
[[noreturn]] inline void throw_too_long(const std::string& tier) {
  throw std::length_error("a position of tier " + tier + " is more than " + std::to_string(kMaxDistance) +
                          " plies from its end, the longest a value holds");
}

}  // namespace rtb::morris_walk
