#include "tablebases/tier_file.hpp"

#include <fcntl.h>
#include <omp.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

#include "solver/huge_pages.hpp"
#include "solver/thread_count.hpp"
#include "tablebases/checksum.hpp"
#include "tablebases/file_io.hpp"
#include "tablebases/little_endian.hpp"

namespace rtb {
namespace {

namespace fs = std::filesystem;
using namespace little_endian;
using namespace file_io;  // NOLINT: the writes and reads of every file here

constexpr std::size_t kTableEntrySize = 16;
// Blocks compressed together before they are written: enough to keep every
// thread busy, few enough that their frames stay small (16 MiB of values
// with the default block size, and usually a tenth of that compressed).
constexpr std::uint64_t kBlocksABatch = 1024;
// The most bytes one compressed byte can stand for in a zstd frame: a raw-run
// (RLE) block of 128 KiB takes 4 bytes, and nothing is denser. A block whose
// table entry claims more is damaged, whatever its header checksum says.
constexpr std::uint64_t kMaxZstdRatio = (128u << 10) / 4;

void check_name(const fs::path& path, const char* what, const std::string& name) {
  if (name.size() > kMaxNameLength)
    throw TablebaseError(path, std::string("cannot write: ") + what + " name '" + name + "' is longer than " +
                                   std::to_string(kMaxNameLength) + " bytes");
  if (name.find('\0') != std::string::npos)
    throw TablebaseError(path, std::string("cannot write: ") + what + " name contains a NUL byte");
}

}  // namespace

// One zstd frame per block, with the content checksum so that corruption the
// table checksum cannot see (a bug, a bad RAM bit while writing) still fails.
TierBlockCompressor::TierBlockCompressor(const WriteOptions& options) : cctx_(ZSTD_createCCtx()) {
  const bool ready = cctx_ != nullptr &&
                     !ZSTD_isError(ZSTD_CCtx_setParameter(cctx_, ZSTD_c_compressionLevel, options.zstd_level)) &&
                     !ZSTD_isError(ZSTD_CCtx_setParameter(cctx_, ZSTD_c_checksumFlag, 1)) &&
                     (!options.long_matches || options.zstd_level > kLongMatchLevels ||
                      !ZSTD_isError(ZSTD_CCtx_setParameter(cctx_, ZSTD_c_minMatch, kLongMatchBytes)));
  if (!ready) {
    ZSTD_freeCCtx(cctx_);
    throw std::runtime_error("cannot set up zstd");
  }
}

TierBlockCompressor::~TierBlockCompressor() { ZSTD_freeCCtx(cctx_); }

std::vector<unsigned char> TierBlockCompressor::compress(std::span<const unsigned char> raw) {
  std::vector<unsigned char> out(ZSTD_compressBound(raw.size()));
  std::size_t n = ZSTD_compress2(cctx_, out.data(), out.size(), raw.data(), raw.size());
  if (ZSTD_isError(n)) throw std::runtime_error(ZSTD_getErrorName(n));
  out.resize(n);
  out.shrink_to_fit();
  return out;
}

// Blocks are independent, so they compress in parallel; each lands in its
// own slot, which keeps the output identical for any thread count.
std::vector<std::vector<unsigned char>> compress_tier_blocks(
    const fs::path& path, const WriteOptions& options, std::uint64_t count,
    const std::function<void(std::uint64_t, std::vector<unsigned char>&)>& raw) {
  std::vector<std::vector<unsigned char>> blocks(count);
  std::exception_ptr error;
  const int threads = thread_count(options.threads);
#pragma omp parallel if (count > 1) num_threads(threads)
  {
    std::optional<TierBlockCompressor> compressor;
    std::vector<unsigned char> bytes;
#pragma omp for schedule(dynamic)
    for (std::int64_t b = 0; b < static_cast<std::int64_t>(count); ++b) {
      try {
        if (!compressor) compressor.emplace(options);
        raw(static_cast<std::uint64_t>(b), bytes);
        blocks[b] = compressor->compress(bytes);
      } catch (...) {
#pragma omp critical(rtb_write_error)
        if (!error) error = std::current_exception();
      }
    }
  }
  if (error) {
    try {
      std::rethrow_exception(error);
    } catch (const std::exception& e) {
      throw TablebaseError(path, std::string("cannot compress: ") + e.what());
    }
  }
  return blocks;
}

MissingTablebase::MissingTablebase(const fs::path& path) : TablebaseError(path, "missing: no such tablebase file") {}
DerivedTier::DerivedTier(const fs::path& path)
    : TablebaseError(path, "holds no values: a derived tier, whose values are one move from the tiers it leads to") {}

fs::path tier_path(const fs::path& dir, std::string_view game, std::string_view variant, std::string_view tier) {
  return dir / game_folder_name(game, variant) / (std::string(tier) + ".rtb");
}

// ---------------------------------------------------------------- writing

int max_zstd_level() { return ZSTD_maxCLevel(); }

std::string write_options_problem(const WriteOptions& options) {
  if (options.block_size == 0 || options.block_size > kMaxBlockSize)
    return "block size " + std::to_string(options.block_size) + " is not in 1.." + std::to_string(kMaxBlockSize);
  if (options.zstd_level < ZSTD_minCLevel() || options.zstd_level > ZSTD_maxCLevel())
    return "zstd level " + std::to_string(options.zstd_level) + " is not in " + std::to_string(ZSTD_minCLevel()) +
           ".." + std::to_string(ZSTD_maxCLevel());
  return "";
}

namespace {

// Temporary name, fsync, rename, fsync the directory: a crash leaves either
// the old file or the new one, never a half-written file under the real name.
// write_blocks(fd) writes the blocks in order after room for the header and
// a table of table_size bytes, and returns the table; the header and the
// table are written last, once the blocks' sizes are known.
void write_atomically(const fs::path& path, const std::array<unsigned char, kHeaderSize>& header,
                      std::size_t table_size, const std::function<std::vector<unsigned char>(int)>& write_blocks) {
  AtomicFile file(path);
  try {
    if (::lseek(file.fd(), static_cast<off_t>(header.size() + table_size), SEEK_SET) < 0) throw_errno();
    const std::vector<unsigned char> table = write_blocks(file.fd());
    if (table.size() != table_size) throw std::logic_error("the block table's size is not the one planned");
    if (::lseek(file.fd(), 0, SEEK_SET) < 0) throw_errno();
    write_all(file.fd(), header.data(), header.size());
    write_all(file.fd(), table.data(), table.size());
  } catch (const std::system_error& e) {
    throw TablebaseError(file.temporary(), "cannot write: " + e.code().message());
  }
  file.commit();
}

std::array<unsigned char, kHeaderSize> values_header(const TierInfo& info, std::uint32_t encoding,
                                                     const WriteOptions& options, std::uint64_t block_count) {
  TierFileHeader fields;
  fields.info = info;
  fields.value_bytes = encoding;
  fields.block_size = options.block_size;
  fields.block_count = block_count;
  fields.zstd_level = static_cast<std::uint32_t>(options.zstd_level);
  return encode_header(fields);
}

// Where each block starts: the blocks follow the header and the block
// table, in order.
std::vector<std::uint64_t> block_offsets(const std::vector<std::uint32_t>& sizes) {
  std::vector<std::uint64_t> offsets;
  offsets.reserve(sizes.size());
  std::uint64_t offset = kHeaderSize + sizes.size() * kTableEntrySize + 4;
  for (const std::uint32_t size : sizes) {
    offsets.push_back(offset);
    offset += size;
  }
  return offsets;
}

// Each block's offset, size and checksum, then the checksum of the entries.
std::vector<unsigned char> block_table(const std::vector<std::uint32_t>& sizes,
                                       const std::vector<std::uint32_t>& crcs) {
  const std::uint64_t block_count = sizes.size();
  std::vector<unsigned char> table(block_count * kTableEntrySize + 4);
  const std::vector<std::uint64_t> offsets = block_offsets(sizes);
  for (std::uint64_t b = 0; b < block_count; ++b) {
    unsigned char* e = &table[b * kTableEntrySize];
    put_u64(e, offsets[b]);
    put_u32(e + 8, sizes[b]);
    put_u32(e + 12, crcs[b]);
  }
  put_u32(&table[block_count * kTableEntrySize], crc32c(table.data(), block_count * kTableEntrySize));
  return table;
}

// Values two bytes each, or one where a tier's values all fit one
// (solver/solved_tier.hpp): the same file either way.
template <class Stored>
void write_values(const fs::path& path, const TierInfo& info, std::span<const Stored> values,
                  const WriteOptions& options) {
  check_name(path, "game", info.game);
  check_name(path, "variant", info.variant);
  check_name(path, "tier", info.tier);
  if (values.size() != info.position_count)
    throw TablebaseError(path, "cannot write: " + std::to_string(values.size()) + " values for a tier of " +
                                   std::to_string(info.position_count) + " positions");
  if (const std::string problem = write_options_problem(options); !problem.empty())
    throw TablebaseError(path, "cannot write: " + problem);
  if (const auto high = std::find_if(values.begin(), values.end(), [](Value v) { return v > kMaxValue; });
      high != values.end())
    throw TablebaseError(path, "cannot write: value " + std::to_string(*high) + " at position " +
                                   std::to_string(high - values.begin()) + " is beyond the largest distance " +
                                   std::to_string(kMaxDistance));

  const std::uint32_t encoding = std::all_of(values.begin(), values.end(), [](Value v) { return v < 256; }) ? 1 : 2;
  const std::uint64_t count = values.size();
  const std::uint64_t block_size = options.block_size;
  const std::uint64_t block_count = (count + block_size - 1) / block_size;

  // The blocks are compressed and written a batch at a time, so that the
  // writer holds one batch's frames, not the whole file's (a file can be
  // a third of the group's memory).
  std::vector<std::uint32_t> sizes, crcs;
  const auto write_blocks = [&](int fd) {
    for (std::uint64_t batch = 0; batch < block_count; batch += kBlocksABatch) {
      const std::uint64_t blocks_here = std::min(kBlocksABatch, block_count - batch);
      const std::vector<std::vector<unsigned char>> frames =
          compress_tier_blocks(path, options, blocks_here, [&](std::uint64_t i, std::vector<unsigned char>& raw) {
            const std::uint64_t first = (batch + i) * block_size;
            const std::uint64_t n = std::min(block_size, count - first);
            raw.resize(n * encoding);
            for (std::uint64_t k = 0; k < n; ++k) {
              Value v = values[first + k];
              if (encoding == 1) {
                raw[k] = static_cast<unsigned char>(v);
              } else {
                raw[2 * k] = static_cast<unsigned char>(v & 0xFF);
                raw[2 * k + 1] = static_cast<unsigned char>(v >> 8);
              }
            }
          });
      for (const std::vector<unsigned char>& frame : frames) {
        sizes.push_back(static_cast<std::uint32_t>(frame.size()));
        crcs.push_back(crc32c(frame.data(), frame.size()));
        write_all(fd, frame.data(), frame.size());
      }
    }
    return block_table(sizes, crcs);
  };
  write_atomically(path, values_header(info, encoding, options, block_count), block_count * kTableEntrySize + 4,
                   write_blocks);
}

}  // namespace

void write_tier_file(const fs::path& path, const TierInfo& info, std::span<const Value> values,
                     const WriteOptions& options) {
  write_values(path, info, values, options);
}

void write_tier_file(const fs::path& path, const TierInfo& info, std::span<const std::uint8_t> values,
                     const WriteOptions& options) {
  write_values(path, info, values, options);
}

void write_derived_tier_file(const fs::path& path, const TierInfo& info) {
  check_name(path, "game", info.game);
  check_name(path, "variant", info.variant);
  check_name(path, "tier", info.tier);
  TierFileHeader fields;
  fields.info = info;
  fields.value_bytes = kDerivedEncoding;
  fields.block_size = 0;
  fields.block_count = 0;
  fields.zstd_level = 0;
  write_atomically(path, encode_header(fields), 0, [](int) { return std::vector<unsigned char>{}; });
}

TierFileAssembly::TierFileAssembly(const fs::path& path, const TierInfo& info, const WriteOptions& options,
                                   std::vector<std::uint32_t> block_sizes)
    : info_(info), options_(options), sizes_(std::move(block_sizes)) {
  check_name(path, "game", info.game);
  check_name(path, "variant", info.variant);
  check_name(path, "tier", info.tier);
  if (const std::string problem = write_options_problem(options); !problem.empty())
    throw TablebaseError(path, "cannot write: " + problem);
  if (sizes_.size() != (info.position_count + options.block_size - 1) / options.block_size)
    throw TablebaseError(path, "cannot write: " + std::to_string(sizes_.size()) + " blocks for a tier of " +
                                   std::to_string(info.position_count) + " positions");
  offsets_ = block_offsets(sizes_);
  crcs_.assign(sizes_.size(), 0);
  put_.assign(sizes_.size(), false);
  file_ = std::make_unique<AtomicFile>(path);
}

TierFileAssembly::~TierFileAssembly() = default;

void TierFileAssembly::put(std::uint64_t block, std::span<const unsigned char> frame) {
  if (block >= sizes_.size() || put_[block] || frame.size() != sizes_[block])
    throw TablebaseError(temporary(), "cannot write: block " + std::to_string(block) + " is not one the file awaits");
  try {
    if (::lseek(file_->fd(), static_cast<off_t>(offsets_[block]), SEEK_SET) < 0) throw_errno();
    write_all(file_->fd(), frame.data(), frame.size());
  } catch (const std::system_error& e) {
    throw TablebaseError(temporary(), "cannot write: " + e.code().message());
  }
  crcs_[block] = crc32c(frame.data(), frame.size());
  put_[block] = true;
}

void TierFileAssembly::written_elsewhere(std::uint64_t block, std::uint32_t checksum) {
  if (block >= sizes_.size() || put_[block])
    throw TablebaseError(temporary(), "cannot write: block " + std::to_string(block) + " is not one the file awaits");
  crcs_[block] = checksum;
  put_[block] = true;
}

void write_frames_into(const fs::path& temporary, const std::vector<std::uint64_t>& offsets,
                       const std::vector<std::vector<unsigned char>>& frames) {
  if (offsets.size() != frames.size())
    throw TablebaseError(temporary, "cannot write: " + std::to_string(frames.size()) + " blocks for " +
                                        std::to_string(offsets.size()) + " places");
  read_disk_full_hook();
  // O_NOFOLLOW and no O_CREAT: only the temporary the assembly made.
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) throw TablebaseError(temporary, "cannot open to write: " + errno_text());
  try {
    for (std::size_t i = 0; i < frames.size(); ++i) {
      if (::lseek(fd, static_cast<off_t>(offsets[i]), SEEK_SET) < 0) throw_errno();
      write_all(fd, frames[i].data(), frames[i].size());
    }
    if (::fsync(fd) != 0) throw_errno();
  } catch (const std::system_error& e) {
    ::close(fd);
    throw TablebaseError(temporary, "cannot write: " + e.code().message());
  }
  if (::close(fd) != 0) throw TablebaseError(temporary, "cannot write: " + errno_text());
}

