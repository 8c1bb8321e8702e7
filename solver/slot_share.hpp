#pragma once
// One tier group split across processes (docs/design.md, "A group split
// across processes"): which of the group's slots this process owns, and the
// collective steps the byte walk takes between its levels. The solver knows
// no MPI: a launcher (apps/rtb/mpi/) gives it a GroupExchange, and a lone
// process none, which leaves the walk as it is.
//
// The slots are dealt in blocks, cyclically: block j of the group's local
// tier k (counted across the group's tiers, so that a small tier does not
// always fall to the first process) belongs to process (first_block[k] + j)
// mod N. Every process then owns close to a 1/N share of every tier, which
// spreads both the memory and the work of each level; a block is a whole
// number of the tier file's compression blocks (so each process compresses
// its own) and of the walk's chunks of 1024 slots (so each chunk is scanned
// by its owner alone).
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

namespace rtb {

// The byte walk scans its slots in chunks of this many (solver/retrograde.hpp).
inline constexpr std::uint64_t kWalkChunkSlots = 1024;

// The blocks a split group is dealt in, for files of file_block_slots
// positions a block: the smallest whole number of both a file block and a
// walk chunk.
inline std::uint64_t share_block_slots(std::uint64_t file_block_slots) {
  return std::lcm(file_block_slots, kWalkChunkSlots);
}

// The collective steps of a split walk. Every process of the group calls
// each of them at the same point of the walk, in the same order.
class GroupExchange {
 public:
  virtual ~GroupExchange() = default;
  virtual int ranks() const = 0;
  virtual int rank() const = 0;
  // Hands to[r] to process r, for every r, and returns from[r]: what process
  // r handed this one (to[rank()] comes back as it went).
  virtual std::vector<std::vector<std::uint64_t>> exchange(std::vector<std::vector<std::uint64_t>> to) = 0;
  // Each element summed over the processes.
  virtual std::vector<std::uint64_t> sum(std::vector<std::uint64_t> mine) = 0;
  // Process 0 gets every process's words, by rank; the others get nothing.
  virtual std::vector<std::vector<std::uint64_t>> gather(std::vector<std::uint64_t> mine) = 0;
};

// A lone process: every step hands back what it is given.
class OneProcessExchange final : public GroupExchange {
 public:
  int ranks() const override { return 1; }
  int rank() const override { return 0; }
  std::vector<std::vector<std::uint64_t>> exchange(std::vector<std::vector<std::uint64_t>> to) override { return to; }
  std::vector<std::uint64_t> sum(std::vector<std::uint64_t> mine) override { return mine; }
  std::vector<std::vector<std::uint64_t>> gather(std::vector<std::uint64_t> mine) override { return {mine}; }
};

// Which slots of a group each process owns (see the top of this file).
class SlotPartition {
 public:
  SlotPartition() = default;  // of no slots
  // tier_slots: each local tier's slots; block_slots: a positive multiple of
  // the walk's chunk and of the file's block.
  SlotPartition(const std::vector<std::uint64_t>& tier_slots, int ranks, int rank, std::uint64_t block_slots)
      : ranks_(ranks), rank_(rank), block_(block_slots), slots_(tier_slots) {
    std::uint64_t blocks = 0;
    for (const std::uint64_t slots : tier_slots) {
      first_block_.push_back(blocks);
      blocks += (slots + block_ - 1) / block_;
    }
  }

  bool split() const { return ranks_ > 1; }
  int ranks() const { return ranks_; }
  int rank() const { return rank_; }
  std::uint64_t block_slots() const { return block_; }

  int owner(std::size_t local, std::uint64_t slot) const {
    if (!split()) return 0;
    return static_cast<int>((first_block_[local] + slot / block_) % static_cast<std::uint64_t>(ranks_));
  }
  bool owns(std::size_t local, std::uint64_t slot) const { return owner(local, slot) == rank_; }

  // How many slots of local tier `local` this process owns, and the slot of
  // the i-th of them (in slot order).
  std::uint64_t owned_slots(std::size_t local) const {
    if (!split()) return slots_[local];
    const std::uint64_t blocks = (slots_[local] + block_ - 1) / block_, first = first_owned_block(local);
    if (first >= blocks) return 0;
    const std::uint64_t count = (blocks - 1 - first) / stride() + 1;
    const std::uint64_t last = first + (count - 1) * stride();
    return count * block_ - (last == blocks - 1 ? blocks * block_ - slots_[local] : 0);
  }
  std::uint64_t slot_of_owned(std::size_t local, std::uint64_t i) const {
    if (!split()) return i;
    return (first_owned_block(local) + i / block_ * stride()) * block_ + i % block_;
  }

 private:
  std::uint64_t stride() const { return static_cast<std::uint64_t>(ranks_); }
  // The first block of the tier this process owns.
  std::uint64_t first_owned_block(std::size_t local) const {
    const std::uint64_t n = stride();
    return (static_cast<std::uint64_t>(rank_) + n - first_block_[local] % n) % n;
  }

  int ranks_ = 1, rank_ = 0;
  std::uint64_t block_ = 1;
  std::vector<std::uint64_t> slots_;
  std::vector<std::uint64_t> first_block_;
};

}  // namespace rtb
