#pragma once
// The tier graph: tiers that moves connect both ways are solved together as a
// group, and groups are solved after every group a move leads to.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

namespace rtb {

struct TierGroup {
  std::vector<std::uint32_t> tiers;         // solved together
  std::vector<std::uint32_t> dependencies;  // tiers of earlier groups that moves reach
};

// Strongly connected components of the graph tier -> successors(tier), in an
// order where each group comes after all groups it depends on (Tarjan's
// algorithm emits components in exactly that order).
template <class Successors>
std::vector<TierGroup> solve_order(std::uint32_t tier_count, Successors&& successors) {
  std::vector<std::vector<std::uint32_t>> edges(tier_count);
  for (std::uint32_t t = 0; t < tier_count; ++t) edges[t] = successors(t);
  std::vector<int> order(tier_count, -1), low(tier_count, 0), component(tier_count, -1);
  std::vector<std::uint32_t> stack;
  std::vector<bool> on_stack(tier_count, false);
  std::vector<TierGroup> groups;
  int counter = 0;
  std::function<void(std::uint32_t)> visit = [&](std::uint32_t t) {
    order[t] = low[t] = counter++;
    stack.push_back(t);
    on_stack[t] = true;
    for (std::uint32_t next : edges[t]) {
      if (order[next] < 0) {
        visit(next);
        low[t] = std::min(low[t], low[next]);
      } else if (on_stack[next]) {
        low[t] = std::min(low[t], order[next]);
      }
    }
    if (low[t] != order[t]) return;
    TierGroup group;
    std::uint32_t member;
    do {
      member = stack.back();
      stack.pop_back();
      on_stack[member] = false;
      component[member] = static_cast<int>(groups.size());
      group.tiers.push_back(member);
    } while (member != t);
    std::sort(group.tiers.begin(), group.tiers.end());
    for (std::uint32_t m : group.tiers)
      for (std::uint32_t next : edges[m])
        if (component[next] != component[m]) group.dependencies.push_back(next);
    std::sort(group.dependencies.begin(), group.dependencies.end());
    group.dependencies.erase(std::unique(group.dependencies.begin(), group.dependencies.end()),
                             group.dependencies.end());
    groups.push_back(std::move(group));
  };
  for (std::uint32_t t = 0; t < tier_count; ++t)
    if (order[t] < 0) visit(t);
  return groups;
}

// Groups needed for the wanted tiers: those holding one, and every group a
// needed group depends on.
inline std::vector<bool> needed_groups(const std::vector<TierGroup>& groups, std::uint32_t tier_count,
                                       const std::function<bool(std::uint32_t)>& wanted) {
  std::vector<bool> tier_needed(tier_count, false), group_needed(groups.size(), false);
  for (std::size_t g = groups.size(); g-- > 0;) {
    for (std::uint32_t t : groups[g].tiers)
      if (!wanted || wanted(t) || tier_needed[t]) group_needed[g] = true;
    if (!group_needed[g]) continue;
    for (std::uint32_t t : groups[g].tiers) tier_needed[t] = true;
    for (std::uint32_t d : groups[g].dependencies) tier_needed[d] = true;
  }
  return group_needed;
}

}  // namespace rtb
