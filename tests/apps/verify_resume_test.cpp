// `rtb verify --resume` through the real program: a journal line a tier
// proven, tiers an earlier run proved passed over, and every change to the
// bytes a proof rests on (the tier's file, a file it read, the journal
// itself, the rtb that wrote it, the way it proved) proven again.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "tablebases/tier_file.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/run_rtb.hpp"
#include "tests/support/scratch_dir.hpp"

namespace rtb {
namespace {

namespace fs = std::filesystem;
using rtb_test::describe_run;
using rtb_test::Outcome;
using rtb_test::run_rtb;
using rtb_test::ScratchDir;
using test_files::read_text;

constexpr const char* kEarlier = "values proven by an earlier run";

// Five Men's Morris whole: cyclic groups (proven by the general move
// generator) and placement tiers (proven by their own walk), in a second.
struct MorrisFive {
  ScratchDir scratch{"verify-resume"};
  std::string dir = scratch.path().string();
  fs::path folder = scratch.path() / "morris-five";
  MorrisFive() {
    const Outcome g = run_rtb({"generate", "morris", "--variant", "five", "--all", "--dir", dir, "--quiet"});
    if (g.exit_code != 0) throw std::runtime_error("generate failed: " + g.all());
  }
  Outcome verify(std::vector<std::string> more = {}) const {
    std::vector<std::string> args{"verify", "morris", "--variant", "five", "--all", "--dir", dir, "--quiet"};
    args.insert(args.end(), more.begin(), more.end());
    return run_rtb(args);
  }
};

// Each tier's line of `rtb verify`'s output: tier name -> what follows it.
std::map<std::string, std::string> tier_lines(const std::string& out) {
  std::map<std::string, std::string> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("tier ", 0) == 0) {
      const std::size_t colon = line.find(": ");
      lines[line.substr(5, colon - 5)] = line.substr(colon + 2);
    }
  return lines;
}

// Whether the run passed over the tier, proven by an earlier one.
bool by_earlier_run(const std::map<std::string, std::string>& lines, const std::string& tier) {
  return lines.at(tier).find(kEarlier) != std::string::npos;
}

int count_earlier(const std::map<std::string, std::string>& lines) {
  int n = 0;
  for (const auto& [tier, text] : lines) n += text.find(kEarlier) != std::string::npos;
  return n;
}

// Writes a tier of Five Men's Morris in `dir` again with other bytes (the
// same values at zstd level 1, as generate writes a missing file), then
// verifies with --resume: each tier's line.
std::map<std::string, std::string> resumed_after_writing_again(const std::string& dir, const std::string& tier,
                                                               bool derive_tiers) {
  fs::remove(fs::path(dir) / "morris-five" / (tier + ".rtb"));
  std::vector<std::string> args{"generate", "morris", "--variant", "five",         "--all",
                                "--dir",    dir,      "--quiet",   "--zstd-level", "1"};
  if (derive_tiers) args.push_back("--derive-tiers");
  const Outcome g = run_rtb(args);
  if (g.exit_code != 0) throw std::runtime_error("generate failed: " + g.all());
  const Outcome v = run_rtb({"verify", "morris", "--variant", "five", "--all", "--dir", dir, "--quiet", "--resume"});
  if (v.exit_code != 0) throw std::runtime_error("verify failed: " + v.all());
  return tier_lines(v.out);
}

TEST(VerifyResume, WithoutResumeNothingIsWritten) {
  const MorrisFive five;
  const Outcome v = five.verify();
  ASSERT_EQ(v.exit_code, 0) << v.all();
  EXPECT_FALSE(fs::exists(five.folder / "verify.journal"));
}

TEST(VerifyResume, ASecondRunPassesOverEveryTierTheFirstProved) {
  const MorrisFive five;
  const Outcome first = five.verify({"--resume"});
  ASSERT_EQ(first.exit_code, 0) << first.all();
  const auto before = tier_lines(first.out);
  ASSERT_GT(before.size(), 10u);
  EXPECT_EQ(count_earlier(before), 0);
  // The journal: its header, then one line a tier proven.
  const std::string journal = read_text(five.folder / "verify.journal");
  EXPECT_EQ(journal.rfind("rtb-verify-journal 1 morris five\n", 0), 0u) << journal;
  EXPECT_EQ(std::count(journal.begin(), journal.end(), '\n'), static_cast<long>(before.size()) + 1) << journal;

  const Outcome second = five.verify({"--resume"});
  ASSERT_EQ(second.exit_code, 0) << second.all();
  const auto after = tier_lines(second.out);
  EXPECT_EQ(after.size(), before.size());
  EXPECT_EQ(count_earlier(after), static_cast<int>(before.size())) << second.out;
  EXPECT_NE(second.out.find(std::to_string(before.size()) + " tiers by earlier runs"), std::string::npos) << second.out;
  // The same count of values as the run that proved them.
  const std::size_t from = first.out.rfind("tiers ok, ");
  const std::string total = first.out.substr(from, first.out.find(" values proven", from) - from);
  EXPECT_NE(second.out.find(total + " values proven ("), std::string::npos) << total << "\n" << second.out;

  // --json counts them too.
  const Outcome json = five.verify({"--resume", "--json"});
  ASSERT_EQ(json.exit_code, 0) << json.all();
  EXPECT_NE(json.out.find("\"tiers_proven_before\": " + std::to_string(before.size())), std::string::npos) << json.out;
}

TEST(VerifyResume, AStoppedRunGoesOnFromTheTiersItProved) {
  const MorrisFive five;
  // The first run proves the tiers to 4 stones a side and stops there, as a
  // run killed half way would have.
  const Outcome part =
      run_rtb({"verify", "morris", "--variant", "five", "--max-pieces", "4", "--dir", five.dir, "--quiet", "--resume"});
  ASSERT_EQ(part.exit_code, 0) << part.all();
  const std::size_t proven = tier_lines(part.out).size();
  ASSERT_GT(proven, 0u);
  const Outcome rest = five.verify({"--resume"});
  ASSERT_EQ(rest.exit_code, 0) << rest.all();
  const auto lines = tier_lines(rest.out);
  EXPECT_EQ(count_earlier(lines), static_cast<int>(proven)) << rest.out;
  EXPECT_GT(lines.size(), proven);
  for (const auto& [tier, text] : tier_lines(part.out))
    EXPECT_TRUE(by_earlier_run(lines, tier)) << tier << ": " << lines.at(tier);
}

// A file written again with other bytes (here: the same values at another
// zstd level) is proven again, and so is every tier whose proof read it.
TEST(VerifyResume, ATierWhoseFileOrReadsChangedIsProvenAgain) {
  const MorrisFive five;
  ASSERT_EQ(five.verify({"--resume"}).exit_code, 0);
  const auto lines = resumed_after_writing_again(five.dir, "m3-3", false);
  EXPECT_FALSE(by_earlier_run(lines, "m3-3")) << lines.at("m3-3");
  // m3-4 captures into m3-3, so its group m3-4+m4-3 reads it; m4-4 captures
  // into m3-4 alone.
  EXPECT_FALSE(by_earlier_run(lines, "m4-3")) << lines.at("m4-3");
  EXPECT_TRUE(by_earlier_run(lines, "m4-4")) << lines.at("m4-4");
}

// A wrong value written into a proven tier's file is found: the journal's
// proof was of other bytes.
TEST(VerifyResume, AWrongValueWrittenAfterTheProofFails) {
  const MorrisFive five;
  ASSERT_EQ(five.verify({"--resume"}).exit_code, 0);
  const fs::path file = five.folder / "m3-3.rtb";
  const TierInfo info = TierFile(file).info();
  std::vector<Value> values = read_tier_file(file, info);
  std::size_t changed = 0;
  for (Value& v : values)  // every win one ply longer: some are canonical slots
    if (is_win(v)) v = win_in(distance_of(v) + 2), ++changed;
  ASSERT_GT(changed, 0u);
  write_tier_file(file, info, values);
  const Outcome v = five.verify({"--resume"});
  EXPECT_NE(v.exit_code, 0) << v.all();
  EXPECT_NE(tier_lines(v.out).at("m3-3").find("FAILED"), std::string::npos) << v.out;
}

// A line cut short by a kill is passed over, and the lines written after it
// are whole.
TEST(VerifyResume, ALineCutShortIsPassedOver) {
  const MorrisFive five;
  ASSERT_EQ(five.verify({"--resume"}).exit_code, 0);
  const fs::path journal = five.folder / "verify.journal";
  std::string text = read_text(journal);
  const std::size_t last = text.rfind('\n', text.size() - 2) + 1;  // the last line's start
  const std::string last_tier = text.substr(last, text.find(' ', last) - last);
  text.resize(text.size() - 20);  // its version and part of its count gone, no newline
  std::ofstream(journal, std::ios::binary | std::ios::trunc) << text;
  const Outcome v = five.verify({"--resume"});
  ASSERT_EQ(v.exit_code, 0) << v.all();
  const auto lines = tier_lines(v.out);
  EXPECT_FALSE(by_earlier_run(lines, last_tier)) << lines.at(last_tier);
  EXPECT_EQ(count_earlier(lines), static_cast<int>(lines.size()) - 1) << v.out;
  // Proven again, its new line is whole: a third run passes over everything.
  const Outcome third = five.verify({"--resume"});
  ASSERT_EQ(third.exit_code, 0) << third.all();
  EXPECT_EQ(count_earlier(tier_lines(third.out)), static_cast<int>(lines.size())) << third.out;
}

// --general asks for proofs by the general move generator: the placement
// tiers, proven by their own walk before, are proven again.
TEST(VerifyResume, GeneralProvesAgainWhatAWalkProved) {
  const MorrisFive five;
  ASSERT_EQ(five.verify({"--resume"}).exit_code, 0);
  const Outcome v = five.verify({"--resume", "--general"});
  ASSERT_EQ(v.exit_code, 0) << v.all();
  const auto lines = tier_lines(v.out);
  int walked = 0;
  for (const auto& [tier, text] : lines) {
    const bool placement = tier[0] == 'p';
    EXPECT_EQ(text.find(kEarlier) == std::string::npos, placement) << tier << ": " << text;
    walked += placement;
  }
  EXPECT_GT(walked, 0);
}

// A line of another rtb version is not taken: its rules may have differed.
TEST(VerifyResume, AnotherVersionsLinesAreNotTaken) {
  const MorrisFive five;
  ASSERT_EQ(five.verify({"--resume"}).exit_code, 0);
  const fs::path journal = five.folder / "verify.journal";
  std::string text = read_text(journal);
  std::string older;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("m3-3 ", 0) == 0) line = line.substr(0, line.rfind(' ')) + " 0.0.1";
    older += line + "\n";
  }
  ASSERT_NE(older, text);
  std::ofstream(journal, std::ios::binary | std::ios::trunc) << older;
  const Outcome v = five.verify({"--resume"});
  ASSERT_EQ(v.exit_code, 0) << v.all();
  const auto lines = tier_lines(v.out);
  EXPECT_FALSE(by_earlier_run(lines, "m3-3")) << lines.at("m3-3");
  EXPECT_TRUE(by_earlier_run(lines, "m4-4")) << lines.at("m4-4");
}

