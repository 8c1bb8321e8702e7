// `rtb serve` under load, on 127.0.0.1 only, bounded to about 35 s (issue
// 28): 200 clients probing the tablebases without a pause, first alone (on a
// new connection a request, then for 5 s on kept-alive connections), then
// for 10 s with searches mixed in (clients that ask for 8x8 Crossings,
// superseding each other) and 8 slow clients (a header byte every 4 s) and
// 8 idle ones. Every probe must be answered, within 1 s, and the server's
// resident memory must stay within 20 MB of where it was after a warm-up.
// Then 50 searched 8x8 queries in a row: the memory after the first must
// stay flat (BoundedSearch's table is of a fixed size). The figures are
// printed for the record.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tests/apps/serve_support.hpp"
#include "tests/support/rtb_process.hpp"
#include "tests/support/sanitized_run.hpp"

namespace {

using nlohmann::json;
using rtb_test::Server;
using serve_test::Clock;
using serve_test::seconds_since;
using serve_test::Timed;
using serve_test::timed_get;

struct Figures {
  std::size_t answered = 0, failed = 0, slow = 0;  // probes: 200, not 200, over 1 s
  std::size_t searches = 0, searches_busy = 0;     // search requests: 200, 503
  double p50 = 0, p99 = 0, worst = 0;              // probe latency, s
};

std::ostream& operator<<(std::ostream& out, const Figures& f) {
  return out << f.answered << " probes answered (" << f.failed << " not 200, " << f.slow << " over 1 s), p50 "
             << f.p50 * 1000 << " ms, p99 " << f.p99 * 1000 << " ms, worst " << f.worst * 1000 << " ms; searches "
             << f.searches << " answered, " << f.searches_busy << " 503";
}

// `clients` threads for `seconds`: each asks for probes[i % n] in a loop,
// except the first `searchers`, which ask for the searches in turn; each on
// a new connection a request, or `kept_alive` on one connection as long as
// the server keeps it (the library's client connects again when it closes).
Figures load(int port, const std::vector<std::string>& probes, int clients, int searchers,
             const std::vector<std::string>& searches_asked, double seconds, bool kept_alive = false) {
  std::mutex mutex;
  std::vector<double> latencies;
  Figures f;
  const auto until = Clock::now() + std::chrono::duration<double>(seconds);
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c) {
    threads.emplace_back([&, c] {
      httplib::Client client("127.0.0.1", port);
      client.set_read_timeout(10);
      client.set_keep_alive(kept_alive);
      std::vector<double> mine;
      std::size_t failed = 0, searches = 0, busy = 0;
      for (std::size_t i = static_cast<std::size_t>(c); Clock::now() < until; i += 7) {
        if (c < searchers) {
          // Different positions of one game: each supersedes the one in flight.
          const httplib::Result r = client.Get(searches_asked[i % searches_asked.size()]);
          if (r && r->status == 200) ++searches;
          else if (r && r->status == 503) ++busy;
          continue;
        }
        const auto start = Clock::now();
        const httplib::Result r = client.Get(probes[i % probes.size()]);
        mine.push_back(seconds_since(start));
        if (!r || r->status != 200) ++failed;
      }
      std::lock_guard lock(mutex);
      latencies.insert(latencies.end(), mine.begin(), mine.end());
      f.failed += failed;
      f.searches += searches;
      f.searches_busy += busy;
    });
  }
  for (std::thread& t : threads) t.join();
  std::sort(latencies.begin(), latencies.end());
  f.answered = latencies.size() - f.failed;
  f.slow = static_cast<std::size_t>(std::count_if(latencies.begin(), latencies.end(), [](double s) { return s > 1; }));
  if (!latencies.empty()) {
    f.p50 = latencies[latencies.size() / 2];
    f.p99 = latencies[latencies.size() * 99 / 100];
    f.worst = latencies.back();
  }
  return f;
}

// Tablebase probes: Pangki's start, its children and grandchildren, and
// Bagh-Chal 3x3's and Crossings 4x4's starts.
std::vector<std::string> probe_targets(int port) {
  std::vector<std::string> targets{"/api/query?game=bagh-chal&variant=3x3", "/api/query?game=crossings&variant=4x4",
                                   "/api/games"};
  const Timed start = timed_get(port, "/api/query?game=pangki");
  for (const json& m : start.body["moves"]) {
    const Timed child =
        timed_get(port, httplib::append_query_params("/api/query", {{"game", "pangki"}, {"position", m["position"]}}));
    for (const json& g : child.body["moves"])
      targets.push_back(httplib::append_query_params("/api/query", {{"game", "pangki"}, {"position", g["position"]}}));
  }
  return targets;
}

