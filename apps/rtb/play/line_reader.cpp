#include "apps/rtb/play/line_reader.hpp"

#include <editline/readline.h>
#include <cstdio>  // FILE, which editline/readline.h uses without including it
#include <cstdlib>
#include <cstring>

namespace rtb::cli {

namespace {

class PlainReader : public LineReader {
 public:
  PlainReader(std::istream& in, std::ostream& out) : in_(in), out_(out) {}
  std::optional<std::string> read(const std::string& prompt) override {
    out_ << prompt << std::flush;
    std::string line;
    if (!std::getline(in_, line)) {
      out_ << "\n";
      return std::nullopt;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();  // a script saved with CRLF line ends
    out_ << line << "\n";
    return line;
  }

 private:
  std::istream& in_;
  std::ostream& out_;
};

// libedit's readline interface keeps its state in globals, so the words to
// complete from live here too: one terminal reader a process.
std::vector<std::string> completion_words;

// readline's generator protocol: called with state 0 for the first match,
// then with state > 0 for each next one; each match is malloc'ed (readline
// frees it); nullptr ends the list.
char* next_completion(const char* prefix, int state) {
  static std::size_t next = 0;
  if (state == 0) next = 0;
  const std::size_t length = std::strlen(prefix);
  while (next < completion_words.size()) {
    const std::string& word = completion_words[next++];
    if (word.compare(0, length, prefix) == 0) return ::strdup(word.c_str());
  }
  return nullptr;
}

char** complete(const char* prefix, int /*start*/, int /*end*/) {
  ::rl_attempted_completion_over = 1;  // no file names when nothing matches
  return ::rl_completion_matches(prefix, next_completion);
}

class TerminalReader : public LineReader {
 public:
  TerminalReader() {
    ::rl_readline_name = "rtb-play";  // the name an ~/.editrc section picks
    ::rl_attempted_completion_function = complete;
    ::using_history();
  }
  std::optional<std::string> read(const std::string& prompt) override {
    std::fflush(stdout);  // what the game printed goes out before libedit draws the prompt
    char* raw = ::readline(prompt.c_str());
    if (raw == nullptr) {
      std::fputs("\n", stdout);
      return std::nullopt;
    }
    std::string line(raw);
    std::free(raw);
    if (line.find_first_not_of(" \t") != std::string::npos && line != last_) {
      ::add_history(line.c_str());
      last_ = line;
    }
    return line;
  }
  void set_completions(std::vector<std::string> words) override { completion_words = std::move(words); }

 private:
  std::string last_;  // the latest history entry, not added twice in a row
};

}  // namespace

std::unique_ptr<LineReader> terminal_reader() { return std::make_unique<TerminalReader>(); }

std::unique_ptr<LineReader> plain_reader(std::istream& in, std::ostream& out) {
  return std::make_unique<PlainReader>(in, out);
}

}  // namespace rtb::cli
