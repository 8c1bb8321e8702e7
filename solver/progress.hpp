#pragma once
// Progress of a long solve on stderr: one line, rewritten in place, only when
// stderr is a terminal and the user did not ask for quiet.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace rtb {

class Progress {
 public:
  explicit Progress(bool quiet) : enabled_(!quiet && isatty(STDERR_FILENO)), start_(clock::now()) {}
  bool enabled() const { return enabled_; }

  // The run ahead: how many groups and slots it covers (those already on
  // disk included), so that the line can say "group i of n" and the time left.
  void plan(std::size_t groups, std::uint64_t slots) {
    groups_total_ = groups;
    slots_total_ = slots;
  }
  void group(const std::string& name, std::uint64_t positions) {
    group_ = name;
    positions_ = positions;
    group_start_ = elapsed_seconds();
    show("start");
  }
  // A planned group is done: solved now, or found complete (not solved).
  void group_done(std::uint64_t slots, bool solved) {
    ++groups_done_;
    slots_done_ += slots;
    if (!solved) return;
    slots_solved_ += slots;
    solving_seconds_ += elapsed_seconds() - group_start_;
  }
  // Seconds left at the rate of the slots solved so far in this run; < 0
  // while nothing has been solved.
  double seconds_left() const {
    if (slots_solved_ == 0 || solving_seconds_ <= 0) return -1;
    const double rate = static_cast<double>(slots_solved_) / solving_seconds_;
    return std::max(0.0, static_cast<double>(slots_total_ - slots_done_) / rate - (elapsed_seconds() - group_start_));
  }
  void stage(const std::string& what) { show(what); }
  void level(unsigned level, std::uint64_t resolved) {
    show("level " + std::to_string(level) + ", " + std::to_string(resolved) + " of " +
         std::to_string(positions_) + " resolved");
  }
  void done() {
    if (enabled_) std::fputs("\r\033[K", stderr);
  }
  double elapsed_seconds() const { return std::chrono::duration<double>(clock::now() - start_).count(); }

 private:
  using clock = std::chrono::steady_clock;
  void show(const std::string& what) {
    if (!enabled_) return;
    std::string where;
    if (groups_total_ > 0) {
      where = std::to_string(groups_done_ + 1) + " of " + std::to_string(groups_total_) + ", ";
      const double left = seconds_left();
      where += left < 0 ? "time left not known yet" : "about " + duration_text(left) + " left";
      where += ", ";
    }
    std::fprintf(stderr, "\r\033[K[%7.1fs] group %s%s (%llu positions): %s", elapsed_seconds(), where.c_str(),
                 group_.c_str(), static_cast<unsigned long long>(positions_), what.c_str());
    std::fflush(stderr);
  }
  static std::string duration_text(double seconds) {
    const long s = static_cast<long>(seconds + 0.5);
    if (s < 120) return std::to_string(s) + " s";
    if (s < 7200) return std::to_string((s + 30) / 60) + " min";
    return std::to_string(s / 3600) + " h " + std::to_string(s % 3600 / 60) + " min";
  }
  bool enabled_;
  clock::time_point start_;
  std::string group_;
  std::uint64_t positions_ = 0;
  std::size_t groups_total_ = 0, groups_done_ = 0;
  std::uint64_t slots_total_ = 0, slots_done_ = 0, slots_solved_ = 0;
  double group_start_ = 0, solving_seconds_ = 0;
};

}  // namespace rtb
