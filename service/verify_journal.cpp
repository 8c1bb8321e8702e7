#include "service/verify_journal.hpp"

#include <cctype>
#include <sstream>
#include <utility>
#include <vector>

namespace rtb {

namespace {

constexpr const char* kMagic = "rtb-verify-journal";
constexpr int kJournalFormat = 1;

std::string header_line(const std::string& game, const std::string& variant) {
  return std::string(kMagic) + " " + std::to_string(kJournalFormat) + " " + game + " " + variant;
}

bool is_sha256(const std::string& s) {
  if (s.size() != 64) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c)) && (c < 'a' || c > 'f')) return false;
  return true;
}

bool is_count(const std::string& s) {
  if (s.empty() || s.size() > 19) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// The whole lines of the file (a last line without its newline was cut
// short); none when it cannot be read.
std::vector<std::string> whole_lines(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  const std::string all = text.str();
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end = all.find('\n'); end != std::string::npos; end = all.find('\n', start)) {
    lines.push_back(all.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace

std::string VerifyJournal::this_version() { return RTB_SERVICE_VERSION; }

VerifyJournal::VerifyJournal(std::filesystem::path folder, std::string game, std::string variant)
    : path_(std::move(folder) / file_name()), game_(std::move(game)), variant_(std::move(variant)) {
  const std::vector<std::string> lines = whole_lines(path_);
  if (lines.empty() || lines.front() != header_line(game_, variant_)) return;
  for (std::size_t k = 1; k < lines.size(); ++k) {
    std::istringstream fields(lines[k]);
    std::string tier, file_sha, reads_sha, values, method, version, extra;
    if (!(fields >> tier >> file_sha >> reads_sha >> values >> method >> version) || (fields >> extra)) continue;
    if (!is_sha256(file_sha) || !is_sha256(reads_sha) || !is_count(values)) continue;
    if (method != "general" && method != "walk") continue;
    entries_[tier] = {file_sha, reads_sha, std::stoull(values), method == "general", version};
  }
}

std::optional<JournalEntry> VerifyJournal::proof(const std::string& tier, const std::string& file_sha256,
                                                 const std::string& reads_sha256, bool general) const {
  const auto it = entries_.find(tier);
  if (it == entries_.end()) return std::nullopt;
  const JournalEntry& e = it->second;
  if (e.file_sha256 != file_sha256 || e.reads_sha256 != reads_sha256 || e.version != this_version())
    return std::nullopt;
  if (general && !e.general) return std::nullopt;
  return e;
}

std::string VerifyJournal::record(const std::string& tier, const JournalEntry& entry) {
  if (failed_) return "";
  if (!out_.is_open()) {
    std::error_code error;
    const bool fresh = !std::filesystem::exists(path_, error) || std::filesystem::file_size(path_, error) == 0;
    if (!fresh && !std::ifstream(path_)) {
      failed_ = true;
      return "cannot read " + path_.string() + ": nothing recorded";
    }
    if (!fresh) {
      const std::vector<std::string> lines = whole_lines(path_);
      if (lines.empty() || lines.front() != header_line(game_, variant_)) {
        failed_ = true;
        return path_.string() + " is not a verify journal of " + game_ + " (" + variant_ +
               "): nothing recorded; remove it to keep one";
      }
    }
    // A line cut short by a kill is closed, so that the next one starts a line.
    bool ends_in_newline = true;
    if (!fresh) {
      std::ifstream in(path_, std::ios::binary | std::ios::ate);
      in.seekg(-1, std::ios::end);
      ends_in_newline = in.get() == '\n';
    }
    out_.open(path_, std::ios::binary | std::ios::app);
    if (out_ && fresh) out_ << header_line(game_, variant_) << '\n';
    if (out_ && !ends_in_newline) out_ << '\n';
  }
  out_ << tier << ' ' << entry.file_sha256 << ' ' << entry.reads_sha256 << ' ' << entry.values << ' '
       << (entry.general ? "general" : "walk") << ' ' << this_version() << '\n';
  out_.flush();
  if (!out_) {
    failed_ = true;
    return "cannot write " + path_.string() + ": a later --resume proves again what this run proves";
  }
  entries_[tier] = entry;
  entries_[tier].version = this_version();
  return "";
}

}  // namespace rtb
