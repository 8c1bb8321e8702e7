#include "apps/rtb/play/play_session.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <map>
#include <sstream>
#include <stdexcept>

#include "apps/rtb/usage_error.hpp"
#include "service/game_facts.hpp"
#include "service/repetition_rule.hpp"
#include "text/folded_text.hpp"
#include "text/lower_case.hpp"

namespace rtb::cli {

namespace {

// The text of a regular file, at most `most` bytes of it; "" and `why` set
// when it cannot be read. Opened without blocking and checked before any
// read: a FIFO (or a device) named by `load` blocked the game until it was
// killed (issue 53, item 6).
std::string regular_file_text(const std::string& file, std::size_t most, std::string& why) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    why = std::strerror(errno);
    return "";
  }
  std::string text;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    why = "not a regular file";
  } else {
    char buffer[4096];
    ssize_t n;
    while (text.size() < most && (n = ::read(fd, buffer, sizeof buffer)) != 0) {
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        why = std::strerror(errno);
        break;
      }
      text.append(buffer, static_cast<std::size_t>(n));
    }
  }
  ::close(fd);
  return why.empty() ? text : "";
}

// Writes `text` as the whole of a regular file, made if need be; `why` set
// when it cannot. As regular_file_text, opened without blocking and checked
// before it is cut or written: std::ofstream's open of a FIFO waited for a
// reader (and one with no reader is ENXIO here).
void write_regular_file(const std::string& file, const std::string& text, std::string& why) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0644);
  if (fd < 0) {
    why = errno == ENXIO ? "not a regular file" : std::strerror(errno);
    return;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    why = "not a regular file";
  } else if (::ftruncate(fd, 0) != 0) {
    why = std::strerror(errno);
  } else {
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        why = std::strerror(errno);
        break;
      }
      done += static_cast<std::size_t>(n);
    }
  }
  if (::close(fd) != 0 && why.empty()) why = std::strerror(errno);
}

// The pieces on the board by letter, from a position text.
std::map<char, int> board_counts(const std::string& position) {
  std::map<char, int> counts;
  for (const char c : position.substr(0, position.find(' ')))
    if (c != '/' && c != '.') ++counts[c];
  return counts;
}

// The name a game gives a piece letter (solver/board_look.hpp), or the letter.
std::string name_of_piece(const BoardLook& look, char letter) {
  for (const PieceLook& p : look.pieces)
    if (p.letter == letter) return p.name;
  return std::string(1, letter);
}

std::string plural(std::size_t n, const std::string& one) {
  return std::to_string(n) + " " + one + (n == 1 ? "" : "s");
}

const char* const kCommands[] = {"hint", "undo", "redo", "flip",     "record", "moves", "variations", "variation",
                                 "save", "load", "new",  "position", "help",   "rules", "quit"};

}  // namespace

PlaySession::PlaySession(QuerySession& session, const std::string& position, const PlayOptions& options,
                         std::ostream& out)
    : session_(session),
      out_(out),
      paint_{options.color, {}},
      shape_(session.board()),
      events_(shape_, session.start()),
      chooser_(options.seed, options.strength),
      start_(session.start()),
      rule_(options.repetition_rule && session.forbids_repetition()) {
  paint_.pieces = shape_.pieces;
  history_.push_back(session_.normalise(position));
  read_sides();
  if (options.side == "both") return;
  user_side_ = letters_[0];
  if (options.side.empty()) return;
  for (const char letter : letters_)
    if (options.side == std::string(1, letter) || options.side == events_.side_name(letter)) {
      user_side_ = letter;
      return;
    }
  std::string known;
  for (const char letter : letters_)
    if (letter != '?') known += std::string(1, letter) + " (" + events_.side_name(letter) + "), ";
  throw UsageError("--side '" + options.side + "' is not a side of this game; use " + known + "or both");
}

