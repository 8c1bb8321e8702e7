#pragma once
// A position's value from its children's values: the best move for the side
// to move (shortest win, else a draw, else the longest loss); LOSS in 0 when
// it has lost already or has no move. A correct table satisfies this at
// every position, which is what `verify` checks and what `query` prints.
#include "solver/value.hpp"

namespace rtb {

// lookup(child) gives the value of a child that is not lost already.
template <class G, class Lookup>
Value value_from_children(const G& game, const typename G::Position& p, Lookup&& lookup) {
  if (game.is_lost(p)) return make_value(0);
  bool any_move = false;
  Value best = make_value(0);
  game.for_each_move(p, [&](const typename G::Move&, const typename G::Position& child) {
    const Value through = value_through_move(game.is_lost(child) ? make_value(0) : lookup(child));
    if (!any_move || better_for_mover(through, best)) best = through;
    any_move = true;
  });
  return best;
}

}  // namespace rtb
