// The progress line on a narrow terminal (issue 27: written with "\r\033[K",
// which clears one physical row, a line wider than the terminal wrapped and
// the screen filled with fragments, the time left never visible).
#include "solver/progress.hpp"

#include <gtest/gtest.h>

#include <string>

namespace rtb {
namespace {

const std::string kFull =
    "[5s] group 4/28 m3-6+m6-3 (15,733,296 slots): counting moves 3,121,152/15,733,296 slots (19%)";
const std::string kCompact = "[5s] 4/28 m3-6+m6-3: counting moves 19%";
const std::string kTail = ", about 1h11m left";

TEST(ProgressLine, AWideTerminalGetsTheWholeLine) {
  EXPECT_EQ(fit_progress_line(kFull, kCompact, kTail, 200), kFull + kTail);
  EXPECT_EQ(fit_progress_line(kFull, kCompact, kTail, 0), kFull + kTail);  // width unknown
}

TEST(ProgressLine, EightyColumnsGetTheCompactLineWithTheTimeLeft) {
  const std::string line = fit_progress_line(kFull, kCompact, kTail, 80);
  EXPECT_EQ(line, kCompact + kTail);
  EXPECT_LT(line.size(), 80u);
}

TEST(ProgressLine, ANarrowerTerminalKeepsTheTimeLeftWhole) {
  for (std::size_t width : {60u, 40u, 30u}) {
    const std::string line = fit_progress_line(kFull, kCompact, kTail, width);
    EXPECT_LT(line.size(), width) << line;
    EXPECT_EQ(line.substr(line.size() - kTail.size()), kTail) << line;
  }
  // Narrower than the time left itself: still one row.
  EXPECT_LT(fit_progress_line(kFull, kCompact, kTail, 12).size(), 12u);
}

// Issue 27: Bagh-Chal's whole game (a walked sliding phase of 88 M slots in
// 50 s, then 185 placement groups solved in one pass, 34.8 G slots in about
// 39 minutes) said "about 26h19m left" after 40 s, its rate one for all
// slots. Weighted by kind it is within 2x from the first group on, says it
// is rough until a group of each kind still ahead has finished, and is then
// the measured rate's answer.
TEST(TimeLeft, ARunOfAWalkedGroupThenOnePassGroupsIsWeightedByKind) {
  constexpr std::uint64_t kSliding = 88'000'000, kPlacement = 34'800'000'000 / 100;
  constexpr double kSlidingSeconds = 50, kPlacementSeconds = 23.5;  // each of the 100 placement groups
  TimeLeft t;
  t.plan(TimeLeft::kWalked, kSliding);
  for (int g = 0; g < 100; ++g) t.plan(TimeLeft::kOnePass, kPlacement);
  EXPECT_FALSE(t.estimate(0, 0).known);  // nothing measured, nothing started
  t.start(TimeLeft::kWalked, kSliding, 0);
  EXPECT_FALSE(t.estimate(0.001, 0.05).known);  // under a second: no figure yet
  const double truth = kSlidingSeconds / 2 + 100 * kPlacementSeconds;
  const TimeLeft::Estimate early = t.estimate(0.5, kSlidingSeconds / 2);
  ASSERT_TRUE(early.known);
  EXPECT_FALSE(early.sure);
  EXPECT_GT(early.seconds, truth / 2);
  EXPECT_LT(early.seconds, truth * 2);
  // The sliding phase ends; the first placement group runs: still rough.
  t.start(TimeLeft::kOnePass, kPlacement, kSlidingSeconds);
  EXPECT_FALSE(t.estimate(0.5, kPlacementSeconds / 2).sure);
  // One placement group has finished: the rest is 98.5 of them at its rate.
  t.start(TimeLeft::kOnePass, kPlacement, kPlacementSeconds);
  const TimeLeft::Estimate settled = t.estimate(0.5, kPlacementSeconds / 2);
  EXPECT_TRUE(settled.sure);
  EXPECT_NEAR(settled.seconds, 98.5 * kPlacementSeconds, 1.0);
}

}  // namespace
}  // namespace rtb
