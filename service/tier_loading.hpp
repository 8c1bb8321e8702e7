#pragma once
// Reading whole tiers for the commands that look at every value (stats,
// verify), with the message a user needs when a file is missing.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "driver/file_tier_store.hpp"
#include "solver/derived_tier.hpp"
#include "solver/game_concept.hpp"
#include "tablebases/tier_file.hpp"

namespace rtb {

// The command that writes a game's missing files, for error messages;
// `options` (e.g. " --max-in-hand 0") goes before --dir.
template <class G>
std::string generate_command(const G& game, const std::filesystem::path& dir, const std::string& options = "") {
  return "rtb generate " + game.name() + (game.variant() == "default" ? "" : " --variant " + game.variant()) + options +
         " --dir " + dir.string();
}

// A tier that a plain `rtb generate` does not solve (Bagh-Chal 5x5's placement
// tiers): the command must name it.
template <class G>
bool outside_default_set(const G& game, std::uint32_t tier) {
  if constexpr (HasDefaultTiers<G>) return !game.solved_by_default(tier);
  return false;
}

// A tier's values; a derived tier's are computed on `threads` threads from
// the tiers its moves reach, read the same way (they are stored).
template <class G>
std::vector<Value> load_tier(const G& game, const std::filesystem::path& dir, std::uint32_t tier, int threads) {
  const auto path = tier_file_path(game, dir, tier);
  if (!std::filesystem::exists(path))
    throw std::runtime_error(
        "missing tablebase file " + path.string() + "; generate it with: " +
        generate_command(game, dir, outside_default_set(game, tier) ? " --tiers " + game.tier_name(tier) : ""));
  const TierFile file(path, tier_info(game, tier), 0);
  if (!file.derived()) return file.read_all();
  return derive_tier_loading(game, tier, threads, [&](std::uint32_t next) {
    return std::make_shared<const SolvedTier>(load_tier(game, dir, next, threads));
  });
}

}  // namespace rtb
