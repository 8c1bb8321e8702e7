#pragma once
// `rtb generate` over MPI processes (mpirun -np N rtb generate ...): rank 0
// hands out tier groups whose dependencies are complete on disk, every rank
// (rank 0 too) solves the groups it is given with its own OpenMP threads and
// writes their files into the shared --dir. The only code that knows MPI is
// mpi_scheduler.cpp (with mpi_group_exchange.cpp), built as a module that
// mpi_launch.cpp loads under mpirun only; the engine sees single groups
// (GroupLoop::solve_one), or its share of a group that every rank solves
// together (GroupLoop::solve_share, solver/slot_share.hpp).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "solver/slot_share.hpp"
#include "solver/tier_graph.hpp"

namespace rtb::cli {

// The number of processes mpirun started (1 when not started by mpirun),
// read from the launcher's environment so that a plain run never touches MPI.
// A size alone (OMPI_COMM_WORLD_SIZE or PMI_SIZE left in a shell) is not a
// launch: the launcher's rank and its connection must be there too.
int mpi_launch_size();
// Processes of this job on this machine (for the default thread count).
int mpi_launch_local_size();
struct DistributedWork {
  const std::vector<TierGroup>* groups = nullptr;   // in solve order
  const std::vector<bool>* selected = nullptr;      // groups to bring up to date
  std::function<bool(std::size_t)> is_complete;     // every file of the group is complete
  std::function<std::uint64_t(std::size_t)> solve;  // solves one group, returns its slots
  // Whether every rank solves group g together, each its share; then
  // solve_share does so on each rank (all at once) and returns its slots.
  std::function<bool(std::size_t)> split;
  std::function<std::uint64_t(std::size_t, GroupExchange&)> solve_share;
  std::function<std::string(std::size_t)> describe;  // the group's tiers, for messages
  // Run by rank 0 alone before it hands out any group: takes the directory's
  // lock (held until the job ends) and sweeps the temporaries of a killed
  // run. When it throws, rank 0 prints the message and stops the job.
  std::function<void()> claim;
};

struct DistributedReport {
  bool root = false;  // only rank 0 has the totals and prints them
  int processes = 1;
  std::size_t groups_solved = 0, groups_skipped = 0;
  std::uint64_t slots_solved = 0;
  // Groups split across the ranks, and what their walks handed between
  // ranks: updates (8 bytes each) and the messages that carried them,
  // summed over the ranks, and the exchanges of updates that every rank
  // took part in (at least one a level of each split group's walk).
  std::size_t groups_split = 0;
  std::uint64_t split_bytes_sent = 0, split_messages_sent = 0, split_exchanges = 0;
};

// Runs on every process of the job (between MPI_Init and MPI_Finalize). When
// a group fails on any rank, rank 0 prints the group, the rank and the error
// and stops the whole job; the files already written stay valid for a rerun.
DistributedReport run_distributed(const DistributedWork& work);

}  // namespace rtb::cli
