#pragma once
// Huge pages for the large arrays of a solve (state words, a tier's values):
// fewer TLB misses in their random access.
#include <sys/mman.h>

#include <cstddef>
#include <cstdint>

namespace rtb {

// Asks the kernel to back the whole 2 MiB pages inside [data, data + bytes)
// with huge pages (Linux's transparent huge pages in "madvise" mode).
inline void advise_huge_pages(void* data, std::size_t bytes) {
  constexpr std::uintptr_t kHuge = std::uintptr_t{1} << 21;
  const std::uintptr_t begin = (reinterpret_cast<std::uintptr_t>(data) + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(kHuge - 1);
  if (end > begin)
    madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);  // advice only: errors are harmless
}

// Makes `v` n copies of `fill` on memory advised onto huge pages. The advice
// must come between allocating and first touching the pages (a page already
// touched stays small), which is why this is not reserve-then-assign at the
// call site: one place for that order.
template <class Vector>
void assign_on_huge_pages(Vector& v, std::size_t n, const typename Vector::value_type& fill = {}) {
  v.reserve(n);
  advise_huge_pages(v.data(), v.capacity() * sizeof(typename Vector::value_type));
  v.assign(n, fill);
}

}  // namespace rtb
