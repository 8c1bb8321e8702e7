#pragma once
// The system calls every file of a tablebase directory is written and read
// with: whole writes and reads that go on after EINTR, a temporary no one
// else can have, and the directory synced after a rename. A killed writer
// leaves only its temporary, which the next writer sweeps
// (remove_stale_temporaries, tablebases/tier_file.hpp).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

#include "tablebases/tablebase_error.hpp"

namespace rtb::file_io {

// errno, in words.
std::string errno_text();
[[noreturn]] void throw_errno();

// Writes all of data, or throws std::system_error. Test hook: with
// RTB_TEST_DISK_FULL_AFTER_BYTES=N in the environment (read by
// read_disk_full_hook), the writes of this process fail with ENOSPC once N
// bytes have been written, as on a full disk, so that the full-disk tests
// run on any machine. -1: no limit. The count starts again when the
// variable changes; an AtomicFile reads it as it is made.
void write_all(int fd, const unsigned char* data, std::size_t size);
void read_disk_full_hook();

// Returns the number of bytes read; fewer than size only at the end of the file.
std::size_t pread_all(int fd, unsigned char* data, std::size_t size, std::uint64_t offset);

// Creates a temporary next to `path` that no one else can have: a unique name
// ("PATH.<pid>-<n>.tmp"), O_EXCL (never an existing file) and O_NOFOLLOW
// (never through a link). Returns the descriptor, or -1 with errno set.
int create_temporary(const std::filesystem::path& path, std::filesystem::path& tmp);

void fsync_directory(const std::filesystem::path& dir);

// A file written whole or not at all, the one way every file here is
// written: its folder made, its bytes written into a temporary (fd()), and
// commit() syncs the temporary, renames it onto the path and syncs the
// folder, so that a crash leaves the old file or the new one, never half of
// one under the real name. Not committed, the destructor removes the
// temporary. Throws TablebaseError naming the file: the constructor when the
// folder or the temporary cannot be made, commit() when the temporary cannot
// be synced or closed ("cannot write"), renamed or its folder synced. The
// writer's own failures to write are its to name.
class AtomicFile {
 public:
  explicit AtomicFile(const std::filesystem::path& path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  int fd() const { return fd_; }
  const std::filesystem::path& temporary() const { return tmp_; }
  void commit();

 private:
  std::filesystem::path path_, tmp_;
  int fd_ = -1;
  bool committed_ = false;
};

}  // namespace rtb::file_io
