#pragma once
// cpp-httplib's server (Debian 12's 0.11.4) with the defences it lacks, for
// `rtb serve` (issue 28):
//
// - Slow and idle clients. The library reads a request with a timeout on
//   each read, so a client that sends one byte every few seconds holds a
//   thread for ever, and an idle keep-alive socket holds one for its whole
//   timeout: 8 such clients took all 8 threads. Here each request must arrive
//   whole within a deadline from its first byte, a connection waits at most a
//   short idle time for its next request and serves a bounded number, and the
//   pool is large: a few slow clients hold a few threads for a few seconds.
// - Range requests. 0.11.4 answers a Range header on any answer (an 8 KB
//   request of 2,700 ranges returned 52 MB; an API answer came back cut to
//   the range, as 200). Ranges are ignored: every answer is whole.
// - Bursts. The library's listen backlog of 5 is widened to the system's.
// - Kept-alive connections. Answers go out without Nagle's delay, and the
//   Keep-Alive header states the idle time and request count kept here.
// - Stopping. A stop ends every connection within a few tens of
//   milliseconds, in the middle of a request or waiting for one.
//
// It replaces the library's connection loop (process_and_close_socket, a
// virtual of httplib::Server) with its own over the library's request
// parser (process_request), through a stream that enforces the deadlines.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <string>

namespace rtb::cli {

struct ConnectionLimits {
  std::chrono::milliseconds idle{2000};     // for a request: the first, or the next on a kept-alive connection
  std::chrono::milliseconds request{5000};  // for a whole request (line, headers, body) from its first byte
  std::chrono::milliseconds write{5000};    // for each write of an answer to be taken
  std::size_t requests_per_connection = 100;
  std::size_t threads = 64;  // connections served at once; more wait for a thread
};

namespace http_detail {

using Clock = std::chrono::steady_clock;

// A connection's socket, read through a buffer (the library's request parser
// reads a byte at a time) against the deadlines of ConnectionLimits; every
// wait is cut into short slices that look at the server's stop flag.
class DeadlineStream final : public httplib::Stream {
 public:
  DeadlineStream(socket_t sock, const ConnectionLimits& limits, const std::atomic<bool>& stopping)
      : sock_(sock), limits_(limits), stopping_(stopping) {}

  // Waits for the first byte of a request, at most limits.idle; then the
  // request must be read within limits.request. False when none came, the
  // peer closed, the server is stopping or an earlier request ran out of time.
  bool next_request() {
    if (expired_) return false;
    if (begin_ == end_ && !wait(POLLIN, Clock::now() + limits_.idle)) return false;
    read_deadline_ = Clock::now() + limits_.request;
    return true;
  }

  bool is_readable() const override { return begin_ < end_ || wait(POLLIN, read_deadline_); }
  bool is_writable() const override { return wait(POLLOUT, Clock::now() + limits_.write); }

  ssize_t read(char* ptr, size_t size) override {
    if (begin_ == end_) {
      if (!wait(POLLIN, read_deadline_)) {
        expired_ = true;
        return -1;
      }
      const ssize_t n = ::recv(sock_, buffer_, sizeof buffer_, 0);
      if (n <= 0) return n;
      begin_ = 0;
      end_ = static_cast<std::size_t>(n);
    }
    const std::size_t n = std::min(size, end_ - begin_);
    std::memcpy(ptr, buffer_ + begin_, n);
    begin_ += n;
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

  socket_t sock_;
  const ConnectionLimits& limits_;
  const std::atomic<bool>& stopping_;
  Clock::time_point read_deadline_ = Clock::now();
  bool expired_ = false;
  char buffer_[4096];
  std::size_t begin_ = 0, end_ = 0;
};

}  // namespace http_detail

class GuardedHttpServer final : public httplib::Server {
 public:
  explicit GuardedHttpServer(const ConnectionLimits& limits = {}) : limits_(limits) {
    const std::size_t threads = limits_.threads;
    new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
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

  // After a bind: the library listens with a backlog of 5 connections, so
  // that a burst of clients overflows it and their connects are retried by
  // the kernel after 1, 3, 7 s (the load test's worst probes took 13 s).
  void widen_backlog() {
    if (svr_sock_ != INVALID_SOCKET) ::listen(svr_sock_, SOMAXCONN);
  }

  // Ends every connection at once (see DeadlineStream), then the listener.
  void stop() {
    stopping_ = true;
    httplib::Server::stop();
  }
  bool stopping() const { return stopping_; }

 private:
  bool process_and_close_socket(socket_t sock) override {
    const int on = 1;
    ::setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    http_detail::DeadlineStream stream(sock, limits_, stopping_);
    bool ok = false;
    for (std::size_t served = 0; served < limits_.requests_per_connection; ++served) {
      if (svr_sock_ == INVALID_SOCKET || !stream.next_request()) break;
      bool closed = false;
      const bool last = served + 1 == limits_.requests_per_connection;
      // Called once the headers are read: the ranges parsed from a Range
      // header are dropped, so that no answer is cut or multiplied.
      ok = process_request(stream, last, closed, [](httplib::Request& req) { req.ranges.clear(); });
      if (!ok || closed) break;
    }
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    return ok;
  }

  ConnectionLimits limits_;
  std::atomic<bool> stopping_{false};
};

}  // namespace rtb::cli
