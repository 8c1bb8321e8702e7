#include "service/stats_json.hpp"

namespace rtb {

namespace {

using nlohmann::json;

json class_counts(const TierStats& s) {
  return {{"win", s.win_classes}, {"loss", s.loss_classes}, {"draw", s.draw_classes}};
}

// [{"plies", "positions", "classes"}, ...] by increasing plies, for the
// distances that hold any value.
json histogram_json(const TierStats::Histogram& h) {
  json rows = json::array();
  for (std::size_t d = 0; d < h.positions.size(); ++d)
    if (h.classes[d] != 0) rows.push_back({{"plies", d}, {"positions", h.positions[d]}, {"classes", h.classes[d]}});
  return rows;
}

json counts_json(const TierStats& s) {
  return {{"win", s.win},
          {"loss", s.loss},
          {"draw", s.draw},
          {"classes", class_counts(s)},
          {"distances", {{"win", histogram_json(s.win_distances)}, {"loss", histogram_json(s.loss_distances)}}}};
}

}  // namespace

json tier_counts_json(const TierCounts& t) {
  const TierStats& s = t.stats;
  json row = counts_json(s);
  row["tier"] = t.name;
  if (s.longest_win.any) row["longest_win"] = {{"plies", s.longest_win.plies}, {"position", t.longest_win_position}};
  if (s.longest_loss.any)
    row["longest_loss"] = {{"plies", s.longest_loss.plies}, {"position", t.longest_loss_position}};
  return row;
}

json total_counts_json(const TierStats& s) {
  json total = counts_json(s);
  if (s.longest_win.any) total["longest_win_plies"] = s.longest_win.plies;
  if (s.longest_loss.any) total["longest_loss_plies"] = s.longest_loss.plies;
  return total;
}

}  // namespace rtb
