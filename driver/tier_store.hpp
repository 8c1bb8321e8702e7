#pragma once
// Where the values of solved tiers live between tier groups. The group loop
// (driver/group_loop.hpp) reads from a store what a group needs and hands it
// what the group solved; neither the loop nor the solver knows whether the
// values go to files (FileTierStore) or stay in memory (MemoryTierStore).
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "solver/slot_share.hpp"
#include "solver/solved_tier.hpp"
#include "solver/value.hpp"
#include "solver/walk_checkpoint.hpp"

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
  // Where the byte walk of the group named `group` ("m7-9+m9-7") saves
  // itself between levels and finds a save to go on from
  // (solver/walk_checkpoint.hpp); null where this store keeps none.
  virtual std::unique_ptr<WalkCheckpoints> walk_saves(const std::string& group) {
    static_cast<void>(group);
    return nullptr;
  }
  // The group's tiers are stored whole: its saved walk, if any, goes.
  virtual void forget_walk(const std::string& group) { static_cast<void>(group); }
  // The same for a tier of a group split across processes: every process
  // calls it with its share's values (indexed by slot, its own slots only;
  // `share` as local tier `local` says which), and the store makes the
  // tier whole from the shares. Only a store of files can.
  virtual void save_share(std::uint32_t tier, const std::uint8_t* values, const SlotPartition& share, std::size_t local,
                          GroupExchange& exchange) {
    static_cast<void>(values), static_cast<void>(share), static_cast<void>(local), static_cast<void>(exchange);
    throw std::logic_error("tier " + std::to_string(tier) + ": only a store of files takes a split group's shares");
  }
};

}  // namespace rtb
