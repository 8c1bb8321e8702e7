#pragma once
// OpenMP threads that wait for work spin by default. On a machine whose cores
// are shared (CI running two test programs at once, or any other load) the
// spinning thread takes the core from the one with work, and a solve with 2
// threads measured 3x slower than with 1. Passive waiting costs a few
// microseconds a barrier and removes that. libgomp reads the policy when it
// is loaded, before main(), so the program restarts itself once with the
// variable set; a user's own OMP_WAIT_POLICY is left alone.
#include <unistd.h>

#include <cstdlib>

namespace rtb {

inline void use_passive_openmp_wait(char** argv) {
  if (std::getenv("OMP_WAIT_POLICY") != nullptr) return;
  setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
  // The program's real path rather than /proc/self/exe, which would rename
  // the process "exe" for ps and pgrep. The process keeps its id, so mpirun
  // (which started it) and an MPI job are not disturbed.
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return;
  self[n] = '\0';
  execv(self, argv);  // returns only on failure: then run on as we are
}

}  // namespace rtb
