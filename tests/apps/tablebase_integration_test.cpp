// The tablebases end to end, through the real `rtb` program: files read back
// as solved, a killed generation resumes to the same bytes, damage is
// reported by name, and query, verify and stats print what they promise.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "driver/generate.hpp"
#include "driver/solve_in_memory.hpp"
#include "games/line_capture/line_capture.hpp"
#include "solver/retrograde.hpp"
#include "tablebases/tier_file.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/run_rtb.hpp"
#include "tests/support/scratch_dir.hpp"

namespace rtb {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using Tier = LineCaptureGame::TierId;
using rtb_test::describe_run;
using rtb_test::Outcome;
using rtb_test::run_rtb;
using rtb_test::ScratchDir;
using test_files::Bytes;
using test_files::read_bytes;
using test_files::read_text;
using test_files::write_bytes;

const fs::path kRtb = RTB_BINARY;
const fs::path kWork = RTB_TEST_WORK_DIR;

std::string binary_stamp() {
  struct stat st {};
  ::stat(kRtb.c_str(), &st);
  return std::to_string(st.st_size) + " " + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec);
}

// A clean, complete run of `rtb generate pangki --threads 2 --dir D`, made
// once for this build of rtb and shared by the tests (and by test processes
// running at the same time, through a lock). The stamp is written only after
// a run from an empty directory finished, so what it marks is a clean run.
fs::path clean_pangki_dir() {
  static const fs::path dir = [] {
    fs::create_directories(kWork);
    const fs::path base = kWork / "clean-pangki";
    const int lock = ::open((kWork / "clean-pangki.lock").c_str(), O_RDWR | O_CREAT, 0644);
    if (lock < 0 || ::flock(lock, LOCK_EX) != 0) throw std::runtime_error("cannot lock " + kWork.string());
    const fs::path stamp = base / "stamp";
    if (!fs::exists(stamp) || read_text(stamp) != binary_stamp()) {
      fs::remove_all(base);
      fs::create_directories(base);
      const std::vector<std::string> args{"generate", "pangki", "--threads", "2", "--dir", (base / "tb").string()};
      const Outcome r = run_rtb(args);
      if (r.exit_code != 0) {
        ::close(lock);
        throw std::runtime_error("clean generation failed: " + describe_run(args, r));
      }
      std::ofstream(stamp) << binary_stamp();
    }
    ::close(lock);
    return base / "tb";
  }();
  return dir;
}

const LineCaptureGame& pangki() {
  static const LineCaptureGame game(pangki_rules(), CaptureLines::Touched);
  return game;
}

fs::path file_of(const fs::path& dir, const std::string& tier) { return dir / "pangki-default" / (tier + ".rtb"); }

// The files under dir, by path relative to it; not generate's lock, which
// holds the id of the last process that wrote there.
std::map<std::string, Bytes> files_under(const fs::path& dir) {
  std::map<std::string, Bytes> out;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().filename() != ".lock")
      out[fs::relative(entry.path(), dir).string()] = read_bytes(entry.path());
  return out;
}

void copy_dir(const fs::path& from, const fs::path& to) {
  fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
}

// ---------------------------------------------------------------- files

TEST(GeneratedFiles, WriteThenReadGivesBackEveryValue) {
  const LineCaptureGame& game = pangki();
  // The engine in memory, group by group.
  const std::vector<std::vector<Value>> values = solve_in_memory(game, 2);
  const fs::path dir = clean_pangki_dir();
  Prober prober(dir, game.name(), game.variant());
  std::mt19937_64 rng(12345);
  for (Tier t = 0; t < game.tier_count(); ++t) {
    SCOPED_TRACE("tier " + game.tier_name(t));
    const fs::path path = tier_file_path(game, dir, t);
    EXPECT_EQ(path, file_of(dir, game.tier_name(t)));
    const std::vector<Value> read = read_tier_file(path, tier_info(game, t));
    ASSERT_EQ(read.size(), values[t].size());
    std::size_t differ = 0, first = 0;
    for (std::size_t i = 0; i < read.size(); ++i)
      if (read[i] != values[t][i] && differ++ == 0) first = i;
    EXPECT_EQ(differ, 0u) << "first at slot " << first << ": file " << describe(read[first]) << ", solved "
                          << describe(values[t][first]);
    // Random access agrees too.
    for (int k = 0; k < 200; ++k) {
      const std::uint64_t i = rng() % values[t].size();
      ASSERT_EQ(prober.probe(game.tier_name(t), game.tier_size(t), i), values[t][i]) << "slot " << i;
    }
  }
}

