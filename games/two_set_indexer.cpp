#include "games/two_set_indexer.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace rtb {

namespace {

// Sets of `size` squares among `free_squares` that `map` sends onto
// themselves, for a map that keeps `free_squares`: exactly the unions of
// its cycles there, counted by cycle lengths like subset sums.
std::uint64_t fixed_sets(const SquareMap& map, Bitboard free_squares, int size) {
  std::uint64_t ways[kMaxSquares + 1] = {1};
  for (Bitboard unvisited = free_squares; unvisited;) {
    int length = 0;
    for (int s = lowest_square(unvisited); unvisited & bit(s); s = map.apply_square(s)) {
      unvisited &= ~bit(s);
      ++length;
    }
    for (int total = size; total >= length; --total) ways[total] += ways[total - length];
  }
  return ways[size];
}

}  // namespace

TwoSetIndexer::TwoSetIndexer(int squares, int first_count, int second_count, std::vector<SquareMap> maps)
    : squares_(squares),
      first_count_(first_count),
      second_count_(second_count),
      second_sets_(binomial(squares - first_count, second_count)),
      maps_(std::move(maps)) {
  if (maps_.empty() || maps_.size() > 8) throw std::invalid_argument("TwoSetIndexer: 1 to 8 maps, identity first");
  for (int s = 0; s < squares; ++s)
    if (maps_[0].apply_square(s) != s) throw std::invalid_argument("TwoSetIndexer: the first map must be the identity");
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
    class_of_rank_[rank] = {class_of_canonical.at(canonical) << 8 | to_canonical};
  }
  constexpr std::uint64_t kMostTabledSecondSets = 1 << 17;  // 512 KiB
  if (second_sets_ <= kMostTabledSecondSets) {
    second_of_rank_.resize(second_sets_);
    // Colex order of equal-sized sets is the numeric order of their bitboards,
    // so each set follows from the one before (Gosper's next-combination).
    Bitboard set = second_count_ == 0 ? 0 : (~Bitboard{0} >> (kMaxSquares - second_count_));
    for (std::uint64_t rank = 0; rank < second_sets_; ++rank) {
      second_of_rank_[rank] = set;
      if (set == 0) break;
      const Bitboard low = set & (0u - set), carried = set + low;
      set = carried | (((carried ^ set) >> 2) / low);
    }
  }
}

std::pair<Bitboard, Bitboard> TwoSetIndexer::sets(std::uint64_t index) const {
  const Bitboard first = first_classes_[index / second_sets_];
  const std::uint64_t second_rank = index % second_sets_;
  const Bitboard squeezed = second_of_rank_.empty() ? colex_unrank(second_rank, second_count_, squares_ - first_count_)
                                                    : second_of_rank_[second_rank];
  const Bitboard board = (squares_ == 32) ? ~Bitboard{0} : (bit(squares_) - 1);
  return {first, spread(squeezed, board & ~first)};
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

std::uint64_t TwoSetIndexer::class_count() const {
  const Bitboard board = (squares_ == 32) ? ~Bitboard{0} : (bit(squares_) - 1);
  std::uint64_t classes = 0;
  for (std::size_t id = 0; id < first_classes_.size(); ++id) {
    // The second sets beside one canonical first set fall into the orbits of
    // its stabiliser: the mean number of sets a stabilising map fixes.
    std::uint64_t fixed = 0, maps = 0;
    for (std::uint32_t stabilizer = class_stabilizer_[id]; stabilizer; stabilizer &= stabilizer - 1, ++maps)
      fixed += fixed_sets(maps_[std::countr_zero(stabilizer)], board & ~first_classes_[id], second_count_);
    classes += fixed / maps;
  }
  return classes;
}

}  // namespace rtb
