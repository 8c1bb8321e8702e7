// `rtb serve` through an HTTP client, as the explorer page and scripts use it:
// /api/query answers exactly what `rtb query --json` prints for the same
// position; bad, oversized and hostile requests get a JSON 400 (a missing
// tablebase a 404 with the generate command) and never stop the server; it
// serves the page, and stops cleanly on SIGTERM and SIGINT.
#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <atomic>
#include <nlohmann/json.hpp>

#include "tests/support/rtb_process.hpp"

namespace {

using nlohmann::json;
using rtb_test::Server;

class ExplorerApi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { dir_ = new std::string(rtb_test::tablebase_dir().string()); }
  static void TearDownTestSuite() { delete dir_; }

  void SetUp() override {
    server_ = std::make_unique<Server>(std::vector<std::string>{"--dir", *dir_});
    ASSERT_GT(server_->port(), 0) << "no URL in: " << server_->first_line() << "\n" << server_->stderr_text();
    client_ = std::make_unique<httplib::Client>("127.0.0.1", server_->port());
    client_->set_read_timeout(30);
  }

  // GET `target` (already encoded); status and body parsed as JSON (null if not JSON).
  std::pair<int, json> get(const std::string& target) {
    const httplib::Result res = client_->Get(target);
    if (!res) return {-1, nullptr};
    return {res->status, json::parse(res->body, nullptr, false)};
  }

  json query(const std::string& game, const std::string& variant, const std::string& position, bool line = false) {
    const httplib::Params params{{"game", game}, {"variant", variant}, {"position", position}};
    const auto [status, body] = get(httplib::append_query_params("/api/query", params) + (line ? "&line=1" : ""));
    EXPECT_EQ(status, 200) << body.dump();
    return body;
  }

  static std::string* dir_;
  std::unique_ptr<Server> server_;
  std::unique_ptr<httplib::Client> client_;
};

std::string* ExplorerApi::dir_ = nullptr;

