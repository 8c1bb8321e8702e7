#pragma once
// A thread count as every option takes it: 0 asks for OpenMP's default (the
// cores, or OMP_NUM_THREADS where it is set).
#include <omp.h>

namespace rtb {

inline int thread_count(int asked) { return asked > 0 ? asked : omp_get_max_threads(); }

}  // namespace rtb
