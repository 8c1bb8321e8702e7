// The explorer page in a real browser (headless Chromium), served by
// `rtb serve` from generated tablebases: the page's script runs, asks the API
// and lists the moves with their values; its board draws Bagh-Chal's lines
// and the Morris boards' points and links, with one target for the Morris
// moves that differ only by the stone they remove; and screenshots of four
// games at a laptop and a phone width are saved in the build folder
// (explorer_screenshots/) for people to look at.
// Skipped, with a message, only where Chromium is not installed.
#include <httplib.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "tests/support/rtb_process.hpp"

#ifndef RTB_SCREENSHOT_DIR
#error "RTB_SCREENSHOT_DIR (where the screenshots go) must be defined by the build"
#endif

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

const char* const kChromium = "/usr/bin/chromium";

// How often `part` occurs in `text`.
std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

class ExplorerBrowser : public ::testing::Test {
 protected:
  void SetUp() override {
    if (::access(kChromium, X_OK) != 0)
      GTEST_SKIP() << kChromium << " is not installed (scripts/setup.sh installs it): the browser test did not run";
    dir_ = rtb_test::tablebase_dir().string();
    server_ = std::make_unique<rtb_test::Server>(std::vector<std::string>{"--dir", dir_});
    ASSERT_GT(server_->port(), 0) << server_->first_line() << server_->stderr_text();
  }

  std::string page(const std::string& game, const std::string& variant, const std::string& position) const {
    return httplib::append_query_params(server_->url(), {{"game", game}, {"variant", variant}, {"position", position}});
  }

  // Runs Chromium headless on `url` with `options`; its stdout. Each run has
  // its own profile, so runs can go side by side. The virtual time budget
  // lets the page's script fetch and draw before the page is read.
  static std::string chromium(const std::string& url, const std::vector<std::string>& options) {
    const rtb_test::ScratchDir scratch("chromium");
    const fs::path profile = scratch.path() / "profile", out = scratch.path() / "out";
    std::string command = std::string(kChromium) +
                          " --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run"
                          " --virtual-time-budget=4000 --user-data-dir=" +
                          rtb_test::quoted(profile.string());
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on " " + temporary.
    for (const std::string& o : options) {
      command += ' ';
      command += rtb_test::quoted(o);
    }
    command += ' ';
    command += rtb_test::quoted(url);
    command += " >";
    command += rtb_test::quoted(out.string());
    command += " 2>/dev/null";
    std::system(command.c_str());
    return rtb_test::slurp(out);
  }

  std::string dir_;
  std::unique_ptr<rtb_test::Server> server_;
};

TEST_F(ExplorerBrowser, PangkiStartListsTheFourMovesWithTheirValues) {
  const std::string dom = chromium(page("pangki", "default", "wwww/w..w/b..b/bbbb b"), {"--dump-dom"});
  const rtb_test::Outcome q = rtb_test::run_rtb({"query", "pangki", "start", "--json", "--dir", dir_});
  ASSERT_EQ(q.exit_code, 0) << q.err;
  const json expected = json::parse(q.out);
  // <li data-move="a2b2" data-value="DRAW" ...>, <li data-move="b1b2" data-value="LOSS" data-distance="34" ...>
  const std::regex item(R"re(<li data-move="([a-z0-9]+)" data-value="([A-Z]+)"(?: data-distance="([0-9]+)")?)re");
  std::vector<json> listed;
  for (auto it = std::sregex_iterator(dom.begin(), dom.end(), item); it != std::sregex_iterator(); ++it)
    listed.push_back({(*it)[1].str(), (*it)[2].str(), (*it)[3].matched ? json((*it)[3].str()) : json(nullptr)});
  ASSERT_EQ(listed.size(), 4u) << dom;
  for (std::size_t i = 0; i < 4; ++i) {
    const json& m = expected["moves"][i];
    const json want{m["move"], m["value"],
                    m["distance"].is_null() ? json(nullptr) : json(std::to_string(m["distance"].get<int>()))};
    EXPECT_EQ(listed[i], want) << "move " << i;
  }
  // Each shows its value in words, and the position's value is shown.
  EXPECT_NE(dom.find(R"(<span class="move">b1b2</span><span class="val">LOSS 34</span>)"), std::string::npos) << dom;
  EXPECT_NE(dom.find(R"(<div id="value" class="value draw">DRAW</div>)"), std::string::npos) << dom;
  EXPECT_NE(dom.find("black to move"), std::string::npos);
}

TEST_F(ExplorerBrowser, BaghChalBoardDrawsTheAlquerqueLinesAndPieces) {
  const std::string dom = chromium(page("bagh-chal", "3x3", "T.T/G../T.T t 3"), {"--dump-dom"});
  const auto count = [&](const std::string& part) { return occurrences(dom, part); };
  EXPECT_EQ(count(R"(class="pt-line")"), 16u) << dom;  // 12 orthogonal, 4 diagonal
  EXPECT_EQ(count(R"(class="piece piece-T")"), 4u);
  EXPECT_EQ(count(R"(class="piece piece-G")"), 1u);
  EXPECT_NE(dom.find("in hand 3"), std::string::npos);
  EXPECT_NE(dom.find(R"(<div id="value" class="value win">WIN in 7</div>)"), std::string::npos) << dom;
}

