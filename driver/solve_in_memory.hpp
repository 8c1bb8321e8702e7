#pragma once
// Solves a game's tier groups in order and keeps every value in memory: for
// tests and benchmarks, where files would only get in the way.
#include <cstdint>
#include <functional>
#include <vector>

#include "driver/group_loop.hpp"
#include "driver/memory_tier_store.hpp"

namespace rtb {

// Values by tier id; tiers outside `wanted` (and not needed by it) stay empty.
// Every group takes `walk` (solver/walk.hpp), and the forward walk may give
// each group's lists of children `child_list_bytes` (solver/child_lists.hpp).
template <RetrogradeGame G>
std::vector<std::vector<Value>> solve_in_memory(const G& game, int threads,
                                                const std::function<bool(std::uint32_t)>& wanted = {},
                                                Walk walk = Walk::Lists, std::uint64_t child_list_bytes = 0) {
  MemoryTierStore store(game.tier_count());
  {
    GroupLoop<G> loop(game, store, needed_groups(game_solve_order(game), game.tier_count(), wanted));
    loop.set_walks(std::vector<Walk>(loop.groups().size(), walk));
    loop.set_child_list_budgets(std::vector<std::uint64_t>(loop.groups().size(), child_list_bytes));
    loop.solve_all(threads);
  }
  return store.take_all();
}

}  // namespace rtb
