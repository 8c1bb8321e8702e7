// FixedDivisor against the divide instruction: the divisors of the Morris and
// Crossings tiers' blocks and the edges of the 64-bit range, where the
// multiply's estimate falls one short.
#include "games/kit/fixed_divisor.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace rtb {
namespace {

void expect_exact(const FixedDivisor& d, std::uint64_t n) {
  const FixedDivisor::QuotientRemainder qr = d.divide(n);
  ASSERT_EQ(qr.quotient, n / d.divisor()) << n << " / " << d.divisor();
  ASSERT_EQ(qr.remainder, n % d.divisor()) << n << " % " << d.divisor();
}

TEST(FixedDivisor, DividesAsTheDivideInstructionDoes) {
  std::mt19937_64 random(20261204);
  std::vector<std::uint64_t> divisors = {1,
                                         2,
                                         3,
                                         7,
                                         24,
                                         50388,
                                         1352078,
                                         2704156,
                                         (std::uint64_t{1} << 32) + 1,
                                         ~std::uint64_t{0} / 3,
                                         ~std::uint64_t{0} - 1,
                                         ~std::uint64_t{0}};
  for (int k = 0; k < 64; ++k) divisors.push_back(random() >> (random() % 64) | 1);
  for (std::uint64_t d : divisors) {
    const FixedDivisor divisor(d);
    for (std::uint64_t n : {std::uint64_t{0}, std::uint64_t{1}, d - 1, d, d + 1, 2 * d - 1, ~std::uint64_t{0},
                            ~std::uint64_t{0} - 1, std::uint64_t{1} << 63, (std::uint64_t{1} << 63) - 1})
      expect_exact(divisor, n);
    for (int k = 0; k < 2000; ++k) {
      expect_exact(divisor, random());
      expect_exact(divisor, random() >> 24);  // slot numbers: below 2^40
      const std::uint64_t q = random() >> (random() % 64);
      if (q < ~std::uint64_t{0} / d) expect_exact(divisor, q * d + (random() % d));
    }
  }
}

TEST(FixedDivisor, ByDefaultDividesByOneAndRefusesZero) {
  EXPECT_EQ(FixedDivisor().quotient(123456789), 123456789u);
  EXPECT_EQ(FixedDivisor().divide(5).remainder, 0u);
  EXPECT_THROW(FixedDivisor(0), std::invalid_argument);
}

}  // namespace
}  // namespace rtb
