#pragma once
// Shared pieces of the `rtb` subcommands: option parsing and errors. The
// games themselves are listed in tools/game_registry.hpp.
#include <boost/program_options.hpp>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tools/game_registry.hpp"
#include "tools/usage_error.hpp"

namespace rtb::cli {

namespace po = boost::program_options;

// The options every command that takes a game shares.
inline void add_game_options(po::options_description& o, GameChoice& choice) {
  std::string help = "rules variant (";
  for (const GameEntry& entry : game_registry()) {
    help += entry.name + ":";
    for (const std::string& v : entry.variants) help += " " + v;
    help += entry.name == game_registry().back().name ? ")" : "; ";
  }
  o.add_options()("variant", po::value(&choice.variant)->default_value("default")->value_name("NAME"), help.c_str());
}

inline void add_dir_option(po::options_description& o, std::filesystem::path& dir) {
  o.add_options()("dir", po::value(&dir)->default_value("tb")->value_name("DIR"), "tablebase directory");
}

inline int default_threads() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

inline void add_threads_option(po::options_description& o, int& threads) {
  o.add_options()("threads", po::value(&threads)->default_value(threads)->value_name("N"), "threads (default: all cores)");
}

// Parses argv (after the subcommand) into `visible` options and the named
// positionals; returns false when --help was asked for (and printed, with
// the usage, the example command and `notes`).
bool parse_command(int argc, char** argv, const std::string& usage, po::options_description& visible,
                   const std::vector<std::pair<std::string, std::string*>>& positionals,
                   const std::string& example = "", const std::string& notes = "");

int run_games(int argc, char** argv);
int run_perft(int argc, char** argv);
int run_generate(int argc, char** argv);
int run_stats(int argc, char** argv);
int run_query(int argc, char** argv);
int run_verify(int argc, char** argv);
int run_play(int argc, char** argv);
int run_serve(int argc, char** argv);

}  // namespace rtb::cli
