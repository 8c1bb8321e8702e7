#include "games/kit/bitboard.hpp"

namespace rtb::bitboard_detail {

// Computed by the compiler, once for the whole program (constinit: no code
// runs at start-up, and no other static may see it unset).
constinit const ColexByteTable kColexBytes{};

}  // namespace rtb::bitboard_detail