void TierFileAssembly::commit() {
  if (std::find(put_.begin(), put_.end(), false) != put_.end())
    throw TablebaseError(temporary(), "cannot write: a block is missing");
  const std::array<unsigned char, kHeaderSize> header = values_header(info_, 1, options_, sizes_.size());
  const std::vector<unsigned char> table = block_table(sizes_, crcs_);
  try {
    if (::lseek(file_->fd(), 0, SEEK_SET) < 0) throw_errno();
    write_all(file_->fd(), header.data(), header.size());
    write_all(file_->fd(), table.data(), table.size());
  } catch (const std::system_error& e) {
    throw TablebaseError(temporary(), "cannot write: " + e.code().message());  // the file removes it
  }
  file_->commit();
}

// ---------------------------------------------------------------- reading

TierFile::TierFile(const fs::path& path, const TierInfo& expected, std::size_t cache_blocks)
    : path_(path), cache_capacity_(cache_blocks) {
  open(&expected);
}

TierFile::TierFile(const fs::path& path, std::size_t cache_blocks) : path_(path), cache_capacity_(cache_blocks) {
  open(nullptr);
}

TierFile::~TierFile() {
  if (fd_ >= 0) ::close(fd_);
  for (ZSTD_DCtx* d : idle_dctx_) ZSTD_freeDCtx(d);
}

