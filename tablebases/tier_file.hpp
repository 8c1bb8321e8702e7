#pragma once
// One tablebase file holds the values of every position of one tier.
//
// Promise: a file is either complete and verified or refused with a
// TablebaseError that names the file and what is wrong; damaged bytes are
// never returned as values. Writing is atomic (temporary name, fsync, rename)
// and deterministic (same input, same bytes).
//
// Layout, all integers little-endian:
//   header (kHeaderSize bytes; fields in tablebases/tier_header.hpp)
//   block table: per block u64 offset, u32 compressed size, u32 CRC-32C of
//     the compressed bytes; then u32 CRC-32C of the table entries
//   blocks: one zstd frame each (with the zstd content checksum), back to
//     back, in order; the file ends exactly at the end of the last block.
// Values inside a block are position indexes block*block_size.., one byte
// each (encoding 1) or two bytes little-endian (encoding 2); a value above
// kMaxValue (solver/value.hpp) is damage.
//
// Derived tiers (encoding 0): a file may hold no values at all, only the
// header, with block size and block count 0 and nothing after it. It stands
// for a tier whose every value is one move from tiers that are stored (a
// game's LeavesOutTiers hook says which tiers may be derived, `rtb generate
// --derive-tiers` writes them so): readers compute a position's value from
// its children's (solver/derived_tier.hpp for a whole tier, the query's
// oracle for one position), as Syzygy's DTZ tables store one side to move.
// Readers of other files are unchanged, so this is an extension of version 1,
// not a new version: an older reader refuses such a file by its encoding.
//
// Versioning: kFormatVersion names the layout above, the value encoding of
// solver/value.hpp and the slot numbering of every game's indexer. Any change
// to one of them must bump it; a reader refuses every version but its own.
// tests/apps/tablebase_integration_test.cpp pins the bytes of a Pangki solve so
// that such a change cannot go unnoticed.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "solver/solved_tier.hpp"
#include "solver/value.hpp"
#include "tablebases/file_io.hpp"
#include "tablebases/tablebase_error.hpp"
#include "tablebases/tier_header.hpp"

struct ZSTD_DCtx_s;  // zstd's decompression context; only tier_file.cpp includes zstd.h
struct ZSTD_CCtx_s;  // and its compression context

namespace rtb {

// A block's compressed size is stored in 32 bits; this keeps even 2-byte
// blocks and their zstd bound well inside that.
inline constexpr std::uint32_t kMaxBlockSize = 1u << 28;

// Defaults chosen by measurement (docs/results.md, "File format choices"):
// 16384 positions a block keep a cold probe near 30 us while the size stays
// within 1% of 64K blocks. Level 7 with long matches (below) writes 0.3-1%
// less than zstd's own level 9 on every game measured, 2.5-3 times faster;
// on Seven Men's Morris level 12 writes 4% less at 1.5 times level 9's time,
// level 19 6% less at 4 times.
struct WriteOptions {
  std::uint32_t block_size = 1u << 14;  // positions per block: one probe decompresses this many
  int zstd_level = 7;
  bool long_matches = true;  // at levels 1..kLongMatchLevels, matches of kLongMatchBytes or more (below)
  int threads = 0;           // compression threads; 0 = OpenMP's default. The bytes never depend on it.
};

// With long_matches, at levels 1 to kLongMatchLevels the writer has zstd
// take only matches of kLongMatchBytes or more: in a table of values a
// shorter repeat is mostly chance, and finding and coding it costs more time
// and bits than it saves. Measured on Seven Men's Morris, Bagh-Chal 4x4,
// Pangki, Cinc camins and Crossings 4x4, every level from 1 to 10 writes
// smaller files faster with it; above 10 (zstd's optimal parsers) zstd's own
// choice writes less.
inline constexpr int kLongMatchLevels = 10;
inline constexpr int kLongMatchBytes = 6;

// The file does not exist (as opposed to existing but damaged), so a caller
// can suggest the command that generates it.
class MissingTablebase : public TablebaseError {
 public:
  explicit MissingTablebase(const std::filesystem::path& path);
};

// The file is a derived tier's (encoding 0): it holds no values, and the
// caller must compute them from the tiers the tier's moves lead to.
class DerivedTier : public TablebaseError {
 public:
  explicit DerivedTier(const std::filesystem::path& path);
};

inline constexpr std::uint32_t kDerivedEncoding = 0;

// The folder of a game's files in a tablebase directory: "<game>-<variant>",
// e.g. pangki-default, morris-nine.
inline std::string game_folder_name(std::string_view game, std::string_view variant) {
  return std::string(game) + "-" + std::string(variant);
}

// dir / "<game>-<variant>" / "<tier>.rtb", e.g. tb/pangki-default/6-6.rtb.
std::filesystem::path tier_path(const std::filesystem::path& dir, std::string_view game, std::string_view variant,
                                std::string_view tier);

// Why the options cannot write a file ("block size 0 is not in 1..268435456"),
// or "" when they can: lets a command refuse them before any work starts.
std::string write_options_problem(const WriteOptions& options);
// The highest zstd level (the lowest is 1 for the command line).
int max_zstd_level();

// values.size() must equal info.position_count. Writes a temporary of a
// unique name next to path (created with O_EXCL|O_NOFOLLOW, so a planted
// link or another writer's temporary is never written through), fsyncs it,
// renames it onto path and fsyncs the directory. Creates parent directories.
void write_tier_file(const std::filesystem::path& path, const TierInfo& info, std::span<const Value> values,
                     const WriteOptions& options = {});
// The same from values one byte each (every one below 256): the same file.
void write_tier_file(const std::filesystem::path& path, const TierInfo& info, std::span<const std::uint8_t> values,
                     const WriteOptions& options = {});

// Writes a derived tier's file: the header alone, atomically as above.
void write_derived_tier_file(const std::filesystem::path& path, const TierInfo& info);

// Compresses `count` blocks on options.threads threads (0: OpenMP's
// default), block b's raw bytes written into its argument by raw(b, bytes):
// the frames, in block order. A failure throws a TablebaseError naming path.
std::vector<std::vector<unsigned char>> compress_tier_blocks(
    const std::filesystem::path& path, const WriteOptions& options, std::uint64_t count,
    const std::function<void(std::uint64_t, std::vector<unsigned char>&)>& raw);

// A file put together from blocks compressed apart, as the processes of a
// tier group split across machines do (each compresses the blocks of its
// own slots; one puts the file together): the same bytes as
// write_tier_file of the tier's values one byte each.
//
// Compresses blocks as the writer does, one frame a block.
class TierBlockCompressor {
 public:
  explicit TierBlockCompressor(const WriteOptions& options);
  ~TierBlockCompressor();
  TierBlockCompressor(const TierBlockCompressor&) = delete;
  TierBlockCompressor& operator=(const TierBlockCompressor&) = delete;
  // One block's raw bytes (a value a byte, or two little-endian): its frame.
  std::vector<unsigned char> compress(std::span<const unsigned char> raw);

