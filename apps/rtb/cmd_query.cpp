// rtb query GAME POSITION: the value of a position and of every move.
//
// A position whose tier has a tablebase file is answered from the files. In a
// game that searches (`rtb games --json`: search_fallback), a position whose
// file is missing (a placement tier the default does not solve) is searched
// instead; see service/query_oracle.hpp.
// --batch answers many positions, one a line, through one session.
#include <algorithm>
#include <cstring>
#include <iostream>
#include <optional>

#include "apps/rtb/cli.hpp"
#include "service/game_facts.hpp"
#include "service/parameter_checks.hpp"
#include "service/query_session.hpp"
#include "text/folded_text.hpp"
#include "text/printable.hpp"

namespace rtb::cli {

namespace {

std::string padded(const std::string& name) {
  return "  " + name + std::string(name.size() < 12 ? 12 - name.size() : 1, ' ');
}

// How each game writes its moves, from the games (a variant that writes
// them otherwise, such as Crossings' seed reading, is named with its own).
std::string move_help() {
  std::string text = "Moves (--moves) as each game writes them (trimmed, in any case):\n";
  for (const GameEntry& entry : game_registry()) {
    std::vector<std::pair<std::string, std::vector<std::string>>> notations;  // the text, its variants
    for (const std::string& variant : entry.variants)
      with_game({entry.name, variant}, [&](const auto& game) {
        const std::string notation = move_notation_of(game);
        auto it = std::find_if(notations.begin(), notations.end(), [&](const auto& n) { return n.first == notation; });
        if (it == notations.end()) notations.push_back({notation, {variant}});
        else it->second.push_back(variant);
      });
    for (std::size_t i = 0; i < notations.size(); ++i) {
      std::string described;  // appended: GCC 12 warns falsely on + here
      if (i > 0) described.append("(").append(variant_summary(notations[i].second)).append(") ");
      described += notations[i].first;
      const std::string column = padded(entry.name);
      text += folded_text(column, described, column.size());
    }
  }
  return text;
}

// The position syntax of every game, for --help: built from the registry,
// so a new game shows up with its own start position.
std::string position_help() {
  std::string text =
      "POSITION: the ranks from the top rank down, separated by '/', one character a square\n"
      "('.' empty), a space and the side to move; a game with pieces in hand adds how many each\n"
      "side holds. 'start' is the start position. The start position of each game:\n";
  for (const GameEntry& entry : game_registry())
    with_game({entry.name},
              [&](const auto& game) { text += padded(entry.name) + "'" + game.format(game.start()) + "'\n"; });
  return text + move_help() +
         "--batch: positions one a line on stdin, one JSON object a line on stdout (the shape of\n"
         "--json on one line, with \"input\" added); a line that fails gives {\"input\": ...,\n"
         "\"error\": ...} and the batch goes on; the exit status is 1 if any line failed.\n";
}

bool has_argument(int argc, char** argv, const char* name) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return true;
  return false;
}

// Answers stdin's lines; returns the number of lines that failed.
// The query, under the no-repetition rule where a history is given: the
// history's positions, then those the moves pass through.
QueryResult query_with(QuerySession& session, const std::string& first, const std::vector<std::string>& moves,
                       const std::optional<std::vector<std::string>>& history, bool line) {
  if (!history) return session.query(moves.empty() ? first : session.play(first, moves), line);
  std::vector<std::string> occurred = *history;
  occurred.push_back(session.normalise(first));
  for (const std::string& m : moves) occurred.push_back(session.play(occurred.back(), {m}));
  return session.query(occurred.back(), occurred, line);
}

std::size_t run_batch(QuerySession& session, const std::vector<std::string>& moves,
                      const std::optional<std::vector<std::string>>& history, bool line) {
  std::size_t failed = 0;
  for (std::string input; std::getline(std::cin, input);) {
    nlohmann::json out;
    try {
      // Spaces, tabs and a carriage return (a file from Windows) around the
      // position are no part of it; a blank line answers what it lacks, so
      // that output line k still answers input line k.
      const std::size_t first = input.find_first_not_of(" \t\r");
      if (first == std::string::npos) throw std::invalid_argument("a blank line: expected a position (or start)");
      const std::string text = input.substr(first, input.find_last_not_of(" \t\r") + 1 - first);
      out = to_json(query_with(session, text, moves, history, line));
    } catch (const std::exception& e) {  // bad text, an illegal move, a missing file: this line only
      out = {{"format", 1}, {"game", session.game()}, {"variant", session.variant()}, {"error", printable(e.what())}};
      ++failed;
    }
    // The line as read, made printable: a byte that is not UTF-8 must not
    // stop the batch (JSON cannot hold it), and a huge bad line is not
    // worth sending back whole.
    out["input"] = printable(input, kEchoLimit);
    std::cout << out.dump() << "\n" << std::flush;
  }
  return failed;
}

}  // namespace

