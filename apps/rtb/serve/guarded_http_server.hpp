#pragma once
// cpp-httplib's server (Debian 12's 0.11.4) with the defences it lacks, for
// `rtb serve` (issues 28 and 53):
//
// - Slow and idle clients. The library gives each connection a thread of
//   its pool from its first byte to its last, and queues the rest without
//   bound: 64 sockets that sent a byte now and then made every other client
//   wait 5 s, 300 made it wait 15 s (issue 53). Here one thread, the
//   reader, holds every connection while it waits for a request, and hands
//   a connection to the pool only once a request has arrived whole (its
//   headers, and a body of its Content-Length): a thread of the pool never
//   waits for a client to send. A request must arrive whole within a
//   deadline from its first byte, a connection waits at most a short idle
//   time for its next request and serves a bounded number, and at most so
//   many connections wait at once (the one waiting longest is closed when
//   one more comes).
// - Range requests. 0.11.4 answers a Range header on any answer (an 8 KB
//   request of 2,700 ranges returned 52 MB; an API answer came back cut to
//   the range, as 200), and a malformed one 416 before any check. Ranges
//   are ignored: every answer is whole.
// - Bursts. The library's listen backlog of 5 is widened to the system's.
// - Kept-alive connections. Answers go out without Nagle's delay, and the
//   Keep-Alive header states the idle time and request count kept here.
// - Stopping. A stop ends every connection within a few tens of
//   milliseconds, in the middle of a request or waiting for one.
//
// It replaces the library's connection loop (process_and_close_socket, a
// virtual of httplib::Server, which the library's accept loop calls for
// each new connection) with the reader and a pool of its own, which answer
// through the library's request parser (process_request) on a stream that
// enforces the deadlines.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "text/lower_case.hpp"

namespace rtb::cli {

struct ConnectionLimits {
  std::chrono::milliseconds idle{2000};     // for a request: the first, or the next on a kept-alive connection
  std::chrono::milliseconds request{5000};  // for a whole request (line, headers, body) from its first byte
  std::chrono::milliseconds write{5000};    // for each write of an answer to be taken
  std::size_t requests_per_connection = 100;
  std::size_t threads = 64;              // requests answered at once; more (each arrived whole) wait for a thread
  std::size_t waiting = 512;             // connections waiting for a request at once (under a 1024-file limit)
  std::size_t request_bytes = 64 << 10;  // a request's bytes the reader holds (line, headers, body) before it
                                         // hands the request on as it is (for the library to refuse)
};

namespace http_detail {

using Clock = std::chrono::steady_clock;

// A connection between requests: its socket, what it has sent of its next
// request (or of several, pipelined), how many requests it has had answered,
// and until when it may wait.
struct Connection {
  socket_t sock = INVALID_SOCKET;
  std::string received;
  std::size_t served = 0;
  bool started = false;  // the next request's first byte has come
  Clock::time_point deadline;
  Clock::time_point since;  // when it began waiting (the longest waiting is closed first)
};

// Whether `received` begins with a whole request: its headers, and as many
// bytes of body as its Content-Length says. A chunked body, or a length
// beyond `most`, is left to the library (read within the request's deadline,
// or refused), as is a request that has grown beyond `most`.
inline bool holds_whole_request(const std::string& received, std::size_t most) {
  if (received.size() >= most) return true;
  const std::size_t end = received.find("\r\n\r\n");
  if (end == std::string::npos) return false;
  const std::string headers = lower_case(std::string_view(received).substr(0, end + 2));
  if (headers.find("\r\ntransfer-encoding:") != std::string::npos) return true;
  const std::size_t at = headers.find("\r\ncontent-length:");
  if (at == std::string::npos) return true;
  std::size_t length = 0;
  for (std::size_t i = headers.find_first_not_of(" \t", at + 17);
       i < headers.size() && std::isdigit(static_cast<unsigned char>(headers[i])); ++i) {
    length = length * 10 + static_cast<std::size_t>(headers[i] - '0');
    if (length >= most) return true;
  }
  return received.size() >= end + 4 + length;
}

// Removes the Range header lines of the request `received` begins with
// (its headers whole). 0.11.4 answers a malformed Range 416 as soon as the
// headers are read, before any handler: before the Host check, so that a
// foreign page learnt the server was there (issue 53, item 7). Ranges are
// ignored anyway, so the header is dropped before the library reads it.
inline void drop_range_headers(std::string& received) {
  std::size_t end = received.find("\r\n\r\n");
  if (end == std::string::npos) return;  // left to the library, which refuses it
  for (std::size_t at = received.find("\r\n"); at < end;) {
    const std::size_t from = at + 2, to = received.find("\r\n", from);
    bool range = to - from >= 6;
    for (std::size_t i = 0; range && i < 6; ++i) range = lower_case(received[from + i]) == "range:"[i];
    if (range) {
      received.erase(at, to - at);
      end -= to - at;
    } else {
      at = to;
    }
  }
}

// A connection's socket, read first from what the reader has received and
// then, for the rest of a request (a chunked body), against the request's
// deadline; every wait is cut into short slices that look at the server's
// stop flag.
class DeadlineStream final : public httplib::Stream {
 public:
  DeadlineStream(Connection& connection, const ConnectionLimits& limits, const std::atomic<bool>& stopping)
      : connection_(connection), sock_(connection.sock), limits_(limits), stopping_(stopping) {}

