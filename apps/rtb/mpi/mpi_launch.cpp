// Whether mpirun started this process, and the loading of the MPI scheduler
// module (apps/rtb/mpi/mpi_scheduler.cpp) when it did.
#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "apps/rtb/mpi/mpi_scheduler.hpp"

namespace rtb::cli {
namespace {

bool is_set(const char* name) { return std::getenv(name) != nullptr; }

int number_in(const char* name) {
  const char* value = std::getenv(name);
  return value ? std::max(1, std::atoi(value)) : 1;
}

// Open MPI's mpirun gives each process its rank and the address of its
// launcher (PMIx, or the older ORTE's), MPICH's Hydra its rank and the
// descriptor or port of its PMI server; a size with neither is a variable
// left in a shell, not a launch.
bool launched_by_open_mpi() {
  return is_set("OMPI_COMM_WORLD_SIZE") && is_set("OMPI_COMM_WORLD_RANK") &&
         (is_set("PMIX_NAMESPACE") || is_set("OMPI_MCA_orte_hnp_uri"));
}
bool launched_by_pmi() { return is_set("PMI_SIZE") && is_set("PMI_RANK") && (is_set("PMI_FD") || is_set("PMI_PORT")); }

}  // namespace

int mpi_launch_size() {
  if (launched_by_open_mpi()) return number_in("OMPI_COMM_WORLD_SIZE");
  if (launched_by_pmi()) return number_in("PMI_SIZE");
  return 1;
}

int mpi_launch_local_size() {
  if (launched_by_open_mpi()) return number_in("OMPI_COMM_WORLD_LOCAL_SIZE");
  if (launched_by_pmi()) return number_in("MPI_LOCALNRANKS");
  return 1;
}

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