// Derived tiers (no values stored) are passed over with the groups around
// them, and a stored file their values come from, changed, has every tier
// whose proof read it through them proven again.
TEST(VerifyResume, DerivedTiersArePassedOverAndFollowedToTheirSources) {
  ScratchDir scratch("verify-resume-derived");
  const std::string dir = scratch.path().string();
  ASSERT_EQ(run_rtb({"generate", "morris", "--variant", "five", "--all", "--derive-tiers", "--dir", dir, "--quiet"})
                .exit_code,
            0);
  const std::vector<std::string> verify{"verify", "morris", "--variant", "five",    "--all",
                                        "--dir",  dir,      "--quiet",   "--resume"};
  ASSERT_EQ(run_rtb(verify).exit_code, 0);
  const Outcome again = run_rtb(verify);
  ASSERT_EQ(again.exit_code, 0) << again.all();
  const auto lines = tier_lines(again.out);
  int derived = 0;
  for (const auto& [tier, text] : lines) {
    const bool is_derived = text.find("derived") != std::string::npos;
    derived += is_derived;
    EXPECT_TRUE(is_derived || text.find(kEarlier) != std::string::npos) << tier << ": " << text;
  }
  EXPECT_GT(derived, 0);
  // m4-3 is derived: every move of it leads to m3-4 (stored) or ends the
  // game. m3-5 captures into m4-3, so its proof reads m3-4 through it.
  EXPECT_NE(lines.at("m4-3").find("derived"), std::string::npos) << lines.at("m4-3");
  const auto changed = resumed_after_writing_again(dir, "m3-4", true);
  EXPECT_FALSE(by_earlier_run(changed, "m3-4")) << changed.at("m3-4");
  EXPECT_FALSE(by_earlier_run(changed, "m3-5")) << changed.at("m3-5");
  EXPECT_TRUE(by_earlier_run(changed, "m5-5")) << changed.at("m5-5");
}

// A file of that name that is not this game's journal is left alone, and
// the run says so on stderr; its verdict is the same.
TEST(VerifyResume, AForeignJournalIsLeftAlone) {
  const MorrisFive five;
  const fs::path journal = five.folder / "verify.journal";
  std::ofstream(journal) << "rtb-verify-journal 1 pangki default\n";
  const Outcome v = five.verify({"--resume"});
  EXPECT_EQ(v.exit_code, 0) << v.all();
  EXPECT_NE(v.err.find("is not a verify journal of morris (five)"), std::string::npos) << v.err;
  EXPECT_EQ(read_text(journal), "rtb-verify-journal 1 pangki default\n");
}

}  // namespace
}  // namespace rtb
