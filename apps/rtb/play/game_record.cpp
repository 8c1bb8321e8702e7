#include "apps/rtb/play/game_record.hpp"

#include <stdexcept>

namespace rtb::cli {

namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// " MOVE (VARIATION) MOVE ...": each move, then the variations that replace it.
void append_line(std::string& text, const std::vector<std::string>& moves,
                 const std::vector<RecordBranch>& variations) {
  for (std::size_t i = 0; i < moves.size(); ++i) {
    text += " " + moves[i];
    for (const RecordBranch& v : variations) {
      if (v.at != i) continue;
      text += " (";
      std::string inner;
      append_line(inner, v.moves, v.variations);
      text += inner.substr(1) + ")";
    }
  }
}

// The moves of one line and its variations, from `text` at `pos` up to the
// ')' that closes it (depth > 0) or the end (depth 0).
void read_line(const std::string& text, std::size_t& pos, int depth, std::vector<std::string>& moves,
               std::vector<RecordBranch>& variations) {
  std::string move;
  const auto end_move = [&] {
    if (!move.empty()) moves.push_back(move);
    move.clear();
  };
  for (; pos < text.size(); ++pos) {
    const char c = text[pos];
    if (blank(c)) {
      end_move();
    } else if (c == '(') {
      end_move();
      if (moves.empty())
        throw std::invalid_argument("a variation \"(...)\" follows the move it replaces: no move comes before it");
      RecordBranch branch;
      branch.at = moves.size() - 1;
      ++pos;
      read_line(text, pos, depth + 1, branch.moves, branch.variations);
      if (branch.moves.empty()) throw std::invalid_argument("a variation \"()\" holds no move");
      variations.push_back(std::move(branch));
    } else if (c == ')') {
      if (depth == 0) throw std::invalid_argument("a ')' closes no variation");
      end_move();
      return;
    } else {
      move += c;
    }
  }
  end_move();
  if (depth > 0) throw std::invalid_argument("a variation \"(\" is not closed by its ')'");
}

}  // namespace

std::string trimmed(const std::string& text) {
  std::size_t a = 0, b = text.size();
  while (a < b && blank(text[a])) ++a;
  while (b > a && blank(text[b - 1])) --b;
  return text.substr(a, b - a);
}

std::string record_text(const GameRecord& record) {
  std::string line = record.game.empty() ? "" : record.game + " " + record.variant + " | ";
  line += record.first + " |";
  append_line(line, record.moves, record.variations);
  return line;
}

GameRecord parse_record(const std::string& line) {
  std::vector<std::string> fields;
  for (std::size_t from = 0;;) {
    const std::size_t bar = line.find('|', from);
    fields.push_back(line.substr(from, bar == std::string::npos ? std::string::npos : bar - from));
    if (bar == std::string::npos) break;
    from = bar + 1;
  }
  if (fields.size() > 3)
    throw std::invalid_argument("a game record is \"GAME VARIANT | POSITION | MOVES\": at most two '|'");
  GameRecord record;
  if (fields.size() == 3) {
    const std::string named = trimmed(fields[0]);
    const std::size_t space = named.find(' ');
    if (space == std::string::npos || named.find(' ', space + 1) != std::string::npos)
      throw std::invalid_argument("a game record's first field is the game and its variant (\"pangki default\")");
    record.game = named.substr(0, space);
    record.variant = named.substr(space + 1);
    fields.erase(fields.begin());
  }
  record.first = trimmed(fields[0]);
  if (record.first.empty()) throw std::invalid_argument("a game record starts with a position (\"POSITION | MOVES\")");
  if (fields.size() == 1) return record;
  std::size_t pos = 0;
  read_line(fields[1], pos, 0, record.moves, record.variations);
  return record;
}

}  // namespace rtb::cli