TEST(GeneratedFiles, KilledGenerationResumesToIdenticalFiles) {
  const fs::path clean = clean_pangki_dir();
  const auto expected = files_under(clean);
  ASSERT_EQ(expected.size(), 25u);

  ScratchDir scratch("resume");
  const fs::path dir = scratch.path() / "tb";
  const fs::path tiers = dir / "pangki-default";
  const std::vector<std::string> args{"generate", "pangki", "--threads", "2", "--dir", dir.string()};
  auto finished_files = [&] {
    std::size_t n = 0;
    if (fs::exists(tiers))
      for (const auto& e : fs::directory_iterator(tiers)) n += e.path().extension() == ".rtb";
    return n;
  };
  // Starts a run and kills it with SIGKILL once `files` tier files exist
  // and a further `delay` has passed; the run must still be going then.
  auto run_and_kill = [&](std::size_t files, std::chrono::milliseconds delay) {
    rtb_test::Child run(rtb_test::Launch{args});
    bool exited = false;
    while (finished_files() < files && !exited) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      exited = !run.running();
    }
    if (!exited) {
      std::this_thread::sleep_for(delay);
      exited = !run.running();
    }
    ASSERT_FALSE(exited) << "the run ended before it could be killed:\n" << run.err_so_far();
    run.signal(SIGKILL);
    const Outcome killed = run.wait();
    ASSERT_TRUE(killed.signal == SIGKILL) << describe_run(args, killed);
    const std::size_t left = finished_files();
    std::size_t temporary = 0;
    for (const auto& e : fs::directory_iterator(tiers)) temporary += e.path().extension() == ".tmp";
    std::cout << "killed with " << left << " of 25 tier files written and " << temporary << " temporary file(s)\n";
    EXPECT_GE(left, files);
    EXPECT_LT(left, 25u) << "the kill landed after the run had finished its work";
  };
  run_and_kill(5, std::chrono::milliseconds(40));
  ASSERT_FALSE(HasFatalFailure());
  const std::size_t after_first = finished_files();
  run_and_kill(std::min<std::size_t>(after_first + 8, 20), std::chrono::milliseconds(150));
  ASSERT_FALSE(HasFatalFailure());

  // What a kill in the middle of writing leaves: a half-written temporary
  // file for the next tier, and (as if the rename had not been atomic) a
  // final file cut short.
  std::vector<std::string> done, missing;
  for (Tier t = 0; t < pangki().tier_count(); ++t)
    (fs::exists(file_of(dir, pangki().tier_name(t))) ? done : missing).push_back(pangki().tier_name(t));
  ASSERT_FALSE(done.empty());
  ASSERT_FALSE(missing.empty());
  const Bytes next_file = expected.at("pangki-default/" + missing.front() + ".rtb");
  write_bytes(fs::path(file_of(dir, missing.front())) += ".tmp",
              Bytes(next_file.begin(), next_file.begin() + static_cast<std::ptrdiff_t>(next_file.size() / 2)));
  const fs::path cut = file_of(dir, done.back());
  fs::resize_file(cut, fs::file_size(cut) / 2);

  const Outcome r = run_rtb(args);
  ASSERT_EQ(r.exit_code, 0) << describe_run(args, r);
  // The resumed run skipped the groups it had finished.
  EXPECT_EQ(r.out.find(" 0 already complete"), std::string::npos) << r.out;

  const auto got = files_under(dir);
  std::set<std::string> got_names, expected_names;
  for (const auto& [name, bytes] : got) got_names.insert(name);
  for (const auto& [name, bytes] : expected) expected_names.insert(name);
  EXPECT_EQ(got_names, expected_names);
  for (const auto& [name, bytes] : expected) {
    const auto it = got.find(name);
    if (it != got.end()) {
      EXPECT_TRUE(it->second == bytes) << name << " differs from the clean run";
    }
  }
}

// ---------------------------------------------------------------- damage

