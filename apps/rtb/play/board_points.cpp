#include "apps/rtb/play/board_points.hpp"

#include <algorithm>

namespace rtb::cli {

namespace {

std::vector<std::string> rows_of(const std::string& position) {
  std::vector<std::string> rows{""};
  for (const char c : position.substr(0, position.find(' '))) {
    if (c == '/') rows.emplace_back();
    else rows.back().push_back(c);
  }
  return rows;
}

std::string square_name(int file, int rank) {
  std::string text(1, static_cast<char>('a' + file));
  text += std::to_string(rank);  // not `+` on a temporary: GCC 12 warns falsely (-Wrestrict)
  return text;
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
      out.push_back({square_name(static_cast<int>(f), ranks - r), rows[r][f]});
  return out;
}

}  // namespace rtb::cli
