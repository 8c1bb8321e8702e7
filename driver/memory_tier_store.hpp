#pragma once
// A tier store that keeps every value in memory: for tests and benchmarks,
// where files would only get in the way.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "driver/tier_store.hpp"

namespace rtb {

class MemoryTierStore final : public TierStore {
 public:
  explicit MemoryTierStore(std::uint32_t tier_count) : values_(tier_count) {}

  bool is_complete(std::uint32_t tier) override { return values_.at(tier) != nullptr; }
  TierValues load(std::uint32_t tier) override {
    if (!values_.at(tier)) throw std::logic_error("tier " + std::to_string(tier) + " is not solved yet");
    return values_[tier];
  }
  void save(std::uint32_t tier, TierValues values) override { values_.at(tier) = std::move(values); }

  // Every tier's values by tier id (empty where none was saved), moved out
  // when the store is their only holder.
  std::vector<std::vector<Value>> take_all() {
    std::vector<std::vector<Value>> all(values_.size());
    for (std::size_t t = 0; t < values_.size(); ++t) {
      if (!values_[t]) continue;
      if (values_[t].use_count() == 1) all[t] = std::move(const_cast<SolvedTier&>(*values_[t])).take_wide();
      else all[t] = values_[t]->widened();
      values_[t].reset();
    }
    return all;
  }

 private:
  std::vector<TierValues> values_;
};

}  // namespace rtb
