#pragma once
// Numbers the positions made of two disjoint sets of squares (a set of `first`
// squares, then a set of `second` squares among the rest), up to a group of
// board symmetries.
//
// The first set is replaced by the canonical member of its class (the one
// with the smallest bitboard) and ranked among the classes; the second set,
// moved by the same map, is ranked among the squares the first leaves free.
// When the canonical first set is itself symmetric, several slots stand for
// one class: index() always gives the slot whose second set ranks lowest, and
// the other slots are aliases (index(sets(i)) != i). Tier sizes therefore
// count slots, a little more than classes; weight() says how many positions
// each slot stands for, 0 for an alias, so that counts of positions and of
// classes stay exact.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "games/bitboard.hpp"
#include "games/board_symmetry.hpp"

namespace rtb {

class TwoSetIndexer {
 public:
  // `maps` must be a group (closed under composition) and contain the identity.
  TwoSetIndexer(int squares, int first_count, int second_count, std::vector<SquareMap> maps);

  std::uint64_t size() const { return first_classes_.size() * second_sets_; }
  std::uint64_t index(Bitboard first, Bitboard second) const { return index(first_set(first), second); }

  // The part of index() that depends on the first set only, for callers that
  // index many positions sharing one first set (all predecessors of a
  // position share the pieces of the side that did not move).
  struct FirstSet {
    Bitboard canonical;
    std::uint32_t maps;    // maps sending the first set onto `canonical`
    std::uint64_t base;    // slot of the class's first second set
  };
  FirstSet first_set(Bitboard first) const {
    const FirstSetClass cls = class_of_rank_[colex_rank(first)];
    return {first_classes_[cls.class_id()], cls.to_canonical(), cls.class_id() * second_sets_};
  }
  std::uint64_t index(const FirstSet& first, Bitboard second) const {
    std::uint32_t candidates = first.maps;
    std::uint64_t best = colex_rank_outside(maps_[std::countr_zero(candidates)].apply(second), first.canonical);
    candidates &= candidates - 1;
    // Only a symmetric canonical first set leaves a choice of map.
    while (candidates) {
      const int g = std::countr_zero(candidates);
      best = std::min(best, colex_rank_outside(maps_[g].apply(second), first.canonical));
      candidates &= candidates - 1;
    }
    return first.base + best;
  }
  // Slots come in blocks of consecutive slots, one block per class of first
  // sets: class_of_first_set(first) is the block of every index(first, ...).
  std::uint64_t first_set_classes() const { return first_classes_.size(); }
  std::uint32_t class_of_first_set(Bitboard first) const { return class_of_rank_[colex_rank(first)].class_id(); }
  std::pair<Bitboard, Bitboard> sets(std::uint64_t index) const;
  // Number of distinct positions the slot stands for; 0 for an alias slot.
  std::uint64_t weight(std::uint64_t index) const;
  // Number of classes: the slots of weight > 0, counted without visiting
  // them (Burnside's lemma over each canonical first set's stabiliser).
  std::uint64_t class_count() const;
  std::size_t symmetry_count() const { return maps_.size(); }
  // False when the slot can not be an alias (its first set has no symmetry),
  // which saves the check for almost every slot.
  bool may_be_alias(std::uint64_t index) const { return class_stabilizer_[index / second_sets_] != 1u; }
  // True when no map but the identity sends this first set onto itself.
  bool first_set_has_no_symmetry(Bitboard first) const {
    return class_stabilizer_[class_of_first_set(first)] == 1u;
  }

 private:
  // Packed in one word to keep the table small in cache: the class id, and
  // in the low 8 bits the maps that send the set onto its canonical set.
  struct FirstSetClass {
    std::uint32_t packed;
    std::uint32_t class_id() const { return packed >> 8; }
    std::uint32_t to_canonical() const { return packed & 0xFF; }
  };
  int squares_;
  int first_count_;
  int second_count_;
  std::uint64_t second_sets_;
  std::vector<SquareMap> maps_;
  std::vector<FirstSetClass> class_of_rank_;       // by colex rank of the first set
  std::vector<Bitboard> first_classes_;            // canonical first sets, by class id
  std::vector<std::uint32_t> class_stabilizer_;    // maps fixing the canonical first set
  // Second sets (squeezed) by rank, so that sets() costs a lookup instead of
  // the unranking loop; left empty where the table would be large.
  std::vector<Bitboard> second_of_rank_;
};

}  // namespace rtb
