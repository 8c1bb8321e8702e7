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
#include <map>
#include <rtb/rtb.hpp>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/file_bytes.hpp"

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
  const rtb::GenerateSummary summary = rtb::generate_tablebases(scratch.str(), "pangki", "default", up_to(2));
  EXPECT_GT(summary.groups_solved, 0u);
  EXPECT_GT(summary.peak_memory_bytes, 4u << 20);  // measured (Linux): the program itself
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
  EXPECT_EQ(start.value.verdict, rtb::Verdict::draw);  // docs/rules.md: Five Men's Morris is a draw
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

// Issue 51: verify and stats from the library, as `rtb verify` and `rtb
// stats` give them. Pangki up to 3 pieces a side: tiers 2-2, 2-3, 3-2, 3-3.
namespace {

// Positions of Pangki's tier A-B: A stones of the mover and B of the other
// on 16 points, counted without the engine.
std::uint64_t pangki_positions(int mover, int other) {
  const auto choose = [](std::uint64_t n, std::uint64_t k) {
    std::uint64_t c = 1;
    for (std::uint64_t i = 1; i <= k; ++i) c = c * (n - k + i) / i;
    return c;
  };
  return choose(16, mover) * choose(16 - mover, other);
}

}  // namespace

TEST(LibraryVerifyAndStats, RefusesAProofOverTheMemoryLimitBeforeAnyWork) {
  ScratchDir scratch("verify-memory");
  rtb::generate_tablebases(scratch.str(), "pangki", "default", up_to(3));
  rtb::VerifySettings v;
  v.at_most["max_pieces"] = 3;
  v.memory_limit = 1 << 20;
  std::vector<std::string> told;
  v.on_tier = [&](const rtb::TierVerification& t) { told.push_back(t.tier); };
  try {
    rtb::verify(scratch.str(), "pangki", "default", v);
    ADD_FAILURE() << "a proof of more than 1 MiB ran under memory_limit 1 MiB";
  } catch (const std::runtime_error& e) {
    EXPECT_TRUE(contains(e.what(), "more than memory_limit 1.0 MiB; nothing was verified")) << e.what();
  }
  EXPECT_TRUE(told.empty());
}

TEST(LibraryVerifyAndStats, ASmallGameIsProvenAndCounted) {
  ScratchDir scratch("verify");
  rtb::generate_tablebases(scratch.str(), "pangki", "default", up_to(3));
  rtb::VerifySettings v;
  v.threads = 2;
  v.at_most["max_pieces"] = 3;
  std::vector<std::string> told;
  v.on_tier = [&](const rtb::TierVerification& t) { told.push_back(t.tier); };
  const rtb::VerifySummary verified = rtb::verify(scratch.str(), "pangki", "default", v);
  EXPECT_TRUE(verified.ok);
  EXPECT_EQ(verified.failures, 0u);
  EXPECT_EQ(verified.tiers_checked, 4u);
  ASSERT_EQ(verified.tiers.size(), 4u);
  EXPECT_EQ(told, (std::vector<std::string>{"2-2", "2-3", "3-2", "3-3"}));
  std::uint64_t proven = 0;
  for (const rtb::TierVerification& t : verified.tiers) {
    EXPECT_EQ(t.status, rtb::TierStatus::ok) << t.tier << ": " << t.message;
    EXPECT_TRUE(contains(t.message, "ok, " + std::to_string(t.values_proven) + " values proven")) << t.message;
    proven += t.values_proven;
  }
  // Slots, as `rtb verify` counts them at this commit (one a class of positions under symmetry).
  EXPECT_EQ(verified.values_proven, 37583u);
  EXPECT_EQ(proven, verified.values_proven);

  rtb::StatsSettings s;
  s.threads = 2;
  s.tiers = "2-2,2-3,3-2,3-3";
  std::size_t counted = 0;
  s.on_tier = [&](const rtb::TierValueCounts&) { ++counted; };
  const rtb::StatsSummary stats = rtb::stats(scratch.str(), "pangki", "default", s);
  ASSERT_EQ(stats.tiers.size(), 4u);
  EXPECT_EQ(counted, 4u);
  rtb::Tablebase tb(scratch.str(), "pangki");
  std::uint64_t all = 0;
  for (const rtb::TierValueCounts& t : stats.tiers) {
    const rtb::ValueCounts& c = t.counts;
    const int mover = t.tier[0] - '0', other = t.tier[2] - '0';
    EXPECT_EQ(c.win + c.loss + c.draw, pangki_positions(mover, other)) << t.tier;
    all += c.win + c.loss + c.draw;
    // The longest win and loss are what a probe of their positions says.
    ASSERT_GE(c.longest_win, 0) << t.tier;
    EXPECT_EQ(tb.probe_value(c.longest_win_position), (rtb::GameValue{rtb::Verdict::win, c.longest_win})) << t.tier;
    ASSERT_GE(c.longest_loss, 0) << t.tier;
    EXPECT_EQ(tb.probe_value(c.longest_loss_position), (rtb::GameValue{rtb::Verdict::loss, c.longest_loss})) << t.tier;
    // The histogram of distances sums to the counts and ends at the longest.
    for (const auto& [bars, count, longest] :
         {std::tuple{c.win_distances, c.win, c.longest_win}, std::tuple{c.loss_distances, c.loss, c.longest_loss}}) {
      std::uint64_t sum = 0;
      for (const rtb::DistanceCount& d : bars) sum += d.positions;
      EXPECT_EQ(sum, count) << t.tier;
      ASSERT_FALSE(bars.empty()) << t.tier;
      EXPECT_EQ(bars.back().plies, longest) << t.tier;
    }
  }
  EXPECT_EQ(stats.total.win + stats.total.loss + stats.total.draw, all);
  EXPECT_EQ(all, 258440u);
  EXPECT_EQ(stats.total.longest_win, 35);
  EXPECT_EQ(stats.total.longest_win_position, "");
}

