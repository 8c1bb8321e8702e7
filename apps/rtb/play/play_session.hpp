#pragma once
// The game of `rtb play`, without the terminal: it reads one line of input at
// a time and writes what a player sees to a stream, so tests can drive it.
// Every value comes from a QuerySession, as `rtb query` gets it.
//
// The computer plays perfectly: the shortest win, the longest loss, and among
// draws the drawing move that leaves the opponent the most losing replies
// (the draw that sets the most traps; a draw is a draw, so this costs
// nothing and makes a mistake likeliest). Ties, and draws whose replies are
// searched rather than read from tablebases, go to the first move in the
// session's order (by value, then move text), so a game is repeatable.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "apps/rtb/play/text_board.hpp"
#include "service/query_session.hpp"

namespace rtb::cli {

struct PlayOptions {
  std::string side;    // the user's side: its letter or name, or "both"; empty: the side to move at the start
  bool color = false;  // ANSI colours
};

class PlaySession {
 public:
  // Reads the first position; throws std::invalid_argument for bad position
  // text, UsageError for a side that is not one of the game's, MissingTables
  // when the tablebases are not there.
  PlaySession(QuerySession& session, const std::string& position, const PlayOptions& options, std::ostream& out);

  // Shows the position, after the computer's move if it is to move.
  void begin();
  // One line of input: a move or a command. Returns false after quit.
  bool handle(const std::string& input);

  const std::string& position() const { return history_[now_]; }

  // The move the computer would play in `r`'s position (index into r.moves);
  // r must have moves.
  static std::size_t choose(QuerySession& session, const QueryResult& r);

 private:
  bool users_turn(std::size_t ply) const { return !user_parity_ || ply % 2 == *user_parity_; }
  std::string side_name(std::size_t ply) const;
  std::string piece_counts(const std::string& position) const;
  const QueryResult& current();
  void play(const std::string& move);  // at now_, dropping what could be redone
  void settle();                       // the computer moves if it is to move, then the position is shown
  void show();
  void show_moves(const QueryResult& r);
  void undo();
  void redo();
  void flip();
  void help();

  QuerySession& session_;
  std::ostream& out_;
  Paint paint_;
  BoardLook shape_;
  std::string start_;                 // the game's start, for the count of pieces captured
  std::vector<std::string> history_;  // positions from the first one; history_[now_] is shown
  std::vector<std::string> moves_;    // moves_[i] led from history_[i] to history_[i + 1]
  std::size_t now_ = 0;
  std::optional<std::size_t> user_parity_;  // the user moves at plies of this parity; none: both sides
  char letters_[2] = {'?', '?'};            // the side to move at even and at odd plies
  std::optional<QueryResult> result_;       // of history_[now_]
};

}  // namespace rtb::cli
