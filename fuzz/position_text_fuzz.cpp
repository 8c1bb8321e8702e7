// libFuzzer target: the position text of every game and variant.
//
// The first byte picks the game and variant, the rest is the text. A text is
// either refused with std::invalid_argument or accepted; an accepted position
// must print back to a text that parses to the same position, must index to a
// slot of its tier that unranks to an equal position (up to symmetry: the
// same slot), and its moves must print (move_text) without fault.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "games/bagh_chal/bagh_chal.hpp"
#include "games/crossings/crossings.hpp"
#include "games/line_capture/line_capture.hpp"

namespace {

template <class G>
void check(const G& game, std::string_view text) {
  typename G::Position p;
  try {
    p = game.parse(text);
  } catch (const std::invalid_argument&) {
    return;  // refused with a message: what a bad text should get
  }
  const std::string printed = game.format(p);
  const typename G::Position again = game.parse(printed);  // must not throw
  if (!(again == p) || game.format(again) != printed) std::abort();
  if (game.is_lost(p)) return;
  bool indexed = true;  // a board too large for tablebases has no slots to round-trip
  if constexpr (rtb::MayLackTablebases<G>) indexed = game.has_tablebases();
  const auto tier = game.tier_of(p);
  if (tier >= game.tier_count()) std::abort();
  if (indexed) {
    const std::uint64_t slot = game.index(p);
    if (slot >= game.tier_size(tier)) std::abort();
    if (game.index(game.position(tier, slot)) != slot) std::abort();
  }
  game.for_each_move(p, [&](const typename G::Move& m, const typename G::Position& child) {
    if (game.move_text(m).empty()) std::abort();
    (void)game.is_lost(child);
  });
}

struct Games {
  std::vector<rtb::LineCaptureGame> line_capture;
  std::vector<rtb::BaghChalGame> bagh_chal;
  std::vector<rtb::CrossingsGame> crossings;
};

}  // namespace


extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Games games = [] {
    Games g;
    for (const auto& rules : {rtb::pangki_rules(), rtb::cinc_camins_rules()})
      for (const auto lines : {rtb::CaptureLines::Touched, rtb::CaptureLines::Arrival})
        g.line_capture.emplace_back(rules, lines);
    for (const std::string& variant : rtb::bagh_chal_variants()) g.bagh_chal.emplace_back(variant);
    for (const std::string variant : {"default", "3x3", "4x4", "5x5", "3x8"})
      g.crossings.emplace_back(rtb::crossings_rules(variant), variant);
    return g;
  }();
  if (size == 0) return 0;
  std::size_t pick = data[0] % (games.line_capture.size() + games.bagh_chal.size() + games.crossings.size());
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  if (pick < games.line_capture.size()) return check(games.line_capture[pick], text), 0;
  pick -= games.line_capture.size();
  if (pick < games.bagh_chal.size()) return check(games.bagh_chal[pick], text), 0;
  check(games.crossings[pick - games.bagh_chal.size()], text);
  return 0;
}