TEST(LibraryVerifyAndStats, ADamagedFileIsRefused) {
  ScratchDir scratch("verify_damaged");
  rtb::generate_tablebases(scratch.str(), "pangki", "default", up_to(3));
  const fs::path damaged = scratch.path() / "pangki-default" / "2-3.rtb";
  rtb::test_files::flip_a_bit_near_the_end(damaged);
  rtb::VerifySettings v;
  v.threads = 2;
  v.at_most["max_pieces"] = 3;
  const rtb::VerifySummary verified = rtb::verify(scratch.str(), "pangki", "default", v);
  EXPECT_FALSE(verified.ok);
  std::map<std::string, rtb::TierVerification> by_tier;
  for (const rtb::TierVerification& t : verified.tiers) by_tier[t.tier] = t;
  EXPECT_EQ(by_tier.at("2-3").status, rtb::TierStatus::failed);
  EXPECT_TRUE(contains(by_tier.at("2-3").message, damaged.string() + ": block 0 checksum mismatch"))
      << by_tier.at("2-3").message;
  EXPECT_EQ(by_tier.at("2-2").status, rtb::TierStatus::ok);
  // 3-3's and 3-2's moves reach 2-3 (a capture): nothing of theirs is proven.
  EXPECT_EQ(by_tier.at("3-3").status, rtb::TierStatus::not_proven);
  EXPECT_EQ(by_tier.at("3-2").status, rtb::TierStatus::not_proven);
  EXPECT_EQ(verified.failures, 3u);

  // stats reads every value: the damaged block is an error, not a count.
  rtb::StatsSettings s;
  s.tiers = "2-2,2-3";
  try {
    rtb::stats(scratch.str(), "pangki", "default", s);
    ADD_FAILURE() << "stats counted a damaged file";
  } catch (const rtb::TablebaseNotFound& e) {
    ADD_FAILURE() << "a damaged file is not a missing one: " << e.what();
  } catch (const std::runtime_error& e) {
    EXPECT_TRUE(contains(e.what(), "checksum mismatch")) << e.what();
  }
}

