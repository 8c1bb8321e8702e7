// rtb perft GAME POSITION DEPTH: leaf counts of the move tree.
#include <iostream>
#include <nlohmann/json.hpp>

#include "apps/rtb/cli.hpp"
#include "games/kit/perft.hpp"

namespace rtb::cli {

// perft recurses once a ply: far deeper than any count that could finish, a
// depth would only overflow the stack.
constexpr int kMaxPerftDepth = 64;

int run_perft(int argc, char** argv) {
  GameChoice choice;
  std::string position_text, depth_text;
  bool divide = false, json = false;
  // A negative depth looks like an option to the parser ("unrecognised
  // option '-1'", issue 52): said as the depth it is meant to be.
  for (int i = 1; i < argc; ++i)
    if (argv[i][0] == '-' && argv[i][1] >= '0' && argv[i][1] <= '9')
      throw UsageError("DEPTH must be a whole number >= 0, not '" + std::string(argv[i]) + "'");
  po::options_description o("options");
  add_game_options(o, choice);
  o.add_options()("divide", po::bool_switch(&divide), "print the count below each first move")(
      "json", po::bool_switch(&json), "print one JSON object (docs/usage.md#json-output)");
  if (!parse_command(argc, argv, "rtb perft GAME POSITION|start DEPTH [--divide] [--json]", o,
                     {{"game", &choice.name}, {"position", &position_text}, {"depth", &depth_text}},
                     "rtb perft pangki start 8 --divide"))
    return 0;
  int depth = 0;
  try {
    std::size_t used = 0;
    depth = std::stoi(depth_text, &used);
    if (used != depth_text.size() || depth < 0) throw std::invalid_argument("");
  } catch (const std::exception&) {
    throw UsageError("DEPTH must be a whole number >= 0, not '" + depth_text + "'");
  }
  if (depth > kMaxPerftDepth)
    throw UsageError("DEPTH " + depth_text + " is more than " + std::to_string(kMaxPerftDepth) +
                     " (the leaf count grows about tenfold a ply: a count that deep could never finish)");
  return with_game(choice, [&](const auto& game) {
    const auto root = position_text == "start" ? game.start() : game.parse(position_text);
    std::uint64_t total = 0;
    nlohmann::json out{{"format", 1},
                       {"game", game.name()},
                       {"variant", game.variant()},
                       {"position", game.format(root)},
                       {"depth", depth}};
    if (divide && depth > 0 && !game.is_lost(root)) {
      out["divide"] = nlohmann::json::array();
      game.for_each_move(root, [&](const auto& move, const auto& child) {
        const std::uint64_t n = perft(game, child, depth - 1);
        if (json) out["divide"].push_back({{"move", game.move_text(move)}, {"leaves", n}});
        else std::cout << game.move_text(move) << ": " << n << "\n";
        total += n;
      });
      if (total == 0) total = 1;  // no move: the root itself is the leaf
    } else {
      total = perft(game, root, depth);
    }
    out["leaves"] = total;
    if (json) std::cout << out.dump(2) << "\n";
    else std::cout << total << "\n";
    return 0;
  });
}

}  // namespace rtb::cli
