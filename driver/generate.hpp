#pragma once
// Solves a game's tier groups in order and writes one tablebase file per
// tier. Groups whose files are already complete are skipped, so a killed run
// resumes where it stopped; only the groups being solved and the tiers they
// reach stay in memory.
//
// generate() makes, before any work, the checks that protect a directory and
// a machine, so that every front end (the command line, the library, Python)
// gets them from this one place: the plan against the memory limit and the
// free disk, then the directory's writer lock (one generate a directory at a
// time), then the sweep of temporaries that a killed run left behind.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "driver/file_tier_store.hpp"
#include "driver/group_loop.hpp"
#include "driver/peak_memory.hpp"
#include "driver/resource_plan.hpp"
#include "solver/derived_tier.hpp"
#include "solver/progress.hpp"
#include "solver/tier_graph.hpp"
#include "tablebases/directory_lock.hpp"

namespace rtb {

struct GenerateOptions {
  std::filesystem::path dir = "tb";
  int threads = 1;
  bool quiet = false;
  std::function<bool(std::uint32_t)> wanted;  // tiers to solve; empty = all
  WriteOptions write;
  // A tier group that needs more memory than this is refused before any
  // work; 0 means this machine's memory. `memory_limit_name` is how the
  // caller's user set it, for the message ("--memory-limit").
  std::uint64_t memory_limit = 0;
  std::string memory_limit_name = "the memory limit";
  // Each group's walk (solver/walk.hpp): auto (the plan's: lean) or one
  // named for all.
  WalkChoice walk = WalkChoice::Auto;
  // Write the tiers the game may derive (solver/derived_tier.hpp) without
  // their values.
  bool derive_tiers = false;
  // The processes of an MPI job (the plan's PlanModel::ranks), and whether
  // every group that can be is split across them (--split-groups).
  int ranks = 1;
  bool split_groups = false;
  // A group's byte walk saves itself between levels every this many
  // minutes (0: never) beside its files, and a later run goes on from the
  // save (solver/walk_checkpoint.hpp).
  double checkpoint_minutes = 10;
};

// A group the run solved: what the plan gave it and what it took. The peak
// is the process's largest resident memory from the group's first read to
// its last file written, sampled (driver/peak_memory.hpp); 0 where the
// system does not say.
struct GroupPeak {
  std::string name;
  std::uint64_t slots = 0;
  double seconds = 0;
  std::uint64_t plan_bytes = 0;
  std::uint64_t peak_bytes = 0;
};

struct GenerateReport {
  std::size_t groups_solved = 0, groups_skipped = 0;
  std::uint64_t slots_solved = 0;
  double seconds = 0;
  std::vector<GroupPeak> groups;  // in the order solved (not under MPI)
};

// The folder of the game's files in `dir` (dir/GAME-VARIANT).
template <RetrogradeGame G>
std::filesystem::path game_directory(const G& game, const std::filesystem::path& dir) {
  return dir / game_folder_name(game.name(), game.variant());
}

// The file store generate writes to; compression uses the solve's threads.
template <RetrogradeGame G>
FileTierStore generate_store(const G& game, const GenerateOptions& options) {
  WriteOptions write = options.write;
  write.threads = options.threads;
  return file_tier_store(game, options.dir, write, options.derive_tiers ? derived_tiers(game) : std::vector<bool>{},
                         options.threads);
}

// Why `derive_tiers` cannot be asked of this game, or "" where it can: the
// front ends put their own name for the option before it.
template <RetrogradeGame G>
std::string derive_tiers_refusal(const G& game) {
  if (derives_any_tier(game)) return "";
  return "every tier of " + game.name() + " (" + game.variant() +
         ") must be stored: it has no tiers to derive (derives_tiers in rtb games --json says which games have)";
}

// The limit the plan is held to: --memory-limit, else this machine's memory.
inline std::uint64_t memory_limit_of(const GenerateOptions& options) {
  return options.memory_limit != 0 ? options.memory_limit : physical_memory_bytes();
}

// The plan of generating the selected tiers of `game` into options.dir.
template <RetrogradeGame G>
ResourcePlan plan_generate(const G& game, const GenerateOptions& options) {
  const std::vector<TierGroup> groups = game_solve_order(game);
  const std::vector<bool> needed = needed_groups(groups, game.tier_count(), options.wanted);
  // A file whose header and block table open is taken as complete: a cheap
  // look (generate itself checks every block before it skips a group).
  std::vector<std::int8_t> known(game.tier_count(), -1);  // each file looked at once
  auto complete = [&](std::uint32_t t) {
    if (known[t] < 0) {
      try {
        TierFile file(tier_file_path(game, options.dir, t), tier_info(game, t), 0);
        known[t] = 1;
      } catch (const TablebaseError&) {
        known[t] = 0;
      }
    }
    return known[t] == 1;
  };
  // The groups the run solves: its tables are those they solve and read.
  std::vector<bool> solving = needed;
  for (std::size_t g = 0; g < groups.size(); ++g)
    if (solving[g]) solving[g] = !std::all_of(groups[g].tiers.begin(), groups[g].tiers.end(), complete);
  PlanModel model = plan_model_of(game, tiers_touched(groups, solving));
  if (options.derive_tiers) model.derived = derived_tiers(game);
  model.memory_limit = memory_limit_of(options);
  model.ranks = options.ranks;
  model.split_all = options.split_groups;
  return plan_resources(game, groups, needed, complete, model, options.walk);
}

// Refuses, before anything is written, a run that does not fit the memory
// limit or the free disk (check_plan_fits). Returns the plan, whose walks
// the run takes.
template <RetrogradeGame G>
ResourcePlan check_generate_plan(const G& game, const GenerateOptions& options) {
  ResourcePlan plan = plan_generate(game, options);
  check_plan_fits(plan, memory_limit_of(options), options.dir,
                  options.memory_limit == 0 ? "this machine's memory" : options.memory_limit_name);
  return plan;
}

// The loop takes the plan's walk for each group, and its lists' memory, and
// drops the held tiers the plan drops before it.
template <RetrogradeGame G>
void follow_plan(GroupLoop<G>& loop, const ResourcePlan& plan) {
  std::vector<Walk> walks(loop.groups().size(), Walk::Lists);
  std::vector<std::vector<std::uint32_t>> drops(loop.groups().size());
  std::vector<std::uint64_t> list_bytes(loop.groups().size(), 0);
  for (const GroupPlan& g : plan.groups) {
    walks.at(g.group) = g.walk;
    drops.at(g.group) = g.dropped;
    list_bytes.at(g.group) = g.list_bytes;
  }
  loop.set_walks(std::move(walks));
  loop.set_drops(std::move(drops));
  loop.set_child_list_budgets(std::move(list_bytes));
}

// Measures each group's peak memory against its plan (GroupPeak): the
// group's last progress line says both, and a group that passed the
// --memory-limit the run was given says so even with --quiet, as the limit
// is the user's promise to the machine. Lives as long as the loop's solve.
class GroupPeakWatch {
 public:
  template <RetrogradeGame G>
  GroupPeakWatch(GroupLoop<G>& loop, const ResourcePlan& plan, Progress& progress, const GenerateOptions& options)
      : plans_(loop.groups().size(), nullptr), progress_(progress), options_(options) {
    for (const GroupPlan& g : plan.groups) plans_.at(g.group) = &g;
    loop.watch_groups([this](std::size_t) { start(); },
                      [this, &loop](std::size_t g) { finish(g, loop.group_name(g)); });
  }
  std::vector<GroupPeak> take() { return std::move(peaks_); }

