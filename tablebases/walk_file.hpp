#pragma once
// A tier group's byte walk saved between two levels (solver/walk_checkpoint.hpp),
// in one file beside the group's tablebases, DIR/GAME-VARIANT/GROUP.walk, so
// that a generate killed in a long group goes on from its last save. Written
// as the tier files are (a temporary, synced, renamed over the last save) and
// read back only by a walk whose signature is the same. The parts are the
// solver's arrays as they lie in memory: a save is for this machine's build,
// not a file to keep or share.
//
// Layout (integers little-endian):
//   8  magic "RTBWALK\x1a"
//   4  format version (kWalkFileVersion)
//   4  the signature's length, then its bytes (the game, variant and group,
//      and the walk's kind, limits and sizes)
//   4  the level the walk goes on with
//   4  the number of parts, then each part: 8 its length, then its bytes
//   4  CRC-32C of every byte after the magic and before this field
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "solver/walk_checkpoint.hpp"

namespace rtb {

inline constexpr std::uint32_t kWalkFileVersion = 1;

// The file of group `group` ("m7-9+m9-7") in a game's folder.
std::filesystem::path walk_file_path(const std::filesystem::path& game_dir, const std::string& group);

// Throws TablebaseError (tablebases/tablebase_error.hpp) where it cannot write;
// the last save, if any, is then left as it was.
void write_walk_file(const std::filesystem::path& path, const std::string& signature, unsigned level,
                     const std::vector<WalkPart>& parts);

// Reads the save into the places `place` gives and sets `level`; false when
// there is no file. Throws TablebaseError for a file that is damaged, of
// another signature, or whose parts `place` refuses (the places may have been
// written over then).
bool read_walk_file(const std::filesystem::path& path, const std::string& signature, unsigned& level,
                    const PlaceWalkPart& place);

}  // namespace rtb
