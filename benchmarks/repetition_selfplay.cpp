// The computer against itself under a game's no-repetition rule
// (service/repetition_rule.hpp): both sides play a best move by the
// tablebase's values among those the rule allows, at random among equal ones
// (seeded), until the game ends or a cap on plies. Says how many games end,
// how (which side wins: by the game's own end or because the rule left the
// side to move no move; or the cap), after how many plies, and how often the
// rule forbade a best move: with another as good allowed, or with none (the
// side forced off its value).
//
//   build/benchmarks/repetition_selfplay GAME VARIANT DIR [--games N] [--seed S]
//       [--cap PLIES] [--position P | --tier NAME --value WIN|LOSS|DRAW] [--nodes N]
//
// Each game starts from --position (default the start), or with --tier from
// a position of that tier drawn at random (a random slot that stands for
// positions, each drawn again until its tablebase value is --value): for a
// game whose placement phase has no tablebase, the positions where every
// piece has just been placed. A position no tablebase covers is searched,
// as `rtb query` does, within --nodes a move; the values of such moves are
// then what the search proved, and the summary counts the plies whose value
// was not proven.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "games/registry.hpp"
#include "service/game_facts.hpp"
#include "service/query_session.hpp"
#include "service/repetition_rule.hpp"

namespace {

using namespace rtb;

struct Options {
  std::string game, variant, dir, position = "start", tier, value;
  int games = 1000;
  std::uint64_t seed = 1;
  std::size_t cap = 2000;
  std::uint64_t nodes = 100'000;
};

Options read_options(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: repetition_selfplay GAME VARIANT DIR [--games N] [--seed S] [--cap PLIES] [--position P] "
                 "[--nodes N]\n";
    std::exit(2);
  }
  Options o;
  o.game = argv[1], o.variant = argv[2], o.dir = argv[3];
  for (int i = 4; i + 1 < argc; i += 2) {
    const std::string name = argv[i], value = argv[i + 1];
    if (name == "--games") o.games = std::stoi(value);
    else if (name == "--seed") o.seed = std::stoull(value);
    else if (name == "--cap") o.cap = std::stoull(value);
    else if (name == "--position") o.position = value;
    else if (name == "--nodes") o.nodes = std::stoull(value);
    else if (name == "--tier") o.tier = value;
    else if (name == "--value") o.value = value;
    else {
      std::cerr << "unknown option " << name << "\n";
      std::exit(2);
    }
  }
  return o;
}

// A position of the tier named `tier` whose tablebase outcome is `value`,
// drawn at random.
std::string random_position(QuerySession& session, const Options& o, std::mt19937_64& random) {
  return with_game(GameChoice{o.game, o.variant}, [&](const auto& game) {
    for (typename std::decay_t<decltype(game)>::TierId t = 0; t < game.tier_count(); ++t) {
      if (game.tier_name(t) != o.tier) continue;
      for (;;) {
        const std::uint64_t slot = random() % game.tier_size(t);
        if (game.slot_weight(t, slot) == 0) continue;
        const std::string text = game.format(game.position(t, slot));
        if (outcome_name(outcome_of(session.query(text).value.lower)) == o.value) return text;
      }
    }
    std::cerr << "no tier named " << o.tier << "\n";
    std::exit(2);
    return std::string();
  });
}

struct GameEnd {
  std::string how;  // "g loses (the game's end)", "t loses (rule: every move repeats)", "cap reached"
  std::size_t plies = 0;
};

struct Tally {
  std::uint64_t plies = 0, forbidden_best_other_kept = 0, forced_off_value = 0, unproven = 0;
  std::uint64_t forced_from_draw = 0, forced_from_win = 0, forced_from_loss = 0;
  std::map<char, std::uint64_t> forced_by_side;  // side letter -> plies it was forced off its value
  std::uint64_t games_forced = 0;                // games in which some side was
};

// One game from `first`; the rule applied from an index of the game's
// positions (a long game's history is looked up, not scanned).
GameEnd play_one(QuerySession& session, const std::string& first, std::size_t cap, std::mt19937_64& random,
                 Tally& tally) {
  OccurredPositions seen;
  std::string position = session.normalise(first);
  bool forced = false;
  for (std::size_t ply = 0;; ++ply) {
    seen.add(position);
    QueryResult r = session.query(position);
    apply_repetition_rule(r, seen);
    const char mover = side_to_move_letter(position);
    const auto end = [&](const std::string& how) {
      tally.games_forced += forced;
      return GameEnd{how, ply};
    };
    if (r.moves.empty()) return end(std::string(1, mover) + " loses (the game's end)");
    if (!r.no_legal_move.empty()) return end(std::string(1, mover) + " loses (rule: every move repeats)");
    if (ply == cap) return end("cap reached");
    if (!r.proven) ++tally.unproven;
    const std::vector<std::size_t> best = best_allowed_moves(r);
    if (!r.moves.front().forbidden.empty()) {
      if (r.rule_note.empty()) {
        ++tally.forbidden_best_other_kept;
      } else {
        ++tally.forced_off_value;
        ++tally.forced_by_side[mover];
        forced = true;
        const Value v = r.moves.front().value.lower;
        if (is_draw(v)) ++tally.forced_from_draw;
        else if (is_win(v)) ++tally.forced_from_win;
        else ++tally.forced_from_loss;
      }
    }
    ++tally.plies;
    position = r.moves[best[static_cast<std::size_t>(random() % best.size())]].position;
  }
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = read_options(argc, argv);
  SearchLimits limits;
  limits.nodes = o.nodes;
  limits.seconds = 0;  // repeatable: a node budget only
  QuerySession session(GameChoice{o.game, o.variant}, o.dir, limits);
  std::mt19937_64 random(o.seed);
  Tally tally;
  std::map<std::string, std::vector<std::size_t>> ends;  // how -> the plies of each game
  for (int g = 0; g < o.games; ++g) {
    const std::string first = o.tier.empty() ? o.position : random_position(session, o, random);
    const GameEnd end = play_one(session, first, o.cap, random, tally);
    ends[end.how].push_back(end.plies);
  }
  std::cout << o.game << " (" << o.variant << ") from "
            << (o.tier.empty() ? session.normalise(o.position) : "random " + o.value + " positions of " + o.tier)
            << ": " << o.games << " games, seed " << o.seed << ", cap " << o.cap << " plies\n";
  std::cout << "| end | games | plies: min | median | mean | max |\n| --- | ---: | ---: | ---: | ---: | ---: |\n";
  for (auto& [how, plies] : ends) {
    std::sort(plies.begin(), plies.end());
    double sum = 0;
    for (const std::size_t p : plies) sum += static_cast<double>(p);
    std::cout << "| " << how << " | " << plies.size() << " | " << plies.front() << " | " << plies[plies.size() / 2]
              << " | " << static_cast<std::uint64_t>(sum / static_cast<double>(plies.size()) + 0.5) << " | "
              << plies.back() << " |\n";
  }
  std::cout << "moves played: " << tally.plies
            << "; a best move forbidden, another as good allowed: " << tally.forbidden_best_other_kept
            << "; every best move forbidden (forced off its value): " << tally.forced_off_value << " (from DRAW "
            << tally.forced_from_draw << ", from WIN " << tally.forced_from_win << ", from LOSS "
            << tally.forced_from_loss << "; by side:";
  for (const auto& [side, n] : tally.forced_by_side) std::cout << " " << side << " " << n;
  std::cout << "); games with such a move: " << tally.games_forced;
  if (tally.unproven) std::cout << "; moves chosen on values the search did not prove: " << tally.unproven;
  std::cout << "\n";
  return 0;
}