// Borrows an idle decompression context for one scope, or makes a new one.
class TierFile::DecompressorLease {
 public:
  explicit DecompressorLease(const TierFile& file) : file_(file) {
    {
      std::lock_guard lock(file_.cache_mutex_);
      if (!file_.idle_dctx_.empty()) {
        dctx_ = file_.idle_dctx_.back();
        file_.idle_dctx_.pop_back();
      }
    }
    if (!dctx_) dctx_ = ZSTD_createDCtx();
    if (!dctx_) throw std::bad_alloc();
  }
  ~DecompressorLease() {
    std::lock_guard lock(file_.cache_mutex_);
    file_.idle_dctx_.push_back(dctx_);
  }
  DecompressorLease(const DecompressorLease&) = delete;
  DecompressorLease& operator=(const DecompressorLease&) = delete;
  ZSTD_DCtx* get() const { return dctx_; }

 private:
  const TierFile& file_;
  ZSTD_DCtx* dctx_ = nullptr;
};

void TierFile::fail(const std::string& problem) const { throw TablebaseError(path_, problem); }

void TierFile::open(const TierInfo* expected) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer
  // forever; it is refused below as not a regular file. Reads of a regular
  // file ignore the flag.
  fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd_ < 0) {
    if (errno == ENOENT) throw MissingTablebase(path_);
    fail("cannot open: " + errno_text());
  }
  // The destructor does not run when a constructor throws, so close here.
  try {
    struct stat st {};
    if (::fstat(fd_, &st) != 0) fail("cannot stat: " + errno_text());
    if (!S_ISREG(st.st_mode)) fail("not a regular file");
    file_bytes_ = static_cast<std::uint64_t>(st.st_size);

    auto read_at = [&](unsigned char* data, std::size_t size, std::uint64_t offset) {
      try {
        return pread_all(fd_, data, size, offset);
      } catch (const std::system_error& e) {
        fail("cannot read: " + e.code().message());
      }
    };

    // Header: the magic and version come first because a newer version may
    // lay out (and checksum) the rest differently.
    std::array<unsigned char, kHeaderSize> h{};
    const std::size_t got = read_at(h.data(), h.size(), 0);
    TierFileHeader header;
    try {
      header = decode_header(h.data(), got);
    } catch (const HeaderProblem& e) {
      fail(e.what());
    }
    info_ = header.info;
    if (expected) {
      if (info_.game != expected->game)
        fail("file is for game '" + info_.game + "', expected '" + expected->game + "'");
      if (info_.variant != expected->variant)
        fail("file is for variant '" + info_.variant + "', expected '" + expected->variant + "'");
      if (info_.tier != expected->tier) fail("file holds tier '" + info_.tier + "', expected '" + expected->tier + "'");
      if (info_.position_count != expected->position_count)
        fail("file holds " + std::to_string(info_.position_count) + " positions, expected " +
             std::to_string(expected->position_count));
    }

    encoding_ = header.value_bytes;
    block_size_ = header.block_size;
    const std::uint64_t block_count = header.block_count;
    if (encoding_ == kDerivedEncoding) {
      // A derived tier's file is its header alone (write_derived_tier_file).
      if (block_size_ != 0 || block_count != 0)
        fail("a derived tier's header names blocks (" + std::to_string(block_count) + " of " +
             std::to_string(block_size_) + ")");
      if (file_bytes_ != kHeaderSize)
        fail(std::to_string(file_bytes_ - std::min<std::uint64_t>(file_bytes_, kHeaderSize)) +
             " bytes of trailing data after a derived tier's header");
      return;
    }
    if (encoding_ != 1 && encoding_ != 2)
      fail("value encoding " + std::to_string(encoding_) + " is not 0 (derived), 1 or 2 bytes");
    if (block_size_ == 0 || block_size_ > kMaxBlockSize)
      fail("block size " + std::to_string(block_size_) + " is not valid");
    const std::uint64_t count = info_.position_count;
    if (block_count != count / block_size_ + (count % block_size_ != 0))
      fail("block count " + std::to_string(block_count) + " does not match " + std::to_string(count) +
           " positions in blocks of " + std::to_string(block_size_));

    // Block table. Compare counts before multiplying so a huge count cannot
    // overflow or make us allocate a huge table.
    const std::uint64_t room = file_bytes_ - std::min<std::uint64_t>(file_bytes_, kHeaderSize);
    if (room < 4 || block_count > (room - 4) / kTableEntrySize)
      fail("truncated: offset table ends past the end of the file");
    const std::size_t entries_bytes = block_count * kTableEntrySize;
    std::vector<unsigned char> table(entries_bytes + 4);
    if (read_at(table.data(), table.size(), kHeaderSize) != table.size())
      fail("truncated: offset table ends past the end of the file");
    if (get_u32(&table[entries_bytes]) != crc32c(table.data(), entries_bytes)) fail("block table checksum mismatch");

    blocks_.resize(block_count);
    std::uint64_t end = kHeaderSize + table.size();
    for (std::uint64_t b = 0; b < block_count; ++b) {
      const unsigned char* e = &table[b * kTableEntrySize];
      blocks_[b] = {get_u64(e), get_u32(e + 8), get_u32(e + 12)};
      if (blocks_[b].offset != end || blocks_[b].compressed_size == 0)
        fail("block table entry " + std::to_string(b) + " is inconsistent");
      if (positions_in_block(b) * encoding_ > blocks_[b].compressed_size * kMaxZstdRatio)
        fail("block " + std::to_string(b) + " claims " + std::to_string(positions_in_block(b)) + " values in " +
             std::to_string(blocks_[b].compressed_size) + " compressed bytes, more than zstd can hold");
      end += blocks_[b].compressed_size;
    }
    if (file_bytes_ < end)
      fail("truncated: file is " + std::to_string(file_bytes_) + " bytes, the block table says " + std::to_string(end));
    if (file_bytes_ > end) fail(std::to_string(file_bytes_ - end) + " bytes of trailing data after the last block");
  } catch (...) {
    ::close(fd_);
    fd_ = -1;
    throw;
  }
}

