// Bagh-Chal's no-repetition rule (service/repetition_rule.hpp) where users
// meet it: `rtb query --history`, and `rtb play` driven through its stdin.
// The games are on the 3x3 board from a position with every goat placed,
// where a cycle of five moves comes back to the first position:
//
//   first  TTT/GTG/G.G t 0
//   b2b1 c1b2 b1c1 b2b1 c1b2  ->  TTT/GTG/GG. g 0 (goats to move)
//
// There the goats' best move by the tablebase, b1c1 (LOSS in 8), returns to
// the first position, so the rule forbids it; the only other move, c2c1, is
// LOSS in 2. (The values are read from the tablebase by each test.) And from
//
//   first  TTT/GTG/GG. t 0
//   b2c1 c2b2 c1c2 b2c1 c2b2  ->  TTT/GT./GGG g 0 (goats to move)
//
// the goats' one move, c1c2, returns to the first position: under the rule
// they have no legal move and lose.
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "tests/support/rtb_process.hpp"

namespace {

using nlohmann::json;
using rtb_test::Outcome;
using rtb_test::run_rtb;

const char* const kFirst = "TTT/GTG/G.G t 0";
const char* const kCycle = "b2b1,c1b2,b1c1,b2b1,c1b2";
const char* const kAtGoats = "TTT/GTG/GG. g 0";
const char* const kStuckFirst = "TTT/GTG/GG. t 0";
const char* const kStuckCycle = "b2c1,c2b2,c1c2,b2c1,c2b2";
const char* const kStuck = "TTT/GT./GGG g 0";

std::string dir() {
  static const std::string d = rtb_test::tablebase_dir().string();
  return d;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

json query(const std::vector<std::string>& extra) {
  std::vector<std::string> args{"query", "bagh-chal", "--variant", "3x3", "--json", "--dir", dir()};
  args.insert(args.end(), extra.begin(), extra.end());
  const Outcome r = run_rtb(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return json::parse(r.out, nullptr, false);
}

const json& move_row(const json& r, const std::string& move) {
  for (const json& m : r["moves"])
    if (m["move"] == move) return m;
  static const json none;
  ADD_FAILURE() << move << " is not listed in " << r.dump();
  return none;
}

std::string spaced(std::string moves) {
  std::replace(moves.begin(), moves.end(), ',', '\n');
  return moves + "\n";
}

TEST(RepetitionRule, TheTablebaseBestMoveAtTheEndOfTheCycleReturnsToTheFirstPosition) {
  // The facts the other tests build on, without the rule.
  const json plain = query({kFirst, "--moves", kCycle});
  ASSERT_EQ(plain["position"], kAtGoats);
  EXPECT_EQ(plain["best"], "b1c1");
  EXPECT_EQ(move_row(plain, "b1c1")["position"], kFirst);
  EXPECT_EQ(plain["moves"].size(), 2u);
  EXPECT_FALSE(plain.contains("rule"));
  EXPECT_FALSE(plain["moves"][0].contains("forbidden"));
}

TEST(RepetitionRule, QueryWithAHistoryOfMovesMarksTheRepeatAndNamesTheBestAllowed) {
  const json plain = query({kAtGoats});
  // The history as the moves from the first position (a position, then moves).
  const json r = query({kAtGoats, "--history", std::string(kFirst) + "," + kCycle});
  ASSERT_TRUE(r.contains("rule")) << r.dump();
  EXPECT_EQ(move_row(r, "b1c1")["forbidden"], "repeats the first position (no position may occur twice)");
  EXPECT_TRUE(move_row(r, "c2c1")["forbidden"].is_null());
  EXPECT_EQ(r["rule"]["best_allowed"], "c2c1");
  EXPECT_TRUE(r["rule"]["no_legal_move"].is_null());
  // The values stay the tablebase's; the note says what the rule costs.
  EXPECT_EQ(r["value"], plain["value"]);
  EXPECT_EQ(r["distance"], plain["distance"]);
  const std::string kept = "LOSS in " + std::to_string(plain["distance"].get<int>());
  const std::string allowed = "LOSS in " + std::to_string(move_row(plain, "c2c1")["distance"].get<int>());
  EXPECT_EQ(r["rule"]["note"],
            "the rule forbids every move that keeps " + kept + "; the best it allows is c2c1 (" + allowed + ")");
}

TEST(RepetitionRule, QueryHistoryAsPositionsAndWithMovesAgree) {
  // The same history as position texts, and as --moves played from the
  // first position with the history holding only it.
  const json by_moves = query({kAtGoats, "--history", std::string(kFirst) + "," + kCycle});
  std::string positions = kFirst;
  std::string at = kFirst;
  for (const char* m : {"b2b1", "c1b2", "b1c1", "b2b1"}) {
    at = query({at, "--moves", m})["position"];
    positions += "," + at;
  }
  EXPECT_EQ(query({kAtGoats, "--history", positions}), by_moves);
  EXPECT_EQ(query({kFirst, "--moves", kCycle, "--history", kFirst}), by_moves);
  // Only the first position matters here: a history of it alone.
  EXPECT_EQ(query({kAtGoats, "--history", kFirst})["rule"]["best_allowed"], "c2c1");
  // A history that never held the first position forbids nothing.
  const json other = query({kAtGoats, "--history", kAtGoats});
  EXPECT_EQ(other["rule"]["best_allowed"], "b1c1");
  EXPECT_TRUE(other["rule"]["note"].is_null());
}

TEST(RepetitionRule, TheLineUnderTheRuleTakesTheBestAllowedMoves) {
  // Without the rule the line's first move is b1c1, back to the first
  // position (a cycle: a draw would follow); under it, c2c1, and the line
  // runs to the end of the game, no position twice.
  EXPECT_EQ(query({kAtGoats, "--line"})["line"][0]["move"], "b1c1");
  const json r = query({kAtGoats, "--line", "--history", std::string(kFirst) + "," + kCycle});
  ASSERT_FALSE(r["line"].empty()) << r.dump();
  EXPECT_EQ(r["line"][0]["move"], "c2c1");
  std::set<std::string> seen{kFirst, kAtGoats};
  for (const json& step : r["line"]) EXPECT_TRUE(seen.insert(step["position"].get<std::string>()).second) << r.dump();
  const json last = query({r["line"].back()["position"].get<std::string>()});
  EXPECT_TRUE(last["moves"].empty()) << "the line stops before the game's end: " << r.dump();
}

TEST(RepetitionRule, QueryTextSaysForbiddenAndGameOverByTheRule) {
  const Outcome r = run_rtb({"query", "bagh-chal", "--variant", "3x3", kAtGoats, "--history",
                             std::string(kFirst) + "," + kCycle, "--dir", dir()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "best:     b1c1 (forbidden by the no-repetition rule)\n")) << r.out;
  EXPECT_TRUE(has(r.out, "allowed:  c2c1 (the best the rule allows)\n")) << r.out;
  EXPECT_TRUE(has(r.out, "forbidden: repeats the first position")) << r.out;
  EXPECT_TRUE(has(r.out, "rule:     the rule forbids every move that keeps LOSS in ")) << r.out;

  const Outcome stuck = run_rtb({"query", "bagh-chal", "--variant", "3x3", kStuckFirst, "--moves", kStuckCycle,
                                 "--history", kStuckFirst, "--dir", dir()});
  ASSERT_EQ(stuck.exit_code, 0) << stuck.err;
  EXPECT_TRUE(has(stuck.out, "position: " + std::string(kStuck))) << stuck.out;
  EXPECT_TRUE(has(stuck.out, "game over by the no-repetition rule: every move repeats a position that has occurred"))
      << stuck.out;
}

TEST(RepetitionRule, QueryHistoryIsRefusedForAGameWithoutTheRuleAndForAnIllegalMove) {
  const Outcome pangki = run_rtb({"query", "pangki", "start", "--history", "b1b2", "--dir", dir()});
  EXPECT_NE(pangki.exit_code, 0);
  EXPECT_TRUE(has(pangki.err, "has no rule against repeated positions")) << pangki.err;
  const Outcome illegal = run_rtb(
      {"query", "bagh-chal", "--variant", "3x3", kAtGoats, "--history", std::string(kFirst) + ",a1a3", "--dir", dir()});
  EXPECT_NE(illegal.exit_code, 0);
  EXPECT_TRUE(has(illegal.err, "move 'a1a3' is not legal in " + std::string(kFirst))) << illegal.err;
}

Outcome play(const std::vector<std::string>& options, const std::string& script) {
  std::vector<std::string> args{"play", "bagh-chal", "--variant", "3x3", "--dir", dir()};
  args.insert(args.end(), options.begin(), options.end());
  return run_rtb(args, script);
}

TEST(RepetitionRule, PlayRefusesAMoveBackToAPositionOfTheGame) {
  const Outcome r = play({"--position", kFirst, "--side", "both"}, spaced(kCycle) + "b1c1\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "  forbidden: b1c1 repeats the first position (no position may occur twice)\n")) << r.out;
  EXPECT_TRUE(has(r.out, "no-repetition rule: the rule forbids every move that keeps LOSS in ")) << r.out;
  EXPECT_TRUE(has(r.out,
                  "> b1c1\n'b1c1' is not allowed: it repeats the first position (no position may occur twice) "
                  "(rtb play --no-repetition-rule plays without the rule); allowed moves: c2c1\n"))
      << r.out;
  // (The cycle's third move is a tiger's b1c1: only what follows the refusal counts.)
  EXPECT_FALSE(has(r.out.substr(r.out.rfind("> b1c1\n")), "you play")) << r.out;

  // Without the rule the same move is played.
  const Outcome off =
      play({"--position", kFirst, "--side", "both", "--no-repetition-rule"}, spaced(kCycle) + "b1c1\nquit\n");
  ASSERT_EQ(off.exit_code, 0) << off.err;
  EXPECT_TRUE(has(off.out.substr(off.out.rfind("> b1c1\n")), "> b1c1\nyou play b1c1")) << off.out;
  EXPECT_FALSE(has(off.out, "forbidden")) << off.out;
}

TEST(RepetitionRule, TheComputerTakesTheBestMoveTheRuleAllows) {
  // The user plays both sides round the cycle, then hands the goats to the
  // computer (flip): by the tablebase its best move is b1c1, which the rule
  // forbids; it must play c2c1. Several seeds: no luck of the draw.
  for (const std::string seed : {"1", "2", "3", "4", "5"}) {
    const Outcome r = play({"--position", kFirst, "--side", "both", "--seed", seed}, spaced(kCycle) + "flip\nquit\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(has(r.out, "computer (goats) plays c2c1")) << r.out;
    // Judged against what the rule allows: no mistake mark.
    EXPECT_FALSE(has(r.out, "computer (goats) plays c2c1  (LOSS in 2)  ??")) << r.out;
  }
  // Without the rule it plays the tablebase's best.
  const Outcome off =
      play({"--position", kFirst, "--side", "both", "--no-repetition-rule"}, spaced(kCycle) + "flip\nquit\n");
  EXPECT_TRUE(has(off.out, "computer (goats) plays b1c1")) << off.out;
}

TEST(RepetitionRule, PlaySaysASideWithNoAllowedMoveHasLost) {
  const Outcome r = play({"--position", kStuckFirst, "--side", "both"}, spaced(kStuckCycle) + "c1c2\nhint\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out,
                  "game over: goats to move: every move repeats a position that has occurred (no position may "
                  "occur twice): the side to move has no legal move and loses (the no-repetition rule)\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "> c1c2\nthe game is over: undo, new, or quit\n")) << r.out;
  EXPECT_TRUE(has(r.out, "> hint\nthe game is over: no move to hint\n")) << r.out;
  // The computer, to move there, does not move either.
  const Outcome computer = play({"--position", kStuckFirst, "--side", "both"}, spaced(kStuckCycle) + "flip\nquit\n");
  EXPECT_FALSE(has(computer.out, "computer (goats) plays")) << computer.out;
}

TEST(RepetitionRule, PlayLoadsNoRecordThatBreaksTheRule) {
  // The cycle and then b1c1, back to the first position: refused under the
  // rule (the game goes on), loaded without it.
  const rtb_test::ScratchDir scratch("repetition-record");
  const std::string file = (scratch.path() / "game.txt").string();
  {
    std::ofstream out(file);
    out << "bagh-chal 3x3 | " << kFirst << " | b2b1 c1b2 b1c1 b2b1 c1b2 b1c1\n";
  }
  const Outcome r = play({"--side", "both"}, "load " + file + "\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out,
                  "holds no game of bagh-chal: move 6 (b1c1) repeats the first position, which the "
                  "no-repetition rule forbids (rtb play --no-repetition-rule loads it) (the game goes on)"))
      << r.out;
  const Outcome off = play({"--side", "both", "--no-repetition-rule"}, "load " + file + "\nquit\n");
  EXPECT_TRUE(has(off.out, "loaded 6 moves from " + file)) << off.out;
}

}  // namespace