  // Whether a read ran out of time: the connection is not to be kept.
  bool expired() const { return expired_; }
  // What was received beyond the request answered, for the next.
  std::string rest() const { return connection_.received.substr(at_); }

  bool is_readable() const override { return at_ < connection_.received.size() || wait(POLLIN, connection_.deadline); }
  bool is_writable() const override { return wait(POLLOUT, Clock::now() + limits_.write); }

  ssize_t read(char* ptr, size_t size) override {
    std::string& received = connection_.received;
    if (at_ == received.size()) {
      if (!wait(POLLIN, connection_.deadline)) {
        expired_ = true;
        return -1;
      }
      char buffer[4096];
      const ssize_t n = ::recv(sock_, buffer, sizeof buffer, 0);
      if (n <= 0) return n;
      received.append(buffer, static_cast<std::size_t>(n));
    }
    const std::size_t n = std::min(size, received.size() - at_);
    std::memcpy(ptr, received.data() + at_, n);
    at_ += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, size_t size) override {
    if (!wait(POLLOUT, Clock::now() + limits_.write)) return -1;
    return ::send(sock_, ptr, size, MSG_NOSIGNAL);
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override { address_of(::getpeername, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address_of(::getsockname, ip, port); }
  socket_t socket() const override { return sock_; }

 private:
  // Whether `events` came before the deadline (and before a stop).
  bool wait(short events, Clock::time_point deadline) const {
    constexpr auto kSlice = std::chrono::milliseconds(50);
    for (;;) {
      if (stopping_) return false;
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      if (left.count() <= 0) return false;
      pollfd p{sock_, events, 0};
      const int ready = ::poll(&p, 1, static_cast<int>(std::min(left, kSlice).count()));
      if (ready < 0 && errno != EINTR) return false;
      if (ready > 0) return (p.revents & events) != 0 || (events == POLLIN && (p.revents & POLLHUP));
    }
  }

  template <class Name>
  void address_of(Name name, std::string& ip, int& port) const {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    ip.clear();
    port = 0;
    if (name(sock_, reinterpret_cast<sockaddr*>(&address), &length) != 0) return;
    char text[INET6_ADDRSTRLEN] = {};
    if (address.ss_family == AF_INET) {
      const auto* v4 = reinterpret_cast<const sockaddr_in*>(&address);
      ::inet_ntop(AF_INET, &v4->sin_addr, text, sizeof text);
      port = ntohs(v4->sin_port);
    } else if (address.ss_family == AF_INET6) {
      const auto* v6 = reinterpret_cast<const sockaddr_in6*>(&address);
      ::inet_ntop(AF_INET6, &v6->sin6_addr, text, sizeof text);
      port = ntohs(v6->sin6_port);
    }
    ip = text;
  }

  Connection& connection_;
  socket_t sock_;
  const ConnectionLimits& limits_;
  const std::atomic<bool>& stopping_;
  std::size_t at_ = 0;
  bool expired_ = false;
};

// The library's accept loop hands each new connection to a task queue; the
// hand-over to the reader takes no time, so it runs on the accepting thread.
class RunAtOnce final : public httplib::TaskQueue {
 public:
  void enqueue(std::function<void()> fn) override { fn(); }
  void shutdown() override {}
};

}  // namespace http_detail

class GuardedHttpServer final : public httplib::Server {
 public:
  explicit GuardedHttpServer(const ConnectionLimits& limits = {}) : limits_(limits) {
    if (::pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0) wake_[0] = wake_[1] = -1;
    new_task_queue = [] { return new http_detail::RunAtOnce; };
    // The library writes an answer's headers and its body in two sends; with
    // Nagle's algorithm the body waited for the client's delayed ACK, 40 ms
    // on every answer after the first few of a kept-alive connection
    // (issue 53). Set on the listener, and on each connection below.
    set_tcp_nodelay(true);
    // What the library advertises in each answer's Keep-Alive header
    // (timeout=5, max=5 by default): the terms this server keeps.
    set_keep_alive_max_count(limits_.requests_per_connection);
    set_keep_alive_timeout(std::chrono::duration_cast<std::chrono::seconds>(limits_.idle).count());
  }
  ~GuardedHttpServer() override {
    finish();
    // Here, not in finish(): a stop() from another thread may still write.
    for (const int fd : wake_)
      if (fd >= 0) ::close(fd);
  }

