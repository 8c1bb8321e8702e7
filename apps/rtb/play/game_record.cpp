#include "apps/rtb/play/game_record.hpp"

#include <stdexcept>

namespace rtb::cli {

namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

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
  for (const std::string& m : record.moves) line += " " + m;
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
  std::string move;
  for (const char c : fields[1] + " ") {
    if (blank(c)) {
      if (!move.empty()) record.moves.push_back(move);
      move.clear();
    } else {
      move += c;
    }
  }
  return record;
}

}  // namespace rtb::cli
