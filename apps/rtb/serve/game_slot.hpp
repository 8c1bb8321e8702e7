#pragma once
// One game and variant of `rtb serve`: the sessions that answer its queries,
// arranged so that no request waits for a search it did not ask for
// (issue 28: one mutex a game, held for a whole search, left the server
// unanswered for 35 s; issue 26: three clicks finished at 5, 10 and 15 s).
//
// - Reading: a QuerySession for what the tablebases answer (and the start,
//   the board, the coverage), behind a lock held for milliseconds.
// - Searching: another QuerySession, made at the first search, for the
//   positions no file covers (seconds each). A new search of the game
//   supersedes the one in flight: the old one is cancelled (its search asks
//   with each clock check whether a newer request has come, or the server is
//   stopping) and its request answered 503; the new one runs as soon as the
//   old has let go, a few milliseconds later.
// - The whole server runs at most SearchGate's count of searches at once
//   (they are CPU-bound); a search of another game beyond it is answered
//   503 at once, never queued.
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "service/query_session.hpp"

namespace rtb::cli {

// A search refused or stopped, for a 503 answer: `what` says why.
struct SearchRefused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The count of searches running in the whole server.
class SearchGate {
 public:
  explicit SearchGate(int most) : most_(most) {}
  int most() const { return most_; }

  // A place for one search while it lives; SearchRefused when all are taken.
  class Ticket {
   public:
    explicit Ticket(SearchGate& gate) : gate_(&gate) {
      if (gate_->running_.fetch_add(1) >= gate_->most_) {
        gate_->running_.fetch_sub(1);
        throw SearchRefused("the server is busy: " + std::to_string(gate_->most_) +
                            " searches of other games are running; try again in a few seconds");
      }
    }
    ~Ticket() { gate_->running_.fetch_sub(1); }
    Ticket(const Ticket&) = delete;
    Ticket& operator=(const Ticket&) = delete;

   private:
    SearchGate* gate_;
  };

 private:
  const int most_;
  std::atomic<int> running_{0};
};

class GameSlot {
 public:
  // InvalidParameter for an unknown game or variant (made before any entry is kept).
  GameSlot(const GameChoice& choice, const std::filesystem::path& dir, const SearchLimits& limits, SearchGate& gate,
           const std::atomic<bool>& stopping)
      : choice_(choice), dir_(dir), limits_(limits), gate_(gate), stopping_(stopping), reader_(choice, dir, limits) {
    // Asked by the search with each clock check, from the searching thread.
    limits_.cancelled = [this] { return stopping_.load() || latest_.load() != running_.load(); };
    searches_ = reader_.searches();
  }
  GameSlot(const GameSlot&) = delete;
  GameSlot& operator=(const GameSlot&) = delete;

  // f(reader session) under the reading lock: never held by a search.
  template <class F>
  auto read(F&& f) {
    std::lock_guard lock(read_mutex_);
    return f(reader_);
  }

  // The searched answer for `position`, superseding any search of this
  // game in flight; SearchRefused when a newer request supersedes this one,
  // the server is stopping, or the server runs its most searches already.
  // With `occurred` (the game's positions so far), under the game's
  // no-repetition rule (QuerySession::query).
  QueryResult search(const std::string& position, bool line, const std::vector<std::string>* occurred = nullptr) {
    const std::uint64_t mine = ++latest_;  // from here the running search is cancelled
    std::unique_lock lock(search_mutex_, std::defer_lock);
    while (!lock.try_lock_for(std::chrono::milliseconds(20))) {
      if (latest_ != mine) throw superseded();
      if (stopping_) throw SearchRefused("the server is stopping");
    }
    if (latest_ != mine) throw superseded();
    if (stopping_) throw SearchRefused("the server is stopping");
    const SearchGate::Ticket ticket(gate_);
    running_ = mine;
    if (!searcher_) searcher_.emplace(choice_, dir_, limits_);
    QueryResult r = occurred ? searcher_->query(position, *occurred, line) : searcher_->query(position, line);
    if (r.stop == SearchStop::Cancelled) {
      if (stopping_) throw SearchRefused("the server is stopping");
      throw superseded();
    }
    return r;
  }

  // What /api/games says of the variant that never changes (its name, start
  // and board), made once: the page asks for it at every load.
  const nlohmann::json& facts() const { return facts_; }
  void set_facts(nlohmann::json facts) { facts_ = std::move(facts); }
  bool searches() const { return searches_; }

  // Cancels the search in flight, if any (the page's cancel button).
  void cancel() { ++latest_; }

 private:
  static SearchRefused superseded() {
    return SearchRefused("superseded: a newer search of this game was asked for, and this one was stopped");
  }

  const GameChoice choice_;
  const std::filesystem::path dir_;
  SearchLimits limits_;
  SearchGate& gate_;
  const std::atomic<bool>& stopping_;

  std::mutex read_mutex_;
  QuerySession reader_;
  nlohmann::json facts_;
  bool searches_ = false;

  std::timed_mutex search_mutex_;
  std::optional<QuerySession> searcher_;
  std::atomic<std::uint64_t> latest_{0};   // the number of the newest search asked for
  std::atomic<std::uint64_t> running_{0};  // the number of the search running (or last run)
};

}  // namespace rtb::cli
