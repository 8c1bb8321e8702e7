// rtb play GAME: play against perfect play in the terminal (apps/rtb/play/play_session.hpp).
//
// Reads a move or a command a line: on a terminal with line editing and
// history (apps/rtb/play/line_reader.hpp); from a pipe, so that a script of
// moves can be fed in, plain lines, each echoed after the prompt so that the
// output reads as a transcript of the game.
#include <unistd.h>

#include <climits>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <random>

#include "apps/rtb/cli.hpp"
#include "apps/rtb/play/line_reader.hpp"
#include "apps/rtb/play/play_session.hpp"
#include "service/parameter_checks.hpp"

namespace rtb::cli {

namespace {

// Colour only on a terminal that shows it: never when NO_COLOR
// (no-color.org) is set, nor on TERM=dumb (issue 52: a dumb terminal got the
// escape codes as text).
bool use_color(bool no_color_option) {
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  const bool dumb = term && std::string(term) == "dumb";
  return !no_color_option && !(no_color && *no_color) && !dumb && ::isatty(STDOUT_FILENO);
}

}  // namespace

int run_play(int argc, char** argv) {
  GameChoice choice;
  DirOption dirs;
  std::string position = "start";
  PlayOptions options;
  bool no_color = false, no_rule = false;
  SearchLimits limits;
  limits.nodes = 10'000'000;
  limits.seconds = 10;
  // Read signed, so that a negative number is seen rather than wrapped
  // round to 2^64 - 1 (issue 28).
  long long nodes = static_cast<long long>(limits.nodes), strength = 100;
  // Unset unless given: -1 once stood for "not given", so --seed -1 was
  // taken as no seed (issue 53, item 7).
  std::optional<long long> seed;
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, dirs);
  o.add_options()("position", po::value(&position)->default_value(position)->value_name("P"),
                  "the position to start from")(
      "side", po::value(&options.side)->value_name("S"),
      "the side you play: its letter or name (b/black, w/white, g/goats, t/tigers), or both "
      "(default: the side to move)")("seconds",
                                     po::value(&limits.seconds)->default_value(limits.seconds)->value_name("S"),
                                     "search time limit a move, where no tablebase covers the position (0: none)")(
      "nodes", po::value(&nodes)->default_value(nodes)->value_name("N"), "search budget a move, in positions")(
      "strength", po::value(&strength)->default_value(strength)->value_name("0..100"),
      "how well the computer plays: 100 always a best move; below, a weaker one in (100 - strength)% of its moves")(
      "seed", po::value<long long>()->value_name("N")->notifier([&seed](long long n) { seed = n; }),
      "seed of the computer's choice among equal moves, to replay a game (default: a new one each run)")(
      "no-color", po::bool_switch(&no_color),
      "no colours (also when NO_COLOR is set, TERM is dumb or stdout is not a terminal)")(
      "no-repetition-rule", po::bool_switch(&no_rule),
      "bagh-chal: allow moves back to a position of the game (for analysis; the values never model the rule)");
  if (!parse_command(argc, argv,
                     "rtb play GAME [--variant V] [--position P] [--side S] [--dir DIR] [--seconds S] [--nodes N]\n"
                     "              [--strength 0..100] [--seed N] [--no-color] [--no-repetition-rule]\n"
                     "Play against perfect play; type help for the commands, and rules for the rules of the game\n"
                     "and variant and how its moves are written.",
                     o, {{"game", &choice.name}}))
    return 0;
  const std::filesystem::path dir = dirs.for_reading(choice, "play");
  check_range("nodes", nodes, 1, LLONG_MAX);
  limits.nodes = static_cast<std::uint64_t>(nodes);
  check_search_seconds(limits.seconds, true);
  check_range("strength", strength, 0, 100);
  options.strength = static_cast<int>(strength);
  if (seed) check_range("seed", *seed, 0, LLONG_MAX);
  options.seed = seed ? static_cast<std::uint64_t>(*seed) : std::random_device{}();
  options.color = use_color(no_color);
  options.repetition_rule = !no_rule;

  QuerySession session(choice, dir, limits);
  std::optional<PlaySession> game;
  try {
    game.emplace(session, position, options, std::cout);
    game->begin();
  } catch (const MissingTables& e) {
    // One line: what is missing and the command that makes it.
    if (!std::filesystem::is_directory(dir))
      throw std::runtime_error("there is no tablebase directory '" + dir.string() +
                               "'; generate the tablebases with: " + e.generate);
    throw;
  }
  const bool terminal = ::isatty(STDIN_FILENO) && ::isatty(STDOUT_FILENO);
  const std::unique_ptr<LineReader> reader = terminal ? terminal_reader() : plain_reader(std::cin, std::cout);
  for (;;) {
    try {
      reader->set_completions(game->completions());
    } catch (const std::exception&) {  // a missing file: nothing to complete from, the game goes on
    }
    std::cout << std::flush;
    const std::optional<std::string> line = reader->read("> ");
    if (!line) break;
    try {
      if (!game->handle(*line)) break;
    } catch (const std::exception& e) {  // a missing file deeper in the game: say so, keep the game
      std::cerr << "rtb play: " << e.what() << "\n";
    }
  }
  return 0;
}

}  // namespace rtb::cli
