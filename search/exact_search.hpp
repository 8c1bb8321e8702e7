#pragma once
// Exact search for positions the tablebases do not cover.
//
// Promise: a value reported as proven is the position's perfect-play value
// with its exact distance (shortest win, else a draw, else the longest loss,
// docs/rules.md), the same value a complete tablebase would hold. When the node
// budget or the clock runs out first, nothing unproven is passed off as a
// value: the result says so and gives only bounds that are proven.
//
// The search is a negamax alpha-beta over the total order of values
// (better_for_mover), with a transposition table keyed by the canonical slot
// (tier, index) of each position, so symmetric positions share an entry. The
// leaves are the positions a caller-supplied probe covers (it returns a value
// from a tablebase, or nothing), the lost ones and those with no move. It is
// exact only where every line of play reaches such a leaf without repeating
// a position (true, for example, when every move of some side lowers a
// counter that never grows, as goats in hand do); a line longer than
// SearchLimits::max_plies stops the search as not proven.
//
// With a node budget and no time limit the search is deterministic.
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>  // madvise, for huge pages
#endif

#include "search/bounds.hpp"
#include "search/transposition_table.hpp"
#include "solver/game_concept.hpp"
#include "solver/value.hpp"

namespace rtb {

template <RetrogradeGame G>
struct SearchResult {
  struct RootMove {
    typename G::Move move;
    typename G::Position child;
    ValueBounds value;  // for the side to move at the root; exact when proven
    bool proven() const { return value.exact(); }
  };
  ValueBounds value;            // of the root, for its side to move
  std::vector<RootMove> moves;  // in the order the game generates them
  bool proven = false;          // the root's value and every move's value are exact
  SearchStop stop = SearchStop::Finished;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// Probe: std::optional<Value>(const Position&), the value of a position that
// is not lost and has a move when a tablebase covers it. It may throw (a
// damaged file); the exception leaves the search usable.
//
// One ExactSearch keeps its transposition table from one run to the next, so
// questions about nearby positions (the moves of a line) reuse its proofs;
// the limits apply to each run.
template <RetrogradeGame G, class Probe>
class ExactSearch {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using Result = SearchResult<G>;

  ExactSearch(const G& game, Probe probe, SearchLimits limits = {})
      : game_(game),
        probe_(std::move(probe)),
        limits_(limits),
        tier_count_(game.tier_count()),
        table_(limits.table_entries
                   ? limits.table_entries
                   : static_cast<std::size_t>(std::clamp<std::uint64_t>(limits.nodes, 1 << 12, 1 << 23))),
        budget_(limits) {
    // A key packs (index, tier) into one word; make sure every slot fits.
    std::uint64_t largest = 0;
    for (std::uint64_t t = 0; t < tier_count_; ++t)
      largest = std::max<std::uint64_t>(largest, game.tier_size(static_cast<typename G::TierId>(t)));
    if (tier_count_ == 0 || largest >= (std::numeric_limits<std::uint64_t>::max() - 1) / tier_count_)
      throw std::invalid_argument("exact search: the game's slots do not fit a 64-bit key");
    frames_.resize(std::size_t{limits_.max_plies} + 2);
  }

  const SearchLimits& limits() const { return limits_; }
  // For the next runs; the table keeps its size and its contents.
  void set_limits(const SearchLimits& limits) {
    limits_ = limits;
    frames_.resize(std::size_t{limits_.max_plies} + 2);
  }
  std::size_t table_bytes() const { return table_.bytes(); }

  // Searches every move of root with a full window, so each move's value is
  // exact (not just good enough to show that another move is better).
  Result run(const Position& root) {
    budget_.restart();
    Result r;
    r.value = exact(make_value(0));  // lost already, or no move
    if (!game_.is_lost(root)) {
      game_.for_each_move(root, [&](const Move& m, const Position& child) { r.moves.push_back({m, child, {}}); });
      settle_outcomes(r.moves);
      for (auto& m : r.moves) m.value = root_move_value(m.child);
      for (std::size_t i = 0; i < r.moves.size(); ++i)
        r.value = i == 0 ? r.moves[i].value : best_of(r.value, r.moves[i].value);
    }
    r.proven = r.value.exact() && std::all_of(r.moves.begin(), r.moves.end(), [](const auto& m) { return m.proven(); });
    r.stop = budget_.stopped();
    r.nodes = budget_.nodes();
    r.seconds = budget_.elapsed();
    return r;
  }

