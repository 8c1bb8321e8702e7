#pragma once
// The error every file of a tablebase directory is refused or not written
// with, in its own header so that the file helpers (tablebases/file_io.hpp)
// throw it as the files' readers and writers do.
#include <filesystem>
#include <stdexcept>
#include <string>

namespace rtb {

// Every message starts with the file path: "tb/x.rtb: header checksum mismatch".
class TablebaseError : public std::runtime_error {
 public:
  TablebaseError(const std::filesystem::path& path, const std::string& problem)
      : std::runtime_error(path.string() + ": " + problem) {}
};

}  // namespace rtb