// The path of a missing file or folder travels as a field, not parsed back
// out of the message (issue 51).
TEST(LibraryVerifyAndStats, AMissingFileOrFolderIsNamedByItsPath) {
  ScratchDir scratch("stats_missing");
  rtb::StatsSettings s;
  s.tiers = "2-2";
  try {
    rtb::stats(scratch.str(), "pangki", "default", s);
    ADD_FAILURE() << "no folder, yet counted";
  } catch (const rtb::TablebaseNotFound& e) {
    EXPECT_EQ(e.path, (scratch.path() / "pangki-default").string());
  }
  try {
    rtb::verify(scratch.str(), "pangki");
    ADD_FAILURE() << "no folder, yet verified";
  } catch (const rtb::TablebaseNotFound& e) {
    EXPECT_EQ(e.path, (scratch.path() / "pangki-default").string());
  }
  rtb::generate_tablebases(scratch.str(), "pangki", "default", up_to(2));
  s.tiers = "2-2,2-3";
  try {
    rtb::stats(scratch.str(), "pangki", "default", s);
    ADD_FAILURE() << "2-3 is missing, yet counted";
  } catch (const rtb::TablebaseNotFound& e) {
    EXPECT_EQ(e.path, (scratch.path() / "pangki-default" / "2-3.rtb").string());
    EXPECT_TRUE(contains(e.what(), "rtb generate pangki")) << e.what();
  }
  // A query's missing file, too.
  rtb::Tablebase tb(scratch.str(), "pangki");
  try {
    tb.probe("start");
    ADD_FAILURE() << "probed without the start's file";
  } catch (const rtb::TablebaseNotFound& e) {
    EXPECT_EQ(fs::path(e.path).parent_path(), scratch.path() / "pangki-default");
    EXPECT_EQ(fs::path(e.path).extension(), ".rtb");
  }
}

// Issue 51: GameInfo says what a generate takes by default and whether
// derive_tiers applies, so that a caller asks instead of knowing the games:
// Pangki whole and nothing to derive (derive_tiers is refused above); Bagh-Chal
// 5x5 and Nine Men's Morris a part; Morris alone derives tiers.
TEST(LibraryGames, SayWhatTheDefaultTakesAndWhoDerivesTiers) {
  std::map<std::string, rtb::GameInfo> by_name;
  for (const rtb::GameInfo& g : rtb::games()) by_name[g.name] = g;
  EXPECT_TRUE(by_name.at("pangki").whole_by_default);
  EXPECT_FALSE(by_name.at("bagh-chal").whole_by_default);
  EXPECT_FALSE(by_name.at("morris").whole_by_default);
  for (const auto& [name, g] : by_name) EXPECT_EQ(g.derives_tiers, name == "morris") << name;
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
  // The rules text is the game's, as `rtb play`'s rules command prints it:
  // lines "Topic: text", the last how moves are written.
  const std::string rules = pangki.rules();
  ASSERT_FALSE(rules.empty());
  EXPECT_EQ(rules.back(), '\n');
  EXPECT_EQ(rules.rfind("\nMoves: "), rules.rfind('\n', rules.size() - 2)) << rules;
  EXPECT_NE(rules, tb.rules());
  EXPECT_THROW(pangki.probe("ww../..../..../...b b", {"ww../..../..../...b b"}), rtb::InvalidInput);
}

TEST(LibraryProbe, ThreadsWithATablebaseEachAgreeWithOneThread) {
  // The header's rule for threads: one Tablebase a thread. What they share
  // below it (the registry, open files, caches) must not race: this test is
  // what scripts/tsan.sh runs under ThreadSanitizer, and in a plain build it
  // checks that concurrent answers are the answers of one thread.
  const ScratchDir dir("threads");
  rtb::generate_tablebases(dir.str(), "pangki", "default", up_to(4));
  rtb::Tablebase reference(dir.str(), "pangki");
  // The positions within a few moves of a 4-4 position, breadth first.
  std::vector<std::string> positions{"ww.w/.w../..b./b.bb w"};
  std::set<std::string> seen(positions.begin(), positions.end());
  for (std::size_t i = 0; i < positions.size() && positions.size() < 250; ++i)
    for (const rtb::MoveValue& m : reference.probe(positions[i]).moves)
      if (seen.insert(m.position).second) positions.push_back(m.position);
  ASSERT_GE(positions.size(), 150u);
  std::vector<std::string> expected;
  for (const std::string& p : positions) expected.push_back(reference.probe(p).json);

  constexpr int kThreads = 4;
  std::vector<std::vector<std::string>> answers(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      rtb::Tablebase tb(dir.str(), "pangki");
      // Each thread starts at a different place, so that they read
      // different files at the same time.
      std::vector<std::string>& mine = answers[t];
      mine.resize(positions.size());
      for (std::size_t k = 0; k < positions.size(); ++k) {
        const std::size_t i = (k + t * positions.size() / kThreads) % positions.size();
        mine[i] = tb.probe(positions[i]).json;
        (void)tb.probe_value(positions[i]);
      }
    });
  for (std::thread& t : threads) t.join();
  for (int t = 0; t < kThreads; ++t)
    for (std::size_t i = 0; i < positions.size(); ++i) ASSERT_EQ(answers[t][i], expected[i]) << positions[i];
}
