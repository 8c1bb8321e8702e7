// rtb stats GAME: WIN/LOSS/DRAW counts per tier and the longest win and loss.
// The counting is service/tablebase_stats.hpp's; this file reads the
// options and prints the report.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "apps/rtb/cli.hpp"
#include "service/parameter_checks.hpp"
#include "service/stats_json.hpp"
#include "service/tablebase_stats.hpp"
#include "service/tier_selection.hpp"
#include "text/with_commas.hpp"

namespace rtb::cli {

namespace {

template <class G>
void print_json(const G& game, const StatsReport& report) {
  nlohmann::json out{
      {"format", 1}, {"game", game.name()}, {"variant", game.variant()}, {"tiers", nlohmann::json::array()}};
  for (const TierCounts& t : report.tiers) out["tiers"].push_back(tier_counts_json(t));
  out["total"] = total_counts_json(report.total);
  std::cout << out.dump(2) << "\n";
}

// Counts as the other commands print them (issue 52: 9193626407 unread).
std::string count(std::uint64_t n) { return with_commas(n); }
std::string plies(unsigned n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); }

void print_table(const StatsReport& report) {
  // The tier column as wide as the longest name (Morris: "p12-w5-b4").
  std::size_t name_width = 5;
  for (const TierCounts& t : report.tiers) name_width = std::max(name_width, t.name.size());
  const auto name_column = [&](const std::string& name) { return name + std::string(name_width - name.size(), ' '); };
  const auto counts = [](const TierStats& s) {
    std::ostringstream text;
    text << std::setw(15) << count(s.win) << std::setw(15) << count(s.loss) << std::setw(15) << count(s.draw) << "   ("
         << count(s.win_classes) << " " << count(s.loss_classes) << " " << count(s.draw_classes) << ")";
    return text.str();
  };
  std::cout << name_column("tier") << "            win           loss           draw   (classes: win loss draw)"
            << "   longest win | longest loss\n";
  for (const TierCounts& t : report.tiers) {
    const auto longest = [](const TierStats::Longest& l, const std::string& position) {
      return l.any ? plies(l.plies) + ": " + position : std::string("none");
    };
    std::cout << name_column(t.name) << counts(t.stats) << "   " << longest(t.stats.longest_win, t.longest_win_position)
              << " | " << longest(t.stats.longest_loss, t.longest_loss_position) << "\n";
  }
  const TierStats& total = report.total;
  const auto longest = [](const TierStats::Longest& l) { return l.any ? plies(l.plies) : std::string("none"); };
  std::cout << name_column("total") << counts(total) << "   positions: " << count(total.win + total.loss + total.draw)
            << "; longest win " << longest(total.longest_win) << ", longest loss " << longest(total.longest_loss)
            << "\n";
}

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
  o.add_options()("json", po::bool_switch(&json), "print one JSON object (docs/usage.md#json-output)");
  add_threads_option(o, threads);
  if (!parse_command(argc, argv, "rtb stats GAME [--dir DIR] [--json] [--threads N]", o, {{"game", &choice.name}},
                     "rtb stats pangki --dir tb --json"))
    return 0;
  StatsOptions options;
  options.dir = dirs.for_reading(choice, "stats");
  check_threads(threads);
  options.threads = threads;
  return with_game(choice, [&](const auto& game) {
    const std::vector<bool> selected = selected_tiers(game, selection);
    options.wanted = [&selected](std::uint32_t t) { return selected[t]; };
    // Counted whole before anything is printed: a missing or damaged file
    // is the only thing said (issue 52, defect 18).
    const StatsReport report = count_values(game, options);
    if (json) print_json(game, report);
    else print_table(report);
    return 0;
  });
}

}  // namespace rtb::cli
