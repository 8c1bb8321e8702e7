#pragma once
// Shared pieces of the `rtb` subcommands: option parsing and errors. The
// games themselves are listed in games/registry.hpp; the work is done by
// service/, whose neutral errors main.cpp words as this program's options.
#include <boost/program_options.hpp>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "apps/rtb/usage_error.hpp"
#include "games/registry.hpp"
#include "games/variant_summary.hpp"
#include "service/tablebase_path.hpp"
#include "service/tier_selection.hpp"

namespace rtb::cli {

namespace po = boost::program_options;

// The options every command that takes a game shares.
inline void add_game_options(po::options_description& o, GameChoice& choice) {
  std::string help = "rules variant (";
  for (const GameEntry& entry : game_registry())
    help += entry.name + ": " + variant_summary(entry.variants) + (&entry == &game_registry().back() ? ")" : "; ");
  o.add_options()("variant", po::value(&choice.variant)->default_value("default")->value_name("NAME"), help.c_str());
}

// --dir, which may be given more than once: the directories a reading
// command searches for a game's tablebases, in order (service/
// tablebase_path.hpp; without --dir, RTB_PATH's, else tb).
struct DirOption {
  std::vector<std::filesystem::path> given;
  // Where to read `choice`'s files: the first directory that holds them.
  // Says on stderr where it looked when none does and there were several.
  std::filesystem::path for_reading(const GameChoice& choice, const std::string& command) const {
    const TablebaseDirChoice c = tablebase_dir_for(choice, search_path());
    if (!c.found && c.looked_in.size() > 1)
      std::cerr << "rtb " << command << ": no " << tablebase_folder(choice) << " folder in "
                << joined_paths(c.looked_in) << (given.empty() ? " (RTB_PATH)" : "") << "; reading " << c.dir.string()
                << "\n";
    return c.dir;
  }
  // Where generate writes: the first directory.
  std::filesystem::path for_writing() const { return search_path().front(); }
  std::vector<std::filesystem::path> search_path() const { return tablebase_search_path(given); }
};

// Read as text, then made a path: Boost.Program_options reads a
// std::filesystem::path through operator>>, that is std::quoted, which
// stops at a space and takes a leading '"' as a quote with escapes (issue
// 53, item 3). A path is taken exactly as written.
inline void add_dir_option(po::options_description& o, DirOption& dirs) {
  o.add_options()(
      "dir",
      po::value<std::vector<std::string>>()->composing()->value_name("DIR")->notifier(
          [&dirs](const std::vector<std::string>& given) { dirs.given.assign(given.begin(), given.end()); }),
      "tablebase directory; again for more, searched in order (default: RTB_PATH's, "
      "':'-separated, else tb)");
}

inline int default_threads() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

inline void add_threads_option(po::options_description& o, int& threads) {
  o.add_options()("threads", po::value(&threads)->default_value(threads)->value_name("N"),
                  "threads (default: all cores)");
}

// --all, --tiers and one option a tier filter (--max-pieces N, ...), for the
// commands that work on tiers.
inline void add_tier_selection_options(po::options_description& o, TierSelection& s) {
  o.add_options()("all", po::bool_switch(&s.all),
                  "every tier of the game; for bagh-chal the whole game, both phases (same as --max-in-hand 20)")(
      "tiers", po::value(&s.tiers)->value_name("LIST")->notifier([](const std::string& list) {
        // An empty list once meant every tier (issue 28, item 13).
        if (list.empty())
          throw InvalidParameter("tiers",
                                 "{} is empty: name at least one tier (rtb games lists them), or leave it out");
      }),
      "only these tiers (comma-separated names, e.g. 3-3; see rtb games)");
  for (const TierFilter& f : kTierFilters) {
    const std::string name = f.name;
    o.add_options()(f.name,
                    po::value<long long>()->value_name("N")->notifier([&s, name](long long n) { s.at_most[name] = n; }),
                    (std::string(f.help) + " (the games that have it: see rtb games)").c_str());
  }
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
int run_manifest(int argc, char** argv);
// rtb verify --manifest FILE: the folder of the manifest's game (which
// `choice` names too, unless it is empty) against it; the exit status.
int verify_against_manifest(const std::string& file, GameChoice choice, const DirOption& dirs, bool json, int threads);
int run_play(int argc, char** argv);
int run_serve(int argc, char** argv);

}  // namespace rtb::cli
