#pragma once
// Whole files as bytes, for tests that damage tablebase files on purpose,
// and as text (what a test reads back: a captured output, a lock file).
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace rtb::test_files {

using Bytes = std::vector<char>;

inline Bytes read_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(in), {});
}

// The file's bytes as a string; empty if it cannot be read.
inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

inline void write_bytes(const std::filesystem::path& p, const Bytes& b) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(b.data(), static_cast<std::streamsize>(b.size()));
}

// Flips one bit 40 bytes before the end of a file: inside its last block's
// compressed data, so that the block's checksum no longer matches.
inline void flip_a_bit_near_the_end(const std::filesystem::path& p) {
  Bytes bytes = read_bytes(p);
  bytes.at(bytes.size() - 40) ^= 0x10;
  write_bytes(p, bytes);
}

}  // namespace rtb::test_files
