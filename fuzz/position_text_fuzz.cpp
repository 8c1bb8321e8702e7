// libFuzzer target: the position text of every game and variant of the
// registry (games/registry.hpp), each built once.
//
// The first byte picks the game and variant (fuzz_games.hpp), the rest is
// the text; write_seeds.cpp writes seeds for every game. A text is
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
#include <variant>
#include <vector>

#include "fuzz/fuzz_games.hpp"
#include "solver/game_concept.hpp"

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
  std::uint64_t slots = 0;
  if (indexed) {
    // A tier of more than kMaxTierSlots slots is refused by its indexer
    // (solver/game_concept.hpp): such a position has no slot.
    try {
      slots = game.tier_size(tier);
    } catch (const std::length_error&) {
      indexed = false;
    }
  }
  if (indexed) {
    const std::uint64_t slot = game.index(p);
    if (slot >= slots) std::abort();
    if (game.index(game.position(tier, slot)) != slot) std::abort();
  }
  game.for_each_move(p, [&](const typename G::Move& m, const typename G::Position& child) {
    if (game.move_text(m).empty()) std::abort();
    (void)game.is_lost(child);
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto& games = rtb_fuzz::fuzz_games();
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::visit([&](const auto& game) { check(game, text); }, games[data[0] % games.size()].game);
  return 0;
}
