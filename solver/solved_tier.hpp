#pragma once
// A solved tier's values in memory, held while later tier groups read them:
// one byte a value where every value of the tier is below 256 (a distance of
// at most 254 plies, as in every tier of every game solved so far), two
// where not. A value's byte is its 16-bit word's low byte: no table, no
// decoding, and the files' one-byte encoding (tablebases/tier_file.hpp) is
// the same bytes.
//
// Readers see a tier through a TierView (or where one value lies, a ValueAt,
// which may be prefetched before it is read), whichever width it has: the
// width is a tier's, so the branch on it goes the same way for a whole walk.
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "solver/huge_pages.hpp"
#include "solver/value.hpp"

namespace rtb {

// Where one value lies, narrow or wide; null for none. As a raw pointer, it
// is left unset when declared without a value, so that the arrays of them
// that the walks keep on the stack cost nothing to set up.
class ValueAt {
 public:
  ValueAt() = default;
  ValueAt(std::nullptr_t) : at_(nullptr), narrow_(false) {}
  ValueAt(const Value* wide) : at_(wide), narrow_(false) {}
  ValueAt(const std::uint8_t* narrow) : at_(narrow), narrow_(true) {}
  Value operator*() const { return narrow_ ? *static_cast<const std::uint8_t*>(at_) : *static_cast<const Value*>(at_); }
  const void* address() const { return at_; }  // to prefetch
  explicit operator bool() const { return at_ != nullptr; }

 private:
  const void* at_;
  bool narrow_;
};

// A tier's values as readers see them; null where a tier is not loaded.
class TierView {
 public:
  TierView() = default;
  TierView(std::nullptr_t) {}
  TierView(const Value* wide) : wide_(wide) {}
  TierView(const std::uint8_t* narrow) : narrow_(narrow) {}
  Value operator[](std::uint64_t slot) const { return narrow_ ? narrow_[slot] : wide_[slot]; }
  ValueAt at(std::uint64_t slot) const { return narrow_ ? ValueAt(narrow_ + slot) : ValueAt(wide_ + slot); }
  // The view from slot `offset` on, as a pointer to the values would read.
  TierView operator+(std::uint64_t offset) const {
    return narrow_ ? TierView(narrow_ + offset) : TierView(wide_ + offset);
  }
  explicit operator bool() const { return narrow_ != nullptr || wide_ != nullptr; }
  bool operator==(std::nullptr_t) const { return !*this; }

 private:
  const std::uint8_t* narrow_ = nullptr;
  const Value* wide_ = nullptr;
};

// Values of tiers solved earlier, by tier id; null where a tier is not loaded.
using SolvedTierValues = std::vector<TierView>;

class SolvedTier {
 public:
  SolvedTier() = default;
  // Values as they are, two bytes each.
  explicit SolvedTier(std::vector<Value> wide) : wide_(std::move(wide)) {}
  // Values that are one byte each already (every one below 256).
  static SolvedTier of_bytes(std::vector<std::uint8_t> narrow) {
    SolvedTier tier;
    tier.narrow_ = std::move(narrow);
    tier.is_narrow_ = true;
    return tier;
  }
  // One byte a value where every value is below 256, written a block at a
  // time while the wide values' pages read so far are given back, so that
  // narrowing needs little more than the wide values; else wide, as given.
  static SolvedTier narrowed(std::vector<Value>&& wide) {
    if (!std::all_of(wide.begin(), wide.end(), [](Value v) { return v < 256; })) return SolvedTier(std::move(wide));
    std::vector<std::uint8_t> narrow;
    narrow.reserve(wide.size());
    advise_huge_pages(narrow.data(), wide.size());
    constexpr std::size_t kBlock = std::size_t{1} << 22;
    PageRelease release(wide.data());
    for (std::size_t start = 0; start < wide.size(); start += kBlock) {
      const std::size_t end = std::min(wide.size(), start + kBlock);
      narrow.insert(narrow.end(), wide.begin() + static_cast<std::ptrdiff_t>(start),
                    wide.begin() + static_cast<std::ptrdiff_t>(end));  // each value below 256: no loss
      release.up_to(wide.data() + end);
    }
    std::vector<Value>().swap(wide);
    return of_bytes(std::move(narrow));
  }

  bool is_narrow() const { return is_narrow_; }
  std::size_t size() const { return is_narrow_ ? narrow_.size() : wide_.size(); }
  Value operator[](std::size_t slot) const { return is_narrow_ ? narrow_[slot] : wide_[slot]; }
  TierView view() const { return is_narrow_ ? TierView(narrow_.data()) : TierView(wide_.data()); }
  std::span<const std::uint8_t> narrow_values() const { return narrow_; }  // empty unless narrow
  std::span<const Value> wide_values() const { return wide_; }             // empty if narrow
  std::size_t bytes() const { return is_narrow_ ? narrow_.size() : 2 * wide_.size(); }
  // A copy two bytes a value (for tests and small tiers).
  std::vector<Value> widened() const { return is_narrow_ ? std::vector<Value>(narrow_.begin(), narrow_.end()) : wide_; }
  // The values two bytes each, moved out where they are wide.
  std::vector<Value> take_wide() && { return is_narrow_ ? widened() : std::move(wide_); }

  // Gives back to the system the whole pages of an array from its start up
  // to a point as a front-to-back conversion passes it: they are never read
  // again (the array's owner frees it after). Pages are unmapped from
  // anonymous memory at once, so the two arrays of a conversion never hold
  // more than one array's bytes and a block.
  class PageRelease {
   public:
    explicit PageRelease(const void* begin)
        : page_(static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE))), released_(round_up(begin)) {}
    void up_to(const void* end) {
      const std::uintptr_t read = reinterpret_cast<std::uintptr_t>(end) & ~(page_ - 1);
      if (read <= released_) return;
      ::madvise(reinterpret_cast<void*>(released_), read - released_, MADV_DONTNEED);
      released_ = read;
    }

   private:
    std::uintptr_t round_up(const void* at) const {
      return (reinterpret_cast<std::uintptr_t>(at) + page_ - 1) & ~(page_ - 1);
    }
    std::uintptr_t page_;
    std::uintptr_t released_;
  };

 private:
  std::vector<std::uint8_t> narrow_;
  std::vector<Value> wide_;
  bool is_narrow_ = false;
};

}  // namespace rtb