json rtb_query_json(const std::string& game, const std::string& variant, const std::string& position, bool line,
                    const std::string& dir) {
  std::vector<std::string> args{"query", game, position, "--variant", variant, "--json", "--dir", dir};
  if (line) args.push_back("--line");
  const rtb_test::Outcome r = rtb_test::run_rtb(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return json::parse(r.out, nullptr, false);
}

TEST_F(ExplorerApi, QueryAnswersWhatRtbQueryJsonPrints) {
  struct Case {
    std::string game, variant, position;
  };
  const std::vector<Case> cases{
      {"pangki", "default", "start"},
      {"pangki", "default", "wwww/.w.w/.b.b/bbbb b"},
      {"pangki", "default", ".w../ww../.b../bb.. w"},
      {"cinc-camins", "default", "..w../...../..b../...w./.b... b"},
      {"cinc-camins", "default", "..w../.w.../..b../...../bb... w"},
      {"bagh-chal", "3x3", "start"},
      {"bagh-chal", "3x3", "T.T/G../T.T t 3"},
      {"bagh-chal", "3x3", "TGT/GG./T.T g 0"},
  };
  for (const Case& c : cases) {
    for (const bool line : {false, true}) {
      SCOPED_TRACE(c.game + " " + c.variant + " " + c.position + (line ? " --line" : ""));
      const json served = query(c.game, c.variant, c.position, line);
      const json printed = rtb_query_json(c.game, c.variant, c.position, line, *dir_);
      EXPECT_EQ(served, printed);
      EXPECT_EQ(served.value("source", ""), "tablebase");
    }
  }
  // A value that is not a draw, so the comparison covers distances.
  EXPECT_EQ(query("bagh-chal", "3x3", "T.T/G../T.T t 3")["value"], "WIN");
}

// Issue 27: /api/query ignored moves=; it plays them first, as `rtb query
// --moves` does, and refuses an illegal one with 400.
TEST_F(ExplorerApi, QueryPlaysTheMovesFirstLikeRtbQueryMoves) {
  const httplib::Params params{
      {"game", "pangki"}, {"variant", "default"}, {"position", "start"}, {"moves", "a2b2,c4c3"}};
  const auto [status, served] = get(httplib::append_query_params("/api/query", params));
  ASSERT_EQ(status, 200) << served.dump();
  const rtb_test::Outcome r =
      rtb_test::run_rtb({"query", "pangki", "start", "--moves", "a2b2,c4c3", "--json", "--dir", *dir_});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(served, json::parse(r.out));
  EXPECT_NE(served["position"], query("pangki", "default", "start")["position"]);
  const httplib::Params illegal{{"game", "pangki"}, {"position", "start"}, {"moves", "a1a4"}};
  EXPECT_EQ(get(httplib::append_query_params("/api/query", illegal)).first, 400);
  const httplib::Params empty_move{{"game", "pangki"}, {"position", "start"}, {"moves", "a2b2,,c4c3"}};
  const auto [bad, error] = get(httplib::append_query_params("/api/query", empty_move));
  EXPECT_EQ(bad, 400);
  EXPECT_NE(error.dump().find("empty move"), std::string::npos) << error.dump();
}

TEST_F(ExplorerApi, SearchedQueryIsMarkedSearchedAndProven) {
  // Bagh-Chal 3x3's placement phase searched down to its sliding phase:
  // nodes and seconds differ from run to run, the values must not.
  Server sliding({"--dir", rtb_test::sliding_only_dir().string()});
  httplib::Client client("127.0.0.1", sliding.port());
  const httplib::Result res = client.Get("/api/query?game=bagh-chal&variant=3x3&position=start");
  ASSERT_TRUE(res);
  ASSERT_EQ(res->status, 200) << res->body;
  json served = json::parse(res->body);
  json whole = query("bagh-chal", "3x3", "start");
  EXPECT_EQ(served["source"], "search");
  EXPECT_EQ(served["proven"], true);
  EXPECT_EQ(served["value"], whole["value"]);
  EXPECT_EQ(served["distance"], whole["distance"]);
  ASSERT_EQ(served["moves"].size(), whole["moves"].size());
  for (std::size_t i = 0; i < whole["moves"].size(); ++i) {
    EXPECT_EQ(served["moves"][i]["value"], whole["moves"][i]["value"]);
    EXPECT_EQ(served["moves"][i]["distance"], whole["moves"][i]["distance"]);
  }
}

TEST_F(ExplorerApi, GamesListsEveryVariantWithItsBoardAndTablebases) {
  const auto [status, body] = get("/api/games");
  ASSERT_EQ(status, 200);
  std::map<std::string, json> variants;
  for (const json& game : body["games"])
    for (const json& v : game["variants"])
      variants[game["name"].get<std::string>() + "/" + v["name"].get<std::string>()] = v;
  ASSERT_EQ(variants.count("pangki/default"), 1u);
  // One vocabulary with the command line's JSON and Python: "game" (issue 27).
  for (const json& game : body["games"]) EXPECT_EQ(game["game"], game["name"]) << game.dump().substr(0, 200);
  // The seed reading of Crossings: its squares and the corner points between
  // them in the text's order, and its pieces off the board are a reserve.
  ASSERT_EQ(variants.count("crossings/seed-3x3"), 1u);
  const json& seed = variants["crossings/seed-3x3"]["board"];
  EXPECT_EQ(seed["off_board"], "reserve");
  ASSERT_EQ(seed["points"].size(), 13u);
  EXPECT_EQ(seed["points"][0], "a3");
  EXPECT_EQ(seed["points"][3], "a2+");
  EXPECT_EQ(seed["points"][12], "c1");
  EXPECT_EQ(seed["sides"][0]["name"], "black");
  EXPECT_EQ(variants["pangki/default"]["board"]["off_board"], "captured");
  ASSERT_EQ(variants.count("bagh-chal/3x3"), 1u);
  ASSERT_EQ(variants.count("bagh-chal/3x3-nodiag"), 1u);
  const json& pangki = variants["pangki/default"];
  EXPECT_EQ(pangki["start"], "wwww/w..w/b..b/bbbb b");
  EXPECT_EQ(pangki["board"]["files"], 4);
  EXPECT_EQ(pangki["board"]["on_points"], false);
  EXPECT_EQ(pangki["tablebases"]["present"], pangki["tablebases"]["tiers"]);
  EXPECT_EQ(variants["pangki/arrival"]["tablebases"]["present"], 0);
  // 3x3 alquerque: 12 orthogonal lines and the 4 diagonals through the
  // centre; without diagonals, 12.
  const json& small = variants["bagh-chal/3x3"];
  EXPECT_EQ(small["board"]["on_points"], true);
  EXPECT_EQ(small["board"]["lines"].size(), 16u);
  EXPECT_NE(std::find(small["board"]["lines"].begin(), small["board"]["lines"].end(), json{"a1", "b2"}),
            small["board"]["lines"].end());
  EXPECT_EQ(variants["bagh-chal/3x3-nodiag"]["board"]["lines"].size(), 12u);
  EXPECT_EQ(variants["bagh-chal/default"]["board"]["files"], 5);
  EXPECT_EQ(variants["bagh-chal/default"]["start"], "T...T/...../...../...../T...T g 20");
  EXPECT_EQ(small["board"]["in_hand"], "G");           // one hand field, the goats
  EXPECT_EQ(small["board"]["points"], json::array());  // every square a point
  EXPECT_EQ(pangki["board"]["points"], json::array());
  EXPECT_EQ(pangki["board"]["in_hand"], "");
  // Morris: the text writes only the points, rank by rank from the top (24 of
  // nine's 7x7 grid, 16 of six's 5x5), then two hands, White's and Black's.
  ASSERT_EQ(variants.count("morris/nine"), 1u);
  const json& nine = variants["morris/nine"]["board"];
  EXPECT_EQ(nine["files"], 7);
  EXPECT_EQ(nine["ranks"], 7);
  EXPECT_EQ(nine["on_points"], true);
  EXPECT_EQ(nine["in_hand"], "wb");
  ASSERT_EQ(nine["points"].size(), 24u);
  EXPECT_EQ(nine["points"][0], "a7");
  EXPECT_EQ(nine["points"][1], "d7");
  EXPECT_EQ(nine["points"][9], "a4");
  EXPECT_EQ(nine["points"][23], "g1");
  EXPECT_EQ(nine["lines"].size(), 32u);
  const auto joined = [&](const json& look, const std::string& a, const std::string& b) {
    const json& lines = look["lines"];
    return std::find(lines.begin(), lines.end(), json{a, b}) != lines.end() ||
           std::find(lines.begin(), lines.end(), json{b, a}) != lines.end();
  };
  EXPECT_TRUE(joined(nine, "a7", "d7"));  // across three files
  EXPECT_TRUE(joined(nine, "d7", "d6"));
  EXPECT_FALSE(joined(nine, "a7", "b6"));  // no diagonals
  EXPECT_EQ(variants["morris/nine"]["start"], ".../.../.../....../.../.../... w 9 9");
  const json& six = variants["morris/six"]["board"];
  EXPECT_EQ(six["files"], 5);
  EXPECT_EQ(six["points"].size(), 16u);
  EXPECT_EQ(six["lines"].size(), 20u);
  EXPECT_EQ(six["in_hand"], "wb");
  EXPECT_EQ(variants["morris/seven"]["board"]["points"].size(), 17u);
  // Morabaraba's board: nine's points and links and the four diagonals,
  // which the page draws from this list.
  ASSERT_EQ(variants.count("morris/morabaraba"), 1u);
  const json& morabaraba = variants["morris/morabaraba"]["board"];
  EXPECT_EQ(morabaraba["points"], nine["points"]);
  EXPECT_EQ(morabaraba["lines"].size(), 40u);
  for (const auto& [a, b] :
       {std::pair{"a7", "b6"}, std::pair{"b6", "c5"}, std::pair{"g7", "f6"}, std::pair{"f6", "e5"},
        std::pair{"a1", "b2"}, std::pair{"b2", "c3"}, std::pair{"g1", "f2"}, std::pair{"f2", "e3"}})
    EXPECT_TRUE(joined(morabaraba, a, b)) << a << "-" << b;
  EXPECT_EQ(variants["morris/lasker"]["board"]["lines"].size(), 32u);
  EXPECT_EQ(variants["morris/lasker"]["start"], ".../.../.../....../.../.../... w 10 10");
}

TEST_F(ExplorerApi, BadInputGets400WithAJsonErrorThatSaysWhat) {
  const std::string long_text(5000, 'w');
  const std::vector<std::pair<std::string, std::string>> cases{
      {"/api/query", "parameter 'game' is missing"},
      {"/api/query?game=chess", "unknown game 'chess'"},
      {"/api/query?game=pangki&variant=huge", "unknown variant 'huge'"},
      {"/api/query?game=pangki&position=xx", "unknown character"},
      {"/api/query?game=pangki&position=wwww/w..w/b..b/bbbb%20x", "pangki"},
      {"/api/query?game=pangki&position=wwww/wwww/wwww/bbbb%20b", "pangki"},
      {"/api/query?game=pangki&position=" + long_text, "longer than 1024 characters"},
      // Issue 28: each game's own limit, derived from the game; the echo is cut.
      {"/api/query?game=pangki&position=" + std::string(300, 'w'), "pangki (default) positions have at most 74"},
      {"/api/query?game=" + long_text, "longer than 64 characters"},
      {"/api/query?game=pangki&game=bagh-chal", "more than once"},
      {"/api/query?game=pangki&line=maybe", "must be 1, 0, true or false"},
      {"/api/query?game=pangki%00&position=start", "unknown game"},
      {"/api/query?game=%FF%FE%80&position=start", "unknown game"},
      {"/api/query?game=pangki&position=%00%01%02", "pangki"},
      {"/api/query?game=bagh-chal&variant=3x3&position=T.T/.../T.T%20g%2099", "bagh-chal"},
      {"/api/query?game=pangki&position=w%0Aw%0A", "pangki"},
  };
  for (const auto& [target, message] : cases) {
    SCOPED_TRACE(target.substr(0, 120));
    const auto [status, body] = get(target);
    EXPECT_EQ(status, 400);
    ASSERT_TRUE(body.is_object()) << "not JSON";
    EXPECT_NE(body.value("error", "").find(message), std::string::npos) << body.dump();
  }
  const auto [status, body] = get("/etc/passwd/../../api/query");
  EXPECT_EQ(status, 404);
  EXPECT_EQ(get("/api/query?game=pangki").first, 200) << "the server stopped answering";
}

TEST_F(ExplorerApi, RulesAreTheGamesOwnForTheVariantAsMade) {
  // Issue 52: the explorer's rules panel, from the game; no tablebase needed.
  const auto [status, nine] = get("/api/rules?game=morris");
  ASSERT_EQ(status, 200) << nine.dump();
  EXPECT_EQ(nine["game"], "morris");
  EXPECT_EQ(nine["variant"], "nine");
  const std::string text = nine["rules"];
  EXPECT_EQ(text.rfind("Board: 24 points", 0), 0u) << text;
  EXPECT_NE(text.find("\nMills: "), std::string::npos) << text;
  EXPECT_NE(text.find("\nMoves: d7 places a stone"), std::string::npos) << text;
  EXPECT_EQ(get("/api/rules?game=morris&variant=nine").second, nine);
  const auto [morabaraba_status, morabaraba] = get("/api/rules?game=morris&variant=morabaraba");
  ASSERT_EQ(morabaraba_status, 200);
  EXPECT_NE(morabaraba["rules"].get<std::string>().find("\nFull board: "), std::string::npos) << morabaraba.dump();
  const auto [seed_status, seed] = get("/api/rules?game=crossings&variant=seed-3x3");
  ASSERT_EQ(seed_status, 200);
  EXPECT_NE(seed["rules"].get<std::string>().find("a1+ joins a1, b1, a2 and b2"), std::string::npos) << seed.dump();
  for (const auto& [target, message] : std::vector<std::pair<std::string, std::string>>{
           {"/api/rules", "parameter 'game' is missing"},
           {"/api/rules?game=chess", "unknown game 'chess'"},
           {"/api/rules?game=pangki&variant=huge", "unknown variant 'huge'"}}) {
    const auto [bad, body] = get(target);
    EXPECT_EQ(bad, 400) << target;
    EXPECT_NE(body.value("error", "").find(message), std::string::npos) << body.dump();
  }
}

TEST_F(ExplorerApi, EndSaysWhyTheGameIsOverInTheWordsOfRtbPlay) {
  // The explorer's "game over: ..." line, from the service (one place for
  // it, shared with rtb play); no tablebase needed. A crossing one up that
  // white cannot answer (tests/apps/play_test.cpp plays the same).
  const std::string before = "..w./b.../..../...b b", after = "B.w./..../..../...b w";
  const auto at = [&](const httplib::Params& params) { return get(httplib::append_query_params("/api/end", params)); };
  const auto [status, end] = at({{"game", "crossings"}, {"variant", "4x4"}, {"position", after}, {"before", before}});
  ASSERT_EQ(status, 200) << end.dump();
  EXPECT_EQ(end["reason"], "white cannot answer the crossing: black wins");
  EXPECT_EQ(end["position"], after);
  // Where the game began there, no move is to blame.
  const auto [alone_status, alone] = at({{"game", "crossings"}, {"variant", "4x4"}, {"position", after}});
  ASSERT_EQ(alone_status, 200) << alone.dump();
  EXPECT_EQ(alone["reason"], "white has lost");
  for (const auto& [params, message] : std::vector<std::pair<httplib::Params, std::string>>{
           {{{"game", "crossings"}, {"variant", "4x4"}}, "parameter 'position' is missing"},
           {{{"game", "crossings"}, {"variant", "4x4"}, {"position", "start"}}, "the game is not over in"},
           {{{"game", "crossings"}, {"variant", "4x4"}, {"position", after}, {"before", "start"}},
            "no move leads from"},
           {{{"game", "crossings"}, {"variant", "4x4"}, {"position", "w w"}}, "crossings"}}) {
    const auto [bad, body] = at(params);
    EXPECT_EQ(bad, 400) << body.dump();
    EXPECT_NE(body.value("error", "").find(message), std::string::npos) << body.dump();
  }
}

TEST_F(ExplorerApi, MissingTablebaseGets404WithTheGenerateCommand) {
  // Cinc camins is generated up to 3 pieces a side: the start is not covered.
  const auto [status, body] = get("/api/query?game=cinc-camins&position=start");
  EXPECT_EQ(status, 404);
  // Issue 28: no answer names a directory of the machine; the tablebase
  // directory (absolute here) is written <dir>.
  EXPECT_EQ(body.value("generate", ""), "rtb generate cinc-camins --dir <dir>");
  EXPECT_EQ(body.dump().find(*dir_), std::string::npos) << body.dump();
  EXPECT_NE(body.value("error", "").find("5-5"), std::string::npos) << body.dump();
  const auto [arrival_status, arrival] = get("/api/query?game=pangki&variant=arrival");
  EXPECT_EQ(arrival_status, 404);
  EXPECT_EQ(arrival.value("generate", ""), "rtb generate pangki --variant arrival --dir <dir>");
}

// Sends raw bytes on a fresh connection and reads whatever comes back.
std::string raw_exchange(int port, const std::string& bytes) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string reply;
  timeval timeout{2, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
    ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    ::shutdown(fd, SHUT_WR);
    char buffer[4096];
    for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) reply.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return reply;
}

