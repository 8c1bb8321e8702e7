#include "games/bagh_chal/registration.hpp"

namespace rtb {

std::vector<BaghChalGames::Entry> BaghChalGames::entries() {
  return {
      {"bagh-chal", "tigers and goats on the 5x5 alquerque board (and 3x3, 4x4)", bagh_chal_variants(),
       [](const std::string& v) { return Made(std::in_place_type<BaghChalGame>, bagh_chal_rules(v)); }},
  };
}

}  // namespace rtb
