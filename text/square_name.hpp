#pragma once
// A square's name as position and move texts write it (docs/rules.md): its
// file a letter from a, its rank a number from 1, a1 the bottom left. Boards
// number their squares rank by rank from a1 = 0.
#include <string>

namespace rtb {

// The square on `file` and `rank`, both counted from 0.
inline std::string square_name(int file, int rank) {
  std::string name(1, static_cast<char>('a' + file));
  name += std::to_string(rank + 1);  // appended, not added: GCC 12 warns falsely (-Wrestrict) on + here
  return name;
}

// Square number `square` of a board `files` wide.
inline std::string square_name_by_number(int square, int files) { return square_name(square % files, square / files); }

}  // namespace rtb
