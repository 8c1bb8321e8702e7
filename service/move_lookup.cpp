#include "service/move_lookup.hpp"

#include <algorithm>

namespace rtb {

namespace {

// Move texts are ASCII; a typed move in capitals (C5, A4A1) names the same
// move, as a square's name does on a board.
std::string lower_ascii(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
  return out;
}

std::string_view trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r\n") + 1 - first);
}

}  // namespace

std::string either_of(const std::vector<std::string>& texts) {
  std::string out;
  for (std::size_t i = 0; i < texts.size(); ++i)
    out += (i == 0 ? "" : i + 1 == texts.size() ? " or " : ", ") + texts[i];
  return out;
}

MoveLookup look_up_move(const std::vector<std::string>& legal, std::string_view typed,
                        const std::function<std::string(std::string_view, const std::vector<std::string>&)>& reason) {
  MoveLookup lookup;
  const std::string text = lower_ascii(trimmed(typed));
  if (text.empty()) return lookup;
  std::vector<std::string> longer;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const std::string move = lower_ascii(legal[i]);
    if (move == text) {
      lookup.index = i;
      return lookup;
    }
    if (move.size() > text.size() && move.compare(0, text.size(), text) == 0) longer.push_back(legal[i]);
  }
  if (!longer.empty()) lookup.short_of_move = text + " " + reason(text, longer) + ": " + either_of(longer);
  return lookup;
}

}  // namespace rtb
