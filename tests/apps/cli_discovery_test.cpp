// Finding one's way in the `rtb` program (issue 27): "did you mean" for a
// mistyped command, game, variant or option; game and variant names without
// case; `rtb games GAME`; --variant's help in a few lines; the bash
// completion and the manual page the program writes about itself.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "games/variant_summary.hpp"
#include "tests/support/run_rtb.hpp"
#include "tests/support/scratch_dir.hpp"
#include "text/nearest_names.hpp"

namespace {

using nlohmann::json;
using rtb_test::Outcome;
using rtb_test::run_rtb;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(NearestNames, FindsTyposSwapsAndStartsButNotStrangers) {
  const std::vector<std::string> games{"pangki", "cinc-camins", "bagh-chal", "crossings", "morris"};
  EXPECT_EQ(rtb::nearest_names("crosings", games), std::vector<std::string>{"crossings"});
  EXPECT_EQ(rtb::nearest_names("pnagki", games), std::vector<std::string>{"pangki"});  // a swap is one edit
  EXPECT_EQ(rtb::nearest_names("MORIS", games), std::vector<std::string>{"morris"});
  EXPECT_EQ(rtb::nearest_names("bagh", games), std::vector<std::string>{"bagh-chal"});  // the start of a name
  EXPECT_TRUE(rtb::nearest_names("chess", games).empty());
  EXPECT_EQ(rtb::did_you_mean("chess", games), "");
  EXPECT_EQ(rtb::did_you_mean("--jsn", {"--json", "--dir"}), " (did you mean '--json'?)");
}

TEST(VariantSummary, SaysARectangleOfBoardSizesOnce) {
  std::vector<std::string> variants{"default"};
  for (int c = 3; c <= 8; ++c)
    for (int r = 3; r <= 8; ++r)
      if (c != 8 || r != 8) variants.push_back(std::to_string(c) + "x" + std::to_string(r));
  variants.push_back("seed");
  EXPECT_EQ(rtb::variant_summary(variants), "default, CxR (C, R 3-8; not 8x8), seed");
  EXPECT_EQ(rtb::variant_summary({"default", "4x4", "3x3", "nodiag"}), "default, 4x4, 3x3, nodiag");
}

TEST(Discovery, MistypedNamesGetASuggestionAndExitTwo) {
  const Outcome command = run_rtb({"genrate", "pangki"});
  EXPECT_EQ(command.exit_code, 2);
  EXPECT_TRUE(has(command.err, "did you mean 'generate'?")) << command.err;
  const Outcome game = run_rtb({"games", "crosings"});
  EXPECT_EQ(game.exit_code, 2);
  EXPECT_TRUE(has(game.err, "did you mean 'crossings'?")) << game.err;
  const Outcome variant = run_rtb({"games", "crossings", "--variant", "5z5"});
  EXPECT_EQ(variant.exit_code, 2);
  EXPECT_TRUE(has(variant.err, "did you mean '5x5'")) << variant.err;
  const Outcome option = run_rtb({"games", "--jsn"});
  EXPECT_EQ(option.exit_code, 2);
  EXPECT_TRUE(has(option.err, "did you mean '--json'?")) << option.err;
}

TEST(Discovery, GameAndVariantNamesIgnoreCase) {
  const Outcome lower = run_rtb({"perft", "crossings", "start", "2", "--variant", "4x4"});
  const Outcome upper = run_rtb({"perft", "Crossings", "start", "2", "--variant", "4X4"});
  ASSERT_EQ(lower.exit_code, 0) << lower.err;
  EXPECT_EQ(upper.exit_code, 0) << upper.err;
  EXPECT_EQ(upper.out, lower.out);
  // The files are the game's own spelling: a query in capitals finds them.
  rtb_test::ScratchDir scratch("discovery");
  const std::string dir = (scratch.path() / "tb").string();
  ASSERT_EQ(run_rtb({"generate", "PANGKI", "--max-pieces", "2", "--dir", dir, "--quiet"}).exit_code, 0);
  EXPECT_TRUE(std::filesystem::is_directory(scratch.path() / "tb" / "pangki-default"));
  const Outcome query = run_rtb({"query", "Pangki", "ww../..../..../..bb w", "--dir", dir, "--json"});
  ASSERT_EQ(query.exit_code, 0) << query.err;
  EXPECT_EQ(json::parse(query.out)["game"], "pangki");
}

TEST(Discovery, GamesShowsOneGameOrVariant) {
  const Outcome all = run_rtb({"games", "--json"});
  ASSERT_EQ(all.exit_code, 0);
  EXPECT_GT(json::parse(all.out)["games"].size(), 4u);
  const Outcome one = run_rtb({"games", "crossings", "--variant", "4x4", "--json"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const json games = json::parse(one.out)["games"];
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0]["game"], "crossings");
  EXPECT_EQ(games[0]["variant"], "4x4");
  EXPECT_EQ(games[0]["tiers"].size(), 16u);
  const Outcome text = run_rtb({"games", "pangki"});
  EXPECT_TRUE(has(text.out, "pangki")) << text.out;
  EXPECT_FALSE(has(text.out, "crossings")) << text.out;
  EXPECT_EQ(run_rtb({"games", "--variant", "5x5"}).exit_code, 2);  // a variant of what?
}

// The first command a newcomer types (issue 52: it counted Nine Men's
// Morris's 546 tiers, 5 CPU-s and 200 MB): every game and its variants,
// no tier counted. CPU time, not the clock: the machine may be busy.
TEST(Discovery, GamesWithoutAGameListsEveryGameAtOnce) {
  rusage before{};
  ::getrusage(RUSAGE_CHILDREN, &before);
  const Outcome all = run_rtb({"games"});
  rusage after{};
  ::getrusage(RUSAGE_CHILDREN, &after);
  ASSERT_EQ(all.exit_code, 0) << all.err;
  const auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
  const double cpu =
      seconds(after.ru_utime) - seconds(before.ru_utime) + seconds(after.ru_stime) - seconds(before.ru_stime);
  EXPECT_LT(cpu, 1.0) << "rtb games took " << cpu << " CPU-s";
  const json listed = json::parse(run_rtb({"games", "--json"}).out)["games"];
  ASSERT_GT(listed.size(), 4u);
  for (const json& game : listed) {
    const std::string name = game["game"];
    EXPECT_TRUE(has(all.out, name + ": " + game["description"].get<std::string>() + "\n")) << name << "\n" << all.out;
    EXPECT_TRUE(
        has(all.out, "  variants: " + rtb::variant_summary(game["variants"].get<std::vector<std::string>>()) + "\n"))
        << name;
    EXPECT_TRUE(has(all.out, "): " + game["start"].get<std::string>() + "\n")) << name;
  }
  EXPECT_TRUE(has(all.out, "rtb games GAME")) << all.out;
  // Named, a game still shows its tiers.
  EXPECT_TRUE(has(run_rtb({"games", "morris", "--variant", "six"}).out, "tier m3-3")) << "six's tiers";
}

TEST(Discovery, VariantHelpIsAFewLinesNotAWall) {
  const Outcome help = run_rtb({"generate", "--help"});
  ASSERT_EQ(help.exit_code, 0);
  EXPECT_TRUE(has(help.out, "CxR (C, R 3-8; not 8x8)")) << help.out;
  EXPECT_FALSE(has(help.out, "seed-7x6")) << help.out;
  const std::size_t from = help.out.find("--variant"), to = help.out.find("--dir DIR", from);
  ASSERT_LT(from, to);
  EXPECT_LE(std::count(help.out.begin() + from, help.out.begin() + to, '\n'), 8) << help.out.substr(from, to - from);
}

// RTB_PATH and --dir given more than once: the directories are searched in
// order for each game's folder, and a query that finds none says where it
// looked (issue 27).
TEST(Discovery, TablebasePathSearchesEveryDirectoryInOrder) {
  rtb_test::ScratchDir scratch("tablebase-path");
  const std::string a = (scratch.path() / "a").string(), b = (scratch.path() / "b").string();
  ASSERT_EQ(run_rtb({"generate", "pangki", "--max-pieces", "2", "--dir", a, "--quiet"}).exit_code, 0);
  ASSERT_EQ(run_rtb({"generate", "blockade", "--dir", b, "--quiet"}).exit_code, 0);
  const std::string pangki = "ww../..../..../..bb w";
  for (const std::string& path : {a + ":" + b, b + ":" + a}) {
    rtb_test::Launch p({"query", "pangki", pangki, "--json"}), q({"query", "blockade", "start", "--json"});
    p.env = q.env = {{"RTB_PATH", path}};
    const Outcome in_a = run_rtb(p), in_b = run_rtb(q);
    EXPECT_EQ(in_a.exit_code, 0) << path << ": " << in_a.err;
    EXPECT_EQ(in_b.exit_code, 0) << path << ": " << in_b.err;
    EXPECT_EQ(json::parse(in_b.out)["source"], "tablebase");
  }
  EXPECT_EQ(run_rtb({"query", "blockade", "start", "--dir", a, "--dir", b}).exit_code, 0);
  // --dir wins over RTB_PATH; neither directory holds blockade: both named.
  rtb_test::Launch nowhere({"query", "blockade", "start", "--dir", a, "--dir", a + "/none"});
  nowhere.env = {{"RTB_PATH", b}};
  const Outcome missing = run_rtb(nowhere);
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_TRUE(has(missing.err, "no blockade-default folder in " + a + ", " + a + "/none; reading " + a)) << missing.err;
  // generate writes into the first directory.
  rtb_test::Launch gen({"generate", "blockade", "--quiet"});
  gen.env = {{"RTB_PATH", a + ":" + b}};
  ASSERT_EQ(run_rtb(gen).exit_code, 0);
  EXPECT_TRUE(std::filesystem::is_directory(scratch.path() / "a" / "blockade-default"));
}

// Runs the completion function as bash would for the words typed so far
// (the last one being completed) and returns its offers, one a line.
std::string complete(const std::string& script, const std::string& typed) {
  rtb_test::ScratchDir scratch("completion");
  const auto path = scratch.path() / "rtb.bash", out = scratch.path() / "out";
  std::ofstream(path) << script << "\nread -ra COMP_WORDS <<< \"" << typed << "\"\n"
                      << (typed.ends_with(' ') ? "COMP_WORDS+=(\"\")\n" : "")
                      << "COMP_CWORD=$((${#COMP_WORDS[@]} - 1))\n_rtb\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
  const std::string command = "bash --norc --noprofile " + path.string() + " > " + out.string();
  EXPECT_EQ(std::system(command.c_str()), 0);
  std::ifstream in(out);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(Discovery, BashCompletionOffersCommandsGamesVariantsAndOptions) {
  const Outcome script = run_rtb({"completion", "bash"});
  ASSERT_EQ(script.exit_code, 0) << script.err;
  EXPECT_EQ(complete(script.out, "rtb gen"), "generate\n");
  EXPECT_EQ(complete(script.out, "rtb query cr"), "crossings\n");
  EXPECT_EQ(complete(script.out, "rtb query crossings --variant seed-5x"),
            "seed-5x3\nseed-5x4\nseed-5x5\nseed-5x6\nseed-5x7\nseed-5x8\n");
  EXPECT_EQ(complete(script.out, "rtb generate morris --thr"), "--threads\n");
  EXPECT_TRUE(has(complete(script.out, "rtb serve --"), "--port\n"));
  const Outcome tcsh = run_rtb({"completion", "tcsh"});
  EXPECT_EQ(tcsh.exit_code, 2);
  EXPECT_TRUE(has(tcsh.err, "bash, zsh and fish")) << tcsh.err;
}

// The offers of a shell's completion script for the words typed so far, one
// a line: `shell` runs `body` after the script is sourced, with TYPED set.
std::string shell_offers(const std::string& shell, const std::string& script, const std::string& body,
                         const std::string& typed) {
  rtb_test::ScratchDir scratch(shell.substr(0, shell.find(' ')) + "_completion");
  const auto path = scratch.path() / "rtb.completion", test = scratch.path() / "test", out = scratch.path() / "out";
  std::ofstream(path) << script;
  std::ofstream(test) << body;
  const std::string command = shell + " " + test.string() + " " + path.string() + " '" + typed + "' > " + out.string();
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  std::ifstream in(out);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

bool installed(const std::string& program) {
  return std::system(("command -v " + program + " > /dev/null 2>&1").c_str()) == 0;
}

TEST(Discovery, FishCompletionOffersCommandsGamesVariantsAndOptions) {
  // Issue 52: zsh and fish completion. fish completes a command line itself
  // (complete -C), as it does when Tab is pressed.
  if (!installed("fish")) GTEST_SKIP() << "fish is not installed (scripts/setup.sh installs it)";
  const Outcome script = run_rtb({"completion", "fish"});
  ASSERT_EQ(script.exit_code, 0) << script.err;
  const std::string body = "source $argv[1]; complete -C $argv[2]\n";
  const auto offers = [&](const std::string& typed) {
    return shell_offers("fish --no-config", script.out, body, typed);
  };
  EXPECT_EQ(offers("rtb gen"), "generate\n");
  EXPECT_EQ(offers("rtb query cr"), "crossings\n");
  EXPECT_EQ(offers("rtb query crossings --variant seed-5x"),
            "seed-5x3\nseed-5x4\nseed-5x5\nseed-5x6\nseed-5x7\nseed-5x8\n");
  EXPECT_EQ(offers("rtb generate morris --thr"), "--threads\n");
  EXPECT_TRUE(has(offers("rtb serve --"), "--port\n"));
  EXPECT_EQ(offers("rtb generate pangki --variant ar"), "arrival\n");
}

TEST(Discovery, ZshCompletionOffersWhatBashDoes) {
  // zsh runs the bash function through its bashcompinit; zsh's own matching
  // then keeps the offers that start with the word typed, so the function
  // offers every candidate of the place, not only the matching ones.
  if (!installed("zsh")) GTEST_SKIP() << "zsh is not installed (scripts/setup.sh installs it)";
  const Outcome script = run_rtb({"completion", "zsh"});
  ASSERT_EQ(script.exit_code, 0) << script.err;
  const std::string body =
      "autoload -U +X compinit && compinit -u -D\n"
      "source $1\n"
      "COMP_WORDS=(\"${(@s: :)2}\"); [[ $2 == *' ' ]] && COMP_WORDS+=('')\n"
      "COMP_CWORD=$(( ${#COMP_WORDS} - 1 ))\n"
      "compgen -F _rtb -- \"${COMP_WORDS[-1]}\"\n";
  const auto offers = [&](const std::string& typed) { return shell_offers("zsh -f", script.out, body, typed); };
  const std::string commands = offers("rtb gen");
  EXPECT_TRUE(has(commands, "generate\n") && has(commands, "query\n")) << commands;
  const std::string variants = offers("rtb query crossings --variant seed-5x");
  EXPECT_TRUE(has(variants, "seed-5x3\n") && has(variants, "8x7\n")) << variants;
  EXPECT_FALSE(has(variants, "arrival\n")) << variants;  // Pangki's, not this game's
  const std::string options = offers("rtb generate morris --thr");
  EXPECT_TRUE(has(options, "--threads\n") && has(options, "--max-in-hand\n")) << options;
  EXPECT_FALSE(has(options, "--port\n")) << options;  // serve's
}

TEST(Discovery, EveryHelpNamesItsValuesAndListsHelpAsTheOthers) {
  // Issue 52: play and serve showed Boost's "arg" for a value, and every
  // command "-h [ --help ]".
  const std::regex bare_arg(R"((^|\s)--[a-z-]+ arg\b)");
  for (const char* command :
       {"games", "perft", "generate", "query", "stats", "verify", "play", "serve", "completion"}) {
    const Outcome help = run_rtb({command, "--help"});
    ASSERT_EQ(help.exit_code, 0) << command << ": " << help.err;
    EXPECT_FALSE(std::regex_search(help.out, bare_arg)) << command << ":\n" << help.out;
    EXPECT_FALSE(has(help.out, "[ --help ]")) << command << ":\n" << help.out;
    EXPECT_TRUE(has(help.out, "--help ")) << command << ":\n" << help.out;
    EXPECT_EQ(run_rtb({command, "-h"}).out, help.out) << command;
  }
}

TEST(Discovery, QueryHelpShowsEachGamesMoveTextFromTheGames) {
  // Issue 52: the help knew a2b2 and c3, not Morris's removals nor the seed
  // reading's corners and splits.
  const Outcome help = run_rtb({"query", "--help"});
  ASSERT_EQ(help.exit_code, 0) << help.err;
  EXPECT_TRUE(has(help.out, "  morris      d7 places a stone")) << help.out;
  EXPECT_TRUE(has(help.out, "d7xa1")) << help.out;
  EXPECT_TRUE(has(help.out, "c3+=c3d4")) << help.out;
  EXPECT_TRUE(has(help.out, "b2b2+")) << help.out;
  EXPECT_TRUE(has(help.out, "  bagh-chal   c3 places a goat")) << help.out;
  EXPECT_TRUE(has(help.out, "  pangki      a2b2 moves the piece on a2 to b2")) << help.out;
  // A game without its own words for them: a move of its start.
  EXPECT_TRUE(has(help.out, "  blockade    as the move list writes them, e.g. ")) << help.out;
}

TEST(Discovery, ManualPageNamesEveryCommandAndIsCleanRoff) {
  const Outcome page = run_rtb({"man-page"});
  ASSERT_EQ(page.exit_code, 0) << page.err;
  for (const char* command : {"games", "generate", "perft", "play", "query", "serve", "stats", "verify"})
    EXPECT_TRUE(has(page.out, std::string(".SS ") + command + "\n")) << command;
  EXPECT_TRUE(has(page.out, "\\-\\-threads"));
  // Issue 52: the environment variables and files rtb reads and writes.
  for (const char* section : {".SH ENVIRONMENT\n", ".SH FILES\n"}) EXPECT_TRUE(has(page.out, section)) << section;
  for (const char* name : {"RTB_PATH", "NO_COLOR", "TERM", ".rtb", ".lock"}) EXPECT_TRUE(has(page.out, name)) << name;
  rtb_test::ScratchDir scratch("man");
  std::ofstream(scratch.path() / "rtb.1") << page.out;
  // groff's warnings (-ww) on stderr: none expected.
  const std::string command = "groff -man -Tutf8 -ww -z " + (scratch.path() / "rtb.1").string() + " 2> " +
                              (scratch.path() / "warnings").string();
  if (std::system("command -v groff > /dev/null") != 0) GTEST_SKIP() << "groff is not installed";
  EXPECT_EQ(std::system(command.c_str()), 0);
  std::ifstream warnings(scratch.path() / "warnings");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(warnings), {}), "");
}

}  // namespace