 private:
  using Entry = search_detail::TranspositionTable::Entry;

  // One child of a node being searched, with what orders it.
  struct Child {
    Position position;
    std::uint64_t key;
    int guaranteed;  // the parent's proven lower bound through this move, as a score
    bool capture;    // captures first, where the game marks them
    int replies;     // the opponent's moves from the child: fewer first
  };

  static bool is_capture(const Move& m) {
    if constexpr (MarksCaptures<Move>) return m.is_capture();
    return false;
  }

  static ValueBounds exact(Value v) { return {v, v}; }

  // The bounds of a position for the max of several moves' bounds.
  static ValueBounds best_of(ValueBounds a, ValueBounds b) {
    return {better_for_mover(a.lower, b.lower) ? a.lower : b.lower,
            better_for_mover(a.upper, b.upper) ? a.upper : b.upper};
  }

  // Bounds through a move from the child's bounds (the order reverses; an
  // end without a bound stays without one).
  static ValueBounds through_move(ValueBounds child) {
    ValueBounds b;
    if (child.has_upper()) b.lower = value_through_move(child.upper);
    if (child.has_lower()) b.upper = value_through_move(child.lower);
    return b;
  }

  std::uint64_t key_of(const Position& p) const {
    return static_cast<std::uint64_t>(game_.index(p)) * tier_count_ + game_.tier_of(p) + 1;
  }

  // Whether each root move wins, draws or loses, before any distance: a
  // null window around DRAW is cheap next to the exact search, the bounds
  // it leaves in the table speed that up, and when the budget runs out
  // they are what can still be reported.
  void settle_outcomes(const std::vector<typename Result::RootMove>& moves) {
    constexpr int kDrawScore = 0;
    for (const auto& m : moves) {
      if (!budget_.running()) return;
      if (!game_.is_lost(m.child))
        visit(m.child, key_of(m.child), search_detail::child_bound(kDrawScore + 1),
              search_detail::child_bound(kDrawScore - 1), 1);
    }
  }

  ValueBounds root_move_value(const Position& child) {
    if (game_.is_lost(child)) return exact(win_in(1));
    const std::uint64_t key = key_of(child);
    if (budget_.running()) {
      const int c = visit(child, key, -search_detail::kInfinity, search_detail::kInfinity, 1);
      if (budget_.running()) return exact(value_of_score(search_detail::through(c)));
    }
    // Out of budget: what the table has proven about the child, if anything.
    const Entry* e = table_.find(key);
    return e ? through_move({e->lower, e->upper}) : ValueBounds{};
  }

  static Value value_of_score(int s) { return search_detail::value_of(s); }

  // The frame of children at a ply, reused: allocation happens only the first
  // time the search meets a wider node at that depth. frames_ never grows
  // during a run (it has a frame for every ply up to max_plies + 1), so a
  // frame stays put while the plies below it are searched.
  std::vector<Child>& frame(unsigned ply) {
    frames_[ply].clear();
    return frames_[ply];
  }

  int count_moves(const Position& p) const {
    int n = 0;
    game_.for_each_move(p, [&](const Move&, const Position&) { ++n; });
    return n;
  }

  // Collects p's children into the frame; returns false (and fills nothing
  // useful) when a child is lost already, since WIN in 1 needs no search.
  bool collect_children(const Position& p, std::vector<Child>& children) {
    bool wins_at_once = false;
    game_.for_each_move(p, [&](const Move& m, const Position& child) {
      if (wins_at_once) return;
      if (game_.is_lost(child)) {
        wins_at_once = true;
        return;
      }
      children.push_back({child, 0, 0, is_capture(m), 0});
    });
    return !wins_at_once;
  }

