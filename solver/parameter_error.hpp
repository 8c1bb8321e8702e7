#pragma once
// The error every layer below the front ends raises for a value its caller
// gave that is wrong, in neutral words. Each front end says it in its own:
// the command line names its option (`--max-pieces must be at least 0`), the
// library and Python their parameter (`max_pieces must be at least 0`).
#include <stdexcept>
#include <string>

namespace rtb {

// `parameter` is the name in the service's words ("max-pieces", "threads",
// "game"); `problem` says what is wrong, with "{}" where the parameter's name
// goes ("{} must be at least 0, not -1"); a problem without "{}" reads the
// same in every front end ("unknown game 'chess' (known games: ...)").
// what() is the problem with the service's name filled in.
class InvalidParameter : public std::invalid_argument {
 public:
  InvalidParameter(std::string parameter, std::string problem)
      : std::invalid_argument(filled(problem, parameter)),
        parameter_(std::move(parameter)),
        problem_(std::move(problem)) {}

  const std::string& parameter() const { return parameter_; }

  // The message with the parameter called `name`.
  std::string said_as(const std::string& name) const { return filled(problem_, name); }

 private:
  static std::string filled(std::string text, const std::string& name) {
    for (std::size_t at = text.find("{}"); at != std::string::npos; at = text.find("{}", at + name.size()))
      text.replace(at, 2, name);
    return text;
  }
  std::string parameter_, problem_;
};

}  // namespace rtb
