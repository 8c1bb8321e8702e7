#pragma once
// An array of n values, zero at first, whose memory is reserved at once but
// taken from the system only where it is written: a page no one writes
// costs no RAM. A process that owns a share of a split tier group
// (solver/slot_share.hpp) indexes its share's states by the group's own slot
// numbers, and so holds only the pages of its own blocks.
#include <sys/mman.h>

#include <cstddef>
#include <new>
#include <utility>

namespace rtb {

template <class T>
class ReservedArray {
 public:
  ReservedArray() = default;
  explicit ReservedArray(std::size_t n) : size_(n) {
    if (n == 0) return;
    void* at = ::mmap(nullptr, bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (at == MAP_FAILED) throw std::bad_alloc();
    data_ = static_cast<T*>(at);
  }
  ReservedArray(ReservedArray&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  ReservedArray& operator=(ReservedArray&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    return *this;
  }
  ReservedArray(const ReservedArray&) = delete;
  ReservedArray& operator=(const ReservedArray&) = delete;
  ~ReservedArray() {
    if (data_) ::munmap(data_, bytes());
  }

  T* data() const { return data_; }
  std::size_t size() const { return size_; }
  T& operator[](std::size_t i) const { return data_[i]; }

 private:
  std::size_t bytes() const { return size_ * sizeof(T); }
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace rtb