TEST_F(ExplorerApi, SurvivesABurstOfHostileRequests) {
  const int port = server_->port();
  // Malformed HTTP on raw connections.
  std::string junk;
  for (int i = 0; i < 3000; ++i) junk += static_cast<char>((i * 7919) % 256);
  const std::vector<std::string> raw{
      junk,
      "GET /api/query?game=pangki HTTP/1.1\r\n",                                // headers never end
      "GET /" + std::string(100000, 'a') + " HTTP/1.1\r\nHost: x\r\n\r\n",      // huge target
      "GET /api/games HTTP/1.1\r\n" + std::string(20000, 'X') + ": y\r\n\r\n",  // huge header
      "POST /api/query HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\nabc",
      "GET /api/query?game=pangki HTTP/9.9\r\n\r\n",
      "\r\n\r\n\r\n",
      "DELETE /api/games HTTP/1.1\r\nHost: x\r\n\r\n",
  };
  for (const std::string& bytes : raw) raw_exchange(port, bytes);
  // Many clients at once, good and bad requests mixed.
  const std::vector<std::string> targets{"/api/query?game=pangki",
                                         "/api/query?game=pangki&position=%FF",
                                         "/api/query?game=nope",
                                         "/api/games",
                                         "/api/query?game=bagh-chal&variant=3x3",
                                         "/api/query?game=pangki&position=" + std::string(3000, '/'),
                                         "/api/query?game=cinc-camins",
                                         "/api/query?game=bagh-chal&variant=3x3&position=T.T/G../T.T%20t%203&line=1"};
  std::atomic<int> answered{0}, server_errors{0};
  std::vector<std::thread> clients;
  for (int t = 0; t < 6; ++t) {
    clients.emplace_back([&, t] {
      httplib::Client client("127.0.0.1", port);
      client.set_read_timeout(30);
      for (int i = 0; i < 24; ++i) {
        const httplib::Result res = client.Get(targets[(t + i) % targets.size()]);
        if (!res) continue;
        ++answered;
        if (res->status >= 500) ++server_errors;
      }
    });
  }
  for (std::thread& c : clients) c.join();
  EXPECT_EQ(answered.load(), 6 * 24);
  EXPECT_EQ(server_errors.load(), 0);
  ASSERT_TRUE(server_->running());
  const json after = query("pangki", "default", "start");
  EXPECT_EQ(after["value"], "DRAW");
  EXPECT_EQ(after["moves"].size(), 4u);
}

