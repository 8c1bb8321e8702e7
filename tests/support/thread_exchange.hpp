#pragma once
// Processes of a split tier group simulated by threads of one program
// (solver/slot_share.hpp): each thread takes one rank's GroupExchange, and
// every collective step meets at a barrier. Tests check a split walk against
// a whole one with it, without MPI.
#include <barrier>
#include <cstdint>
#include <vector>

#include "solver/slot_share.hpp"

namespace rtb::testing {

class ThreadExchange {
 public:
  explicit ThreadExchange(int ranks)
      : ranks_(ranks), meet_(ranks), boxes_(static_cast<std::size_t>(ranks)), words_(static_cast<std::size_t>(ranks)) {}

  class Rank final : public GroupExchange {
   public:
    Rank(ThreadExchange& shared, int rank) : shared_(shared), rank_(rank) {}
    int ranks() const override { return shared_.ranks_; }
    int rank() const override { return rank_; }
    std::vector<std::vector<std::uint64_t>> exchange(std::vector<std::vector<std::uint64_t>> to) override {
      shared_.boxes_[me()] = std::move(to);
      shared_.meet_.arrive_and_wait();
      std::vector<std::vector<std::uint64_t>> from;
      for (const auto& box : shared_.boxes_) from.push_back(box[me()]);
      shared_.meet_.arrive_and_wait();
      return from;
    }
    std::vector<std::uint64_t> sum(std::vector<std::uint64_t> mine) override {
      shared_.words_[me()] = std::move(mine);
      shared_.meet_.arrive_and_wait();
      std::vector<std::uint64_t> total(shared_.words_[me()].size(), 0);
      for (const auto& words : shared_.words_)
        for (std::size_t i = 0; i < total.size(); ++i) total[i] += words[i];
      shared_.meet_.arrive_and_wait();
      return total;
    }
    std::vector<std::vector<std::uint64_t>> gather(std::vector<std::uint64_t> mine) override {
      shared_.words_[me()] = std::move(mine);
      shared_.meet_.arrive_and_wait();
      std::vector<std::vector<std::uint64_t>> all;
      if (rank_ == 0) all = shared_.words_;
      shared_.meet_.arrive_and_wait();
      return all;
    }

   private:
    std::size_t me() const { return static_cast<std::size_t>(rank_); }
    ThreadExchange& shared_;
    int rank_;
  };

  Rank rank(int r) { return Rank(*this, r); }

 private:
  int ranks_;
  std::barrier<> meet_;
  std::vector<std::vector<std::vector<std::uint64_t>>> boxes_;  // by sender, then by receiver
  std::vector<std::vector<std::uint64_t>> words_;
};

}  // namespace rtb::testing
