#pragma once
// The journal of `rtb verify --resume`: a line for each tier proven, so that
// a verify that is stopped (a session's end, a kill) goes on where it
// stopped instead of proving hours of tiers again, as a killed generate does.
//
// A tier's proof holds for the bytes it was made from: its own file and every
// file the proof read (its group's and the tiers they lead to). So a line
// records the SHA-256 of the tier's file and one digest of the files read,
// and a later run takes the tier as proven only where both are the same
// today, the line was written by the same rtb version, and it proved every
// value the way the run asks for (the general move generator for
// `--general`). Anything else is proven again.
//
// The file, GAME-VARIANT/verify.journal beside the tier files (the manifest
// and the readers look at "*.rtb" only), is text, appended a line at a time:
//   rtb-verify-journal 1 GAME VARIANT
//   TIER FILE_SHA256 READS_SHA256 VALUES METHOD VERSION
// METHOD is "general" (every value by the general move generator) or "walk".
// A line cut short by a kill, or any line that does not read as one, is
// passed over; the last good line of a tier counts.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>

namespace rtb {

struct JournalEntry {
  std::string file_sha256, reads_sha256;
  std::uint64_t values = 0;
  bool general = false;  // every value proven by the general move generator
  std::string version;
};

class VerifyJournal {
 public:
  // The journal of the game folder `folder`; reads what is there. Opening it
  // for appending waits for the first record(), so that a run that proves
  // nothing writes nothing.
  VerifyJournal(std::filesystem::path folder, std::string game, std::string variant);

  static const char* file_name() { return "verify.journal"; }
  const std::filesystem::path& path() const { return path_; }

  // Whether the journal has a line for the tier at all.
  bool lists(const std::string& tier) const { return entries_.count(tier) > 0; }

  // The tier's entry where it holds for these digests, made by this rtb
  // (and by the general generator when `general` is asked for).
  std::optional<JournalEntry> proof(const std::string& tier, const std::string& file_sha256,
                                    const std::string& reads_sha256, bool general) const;

  // Appends a proven tier and flushes it. Returns "" or, when the journal
  // cannot be written, why (once; later calls write nothing and return "").
  std::string record(const std::string& tier, const JournalEntry& entry);

  // The version written into and asked of every line.
  static std::string this_version();

 private:
  std::filesystem::path path_;
  std::string game_, variant_;
  std::map<std::string, JournalEntry> entries_;
  std::ofstream out_;
  bool failed_ = false;
};

}  // namespace rtb
