// The `rtb` program as a user meets it, run as a child process: bad position
// text is refused by `rtb perft` and `rtb query` with a non-zero exit, a
// message on stderr and nothing on stdout; and `rtb perft` from the start
// prints the leaf counts the naive generator of tests/games/line_capture/naive_line_capture.hpp
// finds, with --divide lines that add up to the total.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/games/line_capture/naive_line_capture.hpp"
#include "tests/support/run_rtb.hpp"
#include "tests/support/scratch_dir.hpp"

namespace {

using rtb_test::Outcome;
using rtb_test::run_rtb;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

struct BadText {
  const char* game;
  const char* text;
  const char* says;  // a piece of the message that names the problem
};

const BadText kBad[] = {
    {"pangki", "wwww/w..w/b..b b", "ranks"},
    {"pangki", "wwww/w..w/..../b..b/bbbb b", "more than 4 ranks"},
    {"pangki", "wwww/w..w/b..b/bbb b", "rank 1 has 3 squares"},
    {"pangki", "wwwww/w..w/b..b/bbbb b", "rank 4 has more than 4"},
    {"pangki", "wwww/w..w/b.xb/bbbb b", "unknown character 'x'"},
    {"pangki", "wwww/ww.w/b..b/bbbb b", "white has 7 pieces"},
    {"pangki", "wwww/w..w/bb.b/bbbb b", "black has 7 pieces"},
    {"pangki", "wwww/w..w/b..b/bbbb", "missing side to move"},
    {"pangki", "wwww/w..w/b..b/bbbb x", "side to move must be 'b' or 'w'"},
    {"pangki", "wwww/w..w/b..b/bbbb b extra", "unexpected text after the side to move"},
    {"pangki", "w.../..../b..b/bbbb b", "has already lost"},
    {"pangki", "", "rank 4 has 0 squares"},
    {"cinc-camins", "wwww/w..w/b..b/bbbb b", "squares"},
    {"cinc-camins", "wwwww/w..../...../...../bbbbb b", "white has 6 pieces"},
    {"cinc-camins", "...../...../...../...../bbbbb b", "has already lost"},
};

TEST(CliPositionText, PerftRefusesBadTextOnStderrOnly) {
  for (const BadText& bad : kBad) {
    SCOPED_TRACE(std::string(bad.game) + " '" + bad.text + "'");
    const Outcome r = run_rtb({"perft", bad.game, bad.text, "1"});
    EXPECT_NE(r.exit_code, 0);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find(bad.says), std::string::npos) << r.err;
  }
}

TEST(CliPositionText, QueryRefusesBadTextBeforeLookingForTablebases) {
  // An empty tablebase directory: the position must be refused for what it
  // is, not for the missing files.
  const rtb_test::ScratchDir dir("empty");
  for (const BadText& bad : kBad) {
    SCOPED_TRACE(std::string(bad.game) + " '" + bad.text + "'");
    for (const bool json : {false, true}) {
      std::vector<std::string> args{"query", bad.game, bad.text, "--dir", dir.string()};
      if (json) args.push_back("--json");
      const Outcome r = run_rtb(args);
      EXPECT_NE(r.exit_code, 0);
      EXPECT_NE(r.err.find(bad.says), std::string::npos) << r.err;
      // Under --json the same error is a JSON object on stdout (issue 27);
      // without, stdout stays empty.
      if (!json) EXPECT_EQ(r.out, "");
      else EXPECT_NE(r.out.find(bad.says), std::string::npos) << r.out;
    }
  }
}

// Issue 52: a Morris move that closes a mill, typed without its removal,
// was "not legal" with no hint; a move in capitals, or with spaces, was not
// taken at all. Then, with no tablebase, the placement position's search
// names the missing phase in Morris's words ("sliding phase" before) and
// what generating it costs.
TEST(CliPositionText, AMillWithoutItsRemovalSaysWhatIsMissing) {
  const rtb_test::ScratchDir empty("morris-no-tables");
  // White's e1 closes the mill a1 c1 e1; Black's stones stand on a5 and e5.
  const std::string position = "b.b/.../..../.../ww. w 4 4";
  const Outcome r =
      run_rtb({"query", "morris", "--variant", "six", position, "--moves", "e1", "--dir", empty.path().string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("move 'e1' is not legal in " + position + ": e1 closes a mill: name the stone to remove: "),
            std::string::npos)
      << r.err;
  EXPECT_TRUE(r.err.find("e1xa5 or e1xe5") != std::string::npos || r.err.find("e1xe5 or e1xa5") != std::string::npos)
      << r.err;

  const Outcome taken =
      run_rtb({"query", "morris", "--variant", "six", position, "--moves", " E1XA5 ", "--dir", empty.path().string()});
  EXPECT_EQ(taken.exit_code, 1) << taken.err;
  EXPECT_NE(
      taken.err.find("no tablebase covers ..b/.../..../.../www b 3 4, and searching it needs the movement phase: "),
      std::string::npos)
      << taken.err;
  EXPECT_EQ(taken.err.find("sliding"), std::string::npos) << taken.err;
  EXPECT_TRUE(std::regex_search(taken.err, std::regex(R"(\([0-9,]+ slots to solve; it needs about [0-9.]+ MiB of )"
                                                      R"(memory and [0-9.]+ MiB of disk\))")))
      << taken.err;
}

// A seed Crossings move that removes two pieces writes their order with a
// comma (2a4c2/cb1+,cc1+), and --moves parts its moves at commas: the parts
// are joined again while they begin a legal move. Before, the first part
// alone was "not legal". Without tablebases a query says what it misses for
// the position the moves led to: the same as a query of that position.
TEST(CliPositionText, ASeedMoveWithACommaIsOneMoveOfAMoveList) {
  const rtb_test::ScratchDir empty("seed-no-tables");
  const std::string position = "w.B./..w/.w../.../..../bbb/..W. w";
  const auto query = [&](const std::string& from, const std::string& moves) {
    std::vector<std::string> args{"query", "crossings", "--variant", "seed-4x4", from, "--dir", empty.path().string()};
    if (!moves.empty()) args.insert(args.end(), {"--moves", moves});
    const Outcome r = run_rtb(args);
    EXPECT_EQ(r.exit_code, 1) << moves << ": " << r.err;
    EXPECT_EQ(r.err.find("not legal"), std::string::npos) << r.err;
    return r.err;
  };
  const std::string after_move = "..B./..w/..../.../..../b../..W. b";
  EXPECT_EQ(query(position, "2a4c2/cb1+,cc1+"), query(after_move, ""));
  EXPECT_EQ(query(position, "2a4c2/cb1+,cc1+,a1+=a1b1"), query(after_move, "a1+=a1b1"));
  EXPECT_EQ(query(position, "2a4c2/cb1+,cc1+,a1+=a1b1"), query("..B./..w/..../.../..../.../bbW. w", ""));
  // A first part that begins no move is still not legal, and says so.
  const Outcome r = run_rtb({"query", "crossings", "--variant", "seed-4x4", position, "--moves", "2a4c2/cb1+,zz",
                             "--dir", empty.path().string()});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("move '2a4c2/cb1+' is not legal in " + position), std::string::npos) << r.err;
}

