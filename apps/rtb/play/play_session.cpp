#include "apps/rtb/play/play_session.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "apps/rtb/usage_error.hpp"
#include "service/game_facts.hpp"

namespace rtb::cli {

namespace {

// The name the game gives a side letter (solver/board_look.hpp); a letter it
// does not name is shown as it is.
std::string name_of_side(const BoardLook& look, char letter) {
  for (const SideLook& s : look.sides)
    if (s.letter == letter) return s.name;
  return std::string(1, letter);
}

std::string trimmed(const std::string& text) {
  const auto first = std::find_if_not(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c); });
  const auto last =
      std::find_if_not(text.rbegin(), text.rend(), [](unsigned char c) { return std::isspace(c); }).base();
  return first < last ? std::string(first, last) : "";
}

// The pieces on the board by letter, from a position text.
std::map<char, int> board_counts(const std::string& position) {
  std::map<char, int> counts;
  for (const char c : position.substr(0, position.find(' ')))
    if (c != '/' && c != '.') ++counts[c];
  return counts;
}

// The fields after the side to move count pieces in hand, one field a kind
// (BoardLook::in_hand: Bagh-Chal's goats, the two Morris hands); none for
// the games without a hand. A field that is not a number counts none.
std::vector<int> hands(const std::string& position) {
  std::vector<int> counts;
  std::size_t at = position.find(' ');
  if (at != std::string::npos) at = position.find(' ', at + 1);  // past the side to move
  while (at != std::string::npos) {
    const std::size_t next = position.find(' ', at + 1);
    try {
      counts.push_back(std::stoi(position.substr(at + 1, next - at - 1)));
    } catch (const std::exception&) {
      counts.push_back(0);
    }
    at = next;
  }
  return counts;
}

// The pieces of each letter on the board and in hand; those of a hand whose
// letter the game does not give, under '?'.
std::map<char, int> owned(const std::string& position, const BoardLook& look) {
  std::map<char, int> counts = board_counts(position);
  const std::vector<int> hand = hands(position);
  for (std::size_t i = 0; i < hand.size(); ++i) counts[i < look.in_hand.size() ? look.in_hand[i] : '?'] += hand[i];
  return counts;
}

int total_pieces(const std::map<char, int>& counts) {
  int total = 0;
  for (const auto& [letter, n] : counts) total += n;
  return total;
}

// The name a game gives a piece letter (solver/board_look.hpp), or the letter.
std::string name_of_piece(const BoardLook& look, char letter) {
  for (const PieceLook& p : look.pieces)
    if (p.letter == letter) return p.name;
  return std::string(1, letter);
}

bool is_exact_draw(const ValueBounds& v) { return v.exact() && is_draw(v.lower); }

}  // namespace

PlaySession::PlaySession(QuerySession& session, const std::string& position, const PlayOptions& options,
                         std::ostream& out)
    : session_(session), out_(out), paint_{options.color, {}}, shape_(session.board()), start_(session.start()) {
  paint_.pieces = shape_.pieces;
  history_.push_back(session_.normalise(position));
  const QueryResult& first = current();
  letters_[0] = side_to_move_letter(first.position);
  // Sides alternate every ply (no game passes), so the first move's side
  // letter is the other side's.
  if (!first.moves.empty()) letters_[1] = side_to_move_letter(first.moves.front().position);
  if (options.side == "both") return;
  user_parity_ = 0;
  if (options.side.empty()) return;
  for (std::size_t parity = 0; parity < 2; ++parity) {
    if (options.side == std::string(1, letters_[parity]) || options.side == name_of_side(shape_, letters_[parity])) {
      user_parity_ = parity;
      return;
    }
  }
  std::string known;
  for (const char letter : letters_)
    if (letter != '?') known += std::string(1, letter) + " (" + name_of_side(shape_, letter) + "), ";
  throw UsageError("--side '" + options.side + "' is not a side of this game; use " + known + "or both");
}