TEST_F(ExplorerApi, ServesTheExplorerPage) {
  const httplib::Result page = client_->Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("<svg id=\"board\""), std::string::npos);
  EXPECT_NE(page->get_header_value("Content-Type").find("text/html"), std::string::npos);
  const httplib::Result script = client_->Get("/explorer.js");
  ASSERT_TRUE(script);
  EXPECT_EQ(script->status, 200);
  EXPECT_NE(script->body.find("/api/query"), std::string::npos);
  EXPECT_NE(script->get_header_value("Content-Type").find("javascript"), std::string::npos);
  const httplib::Result style = client_->Get("/explorer.css");
  ASSERT_TRUE(style);
  EXPECT_EQ(style->status, 200);
}

TEST_F(ExplorerApi, StopsCleanlyOnSigtermAndSigint) {
  EXPECT_EQ(server_->stop(SIGTERM), 0);
  EXPECT_NE(server_->stderr_text().find("stopped"), std::string::npos);
  Server second({"--dir", *dir_});
  ASSERT_GT(second.port(), 0);
  EXPECT_EQ(second.stop(SIGINT), 0);
}

TEST(ExplorerServe, BindingBeyondLoopbackWarnsOfNoAuthentication) {
  Server loopback({"--dir", "."});
  ASSERT_GT(loopback.port(), 0);
  EXPECT_EQ(loopback.first_line().find("http://127.0.0.1:"), loopback.first_line().find("http://"));
  loopback.stop();
  EXPECT_EQ(loopback.stderr_text().find("no authentication"), std::string::npos);
  Server open({"--bind", "0.0.0.0", "--dir", "."});
  ASSERT_GT(open.port(), 0);
  open.stop();
  EXPECT_NE(open.stderr_text().find("no authentication"), std::string::npos);
}

