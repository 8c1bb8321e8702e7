#pragma once
// Shared pieces of the `rtb` subcommands: option parsing, errors, and the
// registry that turns a game name into a concrete game type.
#include <boost/program_options.hpp>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "games/bagh_chal.hpp"
#include "games/line_capture.hpp"

namespace rtb::cli {

namespace po = boost::program_options;

// A mistake in how the program was called: printed with a hint to --help.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct GameChoice {
  std::string name;
  std::string variant = "default";
};

inline const std::vector<std::string>& game_names() {
  static const std::vector<std::string> names{"pangki", "cinc-camins", "bagh-chal"};
  return names;
}

// Calls f(game) with the game named by `choice`, built once.
template <class F>
decltype(auto) with_game(const GameChoice& choice, F&& f) {
  if (choice.name == "pangki" || choice.name == "cinc-camins") {
    CaptureLines lines;
    if (choice.variant == "default") lines = CaptureLines::Touched;
    else if (choice.variant == "arrival") lines = CaptureLines::Arrival;
    else throw UsageError("unknown variant '" + choice.variant + "' for " + choice.name + " (use default or arrival)");
    const LineCaptureGame game(choice.name == "pangki" ? pangki_rules() : cinc_camins_rules(), lines);
    return f(game);
  }
  if (choice.name == "bagh-chal") {
    BaghChalRules rules;
    try {
      rules = bagh_chal_rules(choice.variant);
    } catch (const std::invalid_argument& e) {
      throw UsageError(e.what());
    }
    const BaghChalGame game(rules);
    return f(game);
  }
  std::string known;
  for (const auto& n : game_names()) known += (known.empty() ? "" : ", ") + n;
  throw UsageError("unknown game '" + choice.name + "' (known games: " + known + ")");
}

// The options every command that takes a game shares.
inline void add_game_options(po::options_description& o, GameChoice& choice) {
  o.add_options()("variant", po::value(&choice.variant)->default_value("default"),
                  "rules variant (pangki, cinc-camins: default or arrival; bagh-chal: default, 4x4, 3x3, nodiag, 4x4-nodiag, 3x3-nodiag)");
}

inline void add_dir_option(po::options_description& o, std::filesystem::path& dir) {
  o.add_options()("dir", po::value(&dir)->default_value("tb"), "tablebase directory");
}

inline int default_threads() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

// Parses argv (after the subcommand) into `visible` options and the named
// positionals; returns false when --help was asked for (and printed).
bool parse_command(int argc, char** argv, const std::string& usage, po::options_description& visible,
                   const std::vector<std::pair<std::string, std::string*>>& positionals);

int run_games(int argc, char** argv);
int run_perft(int argc, char** argv);
int run_generate(int argc, char** argv);
int run_stats(int argc, char** argv);
int run_query(int argc, char** argv);
int run_verify(int argc, char** argv);

}  // namespace rtb::cli
