// `rtb serve` against the ways one person could make it unavailable or make
// it lie (issue 28; issue 26 for the superseding search): searches that
// held the HTTP threads, slow and idle clients, Range headers, foreign Host
// and Origin headers, paths in errors, tier files that appear or are
// repaired while it runs, and the seed board's long position text. Each
// test failed before its fix.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <future>
#include <string>
#include <vector>

#include "tests/apps/serve_support.hpp"
#include "tests/support/rtb_process.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using rtb_test::Server;
using serve_test::Clock;
using serve_test::seconds_since;
using serve_test::Timed;
using serve_test::timed_get;

const std::string kCrossings = "/api/query?game=crossings&position=start";  // 8x8: no tablebases, searched
const std::string kSeed = "/api/query?game=crossings&variant=seed&position=start";

std::future<Timed> get_later(int port, const std::string& target) {
  return std::async(std::launch::async, [=] { return timed_get(port, target); });
}

void sleep_s(double s) { std::this_thread::sleep_for(std::chrono::duration<double>(s)); }

// Issue 26 and 28, defect 2: a second search of a game supersedes the first,
// which is stopped and answered 503, rather than queued behind it (three
// clicks finished at 5, 10 and 15 s).
TEST(ServeSearches, ANewSearchOfAGameSupersedesTheOneInFlight) {
  Server server({"--dir", ".", "--seconds", "2"});
  ASSERT_GT(server.port(), 0);
  const auto start = Clock::now();
  auto first = get_later(server.port(), kCrossings);
  sleep_s(0.3);
  auto second = get_later(server.port(), kCrossings + "&moves=a2a3");
  const Timed a = first.get();
  const double first_done = seconds_since(start);
  const Timed b = second.get();
  const double second_took = b.seconds;
  std::cout << "[ supersede ] first: " << a.status << " after " << first_done
            << " s; second (sent at 0.3 s): " << b.status << " in " << second_took << " s\n";
  EXPECT_EQ(a.status, 503) << a.text;
  EXPECT_EQ(a.body.value("busy", false), true) << a.text;
  EXPECT_NE(a.body.value("error", "").find("superseded"), std::string::npos) << a.text;
  EXPECT_LT(first_done, 0.3 + 0.5);  // stopped at once, not at its time limit
  EXPECT_EQ(b.status, 200) << b.text;
  EXPECT_LT(second_took, 2.0 + 0.5);  // its own search only: it did not wait for the first
}

// Issue 28, defect 2: at most --searches run at once; one more is refused
// at once with a JSON 503, and never holds a thread waiting.
TEST(ServeSearches, ASearchBeyondTheLimitIsAnswered503AtOnce) {
  Server server({"--dir", ".", "--seconds", "2", "--searches", "1"});
  ASSERT_GT(server.port(), 0);
  auto first = get_later(server.port(), kCrossings);
  sleep_s(0.3);
  const Timed busy = timed_get(server.port(), kSeed);
  EXPECT_EQ(busy.status, 503) << busy.text;
  EXPECT_EQ(busy.body.value("busy", false), true);
  EXPECT_NE(busy.body.value("error", "").find("busy"), std::string::npos) << busy.text;
  EXPECT_LT(busy.seconds, 0.5);
  EXPECT_EQ(first.get().status, 200);
}

// Issue 28, defect 2: /api/games took every game's lock, and a tablebase
// probe of a game waited for that game's search.
TEST(ServeSearches, GamesAndTablebaseProbesNeverWaitForASearch) {
  const std::string dir = rtb_test::sliding_only_dir().string();
  Server server({"--dir", dir, "--seconds", "3"});
  ASSERT_GT(server.port(), 0);
  auto first = get_later(server.port(), kCrossings);
  auto second = get_later(server.port(), "/api/query?game=bagh-chal&variant=3x3&position=start&line=1");
  sleep_s(0.3);
  for (const std::string& target :
       {std::string("/api/games"), std::string("/api/query?game=crossings&variant=4x4"),
        std::string("/api/query?game=bagh-chal&variant=3x3&position=T.T/G../T.T%20t%200")}) {
    const Timed t = timed_get(server.port(), target);
    EXPECT_NE(t.status, -1) << target;
    EXPECT_NE(t.status, 503) << target;
    EXPECT_LT(t.seconds, 1.0) << target;
  }
  EXPECT_EQ(first.get().status, 200);
  second.get();
}