std::string PlaySession::piece_counts(const std::string& position) const {
  std::string line = "pieces:";
  const std::map<char, int> on_board = board_counts(position);
  for (const auto& [letter, n] : on_board) line += "  " + paint_.piece(letter) + " " + std::to_string(n);
  if (on_board.empty()) line += "  none";  // before the first placement
  const std::vector<int> hand = hands(position);
  const std::map<char, int> start = owned(start_, shape_), now = owned(position, shape_);
  if (hand.size() < 2) {
    // One kind in hand, or none: one count each (Bagh-Chal's goats).
    if (!hand.empty()) line += "   in hand " + std::to_string(hand.front());
    return line + "   captured " + std::to_string(total_pieces(start) - total_pieces(now));
  }
  // A hand a side (Morris): each named, and what each side has lost.
  std::string held, lost;
  for (std::size_t i = 0; i < hand.size(); ++i) {
    const char letter = i < shape_.in_hand.size() ? shape_.in_hand[i] : '?';
    const std::string name = name_of_piece(shape_, letter), comma = i == 0 ? "" : ", ";
    const auto count = [letter](const std::map<char, int>& counts) {
      const auto found = counts.find(letter);
      return found == counts.end() ? 0 : found->second;
    };
    held += comma + name + " " + std::to_string(hand[i]);
    lost += comma + name + " " + std::to_string(count(start) - count(now));
  }
  return line + "   in hand: " + held + "   captured: " + lost;
}

std::string PlaySession::side_name(std::size_t ply) const { return name_of_side(shape_, letters_[ply % 2]); }

const QueryResult& PlaySession::current() {
  if (!result_ || result_->position != history_[now_]) result_ = session_.query(history_[now_]);
  return *result_;
}

void PlaySession::begin() { settle(); }

bool PlaySession::handle(const std::string& input) {
  const std::string command = trimmed(input);
  if (command.empty()) return true;
  if (command == "quit" || command == "exit" || command == "q") return false;
  if (command == "help" || command == "?") {
    help();
  } else if (command == "position") {
    out_ << history_[now_] << "\n";
  } else if (command == "undo") {
    undo();
  } else if (command == "redo") {
    redo();
  } else if (command == "flip") {
    flip();
  } else if (command == "hint") {
    const QueryResult& r = current();
    if (r.moves.empty()) {
      out_ << "the game is over: no move to hint\n";
    } else {
      const MoveResult& m = r.moves[choose(session_, r)];
      out_ << "hint: " << paint_.bold(m.move) << "  " << paint_.value(describe(m.value), m.value)
           << (m.value.exact() ? "" : " (not proven)") << "\n";
    }
  } else {
    const QueryResult& r = current();
    const auto legal =
        std::find_if(r.moves.begin(), r.moves.end(), [&](const MoveResult& m) { return m.move == command; });
    if (r.moves.empty()) {
      out_ << "the game is over: undo, or quit\n";
    } else if (legal == r.moves.end()) {
      std::string list;
      for (const MoveResult& m : r.moves) list += (list.empty() ? "" : " ") + m.move;
      out_ << "'" << command << "' is neither a legal move here nor a command (help lists them); legal moves: " << list
           << "\n";
    } else {
      out_ << "you play " << paint_.bold(legal->move) << "  (" << paint_.value(describe(legal->value), legal->value)
           << ")\n";
      play(legal->move);
      settle();
    }
  }
  return true;
}

void PlaySession::play(const std::string& move) {
  const QueryResult& r = current();
  const auto it = std::find_if(r.moves.begin(), r.moves.end(), [&](const MoveResult& m) { return m.move == move; });
  const std::string next = it->position;
  history_.resize(now_ + 1);
  moves_.resize(now_);
  history_.push_back(next);
  moves_.push_back(move);
  ++now_;
}

void PlaySession::settle() {
  // The user always moves next, so the computer moves at most once.
  if (!users_turn(now_) && !current().moves.empty()) {
    const QueryResult& r = current();
    const MoveResult m = r.moves[choose(session_, r)];
    out_ << "computer (" << side_name(now_) << ") plays " << paint_.bold(m.move) << "  ("
         << paint_.value(describe(m.value), m.value) << (m.value.exact() ? "" : ", not proven") << ")\n";
    play(m.move);
  }
  show();
}

