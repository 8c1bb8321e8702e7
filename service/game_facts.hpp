#pragma once
// What a front end needs to know about a game beyond the contract, each
// taken from the game through a named concept of solver/game_concept.hpp,
// with a generic answer for a game without the hook: so that no front end
// names a game to know how it behaves.
#include "solver/game_concept.hpp"

namespace rtb {

// A game with a placement phase, too large to tabulate, that a search covers
// (see CountsPiecesInHand in solver/game_concept.hpp).
template <class G>
constexpr bool kSearchable = CountsPiecesInHand<G>;

// A game that may have no tablebases at all (a board too large for them):
// where has_tablebases() is false, every position is searched to the end of
// the game, with a leaf probe that never answers.
template <class G>
constexpr bool kMayLackTablebases = MayLackTablebases<G>;

// Whether a query of `game` may search instead of reading a file: its
// placement phase (kSearchable), or every position of a board too large for
// tablebases.
template <class G>
bool falls_back_to_search(const G& game) {
  if constexpr (kSearchable<G>) return true;
  if constexpr (kMayLackTablebases<G>) return !game.has_tablebases();
  return false;
}

}  // namespace rtb
