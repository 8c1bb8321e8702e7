#pragma once
// What a front end needs to know about a game beyond the contract, each
// taken from the game through a named concept of solver/game_concept.hpp,
// with a generic answer for a game without the hook: so that no front end
// names a game to know how it behaves.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "solver/board_look.hpp"
#include "solver/derived_tier.hpp"  // derives_any_tier: whether --derive-tiers applies to a game
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

// What `rtb games` prints about the game (DescribesItself); without the hook,
// its name, variant and start and a line a tier.
template <class G>
std::string describe_game(const G& game) {
  if constexpr (DescribesItself<G>) {
    return game.describe();
  } else {
    std::string out = game.name() + " (" + game.variant() + "): start " + game.format(game.start()) + "\n";
    for (typename G::TierId t = 0; t < game.tier_count(); ++t)
      out += "  tier " + game.tier_name(t) + "  slots " + std::to_string(game.tier_size(t)) + "\n";
    return out;
  }
}

// The side-to-move letter of a canonical position text (docs/rules.md: the
// board, a space, the side to move), '?' for a text without one.
inline char side_to_move_letter(const std::string& position) {
  const std::size_t space = position.find(' ');
  return space + 1 < position.size() ? position[space + 1] : '?';
}

// How front ends draw the game (DrawsItsBoard); without the hook, read from
// the start's text (docs/rules.md: ranks from the top separated by '/', one
// character a square, then the side to move), the pieces and sides named
// by their letters.
template <class G>
BoardLook board_look_of(const G& game) {
  if constexpr (DrawsItsBoard<G>) {
    return game.board_look();
  } else {
    static const char* const kColours[] = {"blue", "white", "yellow", "green", "red"};
    const std::string text = game.format(game.start());
    const std::string board = text.substr(0, text.find(' '));
    BoardLook look;
    look.ranks = 1 + static_cast<int>(std::count(board.begin(), board.end(), '/'));
    look.files = static_cast<int>(std::min(board.find('/'), board.size()));
    for (const char c : board)
      if (c != '/' && c != '.' &&
          std::none_of(look.pieces.begin(), look.pieces.end(), [c](const PieceLook& p) { return p.letter == c; }))
        look.pieces.push_back({c, std::string(1, c), kColours[look.pieces.size() % 5]});
    look.sides.push_back({side_to_move_letter(text), std::string(1, side_to_move_letter(text))});
    bool first = true;
    game.for_each_move(game.start(), [&](const auto&, const auto& child) {
      if (!first) return;
      first = false;
      const char letter = side_to_move_letter(game.format(child));
      look.sides.push_back({letter, std::string(1, letter)});
    });
    return look;
  }
}

// How the game's moves are written (DescribesMoveText); without the hook, a
// move of the start as the example.
template <class G>
std::string move_notation_of(const G& game) {
  if constexpr (DescribesMoveText<G>) {
    return game.move_notation();
  } else {
    std::string example;
    game.for_each_move(game.start(), [&](const auto& m, const auto&) {
      if (example.empty()) example = game.move_text(m);
    });
    return example.empty() ? "as the move list writes them" : "as the move list writes them, e.g. " + example;
  }
}

// The game's rules as front ends show them (ExplainsRules): lines ending in
// '\n', each "Topic: text". Without the hook, what rtb holds every game to,
// the start and the move notation.
template <class G>
std::string rules_of(const G& game) {
  if constexpr (ExplainsRules<G>) {
    return game.rules_text();
  } else {
    return "About: the game gives no summary of its own rules; what every game of rtb shares follows.\n"
           "Turns: two sides move in turn, and nobody may pass.\n"
           "End: a side to move without a legal move has lost; a game that both sides can keep going for ever "
           "is a draw.\n"
           "Start: " +
           game.format(game.start()) + "\nMoves: " + move_notation_of(game) + "\n";
  }
}

// Why `typed` is short of a move, when the legal moves `longer` begin with
// it (ExplainsShortMoves; without the hook or where it has nothing to say,
// "is not a whole move").
template <class G>
std::string short_move_reason_of([[maybe_unused]] const G& game, std::string_view typed,
                                 const std::vector<std::string>& longer) {
  if constexpr (ExplainsShortMoves<G>) {
    std::string reason = game.short_move_reason(typed, longer);
    if (!reason.empty()) return reason;
  }
  return "is not a whole move; the legal moves that begin with it";
}

// The game's name for the tiers with nothing in hand (NamesMovementPhase).
template <class G>
std::string movement_phase_name_of([[maybe_unused]] const G& game) {
  if constexpr (NamesMovementPhase<G>) return game.movement_phase_name();
  return "the tiers with nothing in hand";
}

// Whether the game forbids a move back to a position that has occurred
// (ForbidsRepetition); without the hook, no.
template <class G>
bool forbids_repetition_of(const G& game) {
  if constexpr (ForbidsRepetition<G>) return game.forbids_repetition();
  return false;
}

}  // namespace rtb
