#include "apps/rtb/serve/explorer_server.hpp"

#include <httplib.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "apps/rtb/serve/guarded_http_server.hpp"
#include "apps/rtb/serve/web_assets.hpp"
#include "service/parameter_checks.hpp"
#include "service/tablebase_path.hpp"
#include "text/printable.hpp"

namespace rtb::cli {

namespace {

using nlohmann::json;

// Longer parameters are refused before anything reads them. Each game's
// session refuses a position text longer than its own limit, derived from
// the game (QuerySession::max_position_length: the longest, Crossings 8x8
// seed, has 129 characters); this bound only keeps huge ones out at once.
constexpr std::size_t kMaxNameLength = 64;
constexpr std::size_t kMaxPositionLength = 1024;
constexpr std::size_t kMaxMovesLength = 1024;  // a whole game's moves, comma-separated
// A game's history (history=): its first position and every move of a long
// game (Bagh-Chal's games under its rule run to a few hundred plies).
constexpr std::size_t kMaxHistoryLength = 4096;

// A request that is wrong: 400 with the message.
struct BadRequest : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void send_json(httplib::Response& res, int status, const json& body) {
  res.status = status;
  // Text from a request (an unknown name, bad position text) can be any
  // bytes: invalid UTF-8 is replaced rather than thrown on.
  res.set_content(body.dump(-1, ' ', false, json::error_handler_t::replace), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  send_json(res, status, {{"error", message}});
}

std::string parameter(const httplib::Request& req, const std::string& name, const std::string& fallback,
                      std::size_t max_length) {
  if (req.get_param_value_count(name) > 1) throw BadRequest("parameter '" + name + "' is given more than once");
  if (!req.has_param(name)) {
    if (fallback.empty()) throw BadRequest("parameter '" + name + "' is missing");
    return fallback;
  }
  std::string value = req.get_param_value(name);
  if (value.size() > max_length)
    throw BadRequest("parameter '" + name + "' is longer than " + std::to_string(max_length) + " characters");
  return value;
}

bool flag(const httplib::Request& req, const std::string& name) {
  const std::string value = req.has_param(name) ? parameter(req, name, "", 8) : "0";
  if (value == "1" || value == "true") return true;
  if (value == "0" || value == "false") return false;
  throw BadRequest("parameter '" + name + "' must be 1, 0, true or false");
}

json board_json(const BoardLook& shape) {
  json lines = json::array(), pieces = json::array(), sides = json::array();
  for (const auto& [a, b] : shape.lines) lines.push_back({a, b});
  for (const PieceLook& p : shape.pieces)
    pieces.push_back({{"letter", std::string(1, p.letter)}, {"name", p.name}, {"colour", p.colour}});
  for (const SideLook& s : shape.sides) sides.push_back({{"letter", std::string(1, s.letter)}, {"name", s.name}});
  return {{"files", shape.files},   {"ranks", shape.ranks},     {"on_points", shape.on_points},
          {"lines", lines},         {"pieces", pieces},         {"sides", sides},
          {"points", shape.points}, {"in_hand", shape.in_hand}, {"off_board", shape.off_board}};
}

// Runs a handler, turning every exception into the JSON error it stands for,
// with the machine's directories scrubbed from its message.
template <class F>
void answer(httplib::Response& res, const PathScrubber& scrub, F&& handler) {
  try {
    handler();
  } catch (const BadRequest& e) {
    send_error(res, 400, scrub(e.what()));
  } catch (const std::invalid_argument& e) {  // bad position text; an unknown game or variant (InvalidParameter)
    send_error(res, 400, scrub(e.what()));
  } catch (const MissingTables& e) {
    send_json(res, 404, {{"error", scrub(e.what())}, {"generate", scrub(e.generate)}});
  } catch (const SearchRefused& e) {
    res.set_header("Retry-After", "1");
    send_json(res, 503, {{"error", e.what()}, {"busy", true}});
  } catch (const std::exception& e) {
    send_error(res, 500, scrub(e.what()));
  } catch (...) {
    send_error(res, 500, "unknown error");
  }
}

// At most this much of a header is echoed in a refusal.
std::string cut(const std::string& text) { return printable(text, 100); }

}  // namespace

ExplorerServer::ExplorerServer(std::vector<std::filesystem::path> dirs, const SearchLimits& limits,
                               int searches_at_once)
    : dirs_(std::move(dirs)),
      limits_(limits),
      gate_(searches_at_once),
      scrub_(dirs_),
      http_(std::make_unique<GuardedHttpServer>()) {
  // cpp-httplib's default socket options add SO_REUSEPORT, with which a
  // second server binds a port in use and the kernel splits the requests
  // between the two. SO_REUSEADDR alone lets a restart bind at once (no wait
  // for TIME_WAIT) and makes a port with a listener refuse the bind.
  http_->set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, reinterpret_cast<const void*>(&yes), sizeof(yes));
  });
  // Every game is made now (about 0.4 s in all), not by the first
  // /api/games, which would otherwise compete for the cores with searches.
  for (const GameEntry& entry : game_registry())
    for (const std::string& v : entry.variants) slot_for(entry.name, v);
  routes();
}

