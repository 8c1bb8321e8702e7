#pragma once
// Progress of a long solve on stderr, in the README's unit (slots): which
// group of how many, the stage, a counter that reaches its stage's total,
// and an estimate of the time left. On a terminal one line is rewritten in
// place a few times a second; otherwise (a log file, a pipe) a plain line is
// written every few seconds; nothing at all when quiet.
//
// Counting calls (advance) may come from any thread, a few thousand slots at
// a time; whichever thread finds the display due draws it.
#include <sys/ioctl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

#include "text/with_commas.hpp"

namespace rtb {

// The progress line cut to a terminal `width` columns wide, so that it stays
// one physical row that "\r\033[K" can rewrite (a longer one wraps, and the
// terminal fills with fragments). The full line if it fits, else the compact
// one, else the compact one cut short before its tail (the time left), which
// is kept whole: the tail is what a narrow terminal most needs to see.
// A width of 0 (unknown) keeps the full line.
inline std::string fit_progress_line(const std::string& full, const std::string& compact, const std::string& tail,
                                     std::size_t width) {
  if (width == 0 || full.size() + tail.size() < width) return full + tail;
  if (compact.size() + tail.size() < width) return compact + tail;
  const std::size_t room = width - 1;  // the last column stays free: writing there wraps on some terminals
  if (tail.size() + 3 >= room) return (compact + tail).substr(0, room);
  return compact.substr(0, room - tail.size() - 3) + "..." + tail;
}

// The time a run has left, with each group weighted by what its kind costs
// a slot. A group walked level by level (a cyclic group) costs several times
// a slot what a group solved in one pass costs, so one rate for all slots
// done so far was 40x off at the start of Bagh-Chal's whole game, whose
// first group is walked and whose 185 others are one pass each (issue 27).
// Each kind's rate is measured on its finished groups; until one of a kind
// has finished, its rate comes from the other kind's (or the running
// group's) by kOnePassShare, and the estimate says it is rough.
class TimeLeft {
 public:
  enum Kind { kWalked = 0, kOnePass = 1 };
  // A one-pass slot against a walked one, as rtb's games measured it
  // (Bagh-Chal's placement 0.13-0.22 us a slot, its sliding phase about 1 us).
  static constexpr double kOnePassShare = 0.2;

  // A group the run will solve.
  void plan(Kind kind, std::uint64_t slots) { ahead_[kind] += slots; }
  // The next group starts; the one before, if any, took `seconds_before`.
  void start(Kind kind, std::uint64_t slots, double seconds_before) {
    if (running_) measured_[kind_].add(seconds_before, slots_);
    ahead_[kind] -= std::min(ahead_[kind], slots);
    kind_ = kind, slots_ = slots, running_ = true;
  }
  struct Estimate {
    bool known = false;  // nothing to go on yet (the first seconds)
    bool sure = false;   // every kind still ahead measured on a finished group
    double seconds = 0;
  };
  // `fraction` of the running group is done, in `seconds` so far.
  Estimate estimate(double fraction, double seconds) const {
    double rate[2] = {measured_[0].rate(), measured_[1].rate()};
    const double done_here = fraction * double(slots_);
    if (rate[kind_] < 0 && rate[1 - kind_] < 0 && done_here > 0 && seconds >= 1) rate[kind_] = seconds / done_here;
    if (rate[kWalked] < 0 && rate[kOnePass] >= 0) rate[kWalked] = rate[kOnePass] / kOnePassShare;
    if (rate[kOnePass] < 0 && rate[kWalked] >= 0) rate[kOnePass] = rate[kWalked] * kOnePassShare;
    Estimate e;
    if (rate[0] < 0) return e;
    e.known = true;
    e.seconds = std::max(0.0, 1 - fraction) * double(slots_) * rate[kind_];
    e.sure = measured_[kind_].slots > 0;
    for (int k = 0; k < 2; ++k) {
      e.seconds += double(ahead_[k]) * rate[k];
      if (ahead_[k] > 0 && measured_[k].slots == 0) e.sure = false;
    }
    return e;
  }

 private:
  struct Measured {
    double seconds = 0;
    std::uint64_t slots = 0;
    void add(double s, std::uint64_t n) { seconds += s, slots += n; }
    double rate() const { return slots > 0 ? seconds / double(slots) : -1; }  // seconds a slot; -1 unknown
  };
  Measured measured_[2];
  std::uint64_t ahead_[2] = {0, 0};
  Kind kind_ = kWalked;
  std::uint64_t slots_ = 0;
  bool running_ = false;
};

class Progress {
 public:
  // `log_interval`: between two lines where stderr is not a terminal (a
  // test asks for every line).
  explicit Progress(bool quiet, std::chrono::milliseconds log_interval = std::chrono::milliseconds(5000))
      : enabled_(!quiet),
        terminal_(isatty(STDERR_FILENO)),
        interval_(terminal_ ? std::chrono::milliseconds(200) : log_interval),
        start_(clock::now()),
        last_draw_(start_.time_since_epoch()) {}