std::uint64_t TierFile::positions_in_block(std::uint64_t block) const {
  const std::uint64_t first = block * block_size_;
  return std::min<std::uint64_t>(block_size_, info_.position_count - first);
}

void TierFile::load_block(std::uint64_t block, unsigned char* out, Bytes& scratch, ZSTD_DCtx* dctx) const {
  const BlockEntry& e = blocks_[block];
  const std::string name = "block " + std::to_string(block);
  scratch.resize(e.compressed_size);
  std::size_t got;
  try {
    got = pread_all(fd_, scratch.data(), scratch.size(), e.offset);
  } catch (const std::system_error& e) {
    fail("cannot read " + name + ": " + e.code().message());
  }
  if (got != scratch.size()) fail("truncated: " + name + " ends past the end of the file");
  // Our own checksum first, so damage is reported as such rather than as
  // whatever zstd makes of the damaged bytes.
  if (crc32c(scratch.data(), scratch.size()) != e.checksum) fail(name + " checksum mismatch");
  const std::size_t expected = positions_in_block(block) * encoding_;
  const std::size_t n = ZSTD_decompressDCtx(dctx, out, expected, scratch.data(), scratch.size());
  if (ZSTD_isError(n)) fail(name + " does not decompress: " + ZSTD_getErrorName(n));
  if (n != expected) fail(name + " holds " + std::to_string(n) + " bytes, expected " + std::to_string(expected));
  // One-byte values are all below kMaxValue; two-byte ones are checked so that
  // a tampered value (with checksums to match) is never answered.
  if (encoding_ == 2)
    for (std::size_t i = 0; i < expected; i += 2)
      if (const Value v = static_cast<Value>(out[i] | out[i + 1] << 8); v > kMaxValue)
        fail(name + " holds value " + std::to_string(v) + " at position " +
             std::to_string(block * block_size_ + i / 2) + ", beyond the largest distance " +
             std::to_string(kMaxDistance) + " (damaged)");
}

