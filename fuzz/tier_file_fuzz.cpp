// libFuzzer target: the tier-file reader (header, block table, blocks).
//
// The input is written to a file and opened as a tier file of whatever it
// claims to hold. Anything but a well-formed file must be refused with a
// TablebaseError; a file that opens must give every value, or refuse a
// damaged block, through both read_all() and value().
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "fuzz/input_file.hpp"
#include "tablebases/tier_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path =
      (std::filesystem::temp_directory_path() / ("rtb-fuzz-tier-" + std::to_string(::getpid()) + ".rtb")).string();
  rtb_fuzz::write_input_file(path, data, size);
  try {
    const rtb::TierFile file(path, 2);
    std::vector<rtb::Value> all;
    try {
      all = file.read_all();
    } catch (const rtb::TablebaseError&) {
      all.clear();  // a damaged block: value() must refuse it too
    }
    for (std::uint64_t i = 0; i < file.size(); i += 1 + file.size() / 64) {
      try {
        const rtb::Value v = file.value(i);
        if (v > rtb::kMaxValue || (!all.empty() && all[i] != v)) std::abort();
      } catch (const rtb::TablebaseError&) {
        if (!all.empty()) std::abort();  // read_all read this block fine
      }
    }
  } catch (const rtb::TablebaseError&) {
  }
  return 0;
}
