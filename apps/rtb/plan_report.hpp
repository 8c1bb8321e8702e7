#pragma once
// `rtb generate --plan` and the checks every generate makes before it starts:
// the memory each tier group needs against --memory-limit, and the disk the
// files need against the free space of the directory.
#include <sys/statvfs.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>

#include "apps/rtb/cli.hpp"
#include "driver/generate.hpp"
#include "driver/resource_plan.hpp"
#include "service/game_facts.hpp"

namespace rtb::cli {

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

// The plan of generating the selected tiers of `game` into `dir`.
template <class G>
ResourcePlan plan_generate(const G& game, const GenerateOptions& options) {
  const std::vector<TierGroup> groups = game_solve_order(game);
  const std::vector<bool> needed = needed_groups(groups, game.tier_count(), options.wanted);
  PlanModel model;
  model.file_bits_per_slot = file_bits_per_slot_of(game);
  // A file whose header and block table open is taken as complete: a cheap
  // look (generate itself checks every block before it skips a group).
  auto complete = [&](std::uint32_t t) {
    try {
      TierFile file(tier_file_path(game, options.dir, t), tier_info(game, t), 0);
      return true;
    } catch (const TablebaseError&) {
      return false;
    }
  };
  return plan_resources(game, groups, needed, complete, model);
}

inline void print_plan(const ResourcePlan& plan, std::ostream& out) {
  out << "group                 slots     state words  working lists  held tiers         memory      disk\n";
  for (const GroupPlan& g : plan.groups)
    out << std::left << std::setw(16) << g.name << std::right << std::setw(12) << g.slots << std::setw(14)
        << mib(g.state_bytes) << std::setw(15) << mib(g.working_bytes) << std::setw(12) << mib(g.held_bytes) << " ("
        << g.held_tiers << ")" << std::setw(12) << mib(g.memory_bytes) << std::setw(10) << mib(g.disk_bytes) << "\n";
  out << plan.groups.size() << " groups to solve, " << plan.groups_complete << " already complete; peak memory "
      << mib(plan.peak_memory_bytes);
  if (!plan.groups.empty()) out << " (group " << plan.groups[plan.peak_group].name << ")";
  out << ", disk " << mib(plan.disk_bytes) << "\n";
}

// Refuses, before any work, a run whose largest group needs more than
// memory_limit or whose files need more than the directory's free space.
inline void check_plan_fits(const ResourcePlan& plan, std::uint64_t memory_limit, const std::filesystem::path& dir,
                            const std::string& limit_source) {
  if (!plan.groups.empty() && plan.peak_memory_bytes > memory_limit) {
    const GroupPlan& g = plan.groups[plan.peak_group];
    throw std::runtime_error("tier group " + g.name + " needs about " + mib(g.memory_bytes) +
                             " of memory (state words " + mib(g.state_bytes) + ", working lists " +
                             mib(g.working_bytes) + ", " + std::to_string(g.held_tiers) + " tiers held " +
                             mib(g.held_bytes) + "), more than " + limit_source + " " + mib(memory_limit) +
                             "; nothing was solved (see --plan)");
  }
  const std::uint64_t free = free_disk_bytes(dir);
  if (plan.disk_bytes > free)
    throw std::runtime_error("the files need about " + mib(plan.disk_bytes) + " but " + dir.string() + " has " +
                             mib(free) + " free; nothing was solved (see --plan)");
}

}  // namespace rtb::cli