  // The work ahead: `groups` tier groups holding `slots` slots in all, then
  // each of them by plan_group, for the estimate's weights.
  void plan(std::size_t groups, std::uint64_t slots) {
    groups_ = groups;
    planned_slots_ = slots;
  }
  void plan_group(std::uint64_t slots, bool one_pass) {
    time_left_.plan(one_pass ? TimeLeft::kOnePass : TimeLeft::kWalked, slots);
  }

  // Group `index` (counted from 1) of the plan begins.
  void group(std::size_t index, const std::string& name, std::uint64_t slots, bool one_pass = false) {
    done_slots_ += group_slots_;  // the previous group is done
    time_left_.start(one_pass ? TimeLeft::kOnePass : TimeLeft::kWalked, slots, seconds_since(group_started_));
    group_started_ = clock::now();
    group_index_ = index;
    group_ = name;
    group_slots_ = slots;
    share_from_ = share_to_ = 0;
    stage_total_ = 0;
    stage("start");
  }

  // A stage without a counter (reading or writing a file); the estimate
  // counts the group as far along as its last counted stage took it.
  void stage(const std::string& what) {
    const double reached = fraction_of_group();
    counted_stage(what, 0, reached, reached);
  }

  // A stage that counts up to `total` slots; [share_from, share_to) is its
  // share of the group's time, for the estimate.
  void counted_stage(const std::string& what, std::uint64_t total, double share_from, double share_to,
                     std::uint64_t counted = 0) {
    enter_stage(what, total, share_from, share_to, counted);
    draw(true);
  }

  // `n` more slots of the current stage are done. The count that reaches the
  // total is always shown.
  void advance(std::uint64_t n) {
    const std::uint64_t before = counter_.fetch_add(n, std::memory_order_relaxed);
    draw(before < stage_total_ && before + n >= stage_total_);
  }

