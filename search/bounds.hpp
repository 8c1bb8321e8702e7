#pragma once
// What a search may spend and what it proves: its limits (SearchLimits), the
// proven bounds on a value (ValueBounds) with their text, why a run stopped
// (SearchStop) and the meter that counts a run against its limits. Front
// ends include this alone; the searches are search/exact_search.hpp and
// search/bounded_search.hpp.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
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
  // Asked from the search's thread with each clock check (a few times a
  // millisecond at most): true stops the run as SearchStop::Cancelled. For a
  // caller on another thread that must end a search at once: a newer request
  // superseding it, a server stopping. Empty: never asked.
  std::function<bool()> cancelled;
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

enum class SearchStop { Finished, Nodes, Seconds, Plies, Cancelled };

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
    case SearchStop::Cancelled:
      return "cancelled";
  }
  return "?";
}

// Meters one search run against its node and clock budget, shared by the
// searches: counts nodes and remembers why a run stopped.
//
// The clock (and the cancel hook) is read by elapsed work, not every so many
// nodes: a node costs from tens of nanoseconds (Bagh-Chal) to a millisecond
// (Crossings 8x8 seed, whose nodes generate every child's replies), so a fixed
// count either reads the clock far too often or overshoots the limit many
// times over (issue 28: 0.1 s asked, 0.88 s taken). The number of nodes
// between checks doubles while a check finds less than kCheckEvery gone by
// and halves when it finds more, so checks come about every kCheckEvery
// whatever a node costs, and a run stops within about that of its limit.
class SearchMeter {
 public:
  static constexpr double kCheckEvery = 0.002;  // seconds between clock reads

  explicit SearchMeter(const SearchLimits& limits) : limits_(limits) {}

  void restart() {
    nodes_ = 0;
    stop_ = SearchStop::Finished;
    start_ = last_check_ = std::chrono::steady_clock::now();
    interval_ = 1;
    next_check_ = 1;
  }
  // Counts a node; false, and nothing counted, once the budget is spent (so a
  // run that ran out reports exactly its budget), when the clock is past the
  // limit or the caller cancelled (both read by elapsed work, above), or
  // once the run was stopped.
  bool tick() {
    if (stop_ != SearchStop::Finished) return false;
    if (nodes_ >= limits_.nodes) {
      stop_ = SearchStop::Nodes;
      return false;
    }
    ++nodes_;
    if (nodes_ >= next_check_ && (limits_.seconds > 0 || limits_.cancelled)) return check();
    return true;
  }
  void stop(SearchStop why) { stop_ = why; }
  bool running() const { return stop_ == SearchStop::Finished; }
  SearchStop stopped() const { return stop_; }
  std::uint64_t nodes() const { return nodes_; }
  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  bool check() {
    const auto now = std::chrono::steady_clock::now();
    const double since = std::chrono::duration<double>(now - last_check_).count();
    last_check_ = now;
    if (since < kCheckEvery / 2 && interval_ < (std::uint64_t{1} << 20)) interval_ *= 2;
    else if (since > kCheckEvery)  // at once down to what the last nodes cost: a sudden costly stretch
      interval_ =
          std::max<std::uint64_t>(1, static_cast<std::uint64_t>(static_cast<double>(interval_) * kCheckEvery / since));
    next_check_ = nodes_ + interval_;
    if (limits_.seconds > 0 && std::chrono::duration<double>(now - start_).count() > limits_.seconds) {
      stop_ = SearchStop::Seconds;
      return false;
    }
    if (limits_.cancelled && limits_.cancelled()) {
      stop_ = SearchStop::Cancelled;
      return false;
    }
    return true;
  }

  SearchLimits limits_;
  std::uint64_t nodes_ = 0;
  SearchStop stop_ = SearchStop::Finished;
  std::chrono::steady_clock::time_point start_, last_check_;
  std::uint64_t interval_ = 1, next_check_ = 1;  // nodes between clock reads; the count of the next
};

}  // namespace rtb
