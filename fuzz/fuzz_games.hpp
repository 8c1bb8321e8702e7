#pragma once
// The games the position-text target fuzzes, in the order the first byte of
// an input picks them: every variant of every entry of the registry
// (games/registry.hpp). The seed writer (write_seeds.cpp) takes the same
// list, so seed i reaches game i however many games there are; seeds written
// by hand went stale when games were added (every one had picked game 32).
#include <string>
#include <vector>

#include "games/registry.hpp"

namespace rtb_fuzz {

struct FuzzGame {
  std::string name;  // GAME-VARIANT, for the seed files' names
  rtb::AnyGame game;
};

inline const std::vector<FuzzGame>& fuzz_games() {
  static const std::vector<FuzzGame> all = [] {
    std::vector<FuzzGame> games;
    for (const rtb::GameEntry& entry : rtb::game_registry())
      for (const std::string& variant : entry.variants)
        games.push_back({entry.name + "-" + variant, entry.make(variant)});
    return games;
  }();
  return all;
}

}  // namespace rtb_fuzz