  // The retrograde levels count resolved slots; what stays unresolved after
  // the last level is a draw, so the counter ends at the group's size.
  void level(unsigned level, std::uint64_t resolved) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stage_ = "level " + std::to_string(level) + ", resolved";
      stage_total_ = group_slots_;
      share_from_ = 0.5;
      share_to_ = 0.9;
    }
    counter_ = resolved;
    draw(false);
  }

  // A level under way that looks at the group's slots chunk by chunk, each
  // counted by advance: the forward walk asks every open position at every
  // even level, a quarter of an hour without a line on a billion slots. The
  // estimate counts the group as far along as the levels before took it.
  void level_under_way(unsigned level) {
    const double reached = fraction_of_group();
    counted_stage("level " + std::to_string(level) + ", looked at", group_slots_, reached, reached);
  }

  // After the last level: every slot still unresolved is a draw (or an
  // alias, copied at the end), so the group's slots are all accounted for.
  // A scanning walk also says how many updates its levels made (words or
  // bytes changed at random, the machine's limit: benchmarks/
  // random_update_bench) and how fast, on a line of its own in a log too.
  void levels_done(std::uint64_t resolved, std::uint64_t updates = 0, double walk_seconds = 0) {
    std::string what = "levels done (" + with_commas(group_slots_ - std::min(resolved, group_slots_)) +
                       " never resolved: draws, aliases)";
    if (updates == 0 || walk_seconds <= 0) return counted_stage(what, group_slots_, 0.9, 0.9, group_slots_);
    char rate[96];
    std::snprintf(rate, sizeof rate, " in %.1f s: %.1f M a second", walk_seconds, double(updates) / walk_seconds / 1e6);
    what += "; the walk's " + with_commas(updates) + " updates" + rate;
    enter_stage(what, 0, 0.9, 0.9, 0);
    draw(true, true);
  }

  // The group's last line, in a log too: what it took (generate's peak
  // memory against its plan).
  void finished(const std::string& what) {
    enter_stage(what, 0, 1.0, 1.0, 0);
    draw(true, true);
  }

  // A line to be read whether or not progress is shown (--quiet): what a run
  // did to the user's files, on a line of its own.
  void note(const std::string& text) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (enabled_ && terminal_) std::fputs("\r\033[K", stderr);
    std::fprintf(stderr, "rtb: %s\n", text.c_str());
    std::fflush(stderr);
  }

  void done() {
    if (enabled_ && terminal_) std::fputs("\r\033[K", stderr);
  }
  double elapsed_seconds() const { return seconds_since(start_); }

 private:
  using clock = std::chrono::steady_clock;
  static double seconds_since(clock::time_point t) { return std::chrono::duration<double>(clock::now() - t).count(); }

  static std::string duration_text(double s) {
    const long whole = static_cast<long>(s + 0.5);
    if (whole < 60) return std::to_string(whole) + "s";
    if (whole < 3600)
      return std::to_string(whole / 60) + "m" + (whole % 60 < 10 ? "0" : "") + std::to_string(whole % 60) + "s";
    return std::to_string(whole / 3600) + "h" + (whole / 60 % 60 < 10 ? "0" : "") + std::to_string(whole / 60 % 60) +
           "m";
  }

  // Slots of the plan done so far, counting the current group by the share
  // of its time its stages have had. The estimate assumes the rest goes at
  // the same rate in slots per second (groups differ, so it is rough).
  double fraction_of_group() const {
    double fraction = share_from_;
    if (stage_total_ > 0 && share_to_ > share_from_)
      fraction += (share_to_ - share_from_) * std::min(1.0, double(counter_) / double(stage_total_));
    return fraction;
  }

  std::string time_left() const {
    const TimeLeft::Estimate e = time_left_.estimate(fraction_of_group(), seconds_since(group_started_));
    if (!e.known) return "";
    return ", about " + duration_text(e.seconds) + " left" + (e.sure ? "" : " (rough)");
  }

  void enter_stage(const std::string& what, std::uint64_t total, double share_from, double share_to,
                   std::uint64_t counted) {
    std::lock_guard<std::mutex> lock(mutex_);
    stage_ = what;
    stage_total_ = total;
    share_from_ = share_from;
    share_to_ = share_to;
    counter_ = counted;
  }

  // A new stage shows at once on a terminal; a log gets a line every few
  // seconds only, so a short run writes nothing there.
  void draw(bool new_stage, bool in_log_too = false) {
    if (!enabled_) return;
    const auto t = clock::now();
    const auto last = last_draw_.load(std::memory_order_relaxed);
    if (!(new_stage && (terminal_ || in_log_too)) && t - clock::time_point(last) < interval_) return;
    std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
    if (new_stage) lock.lock();
    else if (!lock.try_lock()) return;  // another thread is drawing
    last_draw_ = t.time_since_epoch();
    const std::string when = "[" + duration_text(elapsed_seconds()) + "] ";
    // A stage before the first group (the run's own set-up) names no group.
    const std::string which =
        group_index_ == 0 ? "" : std::to_string(group_index_) + "/" + std::to_string(groups_) + " " + group_;
    std::string line =
        when + (which.empty() ? "" : "group " + which + " (" + with_commas(group_slots_) + " slots): ") + stage_;
    std::string compact = when + (which.empty() ? "" : which + ": ") + stage_;
    if (stage_total_ > 0) {
      const std::uint64_t c = std::min<std::uint64_t>(counter_, stage_total_);
      const std::string percent = std::to_string(c * 100 / stage_total_) + "%";
      line += " " + with_commas(c) + "/" + with_commas(stage_total_) + " slots (" + percent + ")";
      compact += " " + percent;
    }
    if (terminal_) {
      const std::string fitted = fit_progress_line(line, compact, time_left(), terminal_width());
      std::fprintf(stderr, "\r\033[K%s", fitted.c_str());
    } else {
      std::fprintf(stderr, "rtb: %s%s\n", line.c_str(), time_left().c_str());
    }
    std::fflush(stderr);
  }

  // Asked at every draw (a few times a second), so that a resized window is
  // followed; 0 when the terminal does not say.
  static std::size_t terminal_width() {
    winsize size{};
    return ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 ? size.ws_col : 0;
  }

  const bool enabled_, terminal_;
  const clock::duration interval_;
  const clock::time_point start_;
  std::atomic<clock::duration> last_draw_;
  clock::time_point group_started_{};
  TimeLeft time_left_;
  std::mutex mutex_;
  std::size_t groups_ = 0, group_index_ = 0;
  std::uint64_t planned_slots_ = 0, done_slots_ = 0, group_slots_ = 0;
  std::string group_, stage_;
  std::uint64_t stage_total_ = 0;
  double share_from_ = 0, share_to_ = 0;
  std::atomic<std::uint64_t> counter_{0};
};

}  // namespace rtb