void PlaySession::read_sides() {
  letters_[0] = side_to_move_letter(history_[0]);
  letters_[1] = '?';
  // Sides alternate every ply (no game passes): the other side is the one
  // the game's look names besides, or the side to move after a move.
  for (const SideLook& s : shape_.sides)
    if (s.letter != letters_[0]) letters_[1] = s.letter;
  if (letters_[1] == '?' && !current().moves.empty())
    letters_[1] = side_to_move_letter(current().moves.front().position);
}

std::string PlaySession::piece_counts(const std::string& position) const {
  std::string line = "pieces:";
  const std::map<char, int> on_board = board_counts(position);
  for (const auto& [letter, n] : on_board) line += "  " + paint_.piece(letter) + " " + std::to_string(n);
  if (on_board.empty()) line += "  none";  // before the first placement
  const std::vector<int> hand = hand_counts(position);
  if (hand.size() == 1) line += "   in hand " + std::to_string(hand.front());  // one kind (Bagh-Chal's goats)
  if (hand.size() >= 2) {
    // A hand a side (Morris): each named.
    line += "   in hand: ";
    for (std::size_t i = 0; i < hand.size(); ++i) {
      const char letter = i < shape_.in_hand.size() ? shape_.in_hand[i] : '?';
      line += (i == 0 ? "" : ", ") + name_of_piece(shape_, letter) + " " + std::to_string(hand[i]);
    }
  }
  // What each side has off the board (not in hand): captured, or in the
  // seed reading its reserve, which may come back (BoardLook::off_board).
  // Captured pieces are counted by the side that lost them, and said so
  // ("captured: black 1" read as black's captures, issue 52); a reserve is
  // its owner's.
  const bool lost = shape_.off_board != "reserve";
  line += "   " + shape_.off_board + ": ";
  for (std::size_t i = 0; i < shape_.sides.size(); ++i) {
    const char side = shape_.sides[i].letter;
    line += (i == 0 ? "" : ", ") + events_.side_name(side) + (lost ? " lost " : " ") +
            std::to_string(events_.pieces(start_, side) - events_.pieces(position, side));
  }
  return line;
}

std::string PlaySession::side_name(std::size_t ply) const { return events_.side_name(letters_[ply % 2]); }

QueryResult PlaySession::query_at(std::size_t ply) {
  if (!rule_) return session_.query(history_[ply]);
  return session_.query(history_[ply], std::vector<std::string>(history_.begin(), history_.begin() + ply + 1));
}

const QueryResult& PlaySession::current() {
  // Under the rule the answer depends on the way here, not only on where.
  const std::vector<std::string> way(history_.begin(), history_.begin() + (rule_ ? now_ + 1 : 0));
  if (!result_ || result_->position != history_[now_] || result_history_ != way) {
    result_ = query_at(now_);
    result_history_ = way;
  }
  return *result_;
}

std::vector<std::string> PlaySession::completions() {
  std::vector<std::string> words;
  for (const MoveResult& m : current().moves)
    if (m.forbidden.empty()) words.push_back(m.move);
  for (const char* c : kCommands) words.emplace_back(c);
  return words;
}

void PlaySession::begin() { settle(); }

