#include "tablebases/walk_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <system_error>

#include "tablebases/checksum.hpp"
#include "tablebases/file_io.hpp"
#include "tablebases/little_endian.hpp"
#include "tablebases/tablebase_error.hpp"

namespace rtb {
namespace {

namespace fs = std::filesystem;
using namespace little_endian;
using namespace file_io;  // NOLINT: the writes and reads of every file here

constexpr std::array<unsigned char, 8> kWalkMagic = {'R', 'T', 'B', 'W', 'A', 'L', 'K', 0x1a};
// Read in pieces of this many bytes, so that a part of gigabytes needs no
// buffer beside its own array.
constexpr std::uint64_t kReadPiece = std::uint64_t{64} << 20;

// Writes and sums what follows the magic.
struct SummedWriter {
  int fd;
  std::uint32_t crc = 0;
  void put(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    crc = crc32c(bytes, size, crc);
    write_all(fd, bytes, size);
  }
  void put_u32(std::uint32_t v) {
    unsigned char b[4];
    little_endian::put_u32(b, v);
    put(b, 4);
  }
  void put_u64(std::uint64_t v) {
    unsigned char b[8];
    little_endian::put_u64(b, v);
    put(b, 8);
  }
};

// Reads and sums what follows the magic; a file that ends early is damaged.
struct SummedReader {
  const fs::path& path;
  int fd;
  std::uint64_t offset = kWalkMagic.size();
  std::uint32_t crc = 0;
  void get(void* data, std::uint64_t size) {
    auto* bytes = static_cast<unsigned char*>(data);
    for (std::uint64_t done = 0; done < size;) {
      const std::size_t piece = static_cast<std::size_t>(std::min(kReadPiece, size - done));
      if (pread_all(fd, bytes + done, piece, offset) != piece) throw TablebaseError(path, "the saved walk ends early");
      crc = crc32c(bytes + done, piece, crc);
      done += piece;
      offset += piece;
    }
  }
  std::uint32_t get_u32() {
    unsigned char b[4];
    get(b, 4);
    return little_endian::get_u32(b);
  }
  std::uint64_t get_u64() {
    unsigned char b[8];
    get(b, 8);
    return little_endian::get_u64(b);
  }
};

}  // namespace

fs::path walk_file_path(const fs::path& game_dir, const std::string& group) { return game_dir / (group + ".walk"); }

void write_walk_file(const fs::path& path, const std::string& signature, unsigned level,
                     const std::vector<WalkPart>& parts) {
  AtomicFile file(path);
  try {
    write_all(file.fd(), kWalkMagic.data(), kWalkMagic.size());
    SummedWriter out{file.fd()};
    out.put_u32(kWalkFileVersion);
    out.put_u32(static_cast<std::uint32_t>(signature.size()));
    out.put(signature.data(), signature.size());
    out.put_u32(level);
    out.put_u32(static_cast<std::uint32_t>(parts.size()));
    for (const WalkPart& part : parts) {
      out.put_u64(part.bytes);
      out.put(part.data, part.bytes);
    }
    unsigned char sum[4];
    little_endian::put_u32(sum, out.crc);
    write_all(file.fd(), sum, 4);
  } catch (const std::system_error& e) {
    throw TablebaseError(file.temporary(), "cannot write: " + e.code().message());
  }
  file.commit();
}

bool read_walk_file(const fs::path& path, const std::string& signature, unsigned& level, const PlaceWalkPart& place) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return false;
    throw TablebaseError(path, "cannot open the saved walk: " + errno_text());
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw TablebaseError(path, "cannot read the saved walk: " + errno_text());
  const auto file_bytes = static_cast<std::uint64_t>(st.st_size);
  std::array<unsigned char, kWalkMagic.size()> magic{};
  if (pread_all(fd, magic.data(), magic.size(), 0) != magic.size() || magic != kWalkMagic)
    throw TablebaseError(path, "not a saved walk of rtb");
  SummedReader in{path, fd};
  if (const std::uint32_t version = in.get_u32(); version != kWalkFileVersion)
    throw TablebaseError(path, "a saved walk of format " + std::to_string(version) + ", this build reads " +
                                   std::to_string(kWalkFileVersion));
  const std::uint32_t signature_bytes = in.get_u32();
  if (signature_bytes != signature.size()) throw TablebaseError(path, "a saved walk of another group or build");
  std::string saved(signature_bytes, '\0');
  in.get(saved.data(), signature_bytes);
  if (saved != signature) throw TablebaseError(path, "a saved walk of another group or build (" + saved + ")");
  const std::uint32_t saved_level = in.get_u32();
  const std::uint32_t parts = in.get_u32();
  for (std::uint32_t i = 0; i < parts; ++i) {
    const std::uint64_t bytes = in.get_u64();
    // Told before anything is sized by it: a damaged length allocates nothing.
    if (bytes > file_bytes - std::min(file_bytes, in.offset)) throw TablebaseError(path, "the saved walk ends early");
    void* where = nullptr;
    if (!place(i, bytes, where))
      throw TablebaseError(path, "part " + std::to_string(i) + " of the saved walk does not fit it");
    in.get(where, bytes);
  }
  const std::uint32_t summed = in.crc;
  unsigned char sum[4];
  if (pread_all(fd, sum, 4, in.offset) != 4) throw TablebaseError(path, "the saved walk ends early");
  if (little_endian::get_u32(sum) != summed) throw TablebaseError(path, "the saved walk's checksum does not match");
  if (in.offset + 4 != file_bytes) throw TablebaseError(path, "the saved walk goes on after its checksum");
  level = saved_level;
  return true;
}

}  // namespace rtb
