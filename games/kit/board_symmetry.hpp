#pragma once
// Symmetries of a board as square permutations, applied to sets of squares
// of any width by byte-wise lookup tables (one lookup a byte of the set).
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "games/kit/bitboard.hpp"

namespace rtb {

template <SquareSet S>
class BasicSquareMap {
 public:
  using Set = S;
  BasicSquareMap() = default;
  // `image[s]` is where square s goes; squares beyond image.size() stay empty.
  explicit BasicSquareMap(const std::vector<int>& image);  // in board_symmetry.cpp, for each set type
  S apply(S b) const { return apply_bytes(b, std::make_index_sequence<sizeof(S)>{}); }
  int apply_square(int s) const { return image_[s]; }
  const std::vector<int>& image() const { return image_; }

 private:
  template <std::size_t... k>
  S apply_bytes(S b, std::index_sequence<k...>) const {
    return (bytes_[k][static_cast<std::uint8_t>(b >> (8 * k))] | ...);
  }
  std::vector<int> image_;
  std::array<std::array<S, 256>, sizeof(S)> bytes_{};
};

using SquareMap = BasicSquareMap<Bitboard>;

// The 8 maps of the dihedral group on a width x width board, identity first.
// Square s = rank * width + file. Defined in board_symmetry.cpp for the
// three set types.
template <SquareSet S = Bitboard>
std::vector<BasicSquareMap<S>> dihedral_maps(int width);

}  // namespace rtb