// A position of the tier whose slot lies in the file's first block.
std::string position_in_tier(const std::string& tier_name) {
  const LineCaptureGame& game = pangki();
  for (Tier t = 0; t < game.tier_count(); ++t)
    if (game.tier_name(t) == tier_name) {
      for (std::uint64_t i = 0; i < game.tier_size(t); ++i) {
        const auto p = game.position(t, i);
        bool moves = false;
        game.for_each_move(p, [&](const auto&, const auto&) { moves = true; });
        if (moves && game.index(p) < 1000) return game.format(p);
      }
    }
  throw std::logic_error("no tier " + tier_name);
}

TEST(DamagedFiles, TruncatedFileIsNamedByVerifyAndQuery) {
  ScratchDir scratch("truncated");
  copy_dir(clean_pangki_dir(), scratch.path());
  const fs::path file = file_of(scratch.path(), "4-4");
  fs::resize_file(file, fs::file_size(file) - 100);

  const std::vector<std::string> verify{"verify", "pangki", "--dir", scratch.path().string(), "--threads", "2"};
  const Outcome v = run_rtb(verify);
  EXPECT_NE(v.exit_code, 0) << describe_run(verify, v);
  EXPECT_NE(v.all().find(file.string() + ": truncated"), std::string::npos) << describe_run(verify, v);

  const std::vector<std::string> query{"query", "pangki", position_in_tier("4-4"), "--dir", scratch.path().string()};
  const Outcome q = run_rtb(query);
  EXPECT_NE(q.exit_code, 0) << describe_run(query, q);
  EXPECT_NE(q.err.find(file.string() + ": truncated"), std::string::npos) << describe_run(query, q);
  EXPECT_EQ(q.out, "") << describe_run(query, q);
}

TEST(DamagedFiles, FlippedBitInABlockIsNamedByVerifyAndQuery) {
  ScratchDir scratch("flipped");
  copy_dir(clean_pangki_dir(), scratch.path());
  const fs::path file = file_of(scratch.path(), "2-3");
  Bytes bytes = read_bytes(file);
  // Block 0's entry in the table right after the 144-byte header: u64 offset, u32 size.
  std::uint64_t offset = 0;
  std::uint32_t size = 0;
  for (int i = 7; i >= 0; --i) offset = (offset << 8) | static_cast<unsigned char>(bytes[144 + i]);
  for (int i = 3; i >= 0; --i) size = (size << 8) | static_cast<unsigned char>(bytes[152 + i]);
  ASSERT_GT(size, 10u);
  ASSERT_EQ(offset + size, bytes.size()) << "tier 2-3 should fit one block";
  bytes[offset + size / 2] ^= 0x10;
  write_bytes(file, bytes);

  const std::vector<std::string> verify{"verify", "pangki", "--dir", scratch.path().string(), "--threads", "2"};
  const Outcome v = run_rtb(verify);
  EXPECT_NE(v.exit_code, 0) << describe_run(verify, v);
  EXPECT_NE(v.all().find(file.string() + ": block 0 checksum mismatch"), std::string::npos) << describe_run(verify, v);

  const std::vector<std::string> query{"query", "pangki", position_in_tier("2-3"), "--dir", scratch.path().string()};
  const Outcome q = run_rtb(query);
  EXPECT_NE(q.exit_code, 0) << describe_run(query, q);
  EXPECT_NE(q.err.find(file.string() + ": block 0 checksum mismatch"), std::string::npos) << describe_run(query, q);
  EXPECT_EQ(q.out, "") << describe_run(query, q);
}

TEST(DamagedFiles, GenerateSaysWhichDamagedFileItReplaced) {
  // Issue 52: generate wrote a damaged file again without a word.
  ScratchDir scratch("replaced");
  copy_dir(clean_pangki_dir(), scratch.path());
  const fs::path file = file_of(scratch.path(), "4-4");
  const Bytes clean = read_bytes(file);
  fs::resize_file(file, fs::file_size(file) - 100);
  const fs::path untouched = file_of(scratch.path(), "2-3");
  const std::vector<std::string> generate{"generate",  "pangki", "--dir",  scratch.path().string(),
                                          "--threads", "2",      "--quiet"};
  const Outcome g = run_rtb(generate);
  ASSERT_EQ(g.exit_code, 0) << describe_run(generate, g);
  EXPECT_NE(g.err.find("rtb: replaced " + file.string() + ", which was damaged (" + file.string() + ": truncated"),
            std::string::npos)
      << describe_run(generate, g);
  EXPECT_EQ(g.err.find(untouched.string()), std::string::npos) << describe_run(generate, g);
  EXPECT_EQ(read_bytes(file), clean);
}

