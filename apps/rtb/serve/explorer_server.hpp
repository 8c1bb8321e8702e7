#pragma once
// The HTTP side of `rtb serve`: the explorer page (web/, built in) and its
// JSON API, answered through one GameSlot (game_slot.hpp) per game and variant.
//
//   GET /api/games                       the games, their variants, each
//                                        variant's start, board and how many
//                                        of its tier files are in the directory
//   GET /api/query?game=G&variant=V&position=P[&moves=M][&history=H][&line=1]
//                                        what `rtb query --json [--line]` prints
//                                        (with history=, --history: the game's
//                                        no-repetition rule applied)
//   GET /api/cancel?game=G&variant=V     stops the search in flight for the
//                                        game, if any (its request gets a 503)
//   GET /api/tiers?game=G&variant=V[&position=P]
//                                        the variant's tiers (name, values,
//                                        whether the file is there) and P's tier
//   GET /api/stats?game=G&variant=V&tier=T (or &position=P: its tier)
//                                        the tier's row of `rtb stats --json`
//                                        (tier_stats_slot.hpp: kept, bounded)
//   GET /api/rules?game=G&variant=V      the variant's rules and how its moves
//                                        are written, from the game: lines
//                                        "Topic: text" (QuerySession::rules)
//
// Errors are JSON {"error": "..."}: 400 for bad input (what is wrong is
// said), 404 for a missing tablebase (with "generate": the command that
// makes it) or an unknown path, 421 for a request whose Host is not this
// server's, 403 for an API request from another site's page, 503 (with
// "busy": true) for a search refused or stopped (a newer search of the same
// game superseded it, the server is at its most searches, or it is
// stopping), 500 for anything else. Messages name no directory of the
// machine (the tablebase directory is written <dir>). No request can stop
// the server: every handler catches everything. See apps/rtb/serve/
// request_guard.hpp, game_slot.hpp and guarded_http_server.hpp for what is
// refused and why (issue 28).
#include <atomic>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "apps/rtb/serve/game_slot.hpp"
#include "apps/rtb/serve/request_guard.hpp"
#include "apps/rtb/serve/tier_stats_slot.hpp"
#include "search/bounds.hpp"

namespace rtb::cli {

class GuardedHttpServer;

class ExplorerServer {
 public:
  // `limits` bound the search behind each query (a time limit above all: a
  // request waits for it). At most `searches_at_once` searches run at once
  // in the whole server.
  // `dirs`: the directories searched for each game's tablebases, in order
  // (service/tablebase_path.hpp).
  ExplorerServer(std::vector<std::filesystem::path> dirs, const SearchLimits& limits, int searches_at_once = 2);
  ~ExplorerServer();

  // Binds to host:port (port 0: a free one); returns the port, or throws
  // std::runtime_error when the address cannot be bound.
  int bind(const std::string& host, int port);
  // Serves until stop(); false if it could not.
  bool listen();
  // From any thread, or a signal-watching one: cancels every search and
  // ends every connection at once.
  void stop();

 private:
  // The map only grows (one entry per game and variant of the registry), so
  // a slot found stays.
  GameSlot& slot_for(const std::string& game, const std::string& variant);

  void routes();

  // The statistics (/api/tiers, /api/stats): one TierStatsSlot per game and
  // variant, made at its first request.
  void stats_routes();
  TierStatsSlot& stats_slot_for(const std::string& game, const std::string& variant);
  std::mutex stats_slots_mutex_;
  std::map<std::string, std::unique_ptr<TierStatsSlot>> stats_slots_;

  std::vector<std::filesystem::path> dirs_;
  SearchLimits limits_;
  std::atomic<bool> stopping_{false};
  SearchGate gate_;
  HostCheck hosts_;
  PathScrubber scrub_;
  std::unique_ptr<GuardedHttpServer> http_;
  std::mutex slots_mutex_;
  std::map<std::string, std::unique_ptr<GameSlot>> slots_;
};

}  // namespace rtb::cli