  // After a bind: the library listens with a backlog of 5 connections, so
  // that a burst of clients overflows it and their connects are retried by
  // the kernel after 1, 3, 7 s (the load test's worst probes took 13 s).
  void widen_backlog() {
    if (svr_sock_ != INVALID_SOCKET) ::listen(svr_sock_, SOMAXCONN);
  }

  // Serves until stop(); when it returns, every connection is closed and
  // no handler runs any more. False if it could not listen.
  bool serve() {
    if (wake_[0] < 0 || reader_.joinable()) return false;
    pool_ = std::make_unique<httplib::ThreadPool>(limits_.threads);
    reader_ = std::thread([this] { read_requests(); });
    const bool ok = listen_after_bind();
    finish();
    return ok;
  }

  // Ends every connection at once (see DeadlineStream), then the listener.
  void stop() {
    stopping_ = true;
    wake();
    httplib::Server::stop();
  }
  bool stopping() const { return stopping_; }

 private:
  // Called by the library's accept loop with each new connection.
  bool process_and_close_socket(socket_t sock) override {
    const int on = 1;
    ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    http_detail::Connection c;
    c.sock = sock;
    hand_to_reader(std::move(c));
    return true;
  }

  void hand_to_reader(http_detail::Connection c) {
    const auto now = http_detail::Clock::now();
    c.started = !c.received.empty();
    c.since = now;
    c.deadline = now + (c.started ? limits_.request : limits_.idle);
    {
      std::lock_guard lock(handed_mutex_);
      handed_.push_back(std::move(c));
    }
    wake();
  }

  void wake() {
    if (wake_[1] >= 0) {
      const char c = 0;
      [[maybe_unused]] const ssize_t n = ::write(wake_[1], &c, 1);
    }
  }

  static void close_connection(const http_detail::Connection& c) {
    ::shutdown(c.sock, SHUT_RDWR);
    ::close(c.sock);
  }

