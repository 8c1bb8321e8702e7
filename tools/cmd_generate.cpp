// rtb generate GAME: solve every tier group and write the tablebases.
#include <iostream>

#include "solver/generate.hpp"
#include "tools/cli.hpp"
#include "tools/tier_selection.hpp"

namespace rtb::cli {

int run_generate(int argc, char** argv) {
  GameChoice choice;
  GenerateOptions options;
  TierSelection selection;
  options.threads = default_threads();
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, options.dir);
  o.add_options()("threads", po::value(&options.threads)->default_value(options.threads), "threads (default: all cores)")(
      "quiet,q", po::bool_switch(&options.quiet), "no progress line")(
      "zstd-level", po::value(&options.write.zstd_level)->default_value(options.write.zstd_level), "zstd level of the files")(
      "block-size", po::value(&options.write.block_size)->default_value(options.write.block_size), "positions per compressed block");
  add_tier_selection_options(o, selection);
  if (!parse_command(argc, argv, "rtb generate GAME [--dir DIR] [--threads N] [--all | --tiers T,... | --max-in-hand H | --max-pieces K]", o, {{"game", &choice.name}})) return 0;
  if (options.threads < 1) throw UsageError("--threads must be at least 1");
  if (options.write.block_size < 1) throw UsageError("--block-size must be at least 1");
  return with_game(choice, [&](const auto& game) {
    const std::vector<bool> selected = selected_tiers(game, selection);
    options.wanted = [selected](std::uint32_t t) { return selected[t]; };
    const GenerateReport report = generate(game, options);
    std::cout << game.name() << " (" << game.variant() << "): solved " << report.groups_solved << " tier groups ("
              << report.slots_solved << " slots), " << report.groups_skipped << " already complete, in "
              << report.seconds << " s with " << options.threads << " threads; files in "
              << (options.dir / (game.name() + "-" + game.variant())).string() << "\n";
    return 0;
  });
}

}  // namespace rtb::cli
