#pragma once
// The statistics of one game and variant's tiers for `rtb serve`'s
// /api/stats: each tier counted at most once while its file stays the same
// (the answer is kept), one count of the game at a time, and every count
// bounded, as the searches are (game_slot.hpp):
// - a tier whose count would read more values than kMaxStatsSlots is refused
//   with the `rtb stats` command that counts it (counting reads a whole tier
//   into memory: two bytes a value);
// - a count takes a place of SearchGate's (it is CPU-bound too), and a
//   request that finds every place taken, or this game's count running, is
//   answered 503 (busy) at once, never queued.
// A count that has begun runs to its end (at most about a second at the
// bound); the page's cancel stops the searches only.
#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "apps/rtb/serve/game_slot.hpp"
#include "service/stats_json.hpp"
#include "service/tier_counter.hpp"
#include "text/with_commas.hpp"

namespace rtb::cli {

// 64M values: 128 MB read, about a second's count on one core.
inline constexpr std::uint64_t kMaxStatsSlots = std::uint64_t{1} << 26;

class TierStatsSlot {
 public:
  // InvalidParameter for an unknown game or variant.
  TierStatsSlot(const GameChoice& choice, const std::filesystem::path& dir)
      : choice_(choice), dir_(dir), counter_(choice, dir) {}
  TierStatsSlot(const TierStatsSlot&) = delete;
  TierStatsSlot& operator=(const TierStatsSlot&) = delete;

  // Never counts: the listing reads the directory only.
  const TierCounter& counter() const { return counter_; }

  // The tier's row as `rtb stats --json` prints it. InvalidParameter for a
  // tier the game lacks or one too large to count here, MissingTables for a
  // missing file, SearchRefused when busy.
  nlohmann::json counts(const std::string& tier, SearchGate& gate) {
    const std::string stamp = counter_.file_stamp(tier);
    if (auto kept = kept_counts(tier, stamp)) return *kept;
    const std::uint64_t slots = counter_.slots_to_read(tier);
    if (slots > kMaxStatsSlots)
      throw InvalidParameter("tier", "tier " + tier + " has " + with_commas(slots) +
                                         " values to read, more than rtb serve counts (" + with_commas(kMaxStatsSlots) +
                                         "); count it with: " + stats_command(tier));
    std::unique_lock lock(count_mutex_, std::try_to_lock);
    if (!lock.owns_lock())
      throw SearchRefused("the server is counting another tier of this game; try again in a few seconds");
    if (auto kept = kept_counts(tier, stamp)) return *kept;
    const SearchGate::Ticket ticket(gate);
    nlohmann::json row = tier_counts_json(counter_.count(tier, 1));
    std::lock_guard kept_lock(kept_mutex_);
    kept_[tier] = {stamp, row};
    return row;
  }

 private:
  std::optional<nlohmann::json> kept_counts(const std::string& tier, const std::string& stamp) {
    std::lock_guard lock(kept_mutex_);
    const auto found = kept_.find(tier);
    if (found == kept_.end() || stamp.empty() || found->second.first != stamp) return std::nullopt;
    return found->second.second;
  }

  std::string stats_command(const std::string& tier) const {
    return "rtb stats " + choice_.name + (choice_.variant == "default" ? "" : " --variant " + choice_.variant) +
           " --tiers " + tier + " --dir " + dir_.string();
  }

  const GameChoice choice_;
  const std::filesystem::path dir_;
  const TierCounter counter_;
  std::mutex count_mutex_;
  std::mutex kept_mutex_;
  std::map<std::string, std::pair<std::string, nlohmann::json>> kept_;  // tier -> (file stamp, row)
};

}  // namespace rtb::cli