  // The reader: waits on every connection between requests, and hands each
  // whole request to the pool.
  void read_requests() {
    std::vector<http_detail::Connection> waiting;
    std::vector<pollfd> polled;
    const auto answer_whole = [&](std::size_t i) {
      if (!http_detail::holds_whole_request(waiting[i].received, limits_.request_bytes)) return false;
      auto c = std::make_shared<http_detail::Connection>(std::move(waiting[i]));
      pool_->enqueue([this, c] { answer(*c); });
      return true;
    };
    while (!stopping_) {
      {
        std::lock_guard lock(handed_mutex_);
        for (http_detail::Connection& c : handed_) waiting.push_back(std::move(c));
        handed_.clear();
      }
      // Pipelined requests already received, and the deadlines.
      const auto now = http_detail::Clock::now();
      for (std::size_t i = 0; i < waiting.size();) {
        bool gone = answer_whole(i);
        if (!gone && now >= waiting[i].deadline) {
          close_connection(waiting[i]);
          gone = true;
        }
        if (gone) {
          waiting[i] = std::move(waiting.back());
          waiting.pop_back();
        } else {
          ++i;
        }
      }
      // Too many waiting: those waiting longest are closed.
      if (waiting.size() > limits_.waiting) {
        std::sort(waiting.begin(), waiting.end(), [](const auto& a, const auto& b) { return a.since > b.since; });
        for (std::size_t i = limits_.waiting; i < waiting.size(); ++i) close_connection(waiting[i]);
        waiting.resize(limits_.waiting);
      }
      auto next = now + std::chrono::milliseconds(200);
      polled.assign(1, pollfd{wake_[0], POLLIN, 0});
      for (const http_detail::Connection& c : waiting) {
        polled.push_back(pollfd{c.sock, POLLIN, 0});
        next = std::min(next, c.deadline);
      }
      const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next - now).count() + 1;
      if (::poll(polled.data(), polled.size(), static_cast<int>(wait)) <= 0) continue;
      if (polled[0].revents != 0) {
        char drain[64];
        while (::read(wake_[0], drain, sizeof drain) > 0) {
        }
      }
      // From the back, so that removing one moves only those already seen.
      for (std::size_t i = waiting.size(); i-- > 0;) {
        if (polled[i + 1].revents == 0) continue;
        http_detail::Connection& c = waiting[i];
        char buffer[4096];
        const ssize_t n = ::recv(c.sock, buffer, sizeof buffer, MSG_DONTWAIT);
        const bool closed = n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
        if (n > 0) {
          if (!c.started) {
            c.started = true;
            c.deadline = http_detail::Clock::now() + limits_.request;
          }
          c.received.append(buffer, static_cast<std::size_t>(n));
        }
        if (closed) close_connection(c);
        if (closed || (n > 0 && answer_whole(i))) {
          waiting[i] = std::move(waiting.back());
          waiting.pop_back();
        }
      }
    }
    for (const http_detail::Connection& c : waiting) close_connection(c);
  }

  // On a thread of the pool: answers the request the connection holds, then
  // hands the connection back to the reader, or closes it.
  void answer(http_detail::Connection& c) {
    http_detail::drop_range_headers(c.received);
    http_detail::DeadlineStream stream(c, limits_, stopping_);
    bool closed = false;
    const bool last = c.served + 1 >= limits_.requests_per_connection;
    // Called once the headers are read: the ranges parsed from a Range
    // header are dropped, so that no answer is cut or multiplied.
    const bool ok =
        !stopping_ && process_request(stream, last, closed, [](httplib::Request& req) { req.ranges.clear(); });
    ++c.served;
    if (!ok || closed || last || stream.expired() || stopping_) {
      close_connection(c);
      return;
    }
    c.received = stream.rest();
    hand_to_reader(std::move(c));
  }

  // Stops the reader (which closes what it holds) and the pool (whose
  // handlers end within a slice of their waits once stopping).
  void finish() {
    stopping_ = true;
    wake();
    if (reader_.joinable()) reader_.join();
    if (pool_) pool_->shutdown();
    pool_.reset();
    // Connections handed back while the pool drained.
    for (const http_detail::Connection& c : handed_) close_connection(c);
    handed_.clear();
  }

  ConnectionLimits limits_;
  std::atomic<bool> stopping_{false};
  int wake_[2] = {-1, -1};
  std::mutex handed_mutex_;
  std::vector<http_detail::Connection> handed_;  // new, or back from the pool
  std::unique_ptr<httplib::ThreadPool> pool_;
  std::thread reader_;
};

}  // namespace rtb::cli