ExplorerServer::~ExplorerServer() = default;

GameSlot& ExplorerServer::slot_for(const std::string& game, const std::string& variant) {
  std::lock_guard lock(slots_mutex_);
  const std::string key = game + '\n' + variant;
  if (const auto found = slots_.find(key); found != slots_.end()) return *found->second;
  // Made before it is stored: an unknown name (InvalidParameter) leaves no entry,
  // so requests for made-up games cannot grow the map.
  const GameChoice choice{game, variant};
  auto made = std::make_unique<GameSlot>(choice, tablebase_dir_for(choice, dirs_).dir, limits_, gate_, stopping_);
  made->set_facts(made->read([](QuerySession& s) {
    return json{{"name", s.variant()},
                {"start", s.start()},
                {"board", board_json(s.board())},
                {"forbids_repetition", s.forbids_repetition()}};
  }));
  return *slots_.emplace(key, std::move(made)).first->second;
}

void ExplorerServer::routes() {
  GuardedHttpServer& http = *http_;
  http.set_payload_max_length(1024);  // the API takes no request bodies

  // Before any route: the Host must be this server's (DNS rebinding), and an
  // API request must not come from another site's page (request_guard.hpp).
  http.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    const std::string host = req.get_header_value("Host");
    if (!hosts_.host_allowed(host)) {
      send_error(res, 421,
                 "rtb serve answers only requests for " + hosts_.allowed_text() + ", not for Host '" + cut(host) +
                     "' (rtb serve is a local tool; --bind names another address)");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (req.path.rfind("/api/", 0) == 0 &&
        !hosts_.same_origin(req.get_header_value("Origin"), req.get_header_value("Sec-Fetch-Site"), host)) {
      send_error(res, 403,
                 "rtb serve's API refuses requests from another site's page (Origin '" +
                     cut(req.get_header_value("Origin")) + "')");
      return httplib::Server::HandlerResponse::Handled;
    }
    // Every page and API answer is a GET (issue 52: a POST was answered 400,
    // as if it were malformed).
    if (req.method != "GET" && req.method != "HEAD") {
      res.set_header("Allow", "GET, HEAD");
      send_error(res, 405, "rtb serve answers GET requests only, not " + cut(req.method));
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });

  // Never waits for a search: the reading sessions only.
  http.Get("/api/games", [this](const httplib::Request&, httplib::Response& res) {
    answer(res, scrub_, [&] {
      json games = json::array();
      for (const GameEntry& entry : game_registry()) {
        json variants = json::array();
        for (const std::string& v : entry.variants) {
          GameSlot& slot = slot_for(entry.name, v);
          json variant = slot.facts();  // made once: the name, the start, the board
          // "default" is another variant's name (Morris: "nine"): listed
          // once, under its own name (issue 52: the page showed "nine" twice).
          if (std::any_of(variants.begin(), variants.end(),
                          [&](const json& w) { return w["name"] == variant["name"]; }))
            continue;
          const TablebaseCoverage c =
              slot.read([](QuerySession& s) { return s.coverage(); });  // live: files come and go
          variant["tablebases"] = {{"tiers", c.tiers}, {"present", c.present}};
          variants.push_back(std::move(variant));
        }
        // "game" as the command line's JSON and Python call it (issue 27:
        // one vocabulary); "name" kept for older clients.
        games.push_back({{"game", entry.name},
                         {"name", entry.name},
                         {"description", entry.description},
                         {"searches", slot_for(entry.name, "default").searches()},
                         {"variants", variants}});
      }
      send_json(res, 200, {{"games", games}});
    });
  });

  // The rules of a variant and how its moves are written, from the game
  // (issue 52): the explorer's rules panel. The reading session only.
  http.Get("/api/rules", [this](const httplib::Request& req, httplib::Response& res) {
    answer(res, scrub_, [&] {
      const std::string game = parameter(req, "game", "", kMaxNameLength);
      const std::string variant = parameter(req, "variant", "default", kMaxNameLength);
      send_json(res, 200, slot_for(game, variant).read([](QuerySession& s) {
        return json{{"game", s.game()}, {"variant", s.variant()}, {"rules", s.rules()}};
      }));
    });
  });

  // Why a game is over, in the words of `rtb play` (service/move_events.hpp):
  // the position with no move, and the one before it (none where the game
  // began there). The explorer's "game over: ..." line. No file is read.
  http.Get("/api/end", [this](const httplib::Request& req, httplib::Response& res) {
    answer(res, scrub_, [&] {
      const std::string game = parameter(req, "game", "", kMaxNameLength);
      const std::string variant = parameter(req, "variant", "default", kMaxNameLength);
      const std::string position = parameter(req, "position", "", kMaxPositionLength);
      const std::string before = req.has_param("before") ? parameter(req, "before", "", kMaxPositionLength) : "";
      send_json(res, 200, slot_for(game, variant).read([&](QuerySession& s) {
        return json{{"position", s.normalise(position)}, {"reason", s.end_reason(before, position)}};
      }));
    });
  });

  http.Get("/api/query", [this](const httplib::Request& req, httplib::Response& res) {
    answer(res, scrub_, [&] {
      const std::string game = parameter(req, "game", "", kMaxNameLength);
      const std::string variant = parameter(req, "variant", "default", kMaxNameLength);
      const std::string position = parameter(req, "position", "start", kMaxPositionLength);
      // Played first, as `rtb query --moves` does (issue 27: it was ignored).
      const std::string moves = req.has_param("moves") ? parameter(req, "moves", "", kMaxMovesLength) : "";
      // The game so far, for the no-repetition rule: as `rtb query --history`.
      const std::string history = req.has_param("history") ? parameter(req, "history", "", kMaxHistoryLength) : "";
      const bool line = flag(req, "line");
      GameSlot& slot = slot_for(game, variant);
      // Read from the files where they cover the position (the reading lock,
      // milliseconds); searched, apart, where they do not.
      std::string played;
      std::optional<std::vector<std::string>> occurred;
      const std::optional<json> read = slot.read([&](QuerySession& s) -> std::optional<json> {
        played = moves.empty() ? position : s.play(position, move_list(moves));
        if (!history.empty()) occurred = s.history_positions(move_list(history, "history"));
        if (s.would_search(played)) return std::nullopt;
        return to_json(occurred ? s.query(played, *occurred, line) : s.query(played, line));
      });
      send_json(res, 200, read ? *read : to_json(slot.search(played, line, occurred ? &*occurred : nullptr)));
    });
  });

  http.Get("/api/cancel", [this](const httplib::Request& req, httplib::Response& res) {
    answer(res, scrub_, [&] {
      const std::string game = parameter(req, "game", "", kMaxNameLength);
      const std::string variant = parameter(req, "variant", "default", kMaxNameLength);
      slot_for(game, variant).cancel();
      send_json(res, 200, {{"cancelled", true}});
    });
  });

  stats_routes();

  for (const WebAsset& asset : web_assets()) {
    const std::string path = asset.path == "/index.html" ? "/" : std::string(asset.path);
    http.Get(path, [&asset](const httplib::Request&, httplib::Response& res) {
      res.set_content(asset.body.data(), asset.body.size(), std::string(asset.content_type));
    });
  }

  // Unknown paths and anything else that failed without a body.
  http.set_error_handler(httplib::Server::HandlerWithResponse([](const httplib::Request& req, httplib::Response& res) {
    // 416: a Range header the library could not parse; its answer stays
    // empty, so that no range is applied to a body.
    if (!res.body.empty() || res.status == 416) return httplib::Server::HandlerResponse::Unhandled;
    send_error(res, res.status, res.status == 404 ? "no such page: " + cut(req.path) : "request failed");
    return httplib::Server::HandlerResponse::Handled;
  }));
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    send_error(res, 500, "internal error");
  });
}

