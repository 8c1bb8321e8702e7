// rtb: solve small board games by retrograde analysis and probe the results.
#include <cstring>
#include <iostream>
#include <map>
#include <string>

#include "solver/openmp_wait.hpp"
#include "tablebases/tier_file.hpp"
#include "tools/cli.hpp"

namespace {

struct Command {
  int (*run)(int, char**);
  const char* summary;
};

const std::map<std::string, Command>& commands() {
  using namespace rtb::cli;
  static const std::map<std::string, Command> table{
      {"games", {run_games, "the games, their tiers and sizes"}},
      {"perft", {run_perft, "count the leaves of the move tree to a depth"}},
      {"generate", {run_generate, "solve a game and write its tablebases"}},
      {"stats", {run_stats, "WIN/LOSS/DRAW counts and longest wins per tier"}},
      {"query", {run_query, "the value, the moves and the best move of a position"}},
      {"verify", {run_verify, "check every file and prove every value from its successors"}},
      {"play", {run_play, "play against perfect play in the terminal"}},
      {"serve", {run_serve, "a local web explorer of the tablebases, and its JSON API"}},
  };
  return table;
}

void print_overview(std::ostream& out) {
  out << "usage: rtb COMMAND [options]   (rtb COMMAND --help for its options)\n\ncommands:\n";
  for (const auto& [name, command] : commands()) out << "  " << name << std::string(10 - name.size(), ' ') << command.summary << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  rtb::use_passive_openmp_wait(argv);
  if (argc < 2) {
    print_overview(std::cerr);
    return 2;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    print_overview(std::cout);
    return 0;
  }
  const auto it = commands().find(name);
  if (it == commands().end()) {
    std::cerr << "rtb: unknown command '" << name << "'\n";
    print_overview(std::cerr);
    return 2;
  }
  try {
    return it->second.run(argc - 1, argv + 1);
  } catch (const rtb::cli::UsageError& e) {
    std::cerr << "rtb " << name << ": " << e.what() << "\n(see rtb " << name << " --help)\n";
    return 2;
  } catch (const std::invalid_argument& e) {  // bad position text and the like
    std::cerr << "rtb " << name << ": " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "rtb " << name << ": " << e.what() << "\n";
    return 1;
  }
}
