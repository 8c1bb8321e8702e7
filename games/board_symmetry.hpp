#pragma once
// The eight symmetries of a square board as square permutations, applied to
// bitboards by byte-wise lookup tables (four lookups per map).
#include <array>
#include <cstdint>
#include <vector>

#include "games/bitboard.hpp"

namespace rtb {

class SquareMap {
 public:
  SquareMap() = default;
  // `image[s]` is where square s goes; squares beyond image.size() stay empty.
  explicit SquareMap(const std::vector<int>& image);
  Bitboard apply(Bitboard b) const {
    return bytes_[0][b & 0xFF] | bytes_[1][(b >> 8) & 0xFF] | bytes_[2][(b >> 16) & 0xFF] |
           bytes_[3][b >> 24];
  }
  int apply_square(int s) const { return image_[s]; }
  const std::vector<int>& image() const { return image_; }

 private:
  std::vector<int> image_;
  std::array<std::array<Bitboard, 256>, 4> bytes_{};
};

// The 8 maps of the dihedral group on a width x width board, identity first.
// Square s = rank * width + file.
std::vector<SquareMap> dihedral_maps(int width);

}  // namespace rtb
