#include "games/line_capture/registration.hpp"

namespace rtb {

namespace {

// `arrival` captures only on lines through the square a piece arrives on
// (docs/rules.md); the default captures on every line the move touches.
LineCaptureGame line_capture(LineCaptureRules rules, const std::string& variant) {
  return LineCaptureGame(std::move(rules), variant == "arrival" ? CaptureLines::Arrival : CaptureLines::Touched);
}

}  // namespace

std::vector<LineCaptureGames::Entry> LineCaptureGames::entries() {
  return {
      {"pangki",
       "4x4 line-capture game, 6 pieces a side",
       {"default", "arrival"},
       [](const std::string& v) { return Made(line_capture(pangki_rules(), v)); }},
      {"cinc-camins",
       "5x5 line-capture game, 5 pieces a side",
       {"default", "arrival"},
       [](const std::string& v) { return Made(line_capture(cinc_camins_rules(), v)); }},
  };
}

}  // namespace rtb
