// The tablebase file format: what is written is read back exactly, random
// access agrees with the written array, and every kind of damage is refused
// with a message naming the file and the problem.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "driver/tier_share_writer.hpp"
#include "tablebases/checksum.hpp"
#include "tablebases/tier_file.hpp"
#include "tests/support/file_bytes.hpp"
#include "tests/support/thread_exchange.hpp"

namespace rtb {
namespace {

namespace fs = std::filesystem;

using test_files::Bytes;

using test_files::read_bytes;
using test_files::write_bytes;

std::uint32_t get_u32(const Bytes& b, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(b[at + i]);
  return v;
}

void put_u32(Bytes& b, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + i] = static_cast<char>(v >> (8 * i));
}

std::vector<Value> random_values(std::size_t n, Value max, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(0, max);
  std::vector<Value> v(n);
  for (auto& x : v) x = static_cast<Value>(dist(rng));
  return v;
}

TierInfo info_for(std::uint64_t count) { return {"game-a", "standard", "3-2", count}; }

// Each test gets its own directory, removed afterwards.
class TierFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::random_device rd;
    dir_ = fs::temp_directory_path() /
           ("rtb-tablebase-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
            std::to_string(rd()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path file(const std::string& name = "tier.rtb") const { return dir_ / name; }

  fs::path dir_;
};

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const TablebaseError& e) {
    return e.what();
  }
  return "(no error)";
}

// The damaged file at path is refused by every reader, each message naming
// the file and containing `problem`.
void expect_refused(const fs::path& path, const TierInfo& expected, const std::string& problem) {
  SCOPED_TRACE("expecting '" + problem + "'");
  std::string m = message_of([&] { read_tier_file(path, expected); });
  EXPECT_NE(m.find(path.string()), std::string::npos) << m;
  EXPECT_NE(m.find(problem), std::string::npos) << m;

  // TierFile refuses at open, or else when the damaged block is probed.
  m = message_of([&] {
    TierFile tf(path, expected);
    for (std::uint64_t i = 0; i < tf.size(); i += tf.block_size()) tf.value(i);
  });
  EXPECT_NE(m.find(path.string()), std::string::npos) << m;
  EXPECT_NE(m.find(problem), std::string::npos) << m;

  EXPECT_FALSE(tier_file_is_complete(path, expected));
}

// ---------------------------------------------------------------- checksum

TEST(Crc32c, MatchesTheStandardCheckValue) {
  const char* text = "123456789";
  EXPECT_EQ(crc32c(text, 9), 0xE3069283u);
  EXPECT_EQ(crc32c(text, 0), 0u);
}

TEST(Crc32c, CanBeComputedInPieces) {
  std::vector<unsigned char> data(1000);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<unsigned char>(i * 7 + 3);
  const std::uint32_t whole = crc32c(data.data(), data.size());
  for (std::size_t cut : {0, 1, 7, 8, 9, 500, 999, 1000})
    EXPECT_EQ(crc32c(data.data() + cut, data.size() - cut, crc32c(data.data(), cut)), whole);
}

// ---------------------------------------------------------------- round trip

TEST_F(TierFileTest, WriteThenReadGivesBackEveryValue) {
  const std::uint32_t block = 64;
  for (std::size_t count : {0, 1, 63, 64, 65, 64 * 5, 64 * 5 + 17}) {
    for (Value max : {Value{255}, Value{300}, Value{0x7FFF}}) {
      SCOPED_TRACE(std::to_string(count) + " values up to " + std::to_string(max));
      const auto values = random_values(count, max, static_cast<unsigned>(count * 31 + max));
      const TierInfo info = info_for(count);
      write_tier_file(file(), info, values, {.block_size = block, .zstd_level = 3});
      EXPECT_EQ(read_tier_file(file(), info), values);
      EXPECT_TRUE(tier_file_is_complete(file(), info));
      TierFile tf(file(), info);
      EXPECT_EQ(tf.size(), count);
      EXPECT_EQ(tf.block_count(), (count + block - 1) / block);
      const bool wide = std::any_of(values.begin(), values.end(), [](Value v) { return v > 255; });
      EXPECT_EQ(tf.value_bytes(), wide ? 2u : 1u);
      for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(tf.value(i), values[i]) << i;
    }
  }
}

