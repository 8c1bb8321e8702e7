#pragma once
// Bit tricks and combinatorial ranking shared by every game's indexing,
// written once for sets of squares of any width: a game picks the set type
// that holds its board (32, 64 or 128 bits); the helpers below deduce it.
// Today's games have at most 25 squares and use the 32-bit Bitboard.
#include <array>
#include <bit>
#include <concepts>
#include <cstdint>
#include <limits>
#include <type_traits>
#ifdef __BMI2__
#include <immintrin.h>
#endif

namespace rtb {

using Bitboard = std::uint32_t;
using Bitboard64 = std::uint64_t;
using Bitboard128 = unsigned __int128;

// The word types a set of squares may be.
template <class S>
concept SquareSet = std::same_as<S, std::uint32_t> || std::same_as<S, std::uint64_t> || std::same_as<S, Bitboard128>;

// The squares a set type holds.
template <SquareSet S>
inline constexpr int kSetBits = static_cast<int>(sizeof(S)) * 8;

template <SquareSet S = Bitboard>
constexpr S bit(int square) {
  return S{1} << square;
}

// The set of squares 0 .. squares - 1 (a whole board).
template <SquareSet S = Bitboard>
constexpr S first_squares(int squares) {
  return squares >= kSetBits<S> ? ~S{0} : (S{1} << squares) - 1;
}

namespace bitboard_detail {
constexpr std::uint64_t low_half(Bitboard128 b) { return static_cast<std::uint64_t>(b); }
constexpr std::uint64_t high_half(Bitboard128 b) { return static_cast<std::uint64_t>(b >> 64); }
}  // namespace bitboard_detail

template <SquareSet S>
constexpr int count(S b) {
  if constexpr (std::same_as<S, Bitboard128>)
    return std::popcount(bitboard_detail::low_half(b)) + std::popcount(bitboard_detail::high_half(b));
  else return std::popcount(b);
}

// The lowest square of a non-empty set.
template <SquareSet S>
constexpr int lowest_square(S b) {
  if constexpr (std::same_as<S, Bitboard128>) {
    const std::uint64_t low = bitboard_detail::low_half(b);
    return low ? std::countr_zero(low) : 64 + std::countr_zero(bitboard_detail::high_half(b));
  } else {
    return std::countr_zero(b);
  }
}

// Calls f(square) for every square of the set, lowest first.
template <SquareSet S, class F>
constexpr void for_each_square(S set, F&& f) {
  for (; set; set &= set - 1) f(lowest_square(set));
}

// The set after `set` among the sets of its size in colex order, which for
// sets of one size is numeric order (Gosper's step): the lowest run of points
// moves its top point up one square and its other points down to square 0.
// `set` must not be empty nor the last set of its size in S.
template <SquareSet S>
constexpr S next_colex_set(S set) {
  const S filled = set | (set - 1);  // the squares below the lowest point filled in
  const S raised = filled + 1;       // the lowest run's top point raised, the run cleared
  return raised | (((~filled & raised) - 1) >> (lowest_square(set) + 1));
}

// binomial(n, k) for 0 <= n, k <= Bits + 1, as a table so ranking costs
// lookups only; values beyond 64 bits saturate (no tier is that large).
template <int Bits>
struct BinomialTable {
  std::array<std::array<std::uint64_t, Bits + 2>, Bits + 2> c{};
  constexpr BinomialTable() {
    constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
    for (int n = 0; n <= Bits + 1; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= n; ++k) {
        const std::uint64_t a = c[n - 1][k - 1], b = k <= n - 1 ? c[n - 1][k] : 0;
        c[n][k] = a > kMax - b ? kMax : a + b;
      }
    }
  }
};
// One table a width, so that a 32-bit game's lookups stay in a small table.
template <int Bits>
inline constexpr BinomialTable<Bits> kBinomials{};

constexpr std::uint64_t binomial(int n, int k) {
  if (k < 0 || n < 0 || k > n) return 0;
  return kBinomials<128>.c[n][k];
}

