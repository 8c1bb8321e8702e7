// rtb manifest GAME: the name, size and SHA-256 of every tablebase file of a
// game, for `rtb verify --manifest` (service/manifest.hpp).
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "apps/rtb/cli.hpp"
#include "service/manifest.hpp"
#include "service/parameter_checks.hpp"

namespace rtb::cli {

namespace {

// The manifest in `file`; refused before it is opened when it is not a
// regular file (a FIFO would wait), or larger than any game's could be.
Manifest read_manifest(const std::string& file) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error))
    throw std::runtime_error("manifest " + file + ": " +
                             (std::filesystem::exists(file, error) ? "not a regular file" : "no such file"));
  if (std::filesystem::file_size(file, error) > (std::uint64_t{16} << 20))
    throw std::runtime_error("manifest " + file + ": larger than 16 MB: not a manifest");
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw std::runtime_error("manifest " + file + ": cannot read it");
  try {
    return parse_manifest(text.str(), file);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

}  // namespace

int verify_against_manifest(const std::string& file, GameChoice choice, const DirOption& dirs, bool json, int threads) {
  const Manifest manifest = read_manifest(file);
  // The game is the manifest's; one named as well must be the same.
  const GameChoice named{manifest.game, manifest.variant};
  if (!choice.name.empty() && tablebase_folder(choice) != tablebase_folder(named))
    throw UsageError("the manifest " + file + " is of " + manifest.game + " (" + manifest.variant + "), not of " +
                     tablebase_folder(choice));
  const std::filesystem::path dir = dirs.for_reading(named, "verify");
  const ManifestCheck check = check_manifest(manifest, dir, threads);
  if (json) {
    std::cout << nlohmann::json{{"format", 1},
                                {"game", manifest.game},
                                {"variant", manifest.variant},
                                {"manifest", file},
                                {"ok", check.ok()},
                                {"files_matched", check.matched},
                                {"missing", check.missing},
                                {"extra", check.extra},
                                {"changed", check.changed}}
                     .dump(2)
              << "\n";
  } else {
    for (const std::string& f : check.missing) std::cout << "missing: " << f << "\n";
    for (const std::string& f : check.extra) std::cout << "extra: " << f << " (not in the manifest)\n";
    for (const std::string& f : check.changed) std::cout << "changed: " << f << "\n";
    std::cout << "verify " << manifest.game << " (" << manifest.variant << ") against " << file << ": "
              << (check.ok() ? "all " + std::to_string(check.matched) + " files match"
                             : std::to_string(check.missing.size() + check.extra.size() + check.changed.size()) +
                                   " file(s) differ")
              << "\n";
  }
  if (!check.ok())
    std::cerr << "rtb verify: " << (dir / tablebase_folder(named)).string() << " differs from the manifest " << file
              << "\n";
  return check.ok() ? 0 : 1;
}

int run_manifest(int argc, char** argv) {
  GameChoice choice;
  DirOption dirs;
  int threads = default_threads();
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, dirs);
  add_threads_option(o, threads);
  if (!parse_command(argc, argv, "rtb manifest GAME [--variant V] [--dir DIR] [--threads N] > FILE", o,
                     {{"game", &choice.name}}, "rtb manifest pangki --dir tb > pangki.manifest",
                     "Prints the name, size and SHA-256 of every tablebase file of the game, one line a\n"
                     "file, sorted; rtb verify --manifest FILE checks a folder against it.\n"))
    return 0;
  check_threads(threads);
  std::cout << manifest_text(make_manifest(choice, dirs.for_reading(choice, "manifest"), threads));
  return 0;
}

}  // namespace rtb::cli
