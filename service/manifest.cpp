#include "service/manifest.hpp"

#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>

#include "tablebases/sha256.hpp"
#include "tablebases/tier_file.hpp"

namespace rtb {

namespace {

namespace fs = std::filesystem;

constexpr const char* kHeader = "rtb-manifest";
constexpr int kFormat = 1;

// A tier file's name: "<tier>.rtb" (tablebases/tier_file.hpp); a temporary
// of a writer ("2-2.rtb.<id>.tmp") is none.
bool is_tablebase_file(const fs::directory_entry& entry) {
  const std::string name = entry.path().filename().string();
  return entry.is_regular_file() && name.size() > 4 && name.ends_with(".rtb") && !is_tier_temporary(name);
}

// The tablebase files of a folder, by name: their paths.
std::map<std::string, fs::path> tablebase_files(const fs::path& folder) {
  std::map<std::string, fs::path> files;
  std::error_code error;
  for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
    if (is_tablebase_file(*it)) files[it->path().filename().string()] = it->path();
  if (error) throw std::runtime_error(folder.string() + ": cannot list: " + error.message());
  return files;
}

std::string game_name_of(const AnyGame& game) {
  return std::visit([](const auto& g) { return g.name(); }, game);
}
std::string variant_name_of(const AnyGame& game) {
  return std::visit([](const auto& g) { return g.variant(); }, game);
}

bool is_hex_digest(const std::string& text) {
  return text.size() == 64 &&
         std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// The files' digests on `threads` threads; the error of the first that
// cannot be read, naming it.
std::vector<std::string> digests_of(const std::vector<fs::path>& paths, int threads) {
  std::vector<std::string> digests = sha256_of_files(paths, threads);
  for (std::size_t k = 0; k < paths.size(); ++k)
    if (digests[k].empty()) digests[k] = sha256_of_file(paths[k]);  // throws what went wrong
  return digests;
}

}  // namespace

Manifest make_manifest(const GameChoice& choice, const fs::path& dir, int threads) {
  const AnyGame game = make_game(choice);
  Manifest m{game_name_of(game), variant_name_of(game), {}};
  const fs::path folder = dir / (m.game + "-" + m.variant);
  if (!fs::is_directory(folder))
    throw std::runtime_error(folder.string() + ": no such folder: generate the tablebases first");
  std::vector<fs::path> paths;
  for (const auto& [name, path] : tablebase_files(folder)) {
    m.files.push_back({name, static_cast<std::uint64_t>(fs::file_size(path)), ""});
    paths.push_back(path);
  }
  if (m.files.empty()) throw std::runtime_error(folder.string() + ": no tablebase file in it");
  const std::vector<std::string> digests = digests_of(paths, threads);
  for (std::size_t k = 0; k < paths.size(); ++k) m.files[k].sha256 = digests[k];
  return m;
}

std::string manifest_text(const Manifest& m) {
  std::ostringstream out;
  out << kHeader << " " << kFormat << " " << m.game << " " << m.variant << "\n";
  for (const ManifestFile& f : m.files) out << f.sha256 << "  " << f.bytes << "  " << f.name << "\n";
  return out.str();
}

Manifest parse_manifest(const std::string& text, const std::string& source) {
  std::istringstream in(text);
  std::string line;
  const auto refuse = [&](std::size_t number, const std::string& why) {
    return std::invalid_argument(source + ":" + std::to_string(number) + ": " + why);
  };
  Manifest m;
  std::string header;
  int format = 0;
  if (!std::getline(in, line) || !(std::istringstream(line) >> header >> format >> m.game >> m.variant) ||
      header != kHeader)
    throw refuse(1, std::string("not an rtb manifest (its first line is '") + kHeader + " 1 GAME VARIANT')");
  if (format != kFormat) throw refuse(1, "manifest format " + std::to_string(format) + ", this rtb reads format 1");
  for (std::size_t number = 2; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    ManifestFile f;
    std::string rest;
    std::istringstream fields(line);
    if (!(fields >> f.sha256 >> f.bytes >> f.name) || (fields >> rest))
      throw refuse(number, "expected 'SHA256  BYTES  NAME'");
    if (!is_hex_digest(f.sha256)) throw refuse(number, "'" + f.sha256.substr(0, 80) + "' is not a SHA-256 in hex");
    if (f.name.find('/') != std::string::npos || f.name == "." || f.name == "..")
      throw refuse(number, "'" + f.name + "' is not a file name");
    if (!m.files.empty() && !(m.files.back().name < f.name))
      throw refuse(number, "'" + f.name + "' is out of order or given twice (names are sorted)");
    m.files.push_back(f);
  }
  if (m.files.empty()) throw refuse(1, "a manifest of no file");
  return m;
}

ManifestCheck check_manifest(const Manifest& m, const fs::path& dir, int threads) {
  const fs::path folder = dir / (m.game + "-" + m.variant);
  if (!fs::is_directory(folder)) throw std::runtime_error(folder.string() + ": no such folder");
  std::map<std::string, fs::path> present = tablebase_files(folder);
  ManifestCheck check;
  // The files of the right size, digested together on the threads.
  std::vector<const ManifestFile*> sized;
  std::vector<fs::path> paths;
  for (const ManifestFile& f : m.files) {
    const auto it = present.find(f.name);
    if (it == present.end()) {
      check.missing.push_back(f.name);
      continue;
    }
    const std::uint64_t bytes = fs::file_size(it->second);
    if (bytes != f.bytes) {
      check.changed.push_back(f.name + " (" + std::to_string(bytes) + " bytes, the manifest says " +
                              std::to_string(f.bytes) + ")");
    } else {
      sized.push_back(&f);
      paths.push_back(it->second);
    }
    present.erase(it);
  }
  const std::vector<std::string> digests = digests_of(paths, threads);
  for (std::size_t k = 0; k < sized.size(); ++k) {
    if (digests[k] != sized[k]->sha256) check.changed.push_back(sized[k]->name + " (its SHA-256 differs)");
    else ++check.matched;
  }
  std::sort(check.changed.begin(), check.changed.end());
  for (const auto& [name, path] : present) check.extra.push_back(name);
  return check;
}

}  // namespace rtb