// Colex rank of a set among all sets of the same size: the j-th smallest
// element e (j = 1, 2, ...) contributes binomial(e, j). Dense and bijective
// onto 0 .. binomial(n, k) - 1 for sets inside n squares, whatever n is.
namespace bitboard_detail {
// Colex ranks of 32-bit sets byte by byte. The points of byte k (squares
// 8k .. 8k+7) with c points of the set below them add
//   sum over their points e, the i-th of the byte (i = 0, 1, ...): binomial(e, c + i + 1),
// so entry [k][c][b] holds that sum for the byte's value b, and a rank is
// four lookups and three popcounts instead of a loop over the points (the
// lookups do not wait on one another). Rows by c, so that a tier's sets of
// one size read a few kilobytes of the 132 KiB. Every sum is below
// binomial(32, 16) < 2^32. Built at compile time in bitboard.cpp.
struct ColexByteTable {
  static constexpr int kBytes = 4, kBelow = 33;
  std::uint32_t add[kBytes][kBelow][256]{};  // plain arrays: std::array's calls cost constant-evaluation steps
  // Each entry is the entry without the byte's highest point plus that
  // point's term, so the compiler does a few steps an entry (clang stops a
  // constant evaluation after about a million steps).
  constexpr ColexByteTable() {
    const auto& binomials = kBinomials<32>.c;
    int points[256]{};  // points of a byte value
    for (int k = 0; k < kBytes; ++k)
      for (int c = 0; c < kBelow; ++c)
        for (int b = 1, top = 0; b < 256; ++b) {
          if (b >> (top + 1)) ++top;
          const int below_top = b ^ (1 << top), j = c + 1 + points[below_top];  // the top point is the j-th
          points[b] = points[below_top] + 1;
          const std::uint64_t term =
              j <= 32 ? binomials[8 * k + top][j] : 0;  // beyond: no 32-bit set has that many points
          add[k][c][b] = add[k][c][below_top] + static_cast<std::uint32_t>(term);
        }
  }
};
extern const ColexByteTable kColexBytes;
}  // namespace bitboard_detail

template <SquareSet S>
constexpr std::uint64_t colex_rank(S set) {
  if constexpr (std::same_as<S, std::uint32_t>) {
    if (!std::is_constant_evaluated()) {
      const auto& add = bitboard_detail::kColexBytes.add;
      const int below1 = std::popcount(set & 0xFFu), below2 = std::popcount(set & 0xFFFFu),
                below3 = std::popcount(set & 0xFFFFFFu);
      return std::uint64_t{add[0][0][set & 0xFFu]} + add[1][below1][(set >> 8) & 0xFFu] +
             add[2][below2][(set >> 16) & 0xFFu] + add[3][below3][set >> 24];
    }
  }
  std::uint64_t rank = 0;
  int j = 1;
  while (set) {
    rank += kBinomials<kSetBits<S>>.c[lowest_square(set)][j++];
    set &= set - 1;
  }
  return rank;
}

// Inverse of colex_rank for sets of size k among n squares.
template <SquareSet S = Bitboard>
constexpr S colex_unrank(std::uint64_t rank, int k, int n) {
  S set = 0;
  int top = n - 1;
  for (int j = k; j >= 1; --j) {
    while (kBinomials<kSetBits<S>>.c[top][j] > rank) --top;
    rank -= kBinomials<kSetBits<S>>.c[top][j];
    set |= bit<S>(top);
    --top;
  }
  return set;
}

namespace bitboard_detail {
// The portable squeeze and spread, one square of the mask at a time.
template <SquareSet S>
constexpr S squeeze_by_loop(S set, S mask) {
  S out = 0;
  for (S place = 1; mask; mask &= mask - 1, place <<= 1)
    if (set & mask & (S{0} - mask)) out |= place;
  return out;
}
template <SquareSet S>
constexpr S spread_by_loop(S packed, S mask) {
  S out = 0;
  for (S place = 1; mask; mask &= mask - 1, place <<= 1)
    if (packed & place) out |= mask & (S{0} - mask);
  return out;
}
}  // namespace bitboard_detail

// The squares of `set` that lie in `mask`, packed to the low bits in order
// (x86 pext), and its inverse (pdep). One instruction each where BMI2 exists
// (two for 128 bits, one a half).
template <SquareSet S>
inline S squeeze(S set, S mask) {
#ifdef __BMI2__
  if constexpr (std::same_as<S, std::uint32_t>) {
    return _pext_u32(set, mask);
  } else if constexpr (std::same_as<S, std::uint64_t>) {
    return _pext_u64(set, mask);
  } else {
    using namespace bitboard_detail;
    const S low = _pext_u64(low_half(set), low_half(mask));
    const S high = _pext_u64(high_half(set), high_half(mask));
    return low | high << std::popcount(low_half(mask));
  }
#else
  return bitboard_detail::squeeze_by_loop(set, mask);
#endif
}

template <SquareSet S>
inline S spread(S packed, S mask) {
#ifdef __BMI2__
  if constexpr (std::same_as<S, std::uint32_t>) {
    return _pdep_u32(packed, mask);
  } else if constexpr (std::same_as<S, std::uint64_t>) {
    return _pdep_u64(packed, mask);
  } else {
    using namespace bitboard_detail;
    const S low = _pdep_u64(low_half(packed), low_half(mask));
    const S high = _pdep_u64(low_half(packed >> std::popcount(low_half(mask))), high_half(mask));
    return low | high << 64;
  }
#else
  return bitboard_detail::spread_by_loop(packed, mask);
#endif
}

// Colex rank of `set` counted among the squares outside `taken`.
template <SquareSet S>
inline std::uint64_t colex_rank_outside(S set, S taken) {
  return colex_rank(squeeze(set, static_cast<S>(~taken)));
}

}  // namespace rtb
