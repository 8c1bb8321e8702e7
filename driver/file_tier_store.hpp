#pragma once
// A tier store on disk: one tablebase file per tier (tablebases/tier_file.hpp),
// written atomically, so that a killed run leaves only complete files behind.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "driver/tier_store.hpp"
#include "solver/game_concept.hpp"
#include "tablebases/tier_file.hpp"

namespace rtb {

template <RetrogradeGame G>
TierInfo tier_info(const G& game, typename G::TierId tier) {
  return {game.name(), game.variant(), game.tier_name(tier), game.tier_size(tier)};
}

template <RetrogradeGame G>
std::filesystem::path tier_file_path(const G& game, const std::filesystem::path& dir, typename G::TierId tier) {
  return tier_path(dir, game.name(), game.variant(), game.tier_name(tier));
}

class FileTierStore final : public TierStore {
 public:
  // tiers[t]: what tier t's file must hold.
  FileTierStore(std::filesystem::path dir, std::vector<TierInfo> tiers, WriteOptions write = {})
      : dir_(std::move(dir)), tiers_(std::move(tiers)), write_(write) {}

  bool is_complete(std::uint32_t tier) override { return tier_file_is_complete(path(tier), tiers_.at(tier)); }
  TierValues load(std::uint32_t tier) override {
    return std::make_shared<const std::vector<Value>>(read_tier_file(path(tier), tiers_.at(tier)));
  }
  void save(std::uint32_t tier, TierValues values) override {
    write_tier_file(path(tier), tiers_.at(tier), *values, write_);
  }

  std::filesystem::path path(std::uint32_t tier) const {
    const TierInfo& info = tiers_.at(tier);
    return tier_path(dir_, info.game, info.variant, info.tier);
  }
  const std::filesystem::path& dir() const { return dir_; }

 private:
  std::filesystem::path dir_;
  std::vector<TierInfo> tiers_;
  WriteOptions write_;
};

template <RetrogradeGame G>
FileTierStore file_tier_store(const G& game, const std::filesystem::path& dir, const WriteOptions& write = {}) {
  std::vector<TierInfo> tiers;
  for (std::uint32_t t = 0; t < game.tier_count(); ++t) tiers.push_back(tier_info(game, t));
  return FileTierStore(dir, std::move(tiers), write);
}

}  // namespace rtb
