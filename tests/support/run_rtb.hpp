#pragma once
// The rtb program (RTB_BINARY, defined by the build) as a child process, for
// the tests that drive it as a user or a script does. The arguments go to
// execve as they are (no shell: nothing is quoted, nothing is expanded);
// stdin is the given text, or /dev/null; stdout and stderr go to files of a
// scratch directory (so neither is a terminal) and come back as text, with
// the exit code, or the signal that ended it.
//
//   const Outcome r = run_rtb({"query", "pangki", "start", "--json"});
//   const Outcome r = run_rtb({"play", "pangki"}, "a2b2\nquit\n");   // stdin
//   Launch launch{{"generate", "pangki"}};                           // more control:
//   launch.env = {{"NAME", "value"}};                                // environment,
//   launch.stdout_path = "/dev/full";                                // where stdout goes,
//   launch.file_size_limit = 4096;                                   // ulimit -f
//   launch.cwd = scratch.path();                                     // working directory
//   const Outcome r = run_rtb(launch, std::chrono::seconds(20));     // killed after 20 s
//   Child child(Launch{args}); ... child.signal(SIGKILL); child.wait();  // in the background
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "tests/support/file_bytes.hpp"
#include "tests/support/scratch_dir.hpp"

#ifndef RTB_BINARY
#error "RTB_BINARY (the path of the rtb program) must be defined by the build"
#endif

extern char** environ;