TEST(CliPositionText, BadDepthAndGameAreRefusedToo) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"perft", "pangki", "start", "-1"},
           {"perft", "pangki", "start", "two"},
           {"perft", "pangki", "start", "3x"},
           {"perft", "pangki", "start"},
           {"perft", "chess", "start", "1"},
           {"perft", "pangki", "start", "1", "--variant", "diagonal"},
       }) {
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    SCOPED_TRACE(joined);
    const Outcome r = run_rtb(args);
    EXPECT_NE(r.exit_code, 0);
    EXPECT_EQ(r.out, "");
    EXPECT_FALSE(r.err.empty());
  }
}

std::uint64_t last_number(const std::string& out) {
  const auto lines = lines_of(out);
  if (lines.empty()) return ~std::uint64_t{0};
  return std::stoull(lines.back());
}

// `rtb perft GAME start DEPTH` prints one number: the naive count. With
// --divide, one "move: count" line a move, each the naive count below that
// move, then the total.
void check_perft(const std::string& game, const std::string& variant, int depth) {
  SCOPED_TRACE(game + " " + variant + " depth " + std::to_string(depth));
  const bool is_pangki = game == "pangki";
  const bool arrival = variant == "arrival";
  const naive::Rules rules = is_pangki ? naive::pangki(arrival) : naive::cinc_camins(arrival);
  naive::Perft counter(rules);
  const naive::Board start = naive::from_text(is_pangki ? "wwww/w..w/b..b/bbbb b" : "wwwww/...../...../...../bbbbb b");
  const std::uint64_t want = counter.count(start, depth);

  const Outcome plain = run_rtb({"perft", game, "start", std::to_string(depth), "--variant", variant});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(lines_of(plain.out).size(), 1u) << plain.out;
  EXPECT_EQ(last_number(plain.out), want) << plain.out;

  const Outcome divided = run_rtb({"perft", game, "start", std::to_string(depth), "--variant", variant, "--divide"});
  ASSERT_EQ(divided.exit_code, 0) << divided.err;
  const auto lines = lines_of(divided.out);
  ASSERT_GE(lines.size(), 2u);
  std::map<std::string, std::uint64_t> naive_below;
  for (const naive::Move& m : naive::moves(rules, start)) naive_below[m.text] = counter.count(m.after, depth - 1);
  std::uint64_t sum = 0;
  std::map<std::string, std::uint64_t> printed;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const std::size_t colon = lines[i].find(": ");
    ASSERT_NE(colon, std::string::npos) << lines[i];
    const std::uint64_t n = std::stoull(lines[i].substr(colon + 2));
    printed[lines[i].substr(0, colon)] = n;
    sum += n;
  }
  EXPECT_EQ(printed, naive_below);
  EXPECT_EQ(sum, want);
  EXPECT_EQ(last_number(divided.out), want);
}

TEST(CliPerft, PangkiStartDepth8) {
  check_perft("pangki", "default", 8);
  check_perft("pangki", "arrival", 8);
}

TEST(CliPerft, CincCaminsStartDepth6) {
  check_perft("cinc-camins", "default", 6);
  check_perft("cinc-camins", "arrival", 6);
}

TEST(CliPerft, AGivenPositionAndAPositionWithoutMoves) {
  // A position typed in: the hand-checked double capture of the rules test
  // has 10 moves; a blocked side is a single leaf, with or without --divide.
  Outcome r = run_rtb({"perft", "pangki", ".w.w/.b.w/w.b./.b.. b", "1"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "10\n");
  r = run_rtb({"perft", "pangki", "..../w.../bw../bw.. b", "3"});
  EXPECT_EQ(r.out, "1\n");
  r = run_rtb({"perft", "pangki", "..../w.../bw../bw.. b", "3", "--divide"});
  EXPECT_EQ(r.out, "1\n");
  r = run_rtb({"perft", "pangki", "wwww/w..w/b..b/bbbb b", "0"});
  EXPECT_EQ(r.out, "1\n");
}

}  // namespace
