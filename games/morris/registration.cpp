#include "games/morris/registration.hpp"

namespace rtb {

std::vector<MorrisGames::Entry> MorrisGames::entries() {
  return {
      {"morris",
       "Five, Six, Seven and Nine Men's Morris, Morabaraba and Lasker Morris (Mills): placement and movement, "
       "nine, morabaraba and lasker fly at three",
       morris_variants(), [](const std::string& v) { return Made(std::in_place_type<MorrisGame>, morris_rules(v)); },
       morris_rules("default").variant},
  };
}

}  // namespace rtb
