#pragma once
// Proof search for games whose lines may repeat forever and that have no
// tablebase at all (Crossings on 8x8): short forced wins and losses, proven
// by iterative deepening on the distance.
//
// ExactSearch (search/exact_search.hpp) is exact only where every line reaches a
// leaf without repeating; on such a game its depth-first walk runs into a
// line that cycles and stops at its ply limit. Here each question is bounded
// instead: "can the side to move force a win within d plies?" and "must it
// lose within d plies?", both finite, whatever cycles the game has. Asking
// them for d = 1, 2, 3, ... gives exact values: the first d at which a win
// within d is proven is the shortest win (docs/rules.md's WIN in d), and the
// first d at which a loss within d is proven is the longest the loser can
// delay (LOSS in d). A draw is never proven; what a run could not settle
// comes back as bounds ("no win within d", "no loss within d").
//
// Promise: an exact value in the result is the perfect-play value, provided
// no two positions of the search share a key (the game's index(); for a
// board without tablebases that is a 63-bit hash).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "search/exact_search.hpp"
#include "search/facts_table.hpp"
#include "solver/game_concept.hpp"
#include "solver/value.hpp"

namespace rtb {

template <RetrogradeGame G>
class BoundedSearch {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using Result = SearchResult<G>;

  // limits.nodes and limits.seconds bound each run; limits.max_plies is the
  // deepest distance tried. The table of proven facts (16 bytes an entry)
  // has limits.table_entries entries, or by default one a node of the
  // budget, at most 2M (32 MB): its size is fixed, kept from run to run.
  BoundedSearch(const G& game, SearchLimits limits)
      : game_(game),
        limits_(limits),
        tier_count_(game.tier_count()),
        table_(limits.table_entries
                   ? limits.table_entries
                   : static_cast<std::size_t>(std::clamp<std::uint64_t>(limits.nodes, 1 << 12, 1 << 21))),
        budget_(limits) {
    frames_.resize(std::size_t{limits_.max_plies} + 2);  // never resized during a run: frames stay put
  }

  std::size_t table_bytes() const { return table_.bytes(); }

  Result run(const Position& root) {
    budget_.restart();
    Result r;
    r.value = {make_value(0), make_value(0)};  // lost already, or no move
    if (!game_.is_lost(root))
      game_.for_each_move(root, [&](const Move& m, const Position& c) { r.moves.push_back({m, c, {}}); });
    // What is proven about each move, from the child's side: it loses within
    // (its value is then a WIN for the root), or wins within.
    std::vector<bool> settled(r.moves.size(), false);
    unsigned reached = 0;  // every unsettled move is neither a win nor a loss within this many plies
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
      if (game_.is_lost(r.moves[i].child) || !has_move(r.moves[i].child)) {
        r.moves[i].value = {win_in(1), win_in(1)};
        settled[i] = true;
      }
    }
    bool root_settled = r.moves.empty() || std::any_of(settled.begin(), settled.end(), [](bool s) { return s; });
    for (unsigned d = 2; !root_settled && d <= limits_.max_plies && budget_.running(); ++d) {
      bool all_settled = true;
      for (std::size_t i = 0; i < r.moves.size() && budget_.running(); ++i) {
        if (settled[i]) continue;
        const Position& child = r.moves[i].child;
        // Through this move: WIN in d when the child loses within d - 1;
        // LOSS in d when the child wins within d - 1.
        if (d % 2 == 1 ? loses(child, d - 1, 1) : wins(child, d - 1, 1)) {
          const Value v = make_value(d);
          r.moves[i].value = {v, v};
          settled[i] = true;
          if (d % 2 == 1) root_settled = true;  // the shortest win: nothing faster was found before
        } else if (budget_.running()) {
          all_settled = false;
        }
      }
      if (!budget_.running()) break;
      reached = d;
      if (all_settled) root_settled = true;  // every move loses: the longest loss
    }
    // Moves left open are neither a win nor a loss within `reached` plies.
    for (std::size_t i = 0; i < r.moves.size(); ++i)
      if (!settled[i]) r.moves[i].value = open_bounds(reached);
    for (std::size_t i = 0; i < r.moves.size(); ++i)
      r.value = i == 0 ? r.moves[i].value : best_of(r.value, r.moves[i].value);
    r.proven = r.value.exact();
    r.stop = !budget_.running() ? budget_.stopped() : (root_settled ? SearchStop::Finished : SearchStop::Plies);
    r.nodes = budget_.nodes();
    r.seconds = budget_.elapsed();
    return r;
  }

 private:
  using Facts = search_detail::Facts;  // win and loss are 0 when not known (they are stored from 2 plies on)