TEST(ServeLoad, ProbesAreAnsweredWithinASecondWithSearchesAndSlowClients) {
  Server server({"--dir", rtb_test::tablebase_dir().string(), "--seconds", "1"});
  ASSERT_GT(server.port(), 0);
  const int pid = serve_test::rtb_child_pid();
  ASSERT_GT(pid, 0);
  const std::vector<std::string> probes = probe_targets(server.port());
  ASSERT_GT(probes.size(), 10u);
  // The search session and its table, and positions to search.
  const Timed start = timed_get(server.port(), "/api/query?game=crossings&position=start");
  ASSERT_EQ(start.status, 200) << start.text;
  std::vector<std::string> searches;
  for (const json& m : start.body["moves"])
    searches.push_back(
        httplib::append_query_params("/api/query", {{"game", "crossings"}, {"position", m["position"]}}));
  // A warm-up: every probe's blocks decompressed into the files' caches
  // (bounded: 64 blocks a file), every server thread's stack used once.
  const std::size_t cold = serve_test::resident_bytes(pid);
  load(server.port(), probes, 200, 0, searches, 2);
  const std::size_t warm = serve_test::resident_bytes(pid);
  std::cout << "[ load: warm-up, 200 clients, 2 s ] RSS " << cold / 1024 << " KB -> " << warm / 1024 << " KB\n";

  const Figures alone = load(server.port(), probes, 200, 0, searches, 5);
  const std::size_t after_alone = serve_test::resident_bytes(pid);
  std::cout << "[ load: 200 clients, probes only, 5 s ] " << alone << "; RSS " << warm / 1024 << " KB -> "
            << after_alone / 1024 << " KB\n";

  // Issue 53, item 1: the same on kept-alive connections, as a browser
  // keeps them; every answer after the first few of a connection came 40 ms
  // late (p99 4.6 s, worst 13.4 s over 20 s).
  const Figures kept_alive = load(server.port(), probes, 200, 0, searches, 5, true);
  std::cout << "[ load: 200 clients, probes only, kept alive, 5 s ] " << kept_alive << "\n";

  Figures mixed;
  int slow_connections = 0;
  {
    const serve_test::SlowClients slow(server.port(), 8, 8, std::chrono::seconds(4));
    mixed = load(server.port(), probes, 200, 4, searches, 10);
    slow_connections = slow.connections();
  }
  const std::size_t after_mixed = serve_test::resident_bytes(pid);
  std::cout << "[ load: 200 clients (4 searching) + 8 slow + 8 idle, 10 s ] " << mixed << "; " << slow_connections
            << " slow or idle connections; RSS " << warm / 1024 << " KB -> " << after_mixed / 1024 << " KB\n";

  // The bounds: 99% of the probes within 1 s, none over 3 s, at most one in
  // a thousand over 1 s. The faults they guard against were far beyond
  // (searches that held the threads: p99 4.6 s, worst 13.4 s; slow clients:
  // every request 5 to 15 s late). "None over 1 s" was the bound until a
  // full run beside the sanitizers and a profiler saw 3 of 29,142 probes
  // at 1.0 to 1.12 s: 200 clients on 2 cores wait for the scheduler too.
  const bool bounds = rtb_test::time_and_memory_bounds_apply();
  for (const Figures* f : std::vector<const Figures*>{&alone, &kept_alive, &mixed}) {
    EXPECT_EQ(f->failed, 0u);
    if (bounds) {
      EXPECT_LT(f->p99, 1.0);
      EXPECT_LT(f->worst, 3.0);
      EXPECT_LE(f->slow * 1000, f->answered) << f->slow << " probes over 1 s";
    }
    EXPECT_GT(f->answered, 1000u);
  }
  EXPECT_GT(mixed.searches + mixed.searches_busy, 0u);
  if (bounds) {
    EXPECT_LT(after_mixed, warm + (std::size_t{20} << 20));
  }
  EXPECT_TRUE(server.running());
}

TEST(ServeLoad, MemoryIsFlatOverFiftySearchedQueries) {
  Server server({"--dir", ".", "--seconds", "0.2"});
  ASSERT_GT(server.port(), 0);
  const int pid = serve_test::rtb_child_pid();
  ASSERT_GT(pid, 0);
  // 50 different 8x8 positions, breadth first from the start: each answer
  // names the positions after its moves.
  std::vector<std::string> positions{"start"};
  std::size_t after_first = 0, highest = 0;
  int answered = 0;
  for (std::size_t i = 0; i < 50 && i < positions.size(); ++i) {
    const Timed r = timed_get(
        server.port(), httplib::append_query_params("/api/query", {{"game", "crossings"}, {"position", positions[i]}}));
    answered += r.status == 200;
    if (r.status == 200)
      for (const json& m : r.body["moves"]) positions.push_back(m["position"]);
    const std::size_t now = serve_test::resident_bytes(pid);
    if (i == 0) after_first = now;
    highest = std::max(highest, now);
  }
  const std::size_t last = serve_test::resident_bytes(pid);
  std::cout << "[ 50 searched 8x8 queries, 0.2 s each ] " << answered << " answered; RSS after the first "
            << after_first / 1024 << " KB, highest " << highest / 1024 << " KB, last " << last / 1024 << " KB\n";
  EXPECT_EQ(answered, 50);
  if (rtb_test::time_and_memory_bounds_apply()) {
    EXPECT_LT(highest, after_first + (std::size_t{8} << 20));
  }
}

}  // namespace