TEST_F(TierFileTest, OneByteEncodingUpTo255TwoBytesFrom256) {
  std::vector<Value> values(1000, 255);
  write_tier_file(file(), info_for(1000), values);
  EXPECT_EQ(TierFile(file()).value_bytes(), 1u);
  values[999] = 256;
  write_tier_file(file(), info_for(1000), values);
  EXPECT_EQ(TierFile(file()).value_bytes(), 2u);
  EXPECT_EQ(read_tier_file(file(), info_for(1000)), values);
}

// A tier held one byte a value (solver/solved_tier.hpp) writes the same
// file as its values two bytes each, and reads back one byte a value; a
// file of two-byte values reads back two bytes a value.
TEST_F(TierFileTest, ATierHeldInBytesWritesAndReadsTheSameFile) {
  const std::uint64_t count = 3 * 16384 + 17;  // several blocks, the last one short
  std::vector<Value> wide(count);
  for (std::uint64_t i = 0; i < count; ++i) wide[i] = static_cast<Value>((i * 31) % 256);
  const std::vector<std::uint8_t> narrow(wide.begin(), wide.end());
  write_tier_file(file("wide.rtb"), info_for(count), wide);
  write_tier_file(file("narrow.rtb"), info_for(count), std::span<const std::uint8_t>(narrow));
  EXPECT_EQ(read_bytes(file("wide.rtb")), read_bytes(file("narrow.rtb")));
  const SolvedTier read = TierFile(file("narrow.rtb"), info_for(count), 0).read_solved();
  EXPECT_TRUE(read.is_narrow());
  EXPECT_EQ(read.widened(), wide);
  wide[count / 2] = 300;
  write_tier_file(file("wide.rtb"), info_for(count), wide);
  const SolvedTier two = TierFile(file("wide.rtb"), info_for(count), 0).read_solved();
  EXPECT_FALSE(two.is_narrow());
  EXPECT_EQ(two.widened(), wide);
}

// The file of a split tier group (driver/tier_share_writer.hpp): blocks
// compressed apart and put together in any order make the bytes of the
// whole tier's write; an assembly given up before commit leaves no file,
// under the real name or a temporary one.
TEST_F(TierFileTest, BlocksCompressedApartMakeTheWholeTiersFile) {
  const std::uint64_t count = 5 * 1024 + 300;  // several blocks, the last one short
  const WriteOptions options{.block_size = 1024};
  std::vector<std::uint8_t> values(count);
  for (std::uint64_t i = 0; i < count; ++i) values[i] = static_cast<std::uint8_t>((i * i / 7) % 41);
  write_tier_file(file("whole.rtb"), info_for(count), std::span<const std::uint8_t>(values), options);
  TierBlockCompressor compressor(options);
  std::vector<std::vector<unsigned char>> frames;
  std::vector<std::uint32_t> sizes;
  for (std::uint64_t first = 0; first < count; first += 1024) {
    frames.push_back(compressor.compress({values.data() + first, std::min<std::uint64_t>(1024, count - first)}));
    sizes.push_back(static_cast<std::uint32_t>(frames.back().size()));
  }
  {
    TierFileAssembly assembly(file("put_together.rtb"), info_for(count), options, sizes);
    for (std::uint64_t b : {3, 0, 5, 1, 4, 2}) assembly.put(b, frames[b]);  // the order the processes answer in
    assembly.commit();
  }
  EXPECT_EQ(read_bytes(file("whole.rtb")), read_bytes(file("put_together.rtb")));
  {
    TierFileAssembly assembly(file("given_up.rtb"), info_for(count), options, sizes);
    assembly.put(0, frames[0]);
    EXPECT_NE(message_of([&] { assembly.commit(); }).find("a block is missing"), std::string::npos);
  }
  EXPECT_FALSE(fs::exists(file("given_up.rtb")));
  for (const auto& entry : fs::directory_iterator(dir_))
    EXPECT_FALSE(is_tier_temporary(entry.path().filename().string())) << entry.path();
}