  static ValueBounds best_of(ValueBounds a, ValueBounds b) {
    return {better_for_mover(a.lower, b.lower) ? a.lower : b.lower,
            better_for_mover(a.upper, b.upper) ? a.upper : b.upper};
  }

  // Neither a win nor a loss within d plies: at best a win in the next odd
  // distance, at worst a loss in the next even one.
  static ValueBounds open_bounds(unsigned d) {
    const unsigned next_win = d % 2 == 0 ? d + 1 : d + 2, next_loss = d % 2 == 0 ? d + 2 : d + 1;
    ValueBounds b;
    b.upper = d == 0 ? win_in(1) : make_value(next_win);
    b.lower = d == 0 ? make_value(0) : make_value(next_loss);
    return b;
  }

  std::uint64_t key_of(const Position& p) const {
    return static_cast<std::uint64_t>(game_.index(p)) * tier_count_ + game_.tier_of(p) + 1;
  }

  bool has_move(const Position& p) const {
    bool any = false;
    game_.for_each_move(p, [&](const Move&, const Position&) { any = true; });
    return any;
  }

  struct Child {
    Position position;
    bool forcing;
    int replies;
  };

  // p's children, forcing moves first, then those that leave the fewest
  // replies; empty when p has a child that is lost already (flagged).
  void children_of(const Position& p, std::vector<Child>& out, bool& wins_at_once) const {
    out.clear();
    wins_at_once = false;
    game_.for_each_move(p, [&](const Move& m, const Position& c) {
      if (wins_at_once) return;
      if (game_.is_lost(c)) {
        wins_at_once = true;
        return;
      }
      bool forcing = false;
      if constexpr (MarksCaptures<typename G::Move>) forcing = m.is_capture();
      out.push_back({c, forcing, 0});
    });
    if (wins_at_once) return;
    for (Child& c : out) {
      int n = 0;
      game_.for_each_move(c.position, [&](const Move&, const Position&) { ++n; });
      c.replies = n;
      if (n == 0) wins_at_once = true;  // the child has no move: it has lost
    }
    std::stable_sort(out.begin(), out.end(), [](const Child& a, const Child& b) {
      if (a.forcing != b.forcing) return a.forcing;
      return a.replies < b.replies;
    });
  }

  std::vector<Child>& frame(unsigned ply) { return frames_[ply]; }

  // Whether the side to move at p can force a win within d plies.
  bool wins(const Position& p, unsigned d, unsigned ply) {
    if (d == 0 || !budget_.tick()) return false;
    const std::uint64_t key = key_of(p);
    if (const Facts* known = table_.find(key)) {
      if (known->win != 0 && known->win <= d) return true;
      if (known->no_win >= d) return false;
    }
    bool found = false;
    {
      bool at_once = false;
      std::vector<Child>& children = frame(ply);
      children_of(p, children, at_once);
      found = at_once;
      for (std::size_t i = 0; !found && d >= 3 && i < children.size(); ++i) {
        found = loses(children[i].position, d - 1, ply + 1);
        if (!budget_.running()) return false;
      }
    }
    if (d < 3) return found;  // cheap to find again: kept out of the table
    Facts& f = table_.at(key);
    if (found) {
      if (f.win == 0 || f.win > d) f.win = static_cast<std::uint16_t>(d);
    } else {
      f.no_win = std::max<std::uint16_t>(f.no_win, static_cast<std::uint16_t>(d));
    }
    table_.update(key);
    return found;
  }

  // Whether the side to move at p loses within d plies whatever it plays.
  bool loses(const Position& p, unsigned d, unsigned ply) {
    if (!budget_.tick()) return false;
    const std::uint64_t key = key_of(p);
    if (const Facts* known = table_.find(key)) {
      if (known->loss != 0 && known->loss <= d) return true;
      if (known->no_loss >= d) return false;
    }
    bool lost = true;
    {
      bool at_once = false;
      std::vector<Child>& children = frame(ply);
      children_of(p, children, at_once);
      if (at_once) lost = false;
      else if (!children.empty() && d < 2) lost = false;
      for (std::size_t i = 0; lost && i < children.size(); ++i) {
        lost = wins(children[i].position, d - 1, ply + 1);
        if (!budget_.running()) return false;
      }
    }
    if (d < 2) return lost;
    Facts& f = table_.at(key);
    if (lost) {
      if (f.loss == 0 || f.loss > d) f.loss = static_cast<std::uint16_t>(d);
    } else {
      f.no_loss = std::max<std::uint16_t>(f.no_loss, static_cast<std::uint16_t>(d));
    }
    table_.update(key);
    return lost;
  }

  const G& game_;
  SearchLimits limits_;
  std::uint64_t tier_count_;
  search_detail::FactsTable table_;
  std::vector<std::vector<Child>> frames_;
  SearchMeter budget_;
};

}  // namespace rtb
