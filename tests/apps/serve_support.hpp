#pragma once
// What the tests of `rtb serve` under hostile and heavy use share (issue 28):
// timed requests, clients that trickle or idle, and the server's memory.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <httplib.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

namespace serve_test {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct Timed {
  int status = -1;  // -1: no answer
  json body;        // null when not JSON
  std::string text;
  double seconds = 0;
  httplib::Headers headers;
};

// GET on a fresh connection, timed.
inline Timed timed_get(int port, const std::string& target, const httplib::Headers& headers = {},
                       int timeout_seconds = 30) {
  httplib::Client client("127.0.0.1", port);
  client.set_read_timeout(timeout_seconds);
  client.set_connection_timeout(timeout_seconds);
  const auto start = Clock::now();
  const httplib::Result res = client.Get(target, headers);
  Timed t;
  t.seconds = seconds_since(start);
  if (!res) return t;
  t.status = res->status;
  t.text = res->body;
  t.headers = res->headers;
  t.body = json::parse(res->body, nullptr, false);
  if (t.body.is_discarded()) t.body = nullptr;
  return t;
}

inline int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// One kept-alive connection, driven by hand (cpp-httplib's client hides
// which connection a request goes on): GETs one after another on it, each
// answer read whole (its headers, then Content-Length bytes) and timed.
class KeptAlive {
 public:
  struct Answer {
    int status = -1;  // -1: the connection closed, or no answer within 5 s
    std::string headers, body;
    double seconds = 0;
    // A header's value (the name without case), or "".
    std::string header(const std::string& name) const {
      std::string lower = headers;
      for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      std::string key = "\r\n" + name + ":";
      for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      const std::size_t at = lower.find(key);
      if (at == std::string::npos) return "";
      const std::size_t from = headers.find_first_not_of(' ', at + key.size());
      return headers.substr(from, headers.find("\r\n", from) - from);
    }
  };

  explicit KeptAlive(int port) : port_(port), fd_(connect_to(port)) {
    const timeval limit{5, 0};
    if (fd_ >= 0) ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  }
  ~KeptAlive() {
    if (fd_ >= 0) ::close(fd_);
  }
  KeptAlive(const KeptAlive&) = delete;
  KeptAlive& operator=(const KeptAlive&) = delete;
  bool connected() const { return fd_ >= 0; }

  Answer get(const std::string& target) {
    const std::string request = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port_) + "\r\n\r\n";
    Answer a;
    const auto start = Clock::now();
    if (::send(fd_, request.data(), request.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(request.size())) return a;
    std::size_t end;
    while ((end = pending_.find("\r\n\r\n")) == std::string::npos)
      if (!receive()) return a;
    a.headers = pending_.substr(0, end + 2);
    pending_.erase(0, end + 4);
    const std::string length = a.header("Content-Length");
    const std::size_t size = length.empty() ? 0 : std::stoul(length);
    while (pending_.size() < size)
      if (!receive()) return a;
    a.body = pending_.substr(0, size);
    pending_.erase(0, size);
    a.seconds = seconds_since(start);
    a.status = std::stoi(a.headers.substr(a.headers.find(' ') + 1, 3));
    return a;
  }

  // Whether the server has closed the connection (waits at most `wait`).
  bool closed_by_server(std::chrono::milliseconds wait) {
    const timeval limit{static_cast<time_t>(wait.count() / 1000), static_cast<suseconds_t>(wait.count() % 1000 * 1000)};
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    char c;
    const ssize_t n = ::recv(fd_, &c, 1, 0);
    return n == 0 || (n < 0 && errno == ECONNRESET);
  }

 private:
  bool receive() {
    char buffer[4096];
    const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
    if (n <= 0) return false;
    pending_.append(buffer, static_cast<std::size_t>(n));
    return true;
  }
  int port_;
  int fd_;
  std::string pending_;
};

// Connections that hold the server's threads as slow-loris clients do:
// `trickling` of them send a request one byte every `interval` (reconnecting
// when the server drops them), `idle` of them connect and send nothing
// (reconnecting too), until destroyed.
class SlowClients {
 public:
  SlowClients(int port, int trickling, int idle, std::chrono::milliseconds interval) {
    for (int i = 0; i < trickling + idle; ++i) {
      threads_.emplace_back([this, port, interval, sends = i < trickling] {
        const std::string request = "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) + "\r\n\r\n";
        while (!done()) {
          const int fd = connect_to(port);
          if (fd < 0) {
            pause(std::chrono::milliseconds(100));
            continue;
          }
          ++connections_;
          for (std::size_t at = 0; !done(); ++at) {
            if (sends && ::send(fd, &request[at % request.size()], 1, MSG_NOSIGNAL) != 1) break;
            pause(interval);
            char c;
            // The server closed it (the read deadline): connect again.
            if (::recv(fd, &c, 1, MSG_DONTWAIT) == 0) break;
          }
          ::close(fd);
        }
      });
    }
  }
  ~SlowClients() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
  }
  int connections() const { return connections_; }

 private:
  bool done() {
    std::lock_guard lock(mutex_);
    return done_;
  }
  void pause(std::chrono::milliseconds d) {
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, d, [&] { return done_; });
  }
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::atomic<int> connections_{0};
  std::vector<std::thread> threads_;
};

// The resident memory of process `pid`, in bytes (0 if it cannot be read).
inline std::size_t resident_bytes(int pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string key;
  std::size_t kb = 0;
  while (status >> key) {
    if (key == "VmRSS:") {
      status >> kb;
      return kb * 1024;
    }
    status.ignore(1 << 12, '\n');
  }
  return 0;
}

}  // namespace serve_test

namespace serve_test {

// The process id of the one `rtb` child of this test process (the server a
// test started), or -1.
inline int rtb_child_pid() {
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string pid, comm, state;
    int parent = 0;
    if (stat >> pid >> comm >> state >> parent && parent == ::getpid() && comm == "(rtb)") return std::stoi(pid);
  }
  return -1;
}

}  // namespace serve_test
