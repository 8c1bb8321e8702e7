#pragma once
// Where `rtb play` reads its input: on a terminal, through libedit (BSD
// licence), so the arrow keys edit the line and walk the history, and Tab
// completes a move or a command; from a pipe or a file, plain lines as
// std::getline reads them, each echoed after the prompt so that the output
// reads as a transcript.
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace rtb::cli {

class LineReader {
 public:
  virtual ~LineReader() = default;
  // The next line without its newline, or nothing at the end of the input.
  virtual std::optional<std::string> read(const std::string& prompt) = 0;
  // The words Tab completes from (the legal moves and the commands); a plain
  // reader ignores them.
  virtual void set_completions(std::vector<std::string> words) { (void)words; }
};

// libedit on the terminal's stdin and stdout; the history holds each
// non-empty line once, the latest last.
std::unique_ptr<LineReader> terminal_reader();
// Lines from `in`; prompts and echoes go to `out`.
std::unique_ptr<LineReader> plain_reader(std::istream& in, std::ostream& out);

}  // namespace rtb::cli
