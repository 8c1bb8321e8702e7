#pragma once
// Where a reading command finds a game's tablebases (issue 27): in the
// directories named by --dir, which may be given more than once, else in
// those of RTB_PATH (separated by ':', as PATH is), else in ./tb. The first
// that holds the game's folder (GAME-VARIANT/) is used, as Fathom's and
// Stockfish's SyzygyPath are searched; where none does, the first, so that
// the missing-file message and its generate command name it. generate writes
// into the first directory only.
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "games/registry.hpp"
#include "solver/parameter_error.hpp"
#include "tablebases/tier_file.hpp"

namespace rtb {

inline constexpr const char* kTablebasePathVariable = "RTB_PATH";

// A tablebase directory a caller names: never empty. "" reached
// std::filesystem and failed as "cannot make absolute path" in generate,
// and read files relative to the working directory in query (issue 53).
inline void check_tablebase_dir(const std::filesystem::path& dir) {
  if (dir.empty()) throw InvalidParameter("dir", "{} is empty: name a directory (. for the working directory)");
}

// The directories to look in, in order: `given` if any (each checked),
// else RTB_PATH's (empty entries skipped), else "tb".
inline std::vector<std::filesystem::path> tablebase_search_path(const std::vector<std::filesystem::path>& given) {
  for (const std::filesystem::path& dir : given) check_tablebase_dir(dir);
  if (!given.empty()) return given;
  std::vector<std::filesystem::path> out;
  if (const char* path = std::getenv(kTablebasePathVariable)) {
    std::string entry;
    for (const char* c = path;; ++c) {
      if (*c == ':' || *c == '\0') {
        if (!entry.empty()) out.emplace_back(entry);
        entry.clear();
        if (*c == '\0') break;
      } else {
        entry += *c;
      }
    }
  }
  if (out.empty()) out.emplace_back("tb");
  return out;
}

// The folder of `choice`'s files in a tablebase directory: the game's own
// name and variant ("morris-nine" for morris's default), from the registry,
// without making the game.
inline std::string tablebase_folder(const GameChoice& choice) {
  const GameChoice named = named_as_made(choice);
  return game_folder_name(named.name, named.variant);
}

struct TablebaseDirChoice {
  std::filesystem::path dir;                     // where to read
  bool found = false;                            // whether dir holds the game's folder
  std::vector<std::filesystem::path> looked_in;  // every directory of the search path
};

// The first directory of `search` that holds the folder of `choice`'s files.
inline TablebaseDirChoice tablebase_dir_for(const GameChoice& choice,
                                            const std::vector<std::filesystem::path>& search) {
  const std::string folder = tablebase_folder(choice);
  TablebaseDirChoice out{search.front(), false, search};
  for (const std::filesystem::path& dir : search) {
    std::error_code ignored;
    if (std::filesystem::is_directory(dir / folder, ignored)) return {dir, true, search};
  }
  return out;
}

// "tb1, tb2" for a message.
inline std::string joined_paths(const std::vector<std::filesystem::path>& dirs) {
  std::string out;
  for (const auto& d : dirs) out += (out.empty() ? "" : ", ") + d.string();
  return out;
}

}  // namespace rtb
