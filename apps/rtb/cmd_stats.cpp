// rtb stats GAME: WIN/LOSS/DRAW counts per tier and the longest wins.
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "apps/rtb/cli.hpp"
#include "service/parameter_checks.hpp"
#include "service/tier_loading.hpp"
#include "service/tier_selection.hpp"
#include "solver/tier_stats.hpp"

namespace rtb::cli {

int run_stats(int argc, char** argv) {
  GameChoice choice;
  std::filesystem::path dir;
  bool json = false;
  int threads = default_threads();
  TierSelection selection;
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, dir);
  add_tier_selection_options(o, selection);
  o.add_options()("json", po::bool_switch(&json), "print one JSON object (see README: JSON output)");
  add_threads_option(o, threads);
  if (!parse_command(argc, argv, "rtb stats GAME [--dir DIR] [--json] [--threads N]", o, {{"game", &choice.name}},
                     "rtb stats pangki --dir tb --json"))
    return 0;
  check_threads(threads);
  return with_game(choice, [&](const auto& game) {
    nlohmann::json out{
        {"format", 1}, {"game", game.name()}, {"variant", game.variant()}, {"tiers", nlohmann::json::array()}};
    TierStats total;
    const std::vector<bool> selected = selected_tiers(game, selection);
    if (!json) std::cout << "tier        win        loss        draw   (classes: win loss draw)   longest win\n";
    for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
      if (!selected[t]) continue;
      const std::vector<Value> values = load_tier(game, dir, t);
      const TierStats s = tier_stats(game, t, values, threads);
      total.add(s);
      const std::string example = s.has_win ? game.format(game.position(t, s.longest_win_slot)) : "";
      nlohmann::json row{{"tier", game.tier_name(t)},
                         {"win", s.win},
                         {"loss", s.loss},
                         {"draw", s.draw},
                         {"classes", {{"win", s.win_classes}, {"loss", s.loss_classes}, {"draw", s.draw_classes}}}};
      if (s.has_win) row["longest_win"] = {{"plies", s.longest_win}, {"position", example}};
      out["tiers"].push_back(row);
      if (!json)
        std::cout << std::left << std::setw(5) << game.tier_name(t) << std::right << std::setw(11) << s.win
                  << std::setw(12) << s.loss << std::setw(12) << s.draw << "   (" << s.win_classes << " "
                  << s.loss_classes << " " << s.draw_classes << ")   "
                  << (s.has_win ? std::to_string(s.longest_win) + " plies: " + example : "none") << "\n";
    }
    out["total"] = {
        {"win", total.win},
        {"loss", total.loss},
        {"draw", total.draw},
        {"classes", {{"win", total.win_classes}, {"loss", total.loss_classes}, {"draw", total.draw_classes}}}};
    if (json) {
      std::cout << out.dump(2) << "\n";
    } else {
      std::cout << "total" << std::setw(11) << total.win << std::setw(12) << total.loss << std::setw(12) << total.draw
                << "   (" << total.win_classes << " " << total.loss_classes << " " << total.draw_classes << ")"
                << "   positions: " << total.win + total.loss + total.draw << "\n";
    }
    return 0;
  });
}

}  // namespace rtb::cli
