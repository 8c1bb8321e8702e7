#pragma once
// A paragraph folded at word boundaries for a terminal: how the help's
// columns and `rtb play`'s rules are printed.
#include <cstddef>
#include <sstream>
#include <string>

namespace rtb {

// `first` then the words of `text`, folded into lines of at most `width`
// characters (a longer word has a line to itself), each further line
// indented by `indent` spaces; ends in '\n'.
inline std::string folded_text(const std::string& first, const std::string& text, std::size_t indent,
                               std::size_t width = 100) {
  std::string out = first, word;
  std::size_t line_start = 0;
  std::istringstream words(text);
  bool line_empty = true;
  while (words >> word) {
    if (!line_empty && out.size() - line_start + 1 + word.size() > width) {
      out += '\n';
      line_start = out.size();
      out.append(indent, ' ');
      line_empty = true;
    }
    if (!line_empty) out += ' ';  // appended: GCC 12 warns falsely on + here
    out += word;
    line_empty = false;
  }
  return out + "\n";
}

}  // namespace rtb
