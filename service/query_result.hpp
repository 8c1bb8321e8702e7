#pragma once
// What a query found, independent of the game's types: the one structure that
// `rtb query` prints as text or JSON, and that play, serve and the library
// hand on. Values are for the side to move in the position they belong to.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "search/bounds.hpp"

namespace rtb {

struct MoveResult {
  std::string move;
  ValueBounds value;      // for the side to move at the queried position
  std::string position;   // the position after the move
  std::string forbidden;  // why the no-repetition rule forbids it (service/repetition_rule.hpp); "" allowed
};

// A move of the perfect-play line, with its value as the move list gives it:
// for the side that plays it (so the first step's is the position's).
struct LineStep {
  std::string move;
  ValueBounds value;     // for the side that plays the move
  std::string position;  // the position after the move
};

struct QueryResult {
  std::string game, variant, position;
  ValueBounds value;
  std::vector<MoveResult> moves;  // best first; empty when the game is over
  bool searched = false;          // false: read from the tablebases (always proven)
  bool proven = true;
  SearchStop stop = SearchStop::Finished;
  std::uint64_t nodes = 0;
  double seconds = 0;
  double seconds_limit = 0;  // the search's time limit, for the message when it ran out
  unsigned plies_limit = 0;
  bool has_line = false;  // a perfect-play line was asked for
  std::vector<LineStep> line;
  bool line_complete = true;  // false: the line stops where the search could not prove a move
  bool line_repeats = false;  // the line stops where a position repeats: a draw
  // The no-repetition rule, where it was applied (service/repetition_rule.hpp);
  // the values above are the tablebase's all the same.
  bool rule_applied = false;
  std::string rule_note;      // the rule forbids every move that keeps the value: says so, and what it allows
  std::string no_legal_move;  // the rule forbids every move: why the side to move has lost

  std::optional<std::string> best_move() const;
  // The index of the first move the rule allows (moves are best first);
  // none when the game is over or every move is forbidden.
  std::optional<std::size_t> best_allowed() const;
  // No move at all, or none the rule allows.
  bool game_over() const { return moves.empty() || !no_legal_move.empty(); }
};

// The documented JSON shape of `rtb query --json` (its "format" field says
// which revision of the shape it is).
nlohmann::json to_json(const QueryResult& r);
// {"value": "WIN", "distance": 5}, or null fields with the known bounds.
nlohmann::json value_json(const ValueBounds& b);

// The line that says how far a searched answer can be trusted ("proven by
// search (...)" or "NOT proven: ..."); empty for an answer read from the
// tablebases.
std::string proof_line(const QueryResult& r);

// The text `rtb query` prints.
void print_text(std::ostream& out, const QueryResult& r);

}  // namespace rtb
