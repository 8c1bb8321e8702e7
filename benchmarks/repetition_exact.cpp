// The exact value of positions under a game's no-repetition rule, against
// the tablebase's (which counts a cycle as a draw): a depth-first search
// that keeps the game's path, in which a move back to a position of the path
// is not legal and a side with no legal move loses. Under the rule every
// game ends, so each value is a win or a loss.
//
// A value under the rule depends on the positions the path holds, so it is
// kept (memoised) only where no earlier position can occur again: at a
// position reached by a move that leaves its tier group (a placement, a
// capture: the solver's groups are never entered again). There the path
// starts afresh, and the value is the same on every path. Each question
// has a node budget; one whose search runs out of it is counted unsettled.
//
//   build/benchmarks/repetition_exact GAME VARIANT DIR [--nodes N] [--start]
//       [--only WIN|LOSS|DRAW] [--sample N] [--seed S] [--plain]
//
// The tablebase prunes the search (only drawn positions are searched, see
// main); --plain searches every move instead, to check that pruning.
//
// Without --start: the positions of the tiers with nothing in hand (each
// class of symmetric positions once, weighted by its positions), each taken
// as the first position of a game; --only keeps those of one tablebase
// outcome, --sample draws N of them at random. With --start: the start.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "games/registry.hpp"
#include "service/game_facts.hpp"
#include "service/query_session.hpp"
#include "solver/game_concept.hpp"

namespace {

using namespace rtb;

struct OutOfNodes {};

template <class G>
class RuleSearch {
 public:
  // With a session, its tablebase prunes the search (see main).
  RuleSearch(const G& game, std::uint64_t budget, QuerySession* session)
      : game_(game), budget_(budget), session_(session) {
    // reaches_[a][b]: tier b can be reached from tier a; two tiers are in
    // one group when each reaches the other.
    const std::size_t n = game.tier_count();
    reaches_.assign(n, std::vector<bool>(n, false));
    for (std::size_t a = 0; a < n; ++a) {
      std::vector<std::size_t> stack{a};
      reaches_[a][a] = true;
      while (!stack.empty()) {
        const std::size_t t = stack.back();
        stack.pop_back();
        for (const auto next : game.tier_successors(static_cast<typename G::TierId>(t)))
          if (!reaches_[a][next]) {
            reaches_[a][next] = true;
            stack.push_back(next);
          }
      }
    }
  }

  // Whether the side to move at p wins under the rule, p the first position
  // of the game; throws OutOfNodes past the budget.
  bool wins_from(const typename G::Position& p) {
    nodes_ = 0;
    return fresh_wins(p);
  }
  std::uint64_t nodes() const { return nodes_; }

 private:
  bool same_group(typename G::TierId a, typename G::TierId b) const { return reaches_[a][b] && reaches_[b][a]; }

  // A position no earlier one can come back to: the path starts here.
  bool fresh_wins(const typename G::Position& p) {
    const std::string key = game_.format(p);
    if (const auto found = memo_.find(key); found != memo_.end()) return found->second;
    std::unordered_set<std::string> path{key};
    path.swap(path_);
    bool won;
    try {
      won = wins(p);
    } catch (const OutOfNodes&) {
      path.swap(path_);
      throw;
    }
    path.swap(path_);
    memo_.emplace(key, won);
    return won;
  }

  bool wins(const typename G::Position& p) {
    if (++nodes_ > budget_) throw OutOfNodes{};
    if (game_.is_lost(p)) return false;
    std::vector<typename G::Position> children;
    if (session_) {
      // A decisive tablebase value holds under the rule (see main): only
      // a drawn position is searched, and from it only its drawn children
      // (a decisive child of a drawn position is a loss for the mover).
      const QueryResult r = session_->query(game_.format(p));
      if (!is_draw(r.value.lower)) return is_win(r.value.lower);
      for (const MoveResult& m : r.moves)
        if (is_draw(m.value.lower)) children.push_back(game_.parse(m.position));
    } else {
      game_.for_each_move(
          p, [&](const typename G::Move&, const typename G::Position& child) { children.push_back(child); });
    }
    // A lost child ends the game at once: the winning move, whatever the path.
    for (const auto& child : children)
      if (game_.is_lost(child)) return true;
    const auto tier = game_.tier_of(p);
    for (const auto& child : children) {
      bool child_wins;
      if (!same_group(tier, game_.tier_of(child))) {
        child_wins = fresh_wins(child);
      } else {
        const std::string key = game_.format(child);
        if (!path_.insert(key).second) continue;  // the rule: a move back to the path is not legal
        child_wins = wins(child);
        path_.erase(key);
      }
      if (!child_wins) return true;
    }
    return false;  // every allowed move loses, or none is allowed
  }

