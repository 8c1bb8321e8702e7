#pragma once
// Where the values of solved tiers live between tier groups. The group loop
// (driver/group_loop.hpp) reads from a store what a group needs and hands it
// what the group solved; neither the loop nor the solver knows whether the
// values go to files (FileTierStore) or stay in memory (MemoryTierStore).
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "solver/solved_tier.hpp"
#include "solver/value.hpp"

namespace rtb {

// A tier's values, one byte each where they fit (solver/solved_tier.hpp),
// shared so that a store may keep what the loop holds without copying it.
using TierValues = std::shared_ptr<const SolvedTier>;

// The tiers a caller of TierStore::load_using holds already: a tier's
// values, or null where the store is to read them itself.
using HeldTiers = std::function<TierValues(std::uint32_t)>;

class TierStore {
 public:
  virtual ~TierStore() = default;
  // True when the tier is stored whole and intact, so its group need not be
  // solved again (a killed run resumes from there).
  virtual bool is_complete(std::uint32_t tier) = 0;
  // The stored values; throws, with a message that says what is wrong, when
  // they are missing or damaged.
  virtual TierValues load(std::uint32_t tier) = 0;
  // The same, for a store that computes a tier from others (a derived tier,
  // driver/file_tier_store.hpp): it takes those others from `held` where
  // that has them, so that a caller about to hold them too does not read them
  // twice. Stores that compute nothing just load.
  virtual TierValues load_using(std::uint32_t tier, const HeldTiers& held) {
    static_cast<void>(held);
    return load(tier);
  }
  virtual void save(std::uint32_t tier, TierValues values) = 0;
};

}  // namespace rtb
