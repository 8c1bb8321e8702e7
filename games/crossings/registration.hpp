#pragma once
// Crossings, both readings under one name, for the registry
// (games/kit/game_folder.hpp): the published game (8x8 searched, mini boards
// CxR) and the seed text's (seed, seed-CxR; docs/rules.md, "The seed text's game"),
// the latter on 32-bit point sets where its squares and corners fit them.
#include "games/crossings/crossings.hpp"
#include "games/crossings/crossings_seed.hpp"
#include "games/kit/game_folder.hpp"

namespace rtb {

struct CrossingsGames : GameFolder<CrossingsGame, CrossingsSeedGame32, CrossingsSeedGame128> {
  static std::vector<Entry> entries();
};

}  // namespace rtb
