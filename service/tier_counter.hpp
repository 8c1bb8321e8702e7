#pragma once
// One tier's statistics at a time, without the caller naming the game's
// types: for `rtb serve`, whose explorer counts the tier a user picks (the
// whole game's count is `rtb stats`, service/tablebase_stats.hpp). The game
// is made once; every call looks at the directory again, so that a file
// generated since is found.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/registry.hpp"
#include "service/tablebase_stats.hpp"

namespace rtb {

// A tier as a list of the game's tiers shows it.
struct TierListing {
  std::string name;
  std::optional<std::uint64_t> slots;  // the values its file holds; none without a readable file
  bool present = false;                // its file is in the directory
};

class TierCounter {
 public:
  // InvalidParameter for an unknown game or variant.
  TierCounter(const GameChoice& choice, std::filesystem::path dir);
  ~TierCounter();
  TierCounter(const TierCounter&) = delete;
  TierCounter& operator=(const TierCounter&) = delete;

  // Every tier, in tier order (none for a variant too large for tablebases).
  std::vector<TierListing> tiers() const;
  // The name of the tier that holds `position` (the game's text, "start"
  // accepted), "" for a variant too large for tablebases;
  // std::invalid_argument for bad text.
  std::string tier_of(const std::string& position) const;
  // The values counting `tier` reads: its own, and where its file is derived
  // (computed from the tiers its moves reach) theirs too, for a caller that
  // bounds the work; a missing file counts its own values only.
  // InvalidParameter "tier" for a name the game lacks.
  std::uint64_t slots_to_read(const std::string& tier) const;
  // A stamp of the tier's file (its size and time of writing): a count kept
  // under another stamp is out of date. InvalidParameter as above.
  std::string file_stamp(const std::string& tier) const;
  // The tier's counts, as `rtb stats --tiers NAME` gives them.
  // InvalidParameter as above; MissingTables (with the generate command) for
  // a missing file, TablebaseError for a damaged one.
  TierCounts count(const std::string& tier, int threads) const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace rtb
