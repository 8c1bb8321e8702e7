#pragma once
// The one loop over a game's tier groups, shared by `rtb generate` (files),
// the in-memory solve (tests, benchmarks), `rtb verify` and the MPI
// scheduler: groups run in solve order, what a group reads comes from a
// TierStore, what it solves goes back to the store, and each tier stays in
// memory from the moment it is loaded or solved until its last reader is done.
#include <algorithm>
#include <cstdint>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "driver/peak_memory.hpp"
#include "driver/tier_store.hpp"
#include "solver/game_concept.hpp"
#include "solver/progress.hpp"
#include "solver/retrograde.hpp"
#include "solver/slot_share.hpp"
#include "solver/tier_graph.hpp"

namespace rtb {

template <class G>
std::vector<TierGroup> game_solve_order(const G& game) {
  return solve_order(game.tier_count(), [&](std::uint32_t t) { return game.tier_successors(t); });
}

struct GroupLoopReport {
  std::size_t groups_solved = 0, groups_skipped = 0;
  std::uint64_t slots_solved = 0;
};

template <RetrogradeGame G>
class GroupLoop {
 public:
  // selected[g]: whether group g of the solve order runs. A group reads its
  // dependencies and, when checking (verify), its own tiers.
  GroupLoop(const G& game, TierStore& store, std::vector<bool> selected, Progress* progress = nullptr)
      : game_(game),
        store_(store),
        groups_(game_solve_order(game)),
        selected_(std::move(selected)),
        last_reader_(game.tier_count(), 0),
        values_(game.tier_count(), nullptr),
        progress_(progress) {
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      if (!selected_.at(g)) continue;
      for (std::uint32_t t : groups_[g].tiers) last_reader_[t] = g;
      for (std::uint32_t d : groups_[g].dependencies) last_reader_[d] = g;
    }
  }

  const std::vector<TierGroup>& groups() const { return groups_; }

  // The walk each group of the solve order takes (solver/walk.hpp; the
  // plan's choice, driver/resource_plan.hpp); groups not named walk by lists.
  void set_walks(std::vector<Walk> walks) { walks_ = std::move(walks); }
  Walk walk_of(std::size_t g) const { return g < walks_.size() ? walks_[g] : Walk::Lists; }
  // The memory each group of the solve order may give the forward walk's
  // lists of children (the plan's; solver/child_lists.hpp); none where not named.
  void set_child_list_budgets(std::vector<std::uint64_t> bytes) { child_list_budgets_ = std::move(bytes); }
  const std::vector<bool>& selected() const { return selected_; }
  // The held tiers to drop before each group of the solve order (the plan's,
  // driver/resource_plan.hpp), read again when a later group needs them.
  void set_drops(std::vector<std::vector<std::uint32_t>> drops) { drops_ = std::move(drops); }
  // Called for each group solve_all solves: `before` once the held tiers the
  // plan drops are gone (make_room_for) and before the group reads anything, `after` once
  // its files are written and before the tiers no later group reads are let
  // go; generate measures each group's peak memory between the two.
  void watch_groups(std::function<void(std::size_t)> before, std::function<void(std::size_t)> after) {
    before_group_ = std::move(before);
    after_group_ = std::move(after);
  }

  // The names of group g's tiers joined by '+', e.g. "3-4+4-3".
  std::string group_name(std::size_t g) const {
    std::string name;
    for (std::uint32_t t : groups_[g].tiers) {
      if (!name.empty()) name += '+';
      name += game_.tier_name(t);
    }
    return name;
  }

  // Whether the store holds every tier of group g complete.
  bool is_complete(std::size_t g) {
    for (std::uint32_t t : groups_[g].tiers)
      if (!store_.is_complete(t)) return false;
    return true;
  }

