#pragma once
// 1234567 -> "1,234,567": how counts of slots and positions are printed, by
// the solver's progress display and by the games' descriptions alike.
#include <cstdint>
#include <string>

namespace rtb {

inline std::string with_commas(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace rtb
