// Whether mpirun started this process, and the loading of the MPI scheduler
// module (apps/rtb/mpi/mpi_scheduler.cpp) when it did.
#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <stdexcept>
#include <string>

#include "apps/rtb/mpi/mpi_scheduler.hpp"

namespace rtb::cli {
namespace {

// The first of the launchers' variables that is set: Open MPI's, then the
// PMI ones of MPICH-style launchers.
int launch_variable(std::initializer_list<const char*> names) {
  for (const char* name : names)
    if (const char* value = std::getenv(name)) return std::max(1, std::atoi(value));
  return 1;
}

}  // namespace

int mpi_launch_size() { return launch_variable({"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}); }
int mpi_launch_local_size() { return launch_variable({"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS"}); }

DistributedReport run_distributed(const DistributedWork& work) {
#ifndef RTB_MPI_MODULE
  (void)work;
  throw std::runtime_error("this rtb was built without MPI (CMake option RTB_MPI=OFF) but was started by mpirun with " +
                           std::to_string(mpi_launch_size()) +
                           " processes; rebuild with MPI, or run it without mpirun");
#else
  // The module lies next to the program (both are built into one folder).
  const std::filesystem::path module = std::filesystem::read_symlink("/proc/self/exe").parent_path() / RTB_MPI_MODULE;
  // RTLD_GLOBAL: Open MPI loads its own components, which need its symbols.
  void* handle = dlopen(module.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!handle)
    throw std::runtime_error("cannot load the MPI scheduler " + module.string() +
                             " (it must lie next to rtb): " + dlerror());
  using Entry = void(const DistributedWork&, DistributedReport&);
  auto* entry = reinterpret_cast<Entry*>(dlsym(handle, "rtb_run_distributed"));
  if (!entry) throw std::runtime_error(module.string() + " has no rtb_run_distributed: " + dlerror());
  DistributedReport report;
  entry(work, report);
  return report;
#endif
}

}  // namespace rtb::cli