TierStatsSlot& ExplorerServer::stats_slot_for(const std::string& game, const std::string& variant) {
  GameSlot& slot = slot_for(game, variant);  // an unknown name is refused here, before anything is kept
  const std::filesystem::path dir = slot.read([](QuerySession& s) { return s.dir(); });
  std::lock_guard lock(stats_slots_mutex_);
  std::unique_ptr<TierStatsSlot>& kept = stats_slots_[game + '\n' + variant];
  if (!kept) kept = std::make_unique<TierStatsSlot>(GameChoice{game, variant}, dir);
  return *kept;
}

void ExplorerServer::stats_routes() {
  // The tier of position= (in the game's text, "start" accepted).
  const auto position_tier = [this](const httplib::Request& req, const std::string& game, const std::string& variant,
                                    TierStatsSlot& stats) {
    const std::string position = parameter(req, "position", "", kMaxPositionLength);
    const std::string text = slot_for(game, variant).read([&](QuerySession& s) { return s.normalise(position); });
    return stats.counter().tier_of(text);
  };

  // Never counts: the directory is listed.
  http_->Get("/api/tiers", [this, position_tier](const httplib::Request& req, httplib::Response& res) {
    answer(res, scrub_, [&] {
      const std::string game = parameter(req, "game", "", kMaxNameLength);
      const std::string variant = parameter(req, "variant", "default", kMaxNameLength);
      TierStatsSlot& stats = stats_slot_for(game, variant);
      json tiers = json::array();
      for (const TierListing& t : stats.counter().tiers())
        tiers.push_back(
            {{"tier", t.name}, {"slots", t.slots ? json(*t.slots) : json(nullptr)}, {"present", t.present}});
      json out{{"game", game}, {"variant", variant}, {"tiers", tiers}, {"most_slots_counted", kMaxStatsSlots}};
      if (req.has_param("position")) {
        const std::string tier = position_tier(req, game, variant, stats);
        out["position_tier"] = tier.empty() ? json(nullptr) : json(tier);
      }
      send_json(res, 200, out);
    });
  });

  // The tier named by tier=, or the tier of position=; one of the two.
  http_->Get("/api/stats", [this, position_tier](const httplib::Request& req, httplib::Response& res) {
    answer(res, scrub_, [&] {
      const std::string game = parameter(req, "game", "", kMaxNameLength);
      const std::string variant = parameter(req, "variant", "default", kMaxNameLength);
      TierStatsSlot& stats = stats_slot_for(game, variant);
      if (req.has_param("tier") == req.has_param("position"))
        throw BadRequest(req.has_param("tier") ? "give tier= or position=, not both"
                                               : "parameter 'tier' is missing (or give position= for the tier of a "
                                                 "position)");
      const std::string tier =
          req.has_param("tier") ? parameter(req, "tier", "", kMaxNameLength) : position_tier(req, game, variant, stats);
      json row = stats.counts(tier, gate_);
      row["game"] = game;
      row["variant"] = variant;
      send_json(res, 200, row);
    });
  });
}

int ExplorerServer::bind(const std::string& host, int port) {
  const int bound = port == 0 ? http_->bind_to_any_port(host) : http_->bind_to_port(host, port) ? port : -1;
  if (bound <= 0)  // named as asked: a failed bind to any port has no number
    throw std::runtime_error("cannot listen on " + host + ":" + (port == 0 ? "any port" : std::to_string(port)) +
                             " (in use, or not an address of this machine)");
  http_->widen_backlog();
  hosts_.allow(host, bound);
  return bound;
}

bool ExplorerServer::listen() { return http_->serve(); }

void ExplorerServer::stop() {
  stopping_ = true;  // every search's cancel hook sees it at its next clock check
  http_->stop();
}

}  // namespace rtb::cli