namespace rtb_test {

namespace fs = std::filesystem;

struct Outcome {
  int exit_code = -1;      // -1 when ended by a signal
  int signal = 0;          // the signal that ended it; 0 if it exited
  bool timed_out = false;  // killed for running past its time
  double seconds = 0;      // how long it ran
  std::string out, err;
  std::string all() const { return out + err; }
};

struct Launch {
  explicit Launch(std::vector<std::string> arguments, std::string stdin_text = "")
      : args(std::move(arguments)), input(std::move(stdin_text)) {}
  std::vector<std::string> args;                         // after the program's name
  std::string input;                                     // on stdin; empty: stdin is /dev/null
  std::optional<fs::path> stdout_path;                   // stdout to this file instead (Outcome::out stays empty)
  bool close_stdout = false;                             // no stdout at all (Outcome::out stays empty)
  std::vector<std::pair<std::string, std::string>> env;  // set in its environment
  long file_size_limit = -1;                             // RLIMIT_FSIZE in bytes; -1: unchanged
  std::optional<fs::path> cwd;                           // its working directory; unset: this program's
};

// How long a run may take unless the test says otherwise.
inline constexpr std::chrono::seconds kRunLimit{600};

// A running rtb; killed (SIGKILL) if still running when destroyed.
class Child {
 public:
  explicit Child(const Launch& launch) : io_("rtb-io", ScratchDir::Keep::never) {
    const fs::path in = io_.path() / "in", out = launch.stdout_path.value_or(io_.path() / "out"),
                   err = io_.path() / "err";
    out_is_captured_ = !launch.stdout_path && !launch.close_stdout;
    if (!launch.input.empty()) std::ofstream(in, std::ios::binary) << launch.input;
    // Everything the child needs is made here: between fork and exec it
    // may only make system calls.
    std::vector<std::string> argv_text{RTB_BINARY};
    argv_text.insert(argv_text.end(), launch.args.begin(), launch.args.end());
    std::vector<std::string> env_text;
    for (char** e = environ; *e; ++e) {
      const std::string entry = *e;
      const std::string name = entry.substr(0, entry.find('='));
      if (std::none_of(launch.env.begin(), launch.env.end(), [&](const auto& set) { return set.first == name; }))
        env_text.push_back(entry);
    }
    for (const auto& [name, value] : launch.env) env_text.push_back(name + "=" + value);
    std::vector<char*> argv, envp;
    for (std::string& a : argv_text) argv.push_back(a.data());
    argv.push_back(nullptr);
    for (std::string& e : env_text) envp.push_back(e.data());
    envp.push_back(nullptr);
    const std::string in_path = launch.input.empty() ? std::string("/dev/null") : in.string();
    const std::string out_path = out.string(), err_path = err.string();
    const bool close_stdout = launch.close_stdout;
    const long limit = launch.file_size_limit;
    const std::string cwd = launch.cwd ? launch.cwd->string() : std::string();

    start_ = std::chrono::steady_clock::now();
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      const int i = ::open(in_path.c_str(), O_RDONLY);
      const int e = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (i < 0 || e < 0 || ::dup2(i, STDIN_FILENO) < 0 || ::dup2(e, STDERR_FILENO) < 0) ::_exit(127);
      if (close_stdout) {
        ::close(STDOUT_FILENO);
      } else {
        const int o = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (o < 0 || ::dup2(o, STDOUT_FILENO) < 0) ::_exit(127);
      }
      if (limit >= 0) {
        const rlimit l{static_cast<rlim_t>(limit), static_cast<rlim_t>(limit)};
        ::setrlimit(RLIMIT_FSIZE, &l);
      }
      if (!cwd.empty() && ::chdir(cwd.c_str()) != 0) ::_exit(127);
      ::execve(argv[0], argv.data(), envp.data());
      ::_exit(127);
    }
  }
  ~Child() {
    if (pid_ > 0 && !reaped_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  pid_t pid() const { return pid_; }
  bool running() {
    if (!reaped_ && ::waitpid(pid_, &status_, WNOHANG) == pid_) reaped_ = true;
    return !reaped_;
  }
  void signal(int sig) {
    if (running()) ::kill(pid_, sig);
  }
  // What it has written to stderr so far.
  std::string err_so_far() const { return rtb::test_files::read_text(io_.path() / "err"); }

  // Waits for the end, killing it (SIGKILL) once it has run for `timeout`.
  Outcome wait(std::chrono::seconds timeout = kRunLimit) {
    Outcome r;
    auto pause = std::chrono::microseconds(100);
    while (running()) {
      if (std::chrono::steady_clock::now() - start_ > timeout) {
        ::kill(pid_, SIGKILL);
        r.timed_out = true;
        ::waitpid(pid_, &status_, 0);
        reaped_ = true;
        break;
      }
      std::this_thread::sleep_for(pause);
      pause = std::min<std::chrono::microseconds>(pause * 2, std::chrono::milliseconds(5));
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    r.exit_code = WIFEXITED(status_) ? WEXITSTATUS(status_) : -1;
    r.signal = WIFSIGNALED(status_) ? WTERMSIG(status_) : 0;
    if (out_is_captured_) r.out = rtb::test_files::read_text(io_.path() / "out");
    r.err = err_so_far();
    return r;
  }

 private:
  ScratchDir io_;
  bool out_is_captured_ = true;
  pid_t pid_ = -1;
  int status_ = 0;
  bool reaped_ = false;
  std::chrono::steady_clock::time_point start_;
};

inline Outcome run_rtb(const Launch& launch, std::chrono::seconds timeout = kRunLimit) {
  return Child(launch).wait(timeout);
}

// `rtb ARGS` with `input` on stdin (none: /dev/null).
inline Outcome run_rtb(const std::vector<std::string>& args, const std::string& input = "") {
  return run_rtb(Launch(args, input));
}

// The command and all it left, for a failure message.
inline std::string describe_run(const std::vector<std::string>& args, const Outcome& r) {
  std::string text = "rtb";
  for (const std::string& a : args) text += " " + a;
  text += "\nexit " + std::to_string(r.exit_code);
  if (r.signal) text += " signal " + std::to_string(r.signal);
  if (r.timed_out) text += " (timed out)";
  return text + "\nstdout:\n" + r.out + "\nstderr:\n" + r.err;
}

}  // namespace rtb_test
