#pragma once
// Checks of numeric parameters that every front end runs before any work
// starts, so that a bad value is refused at once with a message, never
// wrapped around (boost reads "-1" into an unsigned as 2^64-1) and never found
// only after an hour of solving. Each throws InvalidParameter, which the
// front end words as its option or parameter.
#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "solver/parameter_error.hpp"
#include "text/printable.hpp"

namespace rtb {

// More threads than this only slow a solve down; tens of thousands crash the
// OpenMP runtime or use up the machine's process ids.
inline int max_threads() {
  return static_cast<int>(std::max(64u, 4 * std::max(1u, std::thread::hardware_concurrency())));
}

inline void check_threads(int threads) {
  if (threads < 1) throw InvalidParameter("threads", "{} must be at least 1, not " + std::to_string(threads));
  if (threads > max_threads())
    throw InvalidParameter("threads", "{} " + std::to_string(threads) + " is more than " +
                                          std::to_string(max_threads()) +
                                          " (4 times this machine's cores, at least 64)");
}

// A value read as a signed number, so that a negative one is seen, then
// checked against lo..hi.
inline void check_range(const std::string& parameter, long long value, long long lo, long long hi) {
  if (value < lo || value > hi)
    throw InvalidParameter(parameter, "{} must be " +
                                          (hi == LLONG_MAX ? "at least " + std::to_string(lo)
                                                           : "in " + std::to_string(lo) + ".." + std::to_string(hi)) +
                                          ", not " + std::to_string(value));
}

// The search time limit, one rule for every front end (issue 53, item 7:
// `query` took 0 and inf, `serve` refused both, `play` took 0 and not inf,
// Python refused 0 and took inf): a finite number of seconds above 0 and at
// most an hour; where `zero_is_none`, 0 says "no time limit" (the search is
// then ended by its node budget alone, and repeatable). The command line's
// query and play take 0 so, as does the library; the server does not (a
// request waits for its search), nor Python, which says it with None.
inline constexpr double kMostSearchSeconds = 3600;

inline void check_search_seconds(double seconds, bool zero_is_none) {
  if (zero_is_none && seconds == 0) return;
  if (seconds > 0 && std::isfinite(seconds) && seconds <= kMostSearchSeconds) return;
  std::ostringstream said;
  said << seconds;
  throw InvalidParameter("seconds", "{} must be a number of seconds above 0 and at most " +
                                        std::to_string(static_cast<int>(kMostSearchSeconds)) +
                                        (zero_is_none ? " (0: no limit)" : "") + ", not " + said.str());
}

// How often generate saves a group's walk (driver/generate.hpp): a finite
// number of minutes, 0 for never, at most a week.
inline constexpr double kMostCheckpointMinutes = 7 * 24 * 60;

inline void check_checkpoint_minutes(double minutes) {
  if (minutes >= 0 && minutes <= kMostCheckpointMinutes) return;
  std::ostringstream said;
  said << minutes;
  throw InvalidParameter("checkpoint-minutes", "{} must be a number of minutes from 0 (never) to " +
                                                   std::to_string(static_cast<int>(kMostCheckpointMinutes)) + ", not " +
                                                   said.str());
}

// "8G", "512M", "100k", "1.5G" or a number of bytes; units are powers of 1024.
// Throws InvalidParameter for anything else.
inline std::uint64_t parse_bytes(const std::string& parameter, const std::string& text) {
  std::size_t used = 0;
  double number = -1;
  try {
    number = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  std::string unit = text.substr(used);
  if (!unit.empty() && (unit.back() == 'B' || unit.back() == 'b') && unit.size() > 1) unit.pop_back();
  double scale = 0;
  if (unit.empty() || unit == "B" || unit == "b") scale = 1;
  else if (unit.size() == 1) {
    switch (std::toupper(static_cast<unsigned char>(unit[0]))) {
      case 'K':
        scale = 1024.0;
        break;
      case 'M':
        scale = 1024.0 * 1024;
        break;
      case 'G':
        scale = 1024.0 * 1024 * 1024;
        break;
      case 'T':
        scale = 1024.0 * 1024 * 1024 * 1024;
        break;
    }
  }
  if (used == 0 || scale == 0 || !(number > 0) || number * scale > 1.8e19)
    throw InvalidParameter(parameter,
                           "{} must be a size above 0 such as 8G, 512M or 100000000 (bytes), not '" + text + "'");
  return static_cast<std::uint64_t>(number * scale);
}

// A list of moves as every front end takes it, "a2b2,b3b2" -> {"a2b2",
// "b3b2"} (the command line's --moves, the web API's moves=).
// Every empty move is refused, a trailing one ("a2b2,") as a leading one
// (issue 28: getline dropped the last); the message echoes at most 100
// characters of the text.
// `parameter` names the list in the message (a game's history is such a
// list too: --history, history=).
inline std::vector<std::string> move_list(const std::string& text, const std::string& parameter = "moves") {
  std::vector<std::string> moves;
  for (std::size_t from = 0;;) {
    const std::size_t comma = std::min(text.find(',', from), text.size());
    if (comma == from)
      throw InvalidParameter(parameter, "{} has an empty " + std::string(parameter == "moves" ? "move" : "item") +
                                            " in " + quoted_input(text) + " (write a2b2,b3b2)");
    moves.push_back(text.substr(from, comma - from));
    if (comma == text.size()) return moves;
    from = comma + 1;
  }
}

}  // namespace rtb
