// A data race on purpose, for scripts/tsan.sh: two OpenMP threads add to
// one unguarded counter. ThreadSanitizer must report it; a job that cannot
// see this race would pass any code. The reduction before it is race-free
// and must not be reported (it is what the engine's loops look like).
#include <cstdio>
#include <vector>

int main() {
  std::vector<long> squares(1 << 16);
  long sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (long i = 0; i < static_cast<long>(squares.size()); ++i) {
    squares[i] = i * i;
    sum += squares[i];
  }
  long unguarded = 0;
#pragma omp parallel num_threads(2)
  { ++unguarded; }
  std::printf("%ld %ld\n", sum, unguarded);
  return 0;
}
