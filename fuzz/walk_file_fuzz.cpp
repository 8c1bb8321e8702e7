// libFuzzer target: the reader of a saved walk (tablebases/walk_file.hpp),
// which a generate reads back after a kill, whatever the kill or the disk
// left.
//
// The input is written to a file and read as a save of kWalkSignature into
// parts of at most kWalkMostPartBytes each. Anything but a well-formed save
// must be refused with a TablebaseError; a save that reads must be, byte for
// byte, what the writer writes of its level and parts (the format has one
// spelling, so nothing damaged can read as something whole).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz/input_file.hpp"
#include "fuzz/walk_file_fuzz.hpp"
#include "tablebases/tablebase_error.hpp"
#include "tablebases/walk_file.hpp"

namespace {

std::string bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string base =
      (std::filesystem::temp_directory_path() / ("rtb-fuzz-walk-" + std::to_string(::getpid()))).string();
  static const std::string input = base + ".walk", rewritten = base + "-again.walk";
  rtb_fuzz::write_input_file(input, data, size);
  std::vector<std::vector<unsigned char>> parts;
  const auto place = [&](std::size_t index, std::uint64_t bytes, void*& where) {
    if (index != parts.size() || index >= rtb_fuzz::kWalkMostParts || bytes > rtb_fuzz::kWalkMostPartBytes)
      return false;
    parts.emplace_back(bytes);
    where = parts.back().data();
    return true;
  };
  unsigned level = 0;
  try {
    if (!rtb::read_walk_file(input, rtb_fuzz::kWalkSignature, level, place)) std::abort();  // the file is there
  } catch (const rtb::TablebaseError&) {
    return 0;
  }
  std::vector<rtb::WalkPart> lent;
  for (const std::vector<unsigned char>& part : parts) lent.push_back({part.data(), part.size()});
  rtb::write_walk_file(rewritten, rtb_fuzz::kWalkSignature, level, lent);
  const std::string again = bytes_of(rewritten);
  if (again.size() != size || std::memcmp(again.data(), data, size) != 0) std::abort();
  return 0;
}
