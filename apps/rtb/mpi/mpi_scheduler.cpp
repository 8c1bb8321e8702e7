// The MPI scheduler, built as a module (librtb_mpi.so) that rtb loads only
// when mpirun started it (apps/rtb/mpi/mpi_launch.cpp): a plain run neither
// initialises MPI nor loads its libraries. With mpi_group_exchange.cpp, the
// only code that knows MPI.
#include "apps/rtb/mpi/mpi_scheduler.hpp"

#include <mpi.h>

#include <unistd.h>
#include "apps/rtb/mpi/mpi_group_exchange.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <deque>
#include <exception>
#include <iostream>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <utility>

namespace rtb::cli {
namespace {

// Messages on the job's own communicator. A worker asks rank 0 for work with
// the outcome of its last group; rank 0 answers with a group, a group that
// every rank solves together (split_message), or kStop.
enum Tag : int { kAskTag = 1, kWorkTag = 2, kFailTag = 3 };
enum Outcome : std::int64_t { kNothing = 0, kSolved = 1, kSkipped = 2 };
constexpr std::int64_t kStop = -1;
std::int64_t split_message(std::size_t g) { return -2 - static_cast<std::int64_t>(g); }
bool is_split_message(std::int64_t message) { return message <= -2; }
std::size_t split_group_of(std::int64_t message) { return static_cast<std::size_t>(-2 - message); }

// A rank that fails in a split group stops the job itself: the others wait
// for it inside the group's collective steps and could not hear rank 0.
[[noreturn]] void stop_job_from_split(MPI_Comm comm, int rank, int size, const std::string& group,
                                      const std::string& error) {
  std::cerr << "rtb generate: rank " << rank << " of " << size << " failed in group " << group
            << ", split across the ranks: " << error
            << "\nrtb generate: stopping every process; the files written so far are complete, and running the "
               "same command again resumes from them\n";
  std::cerr.flush();
  MPI_Abort(comm, 1);
  std::_Exit(1);
}
struct Ask {
  std::int64_t group = -1;  // the group just finished; -1 on the first ask
  std::int64_t outcome = kNothing;
  std::int64_t slots = 0;
};

// Open MPI's blocking calls spin at full speed; a process waiting for work
// (or rank 0 between messages) must leave the cores to the solvers.
void pause_briefly() { std::this_thread::sleep_for(std::chrono::milliseconds(2)); }

void wait_for(MPI_Request& request) {
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    pause_briefly();
  }
}

Ask run_group(const DistributedWork& work, std::size_t g) {
  if (work.is_complete(g)) return {static_cast<std::int64_t>(g), kSkipped, 0};
  return {static_cast<std::int64_t>(g), kSolved, static_cast<std::int64_t>(work.solve(g))};
}

// What rank 0 prints when mpirun stops it with SIGTERM because another
// process of the job died: which rank was solving which group. Written
// while the job runs into one of two buffers, so that the handler (which
// may only call write) always finds a whole one.
std::array<std::array<char, 8192>, 2> in_flight_text{};
std::atomic<int> in_flight_current{0};

extern "C" void report_in_flight_and_stop(int signal) {
  const char* text = in_flight_text[in_flight_current.load()].data();
  if (::write(STDERR_FILENO, text, std::strlen(text)) < 0) {
    // nothing more can be done inside a signal handler
  }
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

// Rank 0's own worker: a thread that solves what the coordinator gives it,
// so that rank 0 works too while its main thread answers the others.
class LocalWorker {
 public:
  explicit LocalWorker(const DistributedWork& work) : work_(work), thread_([this] { run(); }) {}
  ~LocalWorker() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }
  void give(std::size_t g) {
    {
      std::lock_guard lock(mutex_);
      job_ = g;
    }
    wake_.notify_one();
  }
  // The finished group's outcome, once; nullopt while it works or idles.
  std::optional<Ask> take_result(std::string& error) {
    std::lock_guard lock(mutex_);
    if (!error_.empty()) error = error_;
    return std::exchange(result_, std::nullopt);
  }

 private:
  void run() {
    std::unique_lock lock(mutex_);
    while (true) {
      wake_.wait(lock, [&] { return stop_ || job_.has_value(); });
      if (stop_) return;
      const std::size_t g = *job_;
      job_.reset();
      lock.unlock();
      std::optional<Ask> result;
      std::string error;
      try {
        result = run_group(work_, g);
      } catch (const std::exception& e) {
        error = e.what();
      }
      lock.lock();
      if (result) result_ = result;
      else error_ = error.empty() ? "unknown error" : error;
    }
  }

  const DistributedWork& work_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<std::size_t> job_;
  std::optional<Ask> result_;
  std::string error_;
  bool stop_ = false;
  std::thread thread_;
};

class Coordinator {
 public:
  Coordinator(const DistributedWork& work, MPI_Comm comm, int size, MpiGroupExchange& exchange)
      : work_(work),
        comm_(comm),
        exchange_(exchange),
        size_(size),
        in_flight_(size, -1),
        waiting_(work.groups->size(), 0),
        dependents_(work.groups->size()) {
    const std::vector<TierGroup>& groups = *work.groups;
    std::vector<std::size_t> group_of_tier;
    for (std::size_t g = 0; g < groups.size(); ++g)
      for (std::uint32_t t : groups[g].tiers) {
        if (group_of_tier.size() <= t) group_of_tier.resize(t + 1);
        group_of_tier[t] = g;
      }
    for (std::size_t g = 0; g < groups.size(); ++g) {
      if (!(*work.selected)[g]) continue;
      ++remaining_;
      std::set<std::size_t> reads;
      for (std::uint32_t d : groups[g].dependencies)
        if ((*work.selected)[group_of_tier[d]]) reads.insert(group_of_tier[d]);
      waiting_[g] = reads.size();
      for (std::size_t r : reads) dependents_[r].push_back(g);
      if (reads.empty()) ready_.insert(g);
    }
    idle_.push_back(0);  // the others once they ask
    write_in_flight();
  }

