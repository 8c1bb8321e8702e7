#include "apps/rtb/commands.hpp"

#include "apps/rtb/cli.hpp"

namespace rtb::cli {

const std::vector<CommandEntry>& command_table() {
  static const std::vector<CommandEntry> table{
      {"games", run_games, "the games, their tiers and sizes", true},
      {"generate", run_generate, "solve a game and write its tablebases", true},
      {"perft", run_perft, "count the leaves of the move tree to a depth", true},
      {"play", run_play, "play against perfect play in the terminal", true},
      {"query", run_query, "the value, the moves and the best move of a position", true},
      {"serve", run_serve, "a local web explorer of the tablebases, and its JSON API", false},
      {"stats", run_stats, "WIN/LOSS/DRAW counts and longest wins per tier", true},
      {"verify", run_verify, "check every file and prove every value from its successors", true},
      {"manifest", run_manifest, "the name, size and SHA-256 of every tablebase file of a game", true},
      {"completion", run_completion, "print a bash completion script (source it, or install it)", false},
      {"man-page", run_man_page, "print the manual page (roff; installed as man rtb)", false},
  };
  return table;
}

const CommandEntry* find_command(const std::string& name) {
  for (const CommandEntry& entry : command_table())
    if (entry.name == name) return &entry;
  return nullptr;
}

}  // namespace rtb::cli
