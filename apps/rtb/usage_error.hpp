#pragma once
#include <stdexcept>

namespace rtb::cli {

// A mistake in how the program was called: printed with a hint to --help.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace rtb::cli
