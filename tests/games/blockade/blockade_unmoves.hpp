#pragma once
// Blockade's moves taken back, written by hand for the tests: the game gives
// forward moves only (games/blockade/blockade.hpp), so these are a second
// opinion on the table of moves taken backwards that the engine builds
// (tests/solver/reverse_moves_test.cpp), and give the battery a game whose
// own predecessors live on 64-bit sets.
#include "games/blockade/blockade.hpp"
#include "solver/game_concept.hpp"

namespace rtb {

class BlockadeWithUnmoves : public BlockadeGame {
 public:
  // The opponent's piece next to the empty point came from there.
  template <class F>
  void for_each_predecessor(const Position& p, F&& f) const {
    const int empty = lowest_square(kBoard & ~(p.mine | p.theirs));
    for_each_square(static_cast<Set>(neighbours_[empty] & p.theirs), [&](int to) {
      f(Position{p.theirs ^ bit<Set>(to) ^ bit<Set>(empty), p.mine, !p.o_to_move});
    });
  }
};

static_assert(GivesPredecessors<BlockadeWithUnmoves>);

}  // namespace rtb
