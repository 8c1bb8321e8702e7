#pragma once
// The lock that makes one writer at a time of a tablebase directory.
//
// `rtb generate` holds it for its whole run: a second generate into the same
// directory is refused at once (it does not wait: a solve can take hours, and
// a run that silently waits looks hung). Readers (query, stats, verify) never
// take it: every file they see is complete, since writers rename finished
// files into place.
#include <filesystem>
#include <stdexcept>

namespace rtb {

// Thrown when another process holds the lock; the message names the lock file
// and, when it could be read, the process that holds it.
class DirectoryBusy : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class DirectoryLock {
 public:
  // Creates dir when missing, then takes an exclusive flock on dir/.lock
  // without waiting, and writes this process's id into it. Throws
  // DirectoryBusy when another process holds it, std::runtime_error when the
  // lock file cannot be made (not a regular file, no permission).
  explicit DirectoryLock(const std::filesystem::path& dir);
  ~DirectoryLock();
  DirectoryLock(const DirectoryLock&) = delete;
  DirectoryLock& operator=(const DirectoryLock&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

}  // namespace rtb
