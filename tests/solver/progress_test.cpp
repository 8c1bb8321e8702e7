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

}  // namespace
}  // namespace rtb
