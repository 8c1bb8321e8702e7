#pragma once
// The forward walk's lists of children (solver/retrograde.hpp, pull_level).
//
// The forward walk asks every open position for its moves at every level;
// a position that stays open (a draw above all) has its moves generated and
// its children indexed again and again, and that is most of the walk's time
// once the early levels have resolved most of the group. So an even level
// (which asks every open position) writes the in-group children of the
// positions still open down as it gathers them, in the memory the plan
// allows, and the levels after read each listed position's children from
// its row instead of generating its moves: the same children in the same
// order, so the same values.
//
// The layout: rows by chunk of slots (the walk's chunks of kWalkChunkSlots),
// each chunk's rows in one run of 32-bit words, the runs one after another
// in one array as the chunks are done.
//
//   row       a header word, (the slot's place in its chunk << 16) | n, then
//             n words, the children's numbers. Only positions still open
//             when the rows were written have one, in slot order.
//   number    a slot of the group counted across its tiers in the group's
//             order (solver/group_numbering.hpp): the lists are kept only
//             for a group of fewer than 2^32 slots.
//
// The array is as long as the memory the plan allows the lists, and the
// system gives it pages only as they are written. A chunk's rows are
// written where the room left holds them, so the lists may hold some
// chunks and not others: a chunk without rows is asked for its moves as
// before, and gets its rows at a later even level if room is left then. A
// chunk's run shrinks as its positions close (the walk writes the rows it
// keeps over the ones it drops), and before each even level the runs are
// moved together, so that the room the closed positions left goes to more
// chunks.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace rtb {

class ChildLists {
 public:
  using Word = std::uint32_t;
  static constexpr unsigned kPlaceShift = 16;
  static constexpr Word kCountMask = (Word{1} << kPlaceShift) - 1;
  // The most slots a group may have for its numbers to fit a word.
  static constexpr std::uint64_t kMostNumbers = std::uint64_t{1} << 32;

  static Word header(std::uint64_t place_in_chunk, int children) {
    return static_cast<Word>(place_in_chunk << kPlaceShift) | static_cast<Word>(children);
  }
  static unsigned place_of(Word header) { return header >> kPlaceShift; }
  static int count_of(Word header) { return static_cast<int>(header & kCountMask); }

  // The memory of rows of `words` words in all over `chunks` chunks.
  static std::uint64_t bytes_needed(std::uint64_t words, std::uint64_t chunks) {
    return words * sizeof(Word) + chunks * sizeof(Run);
  }

  // Makes room for `chunks` chunks' rows of at most `words` words in all,
  // none written yet; frees any earlier. The system gives the room as the
  // rows are written.
  void reset(std::size_t chunks, std::uint64_t words) {
    clear();
    runs_.resize(chunks);
    words_ = std::make_unique_for_overwrite<Word[]>(words);
    capacity_ = words;
  }
  void clear() {
    std::vector<Run>().swap(runs_);
    words_.reset();
    capacity_ = 0;
    used_ = 0;
    high_water_ = 0;
  }
  bool empty() const { return runs_.empty(); }
  bool has_room() const { return used_.load(std::memory_order_relaxed) < capacity_; }

  // Writes chunk c's rows, from the thread that owns the chunk, where the
  // room left holds them; returns whether it did (the chunk is then listed).
  bool put(std::size_t c, const std::vector<Word>& rows) {
    std::uint64_t at = used_.load(std::memory_order_relaxed);
    do {
      if (at + rows.size() > capacity_) return false;
    } while (!used_.compare_exchange_weak(at, at + rows.size(), std::memory_order_relaxed));
    std::memcpy(words_.get() + at, rows.data(), rows.size() * sizeof(Word));
    runs_[c] = {at, rows.size(), true};
    return true;
  }
  // False for every chunk before reset (no lists kept for this group).
  bool listed(std::size_t c) const { return c < runs_.size() && runs_[c].listed; }
  // Chunk c's rows, which its one thread may rewrite and then shorten.
  Word* rows(std::size_t c) const { return words_.get() + runs_[c].at; }
  std::size_t words(std::size_t c) const { return runs_[c].words; }
  void shorten(std::size_t c, std::size_t words) { runs_[c].words = words; }

  // Moves every run to the front, in the order they lie (each moves down,
  // over words no longer used), so that the room the closed positions' rows
  // left is room for more chunks. Between levels, on one thread.
  void compact() {
    high_water_ = std::max(high_water_, used_.load());
    std::vector<std::size_t> order;
    for (std::size_t c = 0; c < runs_.size(); ++c)
      if (runs_[c].words > 0) order.push_back(c);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return runs_[a].at < runs_[b].at; });
    std::uint64_t to = 0;
    for (const std::size_t c : order) {
      if (runs_[c].at != to) std::memmove(words_.get() + to, words_.get() + runs_[c].at, runs_[c].words * sizeof(Word));
      runs_[c].at = to;
      to += runs_[c].words;
    }
    used_ = to;
  }

  // The memory the rows took at most: every word written before a
  // compaction or since, and the runs.
  std::uint64_t bytes() const { return bytes_needed(std::max(high_water_, used_.load()), runs_.size()); }

 private:
  struct Run {
    std::uint64_t at = 0;
    std::uint64_t words = 0;
    bool listed = false;
  };
  std::vector<Run> runs_;
  std::unique_ptr<Word[]> words_;
  std::uint64_t capacity_ = 0;
  std::atomic<std::uint64_t> used_{0};
  std::uint64_t high_water_ = 0;
};

}  // namespace rtb
