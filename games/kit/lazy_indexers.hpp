#pragma once
// A game's SetIndexers by the sizes of their two sets, each built the first
// time it is asked for (a query needs a few of a game's hundred, and each
// costs a table of C(squares, first) entries), once even when threads ask
// at the same time. Indexers whose first sets have one size share that
// size's classes (SetIndexer::classes_of_first_sets), the largest part of
// each: Morabaraba's 169 indexers took 30 s to build apart, and Crossings
// 8x3's 64 held 90 MB apart, where its tables take 14 MiB shared. Sizes
// and table bytes are said without building anything (SetIndexer::slots_of),
// so that listing a game's tiers or planning a small run builds no table.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "solver/game_concept.hpp"

namespace rtb {

template <class Indexer>
class LazyIndexers {
 public:
  using Map = typename Indexer::Map;
  using Classes = typename Indexer::FirstSetClasses;

  LazyIndexers() = default;  // none: assign one made by the constructor below
  // Sets of up to most_first and most_second squares on a board of `squares`,
  // numbered up to `maps` (the identity first).
  LazyIndexers(int squares, std::vector<Map> maps, int most_first, int most_second)
      : squares_(squares),
        maps_(std::move(maps)),
        seconds_(static_cast<std::size_t>(most_second) + 1),
        indexers_(std::make_unique<LazyIndexer[]>((static_cast<std::size_t>(most_first) + 1) * seconds_)),
        classes_(std::make_unique<LazyClasses[]>(static_cast<std::size_t>(most_first) + 1)) {
    for (int first = 0; first <= most_first; ++first)
      for (int second = 0; second <= most_second; ++second)
        sizes_.push_back(Indexer::slots_of(squares_, {first, second}, maps_));
  }

  // The slots of the indexer of these sizes, built or not. A tier beyond the
  // slot limit is refused as building it would refuse it (std::length_error,
  // naming the sizes).
  std::uint64_t size(int first, int second) const {
    const std::uint64_t slots = sizes_[slot_of(first, second)];
    return slots <= kMaxTierSlots ? slots : get(first, second).size();
  }

  // The lookup of a built indexer stays inline: the solver's inner loops ask
  // for it per slot.
  const Indexer& get(int first, int second) const {
    const LazyIndexer& lazy = indexers_[slot_of(first, second)];
    if (const Indexer* built = lazy.ready.load(std::memory_order_acquire)) return *built;
    return build(first, second);
  }

  // The bytes the indexers of these (first, second) sizes hold once built,
  // said without building them: each one's own tables, and each size of
  // first set's classes once however many of them read it. A run holds them
  // from start to end, and the plan counts them (solver/game_concept.hpp:
  // ReportsTableBytes).
  std::uint64_t table_bytes(const std::vector<std::pair<int, int>>& indexers) const {
    std::uint64_t bytes = 0;
    std::vector<bool> counted_first(sizes_.size() / seconds_, false);
    std::vector<bool> counted_pair(sizes_.size(), false);
    for (const auto& [first, second] : indexers) {
      if (counted_pair[slot_of(first, second)]) continue;
      counted_pair[slot_of(first, second)] = true;
      bytes += Indexer::own_table_bytes_of(squares_, {first, second}, maps_);
      if (counted_first[static_cast<std::size_t>(first)]) continue;
      counted_first[static_cast<std::size_t>(first)] = true;
      bytes += Indexer::first_set_class_bytes(squares_, first, maps_);
    }
    return bytes;
  }

 private:
  struct LazyIndexer {
    std::once_flag built;
    std::unique_ptr<Indexer> indexer;
    std::atomic<const Indexer*> ready{nullptr};  // set once built: the lookups' fast path
  };
  struct LazyClasses {
    std::once_flag built;
    std::shared_ptr<const Classes> classes;
  };

  std::size_t slot_of(int first, int second) const {
    return static_cast<std::size_t>(first) * seconds_ + static_cast<std::size_t>(second);
  }

  const Indexer& build(int first, int second) const {
    LazyIndexer& lazy = indexers_[slot_of(first, second)];
    std::call_once(lazy.built, [&] {
      LazyClasses& shared = classes_[static_cast<std::size_t>(first)];
      std::call_once(shared.built, [&] { shared.classes = Indexer::classes_of_first_sets(squares_, first, maps_); });
      lazy.indexer = std::make_unique<Indexer>(squares_, first, second, maps_, shared.classes);
      lazy.ready.store(lazy.indexer.get(), std::memory_order_release);
    });
    return *lazy.indexer;
  }

  int squares_ = 0;
  std::vector<Map> maps_;
  std::size_t seconds_ = 0;
  std::unique_ptr<LazyIndexer[]> indexers_;
  std::unique_ptr<LazyClasses[]> classes_;
  std::vector<std::uint64_t> sizes_;  // by slot_of(first, second)
};

}  // namespace rtb
