#pragma once
// What `rtb serve` refuses before a request reaches the API, and what it
// keeps out of its answers (issue 28). rtb serve is a local, single-user tool:
// the threat is not its user but the web pages the user opens, which can make
// the browser send requests to 127.0.0.1.
//
// - Host: a DNS-rebinding page (evil.example resolving to 127.0.0.1) can read
//   the answers, since to the browser they come from its own site. Its
//   requests carry Host: evil.example. Only the names the server was started
//   for are answered: localhost, 127.0.0.1 and the --bind address, with the
//   port; for a --bind to every address (0.0.0.0, ::), any address written as
//   an IP, never a name that DNS could point elsewhere.
// - Cross-site requests: any page can make the browser GET /api/query (a
//   drive-by way to start searches). Browsers mark such requests with
//   Origin and Sec-Fetch-Site; an API request from another site is refused.
// - Paths: error messages name files under the tablebase directory, and the
//   directory, the working directory and the home directory are replaced by
//   a placeholder, so that no answer tells a page where the user's files are.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "text/lower_case.hpp"

namespace rtb::cli {

class HostCheck {
 public:
  // After the bind: the address as given to --bind and the port bound.
  void allow(const std::string& bound, int port) {
    port_ = port;
    any_address_ = bound == "0.0.0.0" || bound == "::" || bound == "[::]";
    const std::string suffix = ":" + std::to_string(port);
    for (std::string name : {std::string("localhost"), std::string("127.0.0.1"), bound}) {
      name = lower_case(name);
      if (name.find(':') != std::string::npos && name.front() != '[') name = "[" + name + "]";
      hosts_.insert(name + suffix);
      if (port == 80) hosts_.insert(name);
    }
  }

  // Whether a request with this Host header is one for this server.
  bool host_allowed(const std::string& host_header) const {
    const std::string host = lower_case(host_header);
    if (hosts_.count(host)) return true;
    return any_address_ && is_ip_literal_with_port(host);
  }

  // Whether an API request with these headers comes from a page of this
  // server (or from no page: curl, a script). `origin` and `fetch_site` are
  // the Origin and Sec-Fetch-Site headers, "" when absent.
  bool same_origin(const std::string& origin, const std::string& fetch_site, const std::string& host_header) const {
    if (!fetch_site.empty() && fetch_site != "same-origin" && fetch_site != "none") return false;
    if (origin.empty()) return true;
    return lower_case(origin) == "http://" + lower_case(host_header);
  }

  std::string allowed_text() const {
    return "localhost:" + std::to_string(port_) + ", 127.0.0.1:" + std::to_string(port_) +
           (any_address_ ? " or an IP address of this machine" : " or the --bind address");
  }

 private:
  // "192.168.1.5:8080" or "[fe80::1]:8080" with this server's port.
  bool is_ip_literal_with_port(const std::string& host) const {
    const std::string suffix = ":" + std::to_string(port_);
    if (host.size() <= suffix.size() || host.compare(host.size() - suffix.size(), suffix.size(), suffix) != 0)
      return false;
    const std::string name = host.substr(0, host.size() - suffix.size());
    if (name.size() > 2 && name.front() == '[' && name.back() == ']')
      return name.find_first_not_of("0123456789abcdef:.", 1) == name.size() - 1;
    int dots = 0;
    for (const char c : name) {
      if (c == '.') ++dots;
      else if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    }
    return dots == 3;
  }

  int port_ = 0;
  bool any_address_ = false;
  std::set<std::string> hosts_;
};

// Replaces the directories a message may name by placeholders: the
// tablebase directory by "<dir>" (the --dir rtb serve was started with,
// absolute or relative, as given and normalised), then the working
// directory by "." and the home directory by "~".
class PathScrubber {
 public:
  explicit PathScrubber(const std::vector<std::filesystem::path>& tablebase_dirs) {
    std::error_code error;
    const auto add_text = [&](std::string text, const std::string& placeholder, bool relative) {
      // "." is left as it is: it is how the working directory is written.
      if (text.empty() || text == "." || (text.front() == '/') == relative || (!relative && text.size() < 2)) return;
      replacements_.emplace_back(std::move(text), placeholder);
    };
    const auto add = [&](const std::filesystem::path& p, const std::string& placeholder) {
      std::string text = p.lexically_normal().string();
      while (text.size() > 1 && text.back() == '/') text.pop_back();
      add_text(text, placeholder, false);
    };
    for (const std::filesystem::path& tablebase_dir : tablebase_dirs) {
      // A relative directory (issue 53, item 4): as written, which is how
      // a command line shows it ("--dir tb/"), without its last slashes
      // (a file's path), and normalised ("./tb" written "tb").
      std::string given = tablebase_dir.string();
      add_text(given, "<dir>", true);
      while (given.size() > 1 && given.back() == '/') given.pop_back();
      add_text(given, "<dir>", true);
      std::string normal = tablebase_dir.lexically_normal().string();
      while (normal.size() > 1 && normal.back() == '/') normal.pop_back();
      add_text(normal, "<dir>", true);
      add(tablebase_dir, "<dir>");
      add(std::filesystem::absolute(tablebase_dir, error), "<dir>");
      if (const auto canonical = std::filesystem::weakly_canonical(tablebase_dir, error); !error)
        add(canonical, "<dir>");
    }
    if (const auto cwd = std::filesystem::current_path(error); !error) add(cwd, ".");
    if (const char* home = std::getenv("HOME")) add(home, "~");
    // Longest first, so that a directory inside another is replaced whole.
    std::stable_sort(replacements_.begin(), replacements_.end(),
                     [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  }

  std::string operator()(std::string text) const {
    // A character that may be part of a relative path's first component.
    const auto in_a_name = [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("._-/~").find(c) != std::string_view::npos;
    };
    for (const auto& [path, placeholder] : replacements_) {
      for (std::size_t at = text.find(path); at != std::string::npos;) {
        const std::size_t end = at + path.size();
        // Whole path components only: "/home/a" is not replaced in "/home/ab",
        // nor "tb" in "x/tb" or "stb".
        const bool starts = path.front() == '/' || at == 0 || !in_a_name(text[at - 1]);
        if (!starts || (end < text.size() && std::string_view("/ ;:'\"),").find(text[end]) == std::string_view::npos)) {
          at = text.find(path, end);
          continue;
        }
        text.replace(at, path.size(), placeholder);
        at = text.find(path, at + placeholder.size());
      }
    }
    return text;
  }

 private:
  std::vector<std::pair<std::string, std::string>> replacements_;
};

}  // namespace rtb::cli
