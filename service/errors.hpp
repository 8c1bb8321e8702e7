#pragma once
// The service's neutral errors, which every front end says in its own words:
// InvalidParameter (solver/parameter_error.hpp) for a wrong value a caller
// gave, std::invalid_argument for bad position text or an illegal move (the
// games' parsers throw it), MissingTables for files a query needs that are
// not there, TablebaseError (tablebases/tier_file.hpp) for a damaged file and
// DirectoryBusy (tablebases/directory_lock.hpp) for a folder another generate
// holds. A front end that tells them apart includes this header.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>

#include "solver/parameter_error.hpp"
#include "tablebases/directory_lock.hpp"
#include "tablebases/tier_file.hpp"

namespace rtb {

// Work that needs tablebase files that are not there. what() says which
// file; `path` is that file or folder, and `generate` the command that
// writes it, for front ends that show them on their own (rtb serve's 404,
// rtb play's one-line hint, the library's TablebaseNotFound::path).
struct MissingTables : std::runtime_error {
  MissingTables(const std::string& what, std::string generate_command, std::filesystem::path missing)
      : std::runtime_error(what), generate(std::move(generate_command)), path(std::move(missing)) {}
  std::string generate;
  std::filesystem::path path;
};

}  // namespace rtb