// Issue 28, defect 2: SIGTERM took 39 s with 12 searches queued; a stop
// cancels every search and ends every connection at once.
TEST(ServeSearches, SigtermEndsTheSearchesAtOnce) {
  Server server({"--dir", ".", "--seconds", "60"});
  ASSERT_GT(server.port(), 0);
  std::vector<std::future<Timed>> searches;
  for (const std::string& target : {kCrossings, kSeed, kCrossings + "&moves=a2a3", kSeed})
    searches.push_back(get_later(server.port(), target));
  const serve_test::SlowClients slow(server.port(), 2, 2, std::chrono::seconds(1));
  sleep_s(0.5);
  const auto start = Clock::now();
  EXPECT_EQ(server.stop(SIGTERM), 0);
  const double took = seconds_since(start);
  std::cout << "[ sigterm ] stopped in " << took << " s with searches of 60 s running\n";
  EXPECT_LT(took, 1.0);
  for (auto& s : searches) s.get();
}

// Issue 28, defect 3: 8 clients sending a header byte every 4 s (each byte
// reset the 10 s read timeout) and 8 idle connections took all 8 threads.
TEST(ServeConnections, SlowAndIdleClientsDoNotStallOthers) {
  Server server({"--dir", rtb_test::tablebase_dir().string()});
  ASSERT_GT(server.port(), 0);
  const serve_test::SlowClients slow(server.port(), 8, 8, std::chrono::seconds(4));
  for (int i = 0; i < 100 && slow.connections() < 16; ++i) sleep_s(0.01);
  ASSERT_GE(slow.connections(), 16);
  sleep_s(0.5);
  double slowest = 0;
  for (int i = 0; i < 20; ++i) {
    const Timed t = timed_get(server.port(), i % 2 ? "/api/games" : "/api/query?game=pangki");
    EXPECT_EQ(t.status, 200);
    slowest = std::max(slowest, t.seconds);
  }
  std::cout << "[ slow clients ] 16 slow or idle connections; slowest of 20 requests: " << slowest << " s\n";
  EXPECT_LT(slowest, 1.0);
}

// Issue 53, item 2: each connection was served by one of 64 threads from
// its first byte to its last, and more waited in an unbounded queue: 64
// sockets sending a byte now and then made every other request wait 5 s,
// 300 made it wait 15 s. 300 here, half trickling, half idle.
TEST(ServeConnections, HundredsOfSlowAndIdleClientsDoNotStallOthers) {
  Server server({"--dir", "."});
  ASSERT_GT(server.port(), 0);
  for (const int sockets : {64, 300}) {
    const serve_test::SlowClients slow(server.port(), sockets / 2, sockets / 2, std::chrono::milliseconds(500));
    for (int i = 0; i < 300 && slow.connections() < sockets; ++i) sleep_s(0.01);
    ASSERT_GE(slow.connections(), sockets);
    sleep_s(0.5);
    double slowest = 0;
    for (int i = 0; i < 10; ++i) {
      const Timed t = timed_get(server.port(), "/api/games", {}, 10);
      EXPECT_EQ(t.status, 200);
      slowest = std::max(slowest, t.seconds);
      sleep_s(0.1);
    }
    std::cout << "[ slow clients ] " << sockets << " slow or idle sockets (" << slow.connections()
              << " connections made); slowest of 10 requests: " << slowest << " s\n";
    EXPECT_LT(slowest, 1.0) << sockets << " slow or idle sockets";
  }
}

