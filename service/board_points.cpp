#include "service/board_points.hpp"

#include <algorithm>

#include "text/square_name.hpp"

namespace rtb {

namespace {

std::vector<std::string> rows_of(const std::string& position) {
  std::vector<std::string> rows{""};
  for (const char c : position.substr(0, position.find(' '))) {
    if (c == '/') rows.emplace_back();
    else rows.back().push_back(c);
  }
  return rows;
}

}  // namespace

bool has_corners(const BoardLook& look) {
  return std::any_of(look.points.begin(), look.points.end(),
                     [](const std::string& p) { return !p.empty() && p.back() == '+'; });
}

std::vector<BoardPoint> points_of(const std::string& position, const BoardLook& look) {
  std::vector<BoardPoint> out;
  if (!look.points.empty()) {
    std::size_t k = 0;
    for (const char c : position.substr(0, position.find(' ')))
      if (c != '/' && k < look.points.size()) out.push_back({look.points[k++], c});
    return out;
  }
  const std::vector<std::string> rows = rows_of(position);
  const int ranks = static_cast<int>(rows.size());
  for (int r = 0; r < ranks; ++r)
    for (std::size_t f = 0; f < rows[r].size(); ++f)
      out.push_back({square_name(static_cast<int>(f), ranks - 1 - r), rows[r][f]});
  return out;
}

}  // namespace rtb
