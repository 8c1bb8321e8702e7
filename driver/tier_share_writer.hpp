#pragma once
// The file of a tier solved by processes that each own a share of it
// (solver/slot_share.hpp): each process compresses the file blocks of its
// own slots, on its threads; process 0 takes their sizes, then each
// process's frames in turn, and puts the file together under a temporary
// name, renamed onto the real one when whole (tablebases/tier_file.hpp). The
// bytes are those of the whole tier written by one process; no process holds
// more than its share's values, and process 0 one process's frames at a time.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "solver/slot_share.hpp"
#include "tablebases/tier_file.hpp"

namespace rtb {

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
  // Each process's blocks and their sizes, then its frames in the same order.
  std::vector<std::uint64_t> sizes;
  std::vector<unsigned char> bytes;
  for (std::size_t i = 0; i < mine.size(); ++i) {
    sizes.push_back(mine[i]);
    sizes.push_back(frames[i].size());
    bytes.insert(bytes.end(), frames[i].begin(), frames[i].end());
    std::vector<unsigned char>().swap(frames[i]);
  }
  const std::vector<std::vector<std::uint64_t>> all_sizes = exchange.gather(std::move(sizes));
  std::optional<TierFileAssembly> file;
  if (exchange.rank() == 0) {
    std::vector<std::uint32_t> by_block(blocks, 0);
    for (const std::vector<std::uint64_t>& pairs : all_sizes)
      for (std::size_t j = 0; j + 1 < pairs.size(); j += 2)
        by_block.at(pairs[j]) = static_cast<std::uint32_t>(pairs[j + 1]);
    file.emplace(path, info, options, std::move(by_block));
  }
  for (int from = 0; from < exchange.ranks(); ++from) {
    const std::vector<unsigned char> got =
        exchange.pass_to_root(from, from == exchange.rank() ? std::move(bytes) : std::vector<unsigned char>{});
    if (!file) continue;
    const std::vector<std::uint64_t>& pairs = all_sizes[static_cast<std::size_t>(from)];
    std::size_t at = 0;
    for (std::size_t j = 0; j + 1 < pairs.size(); j += 2) {
      const std::size_t size = static_cast<std::size_t>(pairs[j + 1]);
      if (at + size > got.size())
        throw TablebaseError(path, "cannot write: process " + std::to_string(from) + " sent fewer bytes than it said");
      file->put(pairs[j], std::span<const unsigned char>(got.data() + at, size));
      at += size;
    }
  }
  if (file) file->commit();
}

}  // namespace rtb
