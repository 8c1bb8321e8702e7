#pragma once
// The fixed header at the start of every tier file (tablebases/tier_file.hpp),
// written and read by one pair of functions. Layout, little-endian:
//     0  magic "RTBTIER" + 0x1A
//     8  u32 format version (kFormatVersion)
//    12  u32 header size (kHeaderSize)
//    16  game, variant, tier: kMaxNameLength bytes each, zero-padded
//   112  u64 position count
//   120  u32 value encoding: bytes per value, 1 or 2
//   124  u32 block size (positions per block)
//   128  u64 block count = ceil(position count / block size)
//   136  u32 zstd level (informational)
//   140  u32 CRC-32C of bytes 0..139
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace rtb {

inline constexpr std::uint32_t kFormatVersion = 1;
inline constexpr std::size_t kHeaderSize = 144;
inline constexpr std::size_t kMaxNameLength = 32;  // game, variant and tier fields

struct TierInfo {
  std::string game, variant, tier;
  std::uint64_t position_count = 0;
};

struct TierFileHeader {
  std::uint32_t version = kFormatVersion;
  TierInfo info;
  std::uint32_t value_bytes = 1;  // 1 or 2
  std::uint32_t block_size = 0;
  std::uint64_t block_count = 0;
  std::uint32_t zstd_level = 0;
};

// What is wrong with a header's bytes, e.g. "header checksum mismatch"; the
// caller adds the file's path.
struct HeaderProblem : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The header's bytes with their checksum. The names must fit kMaxNameLength
// (the writer checks them first).
std::array<unsigned char, kHeaderSize> encode_header(const TierFileHeader& header);

// Decodes the first `got` bytes of a file (at most kHeaderSize are looked
// at). Checks the magic, the version, the size and the checksum, in an order
// that names the first real problem (a newer version may checksum
// differently); the values of the fields are the caller's to check.
TierFileHeader decode_header(const unsigned char* bytes, std::size_t got);

}  // namespace rtb
