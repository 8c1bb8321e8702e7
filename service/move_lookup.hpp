#pragma once
// Which legal move a typed text names, for every front end that takes a move
// from a person (query --moves, play, serve's moves=, Python): the text
// trimmed and in any case, and where it is only the start of legal moves (a
// Morris move that closes a mill, typed without its removal), what is
// missing and which moves it could be.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace rtb {

struct MoveLookup {
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::size_t index = kNone;  // into the legal moves
  // When none: why the text is short of a move and the moves that begin with
  // it ("c5 closes a mill: name the stone to remove: c5xc2 or c5xd3"); empty
  // where no legal move begins with it.
  std::string short_of_move;
  bool found() const { return index != kNone; }
};

// `typed` among `legal` (the move texts of a position, as the game writes
// them). `reason(text, longer)` is the game's word for a text that the legal
// moves `longer` begin with (service/game_facts.hpp: short_move_reason_of).
MoveLookup look_up_move(const std::vector<std::string>& legal, std::string_view typed,
                        const std::function<std::string(std::string_view, const std::vector<std::string>&)>& reason);

// "a", "a or b", "a, b or c".
std::string either_of(const std::vector<std::string>& texts);

}  // namespace rtb
