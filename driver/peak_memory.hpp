#pragma once
// The process's resident memory, measured group by group, so that a run
// says what each group of its plan took and not only the whole run's peak
// (issue 48: the plan within 5% of every group's peak).
//
// Sampled, not read from the kernel's peak: Linux can set its peak back
// (/proc/self/clear_refs), but that peak is also the one getrusage and
// `/usr/bin/time -v` report, which would then say the last group's peak
// instead of the run's. A thread reads the resident size (/proc/self/statm)
// every few milliseconds; the memory a group's peak is made of (its state,
// the tiers it holds, its lists) is held for seconds, far longer. Where
// /proc is not mounted nothing is measured (0).
#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <thread>

namespace rtb {

// The resident memory now, in bytes; 0 where the system does not say.
inline std::uint64_t resident_bytes() {
  std::FILE* statm = std::fopen("/proc/self/statm", "r");
  if (!statm) return 0;
  unsigned long long size = 0, resident = 0;
  const bool read = std::fscanf(statm, "%llu %llu", &size, &resident) == 2;
  std::fclose(statm);
  const long page = ::sysconf(_SC_PAGE_SIZE);
  return read && page > 0 ? resident * static_cast<std::uint64_t>(page) : 0;
}

// Gives the system back the memory the allocator keeps after it was freed
// (glibc keeps freed pages of its heaps for reuse): between groups, so that
// what one group freed does not count as the next one's, nor against a
// memory limit.
inline void return_freed_memory() { malloc_trim(0); }

// The largest resident memory since the last restart(), sampled.
class PeakSampler {
 public:
  explicit PeakSampler(std::chrono::milliseconds interval = std::chrono::milliseconds(10))
      : interval_(interval), thread_([this] { run(); }) {}
  ~PeakSampler() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }
  PeakSampler(const PeakSampler&) = delete;
  PeakSampler& operator=(const PeakSampler&) = delete;

  // From now on: the peak is what the process holds now.
  void restart() {
    const std::uint64_t now = resident_bytes();
    std::lock_guard<std::mutex> lock(mutex_);
    peak_ = now;
  }
  // The peak since restart(), with a sample taken now; 0 where the system
  // does not say.
  std::uint64_t peak() {
    const std::uint64_t now = resident_bytes();
    std::lock_guard<std::mutex> lock(mutex_);
    return peak_ = std::max(peak_, now);
  }

 private:
  void run() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stop_) {
      lock.unlock();
      const std::uint64_t now = resident_bytes();
      lock.lock();
      peak_ = std::max(peak_, now);
      wake_.wait_for(lock, interval_, [this] { return stop_; });
    }
  }

  const std::chrono::milliseconds interval_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::uint64_t peak_ = 0;
  bool stop_ = false;
  std::thread thread_;  // last: it starts once the members above are set
};

}  // namespace rtb
