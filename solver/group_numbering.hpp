#pragma once
// A tier group's slots counted one after another across its tiers, in the
// group's order: number = first(local tier) + slot. The table of moves taken
// back (solver/reverse_moves.hpp) and the forward walk's lists of children
// (solver/child_lists.hpp) name the group's positions by these numbers.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace rtb {

class GroupNumbering {
 public:
  GroupNumbering() = default;
  // From the slots of each tier, in the group's order.
  explicit GroupNumbering(const std::vector<std::uint64_t>& slots_of_tier) : first_(1, 0) {
    for (std::uint64_t slots : slots_of_tier) first_.push_back(first_.back() + slots);
  }

  std::uint64_t number(std::size_t local, std::uint64_t slot) const { return first_[local] + slot; }
  // Where tier `local`'s numbers begin; first(tiers()) is the total.
  std::uint64_t first(std::size_t local) const { return first_[local]; }
  std::uint64_t total() const { return first_.empty() ? 0 : first_.back(); }
  std::size_t tiers() const { return first_.empty() ? 0 : first_.size() - 1; }
  bool empty() const { return first_.empty(); }
  // The tier whose numbers hold `number` (below total()): a search from the
  // last, as a group has a few tiers.
  std::size_t local_of(std::uint64_t number) const {
    std::size_t local = tiers() - 1;
    while (first_[local] > number) --local;
    return local;
  }

  friend bool operator==(const GroupNumbering&, const GroupNumbering&) = default;

 private:
  std::vector<std::uint64_t> first_;  // by local tier, then the group's total; empty before a group
};

}  // namespace rtb