TEST(DamagedFiles, MissingFileNamesTheFileAndTheCommandThatMakesIt) {
  ScratchDir scratch("missing");
  copy_dir(clean_pangki_dir(), scratch.path());
  const fs::path file = file_of(scratch.path(), "6-6");
  fs::remove(file);

  const std::vector<std::string> query{"query", "pangki", "start", "--dir", scratch.path().string()};
  const Outcome q = run_rtb(query);
  EXPECT_NE(q.exit_code, 0) << describe_run(query, q);
  EXPECT_NE(q.err.find(file.string()), std::string::npos) << describe_run(query, q);
  EXPECT_NE(q.err.find("missing"), std::string::npos) << describe_run(query, q);
  EXPECT_NE(q.err.find("rtb generate pangki"), std::string::npos) << describe_run(query, q);
  EXPECT_NE(q.err.find("--dir " + scratch.path().string()), std::string::npos) << describe_run(query, q);

  const std::vector<std::string> verify{"verify", "pangki", "--dir", scratch.path().string(), "--threads", "2"};
  const Outcome v = run_rtb(verify);
  EXPECT_NE(v.exit_code, 0) << describe_run(verify, v);
  EXPECT_NE(v.all().find(file.string()), std::string::npos) << describe_run(verify, v);
}

// Checksums cannot catch a file written whole with a wrong value in it;
// verify must, from the value's successors.
TEST(DamagedFiles, WrongValueInAWellFormedFileFailsVerify) {
  const LineCaptureGame& game = pangki();
  ScratchDir scratch("wrong-value");
  copy_dir(clean_pangki_dir(), scratch.path());
  Tier tier = 0;
  while (game.tier_name(tier) != "3-3") ++tier;
  const fs::path file = tier_file_path(game, scratch.path(), tier);
  std::vector<Value> values = read_tier_file(file, tier_info(game, tier));
  std::size_t slot = 0;
  while (!(is_win(values[slot]) && game.slot_weight(tier, slot) > 0)) ++slot;
  values[slot] = win_in(distance_of(values[slot]) + 2);
  write_tier_file(file, tier_info(game, tier), values);

  const std::vector<std::string> verify{"verify", "pangki", "--dir", scratch.path().string(), "--threads", "2"};
  const Outcome v = run_rtb(verify);
  EXPECT_NE(v.exit_code, 0) << describe_run(verify, v);
  EXPECT_NE(v.out.find("tier 3-3: FAILED"), std::string::npos) << describe_run(verify, v);
  EXPECT_NE(v.out.find("disagree with their successors"), std::string::npos) << describe_run(verify, v);
}

// Files record their variant: another variant's file under this variant's
// name is refused, never read as values.
TEST(DamagedFiles, AnotherVariantsFileIsRefused) {
  ScratchDir scratch("variant");
  fs::copy(clean_pangki_dir() / "pangki-default", scratch.path() / "pangki-arrival", fs::copy_options::recursive);
  const std::vector<std::string> query{
      "query", "pangki", "start", "--variant", "arrival", "--dir", scratch.path().string()};
  const Outcome q = run_rtb(query);
  EXPECT_NE(q.exit_code, 0) << describe_run(query, q);
  EXPECT_NE(q.err.find("variant 'default', expected 'arrival'"), std::string::npos) << describe_run(query, q);
  EXPECT_EQ(q.out, "") << describe_run(query, q);
}

// ---------------------------------------------------------------- query

json query_json(const std::string& position, std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"query", "pangki", position, "--json", "--dir", clean_pangki_dir().string()};
  args.insert(args.end(), extra.begin(), extra.end());
  const Outcome r = run_rtb(args);
  if (r.exit_code != 0) throw std::runtime_error(describe_run(args, r));
  return json::parse(r.out);
}

