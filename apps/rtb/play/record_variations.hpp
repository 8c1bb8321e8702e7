#pragma once
// A game's line and the variations kept beside it (game_record.hpp's
// RecordBranch): what happens to them when a player goes back and plays
// another move (the moves played before from there become a variation, as
// lichess keeps them) or takes up a variation again (it becomes the line,
// and the line from there a variation in its place). Moves only, no
// positions: the caller replays what changed.
#include <cstddef>
#include <string>
#include <vector>

#include "apps/rtb/play/game_record.hpp"

namespace rtb::cli {

struct LineWithVariations {
  std::vector<std::string> moves;
  std::vector<RecordBranch> variations;  // their `at` indexing `moves`, in the order of `at`

  // The moves from `at` on, with the variations that hang on them, become a
  // variation at `at`; the line ends before `at`. Nothing where the line
  // has no move at `at`.
  void branch_off(std::size_t at);
  // variations[index] becomes the line from its `at` on, and the line from
  // there a variation. Returns that `at`: the line is new from there.
  std::size_t take_up(std::size_t index);
  // The index of the variation at `at` whose first move is `move`, or npos.
  std::size_t variation_starting(std::size_t at, const std::string& move) const;
  // The variations that a record of the first `plies` moves keeps (those
  // that replace one of them).
  std::vector<RecordBranch> variations_within(std::size_t plies) const;
};

// A variation in a few words: "7 moves, 1 variation inside".
std::string variation_size(const RecordBranch& v);

}  // namespace rtb::cli
