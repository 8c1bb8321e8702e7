// rtb query GAME POSITION: the value of a position and of every move.
//
// A position whose tier has a tablebase file is answered from the files. A
// Bagh-Chal position whose file is missing (a placement tier: only the small
// ones are generated) is searched instead; see tools/query_oracle.hpp.
#include <iostream>

#include "tools/cli.hpp"
#include "tools/query_session.hpp"

namespace rtb::cli {

int run_query(int argc, char** argv) {
  GameChoice choice;
  std::filesystem::path dir;
  std::string position_text;
  bool json = false, line = false;
  SearchLimits limits;
  limits.nodes = 10'000'000;
  limits.seconds = 10;
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, dir);
  o.add_options()("json", po::bool_switch(&json), "print one JSON object")(
      "line", po::bool_switch(&line), "also print the perfect-play line to the end of the game")(
      "nodes", po::value(&limits.nodes)->default_value(limits.nodes),
      "bagh-chal, crossings: search budget in positions, where no tablebase covers the position")(
      "seconds", po::value(&limits.seconds)->default_value(limits.seconds),
      "bagh-chal, crossings: search time limit (0: none, and the search is repeatable)");
  if (!parse_command(argc, argv, "rtb query GAME POSITION|start [--dir DIR] [--json] [--line] [--nodes N] [--seconds S]",
                     o, {{"game", &choice.name}, {"position", &position_text}}))
    return 0;
  if (limits.nodes < 1) throw UsageError("--nodes must be at least 1");
  if (!(limits.seconds >= 0)) throw UsageError("--seconds must not be negative");
  QuerySession session(choice, dir, limits);
  const QueryResult result = session.query(position_text, line);
  if (json)
    std::cout << to_json(result).dump(2) << "\n";
  else
    print_text(std::cout, result);
  return 0;
}

}  // namespace rtb::cli
