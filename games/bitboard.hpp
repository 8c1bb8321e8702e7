#pragma once
// Bit tricks and combinatorial ranking shared by every game's indexing.
// Boards have at most 32 squares, so a set of squares is one 32-bit word.
#include <array>
#include <bit>
#include <cstdint>
#ifdef __BMI2__
#include <immintrin.h>
#endif

namespace rtb {

using Bitboard = std::uint32_t;

inline constexpr int kMaxSquares = 32;

constexpr Bitboard bit(int square) { return Bitboard{1} << square; }
constexpr int count(Bitboard b) { return std::popcount(b); }
constexpr int lowest_square(Bitboard b) { return std::countr_zero(b); }

// binomial(n, k) for 0 <= n, k <= 32, as a table so ranking costs lookups only.
struct BinomialTable {
  std::array<std::array<std::uint64_t, kMaxSquares + 2>, kMaxSquares + 2> c{};
  constexpr BinomialTable() {
    for (int n = 0; n <= kMaxSquares + 1; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
    }
  }
};
inline constexpr BinomialTable kBinomials{};

constexpr std::uint64_t binomial(int n, int k) {
  if (k < 0 || n < 0 || k > n) return 0;
  return kBinomials.c[n][k];
}

// Colex rank of a set among all sets of the same size: the j-th smallest
// element e (j = 1, 2, ...) contributes binomial(e, j). Dense and bijective
// onto 0 .. binomial(n, k) - 1 for sets inside n squares, whatever n is.
constexpr std::uint64_t colex_rank(Bitboard set) {
  std::uint64_t rank = 0;
  int j = 1;
  while (set) {
    rank += kBinomials.c[lowest_square(set)][j++];
    set &= set - 1;
  }
  return rank;
}

// Inverse of colex_rank for sets of size k.
constexpr Bitboard colex_unrank(std::uint64_t rank, int k, int n) {
  Bitboard set = 0;
  int top = n - 1;
  for (int j = k; j >= 1; --j) {
    while (kBinomials.c[top][j] > rank) --top;
    rank -= kBinomials.c[top][j];
    set |= bit(top);
    --top;
  }
  return set;
}

// The squares of `set` that lie in `mask`, packed to the low bits in order
// (x86 pext), and its inverse (pdep). One instruction each where BMI2 exists.
inline Bitboard squeeze(Bitboard set, Bitboard mask) {
#ifdef __BMI2__
  return _pext_u32(set, mask);
#else
  Bitboard out = 0;
  for (Bitboard place = 1; mask; mask &= mask - 1, place <<= 1)
    if (set & mask & (0u - mask)) out |= place;
  return out;
#endif
}

inline Bitboard spread(Bitboard packed, Bitboard mask) {
#ifdef __BMI2__
  return _pdep_u32(packed, mask);
#else
  Bitboard out = 0;
  for (Bitboard place = 1; mask; mask &= mask - 1, place <<= 1)
    if (packed & place) out |= mask & (0u - mask);
  return out;
#endif
}

// Colex rank of `set` counted among the squares outside `taken`.
inline std::uint64_t colex_rank_outside(Bitboard set, Bitboard taken) { return colex_rank(squeeze(set, ~taken)); }

}  // namespace rtb