std::size_t PlaySession::choose(QuerySession& session, const QueryResult& r) {
  if (r.searched || !is_exact_draw(r.moves.front().value)) return 0;
  std::size_t best = 0, most_traps = 0;
  for (std::size_t i = 0; i < r.moves.size() && is_exact_draw(r.moves[i].value); ++i) {
    const QueryResult reply = session.query(r.moves[i].position);
    const auto traps =
        static_cast<std::size_t>(std::count_if(reply.moves.begin(), reply.moves.end(), [](const MoveResult& m) {
          return m.value.exact() && is_loss(m.value.lower);
        }));
    if (traps > most_traps) best = i, most_traps = traps;
  }
  return best;
}

void PlaySession::show() {
  const QueryResult& r = current();
  out_ << "\n" << draw_board(r.position, shape_, paint_);
  out_ << piece_counts(r.position) << "\n";
  const std::string who = user_parity_ ? (users_turn(now_) ? " (you)" : " (computer)") : "";
  out_ << paint_.bold(side_name(now_)) << " to move" << who << "   value: " << paint_.value(describe(r.value), r.value)
       << (r.moves.empty() ? "  -- game over: " + side_name(now_) + " has lost" : "") << "\n";
  if (r.searched) out_ << proof_line(r) << "\n";
  const auto seen = std::count(history_.begin(), history_.begin() + static_cast<std::ptrdiff_t>(now_), history_[now_]);
  if (seen > 0) out_ << "this position has occurred before: play that goes round a cycle forever is a draw\n";
  show_moves(r);
}

void PlaySession::show_moves(const QueryResult& r) {
  if (r.moves.empty()) return;
  out_ << "moves for " << side_name(now_) << ", best first:\n";
  std::size_t move_width = 0, value_width = 0;
  for (const MoveResult& m : r.moves) {
    move_width = std::max(move_width, m.move.size());
    value_width = std::max(value_width, describe(m.value).size());
  }
  const std::size_t column = 2 + move_width + 2 + value_width;
  const std::size_t per_line = std::max<std::size_t>(1, 78 / column);
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const MoveResult& m = r.moves[i];
    const std::string value = describe(m.value);
    const bool last_in_line = (i + 1) % per_line == 0 || i + 1 == r.moves.size();
    out_ << "  " << m.move << std::string(move_width - m.move.size() + 2, ' ') << paint_.value(value, m.value)
         << (last_in_line ? "\n" : std::string(value_width - value.size(), ' '));
  }
}

void PlaySession::undo() {
  // Back to the user's previous turn: their move and the computer's reply.
  std::size_t ply = now_;
  while (ply > 0) {
    --ply;
    if (users_turn(ply)) break;
  }
  if (ply == now_ || !users_turn(ply)) {
    out_ << "nothing to undo\n";
    return;
  }
  out_ << "took back " << (now_ - ply == 1 ? "1 move" : std::to_string(now_ - ply) + " moves") << "\n";
  now_ = ply;
  show();
}

void PlaySession::redo() {
  if (now_ + 1 == history_.size()) {
    out_ << "nothing to redo\n";
    return;
  }
  std::size_t ply = now_ + 1;
  while (ply + 1 < history_.size() && !users_turn(ply)) ++ply;
  out_ << "replayed " << (ply - now_ == 1 ? "1 move" : std::to_string(ply - now_) + " moves") << "\n";
  now_ = ply;
  settle();
}

void PlaySession::flip() {
  // The computer takes the side the user had; a user who played both sides
  // hands it the side to move.
  user_parity_ = user_parity_ ? 1 - *user_parity_ : (now_ + 1) % 2;
  out_ << "you play " << side_name(*user_parity_) << ", the computer plays " << side_name(*user_parity_ + 1) << "\n";
  settle();
}

void PlaySession::help() {
  out_ << "type a move as the list shows it (a2b2 moves or jumps, c3 places, d7xa1 places and removes the\n"
          "stone on a1), or a command:\n"
          "  hint      the move the computer would play for you, with its value\n"
          "  undo      take back your last move and the computer's reply\n"
          "  redo      play again what undo took back\n"
          "  flip      swap sides with the computer\n"
          "  position  print the position text (for rtb query, rtb play --position)\n"
          "  help      this list\n"
          "  quit      leave (so does the end of the input)\n"
          "values are for the side to move; distances count plies (half-moves) to the end of the game.\n"
          "the computer plays the shortest win, the longest loss, and among draws the one that leaves\n"
          "its opponent the most losing replies; ties go to the first move listed.\n";
}

}  // namespace rtb::cli
