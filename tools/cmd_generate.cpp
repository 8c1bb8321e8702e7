// rtb generate GAME: solve every tier group and write the tablebases.
#include <climits>
#include <iostream>

#include "solver/generate.hpp"
#include "tablebases/directory_lock.hpp"
#include "tools/cli.hpp"
#include "tools/option_checks.hpp"
#include "tools/plan_report.hpp"
#include "tools/tier_selection.hpp"

namespace rtb::cli {

int run_generate(int argc, char** argv) {
  GameChoice choice;
  GenerateOptions options;
  TierSelection selection;
  options.threads = default_threads();
  // Read signed, so that a negative value is seen instead of wrapping around.
  long long block_size = options.write.block_size;
  bool plan_only = false;
  std::string memory_limit_text;
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, options.dir);
  o.add_options()("threads", po::value(&options.threads)->default_value(options.threads), "threads (default: all cores)")(
      "quiet,q", po::bool_switch(&options.quiet), "no progress line")(
      "zstd-level", po::value(&options.write.zstd_level)->default_value(options.write.zstd_level), "zstd level of the files")(
      "block-size", po::value(&block_size)->default_value(block_size), "positions per compressed block")(
      "plan", po::bool_switch(&plan_only), "print the memory and disk each tier group needs, and solve nothing")(
      "memory-limit", po::value(&memory_limit_text),
      "refuse to start when a tier group needs more memory than this (e.g. 8G, 512M; default: the machine's memory)");
  add_tier_selection_options(o, selection);
  if (!parse_command(argc, argv, "rtb generate GAME [--dir DIR] [--threads N] [--plan] [--memory-limit SIZE]", o,
                     {{"game", &choice.name}}))
    return 0;
  check_threads(options.threads);
  check_range("--block-size", block_size, 1, kMaxBlockSize);
  check_range("--zstd-level", options.write.zstd_level, 1, max_zstd_level());
  options.write.block_size = static_cast<std::uint32_t>(block_size);
  if (const std::string problem = write_options_problem(options.write); !problem.empty())
    throw UsageError("--block-size or --zstd-level: " + problem);
  const std::uint64_t memory_limit =
      memory_limit_text.empty() ? physical_memory_bytes() : parse_bytes("--memory-limit", memory_limit_text);
  return with_game(choice, [&](const auto& game) {
    const std::vector<bool> selected = selected_tiers(game, selection);
    options.wanted = [selected](std::uint32_t t) { return selected[t]; };
    const ResourcePlan plan = plan_generate(game, options);
    if (plan_only) {
      print_plan(plan, std::cout);
      return 0;
    }
    check_plan_fits(plan, memory_limit, options.dir,
                    memory_limit_text.empty() ? "this machine's memory" : "--memory-limit");
    // One writer a directory; readers never wait (see directory_lock.hpp).
    const auto game_dir = options.dir / (game.name() + "-" + game.variant());
    const DirectoryLock lock(game_dir);
    remove_stale_temporaries(game_dir);
    const GenerateReport report = generate(game, options);
    std::cout << game.name() << " (" << game.variant() << "): solved " << report.groups_solved << " tier groups ("
              << report.slots_solved << " slots), " << report.groups_skipped << " already complete, in "
              << report.seconds << " s with " << options.threads << " threads; files in " << game_dir.string() << "\n";
    return 0;
  });
}

}  // namespace rtb::cli
