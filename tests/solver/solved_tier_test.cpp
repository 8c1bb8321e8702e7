// A solved tier held one byte a value where every value fits one, two where
// not (solver/solved_tier.hpp): the values read back the same through every
// view, whichever width the tier has.
#include "solver/solved_tier.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

namespace rtb {
namespace {

// Values cycling through draws, wins and losses up to `most`.
std::vector<Value> values_up_to(Value most, std::size_t count) {
  std::vector<Value> values(count);
  for (std::size_t i = 0; i < count; ++i) values[i] = static_cast<Value>((i * 7919) % (most + 1u));
  return values;
}

void expect_reads(const SolvedTier& tier, const std::vector<Value>& want) {
  ASSERT_EQ(tier.size(), want.size());
  const TierView view = tier.view();
  ASSERT_TRUE(static_cast<bool>(view));
  for (std::size_t i = 0; i < want.size(); i += 997) {
    EXPECT_EQ(tier[i], want[i]) << i;
    EXPECT_EQ(view[i], want[i]) << i;
    EXPECT_EQ(*view.at(i), want[i]) << i;
    EXPECT_EQ((view + i)[0], want[i]) << i;  // a view from an offset on, as a pointer reads
  }
  EXPECT_EQ(tier.widened(), want);
}

TEST(SolvedTier, ValuesBelow256AreNarrowedToOneByteEachAndReadTheSame) {
  // Larger than a narrowing block (4 Mi values), so that pages are given
  // back while the rest is still read.
  const std::vector<Value> want = values_up_to(255, (std::size_t{1} << 22) + 12345);
  SolvedTier tier = SolvedTier::narrowed(std::vector<Value>(want));
  EXPECT_TRUE(tier.is_narrow());
  EXPECT_EQ(tier.bytes(), want.size());
  expect_reads(tier, want);
  EXPECT_EQ(std::move(tier).take_wide(), want);
}

TEST(SolvedTier, AValueOf256OrMoreKeepsTheTierTwoBytesAValue) {
  std::vector<Value> want = values_up_to(255, 100000);
  want[54321] = 256;
  const SolvedTier tier = SolvedTier::narrowed(std::vector<Value>(want));
  EXPECT_FALSE(tier.is_narrow());
  EXPECT_EQ(tier.bytes(), 2 * want.size());
  expect_reads(tier, want);
}

TEST(SolvedTier, BytesGivenAsTheyAreAreTheValues) {
  std::vector<std::uint8_t> bytes(5000);
  std::iota(bytes.begin(), bytes.end(), std::uint8_t{0});
  const SolvedTier tier = SolvedTier::of_bytes(bytes);
  EXPECT_TRUE(tier.is_narrow());
  expect_reads(tier, std::vector<Value>(bytes.begin(), bytes.end()));
}

TEST(SolvedTier, ANullViewAndANullValueAtReadAsNone) {
  const TierView none;
  EXPECT_FALSE(static_cast<bool>(none));
  EXPECT_TRUE(none == nullptr);
  EXPECT_FALSE(static_cast<bool>(ValueAt(nullptr)));
}

}  // namespace
}  // namespace rtb