TEST(ExplorerServe, BadOptionsAreRefused) {
  const rtb_test::Outcome port = rtb_test::run_rtb({"serve", "--port", "70000"});
  EXPECT_EQ(port.exit_code, 2);
  EXPECT_NE(port.err.find("--port"), std::string::npos);
  // An address of no interface here (TEST-NET-1): the bind fails, named as given.
  const rtb_test::Outcome elsewhere = rtb_test::run_rtb({"serve", "--port", "0", "--bind", "192.0.2.1"});
  EXPECT_EQ(elsewhere.exit_code, 1);
  EXPECT_NE(elsewhere.err.find("cannot listen on 192.0.2.1:any port"), std::string::npos) << elsewhere.err;
  const rtb_test::Outcome address = rtb_test::run_rtb({"serve", "--port", "0", "--bind", "256.1.1.1"});
  EXPECT_EQ(address.exit_code, 2);
  // Issue 28: an address that is not an IP is refused before any bind (it
  // was looked up as a name: "999.1.1.1:-1"; '' bound ::1 and printed
  // http://:PORT/).
  EXPECT_NE(address.err.find("--bind must be an address"), std::string::npos) << address.err;
  for (const std::string bind : {"", "999.1.1.1", "example.com"}) {
    const rtb_test::Outcome r = rtb_test::run_rtb({"serve", "--port", "0", "--bind", bind, "--dir", "."});
    EXPECT_EQ(r.exit_code, 2) << bind;
    EXPECT_NE(r.err.find("--bind must be an address"), std::string::npos) << r.err;
    EXPECT_EQ(r.all().find(":-1"), std::string::npos) << r.all();
  }
  // Issue 28: a negative budget wrapped to 2^64; an infinite time was taken.
  const std::vector<std::pair<std::vector<std::string>, std::string>> refused{
      {{"--nodes", "-5"}, "--nodes"},      {{"--nodes", "0"}, "--nodes"},       {{"--seconds", "inf"}, "--seconds"},
      {{"--seconds", "nan"}, "--seconds"}, {{"--seconds", "1e9"}, "--seconds"}, {{"--seconds", "0"}, "--seconds"},
      {{"--searches", "0"}, "--searches"},
  };
  for (const auto& [options, named] : refused) {
    std::vector<std::string> args{"serve", "--port", "0", "--dir", "."};
    args.insert(args.end(), options.begin(), options.end());
    const rtb_test::Outcome r = rtb_test::run_rtb(rtb_test::Launch{args}, std::chrono::seconds(10));
    EXPECT_EQ(r.exit_code, 2) << options[0] << " " << options[1] << ": " << r.all();
    EXPECT_NE(r.err.find(named), std::string::npos) << r.err;
  }
}