int run_query(int argc, char** argv) {
  GameChoice choice;
  DirOption dirs;
  std::string position_text, moves_text, history_text;
  bool json = false, line = false, batch = false;
  SearchLimits limits;
  limits.nodes = 10'000'000;
  limits.seconds = 10;
  long long nodes = static_cast<long long>(limits.nodes);  // signed, so that a negative value is seen
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, dirs);
  o.add_options()("json", po::bool_switch(&json), "print one JSON object (docs/usage.md#json-output)")(
      "batch", po::bool_switch(&batch), "read positions from stdin, one a line; print one JSON line each")(
      "moves", po::value(&moves_text)->value_name("LIST"),
      "play these moves (comma-separated, e.g. a2b2,b3b2) from the position first")(
      "history", po::value(&history_text)->value_name("LIST"),
      "the game so far, to apply the no-repetition rule (bagh-chal): comma-separated moves from the start, "
      "or positions, or a position followed by moves")("line", po::bool_switch(&line),
                                                       "also print the perfect-play line to the end of the game")(
      "nodes", po::value(&nodes)->default_value(nodes)->value_name("N"),
      "search budget in positions, where no tablebase covers the position (the games whose "
      "rtb games --json says search_fallback)")(
      "seconds", po::value(&limits.seconds)->default_value(limits.seconds)->value_name("S"),
      "search time limit (0: none, and the search is repeatable)");
  // With --batch the positions come from stdin; one given as well is named
  // as the mistake it is (issue 52: "too many positional options").
  const std::vector<std::pair<std::string, std::string*>> positionals{
      {"game", &choice.name}, {has_argument(argc, argv, "--batch") ? "position?" : "position", &position_text}};
  // Made only for --help: it builds every game, which takes longer than a query.
  const bool help = has_argument(argc, argv, "--help") || has_argument(argc, argv, "-h");
  if (!parse_command(argc, argv,
                     "rtb query GAME POSITION|start [--moves LIST] [--history LIST] [--dir DIR] [--json] [--line]\n"
                     "                [--nodes N] [--seconds S]\n"
                     "       rtb query GAME --batch [--moves LIST] [--history LIST] [--dir DIR] [--line] < positions",
                     o, positionals, "rtb query pangki start --moves b1b2 --dir tb --json",
                     help ? position_help() : ""))
    return 0;
  if (batch && !position_text.empty())
    throw UsageError("--batch reads the positions from stdin, one a line: give no POSITION ('" +
                     printable(position_text, kEchoLimit) + "') as well (rtb query " + choice.name +
                     " --batch < positions)");
  const std::filesystem::path dir = dirs.for_reading(choice, "query");
  check_range("nodes", nodes, 1, LLONG_MAX);
  limits.nodes = static_cast<std::uint64_t>(nodes);
  check_search_seconds(limits.seconds, true);
  const std::vector<std::string> moves = moves_text.empty() ? std::vector<std::string>{} : move_list(moves_text);
  QuerySession session(choice, dir, limits);
  std::optional<std::vector<std::string>> history;
  if (!history_text.empty()) history = session.history_positions(move_list(history_text, "history"));
  if (batch) return run_batch(session, moves, history, line) == 0 ? 0 : 1;
  const QueryResult result = query_with(session, position_text, moves, history, line);
  if (json) std::cout << to_json(result).dump(2) << "\n";
  else print_text(std::cout, result);
  return 0;
}

}  // namespace rtb::cli
