#pragma once
// What a search may spend and what it proves: its limits (SearchLimits), the
// proven bounds on a value (ValueBounds) with their text, why a run stopped
// (SearchStop) and the meter that counts a run against its limits. Front
// ends include this alone; the searches are search/exact_search.hpp and
// search/bounded_search.hpp.
#include <chrono>
#include <cstdint>
#include <string>

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
    case SearchStop::Finished:
      return "finished";
    case SearchStop::Nodes:
      return "node budget";
    case SearchStop::Seconds:
      return "time limit";
    case SearchStop::Plies:
      return "ply limit";
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

}  // namespace rtb
