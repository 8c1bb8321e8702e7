#include "tablebases/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <system_error>
#include <utility>

namespace rtb::file_io {

namespace fs = std::filesystem;

std::string errno_text() { return std::strerror(errno); }

[[noreturn]] void throw_errno() { throw std::system_error(errno, std::generic_category()); }

namespace {

std::atomic<std::int64_t>& bytes_before_disk_full() {
  static std::atomic<std::int64_t> left{-1};
  return left;
}

}  // namespace

void read_disk_full_hook() {
  static std::mutex mutex;
  static std::string seen;
  const char* text = std::getenv("RTB_TEST_DISK_FULL_AFTER_BYTES");
  std::lock_guard lock(mutex);
  if ((text ? text : "") == seen) return;
  seen = text ? text : "";
  bytes_before_disk_full() = text ? std::strtoll(text, nullptr, 10) : -1;
}

void write_all(int fd, const unsigned char* data, std::size_t size) {
  while (size > 0) {
    std::size_t chunk = size;
    if (std::atomic<std::int64_t>& left = bytes_before_disk_full(); left.load() >= 0) {
      chunk = static_cast<std::size_t>(std::min<std::int64_t>(left.load(), static_cast<std::int64_t>(size)));
      if (chunk == 0) {
        errno = ENOSPC;
        throw_errno();
      }
      left -= static_cast<std::int64_t>(chunk);
    }
    ssize_t n = ::write(fd, data, chunk);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_errno();
    }
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

std::size_t pread_all(int fd, unsigned char* data, std::size_t size, std::uint64_t offset) {
  std::size_t done = 0;
  while (done < size) {
    ssize_t n = ::pread(fd, data + done, size - done, static_cast<off_t>(offset + done));
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_errno();
    }
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
  }
  return done;
}

int create_temporary(const fs::path& path, fs::path& tmp) {
  static std::atomic<unsigned> counter{0};
  for (int attempt = 0; attempt < 100; ++attempt) {
    tmp = path;
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "." + temporary.
    std::string suffix = ".";
    suffix += std::to_string(::getpid());
    suffix += '-';
    suffix += std::to_string(counter++);
    suffix += ".tmp";
    tmp += suffix;
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  errno = EEXIST;
  return -1;
}

void fsync_directory(const fs::path& dir) {
  int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) throw_errno();
  if (::fsync(fd) != 0) {
    std::system_error error(errno, std::generic_category());
    ::close(fd);
    throw error;
  }
  ::close(fd);
}

AtomicFile::AtomicFile(const fs::path& path) : path_(path) {
  read_disk_full_hook();
  if (path.has_parent_path()) {
    std::error_code error;
    fs::create_directories(path.parent_path(), error);
    if (error) throw TablebaseError(path, "cannot create directory: " + error.message());
  }
  fd_ = create_temporary(path, tmp_);
  if (fd_ < 0) throw TablebaseError(tmp_, "cannot create: " + errno_text());
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  std::error_code ignored;
  if (!committed_) fs::remove(tmp_, ignored);
}

void AtomicFile::commit() {
  try {
    if (::fsync(fd_) != 0) throw_errno();
    if (::close(std::exchange(fd_, -1)) != 0) throw_errno();
  } catch (const std::system_error& e) {
    throw TablebaseError(tmp_, "cannot write: " + e.code().message());  // the destructor removes it
  }
  if (::rename(tmp_.c_str(), path_.c_str()) != 0) {
    const std::string why = errno_text();
    throw TablebaseError(path_, "cannot rename " + tmp_.string() + " onto it: " + why);
  }
  committed_ = true;
  try {
    fsync_directory(path_.parent_path());
  } catch (const std::system_error& e) {
    throw TablebaseError(path_, "cannot sync its directory: " + e.code().message());
  }
}

}  // namespace rtb::file_io
