#pragma once
// Generating, as the front ends ask for it: generate() and its plan
// (driver/generate.hpp: the checks that protect a directory and a machine
// live there, under every caller), and the groups of a run spread over
// several processes, which a scheduler (the command line's MPI one) hands
// out one at a time. Front ends include this header, never the driver's.
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "driver/generate.hpp"

namespace rtb {

// One process's part in a generate spread over several: every process
// checks the plan against its own machine and can solve any group whose
// dependencies are complete on disk; the one process that claims the
// game's folder holds its lock and sweeps its temporaries.
template <RetrogradeGame G>
class SharedGenerate {
 public:
  SharedGenerate(const G& game, const GenerateOptions& options)
      : game_(game),
        options_(options),
        store_(generate_store(game, options)),
        loop_(game, store_, needed_groups(game_solve_order(game), game.tier_count(), options.wanted)) {
    const ResourcePlan plan = check_generate_plan(game, options);
    follow_plan(loop_, plan);
    // A group solved whole by one process saves its walk as in one process
    // (a later job's process that takes the group goes on from the save).
    store_.keep_walks(options.checkpoint_minutes * 60,
                      [](const std::string& problem) { std::fprintf(stderr, "rtb: %s\n", problem.c_str()); });
    split_.assign(loop_.groups().size(), false);
    for (const GroupPlan& g : plan.groups) split_.at(g.group) = g.split_ranks > 0 && loop_.splittable(g.group);
  }

  const std::vector<TierGroup>& groups() const { return loop_.groups(); }
  const std::vector<bool>& selected() const { return loop_.selected(); }  // the groups to bring up to date
  bool is_complete(std::size_t g) { return loop_.is_complete(g); }
  // Solves group g (its dependencies must be complete); returns its slots.
  std::uint64_t solve(std::size_t g) { return loop_.solve_one(g, options_.threads); }
  // Whether group g is solved by every process together, each holding a
  // share of its slots (the plan's split, where the group can be split).
  bool split(std::size_t g) const { return split_[g]; }
  // This process's share of split group g, the others' reached through
  // `exchange`; returns the group's slots.
  std::uint64_t solve_share(std::size_t g, GroupExchange& exchange) {
    return loop_.solve_share(g, options_.threads, exchange, share_block_slots(options_.write.block_size));
  }
  std::string describe(std::size_t g) const { return loop_.group_name(g); }
  // Held until this object is gone.
  void claim() { claim_.emplace(game_directory(game_, options_.dir)); }

 private:
  const G& game_;
  GenerateOptions options_;
  FileTierStore store_;
  GroupLoop<G> loop_;
  std::optional<GenerateClaim> claim_;
  std::vector<bool> split_;
};

}  // namespace rtb
