// `rtb play` as a user meets it: a script of moves and commands piped in
// (stdin not a terminal), and the same game on a real terminal in tmux. The
// values it shows and the moves the computer picks are checked against
// `rtb query --json` for the same positions.
#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "tests/support/rtb_process.hpp"

namespace {

using nlohmann::json;
using rtb_test::Outcome;
using rtb_test::run_rtb;

std::string dir() {
  static const std::string d = rtb_test::tablebase_dir().string();
  return d;
}

json query(const std::string& game, const std::string& position, const std::string& variant = "default") {
  const Outcome r = run_rtb({"query", game, position, "--variant", variant, "--json", "--dir", dir()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return json::parse(r.out, nullptr, false);
}

// What rtb prints for a value: "DRAW", "WIN in 5".
std::string described(const json& v) {
  return v["value"] == "DRAW" ? "DRAW"
                              : v["value"].get<std::string>() + " in " + std::to_string(v["distance"].get<int>());
}

// The moves as good as the best (apps/rtb/play/move_choice.hpp): the same
// value and distance as the first listed.
std::vector<std::string> best_set(const json& r) {
  std::vector<std::string> best;
  for (const json& m : r["moves"])
    if (m["value"] == r["moves"][0]["value"] && m["distance"] == r["moves"][0]["distance"]) best.push_back(m["move"]);
  return best;
}

bool contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// The move after `prefix` up to the next blank ("computer (white) plays " ...).
std::string word_after(const std::string& text, const std::string& prefix) {
  const std::size_t at = text.find(prefix);
  if (at == std::string::npos) return "";
  const std::size_t from = at + prefix.size();
  return text.substr(from, text.find(' ', from) - from);
}

Outcome play(const std::vector<std::string>& options, const std::string& script) {
  std::vector<std::string> args{"play", "pangki", "--dir", dir()};
  args.insert(args.end(), options.begin(), options.end());
  return run_rtb(args, script);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(RtbPlay, PipedScriptShowsTheBoardEveryMoveValueAndTheComputersReply) {
  const Outcome r = play({}, "hint\na2b2\nundo\nredo\nposition\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string& out = r.out;
  EXPECT_TRUE(has(out, "  4  w  w  w  w  4\n  3  w  .  .  w  3\n  2  b  .  .  b  2\n  1  b  b  b  b  1\n")) << out;
  EXPECT_TRUE(has(out, "black to move (you)   value: DRAW\n")) << out;
  const json start = query("pangki", "start");
  ASSERT_EQ(start["moves"].size(), 4u);
  for (const json& m : start["moves"])
    EXPECT_TRUE(std::regex_search(out, std::regex("  " + m["move"].get<std::string>() + "  " + described(m))))
        << m.dump() << "\n"
        << out;
  // Piped input is echoed after the prompt, so the output reads as a game.
  const std::vector<std::string> best = best_set(start);
  ASSERT_EQ(best, (std::vector<std::string>{"a2b2", "d2c2"}));
  EXPECT_TRUE(has(out, "> hint\nhint: a2b2  DRAW  (as good: d2c2)\n")) << out;
  EXPECT_TRUE(has(out, "> a2b2\nyou play a2b2  (DRAW)\n")) << out;
  const json after = query("pangki", start["moves"][0]["position"]);
  ASSERT_EQ(start["moves"][0]["move"], "a2b2");
  const std::string reply = word_after(out, "computer (white) plays ");
  EXPECT_TRUE(contains(best_set(after), reply)) << out;
  EXPECT_TRUE(has(out, "computer (white) plays " + reply + "  (DRAW)\n")) << out;
  EXPECT_TRUE(has(out, "> undo\ntook back 2 moves\n")) << out;
  EXPECT_TRUE(has(out, "> redo\nreplayed 2 moves\n")) << out;
  std::string expected_position;
  for (const json& m : after["moves"])
    if (m["move"] == reply) expected_position = m["position"];
  EXPECT_TRUE(has(out, "> position\n" + expected_position + "\n")) << out;
  EXPECT_FALSE(has(out, "\033[")) << "colour on a pipe";
  EXPECT_EQ(r.err, "");
}

TEST(RtbPlay, ComputerPlaysTheShortestWinAndTheLongestLoss) {
  // Black to move wins with a2b2 in 27 or c2b2 in 39, and can also draw.
  const Outcome win = play({"--position", "w.ww/ww.w/b.b./bbbb b", "--side", "white"}, "quit\n");
  ASSERT_EQ(win.exit_code, 0) << win.err;
  EXPECT_TRUE(has(win.out, "computer (black) plays a2b2  (WIN in 27)\n")) << win.out;
  // Black to move loses: c1d1 in 20 is the longest loss; a2a3, d2c2 and d2d1
  // lose in 18, c1c2 in 16.
  const Outcome loss = play({"--position", "wbww/.w.w/bw.b/bbb. b", "--side", "w"}, "quit\n");
  ASSERT_EQ(loss.exit_code, 0) << loss.err;
  EXPECT_TRUE(has(loss.out, "computer (black) plays c1d1  (LOSS in 20)\n")) << loss.out;
  // Both are what rtb query ranks first.
  EXPECT_EQ(query("pangki", "w.ww/ww.w/b.b./bbbb b")["best"], "a2b2");
  EXPECT_EQ(query("pangki", "wbww/.w.w/bw.b/bbb. b")["best"], "c1d1");
}

TEST(RtbPlay, TheComputerPicksAtRandomAmongTheBestMovesAndTheSeedRepeatsIt) {
  // White draws with a4a3, b4b3 and others alike: each seed picks one of
  // those, the same one each time it is given, and the seeds do not all
  // pick the same one.
  const std::string position = "wwww/..b./bw../bbbb w";
  const std::vector<std::string> best = best_set(query("pangki", position));
  ASSERT_GE(best.size(), 2u);
  std::set<std::string> picked;
  for (int seed = 0; seed < 12; ++seed) {
    const Outcome r = play({"--position", position, "--side", "b", "--seed", std::to_string(seed)}, "quit\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string move = word_after(r.out, "computer (white) plays ");
    EXPECT_TRUE(contains(best, move)) << r.out;
    EXPECT_TRUE(has(r.out, "computer (white) plays " + move + "  (DRAW)\n")) << r.out;
    EXPECT_TRUE(has(r.out, "black to move (you)")) << r.out;
    picked.insert(move);
    if (seed < 3) {
      const Outcome again = play({"--position", position, "--side", "b", "--seed", std::to_string(seed)}, "quit\n");
      EXPECT_EQ(word_after(again.out, "computer (white) plays "), move) << "seed " << seed;
    }
  }
  EXPECT_GE(picked.size(), 2u) << "12 seeds all chose one move";
}

TEST(RtbPlay, StrengthBelowAHundredPlaysWeakerMoves) {
  // From the start black draws with a2b2 or d2c2 and loses with b1b2 or
  // c1c2: at strength 0 the computer plays a weaker move whenever there is
  // one, at 100 never.
  const std::vector<std::string> losing{"b1b2", "c1c2"}, drawing{"a2b2", "d2c2"};
  for (int seed = 0; seed < 4; ++seed) {
    const std::string s = std::to_string(seed);
    const Outcome weak = play({"--side", "w", "--strength", "0", "--seed", s}, "quit\n");
    ASSERT_EQ(weak.exit_code, 0) << weak.err;
    EXPECT_TRUE(contains(losing, word_after(weak.out, "computer (black) plays "))) << weak.out;
    // The computer's own mistake is flagged like the user's.
    EXPECT_TRUE(has(weak.out, "(LOSS in 34)  ?? a mistake: the position was DRAW\n")) << weak.out;
    const Outcome strong = play({"--side", "w", "--strength", "100", "--seed", s}, "quit\n");
    EXPECT_TRUE(contains(drawing, word_after(strong.out, "computer (black) plays "))) << strong.out;
  }
}

TEST(RtbPlay, IllegalInputIsRefusedAndTheGameGoesOn) {
  const Outcome r = play({}, "a1a1\nfoo\n\na2b2\n");  // ends without quit: end of input
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out,
                  "'a1a1' is neither a legal move here nor a command (help lists them); legal moves: "
                  "a2b2 d2c2 b1b2 c1c2\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "'foo' is neither")) << r.out;
  EXPECT_TRUE(has(r.out, "you play a2b2")) << r.out;
}

TEST(RtbPlay, UndoRedoFlipHelp) {
  const Outcome r = play({}, "undo\nredo\nhelp\nflip\nundo\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "> undo\nnothing to undo\n")) << r.out;
  EXPECT_TRUE(has(r.out, "> redo\nnothing to redo\n")) << r.out;
  EXPECT_TRUE(has(r.out, "  hint ")) << r.out;
  // flip: the computer takes black, the side to move, and moves at once.
  EXPECT_TRUE(has(r.out, "> flip\nyou play white, the computer plays black\ncomputer (black) plays ")) << r.out;
  // The computer moved first: there is no move of the user's to take back.
  EXPECT_TRUE(has(r.out, "white to move (you)")) << r.out;
  EXPECT_EQ(r.out.rfind("nothing to undo"), r.out.find("nothing to undo", r.out.find("> flip"))) << r.out;
}

TEST(RtbPlay, RulesPrintsTheGamesOwnRulesAndMoveText) {
  // Issue 52: the rules and the move text where one plays, from the game
  // (the help listed a2b2, c3 and d7xa1 for every game).
  const Outcome r =
      run_rtb({"play", "crossings", "--variant", "4x4", "--dir", dir()}, "rules\nhelp rules\nhelp\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::size_t rules_at = r.out.find("> rules\n"), again_at = r.out.find("> help rules\n"),
                    help_at = r.out.find("> help\n");
  ASSERT_TRUE(rules_at < again_at && again_at < help_at) << r.out;
  const std::string rules = r.out.substr(rules_at + 8, again_at - rules_at - 8);
  EXPECT_EQ(rules.rfind("rules of crossings (4x4):\n  Board: 4x4 squares, files a-d", 0), 0u) << rules;
  for (const char* part : {"\n  Crossed stones: a stone that reaches its far rank (rank 4 for Black, rank 1 for",
                           "\n  Crossing obligation: when a move leaves you with one crossed stone more than",
                           "\n  Moves: the tail's square and the tail's landing square: d1d3 moves"})
    EXPECT_TRUE(has(rules, part)) << part << "\n" << rules;
  // Folded for a terminal: a topic's line two spaces in, its further lines four.
  std::istringstream lines(rules.substr(rules.find('\n') + 1));
  for (std::string line; std::getline(lines, line);) {
    EXPECT_LE(line.size(), 100u) << line;
    EXPECT_TRUE(std::regex_match(line, std::regex("  [A-Z][a-z ]*: .*|    [^ ].*"))) << line;
  }
  EXPECT_EQ(r.out.substr(again_at + 13, rules.size()), rules) << "help rules says something else";
  EXPECT_TRUE(has(r.out.substr(help_at), "\n  rules      the rules of the game and variant played")) << r.out;
  EXPECT_FALSE(has(r.out.substr(help_at), "d7xa1")) << "the help lists another game's move text";
  const Outcome help = run_rtb({"play", "--help"});
  ASSERT_EQ(help.exit_code, 0) << help.err;
  EXPECT_TRUE(has(help.out, "rules for the rules of the game")) << help.out;
}

TEST(RtbPlay, GameOverIsSaid) {
  // Bagh-Chal 3x3: the tigers have made their capture; the goats have lost.
  const Outcome r =
      run_rtb({"play", "bagh-chal", "--variant", "3x3", "--position", "T.T/.G./T.T g 2", "--dir", dir()}, "b2\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Started there: no move to say why, only who lost.
  EXPECT_TRUE(has(r.out, "goats to move (you)   value: LOSS in 0\ngame over: goats have lost\n")) << r.out;
  EXPECT_TRUE(has(r.out, "> b2\nthe game is over: undo, new, or quit\n")) << r.out;
  // The alquerque lines are drawn between the points.
  EXPECT_TRUE(has(r.out, "  3  T---.---T  3\n     | \\ | / |\n  2  .---G---.  2\n     | / | \\ |\n  1  T---.---T  1\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "in hand 2   captured: goats lost 1, tigers lost 0")) << r.out;
}

TEST(RtbPlay, SearchedPositionsSayWhetherTheirValueIsProven) {
  // Only the sliding phase of Bagh-Chal 3x3 is there: the start is searched.
  const std::string sliding = rtb_test::sliding_only_dir().string();
  const Outcome proven = run_rtb({"play", "bagh-chal", "--variant", "3x3", "--dir", sliding}, "quit\n");
  ASSERT_EQ(proven.exit_code, 0) << proven.err;
  EXPECT_TRUE(has(proven.out, "proven by search (")) << proven.out;
  const json whole = query("bagh-chal", "start", "3x3");
  EXPECT_TRUE(has(proven.out, "value: " + described(whole) + "\n")) << proven.out;
  const Outcome cut = run_rtb({"play", "bagh-chal", "--variant", "3x3", "--nodes", "1", "--dir", sliding}, "quit\n");
  ASSERT_EQ(cut.exit_code, 0) << cut.err;
  EXPECT_TRUE(has(cut.out, "NOT proven: the search ran out of its budget")) << cut.out;
}

TEST(RtbPlay, MissingTablebasesGiveAOneLineHintWithTheGenerateCommand) {
  const std::string nowhere = (rtb_test::work_dir() / "no-such-dir").string();
  const Outcome r = run_rtb({"play", "pangki", "--dir", nowhere}, "quit\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "rtb play: there is no tablebase directory '" + nowhere +
                       "'; generate the tablebases with: rtb generate pangki --dir " + nowhere + "\n");
  const Outcome arrival = run_rtb({"play", "pangki", "--variant", "arrival", "--dir", dir()}, "quit\n");
  EXPECT_EQ(arrival.exit_code, 1);
  EXPECT_EQ(std::count(arrival.err.begin(), arrival.err.end(), '\n'), 1) << arrival.err;
  EXPECT_TRUE(has(arrival.err, "generate it with: rtb generate pangki --variant arrival --dir " + dir()))
      << arrival.err;
}

TEST(RtbPlay, BadOptionsAreRefused) {
  const Outcome side = play({"--side", "red"}, "quit\n");
  EXPECT_EQ(side.exit_code, 2);
  EXPECT_TRUE(has(side.err, "--side 'red' is not a side of this game; use b (black), w (white), or both")) << side.err;
  const Outcome position = play({"--position", "wwww/w..w/b..b/bbbb"}, "quit\n");
  EXPECT_EQ(position.exit_code, 2);
  EXPECT_EQ(position.out, "");
}

TEST(RtbPlay, CrossingsOnASolvedBoard) {
  const std::vector<std::string> crossings{"play", "crossings", "--variant", "4x4", "--dir", dir()};
  auto play_crossings = [&](std::vector<std::string> options, const std::string& script) {
    options.insert(options.begin(), crossings.begin(), crossings.end());
    return run_rtb(options, script);
  };
  const Outcome r = play_crossings({}, "a1b2\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "  4  w  w  w  w  4\n  3  .  .  .  .  3\n  2  .  .  .  .  2\n  1  b  b  b  b  1\n")) << r.out;
  const json start = query("crossings", "start", "4x4");
  ASSERT_EQ(start["value"], "DRAW");
  ASSERT_EQ(start["moves"].size(), 10u);  // README: 8 draw, a1a2 and d1d2 lose in 12
  EXPECT_TRUE(has(r.out, "black to move (you)   value: DRAW\n")) << r.out;
  for (const json& m : start["moves"])
    EXPECT_TRUE(std::regex_search(r.out, std::regex("  " + m["move"].get<std::string>() + "  " + described(m))))
        << m.dump() << "\n"
        << r.out;
  EXPECT_TRUE(has(r.out, "> a1b2\nyou play a1b2  (DRAW)\n")) << r.out;
  json after;
  for (const json& m : start["moves"])
    if (m["move"] == "a1b2") after = query("crossings", m["position"], "4x4");
  ASSERT_FALSE(after.is_null());
  const std::string reply = word_after(r.out, "computer (white) plays ");
  EXPECT_TRUE(contains(best_set(after), reply)) << r.out;
  EXPECT_TRUE(has(r.out, "computer (white) plays " + reply + "  (DRAW)\n")) << r.out;

  // White has crossed a1: black must answer by crossing, and d1 cannot.
  const std::string must_cross = "..../b.../..../W..b b";
  const Outcome refused = play_crossings({"--position", must_cross}, "d1d2\nquit\n");
  ASSERT_EQ(refused.exit_code, 0) << refused.err;
  EXPECT_TRUE(has(refused.out,
                  "'d1d2' is neither a legal move here nor a command (help lists them); legal moves: "
                  "a3a4 a3b4\n"))
      << refused.out;
  // Either crossing leaves white a crossed stone and nothing to answer with.
  const Outcome won = play_crossings({"--position", must_cross, "--side", "white"}, "quit\n");
  ASSERT_EQ(won.exit_code, 0) << won.err;
  const std::string crossing = word_after(won.out, "computer (black) plays ");
  EXPECT_TRUE(crossing == "a3a4" || crossing == "a3b4") << won.out;
  // The counter-crossing evens the counts: no obligation is left, but
  // white's only stone is crossed and cannot move.
  EXPECT_TRUE(has(won.out,
                  "computer (black) plays " + crossing + "  (WIN in 1)\ncrossed: black " + crossing.substr(2) + "\n\n"))
      << won.out;
  EXPECT_TRUE(has(won.out, crossing == "a3a4" ? "  4  B  .  .  .  4\n" : "  4  .  B  .  .  4\n")) << won.out;
  EXPECT_TRUE(has(won.out, "white to move (you)   value: LOSS in 0\ngame over: white has no legal move: black wins\n"))
      << won.out;
  // A crossing one up obliges the other side, which here cannot cross.
  const Outcome obliged = play_crossings({"--position", "..w./b.../..../...b b", "--side", "both"}, "a3a4\nquit\n");
  ASSERT_EQ(obliged.exit_code, 0) << obliged.err;
  EXPECT_TRUE(has(obliged.out,
                  "> a3a4\nyou play a3a4  (WIN in 1)\ncrossed: black a4\n"
                  "white must cross in reply (only crossing moves are legal), or lose\n"))
      << obliged.out;
  EXPECT_TRUE(has(obliged.out, "game over: white cannot answer the crossing: black wins\n")) << obliged.out;
}

TEST(RtbPlay, CrossingsEightByEightIsSearched) {
  // No tablebases: every value is searched, within the budget a move.
  const Outcome r = run_rtb({"play", "crossings", "--nodes", "3000", "--dir", dir()}, "a2a3\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "  8  w  w  w  w  w  w  w  w  8\n  7  w  w  w  w  w  w  w  w  7\n")) << r.out;
  EXPECT_TRUE(has(r.out, "NOT proven: the search ran out of its budget")) << r.out;
  EXPECT_TRUE(has(r.out, "> a2a3\nyou play a2a3  (")) << r.out;
  EXPECT_TRUE(
      std::regex_search(r.out, std::regex("computer \\(white\\) plays [a-h][1-8][a-h][1-8]  \\(.*not proven\\)\n")))
      << r.out;
  EXPECT_TRUE(has(r.out, "  3  b  .  .  .  .  .  .  .  3\n  2  .  b  b  b  b  b  b  b  2\n")) << r.out;
  // A short forced win is proven, and the computer plays it (README: d6c7,
  // then a crossing white cannot answer).
  const Outcome win = run_rtb(
      {"play", "crossings", "--position", "ww....../......../...b..../......../......../......../......../........ b",
       "--side", "white", "--dir", dir()},
      "quit\n");
  ASSERT_EQ(win.exit_code, 0) << win.err;
  // Stepping to rank 7 wins in 3 whichever square it takes (the computer
  // picks one of the equal moves).
  EXPECT_TRUE(std::regex_search(win.out, std::regex("computer \\(black\\) plays d6[c-e]7  \\(WIN in 3\\)\n")))
      << win.out;
  EXPECT_TRUE(has(win.out, "white to move (you)   value: LOSS in 2")) << win.out;
}

TEST(RtbPlay, MorrisShowsItsPointsTheirLinksAndBothHands) {
  // Six Men's Morris is solved in a few seconds: made here, for this test alone.
  const rtb_test::ScratchDir tables("morris-six");
  const Outcome made =
      run_rtb({"generate", "morris", "--variant", "six", "-q", "--threads", "1", "--dir", tables.string()});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  // White's e1 closes the mill a1 c1 e1, so the move must name the black
  // stone it removes.
  const Outcome r = run_rtb(
      {"play", "morris", "--variant", "six", "--position", "b.b/.../..../.../ww. w 4 4", "--dir", tables.string()},
      "e1\n E1XA5 \nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Only the 16 points are drawn, joined by their links; the cells between
  // them are blank or carry a link across.
  EXPECT_TRUE(has(r.out,
                  "     a   b   c   d   e\n"
                  "  5  b-------.-------b  5\n"
                  "     |       |       |\n"
                  "  4  |   .---.---.   |  4\n"
                  "     |   |       |   |\n"
                  "  3  .---.       .---.  3\n"
                  "     |   |       |   |\n"
                  "  2  |   .---.---.   |  2\n"
                  "     |       |       |\n"
                  "  1  w-------w-------.  1\n"
                  "     a   b   c   d   e\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "pieces:  b 2  w 2   in hand: white 4, black 4   captured: white lost 0, black lost 0\n"))
      << r.out;
  // Issue 52: the mill's removal is asked for, with the moves it could be
  // (it was "not a legal move"), and a move is taken in any case, trimmed.
  EXPECT_TRUE(std::regex_search(
      r.out, std::regex("\n> e1\ne1 closes a mill: name the stone to remove: (e1xa5 or e1xe5|e1xe5 or e1xa5)\n")))
      << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex(">\\s+E1XA5\\s*\nyou play e1xa5  \\("))) << r.out;
  EXPECT_TRUE(has(r.out, "\ncaptured: black's piece on a5, 5 pieces left\n")) << r.out;
  // Black has lost a stone and placed one.
  EXPECT_TRUE(has(r.out, "   in hand: white 3, black 3   captured: white lost 0, black lost 1\n")) << r.out;
  // Before the first placement the board holds no stone.
  const Outcome start = run_rtb({"play", "morris", "--variant", "six", "--dir", tables.string()}, "quit\n");
  ASSERT_EQ(start.exit_code, 0) << start.err;
  EXPECT_TRUE(has(start.out, "pieces:  none   in hand: white 6, black 6   captured: white lost 0, black lost 0\n"))
      << start.out;
}

// The position after `moves` (comma-separated) from Pangki's start.
std::string pangki_after(const std::string& moves) {
  const Outcome r = run_rtb({"query", "pangki", "start", "--moves", moves, "--json", "--dir", dir()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return json::parse(r.out, nullptr, false)["position"];
}

TEST(RtbPlay, EachCaptureAndTheEndOfTheGameAreSaid) {
  // A game black wins, found with a strength-0 computer: its seventh move
  // c2b2 captures on b3, and its 51st, a2a3, the last white piece but one.
  const std::string game =
      "d2c2 c4c3 c2d2 b4c4 c1c2 a3b3 c2b2 a4a3 b2c2 a3a4 b1c1 c3b3 a2a3 c4c3 a3a2 b3b2 c1b1 c3c4 d1c1 d3c3 c1d1 c4b4 "
      "a2a3 c3d3 a3a2 d3c3 d1c1 d4c4 c2b2 c4c3 d2d1 b4b3 b2c2 b3b4 c2b2 b4c4 d1d2 c4b4 c1d1 b4c4 b2c2 c4c3 d2d3 c3c4 "
      "c2d2 a4b4 d3c3 b4a4 c3b3 c4c3 a2a3";
  std::vector<std::string> moves;
  for (std::size_t at = 0; at < game.size();) {
    const std::size_t next = std::min(game.find(' ', at), game.size());
    moves.push_back(game.substr(at, next - at));
    at = next + 1;
  }
  ASSERT_EQ(moves.size(), 51u);
  const auto before = [&](std::size_t ply) {  // the position before moves[ply]
    std::string list;
    for (std::size_t i = 0; i < ply; ++i) list += (i ? "," : "") + moves[i];
    return pangki_after(list);
  };
  const Outcome capture = play({"--position", before(6), "--side", "both"}, "c2b2\nquit\n");
  ASSERT_EQ(capture.exit_code, 0) << capture.err;
  EXPECT_TRUE(has(capture.out,
                  "> c2b2\nyou play c2b2  (WIN in 39)  ? an inaccuracy: the position was WIN in 21\n"
                  "captured: white's piece on b3, 5 pieces left\n"))
      << capture.out;
  EXPECT_TRUE(has(capture.out, "pieces:  b 6  w 5   captured: black lost 0, white lost 1\n")) << capture.out;
  const Outcome end = play({"--position", before(50), "--side", "both"}, "a2a3\nquit\n");
  ASSERT_EQ(end.exit_code, 0) << end.err;
  EXPECT_TRUE(has(end.out, "> a2a3\nyou play a2a3  (WIN in 1)\ncaptured: white's piece on c3, 1 piece left\n"))
      << end.out;
  EXPECT_TRUE(
      has(end.out, "white to move   value: LOSS in 0\ngame over: the capture leaves white 1 piece: black wins\n"))
      << end.out;
  // A move that keeps the value is not flagged; one that throws a win away is.
  EXPECT_FALSE(has(end.out, "a mistake")) << end.out;
  const Outcome thrown = play({"--position", "w.ww/ww.w/b.b./bbbb b", "--side", "both"}, "d1d2\nquit\n");
  ASSERT_EQ(thrown.exit_code, 0) << thrown.err;
  const json r = query("pangki", "w.ww/ww.w/b.b./bbbb b");
  std::string d1d2;
  for (const json& m : r["moves"])
    if (m["move"] == "d1d2") d1d2 = described(m);
  ASSERT_EQ(d1d2, "DRAW") << "d1d2 must draw for this test";
  EXPECT_TRUE(has(thrown.out, "you play d1d2  (DRAW)  ?? a mistake: the position was WIN in 27\n")) << thrown.out;
}

TEST(RtbPlay, RecordSaveLoadAndNew) {
  const rtb_test::ScratchDir scratch("play-record");
  const std::string file = (scratch.path() / "game.txt").string();
  const Outcome r = play({"--side", "both"}, "a2b2\nd3c3\nrecord\nsave " + file + "\nnew\nrecord\nload " + file +
                                                 "\nmoves\nposition\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string line = "pangki default | wwww/w..w/b..b/bbbb b | a2b2 d3c3";
  EXPECT_EQ(rtb_test::slurp(file), line + "\n");
  EXPECT_TRUE(has(r.out, "> record\nrecord: 2 moves from wwww/w..w/b..b/bbbb b\n   1. black a2b2  DRAW\n")) << r.out;
  EXPECT_TRUE(has(r.out, "as one line: " + line + "\n")) << r.out;
  EXPECT_TRUE(has(r.out, "saved 2 moves to " + file + "\n")) << r.out;
  EXPECT_TRUE(has(r.out, "> new\nnew game from wwww/w..w/b..b/bbbb b\n")) << r.out;
  EXPECT_TRUE(has(
      r.out,
      "> record\nrecord: 0 moves from wwww/w..w/b..b/bbbb b\nas one line: pangki default | wwww/w..w/b..b/bbbb b |\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "loaded 2 moves from " + file + "\n")) << r.out;
  EXPECT_TRUE(has(r.out, "> moves\nrecord: 2 moves from")) << r.out;
  EXPECT_TRUE(has(r.out, "> position\n" + pangki_after("a2b2,d3c3") + "\n")) << r.out;

  // A record that is not this game's, or a file that is not there: said, and
  // the game goes on.
  const std::string bad = (scratch.path() / "bad.txt").string();
  const std::string other = (scratch.path() / "other.txt").string();
  { std::ofstream(bad) << "start | a2b2 a2b2\n"; }
  { std::ofstream(other) << "cinc-camins default | start | a2b2\n"; }
  const Outcome refused =
      play({}, "load " + bad + "\nload " + other + "\nload " + file + ".missing\nsave\nposition\nquit\n");
  ASSERT_EQ(refused.exit_code, 0) << refused.err;
  EXPECT_TRUE(has(refused.out, "'" + bad + "' holds no game of pangki: move 2: ")) << refused.out;
  EXPECT_TRUE(has(refused.out, "'" + other + "' holds no game of pangki: it is a game of cinc-camins (default)"))
      << refused.out;
  // Issue 52: which file and why.
  EXPECT_TRUE(has(refused.out, "could not read '" + file + ".missing': No such file or directory\n")) << refused.out;
  EXPECT_TRUE(has(refused.out, "> save\nsave needs a file name: save FILE\n")) << refused.out;
  EXPECT_TRUE(has(refused.out, "> position\nwwww/w..w/b..b/bbbb b\n")) << refused.out;
  // new with a position text.
  const Outcome fresh = play({"--side", "both"}, "new wwww/..b./bw../bbbb w\nnew nonsense\nquit\n");
  EXPECT_TRUE(has(fresh.out, "new game from wwww/..b./bw../bbbb w\n")) << fresh.out;
  EXPECT_TRUE(has(fresh.out, "white to move   value: DRAW")) << fresh.out;
  EXPECT_TRUE(has(fresh.out, "> new nonsense\nno new game: ")) << fresh.out;
}

// Issue 52: playing another move after undo keeps the old moves as a
// variation (lichess), saved in parentheses, loaded back, and taken up again
// by `variation N` or by playing its first move.
TEST(RtbPlay, AnotherMoveAfterUndoKeepsTheOldMovesAsAVariation) {
  const rtb_test::ScratchDir scratch("play-variations");
  const std::string file = (scratch.path() / "game.txt").string();
  const Outcome r = play({"--side", "both"}, "a2b2\nd3c3\nundo\na3b3\nrecord\nsave " + file +
                                                 "\nvariations\nvariation 1\nposition\nundo\na3b3\nvariations\n"
                                                 "variation 2\nvariation x\nnew\nload " +
                                                 file + "\nvariations\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string line = "pangki default | wwww/w..w/b..b/bbbb b | a2b2 a3b3 (d3c3)";
  EXPECT_EQ(rtb_test::slurp(file), line + "\n");
  EXPECT_TRUE(has(r.out,
                  "you play a3b3  (DRAW)\n(the moves played here before are kept as a variation: "
                  "`variations` lists them)\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "   (1 variation, in parentheses below: variations lists them)\nas one line: " + line + "\n"))
      << r.out;
  EXPECT_TRUE(has(r.out,
                  "> variations\nvariations (variation N takes one up):\n  1. move 2, white d3c3 instead of "
                  "a3b3: d3c3  (1 move)\n"))
      << r.out;
  EXPECT_TRUE(has(r.out,
                  "> variation 1\nvariation 1 is the game's line now, played to its end (2 moves); the moves "
                  "it replaced are a variation\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "> position\n" + pangki_after("a2b2,d3c3") + "\n")) << r.out;
  // Playing the variation's first move takes it up again.
  EXPECT_TRUE(has(r.out, "you play a3b3  (DRAW)\n(a variation began with it: it is the game's line again")) << r.out;
  EXPECT_TRUE(has(r.out, "> variation 2\nvariation takes the number of one that `variations` lists, 1 to 1\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "> variation x\nvariation takes the number")) << r.out;
  EXPECT_TRUE(has(r.out, "loaded 2 moves and their variations from " + file + "\n")) << r.out;
  EXPECT_TRUE(has(r.out,
                  "> variations\nvariations (variation N takes one up):\n  1. move 2, white d3c3 instead of "
                  "a3b3: d3c3  (1 move)\n> quit"))
      << r.out;

  // A variation with a move that is not legal where it is played: the record
  // is refused, saying where, and the game goes on.
  const std::string bad = (scratch.path() / "bad.txt").string();
  { std::ofstream(bad) << "start | a2b2 a3b3 (d3c3 a2b2 (a1a2))\n"; }
  const Outcome refused = play({}, "load " + bad + "\nquit\n");
  ASSERT_EQ(refused.exit_code, 0) << refused.err;
  EXPECT_TRUE(has(refused.out, "'" + bad + "' holds no game of pangki: in the variation of move 2, move 3: "))
      << refused.out;
  EXPECT_TRUE(has(refused.out, "(the game goes on)")) << refused.out;
}

// Issue 53, item 6: `load` of a FIFO (or any file that is not a regular
// one) blocked in open() until the program was killed.
TEST(RtbPlay, LoadOfAFifoOrADirectoryIsRefusedWithoutWaiting) {
  const rtb_test::ScratchDir scratch("play-fifo");
  const std::string fifo = (scratch.path() / "fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  const std::vector<std::string> args{"play", "pangki", "--dir", dir()};
  const Outcome r =
      run_rtb(rtb_test::Launch{args, "load " + fifo + "\nload " + scratch.path().string() + "\nposition\nquit\n"},
              std::chrono::seconds(20));
  EXPECT_FALSE(r.timed_out) << "load waited on the FIFO";
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "could not read '" + fifo + "': not a regular file\n")) << r.out;
  EXPECT_TRUE(has(r.out, "could not read '" + scratch.path().string() + "': not a regular file\n")) << r.out;
  EXPECT_TRUE(has(r.out, "> position\nwwww/w..w/b..b/bbbb b\n")) << r.out;
}

// As load (issue 53, item 6), so save: std::ofstream's open of a FIFO
// waited for a reader.
TEST(RtbPlay, SaveToAFifoIsRefusedWithoutWaiting) {
  const rtb_test::ScratchDir scratch("play-fifo-save");
  const std::string fifo = (scratch.path() / "fifo").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  const std::vector<std::string> args{"play", "pangki", "--dir", dir()};
  const Outcome r = run_rtb(rtb_test::Launch{args, "save " + fifo + "\nposition\nquit\n"}, std::chrono::seconds(20));
  EXPECT_FALSE(r.timed_out) << "save waited on the FIFO";
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "could not write '" + fifo + "': not a regular file\n")) << r.out;
  EXPECT_TRUE(has(r.out, "> position\nwwww/w..w/b..b/bbbb b\n")) << r.out;
}

TEST(RtbPlay, NumbersThatAreNotValidAreRefused) {
  // issue 28, item 13: --nodes -1 wrapped round to 2^64 - 1.
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"--nodes", "-1"},
                                              {"--nodes", "0"},
                                              {"--strength", "101"},
                                              {"--strength", "-1"},
                                              {"--seed", "-5"},
                                              {"--seconds", "-1"},
                                              {"--seconds", "inf"},
                                              {"--nodes", "many"}}) {
    const Outcome r = play(bad, "quit\n");
    EXPECT_EQ(r.exit_code, 2) << bad[0] << " " << bad[1] << "\n" << r.out << r.err;
    EXPECT_TRUE(has(r.err, bad[0])) << r.err;
    EXPECT_EQ(r.out, "") << bad[0] << " " << bad[1];
  }
  const Outcome nodes = play({"--nodes", "-1"}, "quit\n");
  EXPECT_TRUE(has(nodes.err, "--nodes must be at least 1, not -1")) << nodes.err;
}

TEST(RtbPlay, SeedCrossingsIsDrawnWithItsCornersAndReserve) {
  const rtb_test::ScratchDir tables("seed-3x3");
  const Outcome made =
      run_rtb({"generate", "crossings", "--variant", "seed-3x3", "-q", "--threads", "1", "--dir", tables.string()});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const std::vector<std::string> seed{"play",  "crossings",     "--variant", "seed-3x3",
                                      "--dir", tables.string(), "--side",    "both"};
  auto play_seed = [&](const std::string& position, const std::string& script) {
    std::vector<std::string> args = seed;
    args.insert(args.end(), {"--position", position});
    return run_rtb(args, script);
  };
  // Three ranks of squares and the four corners between them; black's a1
  // onto the corner a1+.
  const Outcome start = play_seed("start", "a1a1+\nquit\n");
  ASSERT_EQ(start.exit_code, 0) << start.err;
  EXPECT_TRUE(has(start.out,
                  "      a   b   c\n"
                  "    +---+---+---+\n"
                  "  3 | w | w | w | 3\n"
                  "    +---.---.---+\n"
                  "  2 | . | . | . | 2\n"
                  "    +---.---.---+\n"
                  "  1 | b | b | b | 1\n"
                  "    +---+---+---+\n"
                  "      a   b   c\n"
                  "pieces:  b 3  w 3   reserve: black 0, white 0\n"))
      << start.out;
  EXPECT_TRUE(has(start.out, "  2 | . | . | . | 2\n    +---b---.---+\n  1 | . | b | b | 1\n")) << start.out;
  // A game found with a strength-0 computer: black's c1b1+ puts a piece on
  // the corner b1+, whose squares b2 and c2 hold white pieces: those go.
  const Outcome later = play_seed("start", "a1a1+\na3b2\n2c1b1\nb2c2\n2a1b1\nc3b2\nc1b1+/cb1+\nrecord\nquit\n");
  ASSERT_EQ(later.exit_code, 0) << later.err;
  EXPECT_TRUE(has(later.out,
                  "> c1b1+/cb1+\nyou play c1b1+/cb1+  (WIN in 5)  ? an inaccuracy: the position was WIN in 1\n"
                  "removed to the reserve: white's pieces on b2, c2, 1 piece left on the board\n"))
      << later.out;
  EXPECT_TRUE(std::regex_search(later.out, std::regex("reserve: black [0-3], white 2\n"))) << later.out;
  EXPECT_TRUE(
      has(later.out,
          "as one line: crossings seed-3x3 | www/../.../../bbb b | a1a1+ a3b2 2c1b1 b2c2 2a1b1 c3b2 c1b1+/cb1+\n"))
      << later.out;
}

// ---- on a terminal, in tmux ----

class Tmux {
 public:
  // A server of its own: one socket a Tmux. (One a process let a test that
  // starts a second session right after killing the first reach the dying
  // server, which refused the new session: a full test run failed so.)
  Tmux() : socket_("rtb-play-test-" + std::to_string(::getpid()) + "-" + std::to_string(next_server()++)) {}
  ~Tmux() { run("kill-server"); }
  static bool available() { return std::system("command -v tmux >/dev/null 2>&1") == 0; }
  static int& next_server() {
    static int n = 0;
    return n;
  }
  int run(const std::string& args) const {
    return std::system(
        ("tmux -L " + socket_ + " " + args + " >/dev/null 2>" + rtb_test::quoted((scratch_.path() / "error").string()))
            .c_str());
  }
  // What tmux said on its error output for the last command.
  std::string error() const { return rtb_test::slurp(scratch_.path() / "error"); }
  // A session "play" of 100 x 50 running `command`.
  bool start(const std::string& command) const {
    return run("new-session -d -s play -x 100 -y 50 " + rtb_test::quoted(command)) == 0;
  }
  std::string screen(bool with_colour = false) const {
    const std::filesystem::path file = scratch_.path() / "screen";
    std::system(("tmux -L " + socket_ + " capture-pane -p " + (with_colour ? "-e " : "") + "-t play > " +
                 rtb_test::quoted(file.string()))
                    .c_str());
    return rtb_test::slurp(file);
  }
  // Waits (at most 20 s) until the screen shows `text`.
  bool wait_for(const std::string& text) const {
    for (int i = 0; i < 200; ++i) {
      if (screen().find(text) != std::string::npos) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
  }

 private:
  std::string socket_;
  rtb_test::ScratchDir scratch_{"tmux"};
};

TEST(RtbPlayTmux, PlaysAFewMovesOfPangkiOnATerminal) {
  if (!Tmux::available())
    GTEST_SKIP() << "tmux is not installed (scripts/setup.sh installs it): the terminal test did not run";
  const std::string d = dir();
  Tmux tmux;
  const std::string command = rtb_test::quoted(RTB_BINARY) + " play pangki --dir " + rtb_test::quoted(d);
  ASSERT_TRUE(tmux.start("env -u NO_COLOR " + command)) << tmux.error();
  ASSERT_TRUE(tmux.wait_for("best first:")) << tmux.screen();  // (capture-pane drops the prompt's trailing space)
  EXPECT_NE(tmux.screen().find("black to move (you)   value: DRAW"), std::string::npos) << tmux.screen();
  // On a terminal: colour, and no echo of what was typed (the terminal shows it).
  EXPECT_NE(tmux.screen(true).find("\033["), std::string::npos) << "no colour on a terminal";
  tmux.run("send-keys -t play a2b2 Enter");
  ASSERT_TRUE(tmux.wait_for("computer (white) plays")) << tmux.screen();
  const std::string after_reply = tmux.screen();
  EXPECT_NE(after_reply.find("> a2b2\nyou play a2b2  (DRAW)\n"), std::string::npos) << after_reply;
  EXPECT_NE(after_reply.find("  2  .  b  .  b  2"), std::string::npos) << after_reply;
  tmux.run("send-keys -t play hint Enter");
  ASSERT_TRUE(tmux.wait_for("hint: ")) << tmux.screen();
  tmux.run("send-keys -t play undo Enter");
  ASSERT_TRUE(tmux.wait_for("took back 2 moves")) << tmux.screen();
  const std::string undone = tmux.screen();
  EXPECT_NE(undone.substr(undone.find("took back")).find("  2  b  .  .  b  2"), std::string::npos) << undone;
  tmux.run("send-keys -t play quit Enter");
  // The program ends, and with it the session.
  bool ended = false;
  for (int i = 0; i < 100 && !ended; ++i) {
    ended = tmux.run("has-session -t play") != 0;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_TRUE(ended) << tmux.screen();
}

TEST(RtbPlayTmux, NoColorAndTheOptionTurnColourOffOnATerminal) {
  if (!Tmux::available())
    GTEST_SKIP() << "tmux is not installed (scripts/setup.sh installs it): the terminal test did not run";
  const std::string command = rtb_test::quoted(RTB_BINARY) + " play pangki --dir " + rtb_test::quoted(dir());
  for (const std::string& run : {"env NO_COLOR=1 " + command, "env -u NO_COLOR " + command + " --no-color"}) {
    SCOPED_TRACE(run);
    Tmux tmux;
    ASSERT_TRUE(tmux.start(run)) << tmux.error();
    ASSERT_TRUE(tmux.wait_for("best first:")) << tmux.screen();
    EXPECT_EQ(tmux.screen(true).find("\033["), std::string::npos) << "colour despite NO_COLOR or --no-color";
    tmux.run("send-keys -t play quit Enter");
  }
}

}  // namespace
