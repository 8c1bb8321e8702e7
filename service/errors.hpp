#pragma once
// The service's neutral errors, which every front end says in its own words:
// InvalidParameter (solver/parameter_error.hpp) for a wrong value a caller
// gave, std::invalid_argument for bad position text or an illegal move (the
// games' parsers throw it), MissingTables for files a query needs that are
// not there, and TablebaseError (tablebases/tier_file.hpp) for a damaged file.
#include <stdexcept>
#include <string>
#include <utility>

#include "solver/parameter_error.hpp"

namespace rtb {

// A query that needs tablebase files that are not there. what() says which
// file; `generate` is the command that writes them, for front ends that show
// it on its own (rtb serve's 404, rtb play's one-line hint).
struct MissingTables : std::runtime_error {
  MissingTables(const std::string& what, std::string generate_command)
      : std::runtime_error(what), generate(std::move(generate_command)) {}
  std::string generate;
};

}  // namespace rtb