bool PlaySession::handle(const std::string& input) {
  const std::string line = trimmed(input);
  if (line.empty()) return true;
  const std::size_t space = line.find_first_of(" \t");
  const std::string command = line.substr(0, space);
  const std::string argument = space == std::string::npos ? "" : trimmed(line.substr(space));
  if (command == "quit" || command == "exit" || command == "q") return false;
  if ((command == "help" && argument == "rules") || command == "rules") {
    rules();
  } else if (command == "help" || command == "?") {
    help();
  } else if (command == "position") {
    out_ << history_[now_] << "\n";
  } else if (command == "undo") {
    undo();
  } else if (command == "redo") {
    redo();
  } else if (command == "flip") {
    flip();
  } else if (command == "record" || command == "moves") {
    print_record();
  } else if (command == "variations") {
    list_variations();
  } else if (command == "variation") {
    take_up_variation(argument);
  } else if (command == "save" || command == "load") {
    if (argument.empty()) out_ << command << " needs a file name: " << command << " FILE\n";
    else if (command == "save") save(argument);
    else load(argument);
  } else if (command == "new") {
    restart(argument.empty() ? history_[0] : argument);
  } else if (command == "hint") {
    const QueryResult& r = current();
    if (r.game_over()) {
      out_ << "the game is over: no move to hint\n";
    } else {
      const std::vector<std::size_t> best = best_moves(r);
      const MoveResult& m = r.moves[best.front()];
      out_ << "hint: " << paint_.bold(m.move) << "  " << paint_.value(describe(m.value), m.value)
           << (m.value.exact() ? "" : " (not proven)");
      if (best.size() > 1) {
        out_ << "  (as good:";
        for (std::size_t i = 1; i < best.size(); ++i) out_ << " " << r.moves[best[i]].move;
        out_ << ")";
      }
      out_ << "\n";
    }
  } else {
    const QueryResult& r = current();
    std::vector<std::string> legal;
    for (const MoveResult& m : r.moves) legal.push_back(m.move);
    const MoveLookup found = session_.look_up_move(legal, line);
    std::string list;
    for (const MoveResult& m : r.moves)
      if (m.forbidden.empty()) list += (list.empty() ? "" : " ") + m.move;
    if (r.game_over()) {
      out_ << "the game is over: undo, new, or quit\n";
    } else if (!found.short_of_move.empty()) {
      out_ << found.short_of_move << "\n";
    } else if (!found.found()) {
      out_ << "'" << line << "' is neither a legal move here nor a command (help lists them); legal moves: " << list
           << "\n";
    } else if (!r.moves[found.index].forbidden.empty()) {
      out_ << "'" << line << "' is not allowed: it " << r.moves[found.index].forbidden
           << " (rtb play --no-repetition-rule plays without the rule); allowed moves: " << list << "\n";
    } else {
      const MoveResult m = r.moves[found.index];
      play(m, "you play");
      settle();
    }
  }
  return true;
}

namespace {

// What a move is judged against: the position's value, or under the rule,
// where it forbids every move that keeps that value, the best it allows.
ValueBounds value_to_keep(const QueryResult& r) {
  const std::optional<std::size_t> allowed = r.best_allowed();
  return r.rule_note.empty() || !allowed ? r.value : r.moves[*allowed].value;
}

}  // namespace

void PlaySession::play(const MoveResult& move, const std::string& who) {
  const Judged judged{value_to_keep(current()), move.value};
  const MoveQuality quality = judge(judged.before, judged.move);
  out_ << who << " " << paint_.bold(move.move) << "  (" << paint_.value(describe(move.value), move.value)
       << (move.value.exact() ? "" : ", not proven") << ")";
  if (quality == MoveQuality::Mistake) out_ << "  ?? a mistake: the position was " << describe(judged.before);
  if (quality == MoveQuality::Inaccuracy) out_ << "  ? an inaccuracy: the position was " << describe(judged.before);
  out_ << "\n";
  const std::string before = history_[now_];
  const char mover = letters_[now_ % 2];
  if (now_ < line_.moves.size() && line_.moves[now_] != move.move) {
    // Another move than the one played here before: the game takes it up
    // where a variation began with it, and keeps the old moves as one.
    const std::size_t kept = line_.variation_starting(now_, move.move);
    if (kept != std::string::npos) {
      replay_from(line_.take_up(kept));
      out_ << "(a variation began with it: it is the game's line again, and the moves played here before a "
              "variation)\n";
    } else {
      line_.branch_off(now_);
      history_.resize(now_ + 1);
      judged_.resize(now_);
      out_ << "(the moves played here before are kept as a variation: `variations` lists them)\n";
    }
  }
  if (now_ == line_.moves.size()) {
    history_.push_back(move.position);
    line_.moves.push_back(move.move);
    judged_.emplace_back();
  }
  judged_[now_] = judged;  // the line goes on as it was where the move is the one played before
  ++now_;
  for (const std::string& line : events_.lines(before, move.position, mover)) out_ << line << "\n";
}

