// Every game and variant explains its rules and its move text, as `rtb play`'s
// rules command and the explorer's rules panel show them (issue 52: "rules and
// notation where one plays, from the game"): the battery over the registry,
// then what a few variants must say, checked by hand against docs/rules.md.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>
#include <string>

#include "games/registry.hpp"
#include "service/game_facts.hpp"

namespace rtb {
namespace {

std::string rules(const std::string& game, const std::string& variant) {
  return with_game({game, variant}, [](const auto& g) { return rules_of(g); });
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(RulesText, EveryVariantSaysItsRulesStartAndMoveNotationInTopicLines) {
  const std::regex topic_line("[A-Z][A-Za-z ]*: \\S[^\\n]*");
  std::size_t checked = 0;
  for (const GameEntry& entry : game_registry()) {
    std::map<std::string, std::string> by_variant;  // as the made game names it: "default" is another's name
    for (const std::string& variant : entry.variants) {
      SCOPED_TRACE(entry.name + " " + variant);
      with_game({entry.name, variant}, [&](const auto& game) {
        const std::string text = rules_of(game);
        ASSERT_FALSE(text.empty());
        ASSERT_EQ(text.back(), '\n');
        std::size_t lines = 0;
        std::string last;
        for (std::size_t at = 0; at < text.size(); at = text.find('\n', at) + 1) {
          last = text.substr(at, text.find('\n', at) - at);
          EXPECT_TRUE(std::regex_match(last, topic_line)) << "not a \"Topic: text\" line: " << last;
          ++lines;
        }
        EXPECT_GE(lines, 4u) << text;
        // The move text as the game writes it, on the last line, and the start.
        EXPECT_EQ(last.rfind("Moves: " + move_notation_of(game), 0), 0u) << text;
        EXPECT_TRUE(has(text, game.format(game.start()))) << text;
        by_variant[game.variant()] = text;
      });
      ++checked;
    }
    // Built from each variant's own rules: no two variants say the same.
    std::set<std::string> distinct;
    for (const auto& [variant, text] : by_variant)
      EXPECT_TRUE(distinct.insert(text).second) << entry.name << " " << variant << " says what another variant says";
  }
  EXPECT_GT(checked, 80u);
}

TEST(RulesText, MorrisVariantsSayTheirBoardFlyingAndFullBoard) {
  const std::string morabaraba = rules("morris", "morabaraba");
  for (const char* part :
       {"four diagonals joining the squares' corners", "a1-b2-c3", "40 links", "20 mills in all", "Stones: 12 a side",
        "Full board: the two full hands fill all 24 points", "is a draw", "pass on a full board",
        "Flying: a side with exactly three stones may", "Closing two mills at once still removes one stone", "d7xa1"})
    EXPECT_TRUE(has(morabaraba, part)) << part << "\n" << morabaraba;
  const std::string nine = rules("morris", "default");
  EXPECT_EQ(nine, rules("morris", "nine"));
  for (const char* part : {"32 links", "16 mills in all", "Stones: 9 a side", ".../.../.../....../.../.../... w 9 9",
                           "the stones on the board wait until both hands are empty"})
    EXPECT_TRUE(has(nine, part)) << part << "\n" << nine;
  EXPECT_FALSE(has(nine, "diagonal")) << nine;
  EXPECT_FALSE(has(nine, "Full board")) << nine;
  EXPECT_FALSE(has(nine, "pass")) << nine;
  const std::string six = rules("morris", "six");
  for (const char* part :
       {"16 points on two squares", "20 links", "8 mills in all", "the links across make no mill", "Flying: none"})
    EXPECT_TRUE(has(six, part)) << part << "\n" << six;
  const std::string seven = rules("morris", "seven");
  for (const char* part : {"a centre point c3", "24 links", "14 mills in all", "of file c and of rank 3"})
    EXPECT_TRUE(has(seven, part)) << part << "\n" << seven;
  EXPECT_TRUE(has(rules("morris", "six-fly"), "Flying: a side with exactly three stones may"));
  const std::string lasker = rules("morris", "lasker");
  for (const char* part : {"Stones: 10 a side", "or to slide one of your stones on the board",
                           "exactly three stones, on the board and in hand together, may"})
    EXPECT_TRUE(has(lasker, part)) << part << "\n" << lasker;
}

TEST(RulesText, CrossingsSaysItsObligationAndTheSeedReadingItsCornersAndLocks) {
  const std::string published = rules("crossings", "default");
  for (const char* part : {"8x8 squares", "16 stones on its 2 home ranks", "Black's (b) on ranks 1-2, moving up",
                           "White's (w) on ranks 7-8, moving down",
                           "Crossing obligation:", "must answer with a move that crosses a stone of its own",
                           "written in capitals (B, W)", "(crossed ones counted) is shorter than the group", "d1d3"})
    EXPECT_TRUE(has(published, part)) << part << "\n" << published;
  const std::string mini = rules("crossings", "5x6");
  for (const char* part : {"5x6 squares, files a-e", "5 stones on its home rank", "White's (w) on rank 6, moving down",
                           "far rank (rank 6 for Black, rank 1 for White)"})
    EXPECT_TRUE(has(mini, part)) << part << "\n" << mini;
  const std::string seed = rules("crossings", "seed-4x4");
  for (const char* part : {"3x3 corners", "with + added: a1+ joins a1, b1, a2 and b2", "guards its four squares",
                           "+ after a square names its corner and = begins the squares that a split fills",
                           "split: with E its empty", "F3 a cross", "which locks every pending piece of both sides",
                           "(locked ones counted)", "square rank 4, the row of corners below it", "c3+=c3d4", "b2b2+"})
    EXPECT_TRUE(has(seed, part)) << part << "\n" << seed;
  EXPECT_FALSE(has(published, "corner")) << published;
}

TEST(RulesText, BaghChalAndTheLineCaptureGamesSayTheirBoards) {
  const std::string five = rules("bagh-chal", "default");
  EXPECT_TRUE(has(five, "The points a1, c1, e1, b2, d2, a3, c3, e3, b4, d4, a5, c5, e5 are also joined")) << five;
  EXPECT_TRUE(has(five, "captured 5 goats")) << five;
  EXPECT_TRUE(has(five, "Repetition: once every goat is placed")) << five;
  // docs/rules.md: on 4x4 the diagonals start from the top, not from a1.
  EXPECT_TRUE(has(rules("bagh-chal", "4x4"), "The points b1, d1, a2, c2, b3, d3, a4, c4 are also joined"));
  EXPECT_TRUE(has(rules("bagh-chal", "3x3-nodiag"), "There are no diagonal lines"));
  EXPECT_TRUE(has(rules("bagh-chal", "3x3"), "4 goats (G)"));
  EXPECT_TRUE(has(rules("bagh-chal", "3x3"), "captured 1 goat;"));
  const std::string pangki = rules("pangki", "default");
  for (const char* part : {"4x4 squares", "6 pieces a side", "with 1 piece or fewer", "bbw. or .wbb captures",
                           "bbbw and wbbw do not", "the square your piece left or the square it reached"})
    EXPECT_TRUE(has(pangki, part)) << part << "\n" << pangki;
  const std::string arrival = rules("cinc-camins", "arrival");
  for (const char* part : {"5x5 squares", "without pieces", "bbw.. or .wbb. captures",
                           "the rank and the file of the square your piece reached", "at most two pieces"})
    EXPECT_TRUE(has(arrival, part)) << part << "\n" << arrival;
}

TEST(RulesText, AGameWithoutTheHookGetsWhatEveryGameSharesItsStartAndMoves) {
  const std::string text = rules("blockade", "default");
  EXPECT_TRUE(has(text, "gives no summary of its own rules")) << text;
  EXPECT_TRUE(has(text, "Start: ooo/o.x/xxx x\n")) << text;
  EXPECT_TRUE(has(text, "Moves: as the move list writes them, e.g. ")) << text;
}

}  // namespace
}  // namespace rtb
