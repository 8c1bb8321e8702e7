// rtb stats GAME: WIN/LOSS/DRAW counts per tier and the longest win and loss.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "apps/rtb/cli.hpp"
#include "service/parameter_checks.hpp"
#include "service/tier_loading.hpp"
#include "service/tier_selection.hpp"
#include "solver/tier_stats.hpp"
#include "solver/with_commas.hpp"

namespace rtb::cli {

namespace {

// Counts as the other commands print them (issue 52: 9193626407 unread).
std::string count(std::uint64_t n) { return with_commas(n); }
std::string plies(unsigned n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); }

}  // namespace

int run_stats(int argc, char** argv) {
  GameChoice choice;
  DirOption dirs;
  bool json = false;
  int threads = default_threads();
  TierSelection selection;
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, dirs);
  add_tier_selection_options(o, selection);
  o.add_options()("json", po::bool_switch(&json), "print one JSON object (see README: JSON output)");
  add_threads_option(o, threads);
  if (!parse_command(argc, argv, "rtb stats GAME [--dir DIR] [--json] [--threads N]", o, {{"game", &choice.name}},
                     "rtb stats pangki --dir tb --json"))
    return 0;
  const std::filesystem::path dir = dirs.for_reading(choice, "stats");
  check_threads(threads);
  return with_game(choice, [&](const auto& game) {
    nlohmann::json out{
        {"format", 1}, {"game", game.name()}, {"variant", game.variant()}, {"tiers", nlohmann::json::array()}};
    TierStats total;
    const std::vector<bool> selected = selected_tiers(game, selection);
    // The tier column as wide as the longest name (Morris: "p12-w5-b4").
    std::size_t name_width = 5;
    for (std::uint32_t t = 0; t < game.tier_count(); ++t)
      if (selected[t]) name_width = std::max(name_width, game.tier_name(t).size());
    const auto name_column = [&](const std::string& name) { return name + std::string(name_width - name.size(), ' '); };
    if (!json)
      std::cout << name_column("tier") << "            win           loss           draw   (classes: win loss draw)"
                << "   longest win | longest loss\n";
    for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
      if (!selected[t]) continue;
      const std::vector<Value> values = load_tier(game, dir, t, threads);
      const TierStats s = tier_stats(game, t, values, threads);
      total.add(s);
      const auto example = [&](const TierStats::Longest& l) { return game.format(game.position(t, l.slot)); };
      nlohmann::json row{{"tier", game.tier_name(t)},
                         {"win", s.win},
                         {"loss", s.loss},
                         {"draw", s.draw},
                         {"classes", {{"win", s.win_classes}, {"loss", s.loss_classes}, {"draw", s.draw_classes}}}};
      if (s.longest_win.any)
        row["longest_win"] = {{"plies", s.longest_win.plies}, {"position", example(s.longest_win)}};
      if (s.longest_loss.any)
        row["longest_loss"] = {{"plies", s.longest_loss.plies}, {"position", example(s.longest_loss)}};
      out["tiers"].push_back(row);
      const auto longest = [&](const TierStats::Longest& l) {
        return l.any ? plies(l.plies) + ": " + example(l) : std::string("none");
      };
      if (!json)
        std::cout << name_column(game.tier_name(t)) << std::setw(15) << count(s.win) << std::setw(15) << count(s.loss)
                  << std::setw(15) << count(s.draw) << "   (" << count(s.win_classes) << " " << count(s.loss_classes)
                  << " " << count(s.draw_classes) << ")   " << longest(s.longest_win) << " | "
                  << longest(s.longest_loss) << "\n";
    }
    out["total"] = {
        {"win", total.win},
        {"loss", total.loss},
        {"draw", total.draw},
        {"classes", {{"win", total.win_classes}, {"loss", total.loss_classes}, {"draw", total.draw_classes}}}};
    if (total.longest_win.any) out["total"]["longest_win_plies"] = total.longest_win.plies;
    if (total.longest_loss.any) out["total"]["longest_loss_plies"] = total.longest_loss.plies;
    if (json) {
      std::cout << out.dump(2) << "\n";
    } else {
      std::cout << name_column("total") << std::setw(15) << count(total.win) << std::setw(15) << count(total.loss)
                << std::setw(15) << count(total.draw) << "   (" << count(total.win_classes) << " "
                << count(total.loss_classes) << " " << count(total.draw_classes) << ")"
                << "   positions: " << count(total.win + total.loss + total.draw) << "; longest win "
                << (total.longest_win.any ? plies(total.longest_win.plies) : std::string("none")) << ", longest loss "
                << (total.longest_loss.any ? plies(total.longest_loss.plies) : std::string("none")) << "\n";
    }
    return 0;
  });
}

}  // namespace rtb::cli
