// rtb generate GAME: solve every tier group and write the tablebases; under
// mpirun, spread the groups over the processes (apps/rtb/mpi/mpi_scheduler.hpp).
#include <climits>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "apps/rtb/cli.hpp"
#include "apps/rtb/mpi/mpi_scheduler.hpp"
#include "apps/rtb/plan_parallelism.hpp"
#include "apps/rtb/plan_report.hpp"
#include "service/generate.hpp"
#include "service/parameter_checks.hpp"
#include "service/tier_selection.hpp"

namespace rtb::cli {

namespace {

// The measured peaks of a run's groups, where the system gave them: the
// largest, and the group furthest over its plan in bytes where one passed it
// (in bytes: a small group's few MiB over a plan of a few MiB say little).
void print_peaks(const std::vector<GroupPeak>& groups) {
  const GroupPeak* largest = nullptr;
  const GroupPeak* most_over = nullptr;
  auto over = [](const GroupPeak& g) { return double(g.peak_bytes) / double(g.plan_bytes); };
  for (const GroupPeak& g : groups) {
    if (g.peak_bytes == 0) continue;
    if (!largest || g.peak_bytes > largest->peak_bytes) largest = &g;
    if (g.plan_bytes > 0 && g.peak_bytes > g.plan_bytes &&
        (!most_over || g.peak_bytes - g.plan_bytes > most_over->peak_bytes - most_over->plan_bytes))
      most_over = &g;
  }
  if (!largest) return;
  std::cout << "peak memory " << mib(largest->peak_bytes) << " in group " << largest->name << " (plan "
            << mib(largest->plan_bytes) << ")";
  if (most_over) {
    std::ostringstream percent;  // not on std::cout: its precision would stay
    percent << std::fixed << std::setprecision(1) << (over(*most_over) - 1) * 100;
    std::cout << "; the most over its plan: group " << most_over->name << ", " << mib(most_over->peak_bytes)
              << " against " << mib(most_over->plan_bytes) << " (+" << percent.str() << "%)";
  }
  std::cout << "\n";
}

// The report of a finished run: one JSON object (docs/usage.md#json-output), or a line.
template <class G>
void print_report(const G& game, const GenerateOptions& options, const GenerateReport& report, int processes, bool json,
                  const DistributedReport* mpi = nullptr) {
  const std::string files = game_directory(game, options.dir).string();
  if (json) {
    nlohmann::json out{{"format", 1},
                       {"game", game.name()},
                       {"variant", game.variant()},
                       {"dir", options.dir.string()},
                       {"files", files},
                       {"groups_solved", report.groups_solved},
                       {"groups_skipped", report.groups_skipped},
                       {"slots_solved", report.slots_solved},
                       {"seconds", report.seconds},
                       {"threads", options.threads}};
    if (processes > 1) out["processes"] = processes;
    if (!report.groups.empty()) {
      nlohmann::json groups = nlohmann::json::array();
      for (const GroupPeak& g : report.groups)
        groups.push_back({{"group", g.name},
                          {"slots", g.slots},
                          {"seconds", g.seconds},
                          {"plan_memory_bytes", g.plan_bytes},
                          {"peak_memory_bytes", g.peak_bytes > 0 ? nlohmann::json(g.peak_bytes) : nlohmann::json()}});
      out["groups"] = std::move(groups);
    }
    if (mpi && mpi->groups_split > 0) {
      out["groups_split"] = mpi->groups_split;
      out["split_bytes_sent"] = mpi->split_bytes_sent;
      out["split_messages_sent"] = mpi->split_messages_sent;
      out["split_exchanges"] = mpi->split_exchanges;
    }
    std::cout << out.dump(2) << "\n";
    return;
  }
  std::cout << game.name() << " (" << game.variant() << "): solved " << report.groups_solved << " tier groups ("
            << report.slots_solved << " slots), " << report.groups_skipped << " already complete, in " << report.seconds
            << " s with ";
  if (processes > 1) std::cout << processes << " MPI processes x ";
  std::cout << options.threads << (options.threads == 1 ? " thread" : " threads") << "; files in " << files << "\n";
  print_peaks(report.groups);
  if (mpi && mpi->groups_split > 0)
    std::cout << mpi->groups_split << " tier groups split across the " << processes << " processes; their walks sent "
              << mpi->split_bytes_sent << " bytes of updates in " << mpi->split_messages_sent << " messages, "
              << mpi->split_exchanges << " exchanges\n";
}

// Every process of an MPI job runs this with the same options; rank 0 takes
// the directory's lock, sweeps it and prints.
// The plan splits a group across all the processes where it can be and
// does not fit one process's memory limit, or with --split-groups wherever
// it can be (GroupLoop::splittable); every other group goes to one process.
template <class G>
int generate_distributed(const G& game, GenerateOptions options, bool json) {
  options.ranks = mpi_launch_size();
  SharedGenerate<G> shared(game, options);  // checks the plan against this process's machine
  DistributedWork work;
  work.groups = &shared.groups();
  work.selected = &shared.selected();
  work.is_complete = [&](std::size_t g) { return shared.is_complete(g); };
  work.solve = [&](std::size_t g) { return shared.solve(g); };
  work.split = [&](std::size_t g) { return shared.split(g); };
  work.solve_share = [&](std::size_t g, GroupExchange& exchange) { return shared.solve_share(g, exchange); };
  work.describe = [&](std::size_t g) { return shared.describe(g); };
  work.claim = [&] { shared.claim(); };  // rank 0's, held until the job ends
  Progress clock(true);
  const DistributedReport report = run_distributed(work);
  if (report.root)
    print_report(
        game, options,
        // The processes' groups are not measured one by one (GenerateReport::groups).
        GenerateReport{report.groups_solved, report.groups_skipped, report.slots_solved, clock.elapsed_seconds(), {}},
        report.processes, json, &report);
  return 0;
}

}  // namespace

int run_generate(int argc, char** argv) {
  GameChoice choice;
  GenerateOptions options;
  TierSelection selection;
  bool json = false, plan_parallelism = false;
  long long ranks = 0;  // 0: not given (a given 0 is refused below)
  bool ranks_given = false;
  // Under mpirun the processes of one machine share its cores.
  options.threads = std::max(1, default_threads() / mpi_launch_local_size());
  // Read signed, so that a negative value is seen instead of wrapping around.
  long long block_size = options.write.block_size;
  bool plan_only = false, zstd_own_matches = false;
  std::optional<std::string> memory_limit_text;
  std::string walk_text = "auto";
  po::options_description o("options");
  add_game_options(o, choice);
  DirOption dirs;
  add_dir_option(o, dirs);
  add_threads_option(o, options.threads);
  o.add_options()("quiet,q", po::bool_switch(&options.quiet), "no progress display")(
      "json", po::bool_switch(&json), "print the report as one JSON object (docs/usage.md#json-output)")(
      "zstd-level", po::value(&options.write.zstd_level)->default_value(options.write.zstd_level)->value_name("L"),
      "zstd level of the files (1-10 also take matches of 6 bytes or more: smaller and faster)")(
      "zstd-own-matches", po::bool_switch(&zstd_own_matches),
      "let zstd choose its shortest match at every level, as rtb 0.12 did (with --zstd-level 9 it "
      "writes 0.12's bytes)")("block-size", po::value(&block_size)->default_value(block_size)->value_name("N"),
                              "positions per compressed block")(
      "plan", po::bool_switch(&plan_only), "print the memory and disk each tier group needs, and solve nothing")(
      "memory-limit",
      po::value<std::string>()->value_name("SIZE")->notifier(
          [&memory_limit_text](const std::string& text) { memory_limit_text = text; }),
      "the memory the run may use (e.g. 8G, 512M; default: the machine's memory): tiers held for later groups "
      "are dropped and read again to stay within it; a group that needs more with the tiers it reads is refused "
      "before any work")("walk", po::value(&walk_text)->default_value(walk_text)->value_name("W"),
                         "how a tier group's levels are walked: byte (1 byte a slot), forward (byte, asking "
                         "moves forward each level: no table of moves taken backwards), lean (3 bytes a slot), "
                         "lists (4.5 to 12 bytes a slot), auto (byte, or forward for a game with forward moves "
                         "only); same files either way")(
      "checkpoint-minutes",
      po::value(&options.checkpoint_minutes)->default_value(options.checkpoint_minutes, "10")->value_name("M"),
      "save a tier group's walk between two levels every M minutes (0: never), in GROUP.walk beside its files "
      "(as much disk as the group has slots), so that a killed run goes on from the last save instead of the "
      "group's start; removed once the group's files are written")(
      "derive-tiers", po::bool_switch(&options.derive_tiers),
      "store no values for the tiers whose every value is one move from stored tiers (in the games whose "
      "rtb games --json says derives_tiers): their files mark them, and every reader computes their "
      "values; Nine Men's Morris's mid- and endgame, for example, then take 1.9 GB instead of 3.2")(
      "split-groups", po::bool_switch(&options.split_groups),
      "under mpirun, solve every tier group that can be split with all the processes together, each holding "
      "a share of its slots (without it, only the groups that do not fit one process's memory limit); groups "
      "walked in bytes by a game's own moves taken back, and the one-pass groups of such a game, can be split; "
      "others stay whole; same files")(
      "ranks", po::value(&ranks)->value_name("N")->notifier([&ranks_given](long long) { ranks_given = true; }),
      "with --plan: plan for an MPI job of N processes (each --memory-limit): a rank's memory for each "
      "group split across them, and the fewest ranks each group needs")(
      "plan-parallelism", po::bool_switch(&plan_parallelism),
      "print how many tier groups could be solved at once at each step (to size an MPI job), and solve nothing");
  add_tier_selection_options(o, selection);
  if (!parse_command(argc, argv,
                     "rtb generate GAME [--dir DIR] [--threads N] [--quiet] [--json] [--plan] [--memory-limit SIZE]\n"
                     "       [--walk auto|byte|forward|lean|lists] [--derive-tiers] [--checkpoint-minutes M]\n"
                     "       [--all | --tiers T,... | --max-in-hand H | --max-pieces K]\n"
                     "       mpirun -np N rtb generate GAME ...   (docs/usage.md#generating-on-a-cluster-mpi)",
                     o, {{"game", &choice.name}}, "rtb generate pangki --dir tb --threads 2",
                     "Progress goes to stderr: on a terminal one line rewritten in place, otherwise a plain\n"
                     "line every 5 s (none with --quiet): the group of how many, its stage, a counter in\n"
                     "slots and an estimate of the time left; each group ends with its peak memory beside\n"
                     "its plan's (--json: groups[]). Under mpirun, --threads defaults to a process's\n"
                     "share of its machine's cores. A second generate into the same directory is refused\n"
                     "while the first runs (a lock file); queries are never blocked.\n"))
    return 0;
  options.dir = dirs.for_writing();
  check_threads(options.threads);
  check_range("block-size", block_size, 1, kMaxBlockSize);
  if (ranks_given) check_range("ranks", ranks, 1, kMostPlannedRanks);
  check_range("zstd-level", options.write.zstd_level, 1, max_zstd_level());
  check_checkpoint_minutes(options.checkpoint_minutes);
  options.write.block_size = static_cast<std::uint32_t>(block_size);
  options.write.long_matches = !zstd_own_matches;
  if (const std::string problem = write_options_problem(options.write); !problem.empty())
    throw UsageError("--block-size or --zstd-level: " + problem);
  try {
    options.walk = parse_walk_choice(walk_text);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--walk: ") + e.what());
  }
  // Given, even empty: an empty size is refused, not taken for "no limit"
  // (issue 53, item 7).
  if (memory_limit_text) {
    options.memory_limit = parse_bytes("memory-limit", *memory_limit_text);
    options.memory_limit_name = "--memory-limit";
  }
  return with_game(choice, [&](const auto& game) {
    if (const std::string refusal = derive_tiers_refusal(game); options.derive_tiers && !refusal.empty())
      throw UsageError("--derive-tiers: " + refusal);
    const std::vector<bool> selected = selected_tiers(game, selection);
    options.wanted = [selected](std::uint32_t t) { return selected[t]; };
    if (plan_parallelism) {
      const std::vector<TierGroup> groups = game_solve_order(game);
      print_parallelism(std::cout, parallelism_steps(groups, needed_groups(groups, game.tier_count(), options.wanted),
                                                     [&](std::uint32_t t) { return game.tier_size(t); }));
      return 0;
    }
    if (plan_only) {
      if (ranks_given) options.ranks = static_cast<int>(ranks);
      else if (mpi_launch_size() > 1) options.ranks = mpi_launch_size();
      print_plan(plan_generate(game, options), std::cout);
      return 0;
    }
    // Under MPI the ranks share the directory by design; rank 0 hands out the groups.
    if (options.split_groups && mpi_launch_size() == 1)
      throw UsageError(
          "--split-groups splits tier groups across the processes of an MPI job: run it under mpirun "
          "(or give it with --plan --ranks N)");
    if (ranks_given)
      throw UsageError("--ranks plans an MPI job: give it with --plan (under mpirun the job's own count)");
    if (mpi_launch_size() > 1) return generate_distributed(game, options, json);
    // The plan, the directory's lock and the sweep of temporaries are
    // generate()'s own checks (service/generate.hpp), as for the library.
    print_report(game, options, generate(game, options), 1, json);
    return 0;
  });
}

}  // namespace rtb::cli
