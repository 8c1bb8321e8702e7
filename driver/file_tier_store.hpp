#pragma once
// A tier store on disk: one tablebase file per tier (tablebases/tier_file.hpp),
// written atomically, so that a killed run leaves only complete files behind;
// a derived tier's file holds no values, and loading it computes them.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "driver/tier_share_writer.hpp"
#include "driver/tier_store.hpp"
#include "driver/walk_saves.hpp"
#include "solver/derived_tier.hpp"
#include "solver/game_concept.hpp"
#include "solver/thread_count.hpp"
#include "tablebases/tier_file.hpp"
#include "tablebases/walk_file.hpp"

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
  // Computes a derived tier's values from the tiers its moves reach, each
  // given by read(tier) (file_tier_store() gives one for the game).
  using Deriver = std::function<std::vector<Value>(const HeldTiers& read, std::uint32_t tier)>;

  // tiers[t]: what tier t's file must hold. derive[t] (empty: none): save
  // writes tier t's file without values (tablebases/tier_file.hpp).
  FileTierStore(std::filesystem::path dir, std::vector<TierInfo> tiers, WriteOptions write = {},
                std::vector<bool> derive = {}, Deriver deriver = {})
      : dir_(std::move(dir)),
        tiers_(std::move(tiers)),
        write_(write),
        derive_(std::move(derive)),
        deriver_(std::move(deriver)) {}

  // A derived tier's file is complete when its header is intact: its values
  // are its successors'. A file that is there but not complete (damaged, or
  // of another tier) is remembered, so that save() says it replaced it.
  bool is_complete(std::uint32_t tier) override {
    std::string problem;
    const bool complete = tier_file_is_complete(path(tier), tiers_.at(tier), &problem, write_.threads);
    if (!problem.empty()) damaged_[tier] = problem;
    return complete;
  }
  // Called after save() wrote a file over one that is_complete() found
  // damaged, with the file and what was wrong with it.
  void on_replacing_damaged(std::function<void(const std::filesystem::path&, const std::string&)> told) {
    replaced_ = std::move(told);
  }
  // A derived tier's values are computed (DerivedTier without a deriver).
  TierValues load(std::uint32_t tier) override { return load_using(tier, {}); }
  // A derived tier's values computed from the tiers `held` has, the others read.
  TierValues load_using(std::uint32_t tier, const HeldTiers& held) override {
    const TierFile file(path(tier), tiers_.at(tier), 0);
    if (file.derived()) {
      if (!deriver_) throw DerivedTier(file.path());
      const HeldTiers read = [&](std::uint32_t next) {
        TierValues values = held ? held(next) : nullptr;
        return values ? values : load(next);
      };
      return std::make_shared<const SolvedTier>(SolvedTier::narrowed(deriver_(read, tier)));
    }
    return std::make_shared<const SolvedTier>(file.read_solved(write_.threads));
  }
  void save(std::uint32_t tier, TierValues values) override {
    if (tier < derive_.size() && derive_[tier]) write_derived_tier_file(path(tier), tiers_.at(tier));
    else if (values->is_narrow()) write_tier_file(path(tier), tiers_.at(tier), values->narrow_values(), write_);
    else write_tier_file(path(tier), tiers_.at(tier), values->wide_values(), write_);
    const auto damaged = damaged_.find(tier);
    if (damaged == damaged_.end()) return;
    if (replaced_) replaced_(path(tier), damaged->second);
    damaged_.erase(damaged);
  }
  // A derived tier's file, the header alone, is written by process 0.
  void save_share(std::uint32_t tier, const std::uint8_t* values, const SlotPartition& share, std::size_t local,
                  GroupExchange& exchange) override {
    if (tier < derive_.size() && derive_[tier]) {
      if (exchange.rank() == 0) write_derived_tier_file(path(tier), tiers_.at(tier));
      return;
    }
    write_tier_share(path(tier), tiers_.at(tier), write_, values, share, local, exchange);
  }
  // Whether tier's file is there and a derived tier's; false for any other
  // file and for none.
  bool is_derived(std::uint32_t tier) const {
    try {
      return TierFile(path(tier), tiers_.at(tier), 0).derived();
    } catch (const TablebaseError&) {
      return false;
    }
  }

  // Saves each group's byte walk every `seconds` (0: never) in a file beside
  // its tiers (driver/walk_saves.hpp); `tell` hears of a save that failed.
  void keep_walks(double seconds, std::function<void(const std::string&)> tell) {
    walk_save_seconds_ = seconds;
    tell_walk_ = std::move(tell);
  }
  std::unique_ptr<WalkCheckpoints> walk_saves(const std::string& group) override {
    if (walk_save_seconds_ <= 0 || tiers_.empty()) return nullptr;
    const TierInfo& any = tiers_.front();
    return std::make_unique<WalkSavesInFile>(walk_path(group), any.game + " " + any.variant + " " + group,
                                             walk_save_seconds_, tell_walk_);
  }
  void forget_walk(const std::string& group) override {
    if (walk_save_seconds_ <= 0 || tiers_.empty()) return;
    std::error_code ignored;  // none there is the usual case
    std::filesystem::remove(walk_path(group), ignored);
  }

  std::filesystem::path path(std::uint32_t tier) const {
    const TierInfo& info = tiers_.at(tier);
    return tier_path(dir_, info.game, info.variant, info.tier);
  }
  const std::filesystem::path& dir() const { return dir_; }

 private:
  std::filesystem::path walk_path(const std::string& group) const {
    const TierInfo& any = tiers_.front();
    return walk_file_path(dir_ / game_folder_name(any.game, any.variant), group);
  }

  std::filesystem::path dir_;
  std::vector<TierInfo> tiers_;
  WriteOptions write_;
  std::vector<bool> derive_;
  Deriver deriver_;
  std::map<std::uint32_t, std::string> damaged_;  // tier -> what is_complete() found wrong with its file
  std::function<void(const std::filesystem::path&, const std::string&)> replaced_;
  double walk_save_seconds_ = 0;
  std::function<void(const std::string&)> tell_walk_;
};

// The store of `game`'s files in dir, which derives the values of a derived
// tier's file on `threads` threads (0: OpenMP's default) from the tiers it
// reaches. `derive` as FileTierStore takes it. The store keeps a reference to
// game.
template <RetrogradeGame G>
FileTierStore file_tier_store(const G& game, const std::filesystem::path& dir, const WriteOptions& write = {},
                              std::vector<bool> derive = {}, int threads = 0) {
  std::vector<TierInfo> tiers;
  for (std::uint32_t t = 0; t < game.tier_count(); ++t) tiers.push_back(tier_info(game, t));
  auto deriver = [&game, threads](const HeldTiers& read, std::uint32_t tier) {
    return derive_tier_loading(game, tier, thread_count(threads), read);
  };
  return FileTierStore(dir, std::move(tiers), write, std::move(derive), deriver);
}

}  // namespace rtb
