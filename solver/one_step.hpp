#pragma once
// A position's value from its children's values: the best move for the side
// to move (shortest win, else a draw, else the longest loss); LOSS in 0 when
// it has lost already or has no move. A correct table satisfies this at
// every position, which is what `verify` checks and what `query` prints.
#include "solver/value.hpp"

namespace rtb {

// The best move so far, folded in child by child: the mover's value is the
// best child's one ply on, and LOSS in 0 when no child came.
class BestChild {
 public:
  // `child` is the child's value for the child's mover.
  void add(Value child) {
    const Value through = value_through_move(child);
    if (!any_move_ || better_for_mover(through, best_)) best_ = through;
    any_move_ = true;
  }
  Value value() const { return best_; }

 private:
  bool any_move_ = false;
  Value best_ = make_value(0);
};

// lookup(child) gives the value of a child that is not lost already.
template <class G, class Lookup>
Value value_from_children(const G& game, const typename G::Position& p, Lookup&& lookup) {
  if (game.is_lost(p)) return make_value(0);
  BestChild best;
  game.for_each_move(p, [&](const typename G::Move&, const typename G::Position& child) {
    best.add(game.is_lost(child) ? make_value(0) : lookup(child));
  });
  return best.value();
}

}  // namespace rtb