// Issue 28: 'a2b2,' was taken as 'a2b2' while ',a2b2' was refused.
TEST_F(ExplorerApi, AnEmptyMoveIsRefusedWhereverItIs) {
  for (const std::string moves : {"a2b2,", ",a2b2", "a2b2,,c4c3"}) {
    const httplib::Params params{{"game", "pangki"}, {"position", "start"}, {"moves", moves}};
    const auto [status, body] = get(httplib::append_query_params("/api/query", params));
    EXPECT_EQ(status, 400) << moves;
    EXPECT_NE(body.value("error", "").find("empty move"), std::string::npos) << body.dump();
  }
}

// Issue 27: with cpp-httplib's SO_REUSEPORT a second server bound the port
// of the first and the kernel split the requests between them. The second
// must be refused, and the first must go on answering alone.
TEST(ExplorerServe, APortInUseIsRefused) {
  Server first({"--dir", "."});
  ASSERT_GT(first.port(), 0);
  const rtb_test::Outcome second = rtb_test::run_rtb({"serve", "--port", std::to_string(first.port()), "--dir", "."});
  EXPECT_EQ(second.exit_code, 1) << second.err;
  EXPECT_NE(second.err.find("cannot listen on 127.0.0.1:" + std::to_string(first.port())), std::string::npos)
      << second.err;
  httplib::Client client("127.0.0.1", first.port());
  const httplib::Result games = client.Get("/api/games");
  ASSERT_TRUE(games);
  EXPECT_EQ(games->status, 200);
  EXPECT_EQ(first.stop(), 0);
}

}  // namespace

namespace {

// Bagh-Chal 3x3: five moves from the first position come back round, and the
// goats' best move there returns to it (tests/apps/repetition_rule_test.cpp).
const char* const kCycleFirst = "TTT/GTG/G.G t 0";
const char* const kCycleMoves = "b2b1,c1b2,b1c1,b2b1,c1b2";
const char* const kCycleEnd = "TTT/GTG/GG. g 0";

}  // namespace