  // Solves the selected groups in order, skipping those already complete.
  GroupLoopReport solve_all(int threads) {
    // Which groups are complete, first, so that the progress display knows
    // how many groups and slots lie ahead.
    std::vector<bool> complete(groups_.size(), false);
    std::size_t groups_to_solve = 0;
    std::uint64_t slots_to_solve = 0;
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      if (!selected_[g] || (complete[g] = is_complete(g))) continue;
      ++groups_to_solve;
      slots_to_solve += group_slots(g);
    }
    if (progress_) {
      progress_->plan(groups_to_solve, slots_to_solve);
      for (std::size_t g = 0; g < groups_.size(); ++g)
        if (selected_[g] && !complete[g])
          progress_->plan_group(group_slots(g), solved_in_one_pass(game_, groups_[g].tiers));
    }
    GroupLoopReport report;
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      if (!selected_[g]) continue;
      if (complete[g]) {
        store_.forget_walk(group_name(g));  // a save a kill left between the group's last file and its removal
        ++report.groups_skipped;
        continue;
      }
      make_room_for(g);
      if (before_group_) before_group_(g);
      report.slots_solved += solve_group(g, threads, report.groups_solved + 1);
      if (after_group_) after_group_(g);
      ++report.groups_solved;
      release_after(g);
    }
    return report;
  }

  // Solves group g alone, whether complete or not, reading its dependencies
  // from the store (they must be complete there) and keeping nothing after.
  std::uint64_t solve_one(std::size_t g, int threads) {
    try {
      if (progress_) progress_->plan(1, group_slots(g));
      return_freed_memory();
      const std::uint64_t slots = solve_group(g, threads, 1);
      release_all();
      return slots;
    } catch (...) {
      release_all();
      throw;
    }
  }

  // Whether group g can be split across processes (solver/slot_share.hpp):
  // a group walked in bytes by the game's own predecessors, or solved in
  // one pass in such a game. A group of a game that gives forward moves
  // only is solved whole by one process.
  bool splittable(std::size_t g) const { return GivesPredecessors<G> && walk_of(g) == Walk::Byte; }

  // Solves this process's share of group g with the other processes of
  // `exchange`, blocks of block_slots slots each, and has the store make
  // its files whole; reads the group's dependencies whole and keeps nothing
  // after. Returns the group's slots.
  std::uint64_t solve_share(std::size_t g, int threads, GroupExchange& exchange, std::uint64_t block_slots) {
    try {
      const TierGroup& group = groups_[g];
      const std::uint64_t slots = group_slots(g);
      return_freed_memory();
      if (progress_) {
        progress_->plan(1, slots);
        progress_->group(1, group_name(g), slots, false);
      }
      for (std::uint32_t d : group.dependencies) load(d, g, [](std::uint32_t, const std::exception&) { throw; });
      GroupSolver<G> solver(game_, group.tiers, values_, threads, progress_, Walk::Byte);
      solver.split_across(exchange, block_slots);
      solver.solve_share();
      for (std::size_t k = 0; k < group.tiers.size(); ++k) {
        if (progress_) progress_->stage("writing tier " + game_.tier_name(group.tiers[k]));
        store_.save_share(group.tiers[k], solver.share_values(k), solver.partition(), k, exchange);
      }
      shared_keys_sent_ += solver.keys_sent();
      release_all();
      return slots;
    } catch (...) {
      release_all();
      throw;
    }
  }
  // The updates split groups handed between processes, summed over the
  // processes and the groups this one took part in.
  std::uint64_t shared_keys_sent() const { return shared_keys_sent_; }

  // Calls check(g, values) for each selected group in order, with the group's
  // own tiers and its dependencies loaded into values, the held tiers the
  // plan drops (set_drops) dropped before it. A tier that cannot be loaded is
  // passed to unreadable(tier, error) once and stays null. The progress
  // display, if any, is told of each group; check tells it of its stages.
  template <class Check, class Unreadable>
  void check_all(Check&& check, Unreadable&& unreadable) {
    std::size_t ordinal = 0;
    if (progress_) {
      std::size_t groups = 0;
      std::uint64_t slots = 0;
      for (std::size_t g = 0; g < groups_.size(); ++g)
        if (selected_[g]) ++groups, slots += group_slots(g);
      progress_->plan(groups, slots);
      for (std::size_t g = 0; g < groups_.size(); ++g)
        if (selected_[g]) progress_->plan_group(group_slots(g), solved_in_one_pass(game_, groups_[g].tiers));
    }
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      if (!selected_[g]) continue;
      if (progress_)
        progress_->group(++ordinal, group_name(g), group_slots(g), solved_in_one_pass(game_, groups_[g].tiers));
      make_room_for(g);
      for (std::uint32_t t : groups_[g].tiers) load(t, g, unreadable);
      for (std::uint32_t d : groups_[g].dependencies) load(d, g, unreadable);
      check(g, static_cast<const SolvedTierValues&>(values_));
      release_after(g);
    }
  }

 private:
  std::uint64_t group_slots(std::size_t g) const {
    std::uint64_t slots = 0;
    for (std::uint32_t t : groups_[g].tiers) slots += game_.tier_size(t);
    return slots;
  }

  // Before group g: the held tiers the plan drops go, and the memory freed
  // since the group before goes back to the system, so that neither counts
  // against the limit the plan keeps group g within.
  void make_room_for(std::size_t g) {
    if (g < drops_.size())
      for (std::uint32_t t : drops_[g]) release(t);
    return_freed_memory();
  }

  // `ordinal`: the group's place (from 1) among those this run solves.
  std::uint64_t solve_group(std::size_t g, int threads, std::size_t ordinal) {
    const TierGroup& group = groups_[g];
    const std::uint64_t slots = group_slots(g);
    if (progress_) progress_->group(ordinal, group_name(g), slots, solved_in_one_pass(game_, group.tiers));
    for (std::uint32_t d : group.dependencies) load(d, g, [](std::uint32_t, const std::exception&) { throw; });
    GroupSolver<G> solver(game_, group.tiers, values_, threads, progress_, walk_of(g));
    if (g < child_list_budgets_.size()) solver.allow_child_lists(child_list_budgets_[g]);
    // A long walk saves itself now and then, and goes on from its last save
    // after a kill (the store's, if it keeps any).
    const std::unique_ptr<WalkCheckpoints> saves = store_.walk_saves(group_name(g));
    solver.keep_walk_in(saves.get());
    std::vector<SolvedTier> solved = solver.solve();
    for (std::size_t k = 0; k < group.tiers.size(); ++k) {
      const std::uint32_t t = group.tiers[k];
      auto values = std::make_shared<const SolvedTier>(std::move(solved[k]));
      if (progress_) progress_->stage("writing tier " + game_.tier_name(t));
      store_.save(t, values);
      if (last_reader_[t] > g) hold(t, std::move(values));
    }
    store_.forget_walk(group_name(g));
    return slots;
  }

  // Loads tier t for group g. A tier the store computes from others (a
  // derived tier) takes those that group g reads from the loop, loaded and
  // held once, instead of the store reading them a second time; others it
  // reads and drops.
  template <class Unreadable>
  void load(std::uint32_t t, std::size_t g, Unreadable&& unreadable) {
    if (held_.count(t) || unreadable_.count(t)) return;
    if (progress_) progress_->stage("reading tier " + game_.tier_name(t));
    const HeldTiers group_reads = [&](std::uint32_t next) -> TierValues {
      if (!reads(g, next)) return nullptr;
      load(next, g, unreadable);
      const auto it = held_.find(next);
      return it == held_.end() ? nullptr : it->second;
    };
    try {
      hold(t, store_.load_using(t, group_reads));
    } catch (const std::exception& e) {
      unreadable_.insert(t);
      unreadable(t, e);
    }
  }

  // Whether group g solves or reads tier t.
  bool reads(std::size_t g, std::uint32_t t) const {
    const TierGroup& group = groups_[g];
    return std::find(group.tiers.begin(), group.tiers.end(), t) != group.tiers.end() ||
           std::find(group.dependencies.begin(), group.dependencies.end(), t) != group.dependencies.end();
  }

  void hold(std::uint32_t t, TierValues values) {
    values_[t] = values->view();
    held_[t] = std::move(values);
  }

  // Drops the tiers that no group after g reads.
  void release_after(std::size_t g) {
    for (auto it = held_.begin(); it != held_.end();) {
      if (last_reader_[it->first] <= g) {
        values_[it->first] = nullptr;
        it = held_.erase(it);
      } else {
        ++it;
      }
    }
  }

  void release(std::uint32_t t) {
    values_[t] = nullptr;
    held_.erase(t);
  }

  void release_all() {
    for (const auto& [t, v] : held_) values_[t] = nullptr;
    held_.clear();
  }

  const G& game_;
  TierStore& store_;
  std::vector<TierGroup> groups_;
  std::vector<bool> selected_;
  std::vector<Walk> walks_;
  std::vector<std::uint64_t> child_list_budgets_;
  std::vector<std::vector<std::uint32_t>> drops_;
  std::function<void(std::size_t)> before_group_, after_group_;
  std::vector<std::size_t> last_reader_;  // the last selected group that reads or holds each tier
  std::map<std::uint32_t, TierValues> held_;
  std::set<std::uint32_t> unreadable_;  // tiers whose load failed, not tried again
  SolvedTierValues values_;             // pointers into held_, as the solver reads them
  Progress* progress_;
  std::uint64_t shared_keys_sent_ = 0;
};

}  // namespace rtb
