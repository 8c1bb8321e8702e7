#pragma once
// What a `generate` run will need, worked out before it starts: for each tier
// group to solve, the memory (its state, the solve's working lists, the
// tiers held in memory while it runs) and the disk its files will take.
//
// The memory model follows driver/group_loop.hpp and solver/retrograde.hpp:
//   - state: the byte walk's byte a slot of the group, which becomes its
//     values where it lies; the other walks' 2-byte words, narrowed to the
//     values' byte a slot (solver/solved_tier.hpp) a block at a time;
//   - held tiers: a byte a slot of every tier in memory while the group is
//     solved: the tiers it reads, and tiers solved earlier that a later group
//     reads (generate keeps them instead of reading them back);
//   - the walk's working memory (none for a tier solved in one pass): for
//     the walk by lists, the frontier of each level, the positions it
//     unranks and the waiting lists of later levels, which grow with the
//     group; a fixed number of bytes a slot of the group, measured
//     (docs/results.md, "Measured figures": the peaks of Cinc camins up to
//     4 a side and the Bagh-Chal sliding phase against this plan); for the
//     lean walk, a waiting byte a slot and its chunk maps (solver/walk.hpp);
//     for the byte walk, its chunk maps and the levels noted for each chunk;
//   - a base: the program (fixed) and the game's own tables, which it
//     reports (ReportsTableBytes: Morabaraba's 97 MiB, which a run with
//     `--memory-limit 15G` passed its limit by before they were counted);
//   - for a game that gives no predecessors, the engine's table of the
//     group's moves taken backwards (solver/reverse_moves.hpp), counted with
//     the working lists: 8 bytes a slot and a parent's bytes a move that
//     stays in the group, the moves estimated from random slots of the group;
//     where that table does not fit, the forward walk goes without it and
//     keeps lists of its open positions' children (solver/child_lists.hpp)
//     in what the group leaves under the limit, planned as their most.
// Disk is estimated from bits per slot measured on the solved games.
//
// Under MPI (PlanModel::ranks), a group that can be split across the ranks
// (solver/slot_share.hpp) and does not fit one rank's memory limit, or
// every such group when asked, is planned per rank: a 1/N share of its
// state and of its own working bits, the walk's chunk maps of the whole
// group, the exchange's buffers (bounded by the walk's rounds) and the
// tiers it reads, whole, on every rank.
//
// The plan also gives each group its walk: byte unless another is asked for
// (walk_of_choice says why). The lean walk was measured within 7% of the lists' CPU time on every
// game and faster on most (docs/results.md, "The lean walk": 0.88x to 1.07x)
// in a quarter to a half of their memory, and its memory is known before the
// solve; the lists' depends on the size of the group's largest level,
// which only the solve finds (Crossings 4x8's group 4-4 took 6.1 bytes a
// slot of lists, 5x5's 5-5 4.5), so a plan with lists may be under.
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iomanip>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "solver/child_lists.hpp"
#include "solver/game_concept.hpp"
#include "solver/reverse_moves.hpp"
#include "solver/slot_share.hpp"
#include "solver/tier_graph.hpp"
#include "solver/value.hpp"
#include "solver/walk.hpp"

