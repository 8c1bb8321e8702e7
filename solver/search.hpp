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

#include "solver/game_concept.hpp"
#include "solver/value.hpp"

namespace rtb {

struct SearchLimits {
  std::uint64_t nodes = 10'000'000;  // positions visited, transposition hits included
  double seconds = 0;                // wall clock; 0 = no limit (then the search is deterministic)
  unsigned max_plies = 1000;         // deeper lines stop the search (they would mean a cycle)
  // Transposition table entries (16 bytes each); 0 = one per node of the
  // budget (no run stores more), at most 8M entries (128 MB).
  std::size_t table_entries = 0;
};

// What is proven about a value: lower <= value <= upper in better_for_mover's
// order. LOSS in 0 and WIN in 1 are the ends of that order, so they stand for
// "no bound".
struct ValueBounds {
  Value lower = make_value(0);
  Value upper = win_in(1);
  bool exact() const { return lower == upper; }
  bool has_lower() const { return lower != make_value(0); }
  bool has_upper() const { return upper != win_in(1); }
};

// "WIN in 5"; "LOSS in at most 30"; "LOSS in 12 to 30"; "WIN in 7 to 11";
// "DRAW or better"; "unknown"; otherwise "at least X, at most Y" in
// better_for_mover's order.
inline std::string describe(const ValueBounds& b) {
  if (b.exact()) return describe(b.lower);
  if (!b.has_lower() && !b.has_upper()) return "unknown";
  const auto d = [](Value v) { return std::to_string(distance_of(v)); };
  // The same outcome at both ends: a range of distances. A loss is longer
  // the better it is; a win, shorter.
  if (b.has_upper() && is_loss(b.upper))
    return "LOSS in " + (b.has_lower() ? d(b.lower) + " to " + d(b.upper) : "at most " + d(b.upper));
  if (b.has_lower() && is_win(b.lower))
    return "WIN in " + (b.has_upper() && is_win(b.upper) ? d(b.lower) + " to " + d(b.upper) : "at most " + d(b.lower));
  if (!b.has_upper() && is_draw(b.lower)) return "DRAW or better";
  if (!b.has_lower() && is_draw(b.upper)) return "DRAW or worse";
  std::string text;
  if (b.has_lower()) text = "at least " + describe(b.lower);
  if (b.has_upper()) text += (text.empty() ? "at most " : ", at most ") + describe(b.upper);
  return text;
}

enum class SearchStop { Finished, Nodes, Seconds, Plies };

inline const char* search_stop_reason(SearchStop s) {
  switch (s) {
    case SearchStop::Finished: return "finished";
    case SearchStop::Nodes: return "node budget";
    case SearchStop::Seconds: return "time limit";
    case SearchStop::Plies: return "ply limit";
  }
  return "?";
}

// Meters one search run against its node and clock budget, shared by the searches: counts
// nodes and remembers why a run stopped.
class SearchMeter {
 public:
  explicit SearchMeter(const SearchLimits& limits) : limits_(limits) {}

  void restart() {
    nodes_ = 0;
    stop_ = SearchStop::Finished;
    start_ = std::chrono::steady_clock::now();
  }
  // Counts a node; false, and nothing counted, once the budget is spent (so a
  // run that ran out reports exactly its budget), or when the clock, read
  // every 1024 nodes, is past the limit, or once the run was stopped.
  bool tick() {
    if (stop_ != SearchStop::Finished) return false;
    if (nodes_ >= limits_.nodes) {
      stop_ = SearchStop::Nodes;
      return false;
    }
    ++nodes_;
    if (limits_.seconds > 0 && nodes_ % 1024 == 0 && elapsed() > limits_.seconds) {
      stop_ = SearchStop::Seconds;
      return false;
    }
    return true;
  }
  void stop(SearchStop why) { stop_ = why; }
  bool running() const { return stop_ == SearchStop::Finished; }
  SearchStop stopped() const { return stop_; }
  std::uint64_t nodes() const { return nodes_; }
  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  SearchLimits limits_;
  std::uint64_t nodes_ = 0;
  SearchStop stop_ = SearchStop::Finished;
  std::chrono::steady_clock::time_point start_;
};

namespace search_detail {

// Values as integers whose order is better_for_mover's, so that alpha-beta
// can compare them and bound them: a win in d is kMate - d, a loss in d is
// d - kMate, a draw is 0. Window bounds may also lie just beyond the valid
// scores (up to kInfinity), which stand for "better than WIN in 1" or "worse
// than LOSS in 0".
inline constexpr int kMate = 1 << 16;
inline constexpr int kInfinity = kMate + 2;
static_assert(kMate > static_cast<int>(kMaxDistance) + 2);

constexpr int score(Value v) {
  if (is_draw(v)) return 0;
  const int d = static_cast<int>(distance_of(v));
  return is_win(v) ? kMate - d : d - kMate;
}

constexpr Value value_of(int s) {
  if (s == 0) return kDraw;
  return make_value(static_cast<unsigned>(s > 0 ? kMate - s : s + kMate));
}

// The parent's score from a child's: value_through_move on scores. It is
// strictly decreasing, which is what lets a window pass through a move.
constexpr int through(int child) { return child > 0 ? 1 - child : child < 0 ? -child - 1 : 0; }

// The child window bound that matches a parent bound: for every valid child
// score c, through(c) > bound exactly when c < child_bound(bound).
constexpr int child_bound(int bound) {
  if (bound >= kInfinity) return -kInfinity;
  if (bound <= -kInfinity) return kInfinity;
  return bound > 0 ? -bound - 1 : bound < 0 ? 1 - bound : 0;
}

static_assert(through(score(make_value(0))) == score(win_in(1)));
static_assert(through(score(win_in(5))) == score(loss_in(6)));
static_assert(child_bound(score(win_in(3))) == score(loss_in(2)));
static_assert(child_bound(score(loss_in(4))) == score(win_in(3)));
static_assert(value_of(score(loss_in(10))) == loss_in(10) && value_of(score(win_in(7))) == win_in(7));

// Bounds on positions, keyed by a nonzero 64-bit key, in buckets of two: the
// first keeps the entry whose subtree cost the most nodes, the second takes
// whatever comes, so a flood of cheap entries cannot evict costly proofs.
class TranspositionTable {
 public:
  struct Entry {
    std::uint64_t key = 0;  // 0: empty
    Value lower = 0, upper = 0;
    std::uint8_t work = 0;  // bit width of the nodes spent proving the bounds
  };

