#include "tablebases/tier_header.hpp"

#include <algorithm>
#include <cstring>

#include "tablebases/checksum.hpp"
#include "tablebases/little_endian.hpp"

namespace rtb {
namespace {

using namespace little_endian;

constexpr std::array<unsigned char, 8> kMagic = {'R', 'T', 'B', 'T', 'I', 'E', 'R', 0x1A};
// Field offsets, in the order of the layout in tier_header.hpp.
constexpr std::size_t kVersionAt = 8;
constexpr std::size_t kHeaderSizeAt = 12;
constexpr std::size_t kGameAt = 16;
constexpr std::size_t kVariantAt = kGameAt + kMaxNameLength;
constexpr std::size_t kTierAt = kVariantAt + kMaxNameLength;
constexpr std::size_t kCountAt = kTierAt + kMaxNameLength;
constexpr std::size_t kValueBytesAt = kCountAt + 8;
constexpr std::size_t kBlockSizeAt = kValueBytesAt + 4;
constexpr std::size_t kBlockCountAt = kBlockSizeAt + 4;
constexpr std::size_t kZstdLevelAt = kBlockCountAt + 8;
constexpr std::size_t kChecksumAt = kZstdLevelAt + 4;
static_assert(kCountAt == 112 && kChecksumAt + 4 == kHeaderSize, "the layout is fixed by format version 1");

void put_name(unsigned char* p, const std::string& name) {
  std::memcpy(p, name.data(), std::min(name.size(), kMaxNameLength));
}

std::string get_name(const unsigned char* p) {
  const auto* end = std::find(p, p + kMaxNameLength, 0);
  return std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(end - p));
}

}  // namespace

std::array<unsigned char, kHeaderSize> encode_header(const TierFileHeader& header) {
  std::array<unsigned char, kHeaderSize> h{};
  std::copy(kMagic.begin(), kMagic.end(), h.begin());
  put_u32(&h[kVersionAt], header.version);
  put_u32(&h[kHeaderSizeAt], kHeaderSize);
  put_name(&h[kGameAt], header.info.game);
  put_name(&h[kVariantAt], header.info.variant);
  put_name(&h[kTierAt], header.info.tier);
  put_u64(&h[kCountAt], header.info.position_count);
  put_u32(&h[kValueBytesAt], header.value_bytes);
  put_u32(&h[kBlockSizeAt], header.block_size);
  put_u64(&h[kBlockCountAt], header.block_count);
  put_u32(&h[kZstdLevelAt], header.zstd_level);
  put_u32(&h[kChecksumAt], crc32c(h.data(), kChecksumAt));
  return h;
}

TierFileHeader decode_header(const unsigned char* h, std::size_t got) {
  auto fail = [](const std::string& problem) { throw HeaderProblem(problem); };
  if (!std::equal(h, h + std::min(got, kMagic.size()), kMagic.begin())) fail("not an rtb tablebase (bad magic)");
  if (got == 0) fail("truncated: the file is empty");
  if (got < kHeaderSizeAt) fail("truncated: file is " + std::to_string(got) + " bytes, inside the header");
  TierFileHeader header;
  header.version = get_u32(&h[kVersionAt]);
  // Another version may number slots or encode values differently (see
  // tablebases/tier_file.hpp, "Versioning"): older ones are refused too.
  if (header.version != kFormatVersion)
    fail("written in file format version " + std::to_string(header.version) + ", but this program reads version " +
         std::to_string(kFormatVersion) + " only (slots or values may be numbered differently); generate it again");
  if (got < kHeaderSize)
    fail("truncated: file is " + std::to_string(got) + " bytes, shorter than the " + std::to_string(kHeaderSize) +
         "-byte header");
  if (get_u32(&h[kChecksumAt]) != crc32c(h, kChecksumAt)) fail("header checksum mismatch");
  if (get_u32(&h[kHeaderSizeAt]) != kHeaderSize)
    fail("header size " + std::to_string(get_u32(&h[kHeaderSizeAt])) + ", expected " + std::to_string(kHeaderSize));
  header.info.game = get_name(&h[kGameAt]);
  header.info.variant = get_name(&h[kVariantAt]);
  header.info.tier = get_name(&h[kTierAt]);
  header.info.position_count = get_u64(&h[kCountAt]);
  header.value_bytes = get_u32(&h[kValueBytesAt]);
  header.block_size = get_u32(&h[kBlockSizeAt]);
  header.block_count = get_u64(&h[kBlockCountAt]);
  header.zstd_level = get_u32(&h[kZstdLevelAt]);
  return header;
}

}  // namespace rtb
