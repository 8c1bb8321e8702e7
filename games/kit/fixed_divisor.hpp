#pragma once
// Division by a divisor fixed once (a tier's slots per block), with a
// multiply instead of the 64-bit divide instruction, which costs tens of
// cycles on the solver's per-slot paths (SetIndexer::sets()).
//
// With m = floor((2^64 - 1) / d), n * m / 2^64 is below n / d and short of
// it by less than n * (d + 1) / (d * 2^64), less than 1 for n below 2^63: its
// integer part is the quotient or one less, and the remainder's check
// corrects it (in a loop, so that every 64-bit n divides exactly).
#include <cstdint>
#include <stdexcept>

namespace rtb {

class FixedDivisor {
 public:
  struct QuotientRemainder {
    std::uint64_t quotient, remainder;
  };

  FixedDivisor() = default;  // divides by 1
  explicit FixedDivisor(std::uint64_t divisor) : divisor_(divisor) {
    if (divisor == 0) throw std::invalid_argument("FixedDivisor: division by zero");
    reciprocal_ = ~std::uint64_t{0} / divisor;
  }

  QuotientRemainder divide(std::uint64_t n) const {
    std::uint64_t q = static_cast<std::uint64_t>((static_cast<unsigned __int128>(n) * reciprocal_) >> 64);
    std::uint64_t r = n - q * divisor_;
    while (r >= divisor_) {  // at most once for n below 2^63
      ++q;
      r -= divisor_;
    }
    return {q, r};
  }
  std::uint64_t quotient(std::uint64_t n) const { return divide(n).quotient; }
  std::uint64_t divisor() const { return divisor_; }

 private:
  std::uint64_t divisor_ = 1;
  std::uint64_t reciprocal_ = ~std::uint64_t{0};
};

}  // namespace rtb
