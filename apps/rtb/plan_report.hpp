#pragma once
// `rtb generate --plan`: the memory and disk each tier group needs, as a
// table. The checks against the memory limit and the free disk are the
// driver's (service/generate.hpp: generate() makes them for every front end).
#include <algorithm>
#include <iomanip>
#include <ostream>
#include <string>

#include "service/generate.hpp"

namespace rtb::cli {

inline bool plan_has_limit(const ResourcePlan& plan) { return plan.memory_limit != 0; }

// How often the plan drops a held tier to keep within its memory limit.
inline void print_drops(const ResourcePlan& plan, std::ostream& out) {
  std::size_t dropped = 0;
  for (const GroupPlan& g : plan.groups) dropped += g.dropped.size();
  if (dropped > 0)
    out << dropped
        << " times a held tier is dropped to stay within the memory limit, and read again from its\n"
           "file when a later group needs it\n";
}

// With MPI ranks (--plan --ranks N, or under mpirun) two more columns: the
// ranks a group is split across ("-": one rank solves it whole; memory is
// then a rank's), and the fewest ranks whose shares fit the memory limit
// ("-": no limit given; "none": no number does, or it cannot be split).
inline void print_plan(const ResourcePlan& plan, std::ostream& out) {
  const bool ranks = plan.ranks > 1;
  out << "group                 slots           state  walk     working  held tiers         memory      disk"
      << (ranks ? "  split   needs" : "") << "\n";
  for (const GroupPlan& g : plan.groups) {
    out << std::left << std::setw(16) << g.name << std::right << std::setw(12) << g.slots << std::setw(14)
        << mib(g.state_bytes) << "  " << std::left << std::setw(8) << (g.walked() ? walk_name(g.walk) : "-")
        << std::right << std::setw(10) << mib(g.working_bytes) << std::setw(12) << mib(g.held_bytes) << " ("
        << g.held_tiers << ")" << std::setw(12) << mib(g.memory_bytes) << std::setw(10) << mib(g.disk_bytes);
    if (ranks)
      out << std::setw(7) << (g.split_ranks > 0 ? std::to_string(g.split_ranks) : "-") << std::setw(8)
          << (g.ranks_needed > 0     ? std::to_string(g.ranks_needed)
              : plan_has_limit(plan) ? "none"
                                     : "-");
    out << "\n";
  }
  out << plan.groups.size() << " groups to solve, " << plan.groups_complete << " already complete; peak memory "
      << mib(plan.peak_memory_bytes);
  if (!plan.groups.empty()) out << " (group " << plan.groups[plan.peak_group].name << ")";
  out << ", disk " << mib(plan.disk_bytes) << "\n";
  if (!plan.groups.empty())
    out << "a group's memory counts " << mib(plan.base_bytes) << " for the program and the game's tables\n";
  if (ranks) {
    const auto split =
        std::count_if(plan.groups.begin(), plan.groups.end(), [](const GroupPlan& g) { return g.split_ranks > 0; });
    int most = 0;
    for (const GroupPlan& g : plan.groups) most = std::max(most, g.ranks_needed);
    out << split << " of the groups split across the " << plan.ranks
        << " ranks (their state, working and memory are a rank's share; each rank reads the held tiers whole)";
    const auto none =
        std::count_if(plan.groups.begin(), plan.groups.end(), [](const GroupPlan& g) { return g.ranks_needed == 0; });
    if (plan_has_limit(plan)) {
      out << "; the most any group needs is " << most << (most == 1 ? " rank" : " ranks");
      if (none > 0)
        out << ", and " << none << (none == 1 ? " group fits" : " groups fit")
            << " no number of ranks (not splittable, or the tiers it reads, held whole on every rank, pass the limit)";
    }
    out << "\n";
  }
  print_drops(plan, out);
  const auto forward = std::count_if(plan.groups.begin(), plan.groups.end(),
                                     [](const GroupPlan& g) { return g.table_bytes_spared > 0; });
  if (forward > 0) {
    std::uint64_t largest = 0;
    for (const GroupPlan& g : plan.groups) largest = std::max(largest, g.table_bytes_spared);
    out << forward << (forward == 1 ? " group walks" : " groups walk")
        << " forward: the table of moves taken backwards would pass the memory limit (up to " << mib(largest)
        << " more);\nthe forward walk asks an open position's moves again at every level instead\n";
  }
  std::uint64_t list_bytes = 0;
  for (const GroupPlan& g : plan.groups) list_bytes = std::max(list_bytes, g.list_bytes);
  if (list_bytes > 0)
    out << "a group walked forward keeps its open positions' children in lists (up to " << mib(list_bytes)
        << ", in its\nworking memory) as far as they fit, and reads them instead of generating moves again\n";
  // The lists grow with a group's largest level, which only the solve finds.
  const bool any_lists = std::any_of(plan.groups.begin(), plan.groups.end(),
                                     [](const GroupPlan& g) { return g.walked() && g.walk == Walk::Lists; });
  if (any_lists)
    out << "the lists' working memory is an estimate: it grows with a group's largest level, which only the\n"
           "solve finds, and a run may need up to a third more than planned (Crossings 4x8: a quarter more);\n"
           "--walk lean's plan is within 5% of the measured peak\n";
}

// `rtb verify --plan`: what each group's proof holds (PlanModel::proof).
inline void print_proof_plan(const ResourcePlan& plan, const std::string& limit_name, std::ostream& out) {
  out << "group                 slots      own tiers   walk values  held tiers         memory\n";
  for (const GroupPlan& g : plan.groups)
    out << std::left << std::setw(16) << g.name << std::right << std::setw(12) << g.slots << std::setw(15)
        << mib(g.state_bytes) << std::setw(14) << (g.working_bytes > 0 ? mib(g.working_bytes) : "-") << std::setw(12)
        << mib(g.held_bytes) << " (" << g.held_tiers << ")" << std::setw(12) << mib(g.memory_bytes) << "\n";
  out << plan.groups.size() << " groups to prove; peak memory " << mib(plan.peak_memory_bytes);
  if (!plan.groups.empty()) out << " (group " << plan.groups[plan.peak_group].name << ")";
  out << "; " << limit_name << " " << mib(plan.memory_limit) << "\n";
  if (plan.groups.empty()) return;
  out << "a group's memory counts " << mib(plan.base_bytes) << " for the program and the game's tables\n";
  print_drops(plan, out);
  if (plan.peak_memory_bytes > plan.memory_limit)
    out << "group " << plan.groups[plan.peak_group].name << " needs more than " << limit_name
        << " even with every tier it does not read dropped: a verify would be refused\n";
}

}  // namespace rtb::cli