  explicit TranspositionTable(std::size_t entries)
      : count_(std::bit_ceil(std::max<std::size_t>(entries / 2, 1024))),
        shift_(64 - std::countr_zero(count_)),
        buckets_(allocate(count_)) {}

  // Starts loading a key's bucket into the cache, for a find soon after:
  // the table is far larger than the caches, and a search looks up all the
  // children of a node at once.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[slot_of(key)]); }

  const Entry* find(std::uint64_t key) const {
    const Bucket& b = buckets_[slot_of(key)];
    for (const Entry& e : b.slot)
      if (e.key == key) return &e;
    return nullptr;
  }

  void store(std::uint64_t key, ValueBounds bounds, std::uint64_t nodes_spent) {
    Bucket& b = buckets_[slot_of(key)];
    const Entry fresh{key, bounds.lower, bounds.upper, static_cast<std::uint8_t>(std::bit_width(nodes_spent))};
    for (Entry& e : b.slot) {
      if (e.key != key) continue;
      e = Entry{key, bounds.lower, bounds.upper, std::max(e.work, fresh.work)};
      return;
    }
    if (fresh.work >= b.slot[0].work) {
      b.slot[1] = b.slot[0];
      b.slot[0] = fresh;
    } else {
      b.slot[1] = fresh;
    }
  }

  std::size_t bytes() const { return count_ * sizeof(Bucket); }

 private:
  struct alignas(32) Bucket {
    Entry slot[2];
  };
  struct Free {
    void* block;
    void operator()(Bucket*) const { std::free(block); }
  };

  // Zeroed buckets, on huge pages where the system gives them on request:
  // nearly every lookup misses the caches, and with 4 KB pages the TLB too.
  // calloc leaves a large block's pages untouched until used, so a short
  // search does not pay for the whole table.
  static std::unique_ptr<Bucket[], Free> allocate(std::size_t count) {
    constexpr std::size_t kHugePage = std::size_t{2} << 20;
    const std::size_t bytes = count * sizeof(Bucket);
    void* block = std::calloc(bytes + kHugePage, 1);
    if (!block) throw std::bad_alloc();
    const auto address = (reinterpret_cast<std::uintptr_t>(block) + kHugePage - 1) / kHugePage * kHugePage;
#ifdef MADV_HUGEPAGE
    madvise(reinterpret_cast<void*>(address), bytes / kHugePage * kHugePage, MADV_HUGEPAGE);  // a hint only
#endif
    return std::unique_ptr<Bucket[], Free>(reinterpret_cast<Bucket*>(address), Free{block});
  }

  // Fibonacci hashing: the key's slot index times the golden ratio, top bits.
  std::size_t slot_of(std::uint64_t key) const { return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> shift_); }

  std::size_t count_;
  int shift_;
  std::unique_ptr<Bucket[], Free> buckets_;
};

}  // namespace search_detail

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
        table_(limits.table_entries ? limits.table_entries
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
        visit(m.child, key_of(m.child), search_detail::child_bound(kDrawScore + 1), search_detail::child_bound(kDrawScore - 1), 1);
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
      for (std::size_t j = i; j > 0 && before(children[j], children[j - 1]); --j) std::swap(children[j], children[j - 1]);
  }

  void store(std::uint64_t key, ValueBounds b, std::uint64_t nodes_before) { table_.store(key, b, budget_.nodes() - nodes_before); }

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
