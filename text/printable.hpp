#pragma once
// Text a user typed, made safe to show back in a message.
//
// A message that echoes its input verbatim breaks on the input it most needs
// to explain: a stray byte that is not UTF-8 made JSON output throw (so a
// --batch stopped at that line) and Python raise UnicodeDecodeError, and a
// 10 MB bad line came back twice in its own error (issue 28, item 7 and 13).
// So echoes go through here: valid UTF-8 stays as it is, any other byte and
// every control character is written \xNN, and a long text is cut with a
// count of what was left out.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace rtb {

namespace printable_detail {

// Length of the valid UTF-8 sequence that starts text[i], or 0 if none does
// (overlong forms, surrogates and code points past U+10FFFF are not valid).
inline std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) return 1;
  std::size_t length;
  std::uint32_t code;
  if ((b0 & 0xE0) == 0xC0) length = 2, code = b0 & 0x1F;
  else if ((b0 & 0xF0) == 0xE0) length = 3, code = b0 & 0x0F;
  else if ((b0 & 0xF8) == 0xF0) length = 4, code = b0 & 0x07;
  else return 0;
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3F);
  }
  constexpr std::uint32_t kSmallest[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kSmallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return length;
}

inline void append_escaped_byte(std::string& out, unsigned char b) {
  constexpr char kHex[] = "0123456789abcdef";
  out += "\\x";
  out += kHex[b >> 4];
  out += kHex[b & 0xF];
}

}  // namespace printable_detail

// At most this many bytes of an input are echoed in a message by default:
// enough for any position text of any game (the longest, 8x8 seed
// Crossings, is 129) with room to spare.
inline constexpr std::size_t kEchoLimit = 200;

// `text` as valid, printable UTF-8 of at most about `limit` bytes of the
// input; what is cut is counted ("... (12345 more bytes)").
inline std::string printable(std::string_view text, std::size_t limit = std::string_view::npos) {
  using namespace printable_detail;
  std::string out;
  std::size_t i = 0;
  while (i < text.size() && i < limit) {
    const unsigned char b = static_cast<unsigned char>(text[i]);
    const std::size_t length = utf8_length(text, i);
    if (length == 0 || b < 0x20 || b == 0x7F) {
      append_escaped_byte(out, b);
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  if (i < text.size()) out += "... (" + std::to_string(text.size() - i) + " more bytes)";
  return out;
}

// The input as a message quotes it: printable and cut to kEchoLimit.
// Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "'" + temporary.
inline std::string quoted_input(std::string_view text) {
  std::string quoted = "'";
  quoted += printable(text, kEchoLimit);
  quoted += '\'';
  return quoted;
}

}  // namespace rtb