void PlaySession::settle() {
  // The user always moves next, so the computer moves at most once.
  if (!users_turn(now_) && !current().game_over()) {
    const QueryResult& r = current();
    const MoveResult m = r.moves[chooser_.choose(r)];
    play(m, "computer (" + side_name(now_) + ") plays");
  }
  show();
}

void PlaySession::show() {
  const QueryResult& r = current();
  out_ << "\n" << draw_board(r.position, shape_, paint_);
  out_ << piece_counts(r.position) << "\n";
  const std::string who = user_side_ ? (users_turn(now_) ? " (you)" : " (computer)") : "";
  out_ << paint_.bold(side_name(now_)) << " to move" << who << "   value: " << paint_.value(describe(r.value), r.value)
       << "\n";
  if (!r.rule_note.empty()) out_ << "no-repetition rule: " << r.rule_note << "\n";
  if (r.moves.empty())
    out_ << "game over: " << events_.end_reason(now_ == 0 ? "" : history_[now_ - 1], history_[now_]) << "\n";
  else if (!r.no_legal_move.empty())
    out_ << "game over: " << side_name(now_) << " to move: " << r.no_legal_move << " (the no-repetition rule)\n";
  if (r.searched) out_ << proof_line(r) << "\n";
  const auto seen = std::count(history_.begin(), history_.begin() + static_cast<std::ptrdiff_t>(now_), history_[now_]);
  if (seen > 0) out_ << "this position has occurred before: play that goes round a cycle forever is a draw\n";
  show_moves(r);
}

void PlaySession::show_moves(const QueryResult& r) {
  if (r.game_over()) return;
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
  for (const MoveResult& m : r.moves)
    if (!m.forbidden.empty()) out_ << "  forbidden: " << m.move << " " << m.forbidden << "\n";
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
  out_ << "took back " << plural(now_ - ply, "move") << "\n";
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
  out_ << "replayed " << plural(ply - now_, "move") << "\n";
  now_ = ply;
  settle();
}

void PlaySession::flip() {
  // The computer takes the side the user had; a user who played both sides
  // hands it the side to move.
  if (user_side_) user_side_ = *user_side_ == letters_[0] ? letters_[1] : letters_[0];
  else user_side_ = letters_[(now_ + 1) % 2];
  const char computer = *user_side_ == letters_[0] ? letters_[1] : letters_[0];
  out_ << "you play " << events_.side_name(*user_side_) << ", the computer plays " << events_.side_name(computer)
       << "\n";
  settle();
}

PlaySession::Judged PlaySession::judged(std::size_t ply) {
  if (!judged_[ply]) {
    const QueryResult r = query_at(ply);
    const auto it =
        std::find_if(r.moves.begin(), r.moves.end(), [&](const MoveResult& m) { return m.move == line_.moves[ply]; });
    judged_[ply] = Judged{value_to_keep(r), it == r.moves.end() ? ValueBounds{} : it->value};
  }
  return *judged_[ply];
}

void PlaySession::print_record() {
  out_ << "record: " << plural(now_, "move") << " from " << history_[0] << "\n";
  for (std::size_t ply = 0; ply < now_; ++ply) {
    const Judged j = judged(ply);
    const std::string mark = quality_mark(judge(j.before, j.move));
    out_ << (ply < 9    ? "   "
             : ply < 99 ? "  "
                        : " ")
         << ply + 1 << ". " << side_name(ply) << " " << line_.moves[ply] << "  "
         << paint_.value(describe(j.move), j.move) << (mark.empty() ? "" : "  " + mark)
         << (mark.empty() ? "" : " (the position was " + describe(j.before) + ")") << "\n";
  }
  if (now_ + 1 < history_.size()) out_ << "   (" << plural(history_.size() - 1 - now_, "move") << " to redo)\n";
  if (const std::size_t kept = line_.variations_within(now_).size(); kept > 0)
    out_ << "   (" << plural(kept, "variation") << ", in parentheses below: variations lists them)\n";
  out_ << "as one line: " << record_text(record_so_far()) << "\n";
}

