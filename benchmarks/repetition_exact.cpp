// The exact value of positions under a game's no-repetition rule, against
// the tablebase's (which counts a cycle as a draw): a depth-first search
// that keeps the game's path, in which a move back to a position of the path
// is not legal and a side with no legal move loses. Under the rule every
// game ends, so each value is a win or a loss.
//
// No memo: a value under the rule depends on which positions the path
// holds, so a position's value found on one path may be wrong on another.
// Each position's search has a node budget; a position whose search runs
// out of it is counted as unsettled.
//
//   build/benchmarks/repetition_exact GAME VARIANT DIR [--nodes N] [--start]
//
// Without --start: every position of the tiers with nothing in hand (each
// class of symmetric positions once, weighted by its positions), each taken
// as the first position of a game. With --start: the start alone.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <unordered_set>
#include <vector>

#include "games/registry.hpp"
#include "service/query_session.hpp"
#include "solver/game_concept.hpp"

namespace {

using namespace rtb;

struct OutOfNodes {};

template <class G>
class RuleSearch {
 public:
  RuleSearch(const G& game, std::uint64_t budget) : game_(game), budget_(budget) {}

  // Whether the side to move at p wins under the rule, p the first position
  // of the game; throws OutOfNodes past the budget.
  bool wins_from(const typename G::Position& p) {
    nodes_ = 0;
    path_.clear();
    path_.insert(game_.format(p));
    return wins(p);
  }
  std::uint64_t nodes() const { return nodes_; }

 private:
  bool wins(const typename G::Position& p) {
    if (++nodes_ > budget_) throw OutOfNodes{};
    if (game_.is_lost(p)) return false;
    std::vector<typename G::Position> children;
    game_.for_each_move(p,
                        [&](const typename G::Move&, const typename G::Position& child) { children.push_back(child); });
    for (const auto& child : children) {
      // A lost child ends the game at once: the winning move, whatever the path.
      if (game_.is_lost(child)) return true;
    }
    for (const auto& child : children) {
      const std::string key = game_.format(child);
      if (!path_.insert(key).second) continue;  // the rule: a move back to the path is not legal
      const bool child_wins = wins(child);
      path_.erase(key);
      if (!child_wins) return true;
    }
    return false;  // every allowed move loses, or none is allowed
  }

  const G& game_;
  std::uint64_t budget_, nodes_ = 0;
  std::unordered_set<std::string> path_;
};

// "WIN", "LOSS" or "DRAW": the tablebase's outcome for the side to move.
std::string tablebase_outcome(QuerySession& session, const std::string& position) {
  return outcome_name(outcome_of(session.query(position).value.lower));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: repetition_exact GAME VARIANT DIR [--nodes N] [--start]\n";
    return 2;
  }
  const GameChoice choice{argv[1], argv[2]};
  const std::string dir = argv[3];
  std::uint64_t budget = 10'000'000;
  bool start_only = false;
  for (int i = 4; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--nodes" && i + 1 < argc) budget = std::stoull(argv[++i]);
    else if (a == "--start") start_only = true;
    else {
      std::cerr << "unknown option " << a << "\n";
      return 2;
    }
  }
  SearchLimits limits;
  limits.seconds = 0;
  QuerySession session(choice, dir, limits);
  return with_game(choice, [&](const auto& game) {
    using G = std::decay_t<decltype(game)>;
    RuleSearch<G> search(game, budget);
    // (tablebase outcome, outcome under the rule) -> positions, classes
    std::map<std::pair<std::string, std::string>, std::pair<std::uint64_t, std::uint64_t>> table;
    std::uint64_t nodes = 0;
    const auto judge = [&](const typename G::Position& p, std::uint64_t weight) {
      const std::string text = game.format(p);
      std::string rule;
      try {
        rule = search.wins_from(p) ? "WIN" : "LOSS";
      } catch (const OutOfNodes&) {
        rule = "unsettled";
      }
      nodes += search.nodes();
      auto& cell = table[{tablebase_outcome(session, text), rule}];
      cell.first += weight;
      cell.second += 1;
      if (start_only)
        std::cout << text << ": tablebase " << tablebase_outcome(session, text) << ", under the rule " << rule << " ("
                  << search.nodes() << " nodes)\n";
    };
    if (start_only) {
      judge(game.start(), 1);
    } else {
      for (typename G::TierId t = 0; t < game.tier_count(); ++t) {
        if constexpr (CountsPiecesInHand<G>) {
          if (game.pieces_in_hand(t) != 0) continue;
        }
        for (std::uint64_t i = 0; i < game.tier_size(t); ++i) {
          const std::uint64_t weight = game.slot_weight(t, i);
          if (weight == 0) continue;
          const auto p = game.position(t, i);
          if (game.is_lost(p)) continue;
          judge(p, weight);
        }
      }
    }
    std::cout << game.name() << " (" << game.variant() << "), each position the first of a game; search budget "
              << budget << " nodes a position, " << nodes << " nodes in all\n";
    std::cout << "| tablebase | under the rule | positions | classes |\n| --- | --- | ---: | ---: |\n";
    for (const auto& [key, count] : table)
      std::cout << "| " << key.first << " | " << key.second << " | " << count.first << " | " << count.second << " |\n";
    return 0;
  });
}
