// Each group's peak memory, measured (driver/peak_memory.hpp): the sampler
// sees memory held for a fraction of a second and then freed, a restart
// forgets it, and generate reports every group it solves with its plan's
// figure and a peak no larger than the process's own (the kernel's).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "driver/generate.hpp"
#include "driver/peak_memory.hpp"
#include "games/line_capture/line_capture.hpp"
#include "tests/support/scratch_dir.hpp"

namespace rtb {
namespace {

constexpr std::uint64_t kMiB = 1 << 20;

// The kernel's peak of this process (VmHWM), which getrusage reports too.
std::uint64_t kernel_peak_bytes() {
  std::ifstream status("/proc/self/status");
  std::string key;
  while (status >> key) {
    if (key == "VmHWM:") {
      std::uint64_t kib = 0;
      status >> kib;
      return kib << 10;
    }
    status.ignore(1 << 12, '\n');
  }
  return 0;
}

TEST(PeakSampler, SeesMemoryHeldBrieflyAndForgetsItOnRestart) {
  PeakSampler sampler;
  const std::uint64_t before = resident_bytes();
  ASSERT_GT(before, 0u) << "/proc/self/statm says nothing";
  sampler.restart();
  {
    std::vector<unsigned char> held(64 * kMiB);
    for (std::size_t i = 0; i < held.size(); i += 4096) held[i] = 1;  // resident, page by page
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  // Freed (a block this large goes back to the system at once): only the
  // sampler saw it.
  EXPECT_LT(resident_bytes(), before + 16 * kMiB);
  EXPECT_GE(sampler.peak(), before + 60 * kMiB);
  sampler.restart();
  EXPECT_LT(sampler.peak(), before + 16 * kMiB);
}

TEST(GroupPeaks, GenerateReportsEveryGroupWithItsPlanAndAPeakWithinTheProcesss) {
  // Cinc camins up to 4 pieces a side: 10 groups, the largest walked.
  const LineCaptureGame game(cinc_camins_rules(), CaptureLines::Touched);
  const rtb_test::ScratchDir dir("group_peaks");
  GenerateOptions options;
  options.dir = dir.path();
  options.threads = 2;
  options.quiet = true;
  options.wanted = [&](std::uint32_t t) { return game.mover_pieces(t) <= 4 && game.other_pieces(t) <= 4; };
  const ResourcePlan plan = plan_generate(game, options);
  const GenerateReport report = generate(game, options);

  ASSERT_EQ(report.groups.size(), report.groups_solved);
  ASSERT_EQ(report.groups.size(), plan.groups.size());
  std::uint64_t largest = 0;
  for (std::size_t k = 0; k < plan.groups.size(); ++k) {
    const GroupPeak& g = report.groups[k];
    EXPECT_EQ(g.name, plan.groups[k].name);
    EXPECT_EQ(g.slots, plan.groups[k].slots);
    EXPECT_EQ(g.plan_bytes, plan.groups[k].memory_bytes);
    EXPECT_GT(g.peak_bytes, 4 * kMiB) << g.name;  // the program itself
    EXPECT_GE(g.seconds, 0) << g.name;
    largest = std::max(largest, g.peak_bytes);
  }
  // Sampled peaks: none above the kernel's own (a few pages of slack for
  // the counters' lag), and the largest group's above its state alone.
  EXPECT_LE(largest, kernel_peak_bytes() + kMiB);
  const GroupPlan& biggest = plan.groups[plan.peak_group];
  EXPECT_GE(report.groups[plan.peak_group].peak_bytes, biggest.state_bytes) << biggest.name;

  // Again: nothing left to solve, nothing measured.
  EXPECT_TRUE(generate(game, options).groups.empty());
}

}  // namespace
}  // namespace rtb