TEST(QueryCommand, StartIsADrawWithFourMoves) {
  const json j = query_json("start");
  EXPECT_EQ(j.at("position"), "wwww/w..w/b..b/bbbb b");
  EXPECT_EQ(j.at("value"), "DRAW");
  EXPECT_TRUE(j.at("distance").is_null());
  ASSERT_TRUE(j.at("moves").is_array());
  ASSERT_EQ(j.at("moves").size(), 4u);
  std::set<std::string> moves;
  for (const json& m : j.at("moves")) {
    for (const char* key : {"move", "value", "distance", "position"})
      EXPECT_TRUE(m.contains(key)) << key << " in " << m;
    moves.insert(m.at("move").get<std::string>());
    // A move's value is its position's value seen from the other side.
    const json child = query_json(m.at("position").get<std::string>());
    if (m.at("value") == "DRAW") {
      EXPECT_EQ(child.at("value"), "DRAW");
    } else {
      EXPECT_EQ(child.at("value"), m.at("value") == "WIN" ? "LOSS" : "WIN");
      EXPECT_EQ(child.at("distance").get<int>() + 1, m.at("distance").get<int>());
    }
  }
  EXPECT_EQ(moves, (std::set<std::string>{"a2b2", "b1b2", "c1c2", "d2c2"}));
  EXPECT_TRUE(moves.count(j.at("best").get<std::string>()));
  EXPECT_EQ(j.at("best"), j.at("moves")[0].at("move"));
  EXPECT_EQ(j.at("moves")[0].at("value"), "DRAW");
}

TEST(QueryCommand, CaptureThatLeavesOnePieceWinsInOne) {
  // a1b1 makes .bbw on rank 1 and takes d1, leaving white the piece on d4.
  const json j = query_json("...w/..../..../b.bw b");
  EXPECT_EQ(j.at("value"), "WIN");
  EXPECT_EQ(j.at("distance"), 1);
  EXPECT_EQ(j.at("best"), "a1b1");
  EXPECT_EQ(j.at("moves")[0].at("move"), "a1b1");
  EXPECT_EQ(j.at("moves")[0].at("value"), "WIN");
  EXPECT_EQ(j.at("moves")[0].at("distance"), 1);
  EXPECT_EQ(j.at("moves")[0].at("position"), "...w/..../..../.bb. w");
  EXPECT_EQ(j.at("moves").size(), 4u);  // a1a2, a1b1, c1b1, c1c2
}

TEST(QueryCommand, NoLegalMoveIsLossInZero) {
  const json j = query_json("..../..../w..w/bwwb b");
  EXPECT_EQ(j.at("value"), "LOSS");
  EXPECT_EQ(j.at("distance"), 0);
  EXPECT_TRUE(j.at("best").is_null());
  EXPECT_TRUE(j.at("moves").empty());
}

TEST(QueryCommand, OnePieceLeftIsLossInZero) {
  // Black's piece on a1 could move, but one piece is a lost game in Pangki.
  const json j = query_json("..../..../...w/b.ww b");
  EXPECT_EQ(j.at("value"), "LOSS");
  EXPECT_EQ(j.at("distance"), 0);
  EXPECT_TRUE(j.at("moves").empty());
}

TEST(QueryCommand, LineOfAWonPositionEndsInAFinishedGame) {
  const LineCaptureGame& game = pangki();
  // After black's b1b2 from the start, white wins.
  const std::string text = "wwww/w..w/bb.b/b.bb w";
  const json j = query_json(text, {"--line"});
  ASSERT_EQ(j.at("value"), "WIN");
  const int distance = j.at("distance").get<int>();
  ASSERT_TRUE(j.at("line").is_array());
  ASSERT_EQ(static_cast<int>(j.at("line").size()), distance) << j.at("line");
  // Issue 52: each step's value is the move's, for the side that plays it,
  // as in the move list (it was the value after the move, its opponent's).
  EXPECT_EQ(j.at("line").at(0).at("value"), j.at("moves").at(0).at("value"));
  EXPECT_EQ(j.at("line").at(0).at("distance"), j.at("moves").at(0).at("distance"));
  EXPECT_FALSE(j.at("line_repeats"));
  auto p = game.parse(text);
  int left = distance;
  for (const json& row : j.at("line")) {
    EXPECT_EQ(row.at("distance"), left) << row;
    EXPECT_EQ(row.at("value"), left % 2 == 1 ? "WIN" : "LOSS") << row;
    // Each move is legal where it is played and leads where the line says.
    bool found = false;
    game.for_each_move(p, [&](const LineCaptureMove& m, const LineCapturePosition& child) {
      if (!found && game.move_text(m) == row.at("move")) {
        found = true;
        p = child;
      }
    });
    ASSERT_TRUE(found) << row;
    EXPECT_EQ(game.format(p), row.at("position"));
    --left;
  }
  // The side to move at the end has lost: too few pieces or no move.
  bool any_move = false;
  game.for_each_move(p, [&](const auto&, const auto&) { any_move = true; });
  EXPECT_TRUE(game.is_lost(p) || !any_move) << game.format(p);
}

