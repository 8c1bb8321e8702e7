#pragma once
// Counts of WIN, LOSS and DRAW in a solved tier: of positions (each slot
// weighted by the positions it stands for) and of classes under symmetry,
// with the longest win and the longest loss and one slot that attains each
// (the lowest such slot, so that the figures never depend on the threads),
// and how many wins and losses lie at each distance (a histogram).
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "solver/game_concept.hpp"
#include "solver/value.hpp"

namespace rtb {

struct TierStats {
  std::uint64_t win = 0, loss = 0, draw = 0;                          // positions
  std::uint64_t win_classes = 0, loss_classes = 0, draw_classes = 0;  // up to symmetry
  // The longest of one outcome and its lowest slot.
  struct Longest {
    bool any = false;
    unsigned plies = 0;
    std::uint64_t slot = 0;
    void offer(unsigned p, std::uint64_t s) {
      if (!any || p > plies || (p == plies && s < slot)) any = true, plies = p, slot = s;
    }
  };
  Longest longest_win, longest_loss;

  // One outcome's counts by distance: entry d counts the values d plies from
  // the end (wins lie at odd distances, losses at even). Sized to the
  // longest distance seen plus one; empty for none.
  struct Histogram {
    std::vector<std::uint64_t> positions, classes;
    void count(unsigned plies, std::uint64_t weight) {
      if (plies >= positions.size()) positions.resize(plies + 1), classes.resize(plies + 1);
      positions[plies] += weight, ++classes[plies];
    }
    void add(const Histogram& o) {
      if (o.positions.size() > positions.size())
        positions.resize(o.positions.size()), classes.resize(o.positions.size());
      for (std::size_t d = 0; d < o.positions.size(); ++d) positions[d] += o.positions[d], classes[d] += o.classes[d];
    }
  };
  Histogram win_distances, loss_distances;

  void add(const TierStats& o) {
    win += o.win, loss += o.loss, draw += o.draw;
    win_classes += o.win_classes, loss_classes += o.loss_classes, draw_classes += o.draw_classes;
    if (o.longest_win.any) longest_win.offer(o.longest_win.plies, o.longest_win.slot);
    if (o.longest_loss.any) longest_loss.offer(o.longest_loss.plies, o.longest_loss.slot);
    win_distances.add(o.win_distances);
    loss_distances.add(o.loss_distances);
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
        s.longest_win.offer(distance_of(v), static_cast<std::uint64_t>(i));
        s.win_distances.count(distance_of(v), weight);
        break;
      case Outcome::Loss:
        s.loss += weight, ++s.loss_classes;
        s.longest_loss.offer(distance_of(v), static_cast<std::uint64_t>(i));
        s.loss_distances.count(distance_of(v), weight);
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
