#pragma once
// The game of `rtb play`, without the terminal: it reads one line of input at
// a time and writes what a player sees to a stream, so tests can drive it.
// Every value comes from a QuerySession, as `rtb query` gets it.
//
// The computer plays as apps/rtb/play/move_choice.hpp says: one of the best
// moves (the shortest win, the longest loss, a draw when drawn) at random, or
// at a strength below 100 sometimes a weaker one; never one that the game's
// no-repetition rule forbids (on by default where the game has one). After each move a line a
// capture, crossing or obligation (service/move_events.hpp), a mark
// when it was a mistake, and why the game ended when it did.
//
// The game's record is its first position and the moves from it, as one line
// (game_record.hpp): `record` prints it with each move's value, `save FILE`
// and `load FILE` write and read it, `new` starts again. A move played after
// `undo` that differs from the one played before keeps the old moves as a
// variation (record_variations.hpp); `variations` lists them and
// `variation N` takes one up again.
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "apps/rtb/play/game_record.hpp"
#include "apps/rtb/play/move_choice.hpp"
#include "apps/rtb/play/record_variations.hpp"
#include "apps/rtb/play/text_board.hpp"
#include "service/move_events.hpp"
#include "service/query_session.hpp"

namespace rtb::cli {

struct PlayOptions {
  std::string side;        // the user's side: its letter or name, or "both"; empty: the side to move at the start
  bool color = false;      // ANSI colours
  std::uint64_t seed = 0;  // for the computer's choice among equal moves
  int strength = 100;      // 0..100: the computer's (move_choice.hpp)
  // The game's no-repetition rule, where it has one (service/repetition_rule.hpp):
  // a move back to a position of the game is refused, the computer never plays
  // one, and a side left with no allowed move loses.
  bool repetition_rule = true;
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
  // The words a terminal completes: the legal moves here and the commands.
  std::vector<std::string> completions();

 private:
  bool users_turn(std::size_t ply) const { return !user_side_ || letters_[ply % 2] == *user_side_; }
  std::string side_name(std::size_t ply) const;
  std::string piece_counts(const std::string& position) const;
  const QueryResult& current();
  // The answer at `ply` of the game, under the rule when it is on (the
  // positions up to `ply` are the history).
  QueryResult query_at(std::size_t ply);
  // Plays `move`, legal at now_ (dropping what could be redone), and says
  // what it did: `who` ("you play", "computer (white) plays").
  void play(const MoveResult& move, const std::string& who);
  void settle();  // the computer moves if it is to move, then the position is shown
  void show();
  void show_moves(const QueryResult& r);
  void undo();
  void redo();
  void flip();
  void help();
  void rules();  // the game's rules and move text, from the game (QuerySession::rules)
  void print_record();
  GameRecord record_so_far() const;  // the first position and the moves up to the one shown
  void save(const std::string& file);
  void load(const std::string& file);
  void restart(const std::string& position);
  // Replaces the game by the one from `first` through `record`'s moves and
  // variations (all legal).
  void replace_game(const std::string& first, const GameRecord& record);
  // Positions after the line's moves from `ply` on, where the line changed there.
  void replay_from(std::size_t ply);
  // The positions of `path` followed by those `moves` lead to; throws
  // std::invalid_argument naming the move that is not legal, or that the
  // no-repetition rule forbids.
  std::vector<std::string> checked_line(std::vector<std::string> path, const std::vector<std::string>& moves) const;
  // Checks each variation of a line whose positions are `path` (its first
  // move from path[start]), as checked_line.
  void check_variations(const std::vector<std::string>& path, std::size_t start,
                        const std::vector<RecordBranch>& variations) const;
  void list_variations();
  void take_up_variation(const std::string& number);
  // The value the mover's move had and the value of the position it was
  // played in (both for the mover), once known.
  struct Judged {
    ValueBounds before, move;
  };
  Judged judged(std::size_t ply);

  QuerySession& session_;
  std::ostream& out_;
  Paint paint_;
  BoardLook shape_;
  MoveEvents events_;
  MoveChooser chooser_;
  std::string start_;                          // the game's start, for the count of pieces captured
  std::vector<std::string> history_;           // positions from the first one; history_[now_] is shown
  LineWithVariations line_;                    // line_.moves[i] led from history_[i] to history_[i + 1]
  std::vector<std::optional<Judged>> judged_;  // judged_[i] for moves_[i], where known
  std::size_t now_ = 0;
  std::optional<char> user_side_;            // the side letter the user plays; none: both sides
  char letters_[2] = {'?', '?'};             // the side to move at even and at odd plies
  void read_sides();                         // letters_ from history_[0]
  bool rule_ = false;                        // the no-repetition rule is applied
  std::optional<QueryResult> result_;        // of history_[now_]
  std::vector<std::string> result_history_;  // the positions up to it, for the rule
};

}  // namespace rtb::cli
