#pragma once
// Manifests: the name, size and SHA-256 of every tablebase file of a game, so
// that a user can tell that a download or a build is the real thing (as
// syzygy-tables.info publishes sha256 lists). `rtb manifest` writes one and
// `rtb verify --manifest` checks a folder against it.
//
// The text, one line a file, sorted by name, after a line naming the game:
//   rtb-manifest 1 pangki default
//   <sha256, 64 hex digits>  <bytes>  <file name>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "games/registry.hpp"

namespace rtb {

struct ManifestFile {
  std::string name;  // in the game's folder: "6-6.rtb"
  std::uint64_t bytes = 0;
  std::string sha256;
  bool operator==(const ManifestFile&) const = default;
};

struct Manifest {
  std::string game, variant;        // as the game names itself ("morris", "nine")
  std::vector<ManifestFile> files;  // sorted by name
};

// The tablebase files of `choice` in dir/GAME-VARIANT/ (its tier files;
// temporaries and the lock left out). std::runtime_error when the folder is
// missing or holds no tablebase file; InvalidParameter for an unknown game.
// The files are digested on `threads` threads.
Manifest make_manifest(const GameChoice& choice, const std::filesystem::path& dir, int threads = 1);

std::string manifest_text(const Manifest& manifest);
// std::invalid_argument naming `source` and the line for a text that is not
// a manifest.
Manifest parse_manifest(const std::string& text, const std::string& source);

// What differs between a manifest and the folder it describes, each a file
// name (a changed one with what changed); the files are digested on
// `threads` threads.
struct ManifestCheck {
  std::vector<std::string> missing, extra, changed;
  std::size_t matched = 0;
  bool ok() const { return missing.empty() && extra.empty() && changed.empty(); }
};
ManifestCheck check_manifest(const Manifest& manifest, const std::filesystem::path& dir, int threads = 1);

}  // namespace rtb
