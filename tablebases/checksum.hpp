#pragma once
// CRC-32C (Castagnoli), the checksum every header, block table and block of a
// tablebase file carries. Chosen because it is well known (iSCSI, ext4, SCTP)
// and detects every burst error up to 32 bits, so a flipped bit never passes.
#include <cstddef>
#include <cstdint>
#include <span>

namespace rtb {

// Continues a running CRC: crc32c(b, crc32c(a)) == crc32c(a followed by b).
std::uint32_t crc32c(const void* data, std::size_t size, std::uint32_t previous = 0);

inline std::uint32_t crc32c(std::span<const std::byte> bytes, std::uint32_t previous = 0) {
  return crc32c(bytes.data(), bytes.size(), previous);
}

}  // namespace rtb