// write_tier_share with three processes simulated by threads: each
// compresses its own blocks and writes them into process 0's temporary at
// the offsets process 0 gives it, and the file is the one process's bytes.
// A process that cannot write (the disk "fills" at once) makes every one
// give up, and no file or temporary is left.
TEST_F(TierFileTest, ProcessesThatEachWriteTheirBlocksMakeTheWholeTiersFile) {
  const std::uint64_t count = 9 * 1024 + 77;
  const WriteOptions options{.block_size = 1024, .threads = 1};
  std::vector<std::uint8_t> values(count);
  for (std::uint64_t i = 0; i < count; ++i) values[i] = static_cast<std::uint8_t>((i * 31 / 5) % 53);
  write_tier_file(file("whole.rtb"), info_for(count), std::span<const std::uint8_t>(values), options);
  const auto write_split = [&](const std::string& name) {
    testing::ThreadExchange shared(3);
    std::vector<std::string> errors(3);
    std::vector<std::thread> processes;
    for (int r = 0; r < 3; ++r)
      processes.emplace_back([&, r] {
        testing::ThreadExchange::Rank exchange = shared.rank(r);
        const SlotPartition share({count}, 3, r, 1024);
        // Each process holds its own slots' values only.
        std::vector<std::uint8_t> own(count, 0xEE);
        for (std::uint64_t slot = 0; slot < count; ++slot)
          if (share.owns(0, slot)) own[slot] = values[slot];
        try {
          write_tier_share(file(name), info_for(count), options, own.data(), share, 0, exchange);
        } catch (const std::exception& e) {
          errors[static_cast<std::size_t>(r)] = e.what();
        }
      });
    for (std::thread& process : processes) process.join();
    return errors;
  };
  EXPECT_EQ(write_split("split.rtb"), std::vector<std::string>(3));
  EXPECT_EQ(read_bytes(file("whole.rtb")), read_bytes(file("split.rtb")));
  ::setenv("RTB_TEST_DISK_FULL_AFTER_BYTES", "0", 1);
  const std::vector<std::string> errors = write_split("full.rtb");
  ::unsetenv("RTB_TEST_DISK_FULL_AFTER_BYTES");
  for (const std::string& error : errors) EXPECT_FALSE(error.empty()) << "a process went on after another failed";
  EXPECT_FALSE(fs::exists(file("full.rtb")));
  for (const auto& entry : fs::directory_iterator(dir_))
    EXPECT_FALSE(is_tier_temporary(entry.path().filename().string())) << entry.path();
}

TEST_F(TierFileTest, DefaultOptionsRoundTripALargerTier) {
  const std::size_t block = WriteOptions{}.block_size;
  const std::size_t count = block * 3 + 1234;  // not a multiple of the default block
  auto values = random_values(count, 40, 7);
  for (std::size_t i = 0; i < count; i += 1000) values[i] = 5000;
  write_tier_file(file(), info_for(count), values);
  EXPECT_EQ(read_tier_file(file(), info_for(count)), values);
  TierFile tf(file(), info_for(count));
  EXPECT_EQ(tf.block_count(), 4u);
  EXPECT_EQ(tf.value(count - 1), values[count - 1]);
}

TEST_F(TierFileTest, FileOnlyNamesWhatItHolds) {
  const auto values = random_values(10, 9, 1);
  const TierInfo info{std::string(32, 'g'), "v", "12-11", 10};  // 32 bytes: exactly fits
  write_tier_file(file(), info, values);
  TierFile tf(file());
  EXPECT_EQ(tf.info().game, info.game);
  EXPECT_EQ(tf.info().variant, "v");
  EXPECT_EQ(tf.info().tier, "12-11");
  EXPECT_EQ(tf.info().position_count, 10u);
}

TEST_F(TierFileTest, WriteRejectsBadInput) {
  const auto values = random_values(10, 9, 1);
  TierInfo long_name{std::string(33, 'g'), "v", "t", 10};
  std::string m = message_of([&] { write_tier_file(file(), long_name, values); });
  EXPECT_NE(m.find("longer than 32"), std::string::npos) << m;
  m = message_of([&] { write_tier_file(file(), info_for(11), values); });
  EXPECT_NE(m.find("10 values for a tier of 11"), std::string::npos) << m;
  m = message_of([&] { write_tier_file(file(), info_for(10), values, {.block_size = 0}); });
  EXPECT_NE(m.find("block size"), std::string::npos) << m;
  EXPECT_FALSE(fs::exists(file()));
}

// ---------------------------------------------------------------- derived tiers

