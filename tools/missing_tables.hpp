#pragma once
#include <stdexcept>
#include <string>
#include <utility>

namespace rtb::cli {

// A query that needs tablebase files that are not there. what() says which
// file; `generate` is the command that writes them, for front ends that show
// it on its own (rtb serve's 404, rtb play's one-line hint).
struct MissingTables : std::runtime_error {
  MissingTables(const std::string& what, std::string generate_command)
      : std::runtime_error(what), generate(std::move(generate_command)) {}
  std::string generate;
};

}  // namespace rtb::cli
