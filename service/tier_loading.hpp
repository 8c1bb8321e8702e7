#pragma once
// Reading whole tiers for the work that looks at every value (stats,
// verify), with the message a user needs when a file is missing.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "driver/file_tier_store.hpp"
#include "service/errors.hpp"
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

// The error for a tier whose file is not there: it names the file and the
// command that writes it.
template <class G>
MissingTables missing_tier_file(const G& game, const std::filesystem::path& dir, std::uint32_t tier) {
  const std::filesystem::path path = tier_file_path(game, dir, tier);
  const std::string command =
      generate_command(game, dir, outside_default_set(game, tier) ? " --tiers " + game.tier_name(tier) : "");
  return MissingTables("missing tablebase file " + path.string() + "; generate it with: " + command, command, path);
}

// Opens the file of `tier` (its header and block table) and, for a derived
// tier, those of the tiers its values come from: work over many tiers calls
// it on each first, so that a missing or half-written file stops it before
// anything is counted or said. MissingTables or TablebaseError, as load_tier.
template <class G>
void check_tier_readable(const G& game, const std::filesystem::path& dir, std::uint32_t tier) {
  const auto path = tier_file_path(game, dir, tier);
  if (!std::filesystem::exists(path)) throw missing_tier_file(game, dir, tier);
  if (!TierFile(path, tier_info(game, tier), 0).derived()) return;
  for (const auto next : game.tier_successors(tier))
    if (next != tier) check_tier_readable(game, dir, next);
}

// A tier's values; a derived tier's are computed on `threads` threads from
// the tiers its moves reach, read the same way (they are stored).
template <class G>
std::vector<Value> load_tier(const G& game, const std::filesystem::path& dir, std::uint32_t tier, int threads) {
  const auto path = tier_file_path(game, dir, tier);
  if (!std::filesystem::exists(path)) throw missing_tier_file(game, dir, tier);
  const TierFile file(path, tier_info(game, tier), 0);
  if (!file.derived()) return file.read_all(threads);
  return derive_tier_loading(game, tier, threads, [&](std::uint32_t next) {
    return std::make_shared<const SolvedTier>(load_tier(game, dir, next, threads));
  });
}

}  // namespace rtb