// Issue 53, item 1: every answer after the first on a kept-alive
// connection came about 40 ms late (headers and body in two writes without
// TCP_NODELAY: the body waited for the client's delayed ACK), and answers
// advertised `Keep-Alive: timeout=5, max=5` while the server kept a
// connection 2 s idle and for 100 requests. The advertised figures are
// checked against what the server does.
TEST(ServeConnections, KeptAliveAnswersComeAtOnceAndTheirTermsAreKept) {
  Server server({"--dir", "."});
  ASSERT_GT(server.port(), 0);
  // The baseline: first answers on fresh connections, which Nagle's delay
  // never touched (nothing of theirs is waiting for an ACK).
  std::vector<double> fresh;
  for (int i = 0; i < 10; ++i) {
    serve_test::KeptAlive once(server.port());
    const serve_test::KeptAlive::Answer a = once.get("/api/games");
    ASSERT_EQ(a.status, 200) << "fresh connection " << i + 1;
    fresh.push_back(a.seconds * 1000);
  }
  serve_test::KeptAlive connection(server.port());
  ASSERT_TRUE(connection.connected());
  std::vector<double> ms;
  std::string terms;
  for (int i = 0; i < 30; ++i) {
    const serve_test::KeptAlive::Answer a = connection.get("/api/games");
    ASSERT_EQ(a.status, 200) << "request " << i + 1;
    ms.push_back(a.seconds * 1000);
    terms = a.header("Keep-Alive");
  }
  std::cout << "[ keep-alive ] 30 requests on one connection, ms:";
  for (double m : ms) std::cout << " " << m;
  std::cout << "\n[ keep-alive ] first answers on 10 fresh connections, ms:";
  for (double m : fresh) std::cout << " " << m;
  std::cout << "\n";
  // Nagle's delay put answers 40 ms or more behind a fresh connection's,
  // all of them once the client's quick ACKs of a new connection are over
  // (about the first 6 answers here). A loaded machine delays many answers
  // by its scheduling, and a sanitized server answers slowly (CI's
  // ThreadSanitizer run failed a fixed 20 ms bound on the 2nd to 10th),
  // but both touch fresh and kept-alive answers alike: the fastest of the
  // 11th to 30th is compared with the fastest fresh one.
  const double fastest_later = *std::min_element(ms.begin() + 10, ms.end());
  const double fastest_fresh = *std::min_element(fresh.begin(), fresh.end());
  EXPECT_LT(fastest_later, fastest_fresh + 20.0) << "the fastest of the 11th to 30th answers against a fresh one's";

  EXPECT_EQ(terms, "timeout=2, max=100");
  int timeout = 0, max = 0;
  ASSERT_EQ(std::sscanf(terms.c_str(), "timeout=%d, max=%d", &timeout, &max), 2) << terms;
  // max: the connection serves that many requests, the last says so and closes.
  for (int i = 30; i < max - 1; ++i) ASSERT_EQ(connection.get("/api/games").status, 200) << "request " << i + 1;
  const serve_test::KeptAlive::Answer last = connection.get("/api/games");
  EXPECT_EQ(last.status, 200);
  EXPECT_EQ(last.header("Connection"), "close");
  EXPECT_TRUE(connection.closed_by_server(std::chrono::seconds(1)));
  // timeout: an idle connection is kept that long, and closed soon after.
  serve_test::KeptAlive idle(server.port());
  ASSERT_EQ(idle.get("/api/games").status, 200);
  const auto start = Clock::now();
  EXPECT_FALSE(idle.closed_by_server(std::chrono::milliseconds(timeout * 1000 - 300)));
  // Soon after: within the timeout again, room for a loaded or sanitized server.
  EXPECT_TRUE(idle.closed_by_server(std::chrono::milliseconds(timeout * 1000)));
  std::cout << "[ keep-alive ] an idle connection closed after " << seconds_since(start) << " s\n";
}

// Issue 28, defect 4: 0.11.4 cut an API answer to a Range (200 with a cut
// JSON body) and multiplied the page by thousands of ranges (52 MB).
TEST(ServeConnections, RangeHeadersAreIgnored) {
  Server server({"--dir", rtb_test::tablebase_dir().string()});
  ASSERT_GT(server.port(), 0);
  const Timed whole = timed_get(server.port(), "/");
  ASSERT_EQ(whole.status, 200);
  const Timed api = timed_get(server.port(), "/api/games", {{"Range", "bytes=0-10"}});
  EXPECT_EQ(api.status, 200);
  EXPECT_TRUE(api.body.is_object()) << api.text.substr(0, 200);
  std::string ranges = "bytes=0-";  // 2,000 ranges in a 6 KB header (the library takes 8 KB lines)
  for (int i = 1; i < 2000; ++i) ranges += ",0-";
  const Timed many = timed_get(server.port(), "/", {{"Range", ranges}});
  EXPECT_EQ(many.status, 200);
  EXPECT_EQ(many.text, whole.text);
  EXPECT_EQ(many.headers.count("Content-Range"), 0u);
  // Issue 53, item 7: a malformed Range was answered 416 before any other
  // check, the Host check included. It is ignored as any Range is.
  const std::string port = std::to_string(server.port());
  const Timed malformed = timed_get(server.port(), "/api/games", {{"Range", "bytes=abc"}});
  EXPECT_EQ(malformed.status, 200);
  EXPECT_TRUE(malformed.body.is_object()) << malformed.text.substr(0, 200);
  const Timed foreign =
      timed_get(server.port(), "/api/games", {{"Range", "bytes=abc"}, {"Host", "evil.example:" + port}});
  EXPECT_EQ(foreign.status, 421) << foreign.text;
}