  const G& game_;
  std::uint64_t budget_, nodes_ = 0;
  QuerySession* session_;
  std::vector<std::vector<bool>> reaches_;
  std::unordered_set<std::string> path_;
  std::unordered_map<std::string, bool> memo_;
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
  std::uint64_t budget = 10'000'000, sample = 0, seed = 1;
  std::string only;
  bool start_only = false, plain = false;
  for (int i = 4; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--nodes" && i + 1 < argc) budget = std::stoull(argv[++i]);
    else if (a == "--start") start_only = true;
    else if (a == "--plain") plain = true;
    else if (a == "--only" && i + 1 < argc) only = argv[++i];
    else if (a == "--sample" && i + 1 < argc) sample = std::stoull(argv[++i]);
    else if (a == "--seed" && i + 1 < argc) seed = std::stoull(argv[++i]);
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
    // The tablebase prunes the search unless --plain: a position whose
    // tablebase value is a win in d plies keeps it under the rule, whatever
    // the path before it, because the winner's moves that shorten the
    // distance give every later position a distance of its own (so none
    // repeats, and none is a position of the path before, which were drawn
    // or had longer distances), while the rule only takes moves from the
    // loser. So only drawn positions and their drawn moves are searched:
    // the side to move loses when no drawn move it has is allowed.
    RuleSearch<G> search(game, budget, plain ? nullptr : &session);
    // (tablebase outcome, outcome under the rule) -> positions, classes
    std::map<std::pair<std::string, std::string>, std::pair<std::uint64_t, std::uint64_t>> table;
    std::uint64_t nodes = 0;
    const auto judge = [&](const typename G::Position& p, std::uint64_t weight) {
      const std::string text = game.format(p);
      const std::string tablebase = tablebase_outcome(session, text);
      if (!only.empty() && tablebase != only) return;
      std::string rule;
      try {
        rule = search.wins_from(p) ? "WIN" : "LOSS";
      } catch (const OutOfNodes&) {
        rule = "unsettled";
      }
      nodes += search.nodes();
      auto& cell = table[{tablebase + " | " + side_to_move_letter(text), rule}];
      cell.first += weight;
      cell.second += 1;
      if (start_only)
        std::cout << text << ": tablebase " << tablebase_outcome(session, text) << ", under the rule " << rule << " ("
                  << search.nodes() << " nodes)\n";
    };
    if (start_only) {
      judge(game.start(), 1);
    } else {
      std::vector<std::pair<typename G::TierId, std::uint64_t>> slots;
      for (typename G::TierId t = 0; t < game.tier_count(); ++t) {
        if constexpr (CountsPiecesInHand<G>) {
          if (game.pieces_in_hand(t) != 0) continue;
        }
        for (std::uint64_t i = 0; i < game.tier_size(t); ++i)
          if (game.slot_weight(t, i) != 0 && !game.is_lost(game.position(t, i))) slots.push_back({t, i});
      }
      if (sample != 0 && sample < slots.size()) {
        std::mt19937_64 random(seed);
        std::shuffle(slots.begin(), slots.end(), random);
        slots.resize(sample);
      }
      for (const auto& [t, i] : slots) judge(game.position(t, i), game.slot_weight(t, i));
    }
    std::cout << game.name() << " (" << game.variant() << "), each position the first of a game"
              << (only.empty() ? "" : ", tablebase " + only + " only")
              << (sample ? ", a sample of " + std::to_string(sample) : "") << "; search budget " << budget
              << " nodes a position, " << nodes << " nodes in all\n";
    std::cout
        << "| tablebase | side to move | under the rule | positions | classes |\n| --- | --- | --- | ---: | ---: |\n";
    for (const auto& [key, count] : table)
      std::cout << "| " << key.first << " | " << key.second << " | " << count.first << " | " << count.second << " |\n";
    return 0;
  });
}
