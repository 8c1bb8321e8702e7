#pragma once
// Progress of a long solve on stderr: one line, rewritten in place, only when
// stderr is a terminal and the user did not ask for quiet.
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace rtb {

class Progress {
 public:
  explicit Progress(bool quiet) : enabled_(!quiet && isatty(STDERR_FILENO)), start_(clock::now()) {}
  bool enabled() const { return enabled_; }

  void group(const std::string& name, std::uint64_t positions) {
    group_ = name;
    positions_ = positions;
    show("start");
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
    std::fprintf(stderr, "\r\033[K[%7.1fs] group %s (%llu positions): %s", elapsed_seconds(), group_.c_str(),
                 static_cast<unsigned long long>(positions_), what.c_str());
    std::fflush(stderr);
  }
  bool enabled_;
  clock::time_point start_;
  std::string group_;
  std::uint64_t positions_ = 0;
};

}  // namespace rtb
