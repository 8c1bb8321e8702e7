#pragma once
// OpenMP threads that wait for work spin by default. On a machine whose cores
// are shared (CI running two test programs at once, or any other load) the
// spinning thread takes the core from the one with work, and a solve with 2
// threads measured 3x slower than with 1. Passive waiting costs a few
// microseconds a barrier and removes that. libgomp reads the policy when it
// is loaded, before main(), so the program restarts itself once with the
// variable set; a user's own OMP_WAIT_POLICY is left alone. It restarts
// through its real path, not /proc/self/exe, so that the kernel names the
// process after the program (ps and top show "rtb", not "exe"), and keeps
// its argv[0].
#include <limits.h>
#include <unistd.h>

#include <cstdlib>

namespace rtb {

inline void use_passive_openmp_wait(char** argv) {
  if (std::getenv("OMP_WAIT_POLICY") != nullptr) return;
  char path[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return;  // no /proc: run on as we are
  path[n] = '\0';
  setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
  // The process keeps its id, so mpirun (which started it) is not disturbed.
  execv(path, argv);  // returns only on failure: then run on as we are
}

}  // namespace rtb
