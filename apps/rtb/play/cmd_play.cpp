// rtb play GAME: play against perfect play in the terminal (apps/rtb/play/play_session.hpp).
//
// Reads a move or a command a line from stdin, so a script of moves can be
// piped in; then each input line is echoed after the prompt and the output
// reads as a transcript of the game.
#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include "apps/rtb/cli.hpp"
#include "apps/rtb/play/play_session.hpp"

namespace rtb::cli {

namespace {

// Colour only on a terminal, and never when NO_COLOR (no-color.org) is set.
bool use_color(bool no_color_option) {
  const char* no_color = std::getenv("NO_COLOR");
  return !no_color_option && !(no_color && *no_color) && ::isatty(STDOUT_FILENO);
}

}  // namespace

int run_play(int argc, char** argv) {
  GameChoice choice;
  std::filesystem::path dir;
  std::string position = "start";
  PlayOptions options;
  bool no_color = false;
  SearchLimits limits;
  limits.nodes = 10'000'000;
  limits.seconds = 10;
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, dir);
  o.add_options()("position", po::value(&position)->default_value(position), "the position to start from")(
      "side", po::value(&options.side),
      "the side you play: its letter or name (b/black, w/white, g/goats, t/tigers), or both "
      "(default: the side to move)")("seconds", po::value(&limits.seconds)->default_value(limits.seconds),
                                     "search time limit a move, where no tablebase covers the position (0: none)")(
      "nodes", po::value(&limits.nodes)->default_value(limits.nodes), "search budget a move, in positions")(
      "no-color", po::bool_switch(&no_color), "no colours (also when NO_COLOR is set or stdout is not a terminal)");
  if (!parse_command(argc, argv,
                     "rtb play GAME [--variant V] [--position P] [--side S] [--dir DIR] [--seconds S] [--no-color]\n"
                     "Play against perfect play; type help for the commands.",
                     o, {{"game", &choice.name}}))
    return 0;
  if (limits.nodes < 1) throw UsageError("--nodes must be at least 1");
  if (!(limits.seconds >= 0)) throw UsageError("--seconds must not be negative");
  options.color = use_color(no_color);

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
  const bool echo = !::isatty(STDIN_FILENO);
  for (std::string line;;) {
    std::cout << "> " << std::flush;
    if (!std::getline(std::cin, line)) {
      std::cout << "\n";
      break;
    }
    if (echo) std::cout << line << "\n";
    try {
      if (!game->handle(line)) break;
    } catch (const std::exception& e) {  // a missing file deeper in the game: say so, keep the game
      std::cerr << "rtb play: " << e.what() << "\n";
    }
  }
  return 0;
}

}  // namespace rtb::cli
