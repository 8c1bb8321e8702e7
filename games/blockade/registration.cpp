#include "games/blockade/registration.hpp"

namespace rtb {

std::vector<BlockadeGames::Entry> BlockadeGames::entries() {
  return {
      {"blockade",
       "a tiny example game: 4 pieces a side slide to the empty point of a 3x3 board; who cannot move loses",
       {"default"},
       [](const std::string&) { return Made(std::in_place_type<BlockadeGame>); }},
  };
}

}  // namespace rtb
