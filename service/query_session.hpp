#pragma once
// Queries on one game's tablebases, without the caller naming the game's
// types: the entry point for `rtb query`, `rtb play`, `rtb serve` and the
// library. A session keeps its open files and its search's transposition
// table between queries, so many queries through one session are cheap.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "games/registry.hpp"
#include "search/bounds.hpp"
#include "service/errors.hpp"
#include "service/move_lookup.hpp"
#include "service/query_result.hpp"
#include "solver/board_look.hpp"

namespace rtb {

// How many of the game's tier files are in the session's directory.
struct TablebaseCoverage {
  std::uint32_t tiers = 0, present = 0;
};

class QuerySession {
 public:
  // UsageError for an unknown game or variant. Nothing is read until a query.
  QuerySession(const GameChoice& choice, std::filesystem::path dir, const SearchLimits& limits);
  ~QuerySession();
  QuerySession(QuerySession&&) noexcept;
  QuerySession& operator=(QuerySession&&) noexcept;

  const std::string& game() const;
  const std::string& variant() const;
  const std::filesystem::path& dir() const;

  // The position text of the start, and `text` in the game's canonical
  // spelling ("start" is accepted); std::invalid_argument for bad text.
  std::string start() const;
  std::string normalise(const std::string& text) const;
  // The position after the moves, in order (each trimmed, in any case);
  // std::invalid_argument naming the first move that is not legal where it
  // is played, and for a text that only begins legal moves (a Morris mill
  // without its removal) what it lacks and which moves it could be.
  std::string play(const std::string& position, const std::vector<std::string>& moves) const;
  // Why the side to move in `after`, which has no move, has lost, in the
  // words of service/move_events.hpp ("white has no legal move: black
  // wins"); `before` is the position before the last move, empty when there
  // was none. std::invalid_argument for bad text, a position that is not
  // over, or a `before` from which no move leads to `after`.
  std::string end_reason(const std::string& before, const std::string& after) const;
  // Which of `legal` (a position's move texts, as a QueryResult lists them)
  // `typed` names, by the same rules (service/move_lookup.hpp).
  MoveLookup look_up_move(const std::vector<std::string>& legal, const std::string& typed) const;

  // Whether the game forbids a move back to a position that has occurred
  // in the game (service/repetition_rule.hpp).
  bool forbids_repetition() const;
  // The game's rules and move text in words, for this variant: lines ending
  // in '\n', each "Topic: text" (service/game_facts.hpp: rules_of).
  std::string rules() const;
  // The positions a game's history names, in canonical text and in order:
  // each item is a position text (it holds a space; "start" is the start) or
  // a move, played from the position before it (the first from the start).
  // "start,a1,b2" and "a1,b2" name the same three positions. Throws
  // std::invalid_argument for bad text or a move that is not legal.
  std::vector<std::string> history_positions(const std::vector<std::string>& items) const;

  // How front ends draw the board and pieces (service/game_facts.hpp).
  BoardLook board() const;
  TablebaseCoverage coverage() const;
  // Whether a query may search (service/query_oracle.hpp: falls_back_to_search).
  bool searches() const;

  // The value of `position` ("start" accepted) and of every move, best first;
  // with `line`, also the perfect-play line to the end of the game (or to a
  // repetition, which is a draw). Throws std::invalid_argument for bad text
  // and MissingTables (with the generate command) for missing files.
  QueryResult query(const std::string& position, bool line = false);
  // The same, with the game's no-repetition rule applied: `occurred` are the
  // positions of the game so far (history_positions), with or without
  // `position` last (service/repetition_rule.hpp). std::invalid_argument
  // for a game without the rule.
  // With `line`, the line takes the best move the rule allows, each position
  // joining the history, to the end of the game (which the rule brings).
  QueryResult query(const std::string& position, const std::vector<std::string>& occurred, bool line = false);
  // Whether query(position) would search (it may take seconds) rather than
  // read the files (it takes milliseconds); for a server that runs the two
  // apart. Throws what query throws for bad text.
  bool would_search(const std::string& position);
  // The longest position text the game's parser is given (derived from the
  // game's start); a longer one is refused with std::invalid_argument
  // before it is read, and no message echoes more than 100 characters of it.
  std::size_t max_position_length() const;

  // Every query re-reads the directory: a tier file generated since the last
  // query is found, and one replaced since it was opened (repaired after an
  // error) is opened again.

  struct Impl;

 private:
  void follow_allowed_line(QueryResult& r, const std::vector<std::string>& occurred);
  std::unique_ptr<Impl> impl_;
};

}  // namespace rtb