namespace rtb {

struct PlanModel {
  // Working lists, in bytes a slot of the group being solved, measured as
  // (peak - base - state words - held tiers) / slots of the largest group.
  // Games whose predecessors lie in one block of slots (Pangki, Cinc camins)
  // walk a level's positions sorted by block; the others (Bagh-Chal) keep
  // each thread's lists of resolved slots and of later levels' waiting
  // slots, 8 bytes each, and many of their slots pass through those lists.
  double working_bytes_per_slot_by_block = 4.5;
  double working_bytes_per_slot_shared = 10.5;
  // The lean walk: its waiting byte, the chunk maps (2 bytes a 1024 slots)
  // and the threads' buffers, measured the same way (within 5% of the
  // measured peak on Crossings 5x5, 5x6 and the Bagh-Chal sliding phase).
  double working_bytes_per_slot_lean = 1.0;
  // The byte walk: its chunk maps and the levels noted for each chunk (one
  // bit a chunk of 1024 slots a level: 0.025), the counts kept aside and
  // the threads' buffers; and, in a group that moves leave, a bit a slot
  // for those that win later (in a group no move leaves, such as Bagh-Chal's
  // last captures, no bit is ever set and its pages never become memory).
  double working_bytes_per_slot_byte = 0.05;
  double exit_bits_bytes_per_slot = 0.125;
  // A solved tier held in memory: one byte a value where every value fits
  // one (solver/solved_tier.hpp: every tier of every game solved so far);
  // a tier whose distances pass 254 plies takes two, more than planned.
  double held_bytes_per_slot = 1.0;
  // The program, its libraries, the threads and the file writer's zstd
  // contexts (measured: `rtb generate pangki --max-pieces 2`, which solves
  // 1,911 slots, peaks at 13.3 MiB on 1 thread and 13.5 on 2); plan_model_of
  // adds the game's tables where it reports them.
  std::uint64_t base_bytes = 14ull << 20;
  // Compressed size of a tier file, in bits a slot (measured on the game).
  double file_bits_per_slot = 4.5;
  // Per file: header, block table, zstd frame headers and checksums.
  std::uint64_t file_overhead_bytes = 4096;
  // Tiers written without values (generate --derive-tiers), by tier id;
  // empty: none.
  std::vector<bool> derived;
  // A plan for `rtb verify`, not for a solve: a group's own tiers are read
  // from their files and held beside the tiers they read, and each stored
  // value is proven from its children one at a time, without a walk's
  // state or lists. Only a lone tier that the game walks its own way
  // (SolvesLoneTiers; not with proof_by_general) holds, beside its stored
  // values, the 2-byte values its walk computes.
  bool proof = false;
  bool proof_by_general = false;
  // The memory a run may use; 0: no limit. Where a group would need more,
  // tiers held for later groups that it does not read are dropped before it
  // (those read last first) and read again from their files when a later
  // group needs them: slower, within the limit.
  std::uint64_t memory_limit = 0;
  // The processes of an MPI job; a group is split across all of them
  // where it can be and does not fit memory_limit whole, or wherever it
  // can be with split_all (generate --split-groups).
  int ranks = 1;
  bool split_all = false;
  // A share of a split group, in bytes a slot: of the whole group on every
  // rank (the chunk maps and the levels noted for each chunk), and of the
  // rank's own slots (the walk's threads' lists; and, in a group that moves
  // leave, exit_bits_bytes_per_slot as in a whole group).
  double share_bytes_per_group_slot = 0.03;
  double share_bytes_per_own_slot = 0.025;
  // The exchange's buffers of a level's round (solver/retrograde.hpp,
  // walk_share_level: 8 MiB of updates for others, held several times over
  // while they are sorted, sent, received and applied, and MPI's own copies
  // of them), or 32 bytes a slot of the share where that is less. Measured:
  // Crossings 5x5's 5-5 alone peaks 26 to 32 MiB a rank above a plan that
  // counted 32 MiB here, on 2 ranks (447 MiB) and on 4 (333 to 339 MiB).
  std::uint64_t share_exchange_bytes = 64ull << 20;
  // What Open MPI adds to a process (measured: `rtb generate pangki
  // --max-pieces 2` peaks at 24.6 MiB a rank under mpirun -np 2, 13.9 alone).
  std::uint64_t share_mpi_bytes = 12ull << 20;
  double share_exchange_bytes_per_own_slot = 32.0;
};

// The ranks a split group would need at most: beyond this the plan says none fit.
inline constexpr int kMostPlannedRanks = 1 << 16;

struct GroupPlan {
  std::string name;         // "4-4+4-4" style: its tiers joined by '+'
  std::size_t group = 0;    // its index in the solve order
  Walk walk = Walk::Lists;  // the walk it gets (none is walked when solved in one pass)
  std::uint64_t slots = 0;  // of the group's own tiers
  // Whether its byte walk keeps a bit a slot for wins by moves leaving the
  // group: a walked group that moves leave (none do in a group with no
  // dependencies, and a group solved in one pass walks nothing).
  bool exit_bits = false;
  std::uint64_t state_bytes = 0;    // the walk's state, then the values
  std::uint64_t working_bytes = 0;  // the walk's: levels' lists, or the lean walk's bytes
  // A game with forward moves only: the table of its moves taken backwards
  // (part of working_bytes), or, where the forward walk goes without it
  // because it would not fit, what it would have taken.
  std::uint64_t table_bytes = 0;
  std::uint64_t table_bytes_spared = 0;
  // The forward walk's: the memory its lists of children may take (part of
  // working_bytes; solver/child_lists.hpp).
  std::uint64_t list_bytes = 0;
  std::uint64_t held_bytes = 0;  // tiers held in memory meanwhile
  std::uint64_t held_tiers = 0;
  std::vector<std::uint32_t> dropped;  // held tiers dropped before it, read again by a later group
  std::uint64_t memory_bytes = 0;      // all of the above and the base (a rank's, where split)
  std::uint64_t disk_bytes = 0;        // its files
  // Whether it can be split across MPI ranks (a group walked in bytes by
  // the game's own predecessors, or solved in one pass in such a game),
  // the ranks it is split across in this plan (0: solved whole by one), and
  // the fewest ranks whose shares fit the memory limit (1: it fits whole;
  // 0: no limit, or no number fits).
  bool splittable = false;
  int split_ranks = 0;
  int ranks_needed = 0;
  // A group solved in one pass walks nothing and needs no working memory.
  bool walked() const { return working_bytes > 0; }
};

struct ResourcePlan {
  int ranks = 1;                    // the model's
  std::uint64_t memory_limit = 0;   // the model's
  std::vector<GroupPlan> groups;    // the groups to solve, in solve order
  std::size_t groups_complete = 0;  // skipped: their files are there
  std::uint64_t peak_memory_bytes = 0;
  std::uint64_t disk_bytes = 0;
  std::size_t peak_group = 0;    // index into groups
  std::uint64_t base_bytes = 0;  // the model's: in every group's memory
};

// The walk every walked group gets for a front end's choice: the byte walk
// unless another is asked for. It holds a group in a third of the lean
// walk's memory (a byte a slot against three) and the lists' unknown
// amount, and its values are the same, bit for bit. (plan_resources then
// gives a game with forward moves only the forward walk where the table of
// its moves taken backwards would not fit.)
inline Walk walk_of_choice(WalkChoice choice) {
  switch (choice) {
    case WalkChoice::Lists:
      return Walk::Lists;
    case WalkChoice::Lean:
      return Walk::Lean;
    case WalkChoice::Forward:
      return Walk::Forward;
    case WalkChoice::Auto:
    case WalkChoice::Byte:
      return Walk::Byte;
  }
  return Walk::Byte;
}

// A rank's memory for its share of a group of `slots` slots split across
// `ranks` (held tiers not counted: every rank holds them whole); `exits`:
// moves leave the group (its walk keeps their bit a slot).
inline std::uint64_t share_memory_bytes(const PlanModel& model, std::uint64_t slots, int ranks, bool exits) {
  const double own = double(slots) / ranks;
  const double exchange = std::min(double(model.share_exchange_bytes), own * model.share_exchange_bytes_per_own_slot);
  const double own_per_slot = 1 + model.share_bytes_per_own_slot + (exits ? model.exit_bits_bytes_per_slot : 0.0);
  return model.base_bytes + model.share_mpi_bytes +
         static_cast<std::uint64_t>(own * own_per_slot + exchange + double(slots) * model.share_bytes_per_group_slot);
}

// The memory of the forward walk's lists (solver/child_lists.hpp) with a
// row for every position of the group made of `tiers`: a header a slot and a
// word an in-group move (estimated_in_group_moves), and a run a chunk of
// slots.
template <RetrogradeGame G>
std::uint64_t child_list_bytes_of_every_position(const G& game, const std::vector<typename G::TierId>& tiers,
                                                 double in_group_moves) {
  std::uint64_t slots = 0, chunks = 0;
  for (const auto t : tiers) {
    slots += game.tier_size(t);
    chunks += (game.tier_size(t) + kWalkChunkSlots - 1) / kWalkChunkSlots;
  }
  return ChildLists::bytes_needed(slots + static_cast<std::uint64_t>(in_group_moves), chunks);
}

// The fewest ranks whose shares of the group fit `limit` with the tiers it
// reads (held_bytes on every rank); 0 where none does.
inline int ranks_to_fit(const PlanModel& model, std::uint64_t slots, bool exits, std::uint64_t held_bytes,
                        std::uint64_t limit) {
  for (int ranks = 2; ranks <= kMostPlannedRanks; ranks *= 2)
    if (share_memory_bytes(model, slots, ranks, exits) + held_bytes <= limit) {
      int fewest = ranks / 2 + 1;  // the first power of two that fits; the fewest lie above the half
      while (share_memory_bytes(model, slots, fewest, exits) + held_bytes > limit) ++fewest;
      return fewest;
    }
  return 0;
}

// `complete(t)`: whether tier t's file is already there (its group is skipped,
// as generate skips it). `needed` as needed_groups() gives it.
template <RetrogradeGame G>
ResourcePlan plan_resources(const G& game, const std::vector<TierGroup>& groups, const std::vector<bool>& needed,
                            const std::function<bool(std::uint32_t)>& complete, const PlanModel& model = {},
                            WalkChoice walk_choice = WalkChoice::Auto) {
  // The same bookkeeping as generate(): which tiers are in memory when.
  std::vector<std::size_t> last_reader(game.tier_count(), 0);
  for (std::size_t g = 0; g < groups.size(); ++g)
    if (needed[g])
      for (std::uint32_t d : groups[g].dependencies) last_reader[d] = g;
  std::vector<bool> held(game.tier_count(), false);
  // The groups that read each tier, in solve order, to find its next reader.
  std::vector<std::vector<std::size_t>> readers(game.tier_count());
  for (std::size_t g = 0; g < groups.size(); ++g)
    if (needed[g])
      for (std::uint32_t d : groups[g].dependencies) readers[d].push_back(g);
  const auto held_bytes_of = [&](std::uint32_t t) {
    return static_cast<std::uint64_t>(double(game.tier_size(t)) * model.held_bytes_per_slot);
  };
  // As GroupSolver decides it.
  constexpr bool kByBlock = SortsPredecessorsByBlock<G>;
  const double working_per_slot =
      kByBlock ? model.working_bytes_per_slot_by_block : model.working_bytes_per_slot_shared;
  ResourcePlan plan;
  plan.ranks = model.ranks;
  plan.memory_limit = model.memory_limit;
  plan.base_bytes = model.base_bytes;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (!needed[g]) continue;
    const TierGroup& group = groups[g];
    if (std::all_of(group.tiers.begin(), group.tiers.end(), complete)) {
      ++plan.groups_complete;
      continue;
    }
    GroupPlan p;
    p.group = g;
    for (std::uint32_t t : group.tiers) {
      if (!p.name.empty()) p.name += '+';
      p.name += game.tier_name(t);
      p.slots += game.tier_size(t);
      const bool derived = t < model.derived.size() && model.derived[t];
      p.disk_bytes +=
          (derived ? 0 : static_cast<std::uint64_t>(double(game.tier_size(t)) * model.file_bits_per_slot / 8)) +
          model.file_overhead_bytes;
    }
    for (std::uint32_t d : group.dependencies) held[d] = true;
    // A lone tier that no move re-enters is solved in one pass, without lists.
    const bool single_pass = solved_in_one_pass(game, group.tiers);
    p.walk = walk_of_choice(walk_choice);
    // The group's in-group moves, sampled once, where the table of moves
    // taken back or the forward walk's lists are sized from them.
    std::optional<double> moves;
    const auto in_group_moves = [&] {
      if (!moves) moves = estimated_in_group_moves(game, group.tiers);
      return *moves;
    };
    // The byte walk's codes become the values where they lie; the other
    // walks' and the one pass's 2-byte words are narrowed to the values.
    const bool in_bytes = p.walk == Walk::Byte || p.walk == Walk::Forward;
    p.state_bytes = p.slots * (in_bytes && !single_pass ? 1 : sizeof(std::uint16_t));
    p.exit_bits = in_bytes && !single_pass && !group.dependencies.empty();
    if (model.proof) {
      p.state_bytes = 0;
      for (std::uint32_t t : group.tiers) p.state_bytes += held_bytes_of(t);
      p.exit_bits = false;
      if constexpr (SolvesLoneTiers<G>)
        if (!model.proof_by_general && single_pass)  // check_tier's walk (solver/verify.hpp)
          p.working_bytes = p.slots * sizeof(Value);
    } else if (!single_pass) {
      const double per_slot = p.walk == Walk::Lean ? model.working_bytes_per_slot_lean
                              : in_bytes           ? model.working_bytes_per_slot_byte
                                                   : working_per_slot;
      p.working_bytes = static_cast<std::uint64_t>(double(p.slots) *
                                                   (per_slot + (p.exit_bits ? model.exit_bits_bytes_per_slot : 0.0)));
      // A game without predecessors has the engine's table of the group's
      // moves taken backwards beside every walk (Crossings' seed reading),
      // estimated once from sampled slots.
      if constexpr (!GivesPredecessors<G>)
        if (p.walk != Walk::Forward) p.table_bytes = reverse_moves_bytes_of_group(game, group.tiers, in_group_moves());
      p.working_bytes += p.table_bytes;
    }
    std::uint64_t held_total = 0;
    for (std::uint32_t t = 0; t < game.tier_count(); ++t)
      if (held[t]) held_total += held_bytes_of(t);
    // Where the table does not fit, the byte walk goes forward without it:
    // slower (docs/design.md), in a tenth of the memory.
    if (walk_choice == WalkChoice::Auto && p.table_bytes > 0 && model.memory_limit != 0 &&
        model.base_bytes + p.state_bytes + p.working_bytes + held_total > model.memory_limit) {
      p.walk = Walk::Forward;
      p.working_bytes -= p.table_bytes;
      p.table_bytes_spared = std::exchange(p.table_bytes, 0);
    }
    p.splittable = GivesPredecessors<G> && p.walk == Walk::Byte;
    const std::uint64_t whole = model.base_bytes + p.state_bytes + p.working_bytes;
    // The tiers it reads stay on every rank, whatever else is dropped: a
    // group too large for one rank with those alone is split.
    std::uint64_t reads = 0;
    for (std::uint32_t d : group.dependencies) reads += held_bytes_of(d);
    const bool too_large = model.memory_limit != 0 && whole + reads > model.memory_limit;
    if (p.splittable && model.ranks > 1 && (model.split_all || too_large)) p.split_ranks = model.ranks;
    const std::uint64_t own =
        p.split_ranks > 0 ? share_memory_bytes(model, p.slots, p.split_ranks, p.exit_bits) : whole;
    if (p.split_ranks > 0) {  // a rank's share of the state, and the rest of its memory but the base
      p.state_bytes =
          (p.slots + static_cast<std::uint64_t>(p.split_ranks) - 1) / static_cast<std::uint64_t>(p.split_ranks);
      p.working_bytes = own - model.base_bytes - p.state_bytes;
    }
    if (model.memory_limit != 0) {
      p.ranks_needed = whole + reads <= model.memory_limit ? 1
                       : p.splittable ? ranks_to_fit(model, p.slots, p.exit_bits, reads, model.memory_limit)
                                      : 0;
    }
    if (model.memory_limit != 0 && own + held_total > model.memory_limit) {
      // Tiers this group does not read, the one read again last first.
      std::vector<std::pair<std::size_t, std::uint32_t>> droppable;  // (next reader, tier)
      for (std::uint32_t t = 0; t < game.tier_count(); ++t) {
        if (!held[t] || std::count(group.dependencies.begin(), group.dependencies.end(), t) > 0) continue;
        const auto next = std::upper_bound(readers[t].begin(), readers[t].end(), g);
        droppable.emplace_back(next == readers[t].end() ? groups.size() : *next, t);
      }
      std::sort(droppable.begin(), droppable.end(), std::greater<>());
      for (const auto& [next, t] : droppable) {
        if (own + held_total <= model.memory_limit) break;
        held[t] = false;
        held_total -= held_bytes_of(t);
        p.dropped.push_back(t);
      }
    }
    for (std::uint32_t t = 0; t < game.tier_count(); ++t)
      if (held[t]) {
        p.held_bytes += held_bytes_of(t);
        ++p.held_tiers;
      }
    p.memory_bytes = own + p.held_bytes;
    // The forward walk's lists of children take what the group leaves under
    // the limit, three quarters of it at most (the rest for the system), or
    // what every position's rows would take where that is less: the walk
    // lists as many open chunks as that holds, and more as positions close.
    if (p.walk == Walk::Forward && p.walked() && p.slots <= ChildLists::kMostNumbers) {
      const std::uint64_t every_row = child_list_bytes_of_every_position(game, group.tiers, in_group_moves());
      const std::uint64_t room =
          model.memory_limit > p.memory_bytes ? (model.memory_limit - p.memory_bytes) / 4 * 3 : 0;
      p.list_bytes = model.memory_limit == 0 ? every_row : std::min(every_row, room);
      p.working_bytes += p.list_bytes;
      p.memory_bytes += p.list_bytes;
    }
    // After the group: its tiers stay when a later group reads them, and
    // tiers no later group reads are dropped.
    for (std::uint32_t t : group.tiers)
      if (last_reader[t] > g) held[t] = true;
    for (std::uint32_t t = 0; t < game.tier_count(); ++t)
      if (held[t] && last_reader[t] <= g) held[t] = false;
    if (p.memory_bytes > plan.peak_memory_bytes || plan.groups.empty()) {
      plan.peak_memory_bytes = std::max(plan.peak_memory_bytes, p.memory_bytes);
      plan.peak_group = plan.groups.size();
    }
    plan.disk_bytes += p.disk_bytes;
    plan.groups.push_back(std::move(p));
  }
  return plan;
}