 private:
  ZSTD_CCtx_s* cctx_;
};

// The file of a tier whose values are one byte each, from its blocks'
// compressed sizes (block_size values a block, as options say), then each
// block in any order, then commit(): written under a temporary name and
// renamed onto path only then, so that a writer that dies or throws before
// leaves no file under the real name (the destructor removes the temporary).
class TierFileAssembly {
 public:
  TierFileAssembly(const std::filesystem::path& path, const TierInfo& info, const WriteOptions& options,
                   std::vector<std::uint32_t> block_sizes);
  ~TierFileAssembly();
  TierFileAssembly(const TierFileAssembly&) = delete;
  TierFileAssembly& operator=(const TierFileAssembly&) = delete;
  void put(std::uint64_t block, std::span<const unsigned char> frame);
  // The temporary the blocks are written into: another process writes its
  // own there (write_frames_into), and says so with written_elsewhere().
  const std::filesystem::path& temporary() const { return file_->temporary(); }
  // Where block `block` goes in the file.
  std::uint64_t offset(std::uint64_t block) const { return offsets_.at(block); }
  void written_elsewhere(std::uint64_t block, std::uint32_t checksum);
  void commit();

 private:
  TierInfo info_;
  WriteOptions options_;
  std::vector<std::uint32_t> sizes_, crcs_;
  std::vector<std::uint64_t> offsets_;
  std::vector<bool> put_;
  std::unique_ptr<file_io::AtomicFile> file_;
};

// Writes frames of a TierFileAssembly's file from another process, each at
// its offset, into the assembly's temporary (it must be there already), and
// syncs them to the disk.
void write_frames_into(const std::filesystem::path& temporary, const std::vector<std::uint64_t>& offsets,
                       const std::vector<std::vector<unsigned char>>& frames);

// Reads and verifies the whole file (header, table, every block) and checks
// game, variant, tier and position count against expected; DerivedTier for
// a derived tier's file.
std::vector<Value> read_tier_file(const std::filesystem::path& path, const TierInfo& expected);

// Whether `name` is a temporary that write_tier_file makes ("2-2.rtb.<id>.tmp",
// or the "2-2.rtb.tmp" of older builds), or write_walk_file
// ("2-2.walk.<id>.tmp", tablebases/walk_file.hpp).
bool is_tier_temporary(const std::string& name);
// Removes the temporaries left in dir by killed writers (the caller holds the
// directory's lock, so none is being written); returns how many.
std::size_t remove_stale_temporaries(const std::filesystem::path& dir);

// True iff the file exists and everything in it verifies against expected.
// Never throws for a missing or damaged file.
// `problem`, where given, gets why a file that is there is not complete (its
// TablebaseError's message); a missing file leaves it as it is. Reads on
// `threads` threads (0: OpenMP's default).
bool tier_file_is_complete(const std::filesystem::path& path, const TierInfo& expected, std::string* problem = nullptr,
                           int threads = 0);

// An open tier file for random access. Opening verifies the header and the
// block table and that the file size is exactly what the table implies (and
// that no block claims more values than its compressed bytes can hold, so the
// header cannot make read_all() allocate more than the file can fill); each
// block is verified when it is first decompressed. Anything but a regular
// file (a FIFO, a device) is refused without blocking. value() is thread-safe.
class TierFile {
 public:
  static constexpr std::size_t kDefaultCacheBlocks = 64;  // 2 MB a file at 16K-position blocks

