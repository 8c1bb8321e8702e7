#include "games/two_set_indexer.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace rtb {

TwoSetIndexer::TwoSetIndexer(int squares, int first_count, int second_count, std::vector<SquareMap> maps)
    : squares_(squares),
      first_count_(first_count),
      second_count_(second_count),
      second_sets_(binomial(squares - first_count, second_count)),
      maps_(std::move(maps)) {
  if (maps_.empty() || maps_.size() > 32) throw std::invalid_argument("TwoSetIndexer: 1 to 32 maps");
  const std::uint64_t first_sets = binomial(squares, first_count);
  class_of_rank_.resize(first_sets);
  std::unordered_map<Bitboard, std::uint32_t> class_of_canonical;
  std::vector<Bitboard> canonical_of_rank(first_sets);
  for (std::uint64_t rank = 0; rank < first_sets; ++rank) {
    const Bitboard set = colex_unrank(rank, first_count, squares);
    Bitboard best = set;
    for (const SquareMap& map : maps_) best = std::min(best, map.apply(set));
    canonical_of_rank[rank] = best;
    if (best == set) first_classes_.push_back(set);
  }
  // Class ids follow the colex order of the canonical sets, so they never
  // depend on anything but the board and the maps.
  for (std::uint32_t id = 0; id < first_classes_.size(); ++id) {
    class_of_canonical.emplace(first_classes_[id], id);
    std::uint32_t stabilizer = 0;
    for (std::size_t g = 0; g < maps_.size(); ++g)
      if (maps_[g].apply(first_classes_[id]) == first_classes_[id]) stabilizer |= 1u << g;
    class_stabilizer_.push_back(stabilizer);
  }
  for (std::uint64_t rank = 0; rank < first_sets; ++rank) {
    const Bitboard set = colex_unrank(rank, first_count, squares);
    const Bitboard canonical = canonical_of_rank[rank];
    std::uint32_t to_canonical = 0;
    for (std::size_t g = 0; g < maps_.size(); ++g)
      if (maps_[g].apply(set) == canonical) to_canonical |= 1u << g;
    class_of_rank_[rank] = {class_of_canonical.at(canonical), to_canonical};
  }
}

std::uint64_t TwoSetIndexer::index(Bitboard first, Bitboard second) const {
  const FirstSetClass& cls = class_of_rank_[colex_rank(first)];
  const Bitboard canonical_first = first_classes_[cls.class_id];
  std::uint32_t candidates = cls.to_canonical;
  std::uint64_t best = colex_rank_outside(maps_[std::countr_zero(candidates)].apply(second), canonical_first);
  candidates &= candidates - 1;
  // Only a symmetric canonical first set leaves a choice of map.
  while (candidates) {
    const int g = std::countr_zero(candidates);
    best = std::min(best, colex_rank_outside(maps_[g].apply(second), canonical_first));
    candidates &= candidates - 1;
  }
  return cls.class_id * second_sets_ + best;
}

std::pair<Bitboard, Bitboard> TwoSetIndexer::sets(std::uint64_t index) const {
  const Bitboard first = first_classes_[index / second_sets_];
  const Bitboard squeezed = colex_unrank(index % second_sets_, second_count_, squares_ - first_count_);
  // Spread the squeezed set over the squares the first set leaves free.
  Bitboard second = 0;
  Bitboard free_squares = ((squares_ == 32) ? ~Bitboard{0} : (bit(squares_) - 1)) & ~first;
  for (int i = 0; free_squares; ++i) {
    const Bitboard lowest = free_squares & (0u - free_squares);
    if (squeezed >> i & 1) second |= lowest;
    free_squares ^= lowest;
  }
  return {first, second};
}

std::uint64_t TwoSetIndexer::weight(std::uint64_t index) const {
  const auto [first, second] = sets(index);
  if (this->index(first, second) != index) return 0;
  std::uint32_t stabilizer = class_stabilizer_[index / second_sets_];
  std::uint64_t fixing = 0;
  while (stabilizer) {
    const int g = std::countr_zero(stabilizer);
    if (maps_[g].apply(second) == second) ++fixing;
    stabilizer &= stabilizer - 1;
  }
  return maps_.size() / fixing;
}

}  // namespace rtb
