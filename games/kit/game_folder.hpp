#pragma once
// What a game's folder gives the registry (games/registry.hpp): the games it
// registers, each a name, a description, its variants and how to make one.
//
//   struct MyGames : GameFolder<MyGame> {
//     static std::vector<Entry> entries();  // in games/my/registration.cpp
//   };
//
// A folder may register several games of one class (games/line_capture:
// Pangki and Cinc camins), and one game may be made of several classes
// (Crossings: its two readings, the seed's on two widths of point sets):
// `Games` lists every class `make` may return.
#include <functional>
#include <string>
#include <variant>
#include <vector>

namespace rtb {

template <class... Games>
struct GameFolder {
  using Made = std::variant<Games...>;
  struct Entry {
    std::string name;                                      // as the command line takes it: "pangki"
    std::string description;                               // one line, for `rtb games`
    std::vector<std::string> variants;                     // "default" first
    std::function<Made(const std::string& variant)> make;  // called with a listed variant
    // The name the made game gives its default variant (its files' folder,
    // its answers): "nine" for morris. Other variants are named as listed.
    std::string default_variant = "default";
  };
};

}  // namespace rtb
