#include "service/repetition_rule.hpp"

namespace rtb {

namespace {

bool same_value(const ValueBounds& a, const ValueBounds& b) { return a.lower == b.lower && a.upper == b.upper; }

}  // namespace

std::string occurred_where(std::size_t index) {
  return index == 0 ? "the first position" : "the position after move " + std::to_string(index);
}

void apply_repetition_rule(QueryResult& r, const std::vector<std::string>& occurred) {
  OccurredPositions index(occurred);
  if (!index.at(r.position)) index.add(r.position);
  apply_repetition_rule(r, index);
}

void apply_repetition_rule(QueryResult& r, const OccurredPositions& occurred) {
  r.rule_applied = true;
  for (MoveResult& m : r.moves)
    if (const std::optional<std::size_t> at = occurred.at(m.position))
      m.forbidden = "repeats " + occurred_where(*at) + " (no position may occur twice)";
  if (r.moves.empty()) return;
  const std::optional<std::size_t> allowed = r.best_allowed();
  if (!allowed) {
    r.no_legal_move =
        "every move repeats a position that has occurred (no position may occur twice): the side to move has no "
        "legal move and loses";
    return;
  }
  const MoveResult& best = r.moves.front();
  const MoveResult& kept = r.moves[*allowed];
  if (!same_value(best.value, kept.value))
    r.rule_note = "the rule forbids every move that keeps " + describe(best.value) + "; the best it allows is " +
                  kept.move + " (" + describe(kept.value) + ")";
}

std::vector<std::size_t> best_allowed_moves(const QueryResult& r) {
  std::vector<std::size_t> best;
  const std::optional<std::size_t> first = r.best_allowed();
  if (!first) return best;
  for (std::size_t i = *first; i < r.moves.size(); ++i)
    if (r.moves[i].forbidden.empty() && same_value(r.moves[i].value, r.moves[*first].value)) best.push_back(i);
  return best;
}

}  // namespace rtb
