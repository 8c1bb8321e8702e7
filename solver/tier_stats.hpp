#pragma once
// Counts of WIN, LOSS and DRAW in a solved tier: of positions (each slot
// weighted by the positions it stands for) and of classes under symmetry,
// with the longest win and one slot that attains it.
#include <omp.h>

#include <cstdint>
#include <vector>

#include "solver/game_concept.hpp"
#include "solver/value.hpp"

namespace rtb {

struct TierStats {
  std::uint64_t win = 0, loss = 0, draw = 0;                          // positions
  std::uint64_t win_classes = 0, loss_classes = 0, draw_classes = 0;  // up to symmetry
  bool has_win = false;
  unsigned longest_win = 0;  // plies
  std::uint64_t longest_win_slot = 0;

  void add(const TierStats& o) {
    win += o.win, loss += o.loss, draw += o.draw;
    win_classes += o.win_classes, loss_classes += o.loss_classes, draw_classes += o.draw_classes;
    if (o.has_win && (!has_win || o.longest_win > longest_win ||
                      (o.longest_win == longest_win && o.longest_win_slot < longest_win_slot))) {
      has_win = true;
      longest_win = o.longest_win;
      longest_win_slot = o.longest_win_slot;
    }
  }
};

template <RetrogradeGame G>
TierStats tier_stats(const G& game, typename G::TierId tier, const std::vector<Value>& values, int threads) {
  const std::int64_t size = static_cast<std::int64_t>(values.size());
  std::vector<TierStats> per_thread(std::max(1, threads));
#pragma omp parallel for num_threads(std::max(1, threads)) schedule(dynamic, 4096)
  for (std::int64_t i = 0; i < size; ++i) {
    const std::uint64_t weight = game.slot_weight(tier, static_cast<std::uint64_t>(i));
    if (weight == 0) continue;  // alias slot
    TierStats& s = per_thread[omp_get_thread_num()];
    const Value v = values[i];
    switch (outcome_of(v)) {
      case Outcome::Win:
        s.win += weight, ++s.win_classes;
        if (!s.has_win || distance_of(v) > s.longest_win ||
            (distance_of(v) == s.longest_win && static_cast<std::uint64_t>(i) < s.longest_win_slot)) {
          s.has_win = true;
          s.longest_win = distance_of(v);
          s.longest_win_slot = static_cast<std::uint64_t>(i);
        }
        break;
      case Outcome::Loss:
        s.loss += weight, ++s.loss_classes;
        break;
      case Outcome::Draw:
        s.draw += weight, ++s.draw_classes;
        break;
    }
  }
  TierStats total;
  for (const TierStats& s : per_thread) total.add(s);
  return total;
}

}  // namespace rtb