// Issue 28, defect 5: a DNS-rebinding page (Host: its own name) could read
// the answers, and any page could start searches.
TEST(ServeRequests, AForeignHostOrSiteIsRefused) {
  Server server({"--dir", rtb_test::tablebase_dir().string()});
  ASSERT_GT(server.port(), 0);
  const std::string port = std::to_string(server.port());
  const std::string query = "/api/query?game=pangki";
  for (const std::string& host : {"localhost:" + port, "127.0.0.1:" + port, "LOCALHOST:" + port})
    EXPECT_EQ(timed_get(server.port(), query, {{"Host", host}}).status, 200) << host;
  for (const std::string& host :
       {std::string("evil.example:") + port, std::string("evil.example"),
        "127.0.0.1:" + std::to_string(server.port() + 1), std::string("localhost.evil:") + port}) {
    const Timed t = timed_get(server.port(), query, {{"Host", host}});
    EXPECT_EQ(t.status, 421) << host;
    EXPECT_NE(t.body.value("error", "").find("local"), std::string::npos) << t.text;
    EXPECT_EQ(timed_get(server.port(), "/", {{"Host", host}}).status, 421) << host;
  }
  const Timed origin = timed_get(server.port(), query, {{"Origin", "http://evil.example"}});
  EXPECT_EQ(origin.status, 403) << origin.text;
  EXPECT_EQ(timed_get(server.port(), query, {{"Sec-Fetch-Site", "cross-site"}}).status, 403);
  EXPECT_EQ(timed_get(server.port(), query, {{"Origin", "http://127.0.0.1:" + port}, {"Sec-Fetch-Site", "same-origin"}})
                .status,
            200);
  // A link from elsewhere may still open the page itself.
  EXPECT_EQ(timed_get(server.port(), "/", {{"Sec-Fetch-Site", "cross-site"}}).status, 200);
}

TEST(ServeRequests, AMethodOtherThanGetIsAnswered405WithAllow) {
  // Issue 52: a POST was answered 400, as if the request were malformed.
  Server server({"--dir", rtb_test::tablebase_dir().string()});
  ASSERT_GT(server.port(), 0);
  httplib::Client client("127.0.0.1", server.port());
  for (const char* path : {"/api/games", "/api/query?game=pangki", "/"}) {
    const httplib::Result post = client.Post(path, "{}", "application/json");
    ASSERT_TRUE(post) << path;
    EXPECT_EQ(post->status, 405) << path << ": " << post->body;
    EXPECT_EQ(post->get_header_value("Allow"), "GET, HEAD") << path;
    EXPECT_NE(post->body.find("GET"), std::string::npos) << post->body;
    const httplib::Result bare = client.Post(path);  // no body, no Content-Length
    ASSERT_TRUE(bare) << path;
    EXPECT_EQ(bare->status, 405) << path << ": " << bare->body;
  }
  const httplib::Result deleted = client.Delete("/api/games");
  ASSERT_TRUE(deleted);
  EXPECT_EQ(deleted->status, 405);
  EXPECT_EQ(timed_get(server.port(), "/api/games").status, 200);
}

TEST(ServeRequests, ABindToEveryAddressTakesAddressesButNoNames) {
  Server server({"--dir", ".", "--bind", "0.0.0.0"});
  ASSERT_GT(server.port(), 0);
  const std::string port = std::to_string(server.port());
  EXPECT_EQ(timed_get(server.port(), "/api/games", {{"Host", "192.168.1.5:" + port}}).status, 200);
  EXPECT_EQ(timed_get(server.port(), "/api/games", {{"Host", "evil.example:" + port}}).status, 421);
}

// Copies a game's folder of tier files into `to`, each by a temporary and a
// rename, as `rtb generate` writes them (a new inode for a file replaced).
void install_tables(const fs::path& from, const fs::path& to) {
  fs::create_directories(to);
  for (const auto& file : fs::directory_iterator(from)) {
    if (file.path().extension() != ".rtb") continue;
    const fs::path temporary = to / (file.path().filename().string() + ".copy");
    fs::copy_file(file.path(), temporary, fs::copy_options::overwrite_existing);
    fs::rename(temporary, to / file.path().filename());
  }
}

// Flips a byte in the middle of every block of a tier file: the header and
// the block table stay valid, so the file opens, and a probe of any block
// finds the damage.
void damage_every_block(const fs::path& file) {
  auto bytes = rtb::test_files::read_bytes(file);
  const auto u64 = [&](std::size_t at) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(i)]);
    return v;
  };
  const std::size_t table = 144;  // tablebases/tier_header.hpp: kHeaderSize
  const std::size_t blocks = (u64(table) - table - 4) / 16;
  for (std::size_t b = 0; b < blocks; ++b) {
    const std::uint64_t offset = u64(table + 16 * b);
    const std::uint32_t size = static_cast<std::uint32_t>(u64(table + 16 * b + 8) & 0xffffffffu);
    bytes[offset + size / 2] = static_cast<char>(bytes[offset + size / 2] ^ 0x55);
  }
  rtb::test_files::write_bytes(file, bytes);
}