void TierFile::require_values() const {
  if (derived()) throw DerivedTier(path_);
}

Value TierFile::value(std::uint64_t index) const {
  require_values();
  if (index >= info_.position_count)
    fail("index " + std::to_string(index) + " is out of range for " + std::to_string(info_.position_count) +
         " positions");
  const std::uint64_t block = index / block_size_;
  const std::size_t at = static_cast<std::size_t>(index % block_size_) * encoding_;
  auto decode = [&](const Bytes& bytes) -> Value {
    return encoding_ == 1 ? bytes[at] : static_cast<Value>(bytes[at] | bytes[at + 1] << 8);
  };
  {
    std::lock_guard lock(cache_mutex_);
    if (auto it = cached_.find(block); it != cached_.end()) {
      lru_.splice(lru_.begin(), lru_, it->second);
      return decode(*it->second->bytes);
    }
  }
  auto bytes = std::make_shared<Bytes>(positions_in_block(block) * encoding_);
  Bytes scratch;
  load_block(block, bytes->data(), scratch, DecompressorLease(*this).get());
  const Value v = decode(*bytes);
  if (cache_capacity_ > 0) {
    std::lock_guard lock(cache_mutex_);
    if (!cached_.contains(block)) {  // another thread may have loaded it meanwhile
      lru_.push_front({block, std::move(bytes)});
      cached_[block] = lru_.begin();
      if (lru_.size() > cache_capacity_) {
        cached_.erase(lru_.back().block);
        lru_.pop_back();
      }
    }
  }
  return v;
}

