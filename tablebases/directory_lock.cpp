#include "tablebases/directory_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <system_error>

namespace rtb {

namespace fs = std::filesystem;

namespace {

std::string errno_text() { return std::strerror(errno); }

// The process id the holder wrote, or "" when there is none to read.
std::string holder_of(int fd) {
  char text[32] = {};
  const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
  if (n <= 0) return "";
  std::string id(text, static_cast<std::size_t>(n));
  while (!id.empty() && (id.back() == '\n' || id.back() == ' ')) id.pop_back();
  return id.find_first_not_of("0123456789") == std::string::npos ? id : "";
}

}  // namespace

DirectoryLock::DirectoryLock(const fs::path& dir) : path_(dir / ".lock") {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw std::runtime_error(dir.string() + ": cannot create directory: " + ec.message());
  // O_NOFOLLOW and O_NONBLOCK: a planted link or FIFO is refused, not followed
  // or waited on.
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
  if (fd_ < 0) throw std::runtime_error(path_.string() + ": cannot open the directory's lock: " + errno_text());
  struct stat st {};
  if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd_);
    throw std::runtime_error(path_.string() + ": the directory's lock is not a regular file");
  }
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int why = errno;
    const std::string holder = why == EWOULDBLOCK ? holder_of(fd_) : "";
    ::close(fd_);
    if (why != EWOULDBLOCK) throw std::runtime_error(path_.string() + ": cannot lock: " + std::strerror(why));
    throw DirectoryBusy(path_.string() + ": another rtb generate" +
                        (holder.empty() ? std::string() : " (process " + holder + ")") + " is writing to " +
                        dir.string() + "; wait for it to finish (this run does not wait)");
  }
  // Informational only (the flock is what excludes): who holds the lock.
  const std::string id = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd_, 0) == 0 && ::pwrite(fd_, id.data(), id.size(), 0) < 0) {
    // A lock file we cannot write still locks; the next refusal just cannot name us.
  }
}

DirectoryLock::~DirectoryLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the flock
}

}  // namespace rtb