  DistributedReport run() {
    LocalWorker local(work_);
    while (remaining_ > 0 || remote_idle_ < size_ - 1) {
      bool busy = false;
      int flag = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &flag, &status);
      if (flag) {
        busy = true;
        if (status.MPI_TAG == kFailTag) {
          int length = 0;
          MPI_Get_count(&status, MPI_CHAR, &length);
          std::string text(static_cast<std::size_t>(length), '\0');
          MPI_Recv(text.data(), length, MPI_CHAR, status.MPI_SOURCE, kFailTag, comm_, MPI_STATUS_IGNORE);
          fail(status.MPI_SOURCE, text);
        }
        Ask ask;
        MPI_Recv(&ask, 3, MPI_INT64_T, status.MPI_SOURCE, kAskTag, comm_, MPI_STATUS_IGNORE);
        finished(status.MPI_SOURCE, ask);
        idle_.push_back(status.MPI_SOURCE);
        ++remote_idle_;
      }
      std::string error;
      if (std::optional<Ask> ask = local.take_result(error)) {
        busy = true;
        finished(0, *ask);
        idle_.push_back(0);
      }
      if (!error.empty()) fail(0, error);
      while (!idle_.empty() && !ready_.empty()) {
        if (work_.split && work_.split(*ready_.begin())) {
          // Every rank takes part: handed out once all are idle.
          if (idle_.size() < static_cast<std::size_t>(size_)) break;
          const std::size_t g = *ready_.begin();
          ready_.erase(ready_.begin());
          busy = true;
          run_split(g);
          continue;
        }
        const int rank = idle_.front();
        idle_.pop_front();
        const std::size_t g = *ready_.begin();
        ready_.erase(ready_.begin());
        in_flight_[rank] = static_cast<std::int64_t>(g);
        write_in_flight();
        if (rank == 0) {
          local.give(g);
        } else {
          const std::int64_t message = static_cast<std::int64_t>(g);
          MPI_Send(&message, 1, MPI_INT64_T, rank, kWorkTag, comm_);
          --remote_idle_;
        }
      }
      if (!busy) pause_briefly();
    }
    for (int rank = 1; rank < size_; ++rank) MPI_Send(&kStop, 1, MPI_INT64_T, rank, kWorkTag, comm_);
    report_.root = true;
    report_.processes = size_;
    return report_;
  }

 private:
  // Group g solved by every rank together, rank 0's share on this thread
  // (only the main thread calls MPI). A complete group is skipped by rank 0
  // alone.
  void run_split(std::size_t g) {
    if (work_.is_complete(g)) {
      finished(0, {static_cast<std::int64_t>(g), kSkipped, 0});
      return;
    }
    idle_.clear();
    for (int rank = 1; rank < size_; ++rank) {
      const std::int64_t message = split_message(g);
      MPI_Send(&message, 1, MPI_INT64_T, rank, kWorkTag, comm_);
      --remote_idle_;
    }
    std::fill(in_flight_.begin(), in_flight_.end(), static_cast<std::int64_t>(g));
    write_in_flight();
    std::uint64_t slots = 0;
    try {
      slots = work_.solve_share(g, exchange_);
    } catch (const std::exception& e) {
      stop_job_from_split(comm_, 0, size_, work_.describe(g), e.what());
    }
    ++report_.groups_split;
    finished(0, {static_cast<std::int64_t>(g), kSolved, static_cast<std::int64_t>(slots)});
    idle_.push_back(0);  // the others once they ask again
  }

  void finished(int rank, const Ask& ask) {
    in_flight_[rank] = -1;
    write_in_flight();
    if (ask.group < 0) return;
    const auto g = static_cast<std::size_t>(ask.group);
    --remaining_;
    if (ask.outcome == kSolved) {
      ++report_.groups_solved;
      report_.slots_solved += static_cast<std::uint64_t>(ask.slots);
    } else {
      ++report_.groups_skipped;
    }
    for (std::size_t next : dependents_[g])
      if (--waiting_[next] == 0) ready_.insert(next);
  }

