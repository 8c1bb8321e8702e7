// What scripts rely on in the `rtb` program, run as a child process: --version,
// the JSON of every command (format 1, game and variant, numbers that agree
// across commands), query --batch (one JSON line per input line, errors as
// lines, exit 1) and --moves, and help texts with value names and an example.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/run_rtb.hpp"
#include "tests/support/scratch_dir.hpp"

namespace {

using nlohmann::json;
using rtb_test::Outcome;
using rtb_test::run_rtb;

json json_of(const Outcome& r) {
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return json::parse(r.out);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// Pangki up to 3 pieces a side, once for all tests.
class Scripting : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    scratch_ = std::make_unique<rtb_test::ScratchDir>("scripting");
    dir_ = (scratch_->path() / "tb").string();
    first_generate_ =
        json_of(run_rtb({"generate", "pangki", "--max-pieces", "3", "--dir", dir_, "--threads", "2", "--json"}));
  }
  static void TearDownTestSuite() { scratch_.reset(); }
  static inline std::unique_ptr<rtb_test::ScratchDir> scratch_;
  static inline std::string dir_;
  static inline json first_generate_;
};

// A 3-3 position with moves of every kind of value.
const std::string kPosition = "wb../.w../..bw/b... w";

TEST_F(Scripting, VersionIsTheProjectVersion) {
  const Outcome r = run_rtb({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, std::string("rtb ") + RTB_VERSION + "\n");
}

TEST_F(Scripting, TierFiltersAreSpelledAsPythonAndTheLibrarySpellThem) {
  // Issue 52: the JSON said "max-pieces" where Python and the library say
  // "max_pieces"; data takes the one spelling, the option stays --max-pieces.
  const json games = json_of(run_rtb({"games", "pangki", "--json"}));
  EXPECT_EQ(games.at("games").at(0).at("tier_filters"), json::array({"max_pieces"}));
}

TEST_F(Scripting, GenerateReportAgreesWithTheGameListing) {
  const json games = json_of(run_rtb({"games", "--json"}));
  EXPECT_EQ(games["format"], 1);
  std::uint64_t small_slots = 0;
  for (const json& g : games["games"]) {
    EXPECT_TRUE(g.contains("variant") && g.contains("game") && g.contains("tiers")) << g.dump();
    if (g["game"] != "pangki") continue;
    for (const json& t : g["tiers"]) {
      const std::string name = t["tier"];
      if (name[0] <= '3' && name[2] <= '3') small_slots += t["slots"].get<std::uint64_t>();
    }
  }
  const json& gen = first_generate_;
  EXPECT_EQ(gen["format"], 1);
  EXPECT_EQ(gen["game"], "pangki");
  EXPECT_EQ(gen["variant"], "default");
  EXPECT_GT(gen["groups_solved"].get<int>(), 0);
  EXPECT_EQ(gen["slots_solved"].get<std::uint64_t>(), small_slots);
  // Each group solved, with its plan's memory and the peak it took (Linux).
  ASSERT_EQ(gen["groups"].size(), gen["groups_solved"].get<std::size_t>());
  std::uint64_t group_slots = 0;
  for (const json& g : gen["groups"]) {
    EXPECT_TRUE(g["group"].is_string()) << g.dump();
    group_slots += g["slots"].get<std::uint64_t>();
    EXPECT_GT(g["plan_memory_bytes"].get<std::uint64_t>(), 0u) << g.dump();
    EXPECT_GT(g["peak_memory_bytes"].get<std::uint64_t>(), 1u << 20) << g.dump();
  }
  EXPECT_EQ(group_slots, small_slots);
  // Again: everything is complete, nothing is solved.
  const json again = json_of(run_rtb({"generate", "pangki", "--max-pieces", "3", "--dir", dir_, "--json", "--quiet"}));
  EXPECT_EQ(again["groups_solved"], 0);
  EXPECT_EQ(again["groups_skipped"], gen["groups_solved"]);
  EXPECT_FALSE(again.contains("groups"));
}

TEST_F(Scripting, GenerateSaysEachGroupsPeakMemoryBesideItsPlan) {
  // A log (stderr is a pipe here) gets each group's last line; the report
  // names the largest group's peak with its plan's figure.
  const rtb_test::ScratchDir logged("peaks-logged"), told("peaks-told");
  const Outcome r = run_rtb({"generate", "pangki", "--max-pieces", "2", "--dir", logged.string(), "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::size_t done_lines = 0;
  for (const std::string& line : lines_of(r.err))
    if (line.find("): done; peak memory ") != std::string::npos && line.find(" MiB (plan ") != std::string::npos)
      ++done_lines;
  EXPECT_EQ(done_lines, json_of(r)["groups_solved"].get<std::size_t>()) << r.err;

  const Outcome text = run_rtb({"generate", "pangki", "--max-pieces", "2", "--dir", told.string(), "--quiet"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const std::vector<std::string> lines = lines_of(text.out);
  ASSERT_EQ(lines.size(), 2u) << text.out;
  EXPECT_EQ(lines[1].rfind("peak memory ", 0), 0u) << text.out;
  EXPECT_NE(lines[1].find(" in group "), std::string::npos) << text.out;
  EXPECT_NE(lines[1].find(" (plan "), std::string::npos) << text.out;
}

TEST_F(Scripting, StatsTextGroupsThousandsAndSaysOnePly) {
  // Issue 52: "160000" unread, and "1 plies".
  const json stats = json_of(run_rtb({"stats", "pangki", "--max-pieces", "3", "--dir", dir_, "--json"}));
  const Outcome text = run_rtb({"stats", "pangki", "--max-pieces", "3", "--dir", dir_});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const auto commas = [](std::uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
      if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
      out += digits[i];
    }
    return out;
  };
  bool any_thousands = false;
  for (const json& tier : stats["tiers"]) {
    const std::vector<std::string> lines = lines_of(text.out);
    const auto row = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) {
      return l.rfind(tier["tier"].get<std::string>() + " ", 0) == 0;
    });
    ASSERT_NE(row, lines.end()) << tier["tier"] << "\n" << text.out;
    for (const char* outcome : {"win", "loss", "draw"}) {
      const std::uint64_t n = tier[outcome].get<std::uint64_t>();
      any_thousands = any_thousands || n >= 1000;
      // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on " " + std::string&&.
      std::string cell = " ";
      cell += commas(n);
      cell += ' ';
      EXPECT_NE(row->find(cell), std::string::npos) << outcome << ": " << *row;
    }
    if (tier.contains("longest_win")) {
      const int plies = tier["longest_win"]["plies"].get<int>();
      EXPECT_NE(row->find(std::to_string(plies) + (plies == 1 ? " ply: " : " plies: ")), std::string::npos) << *row;
    }
  }
  EXPECT_TRUE(any_thousands) << "no count of 1,000 or more: the test would prove nothing";
  EXPECT_EQ(text.out.find(" 1 plies"), std::string::npos) << text.out;
}

TEST_F(Scripting, StatsJsonGivesEachTiersDistancesAndTheirSum) {
  // Issue 52: a histogram of distances a tier and in the total, each row a
  // distance that holds values, by increasing plies, summing to the counts.
  const json stats = json_of(run_rtb({"stats", "pangki", "--max-pieces", "3", "--dir", dir_, "--json"}));
  std::map<std::string, std::map<unsigned, std::pair<std::uint64_t, std::uint64_t>>> summed;  // outcome -> plies
  const auto check = [&](const json& row, bool total) {
    for (const char* outcome : {"win", "loss"}) {
      std::string trace = outcome;
      trace += total ? " total" : " ";
      if (!total) trace += row["tier"].get<std::string>();
      SCOPED_TRACE(trace);
      std::uint64_t positions = 0, classes = 0;
      int last = -1;
      for (const json& d : row["distances"][outcome]) {
        const int plies = d["plies"].get<int>();
        EXPECT_GT(plies, last) << "not by increasing plies";
        EXPECT_EQ(plies % 2, std::string(outcome) == "win" ? 1 : 0) << "a win is an odd number of plies away";
        EXPECT_GT(d["classes"].get<std::uint64_t>(), 0u);
        last = plies;
        positions += d["positions"].get<std::uint64_t>();
        classes += d["classes"].get<std::uint64_t>();
        const std::pair<std::uint64_t, std::uint64_t> here{d["positions"], d["classes"]};
        auto& sum = summed[outcome][static_cast<unsigned>(plies)];
        if (total) {
          EXPECT_EQ(sum, here) << "the total is not the sum of the tiers at " << plies;
        } else {
          sum.first += here.first;
          sum.second += here.second;
        }
      }
      EXPECT_EQ(positions, row[outcome].get<std::uint64_t>());
      EXPECT_EQ(classes, row["classes"][outcome].get<std::uint64_t>());
      const std::string longest = std::string("longest_") + outcome;
      const int expected_last = total                   ? row.value(longest + "_plies", -1)
                                : row.contains(longest) ? row[longest]["plies"].get<int>()
                                                        : -1;
      EXPECT_EQ(last, expected_last) << "the histogram ends at the longest";
    }
  };
  for (const json& tier : stats["tiers"]) check(tier, false);
  check(stats["total"], true);
  EXPECT_GT(summed["win"].size(), 5u) << "too few distances: the test would prove little";
}

TEST_F(Scripting, BatchWithAPositionSaysWhereBatchReadsPositions) {
  // Issue 52: "too many positional options".
  const Outcome r = run_rtb({"query", "pangki", "start", "--batch", "--dir", dir_}, kPosition + "\n");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("--batch reads the positions from stdin, one a line: give no POSITION ('start')"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(Scripting, BatchAnswersEveryLineLikeSeparateQueries) {
  const Outcome r =
      run_rtb({"query", "pangki", "--batch", "--dir", dir_}, kPosition + "\nnot a position\n\n" + kPosition + "\n");
  EXPECT_EQ(r.exit_code, 1) << "a line failed";
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 4u) << r.out;
  json single = json_of(run_rtb({"query", "pangki", kPosition, "--dir", dir_, "--json"}));
  for (const std::size_t i : {0u, 3u}) {
    json answer = json::parse(lines[i]);
    EXPECT_EQ(answer["input"], kPosition);
    answer.erase("input");
    EXPECT_EQ(answer, single);
  }
  for (const std::size_t i : {1u, 2u}) {
    const json error = json::parse(lines[i]);
    EXPECT_EQ(error["format"], 1);
    EXPECT_EQ(error["game"], "pangki");
    const char* says = i == 1 ? "bad pangki position" : "blank line";
    EXPECT_TRUE(error["error"].get<std::string>().find(says) != std::string::npos) << lines[i];
  }
  EXPECT_EQ(json::parse(lines[1])["input"], "not a position");
  EXPECT_EQ(json::parse(lines[2])["input"], "");
}

TEST_F(Scripting, MovesArePlayedBeforeTheQuery) {
  const json root = json_of(run_rtb({"query", "pangki", kPosition, "--dir", dir_, "--json"}));
  ASSERT_GE(root["moves"].size(), 2u);
  for (const json& m : root["moves"]) {
    const json after = json_of(run_rtb({"query", "pangki", kPosition, "--moves", m["move"], "--dir", dir_, "--json"}));
    EXPECT_EQ(after["position"], m["position"]);
    EXPECT_EQ(after, json_of(run_rtb({"query", "pangki", m["position"], "--dir", dir_, "--json"})));
  }
  const std::string first = root["moves"][0]["move"];
  const Outcome illegal = run_rtb({"query", "pangki", kPosition, "--moves", first + "," + first, "--dir", dir_});
  EXPECT_EQ(illegal.exit_code, 2);
  EXPECT_EQ(illegal.out, "");
  EXPECT_NE(illegal.err.find("'" + first + "' is not legal"), std::string::npos) << illegal.err;
}

TEST_F(Scripting, VerifyStatsAndPerftJson) {
  const json verify = json_of(run_rtb({"verify", "pangki", "--max-pieces", "3", "--dir", dir_, "--json"}));
  EXPECT_EQ(verify["format"], 1);
  EXPECT_EQ(verify["ok"], true);
  std::uint64_t proven = 0;
  for (const json& t : verify["tiers"]) {
    EXPECT_EQ(t["status"], "ok");
    proven += t["values_proven"].get<std::uint64_t>();
  }
  EXPECT_EQ(verify["values_proven"].get<std::uint64_t>(), proven);
  EXPECT_EQ(verify["tiers_checked"].get<std::size_t>(), verify["tiers"].size());

  const json stats = json_of(run_rtb({"stats", "pangki", "--max-pieces", "3", "--dir", dir_, "--json"}));
  EXPECT_EQ(stats["format"], 1);
  EXPECT_EQ(stats["variant"], "default");

  const json perft = json_of(run_rtb({"perft", "pangki", "start", "4", "--divide", "--json"}));
  EXPECT_EQ(perft["format"], 1);
  std::uint64_t sum = 0;
  for (const json& d : perft["divide"]) sum += d["leaves"].get<std::uint64_t>();
  EXPECT_EQ(perft["leaves"].get<std::uint64_t>(), sum);
  EXPECT_EQ(std::to_string(sum) + "\n", run_rtb({"perft", "pangki", "start", "4"}).out);
}

TEST_F(Scripting, HelpHasValueNamesAndAnExample) {
  for (const char* command : {"games", "perft", "generate", "query", "stats", "verify"}) {
    const Outcome r = run_rtb({command, "--help"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("example: rtb " + std::string(command)), std::string::npos) << command;
    EXPECT_EQ(r.out.find(" arg "), std::string::npos) << command << ":\n" << r.out;
  }
  const std::string query = run_rtb({"query", "--help"}).out;
  EXPECT_NE(query.find("'wwww/w..w/b..b/bbbb b'"), std::string::npos) << "the position syntax, by example";
  EXPECT_NE(query.find("--batch"), std::string::npos);
}

// Issue 27: --batch refused a padded line as a bad rank and a blank one with
// the same misleading message. A padded line (spaces, a tab, Windows' \r) is
// answered as the position; a blank line gets an error that says so, and the
// batch goes on, one output line an input line.
TEST_F(Scripting, BatchTrimsPaddedLinesAndNamesBlankOnes) {
  const std::string plain = run_rtb({"query", "pangki", kPosition, "--json", "--dir", dir_}).out;
  const Outcome r =
      run_rtb({"query", "pangki", "--batch", "--dir", dir_}, "  " + kPosition + "\t\r\n\n" + kPosition + "\n");
  EXPECT_EQ(r.exit_code, 1);  // the blank line failed
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  json padded = json::parse(lines[0]), blank = json::parse(lines[1]), last = json::parse(lines[2]);
  padded.erase("input");
  last.erase("input");
  EXPECT_EQ(padded, json::parse(plain));
  EXPECT_EQ(last, json::parse(plain));
  EXPECT_NE(blank["error"].get<std::string>().find("blank line"), std::string::npos) << blank;
}

// Issue 28 (item 7): a byte that is not UTF-8 stopped the batch (JSON could
// not hold the echo: 1 line of 3 answered), and a 10 MB bad line came back
// twice in its own error (item 13). Every line is answered, the echo is
// printable (\xNN) and cut.
TEST_F(Scripting, BatchGoesOnPastBytesThatAreNotUtf8AndCutsHugeEchoes) {
  const std::string huge(10'000'000, 'q');
  const Outcome r = run_rtb({"query", "pangki", "--batch", "--dir", dir_},
                            kPosition + "\n\xc3\xa9\xff\n" + huge + "\n" + kPosition + "\n");
  EXPECT_EQ(r.exit_code, 1);
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 4u) << r.out.substr(0, 2000);
  const json bad = json::parse(lines[1]);
  EXPECT_EQ(bad["input"], "\u00e9\\xff") << lines[1];  // the valid é kept, the lone 0xff escaped
  EXPECT_NE(bad["error"].get<std::string>().find("\\xff"), std::string::npos) << lines[1];
  EXPECT_LT(lines[2].size(), 1000u) << "the 10 MB line is not echoed whole";
  EXPECT_NE(lines[2].find("more bytes"), std::string::npos) << lines[2];
  EXPECT_FALSE(json::parse(lines[3]).contains("error")) << lines[3];
  // A single query's message on stderr is printable too.
  const Outcome one = run_rtb({"query", "pangki", "ab\xc3z", "--dir", dir_});
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_NE(one.err.find("ab\\xc3z"), std::string::npos) << one.err;
}

// Issue 27: `rtb games --json` gave 8x8 Crossings 2^63 slots (beyond what
// strict JSON readers take) in a stand-in tier called "searched".
TEST_F(Scripting, GamesJsonHasNoNumberBeyondDoublesAndNoStandInTier) {
  const json games = json_of(run_rtb({"games", "--json"}));
  std::function<void(const json&)> check = [&](const json& j) {
    if (j.is_number_unsigned()) {
      EXPECT_LE(j.get<std::uint64_t>(), std::uint64_t{1} << 53) << j;
    }
    if (j.is_structured())
      for (const auto& item : j) check(item);
  };
  check(games);
  bool crossings_seen = false;
  for (const json& g : games["games"]) {
    if (g["game"] != "crossings") {
      EXPECT_EQ(g["tablebases"], true) << g["game"];
      continue;
    }
    crossings_seen = true;  // its default variant is 8x8, searched
    EXPECT_EQ(g["tablebases"], false);
    EXPECT_TRUE(g["tiers"].empty()) << g["tiers"];
    EXPECT_TRUE(g["slots"].is_null());
  }
  EXPECT_TRUE(crossings_seen);
}

// Issue 51: which tiers a command takes without tier options, and whether
// --derive-tiers applies, are asked of `rtb games --json` (whole_by_default,
// each tier's by_default, derives_tiers), not read from a list of games in
// the documents. Checked against what generate plans by default (Bagh-Chal
// 5x5: its sliding phase, the tiers with no goat in hand) and the games'
// own facts: Pangki whole, Nine Men's Morris its movement phase ("m" tiers)
// and the only game with tiers to derive, 8x8 Crossings nothing (searched).
TEST_F(Scripting, GamesJsonSaysWhatTheDefaultTakesAndWhoDerivesTiers) {
  const json games = json_of(run_rtb({"games", "--json"}));
  std::map<std::string, json> by_name;
  for (const json& g : games["games"]) {
    ASSERT_TRUE(g.contains("whole_by_default") && g.contains("derives_tiers")) << g["game"];
    bool every_tier = true;
    for (const json& t : g["tiers"]) {
      ASSERT_TRUE(t.contains("by_default")) << g["game"] << " " << t["tier"];
      every_tier = every_tier && t["by_default"].get<bool>();
    }
    // A variant without tablebases (8x8 Crossings) lists no tiers: none is solved.
    EXPECT_EQ(g["whole_by_default"], g["tablebases"] == true && every_tier) << g["game"];
    by_name[g["game"]] = g;
  }
  EXPECT_EQ(by_name.at("pangki")["whole_by_default"], true);
  EXPECT_EQ(by_name.at("bagh-chal")["whole_by_default"], false);
  EXPECT_EQ(by_name.at("morris")["whole_by_default"], false);
  EXPECT_EQ(by_name.at("crossings")["whole_by_default"], false);
  for (const auto& [name, g] : by_name) EXPECT_EQ(g["derives_tiers"], name == "morris") << name;
  for (const json& t : by_name.at("morris")["tiers"]) {
    const std::string tier = t["tier"];
    EXPECT_EQ(t["by_default"], tier[0] == 'm') << tier;
  }
  // The plan's groups ("h0-c4-g+h0-c4-t") hold exactly the tiers marked by_default.
  std::set<std::string> marked, planned;
  for (const json& t : by_name.at("bagh-chal")["tiers"])
    if (t["by_default"] == true) marked.insert(t["tier"].get<std::string>());
  const Outcome plan = run_rtb({"generate", "bagh-chal", "--plan", "--dir", dir_});
  ASSERT_EQ(plan.exit_code, 0) << plan.err;
  for (const std::string& line : lines_of(plan.out)) {
    if (line.rfind("h", 0) != 0) continue;  // the header and the summary
    std::istringstream group(line.substr(0, line.find(' ')));
    for (std::string tier; std::getline(group, tier, '+');) planned.insert(tier);
  }
  EXPECT_EQ(planned, marked);
  EXPECT_EQ(marked.size(), 10u);  // 0 to 4 goats captured, either side to move
}

// Issue 27: under --json an error was plain text on stderr only; a script
// reading stdout now gets it as one JSON object too, with the exit status.
TEST_F(Scripting, ErrorsUnderJsonAreJsonOnStdout) {
  struct Case {
    std::vector<std::string> args;
    int status;
    std::string says;
  };
  const std::vector<Case> cases{
      {{"query", "pangki", "bad", "--json", "--dir", dir_}, 2, "bad pangki position"},
      {{"generate", "pangki", "--threads", "0", "--json", "--dir", dir_}, 2, "--threads must be at least 1"},
      {{"stats", "pangki", "--json", "--dir", dir_ + "/none"}, 1, "missing tablebase file"},
  };
  for (const Case& c : cases) {
    const Outcome r = run_rtb(c.args);
    EXPECT_EQ(r.exit_code, c.status) << c.args[0];
    const json error = json::parse(r.out, nullptr, false);
    ASSERT_TRUE(error.is_object()) << c.args[0] << ": " << r.out;
    EXPECT_EQ(error["format"], 1);
    EXPECT_EQ(error["command"], c.args[0]);
    EXPECT_EQ(error["exit_status"], c.status);
    EXPECT_NE(error["error"].get<std::string>().find(c.says), std::string::npos) << error;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << "the person at the terminal still reads it";
  }
  EXPECT_EQ(run_rtb({"query", "pangki", "bad", "--dir", dir_}).out, "");  // no --json: stdout stays empty
}

// Issue 27: `rtb help query` printed the overview instead of query's help.
TEST_F(Scripting, HelpCommandGivesTheCommandsHelp) {
  for (const char* command : {"query", "generate", "serve"}) {
    const Outcome help = run_rtb({"help", command});
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_EQ(help.out, run_rtb({command, "--help"}).out) << command;
  }
  EXPECT_NE(run_rtb({"help"}).out.find("query"), std::string::npos);  // the overview, as before
}

// Issue 27: "with 1 threads".
TEST_F(Scripting, OneThreadIsSingular) {
  const Outcome r = run_rtb({"generate", "pangki", "--max-pieces", "2", "--dir", dir_, "--threads", "1"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("with 1 thread;"), std::string::npos) << r.out;
}

}  // namespace
