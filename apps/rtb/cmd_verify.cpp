// rtb verify GAME: checks every file, then proves every value from its
// successors, tier group by tier group.
// The work is service/tablebase_verify.hpp's; this file reads the options
// and prints the report.
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "apps/rtb/cli.hpp"
#include "apps/rtb/plan_report.hpp"
#include "service/parameter_checks.hpp"
#include "service/tablebase_verify.hpp"
#include "service/tier_selection.hpp"

namespace rtb::cli {

int run_verify(int argc, char** argv) {
  GameChoice choice;
  DirOption dirs;
  int threads = default_threads();
  bool json = false;
  bool general = false;
  bool quiet = false;
  bool resume = false;
  bool plan_only = false;
  std::optional<std::string> memory_limit_text;
  std::string manifest;
  TierSelection selection;
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, dirs);
  add_tier_selection_options(o, selection);
  add_threads_option(o, threads);
  o.add_options()("quiet,q", po::bool_switch(&quiet), "no progress display")(
      "json", po::bool_switch(&json), "print one JSON object at the end (docs/usage.md#json-output)")(
      "general", po::bool_switch(&general),
      "check every value through the rules' general move generator, also where a game walks a tier its own "
      "faster way (Bagh-Chal's placement tiers: by default the walk checks every value and the general "
      "generator an even sample of each tier)")(
      "resume", po::bool_switch(&resume),
      "keep a journal of the tiers proven (GAME-VARIANT/verify.journal) and pass over those an earlier run "
      "with --resume proved, where their files and the files their proofs read are unchanged: a stopped "
      "verify goes on where it stopped")(
      "memory-limit",
      po::value<std::string>()->value_name("SIZE")->notifier(
          [&memory_limit_text](const std::string& text) { memory_limit_text = text; }),
      "the memory the run may use (e.g. 8G, 512M; default: the machine's memory): tiers held for later groups "
      "are dropped and read again to stay within it, as generate drops them; a run whose largest group does "
      "not fit is refused before it proves a tier")(
      "plan", po::bool_switch(&plan_only),
      "print the memory each tier group's proof needs under --memory-limit, and prove nothing (as if no "
      "earlier run had proved any)")(
      "manifest", po::value(&manifest)->value_name("FILE"),
      "only compare the game's files with a manifest (rtb manifest): missing, extra and changed files; GAME "
      "may be left out");
  if (!parse_command(argc, argv,
                     "rtb verify GAME [--dir DIR] [--threads N] [--quiet] [--json] [--general] [--resume]\n"
                     "       [--memory-limit SIZE]\n"
                     "       [--all | --tiers T,... | --max-in-hand H | --max-pieces K]\n"
                     "       rtb verify [GAME] --manifest FILE [--dir DIR] [--threads N] [--json]",
                     o, {{"game?", &choice.name}}, "rtb verify pangki --dir tb",
                     "Each tier's result goes to stdout as it is proven. Progress goes to stderr: on a\n"
                     "terminal one line rewritten in place, otherwise a plain line every 5 s (none with\n"
                     "--quiet): the group of how many, the tier being checked, a counter in slots and an\n"
                     "estimate of the time left.\n"))
    return 0;
  check_threads(threads);
  if (plan_only && !manifest.empty())
    throw UsageError("--plan plans a proof and --manifest compares files with a manifest: give one of them");
  if (!manifest.empty()) return verify_against_manifest(manifest, choice, dirs, json, threads);
  if (choice.name.empty()) throw UsageError("missing game (usage: rtb verify GAME ..., or rtb verify --manifest FILE)");
  VerifyOptions options;
  options.dir = dirs.for_reading(choice, "verify");
  options.threads = threads;
  options.quiet = quiet;
  options.general = general;
  options.resume = resume;
  // Given, even empty: an empty size is refused, not taken for "no limit".
  if (memory_limit_text) options.memory_limit = parse_bytes("memory-limit", *memory_limit_text);
  options.memory_limit_name = "--memory-limit";
  return with_game(choice, [&](const auto& game) {
    const std::vector<bool> selected = selected_tiers(game, selection);
    options.wanted = [&selected](std::uint32_t t) { return selected[t]; };
    if (plan_only) {
      const std::vector<TierGroup> groups = game_solve_order(game);
      const ResourcePlan plan = proof_plan(game, groups, groups_to_check(groups, options), options);
      print_proof_plan(plan, proof_limit_name(options), std::cout);
      return 0;
    }
    // As text, each tier's line as soon as it is proven; as JSON, all at the end.
    const auto print_tier = [](const VerifiedTier& v) {
      std::cout << "tier " << v.name << ": " << v.message << std::endl;
    };
    const VerifyReport report = json ? verify_tablebases(game, options) : verify_tablebases(game, options, print_tier);
    if (!report.journal_problem.empty()) std::cerr << "rtb verify: " << report.journal_problem << "\n";
    if (json) {
      nlohmann::json rows = nlohmann::json::array();
      for (const VerifiedTier& v : report.tiers)
        rows.push_back({{"tier", v.name},
                        {"status", status_name(v.status)},
                        {"values_proven", v.values_proven},
                        {"message", v.message}});
      const nlohmann::json out{{"format", 1},
                               {"game", game.name()},
                               {"variant", game.variant()},
                               {"ok", report.ok()},
                               {"failures", report.failures},
                               {"tiers_checked", report.tiers_checked},
                               {"values_proven", report.values_proven},
                               {"tiers_proven_before", report.tiers_proven_before},
                               {"tiers", rows}};
      std::cout << out.dump(2) << "\n";
      if (!report.ok()) std::cerr << "rtb verify: " << report.failures << " tier(s) of " << game.name() << " failed\n";
      return report.ok() ? 0 : 1;
    }
    if (report.ok()) {
      std::cout << "verify " << game.name() << " (" << game.variant() << "): all " << report.tiers_checked
                << " tiers ok, " << report.values_proven << " values proven";
      if (report.tiers_proven_before > 0)
        std::cout << " (" << report.tiers_proven_before << " tiers by earlier runs: " << VerifyJournal::file_name()
                  << ")";
      std::cout << "\n";
      return 0;
    }
    std::cout << "verify " << game.name() << " (" << game.variant() << "): " << report.failures << " tier(s) FAILED\n";
    std::cerr << "rtb verify: " << report.failures << " tier(s) of " << game.name() << " failed (see above)\n";
    return 1;
  });
}

}  // namespace rtb::cli