// The tiers that the selected groups solve or read, each once: those whose
// numbering a run builds.
inline std::vector<std::uint32_t> tiers_touched(const std::vector<TierGroup>& groups,
                                                const std::vector<bool>& selected) {
  std::vector<std::uint32_t> tiers;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (!selected[g]) continue;
    tiers.insert(tiers.end(), groups[g].tiers.begin(), groups[g].tiers.end());
    tiers.insert(tiers.end(), groups[g].dependencies.begin(), groups[g].dependencies.end());
  }
  std::sort(tiers.begin(), tiers.end());
  tiers.erase(std::unique(tiers.begin(), tiers.end()), tiers.end());
  return tiers;
}

// The model for a run of `game` that solves or reads `tiers`: the game's
// measured bits a slot where it gives them (EstimatesFileSize), the largest
// measured otherwise, and the tables of those tiers in the base where the
// game reports them.
template <class G>
PlanModel plan_model_of(const G& game, const std::vector<std::uint32_t>& tiers) {
  PlanModel model;
  if constexpr (EstimatesFileSize<G>) model.file_bits_per_slot = game.file_bits_per_slot();
  if constexpr (ReportsTableBytes<G>)
    model.base_bytes += game.table_bytes(std::vector<typename G::TierId>(tiers.begin(), tiers.end()));
  return model;
}