TEST(QueryCommand, LineTextGivesEachMoveTheMoversValue) {
  const std::string text = "wwww/w..w/bb.b/b.bb w";
  const json j = query_json(text, {"--line"});
  const std::string first = j.at("line").at(0).at("move");
  const std::vector<std::string> args{"query", "pangki", text, "--line", "--dir", clean_pangki_dir().string()};
  const Outcome r = run_rtb(args);
  ASSERT_EQ(r.exit_code, 0) << describe_run(args, r);
  const std::string row = "  " + first + "  WIN in " + std::to_string(j.at("distance").get<int>()) + "  -> ";
  EXPECT_NE(r.out.find("line (each move's value for the side that plays it):\n" + row), std::string::npos) << r.out;
}

TEST(QueryCommand, ADrawnLineSaysThatItStopsAtARepetition) {
  // Issue 52: the line of a draw stopped where a position came back, without
  // a word. The start is a draw: every step is a DRAW, and the last position
  // is the start's or an earlier step's.
  const json j = query_json("start", {"--line"});
  ASSERT_FALSE(j.at("line").empty());
  EXPECT_TRUE(j.at("line_repeats"));
  std::set<std::string> seen{j.at("position").get<std::string>()};
  for (const json& row : j.at("line")) EXPECT_EQ(row.at("value"), "DRAW") << row;
  for (std::size_t i = 0; i + 1 < j.at("line").size(); ++i)
    seen.insert(j.at("line").at(i).at("position").get<std::string>());
  EXPECT_EQ(seen.count(j.at("line").back().at("position").get<std::string>()), 1u) << j.at("line");
  const std::vector<std::string> args{"query", "pangki", "start", "--line", "--dir", clean_pangki_dir().string()};
  const Outcome r = run_rtb(args);
  ASSERT_EQ(r.exit_code, 0) << describe_run(args, r);
  EXPECT_NE(r.out.find("(the line stops here: the position repeats, a draw)"), std::string::npos) << r.out;
}

// ---------------------------------------------------------------- manifests

