#pragma once
// Scratch directories for the tests that write files: each a fresh folder
// under the build's test work dir (RTB_TEST_WORK_DIR, which the build
// defines for each such test program), removed when it goes out of scope
// unless a test has failed, so that what it holds can be looked at.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>

#ifndef RTB_TEST_WORK_DIR
#error "RTB_TEST_WORK_DIR (a folder the tests may write) must be defined by the build"
#endif

namespace rtb_test {

namespace fs = std::filesystem;

// The build's folder for this test program's files, created on first use.
inline fs::path work_dir() {
  const fs::path dir = RTB_TEST_WORK_DIR;
  fs::create_directories(dir);
  return dir;
}

// WORK_DIR/WHAT-PID-N, empty at the start. Kept at the end when the test
// that made it failed (or, for one made outside a test, when any test of
// the program failed), and the path printed; Keep::never removes it anyway
// (for files whose contents the test has read back already).
class ScratchDir {
 public:
  enum class Keep { on_failure, never };

  explicit ScratchDir(const std::string& what, Keep keep = Keep::on_failure)
      : path_(work_dir() / (what + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter_++))), keep_(keep) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~ScratchDir() {
    const ::testing::UnitTest& unit = *::testing::UnitTest::GetInstance();
    const bool failed = unit.current_test_info() ? ::testing::Test::HasFailure() : unit.failed_test_count() > 0;
    if (failed && keep_ == Keep::on_failure) {
      std::cerr << "kept for the failure: " << path_.string() << "\n";
      return;
    }
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const fs::path& path() const { return path_; }
  std::string string() const { return path_.string(); }

 private:
  static inline std::atomic<int> counter_ = 0;
  fs::path path_;
  Keep keep_;
};

}  // namespace rtb_test
