#pragma once
// Numbers the positions made of N disjoint sets of squares of given sizes
// (a set of counts[0] squares, then one of counts[1] among the rest, ...),
// up to a group of board symmetries, in the manner of Syzygy's grouped
// encoding.
//
// The first set is replaced by the canonical member of its class (the one
// with the smallest bitboard) and ranked among the classes; each further
// set, moved by the same map, is ranked (colex) among the squares the sets
// before it leave free, and those ranks make one mixed-radix number, the
// second set's rank the most significant digit. When the canonical first
// set is itself symmetric, several slots stand for one class: index() always
// gives the slot whose further sets rank lowest, and the other slots are
// aliases (index(sets(i)) != i). Tier sizes therefore count slots, a little
// more than classes; weight() says how many positions each slot stands for,
// 0 for an alias, so that counts of positions and of classes stay exact.
//
// With two sets this is the numbering every tablebase file of the current
// games was written with (TwoSetIndexer): the slots must never change.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "games/kit/bitboard.hpp"
#include "games/kit/board_symmetry.hpp"
#include "games/kit/fixed_divisor.hpp"
#include "solver/game_concept.hpp"

namespace rtb {

template <SquareSet S, std::size_t N, std::size_t MostMaps = 8>
class SetIndexer {
  static_assert(N >= 1, "at least one set");
  static_assert(MostMaps == 8 || MostMaps == 16, "a map set is 8 or 16 bits in the class table");

 public:
  using Map = BasicSquareMap<S>;
  using Sets = std::array<S, N>;
  static constexpr std::size_t kMostMaps = MostMaps;  // a map set is MostMaps bits in the class table

  // The classes of the first sets: which class each set is in (by its colex
  // rank) and by which maps it reaches its canonical set, and each class's
  // canonical set and stabiliser. They depend on the squares, the maps and
  // the first set's size only, so indexers that differ in their further
  // sets can share them: a game with many tiers builds one table a size of
  // first set (classes_of_first_sets) instead of one a tier. Built in one pass
  // over the sets in colex order, which for sets of one size is numeric
  // order: a set's canonical set (the smallest image) never comes after it.
  struct FirstSetClasses;
  static std::shared_ptr<const FirstSetClasses> classes_of_first_sets(int squares, int first_count,
                                                                      const std::vector<Map>& maps);
  // How many classes there are, and what the table of them and an
  // indexer's own tables will take, said without building them: a plan
  // counts a run's tables, and a tier's size is asked for long before (or
  // without) its positions are numbered.
  static std::uint64_t count_first_set_classes(int squares, int first_count, const std::vector<Map>& maps);
  static std::uint64_t first_set_class_bytes(int squares, int first_count, const std::vector<Map>& maps);
  static std::uint64_t own_table_bytes_of(int squares, const std::array<int, N>& counts, const std::vector<Map>& maps);
  // The slots of an indexer of these counts: classes of first sets times the
  // placements of the further sets, as size() will say once it is built.
  static std::uint64_t slots_of(int squares, const std::array<int, N>& counts, const std::vector<Map>& maps);

  // `maps` must be a group (closed under composition) with the identity
  // first; at most kMostMaps. `classes`, when given, must come from
  // classes_of_first_sets with the same squares, maps and counts[0]; otherwise
  // the indexer builds its own. Throws std::invalid_argument for bad
  // arguments and std::length_error when the tier would exceed kMaxTierSlots.
  SetIndexer(int squares, const std::array<int, N>& counts, std::vector<Map> maps,
             std::shared_ptr<const FirstSetClasses> classes = nullptr);
  SetIndexer(int squares, int first_count, int second_count, std::vector<Map> maps,
             std::shared_ptr<const FirstSetClasses> classes = nullptr) requires(N == 2)
      : SetIndexer(squares, std::array<int, 2>{first_count, second_count}, std::move(maps), std::move(classes)) {}

  std::uint64_t size() const { return class_count_ * further_sets_; }

