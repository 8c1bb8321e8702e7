// The defects an attack run found in the `rtb` program (issue 17), each as a
// test that runs the program as a child process: planted links, shared
// temporaries and a second writer, FIFOs, unbounded depths and thread counts,
// lost output, options checked too late or wrapped around, a file size limit
// and a full disk; and the plan a generate makes before it starts.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "driver/generate.hpp"
#include "games/line_capture/line_capture.hpp"
#include "tablebases/checksum.hpp"
#include "tablebases/tier_file.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/run_rtb.hpp"
#include "tests/support/scratch_dir.hpp"

namespace rtb {
namespace {

namespace fs = std::filesystem;
using rtb_test::Child;
using rtb_test::describe_run;
using rtb_test::Launch;
using rtb_test::Outcome;
using rtb_test::run_rtb;
using rtb_test::ScratchDir;
using test_files::Bytes;
using test_files::flip_a_bit_near_the_end;
using test_files::read_bytes;
using test_files::read_text;
using test_files::write_bytes;

const LineCaptureGame& pangki() {
  static const LineCaptureGame game(pangki_rules(), CaptureLines::Touched);
  return game;
}

fs::path pangki_dir(const fs::path& tb) { return tb / "pangki-default"; }

// Every .rtb file under the game's directory, by name; and the names of
// anything else that is not the lock.
std::map<std::string, Bytes> tier_files(const fs::path& tb) {
  std::map<std::string, Bytes> out;
  if (!fs::exists(pangki_dir(tb))) return out;
  for (const auto& e : fs::directory_iterator(pangki_dir(tb)))
    if (e.path().filename() != ".lock") out[e.path().filename().string()] = read_bytes(e.path());
  return out;
}

// Each file is complete and verifies; none is a temporary.
void expect_only_complete_files(const fs::path& tb) {
  for (const auto& [name, bytes] : tier_files(tb)) {
    EXPECT_FALSE(is_tier_temporary(name)) << "temporary left: " << name;
    if (is_tier_temporary(name)) continue;
    const std::string tier = name.substr(0, name.size() - 4);
    LineCaptureGame::TierId t = 0;
    while (t < pangki().tier_count() && pangki().tier_name(t) != tier) ++t;
    ASSERT_LT(t, pangki().tier_count()) << name;
    EXPECT_TRUE(tier_file_is_complete(pangki_dir(tb) / name, tier_info(pangki(), t))) << name;
  }
}

// A complete Pangki solve made once by this test program.
const std::map<std::string, Bytes>& clean_pangki_files() {
  static const std::map<std::string, Bytes> files = [] {
    ScratchDir scratch("clean");
    const std::vector<std::string> args{"generate", "pangki", "--quiet", "--dir", (scratch.path() / "tb").string()};
    const Outcome r = run_rtb(args);
    if (r.exit_code != 0) throw std::runtime_error(describe_run(args, r));
    return tier_files(scratch.path() / "tb");
  }();
  return files;
}

// ------------------------------------------------------------ the defects

// Defect 1: `ln -s victim tb/pangki-default/2-2.rtb.tmp` made generate
// overwrite the victim.
TEST(Hardening, PlantedLinkAtTheTemporaryNameIsNotFollowed) {
  ScratchDir scratch("link");
  const fs::path tb = scratch.path() / "tb", victim = scratch.path() / "victim";
  std::ofstream(victim) << "keep me\n";
  fs::create_directories(pangki_dir(tb));
  fs::create_symlink(victim, pangki_dir(tb) / "2-2.rtb.tmp");
  const std::vector<std::string> args{"generate", "pangki", "--tiers", "2-2", "--quiet", "--dir", tb.string()};
  const Outcome r = run_rtb(args);
  ASSERT_EQ(r.exit_code, 0) << describe_run(args, r);
  EXPECT_EQ(read_text(victim), "keep me\n");
  EXPECT_EQ(tier_files(tb).at("2-2.rtb"), clean_pangki_files().at("2-2.rtb"));
}

// Defect 2: two generates into one directory shared the temporary's name.
// Now the second is refused at once, naming the lock and the first; the
// first ends with every file complete.
TEST(Hardening, SecondGenerateIntoTheSameDirectoryIsRefused) {
  ScratchDir scratch("two");
  const fs::path tb = scratch.path() / "tb";
  const std::vector<std::string> args{"generate", "pangki", "--threads", "1", "--quiet", "--dir", tb.string()};
  Child first(Launch{args});
  const fs::path lock = pangki_dir(tb) / ".lock";
  const std::string pid = std::to_string(first.pid());
  for (int i = 0; i < 2000 && first.running() && !(fs::exists(lock) && read_text(lock) == pid + "\n"); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_TRUE(first.running()) << "the first run ended before the second could start";
  const Outcome second = run_rtb(args);
  const bool overlapped = first.running();
  const Outcome done = first.wait();
  ASSERT_TRUE(overlapped) << "the first run ended while the second ran: no overlap was tested";
  EXPECT_EQ(second.exit_code, 1) << describe_run(args, second);
  EXPECT_NE(second.err.find(lock.string()), std::string::npos) << second.err;
  EXPECT_NE(second.err.find("another rtb generate (process " + pid + ") is writing"), std::string::npos) << second.err;
  EXPECT_LT(second.seconds, 5) << "the second run waited";
  ASSERT_EQ(done.exit_code, 0) << describe_run(args, done);
  expect_only_complete_files(tb);
  EXPECT_EQ(tier_files(tb), clean_pangki_files());
}

// Defect 3: a FIFO in place of a tier file hung every command in open().
TEST(Hardening, FifoInPlaceOfATierFileIsRefusedWithoutWaiting) {
  ScratchDir scratch("fifo");
  const fs::path tb = scratch.path() / "tb";
  ASSERT_EQ(run_rtb({"generate", "pangki", "--tiers", "2-2", "--quiet", "--dir", tb.string()}).exit_code, 0);
  fs::remove(pangki_dir(tb) / "2-2.rtb");
  ASSERT_EQ(::mkfifo((pangki_dir(tb) / "2-2.rtb").c_str(), 0644), 0);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"query", "pangki", "..../.bb./..w./.w.. b", "--dir", tb.string()},
        std::vector<std::string>{"stats", "pangki", "--tiers", "2-2", "--dir", tb.string()},
        std::vector<std::string>{"verify", "pangki", "--tiers", "2-2", "--dir", tb.string()}}) {
    const Outcome r = run_rtb(Launch{args}, std::chrono::seconds(20));
    EXPECT_FALSE(r.timed_out) << describe_run(args, r);
    EXPECT_EQ(r.exit_code, 1) << describe_run(args, r);
    EXPECT_NE((r.out + r.err).find("2-2.rtb: not a regular file"), std::string::npos) << describe_run(args, r);
  }
  // generate takes the FIFO for an incomplete file and puts the tier in its place.
  const std::vector<std::string> args{"generate", "pangki", "--tiers", "2-2", "--quiet", "--dir", tb.string()};
  const Outcome r = run_rtb(Launch{args}, std::chrono::seconds(20));
  EXPECT_EQ(r.exit_code, 0) << describe_run(args, r);
  EXPECT_EQ(tier_files(tb).at("2-2.rtb"), clean_pangki_files().at("2-2.rtb"));
}

