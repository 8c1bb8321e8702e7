#pragma once
// A game's SetIndexers by the sizes of their two sets, each built the first
// time it is asked for (a query needs a few of a game's hundred, and each
// costs a table of C(squares, first) entries), once even when threads ask
// at the same time. Indexers whose first sets have one size share that
// size's classes (SetIndexer::classes_of_first_sets), the largest part of
// each: Morabaraba's 169 indexers took 30 s to build apart, and Crossings
// 8x3's 64 held 90 MB apart, where its tables take 14 MiB shared.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

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
        classes_(std::make_unique<LazyClasses[]>(static_cast<std::size_t>(most_first) + 1)),
        firsts_(static_cast<std::size_t>(most_first) + 1) {}

  // The lookup of a built indexer stays inline: the solver's inner loops ask
  // for it per slot.
  const Indexer& get(int first, int second) const {
    const LazyIndexer& lazy = indexers_[slot_of(first, second)];
    if (const Indexer* built = lazy.ready.load(std::memory_order_acquire)) return *built;
    return build(first, second);
  }

  // The bytes of the tables built so far: every indexer's own, and each
  // table of classes once however many indexers read it. A run holds them
  // from start to end, and the plan counts them (solver/game_concept.hpp:
  // ReportsTableBytes).
  std::uint64_t table_bytes() const {
    std::uint64_t bytes = 0;
    std::vector<const Classes*> counted;
    for (std::size_t k = 0; k < firsts_ * seconds_; ++k) {
      const Indexer* built = indexers_[k].ready.load(std::memory_order_acquire);
      if (!built) continue;
      bytes += built->own_table_bytes();
      const Classes* classes = &built->first_set_class_table();
      if (std::find(counted.begin(), counted.end(), classes) != counted.end()) continue;
      counted.push_back(classes);
      bytes += classes->bytes();
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
  std::size_t firsts_ = 0;
};

}  // namespace rtb
