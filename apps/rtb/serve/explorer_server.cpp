#include "apps/rtb/serve/explorer_server.hpp"

#include <httplib.h>

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "apps/rtb/serve/web_assets.hpp"
#include "apps/rtb/usage_error.hpp"
#include "service/parameter_checks.hpp"

namespace rtb::cli {

namespace {

using nlohmann::json;

// Longer parameters are refused before anything reads them: the longest
// position text (5x5 board, side, goats in hand) is under 40 characters.
constexpr std::size_t kMaxNameLength = 64;
constexpr std::size_t kMaxPositionLength = 128;
constexpr std::size_t kMaxMovesLength = 1024;  // a whole game's moves, comma-separated

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
  return {{"files", shape.files}, {"ranks", shape.ranks}, {"on_points", shape.on_points}, {"lines", lines},
          {"pieces", pieces},     {"sides", sides},       {"points", shape.points},       {"in_hand", shape.in_hand}};
}

// Runs a handler, turning every exception into the JSON error it stands for.
template <class F>
void answer(httplib::Response& res, F&& handler) {
  try {
    handler();
  } catch (const BadRequest& e) {
    send_error(res, 400, e.what());
  } catch (const UsageError& e) {  // unknown game or variant
    send_error(res, 400, e.what());
  } catch (const std::invalid_argument& e) {  // bad position text
    send_error(res, 400, e.what());
  } catch (const MissingTables& e) {
    send_json(res, 404, {{"error", e.what()}, {"generate", e.generate}});
  } catch (const std::exception& e) {
    send_error(res, 500, e.what());
  } catch (...) {
    send_error(res, 500, "unknown error");
  }
}

}  // namespace

ExplorerServer::ExplorerServer(std::filesystem::path dir, const SearchLimits& limits)
    : dir_(std::move(dir)), limits_(limits), http_(std::make_unique<httplib::Server>()) {
  // cpp-httplib's default socket options add SO_REUSEPORT, with which a
  // second server binds a port in use and the kernel splits the requests
  // between the two. SO_REUSEADDR alone lets a restart bind at once (no wait
  // for TIME_WAIT) and makes a port with a listener refuse the bind.
  http_->set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, reinterpret_cast<const void*>(&yes), sizeof(yes));
  });
  routes();
}

ExplorerServer::~ExplorerServer() = default;

ExplorerServer::Guarded& ExplorerServer::session_for(const std::string& game, const std::string& variant) {
  std::lock_guard lock(sessions_mutex_);
  const std::string key = game + '\n' + variant;
  if (const auto found = sessions_.find(key); found != sessions_.end()) return *found->second;
  // Made before it is stored: an unknown name (UsageError) leaves no entry,
  // so requests for made-up games cannot grow the map.
  auto made = std::unique_ptr<Guarded>(new Guarded{{}, QuerySession({game, variant}, dir_, limits_)});
  return *sessions_.emplace(key, std::move(made)).first->second;
}

void ExplorerServer::routes() {
  httplib::Server& http = *http_;
  http.set_payload_max_length(1024);  // the API takes no request bodies
  http.set_read_timeout(10);
  http.set_write_timeout(10);

  http.Get("/api/games", [this](const httplib::Request&, httplib::Response& res) {
    answer(res, [&] {
      json games = json::array();
      for (const GameEntry& entry : game_registry()) {
        json variants = json::array();
        for (const std::string& v : entry.variants) {
          Guarded& g = session_for(entry.name, v);
          std::lock_guard lock(g.mutex);
          const TablebaseCoverage c = g.session.coverage();
          variants.push_back({{"name", v},
                              {"start", g.session.start()},
                              {"board", board_json(g.session.board())},
                              {"tablebases", {{"tiers", c.tiers}, {"present", c.present}}}});
        }
        games.push_back({{"name", entry.name},
                         {"description", entry.description},
                         {"searches", session_for(entry.name, "default").session.searches()},
                         {"variants", variants}});
      }
      send_json(res, 200, {{"games", games}});
    });
  });

  http.Get("/api/query", [this](const httplib::Request& req, httplib::Response& res) {
    answer(res, [&] {
      const std::string game = parameter(req, "game", "", kMaxNameLength);
      const std::string variant = parameter(req, "variant", "default", kMaxNameLength);
      const std::string position = parameter(req, "position", "start", kMaxPositionLength);
      // Played first, as `rtb query --moves` does (issue 27: it was ignored).
      const std::string moves = req.has_param("moves") ? parameter(req, "moves", "", kMaxMovesLength) : "";
      const bool line = flag(req, "line");
      Guarded& g = session_for(game, variant);
      std::lock_guard lock(g.mutex);
      const std::string played = moves.empty() ? position : g.session.play(position, move_list(moves));
      send_json(res, 200, to_json(g.session.query(played, line)));
    });
  });

  for (const WebAsset& asset : web_assets()) {
    const std::string path = asset.path == "/index.html" ? "/" : std::string(asset.path);
    http.Get(path, [&asset](const httplib::Request&, httplib::Response& res) {
      res.set_content(asset.body.data(), asset.body.size(), std::string(asset.content_type));
    });
  }

  // Unknown paths and anything else that failed without a body.
  http.set_error_handler(httplib::Server::HandlerWithResponse([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
    send_error(res, res.status, res.status == 404 ? "no such page: " + req.path : "request failed");
    return httplib::Server::HandlerResponse::Handled;
  }));
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    send_error(res, 500, "internal error");
  });
}

int ExplorerServer::bind(const std::string& host, int port) {
  const int bound = port == 0 ? http_->bind_to_any_port(host) : http_->bind_to_port(host, port) ? port : -1;
  if (bound <= 0)  // named as asked: a failed bind to any port has no number
    throw std::runtime_error("cannot listen on " + host + ":" + (port == 0 ? "any port" : std::to_string(port)) +
                             " (in use, or not an address of this machine)");
  return bound;
}

bool ExplorerServer::listen() { return http_->listen_after_bind(); }

void ExplorerServer::stop() { http_->stop(); }

}  // namespace rtb::cli