namespace {

// Runs load for every block in parallel and rethrows the failure of the
// lowest-numbered bad block, so the message does not depend on scheduling.
// load(block, raw, scratch) runs with per-thread buffers, on `threads`
// threads (0: OpenMP's default), so that `--threads` bounds reading too.
template <class Load>
void for_each_block_parallel(std::uint64_t block_count, int threads, Load load) {
  std::uint64_t first_bad = std::numeric_limits<std::uint64_t>::max();
  std::exception_ptr error;
  const int team = thread_count(threads);
#pragma omp parallel if (block_count > 1) num_threads(team)
  {
    std::vector<unsigned char> raw, scratch;
#pragma omp for schedule(dynamic)
    for (std::int64_t b = 0; b < static_cast<std::int64_t>(block_count); ++b) {
      try {
        load(static_cast<std::uint64_t>(b), raw, scratch);
      } catch (...) {
#pragma omp critical(rtb_read_error)
        if (static_cast<std::uint64_t>(b) < first_bad) {
          first_bad = static_cast<std::uint64_t>(b);
          error = std::current_exception();
        }
      }
    }
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace

std::vector<Value> TierFile::read_all(int threads) const {
  require_values();
  // A whole tier is read to be looked up at random (a solve's or a verify's
  // children): huge pages spare most of those lookups a TLB miss.
  std::vector<Value> values;
  assign_on_huge_pages(values, info_.position_count);
  for_each_block_parallel(blocks_.size(), threads, [&](std::uint64_t b, Bytes& raw, Bytes& scratch) {
    const std::uint64_t n = positions_in_block(b);
    raw.resize(n * encoding_);
    load_block(b, raw.data(), scratch, DecompressorLease(*this).get());
    Value* out = values.data() + b * block_size_;
    for (std::uint64_t i = 0; i < n; ++i)
      out[i] = encoding_ == 1 ? raw[i] : static_cast<Value>(raw[2 * i] | raw[2 * i + 1] << 8);
  });
  return values;
}

void TierFile::verify_all(int threads) const {
  for_each_block_parallel(blocks_.size(), threads, [&](std::uint64_t b, Bytes& raw, Bytes& scratch) {
    raw.resize(positions_in_block(b) * encoding_);
    load_block(b, raw.data(), scratch, DecompressorLease(*this).get());
  });
}

SolvedTier TierFile::read_solved(int threads) const {
  if (encoding_ != 1) return SolvedTier(read_all(threads));
  require_values();
  std::vector<std::uint8_t> values;
  assign_on_huge_pages(values, info_.position_count);  // as read_all's, for the same reason
  for_each_block_parallel(blocks_.size(), threads, [&](std::uint64_t b, Bytes&, Bytes& scratch) {
    load_block(b, values.data() + b * block_size_, scratch, DecompressorLease(*this).get());
  });
  return SolvedTier::of_bytes(std::move(values));
}

std::vector<Value> read_tier_file(const fs::path& path, const TierInfo& expected) {
  return TierFile(path, expected, 0).read_all();
}

bool is_tier_temporary(const std::string& name) {
  const auto ends_with = [&](std::string_view tail) {
    return name.size() >= tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
  };
  return ends_with(".tmp") && (name.find(".rtb.") != std::string::npos || name.find(".walk.") != std::string::npos);
}

std::size_t remove_stale_temporaries(const fs::path& dir) {
  std::error_code ec;
  std::size_t removed = 0;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (is_tier_temporary(it->path().filename().string()) && ::unlink(it->path().c_str()) == 0) ++removed;
  return removed;
}

bool tier_file_is_complete(const fs::path& path, const TierInfo& expected, std::string* problem, int threads) {
  try {
    TierFile(path, expected, 0).verify_all(threads);
    return true;
  } catch (const MissingTablebase&) {
    return false;
  } catch (const TablebaseError& e) {
    if (problem) *problem = e.what();
    return false;
  }
}

FileStats file_stats(const fs::path& path) {
  TierFile file(path, 0);
  FileStats s;
  s.file_bytes = file.file_bytes();
  s.position_count = file.size();
  s.bits_per_position = s.position_count ? 8.0 * double(s.file_bytes) / double(s.position_count) : 0;
  return s;
}

// ---------------------------------------------------------------- prober

Prober::Prober(fs::path dir, std::string game, std::string variant, std::size_t cache_blocks_per_file)
    : dir_(std::move(dir)),
      game_(std::move(game)),
      variant_(std::move(variant)),
      cache_blocks_(cache_blocks_per_file) {}

const TierFile& Prober::file(std::string_view tier, std::uint64_t expected_count) {
  const TierFile* file = nullptr;
  {
    std::shared_lock lock(mutex_);
    if (auto it = files_.find(tier); it != files_.end()) file = it->second.get();
  }
  if (!file) {
    std::unique_lock lock(mutex_);
    auto it = files_.find(tier);
    if (it == files_.end()) {
      TierInfo expected{game_, variant_, std::string(tier), expected_count};
      auto opened = std::make_unique<TierFile>(tier_path(dir_, game_, variant_, tier), expected, cache_blocks_);
      it = files_.emplace(std::string(tier), std::move(opened)).first;
    }
    file = it->second.get();
  }
  // A file opened earlier was checked against the count asked for then.
  if (file->size() != expected_count)
    throw TablebaseError(file->path(), "file holds " + std::to_string(file->size()) + " positions, expected " +
                                           std::to_string(expected_count));
  return *file;
}

Value Prober::probe(std::string_view tier, std::uint64_t expected_count, std::uint64_t index) {
  return file(tier, expected_count).value(index);
}

}  // namespace rtb
