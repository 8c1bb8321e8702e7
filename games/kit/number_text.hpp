#pragma once
// Numbers as the games' descriptions print them.
#include <cstdint>
#include <iomanip>
#include <ostream>
#include <string>

#include "text/with_commas.hpp"

namespace rtb {

// The sizes of a tier, or of a sum of tiers, in the tables of `rtb games`.
struct TierSizes {
  std::uint64_t positions = 0, classes = 0, slots = 0, tiers = 0;
  TierSizes& operator+=(const TierSizes& o) {
    positions += o.positions, classes += o.classes, slots += o.slots, tiers += o.tiers;
    return *this;
  }
};

// One row of such a table: "  what  positions N  classes N  slots N", the
// positions right-aligned in `width` columns, the classes and slots in two fewer.
inline void print_tier_row(std::ostream& out, const std::string& what, const TierSizes& s, int width) {
  out << "  " << std::left << std::setw(34) << what << std::right << "  positions " << std::setw(width)
      << with_commas(s.positions) << "  classes " << std::setw(width - 2) << with_commas(s.classes) << "  slots "
      << std::setw(width - 2) << with_commas(s.slots) << "\n";
}

}  // namespace rtb