// Issue 28, defect 8: a tier missing at the first query stayed 404 after it
// was generated, and a file repaired after an error stayed 500.
TEST(ServeFiles, TiersGeneratedOrRepairedWhileServingAreFound) {
  const rtb_test::ScratchDir scratch("serve-files");
  const fs::path tables = rtb_test::tablebase_dir() / "pangki-default";
  Server server({"--dir", scratch.path().string()});
  ASSERT_GT(server.port(), 0);
  const std::string query = "/api/query?game=pangki";
  EXPECT_EQ(timed_get(server.port(), query).status, 404);
  install_tables(tables, scratch.path() / "pangki-default");
  const Timed found = timed_get(server.port(), query);
  EXPECT_EQ(found.status, 200) << found.text;
  EXPECT_EQ(found.body.value("value", ""), "DRAW");

  // Damaged in place (written before any probe of this server), then
  // repaired by a rename over it.
  Server second({"--dir", scratch.path().string()});
  for (const auto& file : fs::directory_iterator(scratch.path() / "pangki-default")) damage_every_block(file.path());
  const Timed damaged = timed_get(second.port(), query);
  EXPECT_EQ(damaged.status, 500) << damaged.text;
  EXPECT_NE(damaged.text.find("<dir>/pangki-default/"), std::string::npos) << damaged.text;
  EXPECT_EQ(damaged.text.find(scratch.path().string()), std::string::npos) << "an absolute path: " << damaged.text;
  EXPECT_EQ(timed_get(second.port(), query).status, 500);  // the same file: the same error, not a 404
  install_tables(tables, scratch.path() / "pangki-default");
  const Timed repaired = timed_get(second.port(), query);
  EXPECT_EQ(repaired.status, 200) << repaired.text;
  EXPECT_EQ(repaired.body.value("value", ""), "DRAW");
}

// Issue 53, item 4: a relative --dir was shown as given in answers (the
// README promises <dir> for the tablebase directory, however it is given).
TEST(ServeFiles, ARelativeDirIsWrittenDirInAnswers) {
  const rtb_test::ScratchDir scratch("serve-relative");
  const std::string relative = fs::relative(scratch.path()).string();
  ASSERT_FALSE(relative.empty());
  ASSERT_NE(relative.front(), '/');
  for (const std::string& given : {relative, "./" + relative, relative + "/"}) {
    fs::remove_all(scratch.path() / "pangki-default");
    Server server({"--dir", given});
    ASSERT_GT(server.port(), 0) << given;
    const Timed missing = timed_get(server.port(), "/api/query?game=pangki");
    EXPECT_EQ(missing.status, 404) << given;
    EXPECT_EQ(missing.body.value("generate", ""), "rtb generate pangki --dir <dir>") << given << ": " << missing.text;
    EXPECT_EQ(missing.text.find(relative), std::string::npos) << given << ": " << missing.text;
    install_tables(rtb_test::tablebase_dir() / "pangki-default", scratch.path() / "pangki-default");
    for (const auto& file : fs::directory_iterator(scratch.path() / "pangki-default")) damage_every_block(file.path());
    const Timed damaged = timed_get(server.port(), "/api/query?game=pangki");
    EXPECT_EQ(damaged.status, 500) << given << ": " << damaged.text;
    EXPECT_NE(damaged.text.find("<dir>/pangki-default/"), std::string::npos) << given << ": " << damaged.text;
    EXPECT_EQ(damaged.text.find(relative), std::string::npos) << given << ": " << damaged.text;
  }
}

// Issue 28, defect 9: the seed board's position text has 129 characters and
// the server refused more than 128.
TEST(ServeRequests, TheSeedBoardsPositionTextIsTaken) {
  Server server({"--dir", ".", "--seconds", "0.2"});
  ASSERT_GT(server.port(), 0);
  const Timed games = timed_get(server.port(), "/api/games");
  std::string start;
  for (const json& g : games.body["games"])
    for (const json& v : g["variants"])
      if (g["name"] == "crossings" && v["name"] == "seed") start = v["start"];
  ASSERT_EQ(start.size(), 129u);
  const Timed t = timed_get(
      server.port(),
      httplib::append_query_params("/api/query", {{"game", "crossings"}, {"variant", "seed"}, {"position", start}}));
  EXPECT_EQ(t.status, 200) << t.text;
  EXPECT_EQ(t.body.value("source", ""), "search");
}

}  // namespace