TEST_F(ExplorerBrowser, NineMensMorrisDrawsItsTwentyFourPointsWithoutTablebases) {
  // No tablebase covers the position: the page says so and still draws the
  // board, only the points the text writes, and both hands.
  const std::string dom = chromium(page("morris", "nine", ".w./.../.../....../.../.../... b 8 9"), {"--dump-dom"});
  EXPECT_EQ(occurrences(dom, R"(class="pt-dot")"), 24u) << dom;
  EXPECT_EQ(occurrences(dom, R"(class="pt-line")"), 32u);
  EXPECT_EQ(occurrences(dom, R"(data-square=")"), 24u);  // a point takes clicks, a cell between points none
  EXPECT_NE(dom.find("in hand: white 9, black 9"), std::string::npos) << dom;  // the start, after the error
  EXPECT_NE(dom.find("generate it with:"), std::string::npos);
}

TEST_F(ExplorerBrowser, SixMensMorrisAsksForTheRemovalOfAMoveThatClosesAMill) {
  const rtb_test::ScratchDir tables("morris-six");
  const rtb_test::Outcome made =
      rtb_test::run_rtb({"generate", "morris", "--variant", "six", "-q", "--threads", "1", "--dir", tables.string()});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const rtb_test::Server server({"--dir", tables.string()});
  ASSERT_GT(server.port(), 0) << server.first_line() << server.stderr_text();
  const std::string url = httplib::append_query_params(
      server.url(), {{"game", "morris"}, {"variant", "six"}, {"position", "b.b/.../..../.../ww. w 4 4"}});
  const std::string dom = chromium(url, {"--dump-dom"});
  EXPECT_EQ(occurrences(dom, R"(class="pt-dot")"), 16u) << dom;
  EXPECT_EQ(occurrences(dom, R"(class="piece piece-w")"), 2u);
  EXPECT_EQ(occurrences(dom, R"(class="piece piece-b")"), 2u);
  // e1 closes the mill a1 c1 e1: one target for the two moves (e1xa5,
  // e1xe5) that waits for the stone to remove; every other empty point a
  // placement played at once.
  EXPECT_EQ(occurrences(dom, R"(data-stem="e1")"), 1u) << dom;
  EXPECT_EQ(occurrences(dom, R"(<g class="target )"), 12u);
  EXPECT_NE(dom.find(R"(<li data-move="e1xa5")"), std::string::npos);
  EXPECT_NE(dom.find("in hand: white 4, black 4 · captured: white 0, black 0"), std::string::npos) << dom;
}

// The width of a PNG, from its IHDR chunk; 0 if it is not a PNG.
unsigned png_width(const std::string& bytes) {
  if (bytes.size() < 24 || bytes.compare(1, 3, "PNG") != 0) return 0;
  unsigned width = 0;
  for (int i = 16; i < 20; ++i) width = width << 8 | static_cast<unsigned char>(bytes[i]);
  return width;
}

TEST_F(ExplorerBrowser, ScreenshotsOfFourGamesAtLaptopAndPhoneWidths) {
  struct Shot {
    std::string name, game, variant, position;
  };
  const std::vector<Shot> shots{
      {"pangki", "pangki", "default", "wwww/w..w/b..b/bbbb b"},
      {"cinc-camins", "cinc-camins", "default", "..w../...../.bb../...w./b.... b"},
      {"bagh-chal-3x3", "bagh-chal", "3x3", "T.T/G../T.T t 3"},
      {"morris-nine", "morris", "nine", ".w./.../.../....../.../.../... b 8 9"},
  };
  const fs::path folder = RTB_SCREENSHOT_DIR;
  fs::create_directories(folder);
  std::vector<std::pair<fs::path, unsigned>> made;
  std::vector<std::thread> runs;
  for (const Shot& s : shots) {
    for (const auto& [suffix, width, height] : {std::tuple{"desktop", 1280u, 800u}, std::tuple{"phone", 390u, 844u}}) {
      const fs::path file = folder / (s.name + "-" + suffix + ".png");
      fs::remove(file);
      made.emplace_back(file, width);
      const std::string url = page(s.game, s.variant, s.position);
      const std::vector<std::string> options{"--screenshot=" + file.string(),
                                             "--window-size=" + std::to_string(width) + "," + std::to_string(height)};
      runs.emplace_back([url, options] { chromium(url, options); });
      if (runs.size() == 2) {  // two at a time: the machine has two cores
        for (std::thread& t : runs) t.join();
        runs.clear();
      }
    }
  }
  for (std::thread& t : runs) t.join();
  for (const auto& [file, width] : made) {
    SCOPED_TRACE(file.string());
    const std::string bytes = rtb_test::slurp(file);
    EXPECT_GT(bytes.size(), 10'000u) << "no screenshot, or a blank one";
    EXPECT_EQ(png_width(bytes), width);
  }
  std::cout << "screenshots in " << folder.string() << "\n";
}

}  // namespace
