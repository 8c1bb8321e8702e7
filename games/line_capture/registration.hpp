#pragma once
// Pangki and Cinc camins, for the registry (games/kit/game_folder.hpp).
#include "games/kit/game_folder.hpp"
#include "games/line_capture/line_capture.hpp"

namespace rtb {

struct LineCaptureGames : GameFolder<LineCaptureGame> {
  static std::vector<Entry> entries();
};

}  // namespace rtb
