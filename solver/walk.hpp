#pragma once
// Which walk a tier group's levels take (solver/retrograde.hpp). All give
// the same values, bit for bit; they differ in memory and speed.
//
//   lists: each level's positions are kept in a list of slot keys (8 bytes a
//          position), and so are the positions waiting for a later level;
//          a game whose predecessors lie in one block of slots has the list
//          sorted by block, so that its updates stay in one thread's cache.
//   lean:  no lists: level L's positions are the slots whose word holds the
//          value of distance L, found by scanning the chunks of slots in
//          which such a value was written; a position waiting for a later
//          level keeps that level in a byte of its own. 3 bytes a slot in
//          all (the 2-byte state word and the byte), at the price of a scan
//          a level and atomic updates.
//   byte:  as lean, with one byte a slot instead of three: values and counts
//          share the byte's codes (solver/state_byte.hpp), and what the byte
//          cannot hold is found again from the position's moves when it is
//          needed. A group whose distances do not fit the byte is solved
//          again by the lean walk.
//   forward: as byte, for a game that gives forward moves only, without the
//          table of its moves taken backwards (about 40 bytes a slot): each
//          level asks every position still open for its moves, so that a
//          position's moves are generated once a level rather than once.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace rtb {

enum class Walk { Lists, Lean, Byte, Forward };

// What a front end asks for: the plan's choice (byte: driver/resource_plan.hpp
// says why), or one walk for every group.
enum class WalkChoice { Auto, Lists, Lean, Byte, Forward };

inline const char* walk_name(Walk w) {
  switch (w) {
    case Walk::Lists:
      return "lists";
    case Walk::Lean:
      return "lean";
    case Walk::Byte:
      return "byte";
    case Walk::Forward:
      return "forward";
  }
  return "?";
}

inline WalkChoice parse_walk_choice(const std::string& text) {
  if (text == "auto") return WalkChoice::Auto;
  if (text == "lists") return WalkChoice::Lists;
  if (text == "lean") return WalkChoice::Lean;
  if (text == "byte") return WalkChoice::Byte;
  if (text == "forward") return WalkChoice::Forward;
  throw std::invalid_argument("walk '" + text + "' is not one of auto, lists, lean, byte, forward");
}

}  // namespace rtb