// Issue 52: a manifest of a generated game, checked against its folder:
// every file matches; a changed byte, a missing and an extra file are named
// and refused (exit 1). The digests agree with sha256sum where it exists.
TEST(Manifest, RoundTripAndAChangedByteRefused) {
  ScratchDir scratch("manifest");
  copy_dir(clean_pangki_dir(), scratch.path());
  const std::string dir = scratch.path().string();
  const std::vector<std::string> make{"manifest", "pangki", "--dir", dir};
  const Outcome m = run_rtb(make);
  ASSERT_EQ(m.exit_code, 0) << describe_run(make, m);
  std::istringstream lines(m.out);
  std::string line;
  ASSERT_TRUE(std::getline(lines, line));
  EXPECT_EQ(line, "rtb-manifest 1 pangki default");
  std::size_t files = 0;
  std::string previous;
  for (; std::getline(lines, line); ++files) {
    std::istringstream fields(line);
    std::string sha, name;
    std::uint64_t bytes = 0;
    ASSERT_TRUE(fields >> sha >> bytes >> name) << line;
    const fs::path file = scratch.path() / "pangki-default" / name;
    EXPECT_EQ(bytes, fs::file_size(file)) << line;
    EXPECT_LT(previous, name) << "sorted by name";
    previous = name;
    if (files < 3 && std::system("command -v sha256sum > /dev/null") == 0) {
      FILE* sum = ::popen(("sha256sum '" + file.string() + "'").c_str(), "r");
      ASSERT_NE(sum, nullptr);
      char hex[65] = {};
      EXPECT_EQ(std::fread(hex, 1, 64, sum), 64u);
      ::pclose(sum);
      EXPECT_EQ(std::string(hex), sha) << line;
    }
  }
  std::size_t tier_files = 0;
  for (const auto& entry : fs::directory_iterator(scratch.path() / "pangki-default"))
    tier_files += entry.path().extension() == ".rtb";
  EXPECT_EQ(files, tier_files);
  const fs::path manifest = scratch.path() / "pangki.manifest";
  { std::ofstream(manifest) << m.out; }

  const std::vector<std::string> verify{"verify", "--manifest", manifest.string(), "--dir", dir};
  const Outcome ok = run_rtb(verify);
  EXPECT_EQ(ok.exit_code, 0) << describe_run(verify, ok);
  EXPECT_NE(ok.out.find("all " + std::to_string(files) + " files match"), std::string::npos) << ok.out;

  // One byte changed, the size kept: only the digest can tell.
  const fs::path changed = file_of(scratch.path(), "4-4");
  Bytes bytes = read_bytes(changed);
  bytes[bytes.size() / 2] ^= 0x01;
  write_bytes(changed, bytes);
  fs::remove(file_of(scratch.path(), "2-2"));
  fs::copy_file(file_of(scratch.path(), "3-3"), scratch.path() / "pangki-default" / "9-9.rtb");
  const Outcome refused = run_rtb(verify);
  EXPECT_EQ(refused.exit_code, 1) << describe_run(verify, refused);
  EXPECT_NE(refused.out.find("changed: 4-4.rtb (its SHA-256 differs)"), std::string::npos) << refused.out;
  EXPECT_NE(refused.out.find("missing: 2-2.rtb"), std::string::npos) << refused.out;
  EXPECT_NE(refused.out.find("extra: 9-9.rtb"), std::string::npos) << refused.out;
  EXPECT_NE(refused.out.find("3 file(s) differ"), std::string::npos) << refused.out;
  EXPECT_NE(refused.err.find("differs from the manifest"), std::string::npos) << refused.err;

  // A manifest of another game is refused as such.
  const Outcome other = run_rtb({"verify", "cinc-camins", "--manifest", manifest.string(), "--dir", dir});
  EXPECT_EQ(other.exit_code, 2) << other.err;
  EXPECT_NE(other.err.find("is of pangki (default)"), std::string::npos) << other.err;
}

// ---------------------------------------------------------------- verify, stats

TEST(VerifyAndStatsCommands, VerifyPassesOnACleanDirectory) {
  const std::vector<std::string> args{"verify", "pangki", "--dir", clean_pangki_dir().string(), "--threads", "2"};
  const Outcome r = run_rtb(args);
  EXPECT_EQ(r.exit_code, 0) << describe_run(args, r);
  EXPECT_NE(r.out.find("all 25 tiers ok, 2794684 values proven"), std::string::npos) << describe_run(args, r);
}

TEST(VerifyAndStatsCommands, StatsJsonCountsEveryPosition) {
  const LineCaptureGame& game = pangki();
  const std::vector<std::string> args{"stats", "pangki", "--json", "--dir", clean_pangki_dir().string()};
  const Outcome r = run_rtb(args);
  ASSERT_EQ(r.exit_code, 0) << describe_run(args, r);
  const json j = json::parse(r.out);
  ASSERT_TRUE(j.at("tiers").is_array());
  ASSERT_EQ(j.at("tiers").size(), game.tier_count());
  std::uint64_t win = 0, loss = 0, draw = 0;
  for (Tier t = 0; t < game.tier_count(); ++t) {
    const json& row = j.at("tiers")[t];
    EXPECT_EQ(row.at("tier"), game.tier_name(t));
    const std::uint64_t w = row.at("win"), l = row.at("loss"), d = row.at("draw");
    EXPECT_EQ(w + l + d, game.tier_positions(t)) << row;
    win += w, loss += l, draw += d;
  }
  EXPECT_EQ(j.at("total").at("win"), win);
  EXPECT_EQ(j.at("total").at("loss"), loss);
  EXPECT_EQ(j.at("total").at("draw"), draw);
  EXPECT_EQ(win + loss + draw, 20'746'908u);
}

}  // namespace
}  // namespace rtb