TEST_F(TierFileTest, ADerivedTierIsItsHeaderAloneAndHoldsNoValues) {
  const TierInfo info = info_for(1000);
  write_derived_tier_file(file(), info);
  EXPECT_EQ(fs::file_size(file()), kHeaderSize);
  EXPECT_TRUE(tier_file_is_complete(file(), info));
  TierFile tf(file(), info);
  EXPECT_TRUE(tf.derived());
  EXPECT_EQ(tf.size(), 1000u);
  EXPECT_EQ(tf.block_count(), 0u);
  EXPECT_THROW(tf.value(0), DerivedTier);
  EXPECT_THROW(tf.read_all(), DerivedTier);
  const std::string m = message_of([&] { read_tier_file(file(), info); });
  EXPECT_NE(m.find(file().string() + ": holds no values: a derived tier"), std::string::npos) << m;
  // It names its tier like any file, and a file with values is not derived.
  EXPECT_FALSE(tier_file_is_complete(file(), info_for(999)));
  write_tier_file(file(), info, random_values(1000, 9, 3));
  EXPECT_FALSE(TierFile(file(), info).derived());
}

TEST_F(TierFileTest, ADamagedDerivedTierIsRefused) {
  const TierInfo info = info_for(1000);
  write_derived_tier_file(file(), info);
  const Bytes good = read_bytes(file());
  Bytes longer = good;
  longer.push_back(0);
  write_bytes(file(), longer);
  expect_refused(file(), info, "1 bytes of trailing data after a derived tier's header");
  Bytes flipped = good;
  flipped[120] = 1;  // the encoding, without its checksum mended
  write_bytes(file(), flipped);
  expect_refused(file(), info, "header checksum mismatch");
  write_bytes(file(), Bytes(good.begin(), good.begin() + 100));
  EXPECT_FALSE(tier_file_is_complete(file(), info));
}

TEST(TierPath, IsGameDashVariantThenTier) {
  EXPECT_EQ(tier_path("tb", "g", "default", "6-6"), fs::path("tb/g-default/6-6.rtb"));
}

TEST_F(TierFileTest, FileStatsReportSize) {
  const auto values = random_values(1000, 3, 2);
  write_tier_file(file(), info_for(1000), values);
  const FileStats s = file_stats(file());
  EXPECT_EQ(s.file_bytes, fs::file_size(file()));
  EXPECT_EQ(s.position_count, 1000u);
  EXPECT_DOUBLE_EQ(s.bits_per_position, 8.0 * s.file_bytes / 1000);
}

// ---------------------------------------------------------------- random access

TEST_F(TierFileTest, RandomAccessEqualsTheWrittenArray) {
  const std::size_t count = 10'000;
  const auto values = random_values(count, 600, 3);
  write_tier_file(tier_path(dir_, "game-a", "standard", "3-2"), info_for(count), values,
                  {.block_size = 256, .zstd_level = 3});
  TierFile tf(tier_path(dir_, "game-a", "standard", "3-2"), info_for(count), 4);
  Prober prober(dir_, "game-a", "standard", 4);
  std::mt19937_64 rng(4);
  for (int k = 0; k < 5000; ++k) {
    const std::uint64_t i = rng() % count;
    ASSERT_EQ(tf.value(i), values[i]) << i;
    ASSERT_EQ(prober.probe("3-2", count, i), values[i]) << i;
  }
  EXPECT_THROW(tf.value(count), TablebaseError);
}