 private:
  void start() {
    sampler_.restart();
    started_ = progress_.elapsed_seconds();
  }
  void finish(std::size_t g, std::string name) {
    const GroupPlan* p = plans_.at(g);
    GroupPeak peak{std::move(name), p ? p->slots : 0, progress_.elapsed_seconds() - started_, p ? p->memory_bytes : 0,
                   sampler_.peak()};
    if (peak.peak_bytes > 0) {
      progress_.finished("done; peak memory " + mib(peak.peak_bytes) +
                         (peak.plan_bytes > 0 ? " (plan " + mib(peak.plan_bytes) + ")" : ""));
      if (options_.memory_limit != 0 && peak.peak_bytes > options_.memory_limit)
        progress_.note("group " + peak.name + " peaked at " + mib(peak.peak_bytes) + ", over " +
                       options_.memory_limit_name + " " + mib(options_.memory_limit) + " (its plan " +
                       mib(peak.plan_bytes) + ")");
    }
    peaks_.push_back(std::move(peak));
  }

  std::vector<const GroupPlan*> plans_;  // by group of the solve order; those the run solves
  Progress& progress_;
  const GenerateOptions& options_;
  std::vector<GroupPeak> peaks_;
  PeakSampler sampler_;
  double started_ = 0;
};

// The writer's hold on a game's folder while it generates: the lock (a
// second writer is refused at once, naming the first; readers never wait),
// taken before the temporaries of a killed run are swept, so that a running
// writer's own temporaries are never removed.
class GenerateClaim {
 public:
  explicit GenerateClaim(const std::filesystem::path& game_dir) : lock_(game_dir) {
    remove_stale_temporaries(game_dir);
  }

 private:
  DirectoryLock lock_;
};

template <RetrogradeGame G>
GenerateReport generate(const G& game, const GenerateOptions& options) {
  const ResourcePlan plan = check_generate_plan(game, options);
  // A folder whose every wanted group is complete is only read (each block
  // checked): no lock, so that a complete folder a user may not write, or a
  // copy on read-only media, says so instead of failing on its lock (issue
  // 52). A damaged file found then is written again as any other, atomically.
  std::optional<GenerateClaim> claim;
  if (!plan.groups.empty()) claim.emplace(game_directory(game, options.dir));
  Progress progress(options.quiet);
  FileTierStore store = generate_store(game, options);
  // Said even with --quiet: a file of the user's was thrown away (issue 52).
  store.on_replacing_damaged([&](const std::filesystem::path& file, const std::string& problem) {
    progress.note("replaced " + file.string() + ", which was damaged (" + problem + ")");
  });
  store.keep_walks(options.checkpoint_minutes * 60, [&](const std::string& problem) { progress.note(problem); });
  const std::vector<bool> needed = needed_groups(game_solve_order(game), game.tier_count(), options.wanted);
  GroupLoop<G> loop(game, store, needed, &progress);
  follow_plan(loop, plan);
  GroupPeakWatch peaks(loop, plan, progress, options);
  const GroupLoopReport solved = loop.solve_all(options.threads);
  progress.done();
  return {solved.groups_solved, solved.groups_skipped, solved.slots_solved, progress.elapsed_seconds(), peaks.take()};
}

}  // namespace rtb
