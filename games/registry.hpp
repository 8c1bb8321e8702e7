#pragma once
// The games rtb knows, in one table that the command line reads. Adding a
// game means: its own files in games/, its type in AnyGame, one entry in
// game_registry.cpp, and its tests (the conformance battery covers it once
// its type is listed there too).
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "games/bagh_chal/bagh_chal.hpp"
#include "games/crossings/crossings.hpp"
#include "games/crossings/crossings_seed.hpp"
#include "games/line_capture/line_capture.hpp"
#include "solver/parameter_error.hpp"

namespace rtb {

// Every concrete game type the command line can run. Commands are templates
// over the game, instantiated once per type listed here.
using AnyGame = std::variant<LineCaptureGame, BaghChalGame, CrossingsGame, CrossingsSeedGame32, CrossingsSeedGame128>;

struct GameEntry {
  std::string name;
  std::string description;
  std::vector<std::string> variants;  // "default" first
  std::function<AnyGame(const std::string& variant)> make;  // called with a listed variant
};

// In the order `rtb games` lists them.
const std::vector<GameEntry>& game_registry();

// The entry named `name`; InvalidParameter "game" (listing the known names) if none.
const GameEntry& find_game(const std::string& name);

struct GameChoice {
  std::string name;
  std::string variant = "default";
};

// The game of `choice`; InvalidParameter "game" or "variant" for an unknown one.
AnyGame make_game(const GameChoice& choice);

// Calls f(game) with the concrete game named by `choice`.
template <class F>
decltype(auto) with_game(const GameChoice& choice, F&& f) {
  const AnyGame game = make_game(choice);
  return std::visit([&](const auto& concrete) -> decltype(auto) { return f(concrete); }, game);
}

}  // namespace rtb
