#pragma once
// How the computer picks its move in `rtb play`, and how a move is judged.
//
// The best moves are those whose value equals the best one's (the same
// outcome and distance, or the same bounds where a search could not prove
// the value): the shortest win, the longest loss, a draw when the position is
// drawn. The computer picks one of them at random, from a generator seeded by
// --seed, so that a game can be replayed. At a strength below 100, each move
// is, with probability (100 - strength)%, one of the other moves instead (any
// of them alike), when there is one: strength 0 plays a weaker move whenever
// it can.
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "service/query_result.hpp"

namespace rtb::cli {

// The indices of r.moves as good as the first that the game's no-repetition
// rule allows (all of them where it is not applied; r.moves is best first).
std::vector<std::size_t> best_moves(const QueryResult& r);

class MoveChooser {
 public:
  MoveChooser(std::uint64_t seed, int strength) : random_(seed), strength_(strength) {}
  // An index into r.moves of a move the rule allows; r must not be over
  // (QueryResult::game_over).
  std::size_t choose(const QueryResult& r);

 private:
  std::mt19937_64 random_;
  int strength_;  // 0..100
};

// What a move did to the mover's value, when both are proven: a mistake
// changes the outcome for the worse (WIN to DRAW or LOSS, DRAW to LOSS); an
// inaccuracy keeps it but makes a win longer or a loss shorter.
enum class MoveQuality { Best, Inaccuracy, Mistake, Unknown };
MoveQuality judge(const ValueBounds& before, const ValueBounds& after);
// "" for Best and Unknown; "?" and "??" as chess annotators write them.
std::string quality_mark(MoveQuality q);

}  // namespace rtb::cli