  // The part of index() that depends on the first set only, for callers that
  // index many positions sharing one first set (all predecessors of a
  // position share the pieces of the side that did not move).
  struct FirstSet {
    S canonical;
    std::uint32_t maps;  // maps sending the first set onto `canonical`
    std::uint64_t base;  // slot of the class's first slot
  };
  FirstSet first_set(S first) const { return first_set_of_rank(colex_rank(first)); }
  // Asks the cache for what first_set_of_rank(rank) will read: the table by
  // rank is megabytes, so a caller that knows the next first set early hides
  // the miss behind its work on the current one.
  void prefetch_first_set_of_rank(std::uint64_t rank) const { __builtin_prefetch(&class_of_rank_[rank]); }
  // The same for a caller that has the set's colex rank already.
  FirstSet first_set_of_rank(std::uint64_t rank) const {
    const FirstSetClass cls = class_of_rank_[rank];
    return {first_classes_[cls.class_id()], cls.to_canonical(), cls.class_id() * further_sets_};
  }

  std::uint64_t index(const Sets& sets) const { return index(first_set(sets[0]), sets.data() + 1); }
  template <class... Further>
  requires(sizeof...(Further) + 1 == N) std::uint64_t index(S first, Further... further)
  const {
    const S rest[N] = {first, static_cast<S>(further)...};
    return index(first_set(first), rest + 1);
  }
  template <class... Further>
  requires(sizeof...(Further) + 1 == N) std::uint64_t index(const FirstSet& first, Further... further)
  const {
    const S rest[N] = {S{0}, static_cast<S>(further)...};
    return index(first, rest + 1);
  }
  // `further` points at the N - 1 sets after the first.
  std::uint64_t index(const FirstSet& first, const S* further) const {
    std::uint32_t candidates = first.maps;
    std::uint64_t best = further_rank(maps_[std::countr_zero(candidates)], first.canonical, further);
    candidates &= candidates - 1;
    // Only a symmetric canonical first set leaves a choice of map.
    while (candidates) {
      const int g = std::countr_zero(candidates);
      best = std::min(best, further_rank(maps_[g], first.canonical, further));
      candidates &= candidates - 1;
    }
    return first.base + best;
  }
  // Calls f(slot) for every slot of the class of (first, further): one a map
  // that sends the first set onto its canonical set (a slot may come more
  // than once when the position itself is symmetric). index() is the least.
  template <class F>
  void for_each_slot_of_class(const FirstSet& first, const S* further, F&& f) const {
    for (std::uint32_t candidates = first.maps; candidates; candidates &= candidates - 1)
      f(first.base + further_rank(maps_[std::countr_zero(candidates)], first.canonical, further));
  }

  // Slots come in blocks of consecutive slots, one block per class of first
  // sets: class_of_first_set(first) is the block of every index(first, ...).
  std::uint64_t first_set_classes() const { return class_count_; }
  std::uint32_t class_of_first_set(S first) const { return class_of_rank_[colex_rank(first)].class_id(); }
  std::uint64_t class_of_slot(std::uint64_t index) const { return by_block_.quotient(index); }
  Sets sets(std::uint64_t index) const;
  // Number of distinct positions the slot stands for; 0 for an alias slot.
  std::uint64_t weight(std::uint64_t index) const;
  // Number of classes: the slots of weight > 0, counted without visiting
  // them (Burnside's lemma over each canonical first set's stabiliser).
  std::uint64_t class_count() const;
  std::size_t symmetry_count() const { return maps_.size(); }
  const Map& map(std::size_t g) const { return maps_[g]; }
  // Slots a class of first sets takes: the placements of the further sets.
  std::uint64_t further_sets() const { return further_sets_; }
  // The canonical first set of the class, by class id.
  S first_class(std::uint64_t id) const { return first_classes_[id]; }
  // False when the slot can not be an alias (its first set has no symmetry),
  // which saves the check for almost every slot.
  bool may_be_alias(std::uint64_t index) const { return class_stabilizer_[by_block_.quotient(index)] != 1u; }
  // True when no map but the identity sends this first set onto itself.
  bool first_set_has_no_symmetry(S first) const { return class_stabilizer_[class_of_first_set(first)] == 1u; }
  // The bytes of this indexer's own tables (its copy of the maps, a few
  // kilobytes each, and its further sets by rank), without the classes of
  // first sets it may share with others (FirstSetClasses::bytes).
  std::uint64_t own_table_bytes() const { return own_table_bytes_of(squares_, counts_, maps_); }
  // The classes of first sets it reads, shared or its own.
  const FirstSetClasses& first_set_class_table() const { return *classes_; }

