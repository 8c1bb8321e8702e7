#include "games/kit/board_symmetry.hpp"

namespace rtb {

template <SquareSet S>
BasicSquareMap<S>::BasicSquareMap(const std::vector<int>& image) : image_(image) {
  for (std::size_t byte = 0; byte < sizeof(S); ++byte) {
    for (int pattern = 0; pattern < 256; ++pattern) {
      S out = 0;
      for (int b = 0; b < 8; ++b) {
        const int square = static_cast<int>(byte) * 8 + b;
        if ((pattern >> b & 1) && square < static_cast<int>(image_.size())) out |= bit<S>(image_[square]);
      }
      bytes_[byte][pattern] = out;
    }
  }
}

template <SquareSet S>
std::vector<BasicSquareMap<S>> dihedral_maps(int width) {
  const int last = width - 1;
  std::vector<BasicSquareMap<S>> maps;
  // (file, rank) -> new (file, rank), for the 8 ways to place the square.
  for (int m = 0; m < 8; ++m) {
    std::vector<int> image(width * width);
    for (int rank = 0; rank < width; ++rank) {
      for (int file = 0; file < width; ++file) {
        int f = file, r = rank;
        if (m & 1) f = last - f;     // left-right mirror
        if (m & 2) r = last - r;     // upside down
        if (m & 4) std::swap(f, r);  // reflection in the a1-h8 diagonal
        image[rank * width + file] = r * width + f;
      }
    }
    maps.emplace_back(image);
  }
  return maps;
}

template class BasicSquareMap<std::uint32_t>;
template class BasicSquareMap<std::uint64_t>;
template class BasicSquareMap<Bitboard128>;
template std::vector<BasicSquareMap<std::uint32_t>> dihedral_maps(int);
template std::vector<BasicSquareMap<std::uint64_t>> dihedral_maps(int);
template std::vector<BasicSquareMap<Bitboard128>> dihedral_maps(int);

}  // namespace rtb
