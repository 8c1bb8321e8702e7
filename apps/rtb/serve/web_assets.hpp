#pragma once
// The explorer page's files (web/), built into the rtb program by
// cmake/embed_files.cmake, so `rtb serve` needs nothing installed beside it.
#include <string_view>
#include <vector>

namespace rtb::cli {

struct WebAsset {
  std::string_view path;  // the URL path: "/" + the file name
  std::string_view content_type;
  std::string_view body;
};

const std::vector<WebAsset>& web_assets();

}  // namespace rtb::cli
