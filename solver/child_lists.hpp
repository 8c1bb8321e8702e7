#pragma once
// The forward walk's lists of children (solver/retrograde.hpp, pull_level).
//
// The forward walk asks every open position for its moves at every level;
// a position that stays open (a draw above all) has its moves generated and
// its children indexed again and again, and that is most of the walk's time
// once the early levels have resolved most of the group. When the open
// positions' in-group children fit the memory the plan allows, one level
// writes them down as it gathers them, and the levels after read each
// position's children from its row instead of generating its moves: the
// same children in the same order, so the same values.
//
// The layout: rows by chunk of slots (the walk's chunks of kWalkChunkSlots),
// each chunk's rows in one run of 32-bit words, the runs one after another
// in one array as the chunks are done.
//
//   row       a header word, (the slot's place in its chunk << 16) | n, then
//             n words, the children's numbers. Only positions still open
//             when the rows were written have one, in slot order.
//   number    a slot of the group counted across its tiers in the group's
//             order (first[local] + slot, as solver/reverse_moves.hpp): the
//             lists are kept only for a group of fewer than 2^32 slots.
//
// The walk knows a bound on the words before it writes them (the rows of
// the positions open at the last even level), and the array is that long;
// the system gives it pages only as they are written. A chunk's run shrinks
// as its positions close (the walk writes the rows it keeps over the ones
// it drops), so a level reads only open positions' rows; the memory is not
// given back until the walk ends.
#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
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
  // none written yet; frees any earlier. The room is taken from the system
  // as the rows are written.
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
  }
  bool empty() const { return runs_.empty(); }

  // Writes chunk c's rows (once, from any thread). Throws std::logic_error
  // past the words given to reset: the caller's bound was wrong.
  void put(std::size_t c, const std::vector<Word>& rows) {
    if (rows.empty()) return;
    const std::uint64_t at = used_.fetch_add(rows.size(), std::memory_order_relaxed);
    if (at + rows.size() > capacity_) throw std::logic_error("the lists of children outgrew their bound");
    std::memcpy(words_.get() + at, rows.data(), rows.size() * sizeof(Word));
    runs_[c] = {at, rows.size()};
  }
  // Chunk c's rows, which its one thread may rewrite and then shorten.
  Word* rows(std::size_t c) const { return words_.get() + runs_[c].at; }
  std::size_t words(std::size_t c) const { return runs_[c].words; }
  void shorten(std::size_t c, std::size_t words) { runs_[c].words = words; }

  // The memory the rows were written in: every word written, and the runs.
  std::uint64_t bytes() const { return bytes_needed(used_.load(), runs_.size()); }

 private:
  struct Run {
    std::uint64_t at = 0;
    std::uint64_t words = 0;
  };
  std::vector<Run> runs_;
  std::unique_ptr<Word[]> words_;
  std::uint64_t capacity_ = 0;
  std::atomic<std::uint64_t> used_{0};
};

}  // namespace rtb
