#pragma once
// Colex ranks of a set with one point more or one point fewer, for callers
// that rank many such sets around one fixed set (the children of a Morris
// position differ from a fixed set by the one stone that moved): after O(k)
// set-up for a set of k points, each rank costs a popcount and two lookups
// instead of a loop over the points.
#include <array>
#include <bit>
#include <cstdint>

#include "games/kit/bitboard.hpp"

namespace rtb {

// Colex ranks of S + {y} for a fixed set S of points and any point y
// outside it: with S's points s_0 < s_1 < ... the rank is
//   sum_{i<j} C(s_i, i+1) + C(y, j+1) + sum_{i>=j} C(s_i, i+2),
// j the number of S's points below y, so one table of the two running sums
// by j gives it at once. The table is small (the walk copies a few a parent):
// a rank of at most 25 points is below C(25, 12) < 2^32.
class RankWithOneMore {
  static constexpr int kMostPoints = 25;  // a set of at most 25 points (Bitboard boards)
 public:
  RankWithOneMore() = default;  // left unset (the walk keeps a few per parent): assign before use
  explicit RankWithOneMore(Bitboard set) { reset(set); }
  // Aims the table at another set where it lies: a walk that keeps a few
  // per parent rebuilds them in place, as copying a fresh one over stalls on
  // reading back the sums just written (store forwarding).
  void reset(Bitboard set) {
    set_ = set;
    std::uint32_t below[kMostPoints + 1];
    int k = 0;
    below[0] = 0;
    for (Bitboard s = set; s; s &= s - 1, ++k)
      below[k + 1] = below[k] + static_cast<std::uint32_t>(kBinomials<32>.c[lowest_square(s)][k + 1]);
    std::uint32_t above = 0;  // sum_{i>=j} C(s_i, i+2), from the top down
    sums_[k] = below[k];
    for (Bitboard s = set; k > 0; --k) {
      const int top = 31 - std::countl_zero(s);
      above += static_cast<std::uint32_t>(kBinomials<32>.c[top][k + 1]);
      sums_[k - 1] = below[k - 1] + above;
      s &= ~bit(top);
    }
  }
  std::uint64_t operator()(int y) const {
    const int j = count(set_ & (bit(y) - 1));
    return sums_[j] + kBinomials<32>.c[y][j + 1];
  }

 private:
  Bitboard set_ = 0;
  std::array<std::uint32_t, kMostPoints + 1> sums_;  // by j: the two running sums
};

// The same for S - {y}, y one of S's points s_j:
//   sum_{i<j} C(s_i, i+1) + sum_{i>j} C(s_i, i).
class RankWithOneLess {
  static constexpr int kMostPoints = 25;

 public:
  explicit RankWithOneLess(Bitboard set) : set_(set) {
    std::uint32_t below[kMostPoints + 1];
    int k = 0;
    below[0] = 0;
    for (Bitboard s = set; s; s &= s - 1, ++k)
      below[k + 1] = below[k] + static_cast<std::uint32_t>(kBinomials<32>.c[lowest_square(s)][k + 1]);
    full_ = below[k];
    std::uint32_t above = 0;  // sum_{i>j} C(s_i, i), from the top down
    if (k > 0) sums_[k - 1] = below[k - 1];
    for (Bitboard s = set; k > 1; --k) {
      const int top = 31 - std::countl_zero(s);
      above += static_cast<std::uint32_t>(kBinomials<32>.c[top][k - 1]);
      sums_[k - 2] = below[k - 2] + above;
      s &= ~bit(top);
    }
  }
  std::uint64_t operator()(int y) const { return sums_[count(set_ & (bit(y) - 1))]; }
  std::uint64_t full() const { return full_; }  // the rank of S itself

 private:
  Bitboard set_;
  std::uint64_t full_ = 0;
  std::array<std::uint32_t, kMostPoints + 1> sums_;  // by j: the two running sums
};

}  // namespace rtb
