#pragma once
// Names a user types (games, variants, commands, options, header fields) are
// matched without case, byte by byte: in the C locale (the program's) and the
// UTF-8 ones (Python sets its user's) only ASCII letters change, so a UTF-8
// name stays valid.
#include <cctype>
#include <string>
#include <string_view>

namespace rtb {

inline char lower_case(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

inline std::string lower_case(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = lower_case(c);
  return out;
}

}  // namespace rtb