TEST_F(TierFileTest, RandomAccessFromSeveralThreadsAtOnce) {
  const std::size_t count = 50'000;
  const auto values = random_values(count, 1000, 5);
  const auto path = tier_path(dir_, "game-a", "standard", "3-2");
  write_tier_file(path, info_for(count), values, {.block_size = 512, .zstd_level = 1});
  TierFile tf(path, info_for(count), 3);  // far fewer cached blocks than blocks: constant eviction
  Prober prober(dir_, "game-a", "standard", 3);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937_64 rng(100 + t);
      for (int k = 0; k < 4000; ++k) {
        const std::uint64_t i = rng() % count;
        if (tf.value(i) != values[i]) ++wrong;
        if (prober.probe("3-2", count, i) != values[i]) ++wrong;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST_F(TierFileTest, ProberNamesAMissingFile) {
  Prober prober(dir_, "game-a", "standard");
  const auto path = tier_path(dir_, "game-a", "standard", "9-9");
  try {
    prober.probe("9-9", 10, 0);
    FAIL() << "no error";
  } catch (const MissingTablebase& e) {
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("missing"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_tier_file(path, info_for(10)), MissingTablebase);
  EXPECT_FALSE(tier_file_is_complete(path, info_for(10)));
}

TEST_F(TierFileTest, ProberChecksTheCount) {
  const auto values = random_values(100, 9, 6);
  write_tier_file(tier_path(dir_, "game-a", "standard", "3-2"), info_for(100), values);
  Prober prober(dir_, "game-a", "standard");
  std::string m = message_of([&] { prober.probe("3-2", 99, 0); });
  EXPECT_NE(m.find("100 positions, expected 99"), std::string::npos) << m;
  EXPECT_EQ(prober.probe("3-2", 100, 7), values[7]);
  m = message_of([&] { prober.probe("3-2", 99, 0); });  // also once the file is open
  EXPECT_NE(m.find("100 positions, expected 99"), std::string::npos) << m;
}

// ---------------------------------------------------------------- determinism

TEST_F(TierFileTest, SameValuesGiveIdenticalBytes) {
  const auto values = random_values(20'000, 300, 8);
  write_tier_file(file("a.rtb"), info_for(20'000), values, {.block_size = 1000, .threads = 1});
  write_tier_file(file("b.rtb"), info_for(20'000), values, {.block_size = 1000, .threads = 4});
  write_tier_file(file("c.rtb"), info_for(20'000), values, {.block_size = 1000});
  EXPECT_EQ(read_bytes(file("a.rtb")), read_bytes(file("b.rtb")));
  EXPECT_EQ(read_bytes(file("a.rtb")), read_bytes(file("c.rtb")));
}

// ---------------------------------------------------------------- damage

// Five full blocks and a short sixth: header 144 bytes, table 6 * 16 + 4.
constexpr std::uint32_t kBlock = 64;
constexpr std::size_t kCount = kBlock * 5 + 10;
constexpr std::size_t kHeader = 144;
constexpr std::size_t kTableEnd = kHeader + 6 * 16 + 4;

class DamageTest : public TierFileTest, public ::testing::WithParamInterface<Value> {
 protected:
  void SetUp() override {
    TierFileTest::SetUp();
    values_ = random_values(kCount, GetParam(), 9);
    write_tier_file(file(), info_for(kCount), values_, {.block_size = kBlock, .zstd_level = 3});
    good_ = read_bytes(file());
    ASSERT_TRUE(tier_file_is_complete(file(), info_for(kCount)));
  }
  // Where block b starts and ends, from the (trusted) table of the good file.
  std::size_t block_start(int b) const { return get_u32(good_, kHeader + 16 * b); }
  std::size_t block_end(int b) const { return block_start(b) + get_u32(good_, kHeader + 16 * b + 8); }

  void write_flipped(std::size_t at, unsigned char bit = 0x10) {
    Bytes b = good_;
    b[at] = static_cast<char>(b[at] ^ bit);
    write_bytes(file(), b);
  }

  std::vector<Value> values_;
  Bytes good_;
};

TEST_P(DamageTest, TruncatedFile) {
  const std::size_t last = block_start(5);
  for (std::size_t length : {std::size_t{0}, std::size_t{5}, std::size_t{11}, std::size_t{100}, kHeader, kHeader + 50,
                             kTableEnd - 1, kTableEnd, last + 1, (last + good_.size()) / 2, good_.size() - 1}) {
    SCOPED_TRACE("length " + std::to_string(length));
    write_bytes(file(), Bytes(good_.begin(), good_.begin() + static_cast<long>(length)));
    expect_refused(file(), info_for(kCount), "truncated");
  }
  write_bytes(file(), Bytes(good_.begin(), good_.begin() + kHeader + 50));
  expect_refused(file(), info_for(kCount), "offset table ends past the end of the file");
}

TEST_P(DamageTest, TrailingGarbage) {
  Bytes b = good_;
  b.push_back('x');
  write_bytes(file(), b);
  expect_refused(file(), info_for(kCount), "1 bytes of trailing data");
  b.insert(b.end(), 4096, '\0');
  write_bytes(file(), b);
  expect_refused(file(), info_for(kCount), "trailing data");
}

TEST_P(DamageTest, FlippedBitInTheHeader) {
  for (std::size_t at = 0; at < kHeader; ++at) {
    SCOPED_TRACE("header byte " + std::to_string(at));
    write_flipped(at);
    // The magic and the version are read before the checksum can be trusted.
    expect_refused(file(), info_for(kCount), at < 8 ? "bad magic" : at < 12 ? "version" : "header checksum mismatch");
  }
  write_flipped(kHeader - 1, 0x01);  // the stored checksum itself
  expect_refused(file(), info_for(kCount), "header checksum mismatch");
}

TEST_P(DamageTest, FlippedBitInTheOffsetTable) {
  for (std::size_t at = kHeader; at < kTableEnd; ++at) {
    SCOPED_TRACE("table byte " + std::to_string(at));
    write_flipped(at, static_cast<unsigned char>(1u << (at % 8)));
    expect_refused(file(), info_for(kCount), "block table checksum mismatch");
  }
}

TEST_P(DamageTest, FlippedBitInABlock) {
  for (int b : {0, 2, 5}) {  // the first, a middle and the short last block
    for (std::size_t at : {block_start(b), (block_start(b) + block_end(b)) / 2, block_end(b) - 1}) {
      SCOPED_TRACE("block " + std::to_string(b) + " byte " + std::to_string(at));
      write_flipped(at, 0x01);
      expect_refused(file(), info_for(kCount), "block " + std::to_string(b) + " checksum mismatch");
      // The other blocks still read correctly: one bad block spoils only itself.
      TierFile tf(file(), info_for(kCount));
      for (std::size_t i = 0; i < kCount; ++i) {
        if (i / kBlock != static_cast<std::size_t>(b)) {
          ASSERT_EQ(tf.value(i), values_[i]);
        }
      }
    }
  }
}

TEST_P(DamageTest, FileOfAnotherTierRenamedIntoPlace) {
  const fs::path other = file("other.rtb");
  auto place = [&](const TierInfo& info) {
    write_tier_file(other, info, random_values(info.position_count, 9, 10));
    fs::rename(other, file());
  };
  place({"game-b", "standard", "3-2", kCount});
  expect_refused(file(), info_for(kCount), "file is for game 'game-b', expected 'game-a'");
  place({"game-a", "misere", "3-2", kCount});
  expect_refused(file(), info_for(kCount), "variant 'misere', expected 'standard'");
  place({"game-a", "standard", "2-3", kCount});
  expect_refused(file(), info_for(kCount), "tier '2-3', expected '3-2'");
  place({"game-a", "standard", "3-2", kCount + 1});
  expect_refused(file(), info_for(kCount), "331 positions, expected 330");
}

// A file of another format version may number its slots or encode its values
// differently: it is refused, newer or older, naming both versions.
TEST_P(DamageTest, OtherFormatVersionIsRefusedNamingBothVersions) {
  for (const std::uint32_t version : {kFormatVersion + 1, kFormatVersion + 6, kFormatVersion - 1}) {
    SCOPED_TRACE("version " + std::to_string(version));
    Bytes b = good_;
    put_u32(b, 8, version);
    put_u32(b, kHeader - 4, crc32c(b.data(), kHeader - 4));  // only the version is wrong
    write_bytes(file(), b);
    expect_refused(file(), info_for(kCount),
                   "written in file format version " + std::to_string(version) + ", but this program reads version " +
                       std::to_string(kFormatVersion) + " only");
  }
}

TEST_P(DamageTest, NotATablebase) {
  std::string text;
  for (int i = 0; i < 20; ++i) text += "this is a text file, not a tablebase\n";
  write_bytes(file(), Bytes(text.begin(), text.end()));
  expect_refused(file(), info_for(kCount), "not an rtb tablebase (bad magic)");
  write_bytes(file(), Bytes{'x'});
  expect_refused(file(), info_for(kCount), "bad magic");
}

INSTANTIATE_TEST_SUITE_P(BothEncodings, DamageTest, ::testing::Values(Value{255}, Value{2000}),
                         [](const auto& info) { return info.param < 256 ? "OneByte" : "TwoBytes"; });

// ---------------------------------------------------------------- atomic writing

TEST_F(TierFileTest, LeftoverTmpFileIsNotComplete) {
  const auto values = random_values(1000, 9, 11);
  fs::path tmp = file();
  tmp += ".tmp";
  write_tier_file(tmp, info_for(1000), values);  // a complete file, but only under the .tmp name
  EXPECT_FALSE(tier_file_is_complete(file(), info_for(1000)));
  Bytes half = read_bytes(tmp);
  half.resize(half.size() / 2);
  write_bytes(tmp, half);  // as a killed run leaves it
  EXPECT_FALSE(tier_file_is_complete(file(), info_for(1000)));

  write_tier_file(file(), info_for(1000), values);
  EXPECT_TRUE(tier_file_is_complete(file(), info_for(1000)));
  // The writer never writes through a temporary it did not make; the one who
  // holds the directory's lock clears what killed writers left.
  EXPECT_EQ(read_bytes(tmp), half);
  EXPECT_EQ(remove_stale_temporaries(dir_), 1u);
  EXPECT_FALSE(fs::exists(tmp));
  EXPECT_TRUE(tier_file_is_complete(file(), info_for(1000)));
}

TEST_F(TierFileTest, WriteReplacesAnExistingFileAtomically) {
  const auto old_values = random_values(1000, 9, 12);
  const auto new_values = random_values(1000, 900, 13);
  const auto path = file("sub/dir/tier.rtb");  // parent folders are created
  write_tier_file(path, info_for(1000), old_values, {.block_size = 100});
  TierFile open_before(path, info_for(1000), 0);
  write_tier_file(path, info_for(1000), new_values, {.block_size = 100});
  // The file open before the rename still sees the whole old file, never a mix.
  for (std::size_t i = 0; i < 1000; ++i) ASSERT_EQ(open_before.value(i), old_values[i]);
  EXPECT_EQ(read_tier_file(path, info_for(1000)), new_values);
  EXPECT_EQ(std::distance(fs::directory_iterator(path.parent_path()), fs::directory_iterator{}), 1);
}

// ---------------------------------------------------------------- hardening

// A header, block table and blocks put together by hand, with every checksum
// right: what a crafted or tampered file looks like to the reader.
Bytes seal_file(const Bytes& good_header, std::uint64_t count, std::uint32_t block_size,
                const std::vector<Bytes>& blocks) {
  Bytes b(good_header.begin(), good_header.begin() + 144);
  for (int i = 0; i < 8; ++i) b[112 + i] = static_cast<char>(count >> (8 * i));
  put_u32(b, 124, block_size);
  for (int i = 0; i < 8; ++i) b[128 + i] = static_cast<char>(std::uint64_t{blocks.size()} >> (8 * i));
  put_u32(b, 140, crc32c(b.data(), 140));
  Bytes table(blocks.size() * 16 + 4);
  std::uint64_t offset = 144 + table.size();
  for (std::size_t k = 0; k < blocks.size(); ++k) {
    for (int i = 0; i < 8; ++i) table[16 * k + i] = static_cast<char>(offset >> (8 * i));
    put_u32(table, 16 * k + 8, static_cast<std::uint32_t>(blocks[k].size()));
    put_u32(table, 16 * k + 12, crc32c(blocks[k].data(), blocks[k].size()));
    offset += blocks[k].size();
  }
  put_u32(table, blocks.size() * 16, crc32c(table.data(), blocks.size() * 16));
  b.insert(b.end(), table.begin(), table.end());
  for (const Bytes& block : blocks) b.insert(b.end(), block.begin(), block.end());
  return b;
}

// Defect 1: a link planted under the temporary's old fixed name made the
// writer overwrite whatever it pointed to.
TEST_F(TierFileTest, PlantedLinkAtTheTemporaryNameIsNotWrittenThrough) {
  const fs::path victim = file("victim.txt");
  write_bytes(victim, Bytes{'k', 'e', 'e', 'p'});
  fs::path planted = file();
  planted += ".tmp";
  fs::create_symlink(victim, planted);
  const auto values = random_values(1000, 9, 21);
  write_tier_file(file(), info_for(1000), values);
  EXPECT_EQ(read_bytes(victim), (Bytes{'k', 'e', 'e', 'p'}));
  EXPECT_EQ(read_tier_file(file(), info_for(1000)), values);
  EXPECT_TRUE(fs::is_symlink(planted));
}

// Defect 2: two writers of one tier shared the temporary's name, and one
// truncated the file the other was about to rename into place.
TEST_F(TierFileTest, AnotherWritersTemporaryIsLeftAlone) {
  fs::path theirs = file();
  theirs += ".tmp";
  write_bytes(theirs, Bytes(5000, 'x'));  // another writer, halfway through
  write_tier_file(file(), info_for(1000), random_values(1000, 9, 22));
  EXPECT_EQ(read_bytes(theirs), Bytes(5000, 'x'));
  EXPECT_TRUE(tier_file_is_complete(file(), info_for(1000)));
}

// Defect 3: opening a FIFO for reading waited for a writer forever. A helper
// thread opens it for writing after 5 s, so a reader that blocks is late
// rather than hung.
TEST_F(TierFileTest, FifoIsRefusedWithoutWaiting) {
  ASSERT_EQ(::mkfifo(file().c_str(), 0644), 0);
  std::atomic<bool> done{false};
  std::thread unblock([&] {
    std::this_thread::sleep_for(std::chrono::seconds(5));
    while (!done) {  // every reader still waiting gets its writer
      const int fd = ::open(file().c_str(), O_WRONLY | O_NONBLOCK);
      if (fd >= 0) ::close(fd);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  const auto start = std::chrono::steady_clock::now();
  const std::string m = message_of([&] { TierFile tf(file()); });
  EXPECT_FALSE(tier_file_is_complete(file(), info_for(1000)));
  const auto waited = std::chrono::steady_clock::now() - start;
  done = true;
  unblock.join();
  EXPECT_NE(m.find("not a regular file"), std::string::npos) << m;
  EXPECT_LT(waited, std::chrono::seconds(2)) << "opening the FIFO waited for a writer";
}

// Defect 9: a value above the largest distance, in a file whose checksums
// match, was answered ("LOSS in 65534"; 0xFFFF as a child wrapped to DRAW).
TEST_F(TierFileTest, ValueBeyondTheLargestDistanceIsDamage) {
  std::vector<Value> values = random_values(1000, 2000, 23);  // two-byte encoding
  write_tier_file(file(), info_for(1000), values, {.block_size = 4096});
  const Bytes good = read_bytes(file());
  for (const Value bad : {Value(kMaxValue + 1), Value{0xFFFE}, Value{0xFFFF}}) {
    SCOPED_TRACE("value " + std::to_string(bad));
    Bytes raw(2000);
    for (std::size_t i = 0; i < 1000; ++i) {
      const Value v = i == 617 ? bad : values[i];
      raw[2 * i] = static_cast<char>(v & 0xFF);
      raw[2 * i + 1] = static_cast<char>(v >> 8);
    }
    Bytes block(ZSTD_compressBound(raw.size()));
    ZSTD_CCtx* cctx = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
    block.resize(ZSTD_compress2(cctx, block.data(), block.size(), raw.data(), raw.size()));
    ZSTD_freeCCtx(cctx);
    write_bytes(file(), seal_file(good, 1000, 4096, {block}));
    expect_refused(file(), info_for(1000),
                   "holds value " + std::to_string(bad) + " at position 617, beyond the largest distance");
  }
  // Nor does the writer make such a file.
  values[3] = kMaxValue + 1;
  const std::string m = message_of([&] { write_tier_file(file("w.rtb"), info_for(1000), values); });
  EXPECT_NE(m.find("beyond the largest distance"), std::string::npos) << m;
  EXPECT_FALSE(fs::exists(file("w.rtb")));
}

// A 692-byte file claimed 2^33 two-byte values in 32 one-byte blocks, and
// TierFile(path) (no expected identity) would have read_all() ask for 16 GiB.
// No zstd frame holds more than 32768 bytes a compressed byte.
TEST_F(TierFileTest, HeaderCannotClaimMoreValuesThanTheFileCanHold) {
  write_tier_file(file(), info_for(1000), random_values(1000, 2000, 24));
  const Bytes good = read_bytes(file());
  const std::uint64_t count = std::uint64_t{1} << 33;
  const Bytes crafted = seal_file(good, count, kMaxBlockSize, std::vector<Bytes>(32, Bytes{'z'}));
  ASSERT_EQ(crafted.size(), 692u);
  write_bytes(file(), crafted);
  const std::string m = message_of([&] { TierFile tf(file()); });
  EXPECT_NE(m.find("block 0 claims 268435456 values in 1 compressed bytes, more than zstd can hold"), std::string::npos)
      << m;
}

// The full-disk path of the writer, through its test hook: the error names
// the cause, and no file (complete-looking or temporary) is left.
TEST_F(TierFileTest, FullDiskLeavesNothingBehind) {
  // The hook reads its budget once, at the first write of the process: run
  // the writer in a child so the budget is this test's alone.
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::setenv("RTB_TEST_DISK_FULL_AFTER_BYTES", "300", 1);
    const std::string m = message_of([&] { write_tier_file(file(), info_for(5000), random_values(5000, 9, 25)); });
    if (m.find("No space left on device") == std::string::npos) std::cerr << m << "\n";
    std::_Exit(m.find("No space left on device") != std::string::npos ? 0 : 1);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the error did not say the disk was full";
  EXPECT_TRUE(fs::is_empty(dir_)) << "a file was left behind";
}

}  // namespace
}  // namespace rtb
