#pragma once
// What the walk-file target reads its inputs as, shared with write_seeds,
// which writes its seeds: saves of this signature, their parts within these
// bounds.
#include <cstddef>
#include <cstdint>

namespace rtb_fuzz {

inline constexpr const char* kWalkSignature = "fuzz; byte walk 1, a walk of the fuzz target";
inline constexpr std::size_t kWalkMostParts = 16;
inline constexpr std::uint64_t kWalkMostPartBytes = 64 * 1024;

}  // namespace rtb_fuzz
