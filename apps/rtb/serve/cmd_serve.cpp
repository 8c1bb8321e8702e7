// rtb serve: the tablebase explorer in a browser, and its JSON API
// (apps/rtb/serve/explorer_server.hpp). Stops cleanly on SIGINT or SIGTERM.
#include <arpa/inet.h>
#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <climits>
#include <cmath>
#include <iostream>
#include <thread>

#include "apps/rtb/cli.hpp"
#include "apps/rtb/serve/explorer_server.hpp"
#include "service/parameter_checks.hpp"
#include "text/printable.hpp"

namespace rtb::cli {

namespace {

bool is_loopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

// An address written as an IP (or localhost): a name would be looked up
// (issue 28: '' bound ::1, 999.1.1.1 went to DNS), and the Host check
// answers the bound address by its text.
bool is_address(const std::string& host) {
  unsigned char bytes[16];
  return host == "localhost" || ::inet_pton(AF_INET, host.c_str(), bytes) == 1 ||
         ::inet_pton(AF_INET6, host.c_str(), bytes) == 1;
}

}  // namespace

int run_serve(int argc, char** argv) {
  int port = 8080;
  std::string host = "127.0.0.1";
  DirOption dirs;
  SearchLimits limits;
  limits.nodes = 10'000'000;
  limits.seconds = 5;
  long long nodes = static_cast<long long>(limits.nodes);  // signed, so that a negative value is seen
  int searches = 2;
  po::options_description o("options");
  add_dir_option(o, dirs);
  o.add_options()("port", po::value(&port)->default_value(port)->value_name("PORT"), "TCP port (0: any free one)")(
      "bind", po::value(&host)->default_value(host)->value_name("ADDRESS"),
      "address to listen on; anything but this machine's loopback lets others in, with no authentication")(
      "seconds", po::value(&limits.seconds)->default_value(limits.seconds)->value_name("S"),
      "search time limit a query, where no tablebase covers the position (above 0, at most 3600)")(
      "nodes", po::value(&nodes)->default_value(nodes)->value_name("N"), "search budget a query, in positions")(
      "searches", po::value(&searches)->default_value(searches)->value_name("N"),
      "searches that run at once (each takes a core); a search beyond them is answered 503 (busy)");
  if (!parse_command(argc, argv,
                     "rtb serve [--port 8080] [--bind 127.0.0.1] [--dir DIR] [--seconds S]\n"
                     "Serves the tablebase explorer and its JSON API (/api/games, /api/query).",
                     o, {}))
    return 0;
  if (port < 0 || port > 65535) throw UsageError("--port must be 0 to 65535");
  if (!is_address(host))
    throw UsageError(
        "--bind must be an address of this machine written as an IP (127.0.0.1, ::1, 0.0.0.0, ::) or "
        "localhost, not " +
        quoted_input(host));
  check_range("nodes", nodes, 1, LLONG_MAX);
  limits.nodes = static_cast<std::uint64_t>(nodes);
  check_search_seconds(limits.seconds, false);  // no "no limit": a request waits for its search
  check_range("searches", searches, 1, 64);

  // SIGINT and SIGTERM go to one thread that stops the server; blocked here,
  // before the server starts its threads, so that they inherit the mask.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  const std::vector<std::filesystem::path> search_path = dirs.search_path();
  ExplorerServer server(search_path, limits, searches);
  port = server.bind(host, port);
  if (!is_loopback(host))
    std::cerr << "rtb serve: warning: listening on " << host
              << ": the server has no authentication; anyone who can reach this address can use it\n";
  for (const std::filesystem::path& dir : search_path)
    if (!std::filesystem::is_directory(dir))
      std::cerr << "rtb serve: warning: there is no tablebase directory '" << dir.string()
                << "'; queries will say how to generate the tablebases\n";
  const std::string shown_host = host.find(':') != std::string::npos ? "[" + host + "]" : host;
  std::cout << "rtb serve: the explorer is at http://" << shown_host << ":" << port << "/  (Ctrl-C stops it)"
            << std::endl;

  std::atomic<bool> listening_ended{false};
  std::thread watcher([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    // A stop that comes before the server has started listening is ignored
    // by cpp-httplib: ask again until listen() has returned.
    while (!listening_ended) {
      server.stop();
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  const bool served = server.listen();
  listening_ended = true;
  // A stop without a signal (the server failed): wake the watcher to end it.
  pthread_kill(watcher.native_handle(), SIGTERM);
  watcher.join();
  std::cerr << "rtb serve: stopped\n";
  return served ? 0 : 1;
}

}  // namespace rtb::cli