TEST_F(ExplorerApi, HistoryAppliesTheNoRepetitionRuleAsRtbQueryHistoryDoes) {
  const std::string history = std::string(kCycleFirst) + "," + kCycleMoves;
  const httplib::Params params{
      {"game", "bagh-chal"}, {"variant", "3x3"}, {"position", kCycleEnd}, {"history", history}};
  const auto [status, body] = get(httplib::append_query_params("/api/query", params));
  ASSERT_EQ(status, 200) << body.dump();
  const rtb_test::Outcome cli = rtb_test::run_rtb(
      {"query", "bagh-chal", kCycleEnd, "--variant", "3x3", "--history", history, "--json", "--dir", *dir_});
  ASSERT_EQ(cli.exit_code, 0) << cli.err;
  EXPECT_EQ(body, json::parse(cli.out));
  EXPECT_EQ(body["rule"]["best_allowed"], "c2c1") << body.dump();
  EXPECT_EQ(body["moves"][0]["forbidden"], "repeats the first position (no position may occur twice)");
  // The games that have the rule say so, for the page's switch.
  const auto [games_status, games] = get("/api/games");
  ASSERT_EQ(games_status, 200);
  for (const json& game : games["games"])
    for (const json& v : game["variants"])
      EXPECT_EQ(v["forbids_repetition"], game["name"] == "bagh-chal") << game["name"] << " " << v["name"];
  // A game without the rule refuses a history.
  const auto [bad, refusal] =
      get(httplib::append_query_params("/api/query", {{"game", "pangki"}, {"position", "start"}, {"history", "b1b2"}}));
  EXPECT_EQ(bad, 400);
  EXPECT_NE(refusal.value("error", "").find("no rule against repeated positions"), std::string::npos) << refusal.dump();
}

// ---- statistics: /api/tiers and /api/stats (issue 52) ----

json rtb_stats_row(const std::string& game, const std::string& variant, const std::string& tier,
                   const std::string& dir) {
  const rtb_test::Outcome r =
      rtb_test::run_rtb({"stats", game, "--variant", variant, "--tiers", tier, "--json", "--dir", dir});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const json out = json::parse(r.out, nullptr, false);
  return out.is_object() && out["tiers"].size() == 1 ? out["tiers"][0] : json(nullptr);
}

TEST_F(ExplorerApi, StatsAnswerATiersRowOfRtbStatsJson) {
  struct Case {
    std::string game, variant, tier;
  };
  for (const Case& c : std::vector<Case>{{"pangki", "default", "2-2"},
                                         {"pangki", "default", "6-6"},
                                         {"cinc-camins", "default", "3-2"},
                                         {"bagh-chal", "3x3", "h0-c0-t"}}) {
    SCOPED_TRACE(c.game + " " + c.tier);
    const json expected = rtb_stats_row(c.game, c.variant, c.tier, *dir_);
    ASSERT_TRUE(expected.is_object());
    ASSERT_TRUE(expected.contains("distances"));
    const auto target = [&](const std::string& path) {
      return httplib::append_query_params(path, {{"game", c.game}, {"variant", c.variant}, {"tier", c.tier}});
    };
    for (int ask = 0; ask < 2; ++ask) {  // counted, then kept: the same answer
      auto [status, body] = get(target("/api/stats"));
      ASSERT_EQ(status, 200) << body.dump();
      EXPECT_EQ(body["game"], c.game);
      EXPECT_EQ(body["variant"], c.variant);
      body.erase("game");
      body.erase("variant");
      EXPECT_EQ(body, expected);
    }
  }
  // The tier of a position, listed with the others.
  const auto [status, listing] = get("/api/tiers?game=pangki&position=start");
  ASSERT_EQ(status, 200) << listing.dump();
  EXPECT_EQ(listing["position_tier"], "6-6");
  ASSERT_EQ(listing["tiers"].size(), 25u);
  EXPECT_EQ(listing["tiers"][0], (json{{"tier", "2-2"}, {"slots", 1911}, {"present", true}}));
  const auto [by_position_status, by_position] = get("/api/stats?game=pangki&position=start");
  EXPECT_EQ(by_position_status, 200);
  EXPECT_EQ(by_position["tier"], "6-6");
  // Cinc camins is generated up to 3 pieces a side: 5-5 is listed, not
  // present, and with no size (sizes come from the files' headers: sizing
  // every tier from the game took 50 s on Morabaraba, 30 s under TSan on
  // Nine Men's Morris, before any tier was counted).
  const auto [cinc_status, cinc] = get("/api/tiers?game=cinc-camins");
  ASSERT_EQ(cinc_status, 200);
  bool found = false;
  for (const json& t : cinc["tiers"])
    if (t["tier"] == "5-5") {
      found = true;
      EXPECT_EQ(t["present"], false);
      EXPECT_TRUE(t["slots"].is_null()) << t.dump();
    } else if (t["tier"] == "3-3") {
      EXPECT_EQ(t["present"], true);
      EXPECT_GT(t["slots"].get<std::uint64_t>(), 0u) << t.dump();
    }
  EXPECT_TRUE(found) << cinc.dump();
  EXPECT_FALSE(cinc.contains("position_tier"));
  // A variant without tablebases lists no tier.
  const auto [none_status, none] = get("/api/tiers?game=crossings&position=start");
  EXPECT_EQ(none_status, 200);
  EXPECT_EQ(none["tiers"], json::array());
  EXPECT_EQ(none["position_tier"], nullptr);
}

