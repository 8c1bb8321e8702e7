// SHA-256 against the examples of FIPS 180-4 (NIST's "Examples with
// intermediate values" for SHA-256) and the empty message, given whole and in
// pieces that cross the 64-byte blocks, and files' digests.
#include "tablebases/sha256.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "tests/support/scratch_dir.hpp"

namespace {

std::string digest(const std::string& message) {
  rtb::Sha256 sha;
  sha.update(message);
  return sha.hex_digest();
}

// The same message, given a few bytes at a time.
std::string digest_in_pieces(const std::string& message, std::size_t piece) {
  rtb::Sha256 sha;
  for (std::size_t at = 0; at < message.size(); at += piece) sha.update(std::string_view(message).substr(at, piece));
  return sha.hex_digest();
}

const std::string kTwoBlocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";

TEST(Sha256, FipsOneBlockMessage) {
  EXPECT_EQ(digest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256, FipsMultiBlockMessage) {
  EXPECT_EQ(digest(kTwoBlocks), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  for (std::size_t piece : {1, 3, 55, 63, 64, 65})
    EXPECT_EQ(digest_in_pieces(kTwoBlocks, piece), digest(kTwoBlocks)) << piece;
}

TEST(Sha256, FipsMillionAs) {
  const std::string a(1'000'000, 'a');
  EXPECT_EQ(digest(a), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  EXPECT_EQ(digest_in_pieces(a, 1000), digest(a));
}

TEST(Sha256, EmptyMessage) {
  EXPECT_EQ(digest(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Sha256, AFileIsDigestedWhole) {
  rtb_test::ScratchDir scratch("sha256");
  const std::filesystem::path file = scratch.path() / "two-blocks";
  std::ofstream(file, std::ios::binary) << kTwoBlocks;
  EXPECT_EQ(rtb::sha256_of_file(file), digest(kTwoBlocks));
  EXPECT_THROW(rtb::sha256_of_file(scratch.path() / "none"), std::runtime_error);
}

// Many files on two threads: each its own digest, in order, and "" for one
// that cannot be read.
TEST(Sha256, FilesAreDigestedOnThreads) {
  rtb_test::ScratchDir scratch("sha256-files");
  std::vector<std::filesystem::path> paths;
  std::vector<std::string> expected;
  for (int k = 0; k < 9; ++k) {
    const std::string text = std::string(static_cast<std::size_t>(k) * 1000, 'a') + kTwoBlocks;
    paths.push_back(scratch.path() / std::to_string(k));
    std::ofstream(paths.back(), std::ios::binary) << text;
    expected.push_back(digest(text));
  }
  paths.insert(paths.begin() + 4, scratch.path() / "none");
  expected.insert(expected.begin() + 4, "");
  EXPECT_EQ(rtb::sha256_of_files(paths, 2), expected);
  EXPECT_EQ(rtb::sha256_of_files(paths, 1), expected);
  EXPECT_TRUE(rtb::sha256_of_files({}, 2).empty());
}

}  // namespace
