#pragma once
// A game's variant names said briefly: Crossings has 72 of them, one a board
// size, and listing them all made `--variant`'s help a 17-line wall (issue
// 27). A run of names PREFIX + "CxR" that covers a rectangle of sizes (but
// for a few) is written once as "PREFIXCxR (C, R 3-8; not 8x8)"; every other
// name is listed as it is.

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rtb {

namespace variant_summary_detail {

struct BoardSize {
  std::string prefix;
  int columns, rows;
};

// "seed-5x6" -> {"seed-", 5, 6}; a name that does not end in CxR -> nothing.
inline std::optional<BoardSize> board_size_of(const std::string& name) {
  const std::size_t x = name.rfind('x');
  if (x == std::string::npos || x == 0 || x + 1 == name.size()) return std::nullopt;
  std::size_t start = x;
  while (start > 0 && std::isdigit(static_cast<unsigned char>(name[start - 1]))) --start;
  const auto digits = [](const std::string& s) {
    return !s.empty() && s.size() <= 2 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  const std::string c = name.substr(start, x - start), r = name.substr(x + 1);
  if (!digits(c) || !digits(r)) return std::nullopt;
  return BoardSize{name.substr(0, start), std::stoi(c), std::stoi(r)};
}

}  // namespace variant_summary_detail

inline std::string variant_summary(const std::vector<std::string>& variants) {
  using namespace variant_summary_detail;
  std::map<std::string, std::set<std::pair<int, int>>> sizes;  // by prefix
  for (const std::string& v : variants)
    if (const auto b = board_size_of(v)) sizes[b->prefix].insert({b->columns, b->rows});
  std::string out;
  std::set<std::string> written;
  auto add = [&](const std::string& item) { out += (out.empty() ? "" : ", ") + item; };
  for (const std::string& v : variants) {
    const auto b = board_size_of(v);
    if (!b || sizes[b->prefix].size() < 4) {
      add(v);
      continue;
    }
    if (!written.insert(b->prefix).second) continue;
    const auto& present = sizes[b->prefix];
    int low = 99, high = 0;
    for (const auto& [c, r] : present) low = std::min({low, c, r}), high = std::max({high, c, r});
    std::vector<std::string> missing;
    for (int c = low; c <= high; ++c)
      for (int r = low; r <= high; ++r)
        if (!present.count({c, r})) missing.push_back(std::to_string(c) + "x" + std::to_string(r));
    if (missing.size() > 3) {  // not a rectangle: list them
      for (const auto& [c, r] : present) add(b->prefix + std::to_string(c) + "x" + std::to_string(r));
      continue;
    }
    std::string item = b->prefix + "CxR (C, R " + std::to_string(low) + "-" + std::to_string(high);
    for (std::size_t i = 0; i < missing.size(); ++i) item += (i == 0 ? "; not " : ", ") + missing[i];
    add(item + ")");
  }
  return out;
}

}  // namespace rtb
