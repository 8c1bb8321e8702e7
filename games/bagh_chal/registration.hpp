#pragma once
// Bagh-Chal, for the registry (games/kit/game_folder.hpp).
#include "games/bagh_chal/bagh_chal.hpp"
#include "games/kit/game_folder.hpp"

namespace rtb {

struct BaghChalGames : GameFolder<BaghChalGame> {
  static std::vector<Entry> entries();
};

}  // namespace rtb
