#pragma once
// The HTTP side of `rtb serve`: the explorer page (web/, built in) and its
// JSON API, answered through one QuerySession per game and variant.
//
//   GET /api/games                       the games, their variants, each
//                                        variant's start, board and how many
//                                        of its tier files are in the directory
//   GET /api/query?game=G&variant=V&position=P[&line=1]
//                                        what `rtb query --json [--line]` prints
//
// Errors are JSON {"error": "..."}: 400 for bad input (what is wrong is
// said), 404 for a missing tablebase (with "generate": the command that
// makes it) or an unknown path, 500 for anything else. No request can stop
// the server: every handler catches everything.
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "search/bounds.hpp"
#include "service/query_session.hpp"

namespace httplib {
class Server;
}

namespace rtb::cli {

class ExplorerServer {
 public:
  // `limits` bound the search behind each query (a time limit above all: a
  // request waits for it, and so do others for the same game).
  ExplorerServer(std::filesystem::path dir, const SearchLimits& limits);
  ~ExplorerServer();

  // Binds to host:port (port 0: a free one); returns the port, or throws
  // std::runtime_error when the address cannot be bound.
  int bind(const std::string& host, int port);
  // Serves until stop(); false if it could not.
  bool listen();
  // From any thread, or a signal-watching one.
  void stop();

 private:
  // Sessions are not thread-safe: one lock each. The map only grows (one
  // entry per game and variant of the registry), so a session found stays.
  struct Guarded {
    std::mutex mutex;
    QuerySession session;
  };
  Guarded& session_for(const std::string& game, const std::string& variant);

  void routes();

  std::filesystem::path dir_;
  SearchLimits limits_;
  std::unique_ptr<httplib::Server> http_;
  std::mutex sessions_mutex_;
  std::map<std::string, std::unique_ptr<Guarded>> sessions_;
};

}  // namespace rtb::cli
