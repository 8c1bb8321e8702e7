#pragma once
// The cheap probe of the public API (Tablebase::probe_value): the value of
// one position read from its own tier's file, one block of it, and nothing
// else: no move is generated and no other file is opened, unlike a query,
// which reads the value of every move too.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>

#include "games/registry.hpp"
#include "service/game_facts.hpp"
#include "solver/value.hpp"
#include "tablebases/tier_file.hpp"

namespace rtb {

class ValueReader {
 public:
  ValueReader(const GameChoice& choice, const std::filesystem::path& dir) : game_(make_game(choice)) {
    std::visit([&](const auto& g) { prober_ = std::make_unique<Prober>(dir, g.name(), g.variant()); }, game_);
  }

  // The value for the side to move; nullopt when no file holds it (the
  // tier's file is missing or a derived tier's, or the game has no
  // tablebases at all): the caller then asks the query, which derives,
  // searches or says which file to generate.
  // std::invalid_argument for bad text, TablebaseError for a damaged file.
  std::optional<Value> value(const std::string& text) {
    return std::visit(
        [&](const auto& g) -> std::optional<Value> {
          using G = std::decay_t<decltype(g)>;
          const typename G::Position p = text == "start" ? g.start() : g.parse(text);
          if (g.is_lost(p)) return make_value(0);
          if constexpr (kMayLackTablebases<G>) {
            if (!g.has_tablebases()) return std::nullopt;
          }
          const auto tier = g.tier_of(p);
          try {
            return prober_->probe(g.tier_name(tier), g.tier_size(tier), g.index(p));
          } catch (const MissingTablebase&) {
            return std::nullopt;
          } catch (const DerivedTier&) {
            return std::nullopt;  // the query derives it from the children's files
          }
        },
        game_);
  }

 private:
  AnyGame game_;
  std::unique_ptr<Prober> prober_;  // not movable (it holds a mutex)
};

}  // namespace rtb
