#pragma once
// A game's rule that no move may return the board to a position that has
// already occurred in the game (solver/game_concept.hpp: ForbidsRepetition).
// The tablebases cannot hold it: a value that depends on the game's history
// is no position's value. So the values stay the tablebase's (a cycle is a
// draw), and the rule is laid over a query's answer, given the positions that
// occurred: which moves it forbids and why, the best move it allows, whether
// it forbids every move that keeps the position's value, and a side left with
// no allowed move, which has no legal move and loses. `rtb play`, `rtb serve`
// and its explorer, `rtb query --history`, the library and Python all apply
// it here.
#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "service/query_result.hpp"

namespace rtb {

// The positions of a game so far (canonical texts), each with the ply where
// it first occurred (0: the first position): a long game's history is
// looked up, not scanned.
class OccurredPositions {
 public:
  explicit OccurredPositions(const std::vector<std::string>& occurred = {}) {
    for (const std::string& p : occurred) add(p);
  }
  // `position` as the game's next one.
  void add(const std::string& position) { first_.emplace(position, next_++); }
  std::optional<std::size_t> at(const std::string& position) const {
    const auto found = first_.find(position);
    if (found == first_.end()) return std::nullopt;
    return found->second;
  }

 private:
  std::unordered_map<std::string, std::size_t> first_;
  std::size_t next_ = 0;
};

// Marks the moves of `r` that return to one of `occurred` (r.position must
// be among them), and sets r's rule fields. Where the game would end on the
// move anyway (no move at all), nothing changes.
void apply_repetition_rule(QueryResult& r, const OccurredPositions& occurred);

// The same from the positions in the order they occurred; r.position is
// taken as occurred whether or not it is the last of them.
void apply_repetition_rule(QueryResult& r, const std::vector<std::string>& occurred);

// "the first position", "the position after move 7": where position
// `index` of a game's history stands (0 the first), as the rule's reasons
// name it.
std::string occurred_where(std::size_t index);

// The indices of r.moves as good as the best move the rule allows (all
// moves where the rule is not applied): the moves a perfect player picks
// among. Empty when there is no allowed move.
std::vector<std::size_t> best_allowed_moves(const QueryResult& r);

}  // namespace rtb
