#pragma once
// The Morris family, for the registry (games/kit/game_folder.hpp).
#include "games/kit/game_folder.hpp"
#include "games/morris/morris.hpp"

namespace rtb {

struct MorrisGames : GameFolder<MorrisGame> {
  static std::vector<Entry> entries();
};

}  // namespace rtb
