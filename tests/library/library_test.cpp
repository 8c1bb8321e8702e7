// The public C++ API (include/rtb/rtb.hpp) as a user links it, rtb::rtb and
// nothing of rtb's internals: generate's checks (issue 28, item 6), 8x8
// Crossings opened without files (issue 27, defect 3), the cheap value probe
// and the empty tier list (issue 27; issue 28, item 13).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <rtb/rtb.hpp>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name)
      : path_(fs::temp_directory_path() / ("rtb_library_test_" + name + "_" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~ScratchDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }
  std::string str() const { return path_.string(); }

 private:
  fs::path path_;
};

std::size_t tier_files(const fs::path& dir) {
  std::size_t n = 0;
  if (!fs::exists(dir)) return 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) n += e.path().extension() == ".rtb";
  return n;
}

rtb::GenerateSettings up_to(int pieces) {
  rtb::GenerateSettings s;
  s.threads = 2;
  s.at_most["max_pieces"] = pieces;
  return s;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST(LibraryGenerate, RefusesADirectoryThatAnotherGenerateHolds) {
  ScratchDir scratch("busy");
  const fs::path folder = scratch.path() / "pangki-default";
  fs::create_directories(folder);
  // The lock as `rtb generate` takes it (tablebases/directory_lock.hpp).
  const int fd = ::open((folder / ".lock").c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::flock(fd, LOCK_EX | LOCK_NB), 0);
  try {
    rtb::generate_tablebases(scratch.str(), "pangki", "default", up_to(2));
    ADD_FAILURE() << "generate ran while another held the directory";
  } catch (const rtb::TablebaseBusy& e) {
    EXPECT_TRUE(contains(e.what(), "another rtb generate")) << e.what();
    EXPECT_TRUE(contains(e.what(), (folder / ".lock").string())) << e.what();
  }
  EXPECT_EQ(tier_files(scratch.path()), 0u);
  ::close(fd);
  EXPECT_GT(rtb::generate_tablebases(scratch.str(), "pangki", "default", up_to(2)).groups_solved, 0u);
}

TEST(LibraryGenerate, SweepsTheTemporariesOfAKilledRun) {
  ScratchDir scratch("sweep");
  const fs::path folder = scratch.path() / "pangki-default";
  fs::create_directories(folder);
  const fs::path stale = folder / "2-2.rtb.777.tmp";
  std::ofstream(stale) << "half a file";
  rtb::generate_tablebases(scratch.str(), "pangki", "default", up_to(2));
  EXPECT_FALSE(fs::exists(stale));
}

TEST(LibraryGenerate, RefusesAPlanOverTheMemoryLimitBeforeAnyWork) {
  ScratchDir scratch("memory");
  rtb::GenerateSettings s;
  s.memory_limit = 1 << 20;
  try {
    rtb::generate_tablebases(scratch.str(), "pangki", "default", s);
    ADD_FAILURE() << "a plan of more than 1 MiB ran under memory_limit 1 MiB";
  } catch (const std::runtime_error& e) {
    EXPECT_TRUE(contains(e.what(), "more than memory_limit 1.0 MiB; nothing was solved")) << e.what();
  }
  EXPECT_FALSE(fs::exists(scratch.path() / "pangki-default"));
}

TEST(LibraryGenerate, RefusesAbsurdThreadsAndAnEmptyTierList) {
  ScratchDir scratch("settings");
  rtb::GenerateSettings s;
  s.threads = 100000;
  EXPECT_THROW(rtb::generate_tablebases(scratch.str(), "pangki", "default", s), rtb::InvalidInput);
  s.threads = 1;
  s.tiers = "";
  try {
    rtb::generate_tablebases(scratch.str(), "pangki", "default", s);
    ADD_FAILURE() << "an empty tier list solved the default set";
  } catch (const rtb::InvalidInput& e) {
    EXPECT_TRUE(contains(e.what(), "tiers is empty")) << e.what();
  }
  EXPECT_EQ(tier_files(scratch.path()), 0u);
}

TEST(LibraryCrossings, EightByEightIsSearchedWithoutFiles) {
  ScratchDir scratch("crossings");
  rtb::Tablebase tb(scratch.str(), "crossings", "default", rtb::SearchBudget{20000, 0});
  const rtb::ProbeResult r = tb.probe("start");
  EXPECT_TRUE(r.searched);
  EXPECT_FALSE(r.moves.empty());
  EXPECT_GT(r.nodes, 0u);
  // With no time limit the node budget ends it: the same answer twice.
  const rtb::ProbeResult again = tb.probe("start");
  EXPECT_EQ(again.nodes, r.nodes);
  EXPECT_EQ(again.value, r.value);
  EXPECT_EQ(again.best_move(), r.best_move());
  EXPECT_EQ(tb.probe_value("start"), r.value);
}

// Issue 53, item 7: the library took an infinite time limit (and any
// number), where the command line's query and play follow one rule now.
TEST(LibraryCrossings, TheTimeLimitFollowsTheFrontEndsRule) {
  ScratchDir scratch("seconds");
  for (const double seconds : {std::numeric_limits<double>::infinity(), -1.0, 1e9}) {
    try {
      rtb::Tablebase tb(scratch.str(), "crossings", "default", rtb::SearchBudget{20000, seconds});
      ADD_FAILURE() << "seconds " << seconds << " was taken";
    } catch (const rtb::InvalidInput& e) {
      EXPECT_NE(std::string(e.what()).find("seconds must be a number of seconds above 0 and at most 3600"),
                std::string::npos)
          << e.what();
    }
  }
  EXPECT_NO_THROW(rtb::Tablebase(scratch.str(), "crossings", "default", rtb::SearchBudget{20000, 0}));
  EXPECT_NO_THROW(rtb::Tablebase(scratch.str(), "crossings", "default", rtb::SearchBudget{20000, 3600}));
}

// Issue 53, item 5: generate("") threw a filesystem error, not
// InvalidInput; a moved-from Tablebase crashed on probe.
TEST(LibraryErrors, AnEmptyDirectoryIsInvalidInput) {
  try {
    rtb::generate_tablebases("", "pangki", "default", up_to(2));
    ADD_FAILURE() << "generate(\"\") was taken";
  } catch (const rtb::InvalidInput& e) {
    EXPECT_TRUE(contains(e.what(), "dir is empty")) << e.what();
  }
  EXPECT_THROW(rtb::Tablebase("", "pangki"), rtb::InvalidInput);
}

TEST(LibraryErrors, AMovedFromTablebaseThrows) {
  ScratchDir scratch("moved");
  rtb::Tablebase tb(scratch.str(), "crossings", "default", rtb::SearchBudget{2000, 0});
  rtb::Tablebase other = std::move(tb);
  EXPECT_FALSE(other.probe("start").moves.empty());
  for (const auto& call : std::vector<std::function<void()>>{
           [&] { tb.probe("start"); }, [&] { tb.probe_value("start"); }, [&] { tb.game(); }, [&] { tb.start(); },
           [&] { tb.normalise("start"); }, [&] { tb.play("start", {}); }}) {
    try {
      call();
      ADD_FAILURE() << "a moved-from Tablebase answered";
    } catch (const std::logic_error& e) {
      EXPECT_TRUE(contains(e.what(), "moved from")) << e.what();
    }
  }
  tb = std::move(other);  // assigned again, it answers
  EXPECT_FALSE(tb.probe("start").moves.empty());
}

TEST(LibraryProbeValue, AgreesWithProbeAndReadsOnlyThePositionsFile) {
  ScratchDir scratch("value");
  rtb::generate_tablebases(scratch.str(), "pangki", "default", up_to(3));
  const std::string position = "ww.b/..../.b../b.w. b";  // 3-3; b2b1 captures c1, into 2-3
  rtb::ProbeResult full;
  {
    rtb::Tablebase tb(scratch.str(), "pangki");
    full = tb.probe(position);
    EXPECT_EQ(tb.probe_value(position), full.value);
    EXPECT_EQ(tb.probe_wdl(position), full.value.verdict);
    EXPECT_EQ(tb.probe_value("ww../..../..../...b b"), (rtb::GameValue{rtb::Verdict::loss, 0}));
    // Along the best line, every value agrees with the full probe.
    std::string p = position;
    for (int ply = 0; ply < 8; ++ply) {
      const rtb::ProbeResult r = tb.probe(p);
      EXPECT_EQ(tb.probe_value(p), r.value) << p;
      if (!r.best_move()) break;
      p = tb.play(p, {*r.best_move()});
    }
    EXPECT_THROW(tb.probe_value("nonsense"), rtb::InvalidInput);
  }
  for (const auto& e : fs::directory_iterator(scratch.path() / "pangki-default"))
    if (e.path().filename() != "3-3.rtb") fs::remove(e.path());
  rtb::Tablebase tb(scratch.str(), "pangki");
  EXPECT_EQ(tb.probe_value(position), full.value);
  try {
    tb.probe(position);
    ADD_FAILURE() << "probe answered without the files its moves lead to";
  } catch (const rtb::TablebaseNotFound& e) {
    EXPECT_TRUE(contains(e.path, "pangki-default/2-3.rtb")) << e.path << " / " << e.what();
  }
  // A position whose own file is gone: the error names it.
  try {
    tb.probe_value("start");
    ADD_FAILURE() << "the start was answered without its file";
  } catch (const rtb::TablebaseNotFound& e) {
    EXPECT_EQ(e.path, (scratch.path() / "pangki-default" / "6-6.rtb").string()) << e.what();
  }
}

TEST(LibraryGenerate, DerivedTiersAnswerAsStoredOnes) {
  // Five Men's Morris with and without derived tiers: fewer bytes on disk,
  // the same probes (a derived tier's values computed from its children's).
  ScratchDir full("morris_full"), derived("morris_derived");
  rtb::GenerateSettings s;
  s.threads = 2;
  rtb::generate_tablebases(full.str(), "morris", "five", s);
  s.derive_tiers = true;
  rtb::generate_tablebases(derived.str(), "morris", "five", s);
  const auto bytes = [](const fs::path& dir) {
    std::uintmax_t n = 0;
    for (const auto& e : fs::recursive_directory_iterator(dir)) n += e.path().extension() == ".rtb" ? e.file_size() : 0;
    return n;
  };
  EXPECT_EQ(tier_files(full.path()), tier_files(derived.path()));
  EXPECT_LT(bytes(derived.path()), bytes(full.path()) * 3 / 4);
  rtb::Tablebase a(full.str(), "morris", "five"), b(derived.str(), "morris", "five");
  // The start (a placement tier with White to place: derived) and the
  // positions after each first move (stored).
  const rtb::ProbeResult start = a.probe("start"), start_derived = b.probe("start");
  EXPECT_EQ(start_derived.value, start.value);
  EXPECT_EQ(start.value.verdict, rtb::Verdict::draw);  // RULES.md: Five Men's Morris is a draw
  ASSERT_EQ(start_derived.moves.size(), start.moves.size());
  for (std::size_t k = 0; k < start.moves.size(); ++k) {
    EXPECT_EQ(start_derived.moves[k].move, start.moves[k].move);
    EXPECT_EQ(start_derived.moves[k].value, start.moves[k].value) << start.moves[k].move;
  }
  EXPECT_FALSE(start_derived.searched);
}

TEST(LibraryGenerate, RefusesDerivedTiersForAGameWithoutThem) {
  ScratchDir scratch("derive_refused");
  rtb::GenerateSettings s = up_to(2);
  s.derive_tiers = true;
  try {
    rtb::generate_tablebases(scratch.str(), "pangki", "default", s);
    ADD_FAILURE() << "pangki generated with derive_tiers";
  } catch (const rtb::InvalidInput& e) {
    EXPECT_TRUE(contains(e.what(), "derive_tiers")) << e.what();
  }
  EXPECT_EQ(tier_files(scratch.path()), 0u);
}

TEST(LibraryRepetitionRule, AHistoryForbidsAMoveBackToItsPositions) {
  // Bagh-Chal 3x3: five moves from `first` come back round, and the goats'
  // best move there, b1c1, returns to `first` (tests/apps/repetition_rule_test.cpp).
  const ScratchDir dir("repetition");
  rtb::generate_tablebases(dir.str(), "bagh-chal", "3x3");
  rtb::Tablebase tb(dir.str(), "bagh-chal", "3x3");
  ASSERT_TRUE(tb.forbids_repetition());
  const std::string first = "TTT/GTG/G.G t 0";
  const std::vector<std::string> cycle{"b2b1", "c1b2", "b1c1", "b2b1", "c1b2"};
  const std::string here = tb.play(first, cycle);
  const rtb::ProbeResult plain = tb.probe(here);
  EXPECT_EQ(plain.best_move(), "b1c1");
  EXPECT_EQ(plain.best_allowed_move(), "b1c1");
  EXPECT_FALSE(plain.rule_applied);
  std::vector<std::string> history{first};
  history.insert(history.end(), cycle.begin(), cycle.end());
  const rtb::ProbeResult ruled = tb.probe(here, history);
  EXPECT_TRUE(ruled.rule_applied);
  EXPECT_EQ(ruled.best_move(), "b1c1");
  EXPECT_EQ(ruled.best_allowed_move(), "c2c1");
  EXPECT_EQ(ruled.value, plain.value);  // the tablebase's, rule or not
  ASSERT_EQ(ruled.moves.size(), 2u);
  EXPECT_EQ(ruled.moves[0].forbidden, "repeats the first position (no position may occur twice)");
  EXPECT_EQ(ruled.moves[1].forbidden, "");
  EXPECT_TRUE(contains(ruled.rule_note, "the best it allows is c2c1")) << ruled.rule_note;
  EXPECT_THROW(tb.probe(here, {first, "a1a3"}), rtb::InvalidInput);
  // A game without the rule refuses a history.
  rtb::generate_tablebases(dir.str(), "pangki", "default", up_to(2));
  rtb::Tablebase pangki(dir.str(), "pangki");
  EXPECT_FALSE(pangki.forbids_repetition());
  EXPECT_THROW(pangki.probe("ww../..../..../...b b", {"ww../..../..../...b b"}), rtb::InvalidInput);
}
