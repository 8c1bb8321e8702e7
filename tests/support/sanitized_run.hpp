#pragma once
// Whether a test's bounds on time and memory apply. Under a sanitizer
// (scripts/tsan.sh sets RTB_TESTS_UNDER_SANITIZER) every access is checked
// and shadowed, so a probe may take a second and the server's memory grows
// by the shadow of what it touches: those bounds measure the sanitizer, not
// rtb. The behaviour checks (every request answered, every value right)
// run either way.
#include <cstdlib>

namespace rtb_test {

inline bool time_and_memory_bounds_apply() { return std::getenv("RTB_TESTS_UNDER_SANITIZER") == nullptr; }

}  // namespace rtb_test
