#pragma once
// The JSON of value counts, as `rtb stats --json` prints them and `rtb
// serve`'s /api/stats answers them (docs/usage.md#json-output): one shape for
// a tier's row and one for the total.
#include <nlohmann/json.hpp>

#include "service/tablebase_stats.hpp"

namespace rtb {

// {"tier", "win", "loss", "draw", "classes", "longest_win", "longest_loss",
// "distances"}: the longest win and loss with a position that attains each
// (left out where there is none).
nlohmann::json tier_counts_json(const TierCounts& t);
// The sums: the same counts, with only the plies of the longest win and loss.
nlohmann::json total_counts_json(const TierStats& s);

}  // namespace rtb