GameRecord PlaySession::record_so_far() const {
  return {session_.game(), session_.variant(), history_[0],
          std::vector<std::string>(line_.moves.begin(), line_.moves.begin() + static_cast<std::ptrdiff_t>(now_)),
          line_.variations_within(now_)};
}

void PlaySession::list_variations() {
  if (line_.variations.empty()) {
    out_ << "no variations: after undo, a move other than the one played before keeps the old moves as one\n";
    return;
  }
  out_ << "variations (variation N takes one up):\n";
  for (std::size_t i = 0; i < line_.variations.size(); ++i) {
    const RecordBranch& v = line_.variations[i];
    std::string moves;
    for (std::size_t k = 0; k < v.moves.size() && k < 8; ++k) moves += " " + v.moves[k];
    if (v.moves.size() > 8) moves += " ...";
    out_ << "  " << i + 1 << ". move " << v.at + 1 << ", " << side_name(v.at) << " " << v.moves.front()
         << " instead of " << line_.moves[v.at] << ":" << moves << "  (" << variation_size(v) << ")\n";
  }
}

void PlaySession::take_up_variation(const std::string& number) {
  std::size_t n = 0;
  if (number.empty() || number.size() > 6 || number.find_first_not_of("0123456789") != std::string::npos ||
      (n = std::stoul(number)) == 0 || n > line_.variations.size()) {
    out_ << "variation takes the number of one that `variations` lists";
    if (line_.variations.empty()) out_ << ", and this game has none";
    else out_ << ", 1 to " << line_.variations.size();
    out_ << "\n";
    return;
  }
  replay_from(line_.take_up(n - 1));
  now_ = line_.moves.size();
  out_ << "variation " << n << " is the game's line now, played to its end (" << plural(now_, "move")
       << "); the moves it replaced are a variation\n";
  settle();
}

void PlaySession::save(const std::string& file) {
  std::string why;
  write_regular_file(file, record_text(record_so_far()) + "\n", why);
  if (why == "not a regular file") {
    out_ << "could not write '" << file << "': " << why << "\n";
    return;
  }
  if (!why.empty()) {
    out_ << "could not write '" << file << "'\n";
    return;
  }
  out_ << "saved " << plural(now_, "move") << " to " << file << "\n";
}

void PlaySession::load(const std::string& file) {
  std::string why;
  std::istringstream f(regular_file_text(file, std::size_t{1} << 20, why));
  if (!why.empty()) {  // "No such file or directory", "not a regular file", ...
    out_ << "could not read '" << file << "': " << why << "\n";
    return;
  }
  std::string line, text;
  while (text.empty() && std::getline(f, line)) text = trimmed(line);
  GameRecord record;
  std::string first;
  std::vector<std::string> positions;
  try {
    record = parse_record(text);
    if (!record.game.empty() &&
        (lower_case(record.game) != session_.game() || lower_case(record.variant) != lower_case(session_.variant())))
      throw std::invalid_argument("it is a game of " + record.game + " (" + record.variant + ")");
    first = session_.normalise(record.first);
    const std::vector<std::string> path = checked_line({first}, record.moves);
    check_variations(path, 0, record.variations);
  } catch (const std::invalid_argument& e) {
    out_ << "'" << file << "' holds no game of " << session_.game() << ": " << e.what() << " (the game goes on)\n";
    return;
  }
  replace_game(first, record);
  out_ << "loaded " << plural(record.moves.size(), "move");
  if (!record.variations.empty()) out_ << " and their variations";
  out_ << " from " << file << "\n";
  settle();
}

void PlaySession::restart(const std::string& position) {
  std::string first;
  try {
    first = session_.normalise(position);
  } catch (const std::invalid_argument& e) {
    out_ << "no new game: " << e.what() << "\n";
    return;
  }
  replace_game(first, GameRecord{});
  out_ << "new game from " << first << "\n";
  settle();
}

