// `rtb play` as a user meets it: a script of moves and commands piped in
// (stdin not a terminal), and the same game on a real terminal in tmux. The
// values it shows and the moves the computer picks are checked against
// `rtb query --json` for the same positions.
#include <nlohmann/json.hpp>
#include <regex>

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

// The rule play_session.hpp documents for a drawn position read from the
// tablebases: the drawing move that leaves the most losing replies, the first
// listed on a tie.
std::string trap_draw(const json& r, const std::string& game = "pangki", const std::string& variant = "default") {
  std::string best;
  int most = -1;
  for (const json& m : r["moves"]) {
    if (m["value"] != "DRAW") break;
    int traps = 0;
    const json replies = query(game, m["position"], variant);  // kept: a range-for would not keep the temporary
    for (const json& reply : replies["moves"]) traps += reply["value"] == "LOSS";
    if (traps > most) best = m["move"], most = traps;
  }
  return best;
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
  EXPECT_TRUE(has(out, "> hint\nhint: " + trap_draw(start) + "  DRAW\n")) << out;
  EXPECT_TRUE(has(out, "> a2b2\nyou play a2b2  (DRAW)\n")) << out;
  const json after = query("pangki", start["moves"][0]["position"]);
  ASSERT_EQ(start["moves"][0]["move"], "a2b2");
  const std::string reply = trap_draw(after);
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

TEST(RtbPlay, AmongDrawsTheComputerLeavesTheMostLosingReplies) {
  // White draws with a4a3 (listed first; 3 of black's replies lose) or with
  // b4b3 (5 lose): the computer plays b4b3.
  const std::string position = "wwww/..b./bw../bbbb w";
  const json r = query("pangki", position);
  ASSERT_EQ(r["best"], "a4a3");
  ASSERT_EQ(trap_draw(r), "b4b3");
  const Outcome played = play({"--position", position, "--side", "b"}, "quit\n");
  ASSERT_EQ(played.exit_code, 0) << played.err;
  EXPECT_TRUE(has(played.out, "computer (white) plays b4b3  (DRAW)\n")) << played.out;
  EXPECT_TRUE(has(played.out, "black to move (you)")) << played.out;
  // From the start, as black.
  const Outcome start = play({"--side", "w"}, "quit\n");
  ASSERT_EQ(start.exit_code, 0) << start.err;
  EXPECT_TRUE(has(start.out, "computer (black) plays " + trap_draw(query("pangki", "start")) + "  (DRAW)\n"))
      << start.out;
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

TEST(RtbPlay, GameOverIsSaid) {
  // Bagh-Chal 3x3: the tigers have made their capture; the goats have lost.
  const Outcome r =
      run_rtb({"play", "bagh-chal", "--variant", "3x3", "--position", "T.T/.G./T.T g 2", "--dir", dir()}, "b2\nquit\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "goats to move (you)   value: LOSS in 0  -- game over: goats has lost\n")) << r.out;
  EXPECT_TRUE(has(r.out, "> b2\nthe game is over: undo, or quit\n")) << r.out;
  // The alquerque lines are drawn between the points.
  EXPECT_TRUE(has(r.out, "  3  T---.---T  3\n     | \\ | / |\n  2  .---G---.  2\n     | / | \\ |\n  1  T---.---T  1\n"))
      << r.out;
  EXPECT_TRUE(has(r.out, "in hand 2   captured 1")) << r.out;
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
  EXPECT_TRUE(has(r.out, "computer (white) plays " + trap_draw(after, "crossings", "4x4") + "  (DRAW)\n")) << r.out;

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
  EXPECT_TRUE(has(won.out, "computer (black) plays a3a4  (WIN in 1)\n")) << won.out;
  EXPECT_TRUE(has(won.out, "  4  B  .  .  .  4\n")) << won.out;
  EXPECT_TRUE(has(won.out, "white to move (you)   value: LOSS in 0  -- game over: white has lost\n")) << won.out;
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
  EXPECT_TRUE(has(win.out, "computer (black) plays d6c7  (WIN in 3)\n")) << win.out;
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
      "e1\ne1xa5\nquit\n");
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
  EXPECT_TRUE(has(r.out, "pieces:  b 2  w 2   in hand: white 4, black 4   captured: white 0, black 0\n")) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("'e1' is neither a legal move .*legal moves: e1xa5 e1xe5 ")))
      << r.out;
  EXPECT_TRUE(has(r.out, "> e1xa5\nyou play e1xa5  (")) << r.out;
  // Black has lost a stone and placed one.
  EXPECT_TRUE(has(r.out, "   in hand: white 3, black 3   captured: white 0, black 1\n")) << r.out;
  // Before the first placement the board holds no stone.
  const Outcome start = run_rtb({"play", "morris", "--variant", "six", "--dir", tables.string()}, "quit\n");
  ASSERT_EQ(start.exit_code, 0) << start.err;
  EXPECT_TRUE(has(start.out, "pieces:  none   in hand: white 6, black 6   captured: white 0, black 0\n")) << start.out;
}

// ---- on a terminal, in tmux ----

class Tmux {
 public:
  Tmux() : socket_("rtb-play-test-" + std::to_string(::getpid())) {}
  ~Tmux() { run("kill-server"); }
  static bool available() { return std::system("command -v tmux >/dev/null 2>&1") == 0; }
  int run(const std::string& args) const {
    return std::system(("tmux -L " + socket_ + " " + args + " >/dev/null 2>&1").c_str());
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
  ASSERT_EQ(tmux.run("new-session -d -s play -x 100 -y 50 " + rtb_test::quoted("env -u NO_COLOR " + command)), 0);
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
    ASSERT_EQ(tmux.run("new-session -d -s play -x 100 -y 50 " + rtb_test::quoted(run)), 0);
    ASSERT_TRUE(tmux.wait_for("best first:")) << tmux.screen();
    EXPECT_EQ(tmux.screen(true).find("\033["), std::string::npos) << "colour despite NO_COLOR or --no-color";
    tmux.run("send-keys -t play quit Enter");
  }
}

}  // namespace
