#pragma once
// The one-step value (solver/one_step.hpp) of every slot of a tier, or of an
// even sample of them, computed from the stored values of the tiers its moves
// reach, fast: `rtb verify` compares it with the tier's own values, and a
// derived tier (solver/derived_tier.hpp) takes it as its values.
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "solver/game_concept.hpp"
#include "solver/one_step.hpp"
#include "solver/retrograde.hpp"
#include "solver/value.hpp"

namespace rtb {

namespace one_step_detail {

// One slot's children as the pass gathers them: where each child's value
// value lies (null for a child whose mover has lost already), so that the
// words can be prefetched before they are read.
struct GatheredChildren {
  bool lost_already = false;  // the slot's own mover has lost: no move counts
  std::vector<ValueAt> reads;
};

template <RetrogradeGame G>
void gather_children(const G& game, const typename G::Position& p, const SolvedTierValues& values,
                     GatheredChildren& out) {
  out.reads.clear();
  out.lost_already = game.is_lost(p);
  if (out.lost_already) return;
  game.for_each_move(p, [&](const typename G::Move&, const typename G::Position& child) {
    out.reads.push_back(game.is_lost(child) ? ValueAt(nullptr) : values[game.tier_of(child)].at(game.index(child)));
  });
}

// value_from_children over gathered children: the same BestChild fold, so
// the two agree slot for slot.
inline Value fold_children(const GatheredChildren& gathered) {
  if (gathered.lost_already) return make_value(0);
  BestChild best;
  for (const ValueAt read : gathered.reads) best.add(read ? *read : make_value(0));
  return best.value();
}

}  // namespace one_step_detail

// Slots a thread takes at a time; within a run, slot k's children are
// gathered and prefetched while slot k - 1's are folded, so that the cache
// misses of one overlap the work of the other (as the Morris placement pass
// does). On Nine Men's Morris's movement tiers this is most of verify's time.
inline constexpr std::int64_t kOneStepRun = 4096;

// Calls take(slot, value) with the one-step value of the slots first,
// first + stride, ... of `tier` (from thread-local code: take must be safe to
// call from several threads at once for different slots), and slots_done
// (when not empty) with each run's count of slots. `values` must hold every
// tier a move from `tier` reaches.
template <RetrogradeGame G, class Take>
void for_each_one_step_value(const G& game, typename G::TierId tier, const SolvedTierValues& values, int threads,
                             std::uint64_t stride, Take&& take, const SlotsDone& slots_done = {}) {
  using one_step_detail::GatheredChildren;
  const std::int64_t count = static_cast<std::int64_t>((game.tier_size(tier) + stride - 1) / stride);
  const std::int64_t runs = (count + kOneStepRun - 1) / kOneStepRun;
#pragma omp parallel num_threads(std::max(1, threads))
  {
    GatheredChildren gathered[2];
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t run = 0; run < runs; ++run) {
      const std::int64_t begin = run * kOneStepRun, end = std::min(count, begin + kOneStepRun);
      auto slot_of = [&](std::int64_t i) { return static_cast<std::uint64_t>(i) * stride; };
      auto fold = [&](std::int64_t i) { take(slot_of(i), one_step_detail::fold_children(gathered[i & 1])); };
      for (std::int64_t i = begin; i < end; ++i) {
        GatheredChildren& now = gathered[i & 1];
        one_step_detail::gather_children(game, game.position(tier, slot_of(i)), values, now);
        // A null read prefetches nothing (a prefetch never faults); a branch
        // whose arm only prefetches would be dropped by GCC, prefetch and all.
        for (const ValueAt read : now.reads) __builtin_prefetch(read.address());
        if (i > begin) fold(i - 1);
      }
      if (end > begin) fold(end - 1);
      if (slots_done) slots_done(static_cast<std::uint64_t>(end - begin));
    }
  }
}

}  // namespace rtb