  // Moves whose value is proven best come first, then those that leave the
  // opponent the fewest replies (a forcing move is quick to search, and
  // the likeliest to decide the node). Insertion sort: the frames are
  // short, and it allocates nothing.
  void order(std::vector<Child>& children) {
    for (Child& c : children) {
      c.key = key_of(c.position);
      table_.prefetch(c.key);
    }
    for (Child& c : children) c.replies = count_moves(c.position);
    for (Child& c : children) {
      const Entry* e = table_.find(c.key);
      c.guaranteed = e ? search_detail::through(search_detail::score(e->upper)) : -search_detail::kInfinity;
    }
    auto before = [](const Child& a, const Child& b) {
      if (a.guaranteed != b.guaranteed) return a.guaranteed > b.guaranteed;
      if (a.capture != b.capture) return a.capture;
      return a.replies < b.replies;
    };
    for (std::size_t i = 1; i < children.size(); ++i)
      for (std::size_t j = i; j > 0 && before(children[j], children[j - 1]); --j)
        std::swap(children[j], children[j - 1]);
  }

  void store(std::uint64_t key, ValueBounds b, std::uint64_t nodes_before) {
    table_.store(key, b, budget_.nodes() - nodes_before);
  }

  // Fail-soft alpha-beta on scores: the result v satisfies v <= alpha ->
  // value <= v; v >= beta -> value >= v; otherwise value == v. Nothing is
  // stored once the search has stopped, so the table only holds proofs.
  int visit(const Position& p, std::uint64_t key, int alpha, int beta, unsigned ply) {
    using namespace search_detail;
    if (!budget_.tick()) return 0;
    const std::uint64_t nodes_before = budget_.nodes();
    ValueBounds known;
    const Entry* e = table_.find(key);
    if (e) {
      known = {e->lower, e->upper};
      if (known.exact() || score(known.lower) >= beta) return score(known.lower);
      if (score(known.upper) <= alpha) return score(known.upper);
    }
    std::vector<Child>& children = frame(ply);
    if (!collect_children(p, children)) {
      store(key, exact(win_in(1)), nodes_before);
      return score(win_in(1));
    }
    if (children.empty()) {
      store(key, exact(make_value(0)), nodes_before);
      return score(make_value(0));
    }
    if (!e) {
      if (const std::optional<Value> v = probe_(p)) {
        store(key, exact(*v), nodes_before);
        return score(*v);
      }
    }
    if (ply >= limits_.max_plies) {
      budget_.stop(SearchStop::Plies);
      return 0;
    }
    alpha = std::max(alpha, score(known.lower));
    beta = std::min(beta, score(known.upper));
    order(children);
    int best = -kInfinity;
    // Principal variation search: the first move (the likeliest best) gets
    // the whole window; each later one only has to show that it is no
    // better, with a null window, and is searched again in the rest of the
    // window when it is. children is this ply's frame; deeper plies use
    // their own.
    for (std::size_t i = 0; i < children.size(); ++i) {
      const Child& child = children[i];
      const int floor = std::max(alpha, best);
      int v;
      if (i == 0 || floor + 1 >= beta) {
        v = through(visit(child.position, child.key, child_bound(beta), child_bound(floor), ply + 1));
      } else {
        v = through(visit(child.position, child.key, child_bound(floor + 1), child_bound(floor), ply + 1));
        if (budget_.running() && v > floor && v < beta)
          v = through(visit(child.position, child.key, child_bound(beta), child_bound(v - 1), ply + 1));
      }
      if (!budget_.running()) return 0;
      best = std::max(best, v);
      if (best >= beta) break;
    }
    ValueBounds found = known;
    if (best > alpha) found.lower = value_of_score(best);
    if (best < beta) found.upper = value_of_score(best);
    store(key, found, nodes_before);
    return best;
  }

  const G& game_;
  Probe probe_;
  SearchLimits limits_;
  std::uint64_t tier_count_;
  search_detail::TranspositionTable table_;
  std::vector<std::vector<Child>> frames_;
  SearchMeter budget_;
};

// One search of one position with a fresh table.
template <RetrogradeGame G, class Probe>
SearchResult<G> search_position(const G& game, const typename G::Position& root, Probe probe,
                                const SearchLimits& limits = {}) {
  ExactSearch<G, Probe> search(game, std::move(probe), limits);
  return search.run(root);
}

}  // namespace rtb
