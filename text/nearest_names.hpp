#pragma once
// "Did you mean ...?": the known names nearest a mistyped one, for the
// unknown-name errors of games, variants, commands and options (issue 27).
//
// Near means a small edit distance (insertions, deletions, substitutions and
// swaps of two neighbours each cost one, letters compared without case), at
// most one edit for a short name and one per three letters for a longer one,
// or the typed text being the start of the name ("cross" for crossings).

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "text/lower_case.hpp"

namespace rtb {

// Edit distance with neighbour swaps (optimal string alignment).
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::string x = lower_case(a), y = lower_case(b);
  std::vector<std::vector<std::size_t>> d(x.size() + 1, std::vector<std::size_t>(y.size() + 1));
  for (std::size_t i = 0; i <= x.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= y.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= x.size(); ++i)
    for (std::size_t j = 1; j <= y.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (x[i - 1] != y[j - 1])});
      if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[x.size()][y.size()];
}

// The known names near `typed`, nearest first (at most three).
inline std::vector<std::string> nearest_names(std::string_view typed, const std::vector<std::string>& known) {
  const std::size_t most = std::max<std::size_t>(1, typed.size() / 3);
  const std::string prefix = lower_case(typed);
  std::vector<std::pair<std::size_t, std::string>> near;
  for (const std::string& name : known) {
    const std::size_t distance = edit_distance(typed, name);
    const bool starts = prefix.size() >= 3 && lower_case(name).starts_with(prefix);
    if (distance <= most || starts) near.emplace_back(starts ? std::min(distance, most) : distance, name);
  }
  std::stable_sort(near.begin(), near.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < near.size() && i < 3; ++i) out.push_back(near[i].second);
  return out;
}

// " (did you mean 'a' or 'b'?)", or nothing when no known name is near.
inline std::string did_you_mean(std::string_view typed, const std::vector<std::string>& known,
                                std::string_view quote = "'") {
  const std::vector<std::string> near = nearest_names(typed, known);
  if (near.empty()) return "";
  std::string out = " (did you mean ";
  for (std::size_t i = 0; i < near.size(); ++i)
    out += (i == 0 ? "" : i + 1 == near.size() ? " or " : ", ") + std::string(quote) + near[i] + std::string(quote);
  return out + "?)";
}

}  // namespace rtb
