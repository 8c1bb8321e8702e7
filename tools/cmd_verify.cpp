// rtb verify GAME: checks every file, then proves every value from its
// successors, tier group by tier group.
#include <iostream>
#include <set>

#include "driver/file_tier_store.hpp"
#include "driver/group_loop.hpp"
#include "solver/verify.hpp"
#include "tools/cli.hpp"
#include "tools/option_checks.hpp"
#include "tools/tier_loading.hpp"
#include "tools/tier_selection.hpp"

namespace rtb::cli {

int run_verify(int argc, char** argv) {
  GameChoice choice;
  std::filesystem::path dir;
  int threads = default_threads();
  TierSelection selection;
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, dir);
  add_tier_selection_options(o, selection);
  o.add_options()("threads", po::value(&threads)->default_value(threads), "threads");
  if (!parse_command(argc, argv, "rtb verify GAME [--dir DIR] [--threads N]", o, {{"game", &choice.name}})) return 0;
  check_threads(threads);
  return with_game(choice, [&](const auto& game) {
    using Game = std::decay_t<decltype(game)>;
    const std::vector<TierGroup> groups = game_solve_order(game);
    const std::vector<bool> selected = selected_tiers(game, selection);
    // A group is checked when it holds a selected tier.
    std::vector<bool> checked_group(groups.size(), false);
    std::size_t checked_tiers = 0;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      for (std::uint32_t t : groups[g].tiers)
        if (selected[t]) checked_group[g] = true;
      if (checked_group[g]) checked_tiers += groups[g].tiers.size();
    }
    FileTierStore store = file_tier_store(game, dir);
    GroupLoop<Game> loop(game, store, checked_group);
    std::set<std::uint32_t> broken;  // damaged, missing or wrong: tiers reading them cannot be proven
    std::uint64_t checked = 0;
    std::size_t failures = 0;
    auto unreadable = [&](std::uint32_t t, const std::exception& e) {
      std::cout << "tier " << game.tier_name(t) << ": FAILED: ";
      if (dynamic_cast<const MissingTablebase*>(&e))
        std::cout << "missing tablebase file " << store.path(t).string()
                  << "; generate it with: " << generate_command(game, dir) << "\n";
      else
        std::cout << e.what() << "\n";
      broken.insert(t);
      ++failures;
    };
    auto check = [&](std::size_t g, const SolvedTierValues& values) {
      bool readable = true;
      for (std::uint32_t t : groups[g].tiers) readable = readable && !broken.count(t);
      for (std::uint32_t d : groups[g].dependencies) readable = readable && !broken.count(d);
      for (std::uint32_t t : groups[g].tiers) {
        if (broken.count(t)) continue;
        if (!readable) {
          std::cout << "tier " << game.tier_name(t) << ": not proven (a tier it reaches is unreadable)\n";
          ++failures;
          continue;
        }
        const TierCheck c = check_tier(game, t, values, threads);
        checked += c.checked;
        if (c.wrong == 0) {
          std::cout << "tier " << game.tier_name(t) << ": ok, " << c.checked << " values proven\n";
        } else {
          broken.insert(t);
          ++failures;
          std::cout << "tier " << game.tier_name(t) << ": FAILED: " << c.wrong << " of " << c.checked
                    << " values disagree with their successors; first at slot " << c.first_wrong_slot << " ("
                    << game.format(game.position(t, c.first_wrong_slot)) << "): stored " << describe(c.stored)
                    << ", successors give " << describe(c.expected) << "\n";
        }
      }
    };
    loop.check_all(check, unreadable);
    if (failures == 0) {
      std::cout << "verify " << game.name() << " (" << game.variant() << "): all " << checked_tiers
                << " tiers ok, " << checked << " values proven\n";
      return 0;
    }
    std::cout << "verify " << game.name() << " (" << game.variant() << "): " << failures << " tier(s) FAILED\n";
    std::cerr << "rtb verify: " << failures << " tier(s) of " << game.name() << " failed (see above)\n";
    return 1;
  });
}

}  // namespace rtb::cli
