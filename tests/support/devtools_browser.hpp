#pragma once
// Headless Chromium driven over its DevTools protocol, for the tests of the
// explorer page that need what a person's hand does: a real mouse press and
// release, a real tap. Events dispatched from the page's own script (a
// synthetic `click`) skip what the browser does between a press and a
// release (focus, the click's target taken from both ends), and so missed
// that the first click on the board was lost (issue 52).
//
// The protocol goes over a pipe (--remote-debugging-pipe: Chromium reads
// commands on its fd 3 and writes answers and events on its fd 4, each a JSON
// message ended by a NUL byte), so no WebSocket is needed. One page, attached
// in the flat session mode: every command after the attach carries its
// sessionId.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/scratch_dir.hpp"

extern char** environ;

namespace rtb_test {

class DevToolsBrowser {
 public:
  using json = nlohmann::json;

  // A page of `width` x `height` CSS pixels; `phone`: a mobile viewport
  // that takes touch.
  DevToolsBrowser(const std::string& chromium, int width, int height, bool phone) {
    int to_browser[2], from_browser[2];
    // Close-on-exec: other browsers a test starts must not hold these ends
    // (dup2 clears the flag on the child's fds 3 and 4).
    if (::pipe2(to_browser, O_CLOEXEC) != 0 || ::pipe2(from_browser, O_CLOEXEC) != 0)
      throw std::runtime_error("pipe failed");
    ::signal(SIGPIPE, SIG_IGN);  // a browser gone is an error thrown, not the test killed
    const std::string profile = "--user-data-dir=" + (scratch_.path() / "profile").string();
    std::vector<std::string> args{chromium,
                                  "--headless",
                                  "--no-sandbox",
                                  "--disable-gpu",
                                  "--hide-scrollbars",
                                  "--no-first-run",
                                  "--remote-debugging-pipe",
                                  profile,
                                  "about:blank"};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // The child's fds 3 and 4 are the pipe's ends; the parent's ends close.
    posix_spawn_file_actions_adddup2(&actions, to_browser[0], 3);
    posix_spawn_file_actions_adddup2(&actions, from_browser[1], 4);
    posix_spawn_file_actions_addclose(&actions, to_browser[1]);
    posix_spawn_file_actions_addclose(&actions, from_browser[0]);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    const int spawned = posix_spawn(&pid_, chromium.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(to_browser[0]);
    ::close(from_browser[1]);
    write_fd_ = to_browser[1];
    read_fd_ = from_browser[0];
    if (spawned != 0) throw std::runtime_error("cannot start " + chromium);
    const json target = command("Target.createTarget", {{"url", "about:blank"}}, false);
    session_ =
        command("Target.attachToTarget", {{"targetId", target["targetId"]}, {"flatten", true}}, false)["sessionId"];
    command("Emulation.setDeviceMetricsOverride",
            {{"width", width}, {"height", height}, {"deviceScaleFactor", 1}, {"mobile", phone}});
    if (phone) command("Emulation.setTouchEmulationEnabled", {{"enabled", true}, {"maxTouchPoints", 1}});
  }
  ~DevToolsBrowser() {
    if (write_fd_ >= 0) ::close(write_fd_);
    if (read_fd_ >= 0) ::close(read_fd_);
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  DevToolsBrowser(const DevToolsBrowser&) = delete;
  DevToolsBrowser& operator=(const DevToolsBrowser&) = delete;

  // Sends a command and waits (at most 30 s) for its answer; its result.
  // Events that come meanwhile are dropped: the tests read the page's state.
  json command(const std::string& method, const json& params = json::object(), bool in_page = true) {
    const int id = ++last_id_;
    json message{{"id", id}, {"method", method}, {"params", params}};
    if (in_page) message["sessionId"] = session_;
    const std::string text = message.dump() + std::string(1, '\0');
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t n = ::write(write_fd_, text.data() + done, text.size() - done);
      if (n <= 0) throw std::runtime_error("the browser's pipe closed");
      done += static_cast<std::size_t>(n);
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    for (;;) {
      const json answer = json::parse(next_message(deadline));
      if (!answer.contains("id") || answer["id"] != id) continue;
      if (answer.contains("error")) throw std::runtime_error(method + ": " + answer["error"].dump());
      return answer["result"];
    }
  }

  void open(const std::string& url) { command("Page.navigate", {{"url", url}}); }

  // The value of a JavaScript expression in the page (a promise's, once settled).
  json eval(const std::string& expression) {
    const json r =
        command("Runtime.evaluate", {{"expression", expression}, {"returnByValue", true}, {"awaitPromise", true}});
    if (r.contains("exceptionDetails")) throw std::runtime_error(expression + ": " + r["exceptionDetails"].dump());
    return r["result"].contains("value") ? r["result"]["value"] : json(nullptr);
  }

  // Waits until `condition` (an expression) is true in the page; whether it
  // became true within `ms`. An expression that throws counts as false.
  bool wait_for(const std::string& condition, int ms = 8000) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    const std::string guarded = "(() => { try { return !!(" + condition + "); } catch (e) { return false; } })()";
    while (std::chrono::steady_clock::now() < deadline) {
      if (eval(guarded) == true) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }

  // The middle of the first element `selector` finds, in the viewport's
  // coordinates; throws when there is none.
  std::pair<double, double> centre_of(const std::string& selector) {
    const json p = eval("(() => { const e = document.querySelector(" + json(selector).dump() +
                        "); if (!e) return null; const r = e.getBoundingClientRect();"
                        " return [r.left + r.width / 2, r.top + r.height / 2]; })()");
    if (p.is_null()) throw std::runtime_error("nothing on the page matches " + selector);
    return {p[0].get<double>(), p[1].get<double>()};
  }

  // A left click as a mouse makes it: the pointer moves there, the button
  // goes down, then up.
  void click(double x, double y) {
    command("Input.dispatchMouseEvent", {{"type", "mouseMoved"}, {"x", x}, {"y", y}});
    for (const char* type : {"mousePressed", "mouseReleased"})
      command("Input.dispatchMouseEvent",
              {{"type", type}, {"x", x}, {"y", y}, {"button", "left"}, {"buttons", 1}, {"clickCount", 1}});
  }
  void click(const std::string& selector) {
    const auto [x, y] = centre_of(selector);
    click(x, y);
  }

  // A key pressed and let go, to the element with the focus: its DOM name
  // ("ArrowDown") and its Windows key code (40), which Chromium needs to act
  // on it (a select changes its choice).
  void key(const std::string& name, int code) {
    for (const char* type : {"keyDown", "keyUp"})
      command("Input.dispatchKeyEvent", {{"type", type},
                                         {"key", name},
                                         {"code", name},
                                         {"windowsVirtualKeyCode", code},
                                         {"nativeVirtualKeyCode", code}});
  }

  // Text typed into the element with the focus, as a keyboard or an input
  // method enters it (input events fire).
  void type_text(const std::string& text) { command("Input.insertText", {{"text", text}}); }
  // Ctrl+A in the element with the focus: its text selected, to be typed over.
  void select_all() {
    for (const char* type : {"keyDown", "keyUp"})
      command("Input.dispatchKeyEvent", {{"type", type},
                                         {"key", "a"},
                                         {"code", "KeyA"},
                                         {"modifiers", 2},
                                         {"windowsVirtualKeyCode", 65},
                                         {"commands", json::array({"selectAll"})}});
  }

  // A tap of one finger: touch start and end at one point.
  void tap(double x, double y) {
    command("Input.dispatchTouchEvent", {{"type", "touchStart"}, {"touchPoints", json::array({{{"x", x}, {"y", y}}})}});
    command("Input.dispatchTouchEvent", {{"type", "touchEnd"}, {"touchPoints", json::array()}});
  }
  void tap(const std::string& selector) {
    const auto [x, y] = centre_of(selector);
    tap(x, y);
  }

  // The viewport as the page shows it, saved as a PNG file at `path`.
  void screenshot(const std::string& path) {
    const std::string png = from_base64(command("Page.captureScreenshot", {{"format", "png"}})["data"]);
    std::ofstream(path, std::ios::binary).write(png.data(), static_cast<std::streamsize>(png.size()));
  }

 private:
  // The bytes of base64 text (DevTools sends binary data so).
  static std::string from_base64(const std::string& text) {
    const std::string digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string bytes;
    unsigned bits = 0;
    int held = 0;
    for (const char c : text) {
      const std::size_t value = digits.find(c);
      if (value == std::string::npos) continue;  // '=' padding
      bits = (bits << 6) | static_cast<unsigned>(value);
      held += 6;
      if (held >= 8) {
        held -= 8;
        bytes += static_cast<char>((bits >> held) & 0xFF);
      }
    }
    return bytes;
  }

  // The next NUL-ended message from the browser.
  std::string next_message(std::chrono::steady_clock::time_point deadline) {
    for (;;) {
      if (const std::size_t end = buffer_.find('\0'); end != std::string::npos) {
        std::string message = buffer_.substr(0, end);
        buffer_.erase(0, end + 1);
        return message;
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) throw std::runtime_error("the browser did not answer in time");
      pollfd p{read_fd_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left)) <= 0) continue;
      char chunk[65536];
      const ssize_t n = ::read(read_fd_, chunk, sizeof chunk);
      if (n <= 0) throw std::runtime_error("the browser closed its pipe");
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

  ScratchDir scratch_{"devtools-browser"};
  pid_t pid_ = -1;
  int write_fd_ = -1, read_fd_ = -1;
  int last_id_ = 0;
  std::string session_;
  std::string buffer_;
};

}  // namespace rtb_test