 private:
  // Packed in one word to keep the table small in cache: the class id, and
  // in the low 8 bits the maps that send the set onto its canonical set.
  // Eight maps keep the word at 32 bits, the tables of today's games; the
  // Morris boards' 16 maps take a 64-bit word.
  using Packed = std::conditional_t<MostMaps == 8, std::uint32_t, std::uint64_t>;
  struct FirstSetClass {
    Packed packed;
    std::uint32_t class_id() const { return static_cast<std::uint32_t>(packed >> MostMaps); }
    std::uint32_t to_canonical() const { return static_cast<std::uint32_t>(packed & ((Packed{1} << MostMaps) - 1)); }
  };
  // A further set's table by rank (of_rank_) is kept up to this many ranks.
  static constexpr std::uint64_t kMostTabledSets = 1 << 17;
  static constexpr std::uint64_t kMostClasses = std::uint64_t{1}
                                                << (MostMaps == 8 ? 24 : 32);  // what FirstSetClass holds

  // The mixed-radix rank of the further sets under `map`, the first set
  // mapped to `canonical` already.
  std::uint64_t further_rank(const Map& map, S canonical, const S* further) const {
    std::uint64_t rank = 0;
    S taken = canonical;
    for (std::size_t k = 0; k + 1 < N; ++k) {
      const S image = map.apply(further[k]);
      rank = rank * radix_[k] + colex_rank_outside(image, taken);
      taken |= image;
    }
    return rank;
  }
  // Tuples of further sets that `map` fixes beside a first set (below).
  std::uint64_t fixed_tuples(const Map& map, S free_squares) const;

