#include "apps/rtb/play/move_choice.hpp"

#include "service/repetition_rule.hpp"

namespace rtb::cli {

namespace {

bool same(const ValueBounds& a, const ValueBounds& b) { return a.lower == b.lower && a.upper == b.upper; }

// A uniform index below n; std::uniform_int_distribution's results differ
// between standard libraries, and a seed must replay the same game anywhere.
std::size_t below(std::mt19937_64& random, std::size_t n) { return static_cast<std::size_t>(random() % n); }

}  // namespace

std::vector<std::size_t> best_moves(const QueryResult& r) { return best_allowed_moves(r); }

std::size_t MoveChooser::choose(const QueryResult& r) {
  const std::vector<std::size_t> best = best_moves(r);
  std::vector<std::size_t> others;  // the weaker moves the rule allows
  for (std::size_t i = 0; i < r.moves.size(); ++i)
    if (r.moves[i].forbidden.empty() && !same(r.moves[i].value, r.moves[best.front()].value)) others.push_back(i);
  const bool weaker = !others.empty() && static_cast<int>(below(random_, 100)) >= strength_;
  if (!weaker) return best[below(random_, best.size())];
  return others[below(random_, others.size())];
}

MoveQuality judge(const ValueBounds& before, const ValueBounds& after) {
  if (!before.exact() || !after.exact()) return MoveQuality::Unknown;
  const Value b = before.lower, a = after.lower;
  const auto rank = [](Value v) { return is_win(v) ? 2 : is_draw(v) ? 1 : 0; };
  if (rank(a) < rank(b)) return MoveQuality::Mistake;
  if (rank(a) > rank(b)) return MoveQuality::Best;  // cannot happen with proven values; no flag
  if (is_win(b) && distance_of(a) > distance_of(b)) return MoveQuality::Inaccuracy;
  if (is_loss(b) && distance_of(a) < distance_of(b)) return MoveQuality::Inaccuracy;
  return MoveQuality::Best;
}

std::string quality_mark(MoveQuality q) {
  return q == MoveQuality::Mistake ? "??" : q == MoveQuality::Inaccuracy ? "?" : "";
}

}  // namespace rtb::cli