inline std::uint64_t physical_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
}

// Free bytes for an unprivileged writer where dir is or would be created.
inline std::uint64_t free_disk_bytes(std::filesystem::path dir) {
  dir = std::filesystem::absolute(dir);
  while (!std::filesystem::exists(dir) && dir.has_parent_path() && dir != dir.parent_path()) dir = dir.parent_path();
  struct statvfs s {};
  if (::statvfs(dir.c_str(), &s) != 0) return UINT64_MAX;  // unknown: do not refuse on a guess
  return static_cast<std::uint64_t>(s.f_bavail) * s.f_frsize;
}

inline std::string mib(std::uint64_t bytes) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(bytes < (10ull << 20) ? 1 : 0) << double(bytes) / (1 << 20) << " MiB";
  return out.str();
}

// Refuses, before any work, a run whose largest group needs more than
// memory_limit or whose files need more than the directory's free space.
// `limit_source` names the limit in the caller's words ("--memory-limit",
// "this machine's memory").
inline void check_plan_fits(const ResourcePlan& plan, std::uint64_t memory_limit, const std::filesystem::path& dir,
                            const std::string& limit_source) {
  if (!plan.groups.empty() && plan.peak_memory_bytes > memory_limit) {
    const GroupPlan& g = plan.groups[plan.peak_group];
    // A group that MPI ranks could share says how many it takes.
    const std::string ranks =
        g.ranks_needed > 1 ? "; split across at least " + std::to_string(g.ranks_needed) +
                                 " MPI ranks of this memory it would fit (docs/usage.md, Generating on a cluster)"
                           : "";
    if (g.split_ranks > 0)
      throw std::runtime_error("tier group " + g.name + " needs about " + mib(g.memory_bytes) +
                               " of memory on each of " + std::to_string(g.split_ranks) + " ranks (its share, and " +
                               std::to_string(g.held_tiers) + " tiers held " + mib(g.held_bytes) + "), more than " +
                               limit_source + " " + mib(memory_limit) + ranks +
                               "; nothing was solved (see rtb generate --plan --ranks N)");
    throw std::runtime_error("tier group " + g.name + " needs about " + mib(g.memory_bytes) + " of memory (state " +
                             mib(g.state_bytes) + ", the " + walk_name(g.walk) + " walk's working memory " +
                             mib(g.working_bytes) + ", " + std::to_string(g.held_tiers) + " tiers held " +
                             mib(g.held_bytes) + "), more than " + limit_source + " " + mib(memory_limit) + ranks +
                             "; nothing was solved (see rtb generate --plan)");
  }
  const std::uint64_t free = free_disk_bytes(dir);
  if (plan.disk_bytes > free)
    throw std::runtime_error("the files need about " + mib(plan.disk_bytes) + " but " + dir.string() + " has " +
                             mib(free) + " free; nothing was solved (see rtb generate --plan)");
}

// Refuses, before any tier is proven, a proof (PlanModel::proof) whose largest
// group needs more than memory_limit even with every tier it does not read
// dropped: `rtb verify` would otherwise pass a limit it was given.
inline void check_proof_fits(const ResourcePlan& plan, std::uint64_t memory_limit, const std::string& limit_source) {
  if (plan.groups.empty() || plan.peak_memory_bytes <= memory_limit) return;
  const GroupPlan& g = plan.groups[plan.peak_group];
  throw std::runtime_error("tier group " + g.name + " needs about " + mib(g.memory_bytes) +
                           " of memory to be proven (its own tiers " + mib(g.state_bytes) +
                           (g.working_bytes > 0 ? ", the values its walk computes " + mib(g.working_bytes) : "") +
                           ", " + std::to_string(g.held_tiers) + (g.held_tiers == 1 ? " tier" : " tiers") + " held " +
                           mib(g.held_bytes) + "), more than " + limit_source + " " + mib(memory_limit) +
                           "; nothing was verified (allow more memory, or verify on a larger machine)");
}

}  // namespace rtb