// Defect 4: `perft pangki start 100000` overflowed the stack.
TEST(Hardening, PerftDepthIsBounded) {
  const std::vector<std::string> args{"perft", "pangki", "start", "100000"};
  const Outcome r = run_rtb(Launch{args}, std::chrono::seconds(20));
  EXPECT_EQ(r.exit_code, 2) << describe_run(args, r);
  EXPECT_NE(r.err.find("DEPTH 100000 is more than 64"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(Hardening, ANegativePerftDepthIsNamedAsADepth) {
  // Issue 52: "-1" was taken for an option ("unrecognised option '-1'").
  const std::vector<std::string> args{"perft", "pangki", "start", "-1"};
  const Outcome r = run_rtb(args);
  EXPECT_EQ(r.exit_code, 2) << describe_run(args, r);
  EXPECT_NE(r.err.find("DEPTH must be a whole number >= 0, not '-1'"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("unrecognised"), std::string::npos) << r.err;
}

// Defect 5: --threads 100000 crashed in the OpenMP runtime.
TEST(Hardening, ThreadCountIsBounded) {
  ScratchDir scratch("threads");
  const std::string tb = (scratch.path() / "tb").string();
  for (const std::string command : {"generate", "stats", "verify"}) {
    const std::vector<std::string> args{command, "pangki", "--tiers", "2-2", "--threads", "100000", "--dir", tb};
    const Outcome r = run_rtb(Launch{args}, std::chrono::seconds(60));
    EXPECT_EQ(r.exit_code, 2) << describe_run(args, r);
    EXPECT_NE(r.err.find("--threads 100000 is more than"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(tb)) << "work started before the options were checked";
}

// Defect 6: output errors were ignored and the result lost with exit 0.
TEST(Hardening, LostOutputIsAnError) {
  ScratchDir scratch("output");
  const std::string tb = (scratch.path() / "tb").string();
  ASSERT_EQ(run_rtb({"generate", "pangki", "--tiers", "2-2", "--quiet", "--dir", tb}).exit_code, 0);
  const std::vector<std::string> args{"stats", "pangki", "--tiers", "2-2", "--json", "--dir", tb};
  Launch full{args};
  full.stdout_path = "/dev/full";
  Outcome r = run_rtb(full);
  EXPECT_EQ(r.exit_code, 1) << describe_run(args, r);
  EXPECT_NE(r.err.find("cannot write the results to standard output: No space left on device"), std::string::npos)
      << r.err;
  Launch closed{args};
  closed.close_stdout = true;
  r = run_rtb(closed);
  EXPECT_EQ(r.exit_code, 1) << describe_run(args, r);
  EXPECT_NE(r.err.find("cannot write the results to standard output"), std::string::npos) << r.err;
  // The same with a command that writes files: its summary line is lost.
  closed.args = {"generate", "pangki", "--tiers", "2-3", "--quiet", "--dir", tb};
  r = run_rtb(closed);
  EXPECT_EQ(r.exit_code, 1) << describe_run(closed.args, r);
  expect_only_complete_files(tb);
}

// Defect 7: negative or out-of-range numbers meant "everything", wrapped
// around, or were refused only after a group had been solved.
// The top level answers as asked (issue 52): help for a command that does
// not exist is an error, not the overview with exit 0; -V and --json ask
// for the version as others do; a usage of several lines in an error keeps
// its line breaks (they were written as \x0a).
TEST(Hardening, TheTopLevelAnswersHelpVersionAndUsageAsAsked) {
  const Outcome nope = run_rtb({"help", "nope"});
  EXPECT_EQ(nope.exit_code, 2) << describe_run({"help", "nope"}, nope);
  EXPECT_NE(nope.err.find("rtb help: unknown command 'nope'"), std::string::npos) << nope.err;
  const Outcome version = run_rtb({"--version"});
  ASSERT_EQ(version.exit_code, 0);
  ASSERT_EQ(version.out.rfind("rtb ", 0), 0u) << version.out;
  const Outcome short_option = run_rtb({"-V"});
  EXPECT_EQ(short_option.exit_code, 0) << short_option.err;
  EXPECT_EQ(short_option.out, version.out);
  const Outcome json = run_rtb({"--version", "--json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto parsed = nlohmann::json::parse(json.out);
  EXPECT_EQ(parsed.at("format"), 1);
  EXPECT_EQ("rtb " + parsed.at("version").get<std::string>() + "\n", version.out);
  const Outcome usage = run_rtb({"query", "pangki"});
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_EQ(usage.err.find("\\x0a"), std::string::npos) << usage.err;
  EXPECT_NE(usage.err.find("\n       rtb query GAME --batch"), std::string::npos) << usage.err;
}

// A complete folder is only read: generate says every group is complete
// even where its lock cannot be opened (issue 52: on a read-only folder it
// failed on the lock). The lock is made a folder here, which no one can
// open for writing, root included.
TEST(Hardening, GenerateOnACompleteFolderNeedsNoLock) {
  ScratchDir scratch("complete");
  const fs::path tb = scratch.path() / "tb";
  const std::vector<std::string> args{"generate", "pangki", "--max-pieces", "3", "--quiet", "--dir", tb.string()};
  const Outcome first = run_rtb(args);
  ASSERT_EQ(first.exit_code, 0) << describe_run(args, first);
  const fs::path lock = tb / "pangki-default" / ".lock";
  fs::remove(lock);
  fs::create_directory(lock);
  const Outcome again = run_rtb(args);
  EXPECT_EQ(again.exit_code, 0) << describe_run(args, again);
  EXPECT_NE(again.out.find("solved 0 tier groups"), std::string::npos) << again.out;
}

// Issue 52, defect 18: stats on a missing or half-written folder printed
// the table's head and the tiers before the first bad one, then the error.
// Now every chosen file is opened first and the table printed once all are
// counted: the error is all it says, whether a folder, a file or a block is
// what is wrong.
TEST(Hardening, StatsOnAMissingOrHalfWrittenFolderSaysOnlyTheError) {
  ScratchDir scratch("stats-half");
  const fs::path tb = scratch.path() / "tb";
  ASSERT_EQ(run_rtb({"generate", "pangki", "--max-pieces", "3", "--quiet", "--dir", tb.string()}).exit_code, 0);
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  const std::vector<Case> cases{
      {{"stats", "pangki", "--dir", (scratch.path() / "none").string()}, "missing tablebase file"},
      // 2-2, 2-3, 3-2 and 3-3 are there; 2-4 is the first of the others.
      {{"stats", "pangki", "--max-pieces", "4", "--dir", tb.string()},
       "missing tablebase file " + (pangki_dir(tb) / "2-4.rtb").string()},
  };
  for (const Case& c : cases) {
    const Outcome r = run_rtb(c.args);
    EXPECT_EQ(r.exit_code, 1) << describe_run(c.args, r);
    EXPECT_EQ(r.out, "") << describe_run(c.args, r);
    EXPECT_NE(r.err.find(c.says), std::string::npos) << describe_run(c.args, r);
  }
  // A damaged block in the last tier: found only when it is read.
  const fs::path last = pangki_dir(tb) / "3-3.rtb";
  flip_a_bit_near_the_end(last);
  const std::vector<std::string> args{"stats", "pangki", "--max-pieces", "3", "--dir", tb.string()};
  const Outcome r = run_rtb(args);
  EXPECT_EQ(r.exit_code, 1) << describe_run(args, r);
  EXPECT_EQ(r.out, "") << describe_run(args, r);
  EXPECT_NE(r.err.find(last.string() + ": block"), std::string::npos) << describe_run(args, r);
  EXPECT_NE(r.err.find("checksum mismatch"), std::string::npos) << describe_run(args, r);
}

TEST(Hardening, BadNumbersAreRefusedBeforeAnyWork) {
  ScratchDir scratch("options");
  const std::string tb = (scratch.path() / "tb").string();
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"generate", "pangki", "--max-pieces", "-1"}, "--max-pieces must be at least 0, not -1"},
      {{"stats", "pangki", "--max-pieces", "-3"}, "--max-pieces must be at least 0, not -3"},
      {{"verify", "bagh-chal", "--max-in-hand", "-1"}, "--max-in-hand must be at least 0, not -1"},
      {{"generate", "bagh-chal", "--max-in-hand", "-1"}, "--max-in-hand must be at least 0, not -1"},
      {{"generate", "pangki", "--block-size", "-1"}, "--block-size must be in 1..268435456, not -1"},
      {{"generate", "pangki", "--block-size", "0"}, "--block-size must be in 1..268435456, not 0"},
      {{"generate", "pangki", "--block-size", "4294967296"}, "--block-size must be in 1..268435456"},
      {{"generate", "pangki", "--zstd-level", "100"}, "--zstd-level must be in 1..22, not 100"},
      {{"generate", "pangki", "--zstd-level", "-5"}, "--zstd-level must be in 1..22, not -5"},
      {{"generate", "pangki", "--checkpoint-minutes", "-1"},
       "--checkpoint-minutes must be a number of minutes from 0 (never) to 10080, not -1"},
      {{"generate", "pangki", "--checkpoint-minutes", "nan"}, "--checkpoint-minutes must be a number of minutes"},
      {{"generate", "pangki", "--threads", "-2"}, "--threads must be at least 1, not -2"},
      {{"generate", "pangki", "--memory-limit", "-5G"}, "--memory-limit must be a size above 0"},
      {{"generate", "pangki", "--memory-limit", "lots"}, "--memory-limit must be a size above 0"},
      // Issue 53, item 7: an empty size meant no limit, and -1 (the value
      // that meant "no seed given") was taken as no seed.
      {{"generate", "pangki", "--memory-limit", ""}, "--memory-limit must be a size above 0"},
      {{"generate", "pangki", "--plan", "--ranks", "0"}, "--ranks must be in 1..65536, not 0"},
      {{"generate", "pangki", "--ranks", "4"}, "--ranks plans an MPI job: give it with --plan"},
      {{"generate", "pangki", "--split-groups"}, "--split-groups splits tier groups across the processes of an MPI"},
      {{"play", "pangki", "--seed", "-1"}, "--seed must be at least 0, not -1"},
      // Issue 53, item 5: an empty directory was a filesystem error.
      {{"generate", "pangki", "--tiers", "2-2", "--dir", ""}, "--dir is empty: name a directory"},
      {{"query", "pangki", "start", "--dir", ""}, "--dir is empty: name a directory"},
      {{"query", "pangki", "start", "--nodes", "-1"}, "--nodes must be at least 1, not -1"},
      // Issue 53, item 7: one rule for the search time limit in every front
      // end; query took inf and any number, play took 1e9, serve refused 0.
      {{"query", "pangki", "start", "--seconds", "-1"}, "--seconds must be a number of seconds above 0 and at most"},
      {{"query", "pangki", "start", "--seconds", "inf"}, "(0: no limit), not inf"},
      {{"query", "pangki", "start", "--seconds", "nan"}, "--seconds must be a number of seconds above 0"},
      {{"query", "pangki", "start", "--seconds", "1e9"}, "at most 3600 (0: no limit), not 1e+09"},
      {{"play", "pangki", "--seconds", "1e9"}, "at most 3600 (0: no limit), not 1e+09"},
      {{"serve", "--seconds", "0"}, "--seconds must be a number of seconds above 0 and at most 3600, not 0"},
      // Issue 28, item 13: an empty list selected every tier.
      {{"generate", "pangki", "--tiers", ""}, "--tiers is empty"},
      {{"verify", "pangki", "--tiers", ""}, "--tiers is empty"},
  };
  for (auto [args, message] : cases) {
    args.insert(args.end(), {"--dir", tb});
    const Outcome r = run_rtb(Launch{args}, std::chrono::seconds(60));
    EXPECT_EQ(r.exit_code, 2) << describe_run(args, r);
    EXPECT_NE(r.err.find(message), std::string::npos) << describe_run(args, r);
    EXPECT_EQ(r.out, "") << describe_run(args, r);
  }
  EXPECT_FALSE(fs::exists(tb)) << "work started before the options were checked";
}

// Defect 8 (the program's side; the rule is tested in bagh_chal_test).
TEST(Hardening, BaghChalPositionThatCannotOccurIsRefused) {
  const std::vector<std::string> args{"query", "bagh-chal", "T..T/..../..../.T.T g 12", "--variant", "4x4"};
  const Outcome r = run_rtb(args);
  EXPECT_EQ(r.exit_code, 2) << describe_run(args, r);
  EXPECT_NE(r.err.find("cannot occur"), std::string::npos) << r.err;
}

// Issue 53, item 3: --dir was read through std::quoted, so a path with a
// space was refused by every command and one starting with `"` had its
// quotes and escapes taken away (`"x\"y"` wrote into `x"y`). Both are
// relative paths here, so that the quote is the first character.
TEST(Hardening, DirIsTakenAsWritten) {
  ScratchDir scratch("dir-text");
  const std::vector<std::string> dirs{"a dir with spaces", "\"x\\\"y\""};
  for (const std::string& dir : dirs) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"generate", "pangki", "--tiers", "2-2", "--quiet", "--dir", dir},
          std::vector<std::string>{"query", "pangki", "..../.bb./..w./.w.. b", "--dir", dir},
          std::vector<std::string>{"stats", "pangki", "--tiers", "2-2", "--dir", dir},
          std::vector<std::string>{"verify", "pangki", "--tiers", "2-2", "--dir", dir}}) {
      Launch launch{args};
      launch.cwd = scratch.path();
      const Outcome r = run_rtb(launch, std::chrono::seconds(60));
      EXPECT_EQ(r.exit_code, 0) << describe_run(args, r);
    }
    const std::map<std::string, Bytes> files = tier_files(scratch.path() / dir);
    EXPECT_TRUE(files.count("2-2.rtb") && files.at("2-2.rtb") == clean_pangki_files().at("2-2.rtb"))
        << "no 2-2.rtb, or another, in " << dir;
  }
  std::vector<std::string> made;
  for (const auto& e : fs::directory_iterator(scratch.path())) made.push_back(e.path().filename().string());
  std::sort(made.begin(), made.end());
  EXPECT_EQ(made, (std::vector<std::string>{"\"x\\\"y\"", "a dir with spaces"})) << "a directory not as written";
}

// `ulimit -f` killed generate with SIGXFSZ and no message.
TEST(Hardening, FileSizeLimitIsAnErrorWithAMessage) {
  ScratchDir scratch("fsize");
  const fs::path tb = scratch.path() / "tb";
  Launch launch{{"generate", "pangki", "--quiet", "--dir", tb.string()}};
  launch.file_size_limit = 4096;
  const Outcome r = run_rtb(launch);
  EXPECT_EQ(r.signal, 0) << describe_run(launch.args, r);
  EXPECT_EQ(r.exit_code, 1) << describe_run(launch.args, r);
  EXPECT_NE(r.err.find("cannot write: File too large"), std::string::npos) << r.err;
  expect_only_complete_files(tb);
}

// ------------------------------------------------------------ full disk

// A disk that fills up halfway through (the writer's test hook fails writes
// with ENOSPC past a byte budget, as a full disk does): the run says so and
// stops, every file left is complete (no temporary, nothing cut short under a
// final name), and a run with room ends with the bytes of a clean run.
TEST(Hardening, FullDiskStopsCleanlyAndResumesToIdenticalBytes) {
  ScratchDir scratch("full");
  const fs::path tb = scratch.path() / "tb";
  Launch launch{{"generate", "pangki", "--quiet", "--dir", tb.string()}};
  launch.env = {{"RTB_TEST_DISK_FULL_AFTER_BYTES", "300000"}};
  const Outcome r = run_rtb(launch);
  EXPECT_EQ(r.exit_code, 1) << describe_run(launch.args, r);
  EXPECT_NE(r.err.find("cannot write: No space left on device"), std::string::npos) << r.err;
  expect_only_complete_files(tb);
  const std::size_t written = tier_files(tb).size();
  EXPECT_GT(written, 0u);
  EXPECT_LT(written, clean_pangki_files().size());
  std::cout << "the disk filled after " << written << " of " << clean_pangki_files().size() << " files\n";

  const Outcome resumed = run_rtb({"generate", "pangki", "--quiet", "--dir", tb.string()});
  ASSERT_EQ(resumed.exit_code, 0) << describe_run(launch.args, resumed);
  EXPECT_EQ(tier_files(tb), clean_pangki_files());
}

// ------------------------------------------------------------ plan

TEST(Hardening, PlanShowsEachGroupAndWritesNothing) {
  ScratchDir scratch("plan");
  const fs::path tb = scratch.path() / "tb";
  const std::vector<std::string> args{"generate", "pangki", "--plan", "--dir", tb.string()};
  const Outcome r = run_rtb(args);
  ASSERT_EQ(r.exit_code, 0) << describe_run(args, r);
  EXPECT_NE(r.out.find("15 groups to solve, 0 already complete; peak memory"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n6-6 "), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(tb));
}

// --plan --ranks N: each group's memory on a rank where it is split across
// the N (a share of its state: a quarter of the slots' bytes on 4 ranks),
// and the fewest ranks whose shares fit the limit; a group solved in one
// pass is never split.
TEST(Hardening, PlanForRanksSplitsWhatDoesNotFitOneRank) {
  ScratchDir scratch("plan-ranks");
  const fs::path tb = scratch.path() / "tb";
  const std::vector<std::string> args{"generate", "crossings",      "--variant", "5x4",   "--plan",   "--ranks",
                                      "4",        "--memory-limit", "45M",       "--dir", tb.string()};
  const Outcome r = run_rtb(args);
  ASSERT_EQ(r.exit_code, 0) << describe_run(args, r);
  EXPECT_NE(r.out.find("  split   needs\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" of the groups split across the 4 ranks"), std::string::npos) << r.out;
  std::istringstream lines(r.out);
  int split = 0;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    std::vector<std::string> f{std::istream_iterator<std::string>(fields), std::istream_iterator<std::string>()};
    // name slots state MiB walk working MiB held MiB (tiers) memory MiB disk MiB split needs
    if (f.size() != 16 || f[14] != "4") continue;
    ++split;
    const double slots = std::stod(f[1]), state_mib = std::stod(f[2]);
    EXPECT_NEAR(state_mib, slots / 4 / (1 << 20), 0.1) << line;  // a quarter of a byte a slot
    EXPECT_GT(std::stoi(f[15]), 1) << line;                      // more than one rank needed
  }
  EXPECT_GT(split, 0) << r.out;
  EXPECT_FALSE(fs::exists(tb));
}

TEST(Hardening, GroupOverTheMemoryLimitIsRefusedBeforeItStarts) {
  ScratchDir scratch("memory");
  const fs::path tb = scratch.path() / "tb";
  const std::vector<std::string> args{"generate", "pangki", "--memory-limit", "1M", "--dir", tb.string()};
  const Outcome r = run_rtb(args);
  EXPECT_EQ(r.exit_code, 1) << describe_run(args, r);
  EXPECT_NE(r.err.find("needs about"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("more than --memory-limit 1.0 MiB; nothing was solved"), std::string::npos) << r.err;
  EXPECT_TRUE(tier_files(tb).empty());
}

// verify under a memory limit no group of its proof fits: refused before
// any tier is proven, nothing written (not even the --resume journal), and
// --plan names the same group; with room for the largest group it proves
// every tier.
TEST(Hardening, VerifyOverTheMemoryLimitIsRefusedBeforeItStarts) {
  ScratchDir scratch("verify-memory");
  const fs::path tb = scratch.path() / "tb";
  ASSERT_EQ(run_rtb({"generate", "pangki", "--max-pieces", "4", "--quiet", "--dir", tb.string()}).exit_code, 0);
  const std::vector<std::string> args{"verify",         "pangki", "--max-pieces", "4",        "--resume",
                                      "--memory-limit", "2M",     "--dir",        tb.string()};
  const Outcome r = run_rtb(args);
  EXPECT_EQ(r.exit_code, 1) << describe_run(args, r);
  EXPECT_NE(r.err.find("of memory to be proven (its own tiers"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("more than --memory-limit 2.0 MiB; nothing was verified"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("ok,"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(pangki_dir(tb) / "verify.journal"));
  // --plan says the same group and figure, and that a verify would be refused.
  const std::vector<std::string> plan{"verify",         "pangki", "--max-pieces", "4",        "--plan",
                                      "--memory-limit", "2M",     "--dir",        tb.string()};
  const Outcome p = run_rtb(plan);
  EXPECT_EQ(p.exit_code, 0) << describe_run(plan, p);
  const std::size_t named = r.err.find("tier group ");
  ASSERT_NE(named, std::string::npos) << r.err;
  const std::string group = r.err.substr(named + 11, r.err.find(' ', named + 11) - named - 11);
  EXPECT_NE(p.out.find("peak memory "), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("(group " + group + "); --memory-limit 2.0 MiB"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("group " + group + " needs more than --memory-limit"), std::string::npos) << p.out;
  EXPECT_NE(p.out.find("a verify would be refused"), std::string::npos) << p.out;
  const Outcome both = run_rtb({"verify", "--manifest", (scratch.path() / "m").string(), "--plan"});
  EXPECT_EQ(both.exit_code, 2) << both.err;
  EXPECT_NE(both.err.find("give one of them"), std::string::npos) << both.err;
  EXPECT_FALSE(fs::exists(pangki_dir(tb) / "verify.journal"));
  const std::vector<std::string> roomy{"verify",         "pangki", "--max-pieces", "4",
                                       "--memory-limit", "64M",    "--dir",        tb.string()};
  const Outcome ok = run_rtb(roomy);
  EXPECT_EQ(ok.exit_code, 0) << describe_run(roomy, ok);
}

// Every walked group gets the byte walk unless another is asked for; the
// lists are refused where only the scanning walks fit the memory limit; and
// the walks write the same bytes.
TEST(Hardening, TheByteWalkIsTheDefaultAndTheListsWriteTheSameFiles) {
  ScratchDir scratch("lean");
  const fs::path tb = scratch.path() / "tb";
  const std::vector<std::string> plan{"generate", "pangki", "--plan", "--dir", tb.string()};
  const Outcome p = run_rtb(plan);
  ASSERT_EQ(p.exit_code, 0) << describe_run(plan, p);
  EXPECT_NE(p.out.find(" byte "), std::string::npos) << p.out;
  EXPECT_EQ(p.out.find(" lists "), std::string::npos) << p.out;
  EXPECT_EQ(p.out.find(" lean "), std::string::npos) << p.out;
  const std::vector<std::string> lists_plan{"generate", "pangki", "--plan", "--walk", "lists", "--dir", tb.string()};
  const Outcome lp = run_rtb(lists_plan);
  ASSERT_EQ(lp.exit_code, 0) << describe_run(lists_plan, lp);
  EXPECT_NE(lp.out.find(" lists "), std::string::npos) << lp.out;
  EXPECT_EQ(lp.out.find(" lean "), std::string::npos) << lp.out;
  EXPECT_NE(lp.out.find("a run may need up to a third more than planned"), std::string::npos) << lp.out;
  EXPECT_EQ(p.out.find("a run may need up to a third more than planned"), std::string::npos) << p.out;
  // Pangki's largest group needs 18 MiB with lists and 15 with the byte walk.
  const std::vector<std::string> too_big{"generate",       "pangki", "--walk", "lists",
                                         "--memory-limit", "16M",    "--dir",  tb.string()};
  const Outcome refused_lists = run_rtb(too_big);
  EXPECT_EQ(refused_lists.exit_code, 1) << describe_run(too_big, refused_lists);
  EXPECT_NE(refused_lists.err.find("the lists walk's working memory"), std::string::npos) << refused_lists.err;
  EXPECT_TRUE(tier_files(tb).empty());
  const std::vector<std::string> lean{"generate", "pangki", "--memory-limit", "16M", "--quiet", "--dir", tb.string()};
  const Outcome fits = run_rtb(lean);
  ASSERT_EQ(fits.exit_code, 0) << describe_run(lean, fits);
  const fs::path by_lists = scratch.path() / "lists";
  const std::vector<std::string> lists{"generate", "pangki", "--walk", "lists", "--quiet", "--dir", by_lists.string()};
  const Outcome r = run_rtb(lists);
  ASSERT_EQ(r.exit_code, 0) << describe_run(lists, r);
  EXPECT_EQ(tier_files(tb), tier_files(by_lists));
  EXPECT_EQ(tier_files(tb), clean_pangki_files());
  // The plan skips complete groups whichever walk it would give them.
  const std::vector<std::string> replan{"generate", "pangki", "--walk", "lists", "--plan", "--dir", tb.string()};
  const Outcome done = run_rtb(replan);
  ASSERT_EQ(done.exit_code, 0) << describe_run(replan, done);
  EXPECT_NE(done.out.find("0 groups to solve, 15 already complete"), std::string::npos) << done.out;
  const std::vector<std::string> bad{"generate", "pangki", "--walk", "fast", "--dir", tb.string()};
  const Outcome refused = run_rtb(bad);
  EXPECT_EQ(refused.exit_code, 2) << describe_run(bad, refused);
  EXPECT_NE(refused.err.find("--walk: walk 'fast' is not one of auto, lists, lean, byte"), std::string::npos)
      << refused.err;
}

// A memory limit that the tiers held for later groups would pass is obeyed:
// the plan drops them and says so, and the run reads them back from their
// files, writing the same bytes as a run without the limit.
TEST(Hardening, AMemoryLimitDropsHeldTiersAndWritesTheSameFiles) {
  ScratchDir scratch("drops");
  const fs::path free = scratch.path() / "free", limited = scratch.path() / "limited";
  const std::vector<std::string> whole{"generate", "morris",  "--variant", "six",
                                       "--all",    "--quiet", "--dir",     free.string()};
  const Outcome w = run_rtb(whole);
  ASSERT_EQ(w.exit_code, 0) << describe_run(whole, w);
  // Six Men's Morris whole plans a peak of 18 MiB with every held tier kept,
  // 17 of them the program and the game's numbering tables: under 18M some
  // held tiers are dropped, and each group fits with the tiers it reads
  // (under 17.2M one does not).
  const std::vector<std::string> plan{"generate", "morris",         "--variant", "six",   "--all",
                                      "--plan",   "--memory-limit", "18M",       "--dir", limited.string()};
  const Outcome p = run_rtb(plan);
  ASSERT_EQ(p.exit_code, 0) << describe_run(plan, p);
  EXPECT_NE(p.out.find("times a held tier is dropped to stay within the memory limit"), std::string::npos) << p.out;
  std::vector<std::string> run = plan;
  run[5] = "--quiet";
  const Outcome r = run_rtb(run);
  ASSERT_EQ(r.exit_code, 0) << describe_run(run, r);
  const auto files = [](const fs::path& dir) {
    std::map<std::string, Bytes> out;
    for (const auto& e : fs::directory_iterator(dir / "morris-six"))
      if (e.path().extension() == ".rtb") out[e.path().filename().string()] = read_bytes(e.path());
    return out;
  };
  const std::map<std::string, Bytes> written = files(limited), want = files(free);
  EXPECT_EQ(written.size(), 146u);
  EXPECT_TRUE(written == want);
}

// ------------------------------------------------------------ format version

// The values of a whole Pangki solve are those of format version 1. When
// this fails, the slot numbering or the value encoding changed: bump
// kFormatVersion (tablebases/tier_file.hpp) so that old files are refused,
// then update the checksum here. The values are read back through TierFile,
// so that how the writer compresses them does not enter (the next test).
TEST(Hardening, PangkiValuesAreThoseOfThisFormatVersion) {
  ScratchDir scratch("values");
  std::uint32_t crc = 0;
  for (const auto& [name, bytes] : clean_pangki_files()) {
    const fs::path file = scratch.path() / name;
    write_bytes(file, bytes);
    const TierFile tier(file);
    const std::vector<Value> values = tier.read_all();
    crc = crc32c(name.data(), name.size(), crc);
    crc = crc32c(values.data(), values.size() * sizeof(Value), crc);
  }
  EXPECT_EQ(clean_pangki_files().size(), 25u);
  EXPECT_EQ(kFormatVersion, 1u);
  EXPECT_EQ(crc, 679978007u) << "checksum of every Pangki file's values";
}

// The bytes of the same files: they change with the writer's defaults
// (WriteOptions: block size, zstd level and match length) or with zstd
// itself, not only with the format. When only this test fails, no reader is
// affected: update the checksum and say in the commit why the bytes moved.
TEST(Hardening, PangkiFilesAreTheBytesOfTheDefaultWriter) {
  std::uint32_t crc = 0;
  for (const auto& [name, bytes] : clean_pangki_files()) {
    crc = crc32c(name.data(), name.size(), crc);
    crc = crc32c(bytes.data(), bytes.size(), crc);
  }
  EXPECT_EQ(crc, 1117191399u) << "checksum of every Pangki file";
}

}  // namespace
}  // namespace rtb