  int squares_;
  std::array<int, N> counts_;
  S board_;
  std::array<std::uint64_t, N> radix_{};  // ranks of further set k at radix_[k - 1]
  std::uint64_t further_sets_ = 1;        // the product of the radices
  FixedDivisor by_block_;                 // divides by further_sets_: a slot's block and its place there
  std::vector<Map> maps_;
  std::shared_ptr<const FirstSetClasses> classes_;
  // classes_'s tables, read on the solver's per-slot paths without going
  // through the pointer.
  const FirstSetClass* class_of_rank_;     // by colex rank of the first set
  const S* first_classes_;                 // canonical first sets, by class id
  const std::uint32_t* class_stabilizer_;  // maps fixing the canonical first set
  std::uint64_t class_count_;
  // Further set k (squeezed) by rank, so that sets() costs a lookup instead
  // of the unranking loop; left empty where the table would be large.
  std::array<std::vector<S>, N> of_rank_;
};

template <SquareSet S, std::size_t N, std::size_t M>
struct SetIndexer<S, N, M>::FirstSetClasses {
  int squares = 0, count = 0;
  std::size_t maps = 0;
  std::vector<FirstSetClass> class_of_rank;  // by colex rank of the set
  std::vector<S> canonical;                  // by class id, in colex order
  std::vector<std::uint32_t> stabilizer;     // by class id
  // What they hold (a vector's room beyond its size is never touched, so
  // never resident).
  std::uint64_t bytes() const {
    return class_of_rank.size() * sizeof(FirstSetClass) + canonical.size() * sizeof(S) +
           stabilizer.size() * sizeof(std::uint32_t);
  }
};

// The two-set case every current game uses: its numbering is the one their
// tablebase files hold.
using TwoSetIndexer = SetIndexer<Bitboard, 2>;

// ---- implementation ----

template <SquareSet S, std::size_t N, std::size_t M>
SetIndexer<S, N, M>::SetIndexer(int squares, const std::array<int, N>& counts, std::vector<Map> maps,
                                std::shared_ptr<const FirstSetClasses> classes)
    : squares_(squares), counts_(counts), board_(first_squares<S>(squares)), maps_(std::move(maps)) {
  if (squares < 0 || squares > kSetBits<S>)
    throw std::invalid_argument("SetIndexer: " + std::to_string(squares) + " squares do not fit a " +
                                std::to_string(kSetBits<S>) + "-bit set");
  if (maps_.empty() || maps_.size() > kMostMaps)
    throw std::invalid_argument("SetIndexer: 1 to " + std::to_string(kMostMaps) + " maps, identity first");
  for (int s = 0; s < squares; ++s)
    if (maps_[0].apply_square(s) != s) throw std::invalid_argument("SetIndexer: the first map must be the identity");
  int pieces = 0;
  for (int c : counts) {
    if (c < 0) throw std::invalid_argument("SetIndexer: a set cannot have a negative size");
    pieces += c;
  }
  if (pieces > squares)
    throw std::invalid_argument("SetIndexer: " + std::to_string(pieces) + " pieces do not fit " +
                                std::to_string(squares) + " squares");
  // The size, checked against the slot limit before any table is built.
  const auto too_large = [&](const std::string& what) {
    return std::length_error("SetIndexer: " + what + " exceed the " + std::to_string(kMaxTierSlots) + " slots (2^" +
                             std::to_string(kSlotBits) + ") a tier may hold");
  };
  int free_squares = squares - counts[0];
  for (std::size_t k = 1; k < N; ++k) {
    radix_[k - 1] = binomial(free_squares, counts[k]);
    free_squares -= counts[k];
    if (static_cast<unsigned __int128>(further_sets_) * radix_[k - 1] > kMaxTierSlots)
      throw too_large("the placements of the further sets alone");
    further_sets_ *= radix_[k - 1];
  }
  by_block_ = FixedDivisor(further_sets_);
  const std::uint64_t first_sets = binomial(squares, counts[0]);
  // Each class has at least first_sets / |maps| members: a cheap bound first.
  if (static_cast<unsigned __int128>(first_sets / maps_.size()) * further_sets_ > kMaxTierSlots)
    throw too_large(std::to_string(first_sets) + " first sets times " + std::to_string(further_sets_) +
                    " further placements");
  if (!classes) classes = classes_of_first_sets(squares, counts[0], maps_);
  if (classes->squares != squares || classes->count != counts[0] || classes->maps != maps_.size())
    throw std::invalid_argument("SetIndexer: classes of first sets built for another board, maps or set size");
  classes_ = std::move(classes);
  class_of_rank_ = classes_->class_of_rank.data();
  first_classes_ = classes_->canonical.data();
  class_stabilizer_ = classes_->stabilizer.data();
  class_count_ = classes_->canonical.size();
  if (static_cast<unsigned __int128>(class_count_) * further_sets_ > kMaxTierSlots)
    throw too_large(std::to_string(class_count_) + " classes of first sets times " + std::to_string(further_sets_) +
                    " further placements");
  for (std::size_t k = 1; k < N; ++k) {
    const std::uint64_t ranks = radix_[k - 1];
    if (ranks > kMostTabledSets) continue;
    of_rank_[k].resize(ranks);
    S set = first_squares<S>(counts[k]);
    for (std::uint64_t rank = 0; rank < ranks; ++rank) {
      of_rank_[k][rank] = set;
      if (rank + 1 < ranks) set = next_colex_set(set);
    }
  }
}

template <SquareSet S, std::size_t N, std::size_t M>
std::shared_ptr<const typename SetIndexer<S, N, M>::FirstSetClasses> SetIndexer<S, N, M>::classes_of_first_sets(
    int squares, int first_count, const std::vector<Map>& maps) {
  auto out = std::make_shared<FirstSetClasses>();
  out->squares = squares;
  out->count = first_count;
  out->maps = maps.size();
  const std::uint64_t sets = binomial(squares, first_count);
  out->class_of_rank.resize(sets);
  S set = first_squares<S>(first_count);
  for (std::uint64_t rank = 0; rank < sets; ++rank) {
    // The smallest image, and every map that gives it (the identity first).
    S canonical = set;
    std::uint32_t to_canonical = 1;
    for (std::size_t g = 1; g < maps.size(); ++g) {
      const S image = maps[g].apply(set);
      if (image < canonical) {
        canonical = image;
        to_canonical = 1u << g;
      } else if (image == canonical) {
        to_canonical |= 1u << g;
      }
    }
    std::uint64_t id;
    if (canonical == set) {  // a new class; the maps that fix its set are its stabiliser
      id = out->canonical.size();
      if (id >= kMostClasses)
        throw std::length_error("SetIndexer: more classes of first sets than the class table holds");
      out->canonical.push_back(set);
      out->stabilizer.push_back(to_canonical);
    } else {  // ranked earlier, as the canonical set is smaller
      id = out->class_of_rank[colex_rank(canonical)].class_id();
    }
    out->class_of_rank[rank] = {static_cast<Packed>(id) << M | to_canonical};
    if (rank + 1 < sets) set = next_colex_set(set);
  }
  return out;
}

// Burnside's lemma: the classes are the mean, over the maps, of the sets
// each map sends onto themselves; such a set is a union of the map's cycles,
// so it is counted by the cycles' lengths (the coefficient of x^count in the
// product of 1 + x^length over the cycles).
template <SquareSet S, std::size_t N, std::size_t M>
std::uint64_t SetIndexer<S, N, M>::count_first_set_classes(int squares, int first_count, const std::vector<Map>& maps) {
  if (first_count < 0 || first_count > squares || maps.empty()) return 0;
  unsigned __int128 fixed_sum = 0;
  for (const Map& map : maps) {
    std::vector<unsigned __int128> ways(static_cast<std::size_t>(first_count) + 1, 0);
    ways[0] = 1;
    std::vector<bool> seen(static_cast<std::size_t>(squares), false);
    for (int start = 0; start < squares; ++start) {
      if (seen[static_cast<std::size_t>(start)]) continue;
      int length = 0;
      for (int s = start; !seen[static_cast<std::size_t>(s)]; s = map.apply_square(s)) {
        seen[static_cast<std::size_t>(s)] = true;
        ++length;
      }
      for (int filled = first_count - length; filled >= 0; --filled)
        ways[static_cast<std::size_t>(filled + length)] += ways[static_cast<std::size_t>(filled)];
    }
    fixed_sum += ways[static_cast<std::size_t>(first_count)];
  }
  const unsigned __int128 classes = fixed_sum / maps.size();
  return classes > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                             : static_cast<std::uint64_t>(classes);
}

template <SquareSet S, std::size_t N, std::size_t M>
std::uint64_t SetIndexer<S, N, M>::first_set_class_bytes(int squares, int first_count, const std::vector<Map>& maps) {
  return binomial(squares, first_count) * sizeof(FirstSetClass) +
         count_first_set_classes(squares, first_count, maps) * (sizeof(S) + sizeof(std::uint32_t));
}

template <SquareSet S, std::size_t N, std::size_t M>
std::uint64_t SetIndexer<S, N, M>::own_table_bytes_of(int squares, const std::array<int, N>& counts,
                                                      const std::vector<Map>& maps) {
  std::uint64_t bytes = maps.size() * sizeof(Map);
  for (const Map& map : maps) bytes += map.image().size() * sizeof(int);
  int free_squares = squares - counts[0];
  for (std::size_t k = 1; k < N; ++k) {
    const std::uint64_t ranks = binomial(free_squares, counts[k]);
    if (ranks <= kMostTabledSets) bytes += ranks * sizeof(S);
    free_squares -= counts[k];
  }
  return bytes;
}

template <SquareSet S, std::size_t N, std::size_t M>
std::uint64_t SetIndexer<S, N, M>::slots_of(int squares, const std::array<int, N>& counts,
                                            const std::vector<Map>& maps) {
  // Saturates where it passes 64 bits, as binomial() does: far beyond any
  // tier the constructor accepts (kMaxTierSlots).
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t slots = count_first_set_classes(squares, counts[0], maps);
  int free_squares = squares - counts[0];
  for (std::size_t k = 1; k < N; ++k) {
    const unsigned __int128 product = static_cast<unsigned __int128>(slots) * binomial(free_squares, counts[k]);
    slots = product > kMax ? kMax : static_cast<std::uint64_t>(product);
    free_squares -= counts[k];
  }
  return slots;
}

template <SquareSet S, std::size_t N, std::size_t M>
typename SetIndexer<S, N, M>::Sets SetIndexer<S, N, M>::sets(std::uint64_t index) const {
  Sets out{};
  const FixedDivisor::QuotientRemainder block = by_block_.divide(index);
  out[0] = first_classes_[block.quotient];
  std::uint64_t rest = block.remainder;
  std::array<std::uint64_t, N> rank{};
  // Digits from the least significant (the last set); the most significant
  // is what the others leave, without a division.
  for (std::size_t k = N - 1; k >= 2; --k) {
    rank[k] = rest % radix_[k - 1];
    rest /= radix_[k - 1];
  }
  if constexpr (N >= 2) rank[1] = rest;
  S taken = out[0];
  int free_squares = squares_ - counts_[0];
  for (std::size_t k = 1; k < N; ++k) {
    const S squeezed = of_rank_[k].empty() ? colex_unrank<S>(rank[k], counts_[k], free_squares) : of_rank_[k][rank[k]];
    out[k] = spread(squeezed, static_cast<S>(board_ & ~taken));
    taken |= out[k];
    free_squares -= counts_[k];
  }
  return out;
}

template <SquareSet S, std::size_t N, std::size_t M>
std::uint64_t SetIndexer<S, N, M>::weight(std::uint64_t index) const {
  const Sets s = sets(index);
  if (this->index(s) != index) return 0;
  std::uint32_t stabilizer = class_stabilizer_[by_block_.quotient(index)];
  std::uint64_t fixing = 0;
  while (stabilizer) {
    const Map& map = maps_[std::countr_zero(stabilizer)];
    bool fixes = true;
    for (std::size_t k = 1; k < N; ++k) fixes = fixes && map.apply(s[k]) == s[k];
    fixing += fixes;
    stabilizer &= stabilizer - 1;
  }
  return maps_.size() / fixing;
}

// Tuples of further sets (of the sizes asked for, pairwise disjoint, among
// `free_squares`) that `map` sends onto themselves, for a map that keeps
// `free_squares`: each set is a union of the map's cycles there, so the
// tuples are counted by cycle lengths, like subset sums in N - 1 dimensions.
template <SquareSet S, std::size_t N, std::size_t M>
std::uint64_t SetIndexer<S, N, M>::fixed_tuples(const Map& map, S free_squares) const {
  // ways[filled], `filled` the sizes reached so far in mixed radix (count + 1).
  std::array<std::uint64_t, N> stride{};
  std::uint64_t states = 1;
  for (std::size_t k = 1; k < N; ++k) {
    stride[k] = states;
    states *= static_cast<std::uint64_t>(counts_[k]) + 1;
  }
  std::vector<std::uint64_t> ways(states, 0);
  ways[0] = 1;
  for (S unvisited = free_squares; unvisited;) {
    int length = 0;
    for (int s = lowest_square(unvisited); unvisited & bit<S>(s); s = map.apply_square(s)) {
      unvisited &= ~bit<S>(s);
      ++length;
    }
    std::vector<std::uint64_t> next = ways;  // the cycle in no set
    for (std::uint64_t state = 0; state < states; ++state) {
      if (!ways[state]) continue;
      for (std::size_t k = 1; k < N; ++k) {
        const int filled = static_cast<int>(state / stride[k] % (counts_[k] + 1));
        if (filled + length <= counts_[k]) next[state + length * stride[k]] += ways[state];
      }
    }
    ways.swap(next);
  }
  return ways[states - 1];
}

template <SquareSet S, std::size_t N, std::size_t M>
std::uint64_t SetIndexer<S, N, M>::class_count() const {
  std::uint64_t classes = 0;
  for (std::size_t id = 0; id < class_count_; ++id) {
    // The further sets beside one canonical first set fall into the orbits of
    // its stabiliser: the mean number of tuples a stabilising map fixes.
    std::uint64_t fixed = 0, maps = 0;
    for (std::uint32_t stabilizer = class_stabilizer_[id]; stabilizer; stabilizer &= stabilizer - 1, ++maps)
      fixed += fixed_tuples(maps_[std::countr_zero(stabilizer)], static_cast<S>(board_ & ~first_classes_[id]));
    classes += fixed / maps;
  }
  return classes;
}

// The current games' case is compiled once, in set_indexer.cpp.
extern template class SetIndexer<Bitboard, 2>;

}  // namespace rtb
