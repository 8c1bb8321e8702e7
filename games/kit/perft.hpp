#pragma once
// Leaf counts of the move tree, for every game: a position where the game is
// over (the side to move has lost, or has no move) is a leaf and is not
// expanded.
#include <cstdint>

namespace rtb {

template <class G>
std::uint64_t perft(const G& game, const typename G::Position& p, int depth) {
  if (depth == 0 || game.is_lost(p)) return 1;
  std::uint64_t leaves = 0;
  bool any_move = false;
  game.for_each_move(p, [&](const typename G::Move&, const typename G::Position& child) {
    any_move = true;
    leaves += perft(game, child, depth - 1);
  });
  return any_move ? leaves : 1;
}

}  // namespace rtb