void PlaySession::replace_game(const std::string& first, const GameRecord& record) {
  history_ = {first};
  line_ = {record.moves, record.variations};
  replay_from(0);
  now_ = line_.moves.size();
  read_sides();
}

void PlaySession::replay_from(std::size_t ply) {
  history_.resize(ply + 1);
  judged_.resize(ply);
  for (std::size_t i = ply; i < line_.moves.size(); ++i) {
    history_.push_back(session_.play(history_.back(), {line_.moves[i]}));
    judged_.emplace_back();
  }
  result_.reset();
}

std::vector<std::string> PlaySession::checked_line(std::vector<std::string> path,
                                                   const std::vector<std::string>& moves) const {
  std::map<std::string, std::size_t> seen;  // for the no-repetition rule
  for (std::size_t i = 0; i < path.size(); ++i) seen.emplace(path[i], i);
  for (const std::string& move : moves) {
    const std::string number = std::to_string(path.size());
    try {
      path.push_back(session_.play(path.back(), {move}));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("move " + number + ": " + e.what());
    }
    const auto [where, fresh] = seen.emplace(path.back(), path.size() - 1);
    if (rule_ && !fresh)
      throw std::invalid_argument("move " + number + " (" + move + ") repeats " + occurred_where(where->second) +
                                  ", which the no-repetition rule forbids (rtb play --no-repetition-rule loads it)");
  }
  return path;
}

void PlaySession::check_variations(const std::vector<std::string>& path, std::size_t start,
                                   const std::vector<RecordBranch>& variations) const {
  for (const RecordBranch& v : variations) {
    const std::vector<std::string> before(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(start + v.at + 1));
    std::vector<std::string> line;
    try {
      line = checked_line(before, v.moves);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(std::string("in the variation of move ") + std::to_string(start + v.at + 1) + ", " +
                                  e.what());
    }
    check_variations(line, start + v.at, v.variations);
  }
}

void PlaySession::help() {
  out_ << "type a move as the list shows it (rules says how this game writes its moves), or a command:\n"
          "  hint       the move the computer would play for you, with its value\n"
          "  undo       take back your last move and the computer's reply\n"
          "  redo       play again what undo took back\n"
          "  flip       swap sides with the computer\n"
          "  record     the moves so far with their values, ?"
          "? after a mistake and ? after an inaccuracy\n"
          "             (also: moves), and the game as one line\n"
          "  variations the lines kept when, after undo, you played another move than before\n"
          "  variation N  take up variation N again (the moves it replaces become a variation)\n"
          "  save FILE  write the game as one line: its first position, \" | \", the moves, each\n"
          "             variation in parentheses after the move it replaces\n"
          "  load FILE  play on from a game that save (or the explorer's export) wrote\n"
          "  new [P]    a new game from the first position, or from position text P\n"
          "  position   print the position text (for rtb query, rtb play --position)\n"
          "  rules      the rules of the game and variant played, and how its moves are written\n"
          "             (also: help rules)\n"
          "  help       this list\n"
          "  quit       leave (so does the end of the input)\n"
          "values are for the side to move; distances count plies (half-moves) to the end of the game.\n"
          "a mistake (?"
          "?) turns a win into a draw or loss, or a draw into a loss; an inaccuracy (?) makes\n"
          "a win longer or a loss shorter. the computer plays the shortest win, the longest loss, or a\n"
          "draw, chosen at random among equal moves (--seed repeats a game; --strength below 100 makes\n"
          "it play a weaker move now and then).\n";
}

// Each "Topic: text" line of the game's rules folded for the terminal, the
// further lines of a topic indented under its text.
void PlaySession::rules() {
  out_ << "rules of " << session_.game() << " (" << session_.variant() << "):\n";
  std::istringstream lines(session_.rules());
  for (std::string line; std::getline(lines, line);) {
    const std::size_t colon = line.find(": ");
    if (colon == std::string::npos) out_ << folded_text("  ", line, 4);
    else out_ << folded_text("  " + line.substr(0, colon + 2), line.substr(colon + 2), 4);
  }
}

}  // namespace rtb::cli
