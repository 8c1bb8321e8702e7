#pragma once
// Where a tier group's byte walk (solver/retrograde.hpp) saves its state
// between two levels, so that a run killed in a long group goes on from the
// last save instead of from the group's start. The walk's whole state at a
// level's start is a list of byte arrays (its codes, chunk maps, counts kept
// aside, ...); the solver lends them, the keeper decides when to save and
// where they go (driver/: a file beside the group's tablebases). The values
// the walk ends with do not depend on whether it was saved and resumed.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace rtb {

struct WalkPart {
  const void* data;
  std::uint64_t bytes;
};

// Where loaded part `index` of `bytes` bytes goes: the solver sizes its array
// and points `where` at it, or returns false when no part `index` of that
// size can be its own (the saved state is of another group or build).
using PlaceWalkPart = std::function<bool(std::size_t index, std::uint64_t bytes, void*& where)>;

class WalkCheckpoints {
 public:
  virtual ~WalkCheckpoints() = default;
  // Asked between two levels: whether to save the walk now.
  virtual bool due() = 0;
  // Saves the parts, in order; `signature` says which walk they are of
  // (its kind, limits and sizes), `level` the level the walk goes on with.
  virtual void save(const std::string& signature, unsigned level, const std::vector<WalkPart>& parts) = 0;
  // Loads the parts of the last save whose signature is `signature` into
  // the places `place` gives, and returns true with `level` set; false where
  // nothing of that signature is saved. Throws, saying why, for a save that
  // is damaged or does not fit (the solver then starts the group anew).
  virtual bool load(const std::string& signature, unsigned& level, const PlaceWalkPart& place) = 0;
};

}  // namespace rtb
