#pragma once
// SHA-256 (FIPS 180-4), for the manifests of tablebase files (service/
// manifest.hpp): the digest users compare with published lists (sha256sum,
// syzygy-tables.info). Written here, as no library rtb already depends on
// offers it; tested against the standard's examples.
#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace rtb {

class Sha256 {
 public:
  Sha256();
  void update(const void* data, std::size_t size);
  void update(std::string_view bytes) { update(bytes.data(), bytes.size()); }
  // The digest of everything given, as 64 lower-case hex digits. The object
  // is spent after it.
  std::string hex_digest();

 private:
  void compress(const std::uint8_t* block);
  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, 64> pending_{};  // the bytes of an unfinished block
  std::size_t pending_size_ = 0;
  std::uint64_t total_bytes_ = 0;
};

// The SHA-256 of a file's bytes; std::runtime_error naming the file when it
// cannot be read.
std::string sha256_of_file(const std::filesystem::path& path);

// The SHA-256 of each file, on `threads` threads (a digest reads its file
// at the speed of one core): "" for a file that cannot be read.
std::vector<std::string> sha256_of_files(const std::vector<std::filesystem::path>& paths, int threads);

}  // namespace rtb
