#include "apps/rtb/mpi/mpi_group_exchange.hpp"

#include <sched.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <thread>

namespace rtb::cli {
namespace {

// MPI counts are ints: a larger exchange goes in rounds of at most this many
// words from each process to each other (1 GiB).
constexpr std::uint64_t kRoundWords = std::uint64_t{1} << 27;

}  // namespace

void wait_without_spinning(MPI_Request& request) {
  for (int polls = 0, done = 0;; ++polls) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    // Short waits (a level's last updates) are met by yielding; long ones sleep.
    if (polls < 200) sched_yield();
    else std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
}

MpiGroupExchange::MpiGroupExchange(MPI_Comm comm) : comm_(comm) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

std::vector<std::vector<std::uint64_t>> MpiGroupExchange::exchange(std::vector<std::vector<std::uint64_t>> to) {
  const std::size_t n = static_cast<std::size_t>(size_);
  to.resize(n);
  ++exchanges_;
  // How many words each process sends each other, and so how many rounds.
  std::vector<std::uint64_t> sending(n), receiving(n);
  for (std::size_t r = 0; r < n; ++r) sending[r] = to[r].size();
  MPI_Request request;
  MPI_Ialltoall(sending.data(), 1, MPI_UINT64_T, receiving.data(), 1, MPI_UINT64_T, comm_, &request);
  wait_without_spinning(request);
  std::uint64_t most = 0;
  for (std::size_t r = 0; r < n; ++r) most = std::max({most, sending[r], receiving[r]});
  MPI_Iallreduce(MPI_IN_PLACE, &most, 1, MPI_UINT64_T, MPI_MAX, comm_, &request);
  wait_without_spinning(request);
  std::vector<std::vector<std::uint64_t>> from(n);
  for (std::size_t r = 0; r < n; ++r) from[r].resize(receiving[r]);
  for (std::uint64_t done = 0; done < std::max<std::uint64_t>(most, 1); done += kRoundWords) {
    // This round's words, sorted by owner: one buffer out, one in.
    std::vector<int> send_counts(n), send_at(n), receive_counts(n), receive_at(n);
    std::vector<std::uint64_t> out, in;
    for (std::size_t r = 0; r < n; ++r) {
      const std::uint64_t begin = std::min(done, sending[r]), end = std::min(done + kRoundWords, sending[r]);
      send_at[r] = static_cast<int>(out.size());
      send_counts[r] = static_cast<int>(end - begin);
      out.insert(out.end(), to[r].begin() + static_cast<std::ptrdiff_t>(begin),
                 to[r].begin() + static_cast<std::ptrdiff_t>(end));
      if (r != static_cast<std::size_t>(rank_) && end > begin) {
        bytes_sent_ += (end - begin) * sizeof(std::uint64_t);
        ++messages_sent_;
      }
    }
    for (std::size_t r = 0; r < n; ++r) std::vector<std::uint64_t>().swap(to[r]);
    std::size_t total = 0;
    for (std::size_t r = 0; r < n; ++r) {
      const std::uint64_t begin = std::min(done, receiving[r]), end = std::min(done + kRoundWords, receiving[r]);
      receive_at[r] = static_cast<int>(total);
      receive_counts[r] = static_cast<int>(end - begin);
      total += end - begin;
    }
    in.resize(total);
    MPI_Ialltoallv(out.data(), send_counts.data(), send_at.data(), MPI_UINT64_T, in.data(), receive_counts.data(),
                   receive_at.data(), MPI_UINT64_T, comm_, &request);
    wait_without_spinning(request);
    for (std::size_t r = 0; r < n; ++r)
      std::copy(in.begin() + receive_at[r], in.begin() + receive_at[r] + receive_counts[r],
                from[r].begin() + static_cast<std::ptrdiff_t>(std::min(done, receiving[r])));
    if (most <= kRoundWords) break;
  }
  return from;
}

std::vector<std::uint64_t> MpiGroupExchange::sum(std::vector<std::uint64_t> mine) {
  MPI_Request request;
  MPI_Iallreduce(MPI_IN_PLACE, mine.data(), static_cast<int>(mine.size()), MPI_UINT64_T, MPI_SUM, comm_, &request);
  wait_without_spinning(request);
  return mine;
}

std::vector<std::vector<std::uint64_t>> MpiGroupExchange::gather(std::vector<std::uint64_t> mine) {
  const std::size_t n = static_cast<std::size_t>(size_);
  std::uint64_t count = mine.size();
  std::vector<std::uint64_t> counts(n);
  MPI_Request request;
  MPI_Igather(&count, 1, MPI_UINT64_T, counts.data(), 1, MPI_UINT64_T, 0, comm_, &request);
  wait_without_spinning(request);
  std::vector<int> sizes(n), at(n);
  std::size_t total = 0;
  for (std::size_t r = 0; r < n; ++r) {
    sizes[r] = static_cast<int>(counts[r]);
    at[r] = static_cast<int>(total);
    total += counts[r];
  }
  std::vector<std::uint64_t> all(rank_ == 0 ? total : 0);
  MPI_Igatherv(mine.data(), static_cast<int>(count), MPI_UINT64_T, all.data(), sizes.data(), at.data(), MPI_UINT64_T, 0,
               comm_, &request);
  wait_without_spinning(request);
  std::vector<std::vector<std::uint64_t>> by_rank;
  if (rank_ != 0) return by_rank;
  for (std::size_t r = 0; r < n; ++r) by_rank.emplace_back(all.begin() + at[r], all.begin() + at[r] + sizes[r]);
  return by_rank;
}

}  // namespace rtb::cli