  [[noreturn]] void fail(int rank, const std::string& error) {
    const std::int64_t g = in_flight_[rank];
    std::cerr << "rtb generate: rank " << rank << " of " << size_ << " failed in group "
              << (g >= 0 ? work_.describe(static_cast<std::size_t>(g)) : std::string("(none)")) << ": " << error
              << "\nrtb generate: stopping every process; the files written so far are complete, and running the "
                 "same command again resumes from them\n";
    std::cerr.flush();
    MPI_Abort(comm_, 1);
    std::_Exit(1);
  }

  void write_in_flight() {
    std::string text = "rtb generate: stopped by a signal (did a process of the job die?) while";
    bool any = false;
    for (int rank = 0; rank < size_; ++rank)
      if (in_flight_[rank] >= 0) {
        text += std::string(any ? ";" : "") + " rank " + std::to_string(rank) + " solved group " +
                work_.describe(static_cast<std::size_t>(in_flight_[rank]));
        any = true;
      }
    if (!any) text += " no group was being solved";
    text += ". The files written so far are complete: running the same command again resumes from them.\n";
    const int next = 1 - in_flight_current.load();
    auto& buffer = in_flight_text[next];
    const std::size_t n = std::min(text.size(), buffer.size() - 1);
    std::memcpy(buffer.data(), text.data(), n);
    buffer[n] = '\0';
    in_flight_current.store(next);
  }

  const DistributedWork& work_;
  MPI_Comm comm_;
  MpiGroupExchange& exchange_;
  int size_;
  int remote_idle_ = 0;                  // how many of the other ranks wait for an answer
  std::vector<std::int64_t> in_flight_;  // by rank: the group it solves, or -1
  std::vector<std::size_t> waiting_;     // by group: dependencies not yet complete
  std::vector<std::vector<std::size_t>> dependents_;
  std::set<std::size_t> ready_;  // solve order among the ready groups
  std::deque<int> idle_;
  std::size_t remaining_ = 0;
  DistributedReport report_;
};

void serve(const DistributedWork& work, MPI_Comm comm, MpiGroupExchange& exchange) {
  Ask ask;
  while (true) {
    MPI_Send(&ask, 3, MPI_INT64_T, 0, kAskTag, comm);
    std::int64_t g = kStop;
    MPI_Request request;
    MPI_Irecv(&g, 1, MPI_INT64_T, 0, kWorkTag, comm, &request);
    wait_for(request);
    if (g == kStop) return;
    if (is_split_message(g)) {  // rank 0 counts the group: this rank's ask carries none
      try {
        work.solve_share(split_group_of(g), exchange);
      } catch (const std::exception& e) {
        stop_job_from_split(comm, exchange.rank(), exchange.ranks(), work.describe(split_group_of(g)), e.what());
      }
      ask = Ask{};
      continue;
    }
    try {
      ask = run_group(work, static_cast<std::size_t>(g));
    } catch (const std::exception& e) {
      const std::string text = e.what();
      MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, 0, kFailTag, comm);
      while (true) pause_briefly();  // rank 0 stops the job
    }
  }
}

}  // namespace

}  // namespace rtb::cli

// The module's entry point, looked up by name (C linkage: no mangling).
extern "C" void rtb_run_distributed(const rtb::cli::DistributedWork& work, rtb::cli::DistributedReport& out) {
  using namespace rtb::cli;
  int provided = 0;
  // Only the main thread calls MPI; rank 0's worker thread and the OpenMP
  // threads never do.
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm comm;
  MPI_Comm_dup(MPI_COMM_WORLD, &comm);
  int rank = 0, size = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  // The split groups' steps on a communicator of their own, apart from the
  // scheduler's messages.
  MPI_Comm split_comm;
  MPI_Comm_dup(comm, &split_comm);
  MpiGroupExchange exchange(split_comm);
  DistributedReport report;
  report.processes = size;
  if (rank == 0) {
    std::signal(SIGTERM, report_in_flight_and_stop);
    // The lock and the sweep before any group is handed out: the workers
    // wait for their first group meanwhile.
    try {
      if (work.claim) work.claim();
    } catch (const std::exception& e) {
      std::cerr << "rtb generate: " << e.what() << "\n";
      std::cerr.flush();
      MPI_Abort(comm, 1);
      std::_Exit(1);
    }
    report = Coordinator(work, comm, size, exchange).run();
  } else {
    serve(work, comm, exchange);
  }
  // What the split groups handed between ranks, summed on rank 0.
  std::uint64_t sent[2] = {exchange.bytes_sent(), exchange.messages_sent()}, total[2] = {0, 0};
  MPI_Reduce(sent, total, 2, MPI_UINT64_T, MPI_SUM, 0, comm);
  report.split_bytes_sent = total[0];
  report.split_messages_sent = total[1];
  const std::uint64_t exchanges = exchange.exchanges();
  MPI_Reduce(&exchanges, &report.split_exchanges, 1, MPI_UINT64_T, MPI_MAX, 0, comm);
  MPI_Comm_free(&split_comm);
  MPI_Comm_free(&comm);
  MPI_Finalize();
  out = report;
}
