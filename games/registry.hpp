#pragma once
// The games rtb knows, in one table that every front end reads. A game is
// its folder in games/ (its rules, a CMakeLists.txt calling rtb_game(), and a
// registration.hpp: games/kit/game_folder.hpp) and one line below naming
// its folder; the build finds the folder, and the tests, the fuzz targets
// and Python take the list from here.
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "games/bagh_chal/registration.hpp"
#include "games/blockade/registration.hpp"
#include "games/crossings/registration.hpp"
#include "games/line_capture/registration.hpp"
#include "games/morris/registration.hpp"
#include "solver/parameter_error.hpp"

namespace rtb {

template <class... Folders>
struct FolderList {};

// The game folders, in the order `rtb games` lists their games.
using GameFolders = FolderList<LineCaptureGames, BaghChalGames, CrossingsGames, MorrisGames, BlockadeGames>;

namespace registry_detail {
template <class... Variants>
struct Joined;
template <class... A>
struct Joined<std::variant<A...>> {
  using type = std::variant<A...>;
};
template <class... A, class... B, class... Rest>
struct Joined<std::variant<A...>, std::variant<B...>, Rest...> : Joined<std::variant<A..., B...>, Rest...> {};
template <class List>
struct AnyGameOf;
template <class... Folders>
struct AnyGameOf<FolderList<Folders...>> : Joined<typename Folders::Made...> {};
}  // namespace registry_detail

// Every concrete game class, from every folder. Front ends are templates
// over the game, instantiated once per class listed here.
using AnyGame = typename registry_detail::AnyGameOf<GameFolders>::type;

struct GameEntry {
  std::string name;
  std::string description;
  std::vector<std::string> variants;                        // "default" first
  std::function<AnyGame(const std::string& variant)> make;  // called with a listed variant
  std::string default_variant = "default";                  // what the made game calls "default"
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

// `choice` as the game made of it names itself (its name() and variant():
// "Pangki" is pangki, morris's "default" is nine), without making it;
// InvalidParameter as make_game.
GameChoice named_as_made(const GameChoice& choice);

// Calls f(game) with the concrete game named by `choice`.
template <class F>
decltype(auto) with_game(const GameChoice& choice, F&& f) {
  const AnyGame game = make_game(choice);
  return std::visit([&](const auto& concrete) -> decltype(auto) { return f(concrete); }, game);
}

}  // namespace rtb
