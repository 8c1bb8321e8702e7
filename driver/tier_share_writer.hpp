#pragma once
// The file of a tier solved by processes that each own a share of it
// (solver/slot_share.hpp): each process compresses the file blocks of its
// own slots, on its threads, and process 0 learns every block's size and
// checksum, makes the file under a temporary name and tells each process
// where its blocks go; each writes its own there, and process 0 writes the
// header and the block table and renames the file onto its real name once
// every process has written. The bytes are those of the whole tier written
// by one process; no process holds more than its own share's values and
// frames (the file system is one that every process sees, as the tiers
// read are).
#include <cstdint>
#include <exception>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "solver/slot_share.hpp"
#include "tablebases/checksum.hpp"
#include "tablebases/tier_file.hpp"

namespace rtb {

namespace tier_share_detail {

// A text in words for an exchange: its length, then its bytes, 8 a word.
inline void append_text(std::vector<std::uint64_t>& words, const std::string& text) {
  words.push_back(text.size());
  for (std::size_t at = 0; at < text.size(); at += 8) {
    std::uint64_t word = 0;
    for (std::size_t k = 0; k < 8 && at + k < text.size(); ++k)
      word |= std::uint64_t{static_cast<unsigned char>(text[at + k])} << (8 * k);
    words.push_back(word);
  }
}

// Reads such a text from words[at], and moves at past it.
inline std::string read_text(const std::vector<std::uint64_t>& words, std::size_t& at) {
  if (at >= words.size()) return "";
  const std::size_t length = static_cast<std::size_t>(words[at++]);
  std::string text;
  for (std::size_t k = 0; k < length && at + k / 8 < words.size(); ++k)
    text += static_cast<char>((words[at + k / 8] >> (8 * (k % 8))) & 0xFF);
  at += (length + 7) / 8;
  return text;
}

}  // namespace tier_share_detail

// values: the tier's values indexed by slot, only this process's own
// slots there (the share's partition says which, as local tier `local`).
inline void write_tier_share(const std::filesystem::path& path, const TierInfo& info, const WriteOptions& options,
                             const std::uint8_t* values, const SlotPartition& share, std::size_t local,
                             GroupExchange& exchange) {
  const std::uint64_t block_size = options.block_size, count = info.position_count;
  const std::uint64_t blocks = (count + block_size - 1) / block_size;
  std::vector<std::uint64_t> mine;  // the file blocks of this process's slots
  for (std::uint64_t b = 0; b < blocks; ++b)
    if (share.owns(local, b * block_size)) mine.push_back(b);
  std::vector<std::vector<unsigned char>> frames =
      compress_tier_blocks(path, options, mine.size(), [&](std::uint64_t i, std::vector<unsigned char>& raw) {
        const std::uint64_t first = mine[i] * block_size;
        raw.assign(values + first, values + first + std::min(block_size, count - first));
      });
  // Each process's blocks with their sizes and checksums, to process 0.
  std::vector<std::uint64_t> described;
  for (std::size_t i = 0; i < mine.size(); ++i)
    described.insert(described.end(), {mine[i], frames[i].size(), crc32c(frames[i].data(), frames[i].size())});
  const std::vector<std::vector<std::uint64_t>> all = exchange.gather(std::move(described));
  // Process 0 makes the file's temporary and sends each process its name
  // and the offsets of its blocks (an empty name: it could not be made).
  std::optional<TierFileAssembly> file;
  std::exception_ptr failed;
  std::vector<std::vector<std::uint64_t>> to(static_cast<std::size_t>(exchange.ranks()));
  std::vector<std::uint32_t> checksums;
  if (exchange.rank() == 0) {
    std::vector<std::uint32_t> sizes(blocks, 0);
    checksums.assign(blocks, 0);
    for (const std::vector<std::uint64_t>& words : all)
      for (std::size_t j = 0; j + 2 < words.size(); j += 3) {
        sizes.at(words[j]) = static_cast<std::uint32_t>(words[j + 1]);
        checksums.at(words[j]) = static_cast<std::uint32_t>(words[j + 2]);
      }
    try {
      file.emplace(path, info, options, std::move(sizes));
    } catch (...) {
      failed = std::current_exception();
    }
    for (std::size_t r = 0; r < all.size() && r < to.size(); ++r) {
      tier_share_detail::append_text(to[r], file ? file->temporary().string() : std::string());
      if (!file) continue;
      for (std::size_t j = 0; j + 2 < all[r].size(); j += 3) to[r].push_back(file->offset(all[r][j]));
    }
  }
  const std::vector<std::uint64_t> told = exchange.exchange(std::move(to)).at(0);
  std::size_t at = 0;
  const std::string temporary = tier_share_detail::read_text(told, at);
  if (!failed) {
    try {
      if (temporary.empty()) throw TablebaseError(path, "cannot write: process 0 could not make the file");
      if (at > told.size() || told.size() - at != frames.size())
        throw TablebaseError(
            path, "cannot write: process 0 did not place this process's " + std::to_string(frames.size()) + " blocks");
      write_frames_into(temporary,
                        std::vector<std::uint64_t>(told.begin() + static_cast<std::ptrdiff_t>(at), told.end()), frames);
    } catch (...) {
      failed = std::current_exception();
    }
  }
  std::vector<std::vector<unsigned char>>().swap(frames);
  // Every process has written its blocks, or failed, before process 0 puts
  // the table and renames; on a failure the temporary goes with `file`.
  const std::uint64_t failures = exchange.sum({failed ? 1u : 0u}).at(0);
  if (failed) std::rethrow_exception(failed);
  if (failures > 0) throw TablebaseError(path, "cannot write: another process could not write its blocks");
  if (!file) return;
  for (std::uint64_t b = 0; b < blocks; ++b) file->written_elsewhere(b, checksums[b]);
  file->commit();
}

}  // namespace rtb