  // Opens and checks the identity against expected.
  TierFile(const std::filesystem::path& path, const TierInfo& expected, std::size_t cache_blocks = kDefaultCacheBlocks);
  // Opens whatever tier the file holds (for tools that inspect files).
  explicit TierFile(const std::filesystem::path& path, std::size_t cache_blocks = kDefaultCacheBlocks);
  ~TierFile();
  TierFile(const TierFile&) = delete;
  TierFile& operator=(const TierFile&) = delete;

  // DerivedTier when the file is a derived tier's.
  Value value(std::uint64_t index) const;
  bool derived() const { return encoding_ == kDerivedEncoding; }
  std::uint64_t size() const { return info_.position_count; }
  const TierInfo& info() const { return info_; }
  const std::filesystem::path& path() const { return path_; }
  std::uint32_t value_bytes() const { return encoding_; }
  std::uint32_t block_size() const { return block_size_; }
  std::uint64_t block_count() const { return blocks_.size(); }
  std::uint64_t file_bytes() const { return file_bytes_; }

  // Verifies and decodes every block on `threads` threads (0: OpenMP's
  // default, every core), bypassing the cache; DerivedTier when the file is
  // a derived tier's.
  std::vector<Value> read_all(int threads = 0) const;
  // The same, one byte a value where the file stores one (the values of
  // every tier solved so far), else two (solver/solved_tier.hpp).
  SolvedTier read_solved(int threads = 0) const;
  // Verifies every block without keeping the values.
  void verify_all(int threads = 0) const;

 private:
  struct BlockEntry {
    std::uint64_t offset;
    std::uint32_t compressed_size;
    std::uint32_t checksum;
  };
  using Bytes = std::vector<unsigned char>;
  class DecompressorLease;

  void open(const TierInfo* expected);
  std::uint64_t positions_in_block(std::uint64_t block) const;
  void require_values() const;
  // Reads, checks and decompresses one block into out (sized by the caller).
  void load_block(std::uint64_t block, unsigned char* out, Bytes& scratch, ZSTD_DCtx_s* dctx) const;
  [[noreturn]] void fail(const std::string& problem) const;

  std::filesystem::path path_;
  int fd_ = -1;
  TierInfo info_;
  std::uint32_t encoding_ = 1;
  std::uint32_t block_size_ = 1;
  std::uint64_t file_bytes_ = 0;
  std::vector<BlockEntry> blocks_;

  // LRU cache of decompressed blocks, most recent first. Decompression runs
  // outside the lock so threads missing different blocks do not wait on each
  // other.
  struct CachedBlock {
    std::uint64_t block;
    std::shared_ptr<const Bytes> bytes;
  };
  std::size_t cache_capacity_;
  mutable std::mutex cache_mutex_;
  mutable std::list<CachedBlock> lru_;
  mutable std::unordered_map<std::uint64_t, std::list<CachedBlock>::iterator> cached_;
  // Idle decompression contexts, reused because creating one per probe costs
  // about as much as decompressing a small block. Guarded by cache_mutex_.
  mutable std::vector<ZSTD_DCtx_s*> idle_dctx_;
};

// Probes the tier files of one game and variant under dir, opening each file
// the first time it is asked for and keeping it open. Thread-safe.
class Prober {
 public:
  Prober(std::filesystem::path dir, std::string game, std::string variant,
         std::size_t cache_blocks_per_file = TierFile::kDefaultCacheBlocks);

  // Throws MissingTablebase when the tier's file does not exist and
  // TablebaseError when it is damaged or holds another tier or count.
  Value probe(std::string_view tier, std::uint64_t expected_count, std::uint64_t index);
  // The open file, for callers that probe one tier many times.
  const TierFile& file(std::string_view tier, std::uint64_t expected_count);

  const std::filesystem::path& dir() const { return dir_; }

 private:
  std::filesystem::path dir_;
  std::string game_, variant_;
  std::size_t cache_blocks_;
  std::shared_mutex mutex_;
  std::map<std::string, std::unique_ptr<TierFile>, std::less<>> files_;
};

// On-disk size of a tier file, for benchmarks and `rtb stats`.
struct FileStats {
  std::uint64_t file_bytes = 0;
  std::uint64_t position_count = 0;
  double bits_per_position = 0;  // 0 for an empty tier
};
FileStats file_stats(const std::filesystem::path& path);

}  // namespace rtb