TEST_F(ExplorerApi, StatsRefuseWhatTheyCannotCountWithAJsonErrorThatSaysWhat) {
  const std::string long_text(5000, 'w');
  struct Case {
    std::string target;
    int status;
    std::string message;
  };
  const std::vector<Case> cases{
      {"/api/stats", 400, "parameter 'game' is missing"},
      {"/api/stats?game=pangki", 400, "parameter 'tier' is missing"},
      {"/api/stats?game=chess&tier=2-2", 400, "unknown game 'chess'"},
      {"/api/stats?game=pangki&variant=huge&tier=2-2", 400, "unknown variant 'huge'"},
      {"/api/stats?game=pangki&tier=9-9", 400, "no tier '9-9' in pangki (default)"},
      {"/api/stats?game=pangki&tier=", 400, "no tier '' in pangki"},
      {"/api/stats?game=pangki&tier=%FF%00", 400, "no tier"},
      {"/api/stats?game=pangki&tier=../../etc/passwd", 400, "no tier"},
      {"/api/stats?game=pangki&tier=" + long_text, 400, "longer than 64 characters"},
      {"/api/stats?game=pangki&tier=2-2&tier=2-3", 400, "more than once"},
      {"/api/stats?game=pangki&tier=2-2&position=start", 400, "not both"},
      {"/api/stats?game=pangki&position=xx", 400, "unknown character"},
      {"/api/stats?game=pangki&position=" + long_text, 400, "longer than 1024 characters"},
      {"/api/stats?game=crossings&position=start", 400, "has no tablebases to count"},
      {"/api/tiers", 400, "parameter 'game' is missing"},
      {"/api/tiers?game=chess", 400, "unknown game 'chess'"},
      {"/api/tiers?game=pangki&position=%00", 400, "pangki"},
      // Counting reads a whole tier: one larger than the server counts is
      // refused before its file is looked for, with the command that counts it.
      {"/api/stats?game=morris&variant=nine&tier=p16-w8-b8", 400,
       "tier p16-w8-b8 has 603,332,730 values to read, more than rtb serve counts (67,108,864); count it with: "
       "rtb stats morris --variant nine --tiers p16-w8-b8 --dir <dir>"},
      // A missing file: 404 with the generate command, as /api/query.
      {"/api/stats?game=cinc-camins&tier=4-4", 404, "missing tablebase file <dir>/cinc-camins-default/4-4.rtb"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.target.substr(0, 120));
    const auto [status, body] = get(c.target);
    EXPECT_EQ(status, c.status);
    ASSERT_TRUE(body.is_object()) << "not JSON";
    EXPECT_NE(body.value("error", "").find(c.message), std::string::npos) << body.dump();
    EXPECT_EQ(body.dump().find(*dir_), std::string::npos) << "a directory of the machine: " << body.dump();
  }
  const auto [status, body] = get("/api/stats?game=cinc-camins&tier=4-4");
  EXPECT_EQ(body.value("generate", ""), "rtb generate cinc-camins --dir <dir>");
  // Many clients at once, counts and refusals mixed: no 5xx, and the server
  // still answers.
  const std::vector<std::string> targets{"/api/stats?game=pangki&tier=6-5",       "/api/stats?game=pangki&tier=nope",
                                         "/api/stats?game=cinc-camins&tier=4-4",  "/api/tiers?game=morris",
                                         "/api/stats?game=pangki&position=start", "/api/stats?game=bagh-chal"};
  std::atomic<int> answered{0}, server_errors{0};
  std::vector<std::thread> clients;
  for (int t = 0; t < 4; ++t) {
    clients.emplace_back([&, t] {
      httplib::Client client("127.0.0.1", server_->port());
      client.set_read_timeout(30);
      for (int i = 0; i < 12; ++i) {
        const httplib::Result res = client.Get(targets[(t + i) % targets.size()]);
        if (!res) continue;
        ++answered;
        if (res->status >= 500 && res->status != 503) ++server_errors;  // 503: busy counting, said so
      }
    });
  }
  for (std::thread& c : clients) c.join();
  EXPECT_EQ(answered.load(), 4 * 12);
  EXPECT_EQ(server_errors.load(), 0);
  EXPECT_EQ(get("/api/stats?game=pangki&tier=2-2").first, 200) << "the server stopped answering";
  const httplib::Result script = client_->Get("/explorer_stats.js");
  ASSERT_TRUE(script);
  EXPECT_EQ(script->status, 200);
  EXPECT_NE(script->body.find("/api/stats"), std::string::npos);
}
