#pragma once
// `rtb generate GAME --plan-parallelism`: how many tier groups could be
// solved at once at each step of the solve order, so that a user can size an
// MPI job (docs/usage.md, "Generating on a cluster"). A group's step is one more
// than the latest step of the groups it reads: all groups of one step can run
// side by side once the steps before are done.
#include <algorithm>
#include <cstdint>
#include <iomanip>
#include <ostream>
#include <vector>

#include "service/generate.hpp"

namespace rtb::cli {

struct ParallelismStep {
  std::size_t groups = 0;
  std::uint64_t slots = 0, largest_group_slots = 0;
};

// By step, for the selected groups; slots(t) is the size of tier t.
template <class Slots>
std::vector<ParallelismStep> parallelism_steps(const std::vector<TierGroup>& groups, const std::vector<bool>& selected,
                                               Slots&& slots) {
  std::vector<std::size_t> step_of_tier;
  std::vector<ParallelismStep> steps;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    std::size_t step = 0;
    for (std::uint32_t d : groups[g].dependencies) step = std::max(step, step_of_tier.at(d) + 1);
    std::uint64_t group_slots = 0;
    for (std::uint32_t t : groups[g].tiers) {
      if (step_of_tier.size() <= t) step_of_tier.resize(t + 1, 0);
      step_of_tier[t] = step;
      group_slots += slots(t);
    }
    if (!selected[g]) continue;
    if (steps.size() <= step) steps.resize(step + 1);
    ++steps[step].groups;
    steps[step].slots += group_slots;
    steps[step].largest_group_slots = std::max(steps[step].largest_group_slots, group_slots);
  }
  // Steps that only unselected groups filled are left out.
  steps.erase(std::remove_if(steps.begin(), steps.end(), [](const ParallelismStep& s) { return s.groups == 0; }),
              steps.end());
  return steps;
}

inline void print_parallelism(std::ostream& out, const std::vector<ParallelismStep>& steps) {
  std::size_t widest = 0, total = 0;
  out << "parallelism: tier groups that could be solved at once, step by step (a group starts when every group "
         "it reads is complete)\n"
      << "  step  groups           slots  largest group (slots)\n";
  for (std::size_t s = 0; s < steps.size(); ++s) {
    out << "  " << std::setw(4) << s + 1 << "  " << std::setw(6) << steps[s].groups << "  " << std::setw(14)
        << steps[s].slots << "  " << std::setw(14) << steps[s].largest_group_slots << "\n";
    widest = std::max(widest, steps[s].groups);
    total += steps[s].groups;
  }
  out << "  " << total << " groups in " << steps.size() << " steps; at most " << widest
      << " at once: more MPI processes than that wait\n";
}

}  // namespace rtb::cli
