// rtb: solve small board games by retrograde analysis and probe the results.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "apps/rtb/cli.hpp"
#include "apps/rtb/commands.hpp"
#include "rtb/version.hpp"
#include "service/errors.hpp"
#include "solver/openmp_wait.hpp"
#include "text/nearest_names.hpp"
#include "text/printable.hpp"

namespace {

void print_overview(std::ostream& out) {
  out << "usage: rtb COMMAND [options]   (rtb COMMAND --help for its options)\n"
      << "       rtb --version\n\ncommands:\n";
  for (const rtb::cli::CommandEntry& command : rtb::cli::command_table())
    out << "  " << command.name << std::string(12 - command.name.size(), ' ') << command.summary << "\n";
  out << "\nexit status: 0 success, 1 failure (a file missing, damaged or wrong; verify found a\n"
      << "wrong value), 2 bad usage or input (unknown option, game or position text)\n";
}

// A closed standard descriptor would be taken by the next file opened (a tier
// file, a temporary), and the results would be written into it. Fill it with
// /dev/null opened the wrong way round, so writes to it fail and are reported.
void keep_standard_descriptors_taken() {
  for (int fd = 0; fd <= 2; ++fd)
    if (::fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
      const int opened = ::open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
      if (opened >= 0 && opened != fd) {
        ::dup2(opened, fd);
        ::close(opened);
      }
    }
}

// The results are lost when stdout cannot take them (a full disk, /dev/full,
// a closed descriptor): say so and fail instead of exiting 0.
int with_output_checked(const std::string& name, int status) {
  errno = 0;
  std::cout.flush();
  const bool flushed = std::fflush(stdout) == 0;
  const int why = errno;
  if (std::cout.good() && flushed && !std::ferror(stdout)) return status;
  std::cerr << "rtb " << name << ": cannot write the results to standard output"
            << (why != 0 ? std::string(": ") + std::strerror(why) : std::string()) << "\n";
  return status == 0 ? 1 : status;
}

// Whether the command's own arguments (after its name) include --json.
bool asks_for_json(int argc, char** argv) {
  for (int i = 2; i < argc; ++i)
    if (std::strcmp(argv[i], "--json") == 0) return true;
  return false;
}

// A message as printable text line by line: the bytes a user typed are
// escaped, and the message's own line breaks (a usage of several lines)
// stay line breaks (issue 52: they were written as \x0a).
std::string printable_lines(const std::string& message) {
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = message.find('\n', from)) != std::string::npos; from = at + 1)
    out += rtb::printable(message.substr(from, at - from)) + "\n";
  return out + rtb::printable(message.substr(from));
}

}  // namespace

int main(int argc, char** argv) {
  keep_standard_descriptors_taken();
  // Past `ulimit -f` a write then fails with EFBIG, which the file writer
  // reports (and cleans up after), instead of the signal killing us silently.
  std::signal(SIGXFSZ, SIG_IGN);
  rtb::use_passive_openmp_wait(argv);
  if (argc < 2) {
    print_overview(std::cerr);
    return 2;
  }
  std::string name = argv[1];
  // `rtb help CMD` is `rtb CMD --help` (issue 27: it printed the overview).
  char help_option[] = "--help";
  char* help_args[] = {argv[0], argc >= 3 ? argv[2] : argv[1], help_option, nullptr};
  if (name == "help" && argc >= 3) {
    if (!rtb::cli::find_command(argv[2])) {  // not the overview with exit 0 (issue 52)
      std::cerr << "rtb help: unknown command '" << rtb::printable(argv[2], rtb::kEchoLimit) << "'\n";
      print_overview(std::cerr);
      return 2;
    }
    name = argv[2];
    argc = 3;
    argv = help_args;
  }
  if (name == "--help" || name == "-h" || name == "help") {
    print_overview(std::cout);
    return with_output_checked("help", 0);
  }
  if (name == "--version" || name == "-V" || name == "version") {
    if (asks_for_json(argc, argv))
      std::cout << nlohmann::json{{"format", 1}, {"version", RTB_VERSION_STRING}}.dump() << "\n";
    else std::cout << "rtb " << RTB_VERSION_STRING << "\n";
    return with_output_checked("version", 0);
  }
  const rtb::cli::CommandEntry* command = rtb::cli::find_command(name);
  if (!command) {
    std::vector<std::string> names;
    for (const rtb::cli::CommandEntry& known : rtb::cli::command_table()) names.push_back(known.name);
    std::cerr << "rtb: unknown command '" << rtb::printable(name, rtb::kEchoLimit) << "'"
              << rtb::did_you_mean(name, names) << "\n";
    print_overview(std::cerr);
    return 2;
  }
  int status = 1;
  std::string error;
  bool show_help_hint = false;
  try {
    status = command->run(argc - 1, argv + 1);
  } catch (const rtb::cli::UsageError& e) {
    error = e.what(), status = 2, show_help_hint = true;
  } catch (const rtb::InvalidParameter& e) {  // the service's words: named here as the option
    error = e.said_as("--" + e.parameter()), status = 2, show_help_hint = true;
  } catch (const std::invalid_argument& e) {  // bad position text and the like
    error = e.what(), status = 2;
  } catch (const std::exception& e) {
    error = e.what(), status = 1;
  }
  if (!error.empty()) {
    error = printable_lines(error);  // a message may quote bytes the user typed
    std::cerr << "rtb " << name << ": " << error << "\n";
    if (show_help_hint) std::cerr << "(see rtb " << name << " --help)\n";
    // A script that asked for JSON gets its error as JSON too, on stdout
    // where it reads the answer (issue 27: it was plain text only).
    if (asks_for_json(argc, argv))
      std::cout << nlohmann::json{{"format", 1}, {"command", name}, {"error", error}, {"exit_status", status}}.dump()
                << "\n";
  }
  return with_output_checked(name, status);
}
