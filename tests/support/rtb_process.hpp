#pragma once
// The rtb program for the tests of its front ends (play, serve, the explorer
// page): run it (tests/support/run_rtb.hpp), or keep an `rtb serve` running
// for a test; and the small tablebases those tests read, generated once
// under a lock (ctest runs test programs side by side).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/file_bytes.hpp"
#include "tests/support/run_rtb.hpp"
#include "tests/support/scratch_dir.hpp"

extern char** environ;

namespace rtb_test {

namespace fs = std::filesystem;

// For the commands a test hands to a shell (tmux, a browser): arg in single quotes.
inline std::string quoted(const std::string& arg) {
  std::string q = "'";
  for (const char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

inline std::string slurp(const fs::path& p) { return rtb::test_files::read_text(p); }

// The tablebases the front-end tests read: Pangki whole (a few seconds),
// Cinc camins up to 3 pieces a side, Bagh-Chal 3x3 and Crossings 4x4 whole; and, in
// `sliding_only_dir()`, Bagh-Chal 3x3's sliding phase alone, so that its
// placement positions are searched. Made once; later calls find them
// complete (rtb generate skips complete files) and return at once.
inline fs::path tablebase_dir() {
  const fs::path dir = work_dir() / "tablebases";
  const fs::path lock_path = work_dir() / "tablebases.lock";
  const int lock = ::open(lock_path.c_str(), O_CREAT | O_RDWR, 0644);
  if (lock >= 0) ::flock(lock, LOCK_EX);
  const std::vector<std::vector<std::string>> jobs{
      {"generate", "pangki", "-q", "--threads", "2", "--dir", dir.string()},
      {"generate", "cinc-camins", "--max-pieces", "3", "-q", "--threads", "2", "--dir", dir.string()},
      {"generate", "bagh-chal", "--variant", "3x3", "-q", "--dir", dir.string()},
      {"generate", "crossings", "--variant", "4x4", "-q", "--threads", "2", "--dir", dir.string()},
      {"generate", "bagh-chal", "--variant", "3x3", "--max-in-hand", "0", "-q", "--dir", (dir / "sliding").string()},
  };
  for (const auto& job : jobs) {
    const Outcome r = run_rtb(job);
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
  if (lock >= 0) ::close(lock);
  return dir;
}

inline fs::path sliding_only_dir() { return tablebase_dir() / "sliding"; }

// `rtb serve --port 0 ARGS` for the length of a test: reads the URL it
// prints, and stops it with a signal at the end.
class Server {
 public:
  explicit Server(const std::vector<std::string>& args) {
    int out[2];
    if (::pipe(out) != 0) throw std::runtime_error("pipe failed");
    std::vector<std::string> argv_text{RTB_BINARY, "serve", "--port", "0"};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int spawned = posix_spawn(&pid_, RTB_BINARY, &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    if (spawned != 0) throw std::runtime_error("cannot start " + std::string(RTB_BINARY));
    // The first line: "rtb serve: the explorer is at http://127.0.0.1:PORT/ ...".
    std::string line;
    char c;
    while (::read(out[0], &c, 1) == 1 && c != '\n') line += c;
    out_fd_ = out[0];
    first_line_ = line;
    const std::size_t at = line.find("http://");
    if (at == std::string::npos) return;
    url_ = line.substr(at, line.find(' ', at) - at);
    port_ = std::stoi(url_.substr(url_.rfind(':') + 1));
  }
  ~Server() {
    if (pid_ > 0) stop(SIGKILL);
    if (out_fd_ >= 0) ::close(out_fd_);
  }
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  int port() const { return port_; }
  const std::string& url() const { return url_; }  // "http://127.0.0.1:PORT/"
  const std::string& first_line() const { return first_line_; }
  std::string stderr_text() const { return slurp(err_path_); }
  bool running() const { return pid_ > 0 && ::waitpid(pid_, nullptr, WNOHANG) == 0; }

  // Sends `signal` and waits (at most 10 s); the exit code, or -1 for a
  // process killed by a signal or still running.
  int stop(int signal = SIGTERM) {
    if (pid_ <= 0) return -1;
    ::kill(pid_, signal);
    int status = 0;
    for (int waited = 0; waited < 1000; ++waited) {
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    return -1;
  }

 private:
  pid_t pid_ = -1;
  int out_fd_ = -1;
  int port_ = 0;
  std::string url_, first_line_;
  ScratchDir scratch_{"serve"};
  fs::path err_path_ = scratch_.path() / "err";
};

}  // namespace rtb_test
