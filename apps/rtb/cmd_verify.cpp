// rtb verify GAME: checks every file, then proves every value from its
// successors, tier group by tier group.
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "apps/rtb/cli.hpp"
#include "driver/file_tier_store.hpp"
#include "driver/group_loop.hpp"
#include "service/parameter_checks.hpp"
#include "service/tier_loading.hpp"
#include "service/tier_selection.hpp"
#include "solver/progress.hpp"
#include "solver/verify.hpp"

namespace rtb::cli {

int run_verify(int argc, char** argv) {
  GameChoice choice;
  DirOption dirs;
  int threads = default_threads();
  bool json = false;
  bool general = false;
  bool quiet = false;
  std::string manifest;
  TierSelection selection;
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, dirs);
  add_tier_selection_options(o, selection);
  add_threads_option(o, threads);
  o.add_options()("quiet,q", po::bool_switch(&quiet), "no progress display")(
      "json", po::bool_switch(&json), "print one JSON object at the end (see README: JSON output)")(
      "general", po::bool_switch(&general),
      "check every value through the rules' general move generator, also where a game walks a tier its own "
      "faster way (Bagh-Chal's placement tiers: by default the walk checks every value and the general "
      "generator an even sample of each tier)")(
      "manifest", po::value(&manifest)->value_name("FILE"),
      "only compare the game's files with a manifest (rtb manifest): missing, extra and changed files; GAME "
      "may be left out");
  if (!parse_command(argc, argv,
                     "rtb verify GAME [--dir DIR] [--threads N] [--quiet] [--json] [--general]\n"
                     "       [--all | --tiers T,... | --max-in-hand H | --max-pieces K]\n"
                     "       rtb verify [GAME] --manifest FILE [--dir DIR] [--json]",
                     o, {{"game?", &choice.name}}, "rtb verify pangki --dir tb",
                     "Each tier's result goes to stdout as it is proven. Progress goes to stderr: on a\n"
                     "terminal one line rewritten in place, otherwise a plain line every 5 s (none with\n"
                     "--quiet): the group of how many, the tier being checked, a counter in slots and an\n"
                     "estimate of the time left.\n"))
    return 0;
  if (!manifest.empty()) return verify_against_manifest(manifest, choice, dirs, json);
  if (choice.name.empty()) throw UsageError("missing game (usage: rtb verify GAME ..., or rtb verify --manifest FILE)");
  const std::filesystem::path dir = dirs.for_reading(choice, "verify");
  check_threads(threads);
  return with_game(choice, [&](const auto& game) {
    using Game = std::decay_t<decltype(game)>;
    nlohmann::json rows = nlohmann::json::array();
    Progress progress(quiet);
    // One tier's result: a line of text now, or a row of the JSON at the end.
    auto report = [&](std::uint32_t t, const std::string& status, const std::string& text, std::uint64_t proven) {
      if (json) {
        rows.push_back({{"tier", game.tier_name(t)}, {"status", status}, {"values_proven", proven}, {"message", text}});
        return;
      }
      progress.done();  // on a terminal the progress line gives way; its next draw puts it back below
      std::cout << "tier " << game.tier_name(t) << ": " << text << std::endl;
    };
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
    FileTierStore store = file_tier_store(game, dir, {}, {}, threads);  // derived tiers on --threads too
    GroupLoop<Game> loop(game, store, checked_group, &progress);
    std::set<std::uint32_t> broken;  // damaged, missing or wrong: tiers reading them cannot be proven
    std::uint64_t checked = 0;
    std::size_t failures = 0;
    auto unreadable = [&](std::uint32_t t, const std::exception& e) {
      if (dynamic_cast<const MissingTablebase*>(&e))
        report(t, "failed",
               "FAILED: missing tablebase file " + store.path(t).string() +
                   "; generate it with: " + generate_command(game, dir),
               0);
      else report(t, "failed", std::string("FAILED: ") + e.what(), 0);
      broken.insert(t);
      ++failures;
    };
    auto check = [&](std::size_t g, const SolvedTierValues& values) {
      bool readable = true;
      for (std::uint32_t t : groups[g].tiers) readable = readable && !broken.count(t);
      for (std::uint32_t d : groups[g].dependencies) readable = readable && !broken.count(d);
      std::uint64_t group_slots = 1, before = 0;  // the group's slots (1 more, never 0); those checked so far
      for (std::uint32_t t : groups[g].tiers) group_slots += game.tier_size(t);
      for (std::uint32_t t : groups[g].tiers) {
        const std::uint64_t size = game.tier_size(t);
        progress.counted_stage("checking tier " + game.tier_name(t), size, double(before) / double(group_slots),
                               double(before + size) / double(group_slots));
        before += size;
        if (broken.count(t)) continue;
        if (store.is_derived(t)) {
          // Nothing is stored to prove: its values were just computed from
          // the tiers its moves reach, and the tiers that read them are
          // proven with them.
          progress.advance(size);
          report(t, "derived", "ok, derived: no values stored (each is one move from the tiers it leads to)", 0);
          continue;
        }
        if (!readable) {
          report(t, "not_proven", "not proven (a tier it reaches is unreadable)", 0);
          ++failures;
          continue;
        }
        const TierCheck c = check_tier(game, t, values, threads,
                                       general || groups[g].tiers.size() > 1 ? CheckMethod::General : CheckMethod::Walk,
                                       [&progress](std::uint64_t n) { progress.advance(n); });
        checked += c.checked;
        if (c.wrong == 0) {
          const std::string how = c.by_walk ? " (by the tier's own walk; " + std::to_string(c.general) +
                                                  " of them also by the general move generator)"
                                            : "";
          report(t, "ok", "ok, " + std::to_string(c.checked) + " values proven" + how, c.checked);
        } else {
          broken.insert(t);
          ++failures;
          report(t, "failed",
                 "FAILED: " + std::to_string(c.wrong) + " of " + std::to_string(c.checked) +
                     " values disagree with their successors; first at slot " + std::to_string(c.first_wrong_slot) +
                     " (" + game.format(game.position(t, c.first_wrong_slot)) + "): stored " + describe(c.stored) +
                     ", successors give " + describe(c.expected),
                 0);
        }
      }
    };
    loop.check_all(check, unreadable);
    progress.done();
    if (json) {
      const nlohmann::json out{{"format", 1},
                               {"game", game.name()},
                               {"variant", game.variant()},
                               {"ok", failures == 0},
                               {"failures", failures},
                               {"tiers_checked", checked_tiers},
                               {"values_proven", checked},
                               {"tiers", rows}};
      std::cout << out.dump(2) << "\n";
      if (failures > 0) std::cerr << "rtb verify: " << failures << " tier(s) of " << game.name() << " failed\n";
      return failures == 0 ? 0 : 1;
    }
    if (failures == 0) {
      std::cout << "verify " << game.name() << " (" << game.variant() << "): all " << checked_tiers << " tiers ok, "
                << checked << " values proven\n";
      return 0;
    }
    std::cout << "verify " << game.name() << " (" << game.variant() << "): " << failures << " tier(s) FAILED\n";
    std::cerr << "rtb verify: " << failures << " tier(s) of " << game.name() << " failed (see above)\n";
    return 1;
  });
}

}  // namespace rtb::cli
