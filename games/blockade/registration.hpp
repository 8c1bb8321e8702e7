#pragma once
// Blockade, for the registry (games/kit/game_folder.hpp).
#include "games/blockade/blockade.hpp"
#include "games/kit/game_folder.hpp"

namespace rtb {

struct BlockadeGames : GameFolder<BlockadeGame> {
  static std::vector<Entry> entries();
};

}  // namespace rtb
