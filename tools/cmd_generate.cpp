// rtb generate GAME: solve every tier group and write the tablebases.
#include <iostream>
#include <set>
#include <sstream>

#include "solver/generate.hpp"
#include "tools/cli.hpp"

namespace rtb::cli {

namespace {

template <class G>
std::function<bool(std::uint32_t)> tier_filter(const G& game, const std::string& tiers, int max_pieces,
                                               int max_in_hand) {
  if (tiers.empty() && max_pieces < 0 && max_in_hand < 0) return {};
  std::set<std::uint32_t> chosen;
  if (!tiers.empty()) {
    std::stringstream list(tiers);
    std::string name;
    while (std::getline(list, name, ',')) {
      std::uint32_t t = 0;
      while (t < game.tier_count() && game.tier_name(t) != name) ++t;
      if (t == game.tier_count()) throw UsageError("no tier '" + name + "' in " + game.name() + " (see rtb games)");
      chosen.insert(t);
    }
  }
  if (max_pieces >= 0) {
    if constexpr (requires { game.mover_pieces(0u); }) {
      for (std::uint32_t t = 0; t < game.tier_count(); ++t)
        if (game.mover_pieces(t) <= max_pieces && game.other_pieces(t) <= max_pieces) chosen.insert(t);
    } else {
      throw UsageError("--max-pieces does not apply to " + game.name());
    }
  }
  if (max_in_hand >= 0) {
    if constexpr (requires { game.goats_in_hand(0u); }) {
      for (std::uint32_t t = 0; t < game.tier_count(); ++t)
        if (game.goats_in_hand(t) <= max_in_hand) chosen.insert(t);
    } else {
      throw UsageError("--max-in-hand does not apply to " + game.name());
    }
  }
  return [chosen](std::uint32_t t) { return chosen.count(t) > 0; };
}

}  // namespace

int run_generate(int argc, char** argv) {
  GameChoice choice;
  GenerateOptions options;
  std::string tiers;
  int max_pieces = -1, max_in_hand = -1;
  options.threads = default_threads();
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, options.dir);
  o.add_options()("threads", po::value(&options.threads)->default_value(options.threads), "threads (default: all cores)")(
      "quiet,q", po::bool_switch(&options.quiet), "no progress line")(
      "tiers", po::value(&tiers), "solve only these tiers (comma-separated names, e.g. 3-3) and what they capture into")(
      "max-pieces", po::value(&max_pieces), "solve only tiers with at most this many pieces a side")(
      "max-in-hand", po::value(&max_in_hand), "bagh-chal: solve only tiers with at most this many goats in hand")(
      "zstd-level", po::value(&options.write.zstd_level)->default_value(options.write.zstd_level), "zstd level of the files")(
      "block-size", po::value(&options.write.block_size)->default_value(options.write.block_size), "positions per compressed block");
  if (!parse_command(argc, argv, "rtb generate GAME [--dir DIR] [--threads N]", o, {{"game", &choice.name}})) return 0;
  if (options.threads < 1) throw UsageError("--threads must be at least 1");
  if (options.write.block_size < 1) throw UsageError("--block-size must be at least 1");
  return with_game(choice, [&](const auto& game) {
    options.wanted = tier_filter(game, tiers, max_pieces, max_in_hand);
    const GenerateReport report = generate(game, options);
    std::cout << game.name() << " (" << game.variant() << "): solved " << report.groups_solved << " tier groups ("
              << report.slots_solved << " slots), " << report.groups_skipped << " already complete, in "
              << report.seconds << " s with " << options.threads << " threads; files in "
              << (options.dir / (game.name() + "-" + game.variant())).string() << "\n";
    return 0;
  });
}

}  // namespace rtb::cli
