#pragma once
// The collective steps of a tier group split across the processes of an MPI
// job (solver/slot_share.hpp), on the job's communicator: one
// MPI_Alltoallv a level for the updates, sorted by owner, and an
// MPI_Allreduce of the level's counts. Part of the MPI module
// (mpi_scheduler.cpp); only the main thread of each process calls it.
#include <mpi.h>

#include <cstdint>
#include <vector>

#include "solver/slot_share.hpp"

namespace rtb::cli {

class MpiGroupExchange final : public GroupExchange {
 public:
  explicit MpiGroupExchange(MPI_Comm comm);
  int ranks() const override { return size_; }
  int rank() const override { return rank_; }
  std::vector<std::vector<std::uint64_t>> exchange(std::vector<std::vector<std::uint64_t>> to) override;
  std::vector<std::uint64_t> sum(std::vector<std::uint64_t> mine) override;
  std::vector<std::vector<std::uint64_t>> gather(std::vector<std::uint64_t> mine) override;

  // Bytes and messages this process sent to others in exchange() (messages:
  // the non-empty parts of its Alltoallv calls), and its calls of
  // exchange(): a split walk's levels, one or more each (walk_share_level
  // exchanges at most 8 MiB of updates at a time).
  std::uint64_t bytes_sent() const { return bytes_sent_; }
  std::uint64_t messages_sent() const { return messages_sent_; }
  std::uint64_t exchanges() const { return exchanges_; }

 private:
  MPI_Comm comm_;
  int rank_ = 0, size_ = 1;
  std::uint64_t bytes_sent_ = 0, messages_sent_ = 0, exchanges_ = 0;
};

// Waits for a nonblocking MPI call without spinning a core: Open MPI's
// blocking calls spin at full speed, which on a shared machine takes the
// time of the processes still working.
void wait_without_spinning(MPI_Request& request);

}  // namespace rtb::cli
