#include "apps/rtb/play/record_variations.hpp"

#include <algorithm>

namespace rtb::cli {

namespace {

void order_by_branch_point(std::vector<RecordBranch>& variations) {
  std::stable_sort(variations.begin(), variations.end(),
                   [](const RecordBranch& a, const RecordBranch& b) { return a.at < b.at; });
}

std::size_t count_variations(const std::vector<RecordBranch>& variations) {
  std::size_t n = variations.size();
  for (const RecordBranch& v : variations) n += count_variations(v.variations);
  return n;
}

}  // namespace

void LineWithVariations::branch_off(std::size_t at) {
  if (at >= moves.size()) return;
  RecordBranch tail{at, std::vector<std::string>(moves.begin() + static_cast<std::ptrdiff_t>(at), moves.end()), {}};
  std::vector<RecordBranch> kept;
  for (RecordBranch& v : variations) {
    if (v.at > at) {  // it replaces a move of the tail: it goes with the tail
      v.at -= at;
      tail.variations.push_back(std::move(v));
    } else {
      kept.push_back(std::move(v));
    }
  }
  kept.push_back(std::move(tail));
  variations = std::move(kept);
  order_by_branch_point(variations);
  moves.resize(at);
}

std::size_t LineWithVariations::take_up(std::size_t index) {
  RecordBranch chosen = std::move(variations[index]);
  variations.erase(variations.begin() + static_cast<std::ptrdiff_t>(index));
  branch_off(chosen.at);
  moves.insert(moves.end(), chosen.moves.begin(), chosen.moves.end());
  for (RecordBranch& v : chosen.variations) {
    v.at += chosen.at;
    variations.push_back(std::move(v));
  }
  order_by_branch_point(variations);
  return chosen.at;
}

std::size_t LineWithVariations::variation_starting(std::size_t at, const std::string& move) const {
  for (std::size_t i = 0; i < variations.size(); ++i)
    if (variations[i].at == at && variations[i].moves.front() == move) return i;
  return std::string::npos;
}

std::vector<RecordBranch> LineWithVariations::variations_within(std::size_t plies) const {
  std::vector<RecordBranch> kept;
  for (const RecordBranch& v : variations)
    if (v.at < plies) kept.push_back(v);
  return kept;
}

std::string variation_size(const RecordBranch& v) {
  const std::size_t inside = count_variations(v.variations);
  std::string text = std::to_string(v.moves.size()) + (v.moves.size() == 1 ? " move" : " moves");
  if (inside > 0) text += ", " + std::to_string(inside) + (inside == 1 ? " variation" : " variations") + " inside";
  return text;
}

}  // namespace rtb::cli
