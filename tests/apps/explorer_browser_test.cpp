// The explorer page in a real browser (headless Chromium), served by
// `rtb serve` from generated tablebases: the page's script runs, asks the API
// and lists the moves with their values; its board draws Bagh-Chal's lines
// and the Morris boards' points and links, with one target for the Morris
// moves that differ only by the stone they remove; and screenshots of four
// games at a laptop and a phone width are saved in the build folder
// (explorer_screenshots/) for people to look at. A game is then played through
// the page as a person would (issue 26): keys, clicks on the board and the list,
// the record, the value chart, Back and Forward, a link, the record's text, the
// searching notice with its cancel, a busy server, and a game against the
// computer with its values hidden until the end. And the seed reading of
// Crossings is drawn as it is: squares, corner points, reserves. Last, the
// page under the browser's own mouse, touch and keys (DevTools), where what
// the browser does between a press and a release matters, and at a phone's
// size: the board's first click and tap, a link on a phone, a stopped
// server, the editor, a search's bounds in their chips (issue 52).
// Skipped, with a message, only where Chromium is not installed.
#include <httplib.h>
#include <sys/wait.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <thread>

#include "tests/support/devtools_browser.hpp"
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
  // lets the page's script fetch and draw before the page is read. On a
  // loaded machine this mode of Chromium now and then hangs for good, its
  // processes idle (seen twice under a long solve): a run that has not ended
  // in 90 s is killed and made again, up to three times.
  static std::string chromium(const std::string& url, const std::vector<std::string>& options) {
    const rtb_test::ScratchDir scratch("chromium");
    const fs::path out = scratch.path() / "out";
    for (int attempt = 1;; ++attempt) {
      const fs::path profile = scratch.path() / ("profile-" + std::to_string(attempt));
      std::string command = "timeout -k 10 90 " + std::string(kChromium) +
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
      const int status = std::system(command.c_str());
      const bool timed_out = WIFEXITED(status) && (WEXITSTATUS(status) == 124 || WEXITSTATUS(status) == 137);
      if (!timed_out || attempt == 3) {
        EXPECT_FALSE(timed_out) << "Chromium hung three times on " << url;
        return rtb_test::slurp(out);
      }
      std::cout << "Chromium hung on " << url << " (attempt " << attempt << "): run again\n";
    }
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
  EXPECT_EQ(count(R"(class="piece piece-T c-yellow")"), 4u);
  EXPECT_EQ(count(R"(class="piece piece-G c-green")"), 1u);
  EXPECT_NE(dom.find("in hand 3"), std::string::npos);
  EXPECT_NE(dom.find(R"(<div id="value" class="value win">WIN in 7</div>)"), std::string::npos) << dom;
}

TEST_F(ExplorerBrowser, NineMensMorrisDrawsItsTwentyFourPointsWithoutTablebases) {
  // No tablebase covers the position: the page says so and still draws the
  // board, only the points the text writes, and both hands.
  const std::string dom = chromium(page("morris", "nine", ".w./.../.../....../.../.../... b 8 9"), {"--dump-dom"});
  EXPECT_EQ(occurrences(dom, R"(class="pt-dot")"), 24u) << dom;
  EXPECT_EQ(occurrences(dom, R"(class="pt-line")"), 32u);
  EXPECT_EQ(occurrences(dom, R"(class="hit")"), 24u);  // a point takes clicks, a cell between points none
  // A position without its tablebase is still drawn, the message above it.
  EXPECT_NE(dom.find("in hand: white 8, black 9"), std::string::npos) << dom;
  // The command once, not in the message and again below it (issue 27).
  EXPECT_EQ(occurrences(dom, "generate it with:"), 1u) << dom.substr(dom.find("id=\"error\""), 600);
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
  EXPECT_EQ(occurrences(dom, R"(class="piece piece-w c-white")"), 2u);
  EXPECT_EQ(occurrences(dom, R"(class="piece piece-b c-blue")"), 2u);
  // e1 closes the mill a1 c1 e1: one target for the two moves (e1xa5,
  // e1xe5) that waits for the stone to remove; every other empty point a
  // placement played at once.
  EXPECT_EQ(occurrences(dom, R"(data-stem="-e1")"), 1u) << dom;
  EXPECT_EQ(occurrences(dom, R"(<g class="target )"), 12u);
  EXPECT_NE(dom.find(R"(<li data-move="e1xa5")"), std::string::npos);
  EXPECT_NE(dom.find("in hand: white 4, black 4 · captured: white 0, black 0"), std::string::npos) << dom;
}

TEST_F(ExplorerBrowser, MorrisListsEachVariantOnce) {
  // Issue 52: "default" is Nine Men's Morris, and the list showed "nine" twice.
  const std::string dom = chromium(page("morris", "nine", ".w./.../.../....../.../.../... b 8 9"), {"--dump-dom"});
  for (const char* variant : {"nine", "five", "six", "seven"})
    EXPECT_EQ(occurrences(dom, std::string("<option value=\"").append(variant).append("\"")), 1u) << variant;
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

// ---- a game played through the page ----

// The page the browser opens: the explorer in a frame of the same origin,
// driven by the script below as a person would drive it (keys and clicks
// dispatched to the page's own elements), with each check sent back to the
// test as {name, ok, detail}. The image /hold keeps the page loading (and
// Chromium from dumping it and leaving) until the report is in.
const char* const kDriverPage = R"html(<!DOCTYPE html>
<html><body>
<iframe id="f" style="width:1200px;height:1400px"></iframe>
<script>
'use strict';
const f = document.getElementById('f');
const W = () => f.contentWindow, D = () => f.contentDocument;
const $ = (sel) => D().querySelector(sel);
const $$ = (sel) => Array.from(D().querySelectorAll(sel));
const checks = [];
const check = (name, ok, detail) => checks.push({ name: name, ok: !!ok, detail: String(detail === undefined ? '' : detail) });
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(what, cond, ms) {
  const t0 = performance.now();
  while (performance.now() - t0 < (ms || 8000)) {
    try { if (cond()) return; } catch (e) {}
    await pause(15);
  }
  throw new Error('timed out waiting for ' + what);
}
const open = (url) => new Promise((r) => { f.onload = r; f.src = url; });
const click = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
const key = (el, k) => el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
const plies = () => $$('#record li').length - 1;
const ply = () => Number($('#record li.current').dataset.ply);
const answered = () => $$('#moves li').length > 0 || $('#moves-title').textContent.startsWith('game over');
const urlMoves = () => (new URLSearchParams(W().location.search).get('moves') || '').split(' ').filter(Boolean);  // blanks between moves
const control = (q) => fetch('/control?' + q).then((r) => r.json());

async function pangki() {
  await open('/?game=pangki&variant=default');
  await until('the four moves', () => $$('#moves li').length === 4);
  // The keyboard: the first Enter shows the cursor on the middle point (a2),
  // then down and right to b1, pick it, up to b2, play b1b2 (a mistake:
  // Black's draw becomes a loss).
  const board = $('#board');
  board.focus();
  key(board, 'Enter');
  check('the cursor is drawn on the board', $$('#board .cursor').length === 1);
  key(board, 'ArrowDown'); key(board, 'ArrowRight'); key(board, 'Enter');
  check('Enter picks the piece under the cursor', $$('#board .selected').length === 1 && $$('#board g[data-move="b1b2"]').length === 1);
  key(board, 'ArrowUp'); key(board, 'Enter');
  await until('b1b2 played by keys', () => plies() === 1 && answered());
  check('b1b2 is in the record', $('#record li[data-ply="1"]').textContent.includes('b1b2'), $('#record').textContent);
  check('the focus stays on the board after a move', D().activeElement === board, D().activeElement && D().activeElement.id);
  // The mouse: White's piece on a3, then its target b3; then Black's best move in the list.
  click($('#board circle.piece[data-square="a3"]'));
  await until('the targets of a3', () => $('#board g[data-move="a3b3"]'));
  click($('#board g[data-move="a3b3"]'));
  await until('a3b3 played', () => plies() === 2 && answered());
  const best = $('#moves li.best').dataset.move;
  click($('#moves li.best button'));
  await until('the best move played', () => plies() === 3 && answered());
  check('the URL holds the moves', urlMoves().join(',') === 'b1b2,a3b3,' + best, W().location.search);
  check('the last move is marked on the board', $$('#board .last-move').length === 2);
  check('the chart has a point a position', $$('#chart .chart-point').length === 4, $$('#chart .chart-point').length);
  check('b1b2 is marked a mistake in the record, and only it',
        $('#record li[data-ply="1"]').classList.contains('mistake') && $$('#record li.mistake').length === 1);
  check('and in the chart', $$('#chart .chart-point.mistake').length === 1 && $('#chart .chart-point.mistake').dataset.ply === '1');
  // After b1b2 White wins: the point is below the axis (the first side, Black, above).
  const axis = Number($('#chart .chart-axis').getAttribute('y1'));
  const y = (k) => Number($('#chart .chart-point[data-ply="' + k + '"] circle').getAttribute('cy'));
  check('a draw is on the axis, a White win below it', y(0) === axis && y(1) > axis && y(2) > axis, [axis, y(0), y(1), y(2)]);
  check('the height is the distance: a win in 33 is farther than one in 32', y(1) > y(2), [y(1), y(2)]);
  const third = $('#position').value;
  // Back and Forward of the browser step through the game.
  W().history.back();
  await until('Back: ply 2', () => ply() === 2);
  check('Back shows the position before the last move', $('#position').value === 'wwww/.w.w/b..b/b.bb b', $('#position').value);
  W().history.back();
  await until('Back again: ply 1', () => ply() === 1);
  W().history.forward();
  await until('Forward: ply 2', () => ply() === 2);
  check('the moves after stay in the record', plies() === 3);
  click($('#back'));
  await until('the back button: ply 1', () => ply() === 1);
  click($('#record li[data-ply="3"] button'));
  await until('a record entry: ply 3', () => ply() === 3);
  check('the record entry shows its position', $('#position').value === third);
  check('the record as text', $('#record-text').value === 'pangki default | wwww/w..w/b..b/bbbb b | b1b2 a3b3 ' + best,
        $('#record-text').value);
  // A link reproduces the game.
  await open(W().location.href);
  await until('the link loaded', () => plies() === 3 && answered() && $$('#chart .chart-point').length === 4);
  check('the link shows the same record and ply', ply() === 3 && $('#position').value === third);
  // Importing a record from its text.
  $('#record-text').value = 'pangki default | wwww/w..w/b..b/bbbb b | a2b2, d3c3';
  $('#record-form').requestSubmit();
  await until('the imported record', () => plies() === 2 && answered());
  check('the imported moves are the record', $('#record').textContent.includes('a2b2') && $('#record').textContent.includes('d3c3'));

  // A slow answer: the notice with the time taken, and its cancel.
  await control('slow=1500');
  click($('#moves li button'));
  await until('the searching notice', () => !$('#searching').hidden, 1400);
  // No value yet: no empty pill where it will be (issue 52).
  check('no empty value pill while searching', $('#value').textContent === '' && $('#value').getBoundingClientRect().width === 0,
        $('#value').getBoundingClientRect().width);
  await pause(300);
  check('the notice counts the time', /^searching\.\.\. [0-9]+\.[0-9] s$/.test($('#searching-text').textContent), $('#searching-text').textContent);
  click($('#cancel'));
  await until('the notice gone', () => $('#searching').hidden, 300);
  await until('the message of the cancel', () => !$('#error').hidden, 300);
  check('cancel says the answer was not waited for', $('#error').textContent.includes('stopped'), $('#error').textContent);
  click($('#error .retry'));
  await until('asked again', () => answered() && $('#error').hidden);
  click($('#back'));
  await until('back to ply 2', () => ply() === 2 && answered());
  // A new request supersedes a slow one: Back while it is awaited stops it,
  // and the next move is answered at once.
  await control('slow=1500');
  click($$('#moves li button')[1]);
  await until('the slow request in flight', () => !$('#searching').hidden, 1400);
  click($('#back'));
  check('going back drops the request in flight', $('#searching').hidden);
  const t0 = performance.now();
  click($$('#moves li button')[2]);
  await until('the next move answered', () => plies() === 3 && answered(), 1400);
  check('the next answer does not wait for the slow one', performance.now() - t0 < 1200, performance.now() - t0);
  // A busy server (503) is asked again.
  await control('busy=2');
  click($('#back'));
  await until('ply 2', () => ply() === 2);
  click($$('#moves li button')[3]);
  await until('answered after the 503s', () => plies() === 3 && answered(), 5000);
  check('no error after the retries', $('#error').hidden, $('#error').textContent);
  const counts = await control('');
  check('the server said busy twice', counts.busy_served === 2, JSON.stringify(counts));

  // The editor: on a cleared board a white piece placed on b2 is in the
  // position text at once; a seventh white piece is refused with the
  // parser's message; two black pieces and one white fewer make a position.
  $('#editor-box').open = true;
  await until('the editor', () => $$('#palette button').length === 3 && $('#edit-check').textContent !== '');
  const put = (letter, squares) => {
    click($('#palette button[data-letter="' + letter + '"]'));
    for (const sq of squares) click($('#board rect.hit[data-square="' + sq + '"]'));
  };
  click($('#edit-clear'));
  put('w', ['b2']);
  const side = $('#position').value.split(' ')[1];
  check('a placed piece is in the position text', $('#position').value === '..../..../.w../.... ' + side, $('#position').value);
  put('w', ['a1', 'a2', 'a3', 'a4', 'b1', 'b3']);
  await until('the parser\'s message', () => $('#edit-check').textContent.startsWith('bad pangki position'));
  check('the parser says why', $('#edit-check').textContent.includes('at most 6'), $('#edit-check').textContent);
  put('b', ['c1', 'd4']);
  put('', ['a4']);
  await until('a good position', () => $('#edit-check').classList.contains('ok'));
  const from = $('#position').value;
  check('the edited position', from === '...b/ww../ww../wwb. ' + side, from);
  click($('#edit-done'));
  await until('the game from the edited position', () => plies() === 0 && answered() && $('#editor-box').open === false);
  check('the game starts from the edited position', new URLSearchParams(W().location.search).get('start') === from, W().location.search);
}

async function againstTheComputer() {
  // Bagh-Chal 3x3: the tigers (a person) win at once with b1b3; c3b3 loses.
  // The computer plays the goats; values are hidden until the game ends.
  await open('/?game=bagh-chal&variant=3x3&start=T.T%2FGG.%2FTTG+t+1&computer=g&hide=1&seed=5');
  await until('the tigers\' moves', () => $$('#moves li').length === 4);
  check('the value is hidden', $('#value').textContent === 'value hidden', $('#value').textContent);
  check('the moves carry no values', $$('#moves li[data-value]').length === 0 && !$('#moves').textContent.includes('WIN'));
  check('the board\'s targets carry no values', $$('#board .target text').length === 0);
  check('the chart is hidden', $$('#chart .chart-point').length === 0 && $('#chart-note').textContent.includes('hidden'));
  check('the goats are the computer\'s', $('#player-g').value === 'computer' && $('#player-t').value === 'human');
  click($('#moves li[data-move="c3b3"] button'));
  await until('the game over', () => $('#moves-title').textContent.startsWith('game over'), 4000);
  check('the computer answered with the winning move', plies() === 2 && $('#value').textContent === 'LOSS in 0',
        $('#record').textContent + ' / ' + $('#value').textContent);
  check('the values are shown at the end', $$('#chart .chart-point').length === 3);
  check('the person\'s move is marked a mistake', $('#record li[data-ply="1"]').classList.contains('mistake') &&
        $$('#record li.mistake').length === 1 && $$('#chart .chart-point.mistake').length === 1);
  // The end is a win, not a draw: its point off the draw line, on the side
  // of the winner, as the point before it (issue 52).
  const axis = Number($('#chart .chart-axis').getAttribute('y1'));
  const y = (k) => Number($('#chart .chart-point[data-ply="' + k + '"] circle').getAttribute('cy'));
  check('the finished game is off the draw line, on its winner\'s side', y(2) !== axis && (y(2) - axis) * (y(1) - axis) > 0,
        [axis, y(1), y(2)]);
  // Why the game is over, in the words of rtb play (issue 52), from the
  // service's /api/end.
  await until('the game over says why',
              () => $('#moves-title').textContent === 'game over: tigers have no legal move: goats win', 4000);
}

async function run() {
  try {
    await pangki();
    await againstTheComputer();
  } catch (e) {
    check('the driver ran to its end', false, e.message);
  }
  await fetch('/report', { method: 'POST', body: JSON.stringify(checks) });
}
run();
</script>
<img src="/hold" alt="">
</body></html>
)html";

// Serves the driver page and hands every other request to `rtb serve`, with
// two faults the driver asks for (GET /control?slow=MS&busy=N): the next
// query held for MS milliseconds, the next N queries answered 503 as a busy
// server answers. GET /control answers what it has done.
class DriverProxy {
 public:
  explicit DriverProxy(int upstream_port) : upstream_(upstream_port) {
    server_.Get("/driver.html",
                [](const httplib::Request&, httplib::Response& res) { res.set_content(kDriverPage, "text/html"); });
    server_.Post("/report", [this](const httplib::Request& req, httplib::Response& res) {
      std::lock_guard lock(mutex_);
      report_ = req.body;
      reported_.notify_all();
      res.set_content("{}", "application/json");
    });
    server_.Get("/hold", [this](const httplib::Request&, httplib::Response& res) {
      std::unique_lock lock(mutex_);
      reported_.wait_for(lock, std::chrono::seconds(50), [this] { return !report_.empty(); });
      res.set_content("", "image/gif");
    });
    server_.Get("/control", [this](const httplib::Request& req, httplib::Response& res) {
      if (req.has_param("slow")) slow_ms_ = std::stoi(req.get_param_value("slow"));
      if (req.has_param("busy")) busy_ = std::stoi(req.get_param_value("busy"));
      res.set_content(json{{"busy_served", busy_served_.load()}}.dump(), "application/json");
    });
    server_.Get(".*", [this](const httplib::Request& req, httplib::Response& res) { forward(req, res); });
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
  }
  ~DriverProxy() {
    {
      std::lock_guard lock(mutex_);
      if (report_.empty()) report_ = "[]";  // lets a /hold still waiting go
      reported_.notify_all();
    }
    server_.stop();
    thread_.join();
  }

  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/driver.html"; }
  std::string report() {
    std::lock_guard lock(mutex_);
    return report_;
  }

 private:
  void forward(const httplib::Request& req, httplib::Response& res) {
    if (req.path == "/api/query") {
      if (busy_ > 0) {
        --busy_;
        ++busy_served_;
        res.status = 503;
        res.set_content(R"({"error":"the server is busy with another search for this game"})", "application/json");
        return;
      }
      if (const int ms = slow_ms_.exchange(0); ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    }
    httplib::Client upstream("127.0.0.1", upstream_);
    // Request::target is not filled in by this cpp-httplib (0.11): the path
    // and the parameters make the URL again.
    const auto answer = upstream.Get(httplib::append_query_params(req.path, req.params));
    if (!answer) {
      res.status = 502;
      return;
    }
    res.status = answer->status;
    res.set_content(answer->body, answer->get_header_value("Content-Type"));
  }

  int upstream_;
  int port_ = 0;
  httplib::Server server_;
  std::thread thread_;
  std::atomic<int> slow_ms_{0}, busy_{0}, busy_served_{0};
  std::mutex mutex_;
  std::condition_variable reported_;
  std::string report_;
};

TEST_F(ExplorerBrowser, AGamePlayedThroughThePageKeepsItsRecordChartAndHistory) {
  DriverProxy proxy(server_->port());
  ASSERT_GT(proxy.url().size(), 0u);
  const auto t0 = std::chrono::steady_clock::now();
  // No virtual time: the driver waits on real answers, a slow one included.
  const rtb_test::ScratchDir scratch("chromium-driver");
  const std::string command = std::string("timeout 60 ") + kChromium +
                              " --headless --no-sandbox --disable-gpu --no-first-run --dump-dom --user-data-dir=" +
                              rtb_test::quoted((scratch.path() / "profile").string()) + " " +
                              rtb_test::quoted(proxy.url()) + " >/dev/null 2>&1";
  std::system(command.c_str());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const std::string report = proxy.report();
  ASSERT_FALSE(report.empty()) << "the driver page sent no report";
  const json checks = json::parse(report);
  EXPECT_GE(checks.size(), 30u) << report;  // the driver stopped early when fewer
  for (const json& c : checks) EXPECT_TRUE(c["ok"].get<bool>()) << c["name"].get<std::string>() << ": " << c["detail"];
  std::cout << checks.size() << " checks in the page, " << seconds << " s\n";
}

TEST_F(ExplorerBrowser, CrossingsSeedBoardDrawsSquaresCornersAndReserves) {
  const rtb_test::ScratchDir tables("crossings-seed");
  const rtb_test::Outcome made = rtb_test::run_rtb(
      {"generate", "crossings", "--variant", "seed-3x3", "-q", "--threads", "1", "--dir", tables.string()});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const rtb_test::Server server({"--dir", tables.string()});
  ASSERT_GT(server.port(), 0) << server.first_line() << server.stderr_text();
  // White on a3 and on the corner b1+, Black on c2: a reserve of 1 and 2.
  const std::string url = httplib::append_query_params(
      server.url(), {{"game", "crossings"}, {"variant", "seed-3x3"}, {"start", "w../../..b/.w/... b"}});
  const std::string dom = chromium(url, {"--dump-dom"});
  const auto count = [&](const std::string& part) { return occurrences(dom, part); };
  EXPECT_EQ(count(R"(class="sq-dark")") + count(R"(class="sq-light")"), 9u) << dom;  // 3x3 squares, not 3x5
  EXPECT_EQ(count(R"(class="corner-dot")"), 4u);
  EXPECT_EQ(count(R"(class="hit")"), 9u);
  EXPECT_EQ(count(R"(class="hit corner")"), 4u);
  EXPECT_NE(dom.find(R"(data-square="b1+")"), std::string::npos);
  EXPECT_EQ(count(R"(class="piece piece-w)"), 2u);
  EXPECT_EQ(count(R"(class="piece piece-b)"), 1u);
  // Pieces off the board wait in the reserve: none is "captured".
  EXPECT_NE(dom.find("1 in reserve"), std::string::npos) << dom;
  EXPECT_NE(dom.find("2 in reserve"), std::string::npos);
  EXPECT_EQ(dom.find("captured"), std::string::npos);
  EXPECT_NE(dom.find(R"(<div id="value" class="value loss">LOSS in 2</div>)"), std::string::npos);
}

// ---- the page under a real mouse and a real finger ----
//
// The browser's own input (tests/support/devtools_browser.hpp): a press and a
// release, a tap, as a person's hand makes them, so the browser does what it
// does between them (focus first of all).

const char* const kPlies = "document.querySelectorAll('#record li').length - 1";
const char* const kAnswered =
    "(document.querySelectorAll('#moves li').length > 0 ||"
    " document.getElementById('moves-title').textContent.startsWith('game over'))";

std::string plies_are(int n) { return std::string(kPlies) + " === " + std::to_string(n) + " && " + kAnswered; }

const char* const kFocusedBoard = "document.activeElement === document.getElementById('board')";

TEST_F(ExplorerBrowser, TheFirstRealClickOnAnUnfocusedBoardCounts) {
  // Issue 52: the board's focus handler drew the board again between the
  // press and the release, so the first click after the page loaded, or
  // after a button or a text box, did nothing.
  const std::string url = httplib::append_query_params(server_->url(), {{"game", "pangki"}, {"variant", "default"}});
  {
    rtb_test::DevToolsBrowser mouse(kChromium, 1280, 900, false);
    mouse.open(url);
    ASSERT_TRUE(mouse.wait_for("document.querySelectorAll('#moves li').length === 4"));
    EXPECT_EQ(mouse.eval(kFocusedBoard), false);
    mouse.click("#board circle.piece[data-square='b1']");
    ASSERT_TRUE(mouse.wait_for("document.querySelector('#board .selected')", 1000))
        << "the first click after the page loaded did not pick the piece";
    mouse.click("#board g[data-move='b1b2']");
    ASSERT_TRUE(mouse.wait_for(plies_are(1))) << "b1b2 clicked on the board was not played";
    // After a button: back (which then is disabled), flip twice (which keeps
    // the focus), then the piece and its target again.
    mouse.click("#back");
    ASSERT_TRUE(mouse.wait_for("document.querySelector('#record li.current').dataset.ply === '0'"));
    mouse.click("#flip");
    mouse.click("#flip");
    EXPECT_EQ(mouse.eval("document.activeElement.id"), "flip");
    mouse.click("#board circle.piece[data-square='b1']");
    ASSERT_TRUE(mouse.wait_for("document.querySelector('#board .selected')", 1000))
        << "the first click after a button did not pick the piece";
    // After a text box.
    mouse.click("#position");
    EXPECT_EQ(mouse.eval("document.activeElement.id"), "position");
    mouse.click("#board g[data-move='b1b2']");
    EXPECT_TRUE(mouse.wait_for(plies_are(1) + " && document.querySelector('#record li.current').dataset.ply === '1'"))
        << "the first click after a text box did not play the move";
  }
}

TEST_F(ExplorerBrowser, TheFirstRealTapOnAnUnfocusedBoardCounts) {
  // The same on a phone: a tap focuses the board as a click does.
  const std::string url = httplib::append_query_params(server_->url(), {{"game", "pangki"}, {"variant", "default"}});
  {
    rtb_test::DevToolsBrowser finger(kChromium, 390, 844, true);
    finger.open(url);
    ASSERT_TRUE(finger.wait_for("document.querySelectorAll('#moves li').length === 4"));
    EXPECT_EQ(finger.eval(kFocusedBoard), false);
    finger.tap("#board circle.piece[data-square='b1']");
    ASSERT_TRUE(finger.wait_for("document.querySelector('#board .selected')", 1000))
        << "the first tap after the page loaded did not pick the piece";
    finger.tap("#board g[data-move='b1b2']");
    ASSERT_TRUE(finger.wait_for(plies_are(1))) << "b1b2 tapped on the board was not played";
    finger.tap("#position");
    EXPECT_EQ(finger.eval(kFocusedBoard), false);
    finger.tap("#board circle.piece[data-square='a3']");
    ASSERT_TRUE(finger.wait_for("document.querySelector('#board g[data-move=\"a3b3\"]')", 1000))
        << "the first tap after a text box did not pick the piece";
    finger.tap("#board g[data-move='a3b3']");
    EXPECT_TRUE(finger.wait_for(plies_are(2)));
  }
}

// A long game's link on a phone: the moves of the perfect line after b1b2
// (White wins in 33), enough that the record scrolls in its box.
std::string long_game_link(const rtb_test::Server& server, const std::string& dir) {
  const std::string after = "wwww/w..w/bb.b/b.bb w";
  const rtb_test::Outcome q = rtb_test::run_rtb({"query", "pangki", after, "--line", "--json", "--dir", dir});
  EXPECT_EQ(q.exit_code, 0) << q.err;
  std::string moves = "b1b2";
  const json answer = json::parse(q.out);
  for (const json& step : answer["line"]) {
    moves += ',';
    moves += step["move"].get<std::string>();
  }
  return httplib::append_query_params(
      server.url(),
      {{"game", "pangki"}, {"variant", "default"}, {"start", "wwww/w..w/b..b/bbbb b"}, {"moves", moves}, {"at", "30"}});
}

TEST_F(ExplorerBrowser, APhoneLinkWithMovesOpensAtTheBoard) {
  // Issue 52: the record's current move was scrolled into view with the
  // window, so the page opened at the record, the board off the screen.
  rtb_test::DevToolsBrowser phone(kChromium, 390, 844, true);
  phone.open(long_game_link(*server_, dir_));
  ASSERT_TRUE(
      phone.wait_for("document.querySelector('#record li.current').dataset.ply === '30' && " + std::string(kAnswered)))
      << phone.eval(
             "location.search + ' / ' + document.getElementById('record').textContent + ' / ' +"
             " document.getElementById('error').textContent");
  const std::string record_scrolls =
      "(() => { const l = document.getElementById('record');"
      " return l.scrollHeight > l.clientHeight; })()";
  ASSERT_EQ(phone.eval(record_scrolls), true) << "the record is too short to test its scrolling";
  EXPECT_EQ(phone.eval("window.scrollY"), 0) << "the window was scrolled";
  EXPECT_EQ(phone.eval("document.getElementById('board').getBoundingClientRect().top >= 0"), true);
  // The record's own box still shows its current move.
  EXPECT_EQ(phone.eval("(() => { const l = document.getElementById('record').getBoundingClientRect();"
                       " const c = document.querySelector('#record li.current').getBoundingClientRect();"
                       " return c.top >= l.top - 1 && c.bottom <= l.bottom + 1; })()"),
            true)
      << "the record's current move is out of its box";
}

TEST_F(ExplorerBrowser, APhoneShowsTheValueAndTheMovesOnTheFirstScreen) {
  // Issue 52: on a phone the value and the moves came after the value
  // chart, below the first screen (lichess puts the evaluation by the board).
  rtb_test::DevToolsBrowser phone(kChromium, 390, 844, true);
  phone.open(httplib::append_query_params(server_->url(), {{"game", "pangki"}, {"variant", "default"}}));
  ASSERT_TRUE(phone.wait_for("document.querySelectorAll('#moves li').length === 4"));
  const auto bottom = [&](const std::string& selector) {
    return phone.eval("document.querySelector(" + json(selector).dump() + ").getBoundingClientRect().bottom")
        .get<double>();
  };
  EXPECT_EQ(phone.eval("document.getElementById('value').textContent"), "DRAW");
  EXPECT_LE(bottom("#value"), 844) << "the value is below the first screen";
  EXPECT_LE(bottom("#moves li"), 844) << "the best move is below the first screen";
  EXPECT_LE(bottom("#board"), 844);
  EXPECT_EQ(phone.eval("window.scrollY"), 0);
}

TEST_F(ExplorerBrowser, AStoppedServerIsSaidToBeNotAnswering) {
  // Issue 52: the page showed the browser's "Failed to fetch".
  rtb_test::Server server({"--dir", dir_});
  ASSERT_GT(server.port(), 0) << server.first_line() << server.stderr_text();
  rtb_test::DevToolsBrowser mouse(kChromium, 1280, 900, false);
  mouse.open(httplib::append_query_params(server.url(), {{"game", "pangki"}, {"variant", "default"}}));
  ASSERT_TRUE(mouse.wait_for("document.querySelectorAll('#moves li').length === 4"));
  server.stop();
  mouse.click("#moves li button");
  ASSERT_TRUE(mouse.wait_for("!document.getElementById('error').hidden"));
  const std::string said = mouse.eval("document.getElementById('error').textContent").get<std::string>();
  EXPECT_NE(said.find("the server is not answering"), std::string::npos) << said;
  EXPECT_EQ(said.find("Failed to fetch"), std::string::npos) << said;
  EXPECT_EQ(mouse.eval("!!document.querySelector('#error .retry')"), true) << "no way to ask again";
}

TEST_F(ExplorerBrowser, TheEditorShowsTheEditedPositionAndStaysInTheUrl) {
  // Issue 52: the editor kept the old position's side, value and counts,
  // never showed the edited position's value (syzygy-tables.info shows it
  // as it changes), and edit=1 dropped out of the URL.
  rtb_test::DevToolsBrowser mouse(kChromium, 1280, 1400, false);
  mouse.open(httplib::append_query_params(server_->url(), {{"game", "pangki"}, {"variant", "default"}}));
  ASSERT_TRUE(mouse.wait_for("document.querySelectorAll('#moves li').length === 4"));
  const auto text = [&](const std::string& id) {
    return mouse.eval("document.getElementById('" + id + "').textContent").get<std::string>();
  };
  const std::string in_url = "new URLSearchParams(location.search).get('edit') === '1'";
  mouse.click("#editor-box summary");
  ASSERT_TRUE(
      mouse.wait_for("document.getElementById('editor-box').open && "
                     "document.getElementById('edit-check').classList.contains('ok')"));
  EXPECT_TRUE(mouse.wait_for(in_url, 1000)) << "edit=1 is not in the URL: " << mouse.eval("location.search");
  // The remover, then Black's stone on a1: Black to move has lost in 34.
  mouse.click("#palette button[data-letter='']");
  mouse.click("#board circle.piece[data-square='a1']");
  ASSERT_TRUE(mouse.wait_for("document.getElementById('position').value === 'wwww/w..w/b..b/.bbb b'"));
  EXPECT_TRUE(mouse.wait_for("document.getElementById('value').textContent === 'LOSS in 34'"))
      << "the value shown is " << text("value");
  EXPECT_NE(text("pieces").find("black 5"), std::string::npos) << text("pieces");
  // White to move instead, chosen with the keyboard in the side's list:
  // White wins in 31.
  const bool black_first = mouse.eval("document.getElementById('edit-side').options[0].value === 'b'") == true;
  mouse.eval("document.getElementById('edit-side').focus()");
  mouse.key(black_first ? "ArrowDown" : "ArrowUp", black_first ? 40 : 38);
  ASSERT_TRUE(mouse.wait_for("document.getElementById('position').value === 'wwww/w..w/b..b/.bbb w'"))
      << mouse.eval("document.getElementById('position').value");
  EXPECT_TRUE(mouse.wait_for("document.getElementById('to-move').textContent === 'white to move'")) << text("to-move");
  EXPECT_TRUE(mouse.wait_for("document.getElementById('value').textContent === 'WIN in 31'"))
      << "the value shown is " << text("value");
  EXPECT_TRUE(mouse.eval(in_url) == true) << mouse.eval("location.search");
  // Closed, the editor leaves the URL; a link with edit=1 opens it.
  mouse.click("#editor-box summary");
  EXPECT_TRUE(mouse.wait_for("!document.getElementById('editor-box').open && !(" + in_url + ")"))
      << mouse.eval("location.search");
  mouse.open(httplib::append_query_params(server_->url(), {{"game", "pangki"}, {"variant", "default"}, {"edit", "1"}}));
  EXPECT_TRUE(mouse.wait_for("document.getElementById('editor-box').open && " + in_url))
      << mouse.eval("location.search");
}

TEST_F(ExplorerBrowser, AMoveBackToAPositionOfTheGameIsShownForbiddenAndRefused) {
  // Bagh-Chal 3x3 (tests/apps/repetition_rule_test.cpp): after these five
  // moves the goats' best move by the tablebase, b1c1, returns to the first
  // position; under the no-repetition rule (on by default) it is listed as
  // forbidden with why, and a real click on it, in the list or on the board,
  // is refused with why. The other move, c2c1, is played.
  const std::string url = httplib::append_query_params(
      server_->url(),
      {{"game", "bagh-chal"}, {"variant", "3x3"}, {"start", "TTT/GTG/G.G t 0"}, {"moves", "b2b1,c1b2,b1c1,b2b1,c1b2"}});
  rtb_test::DevToolsBrowser mouse(kChromium, 1280, 900, false);
  mouse.open(url);
  ASSERT_TRUE(mouse.wait_for(plies_are(5))) << mouse.eval("document.getElementById('error').textContent");
  const char* const b1c1 = "document.querySelector('#moves li[data-move=\"b1c1\"]')";
  ASSERT_TRUE(mouse.wait_for(std::string(b1c1) + " !== null"));
  EXPECT_EQ(mouse.eval(std::string(b1c1) + ".classList.contains('forbidden')"), true);
  EXPECT_EQ(mouse.eval(std::string(b1c1) + ".querySelector('.why').textContent"),
            "forbidden: repeats the first position");
  EXPECT_EQ(mouse.eval("document.querySelector('#moves li[data-move=\"c2c1\"]').classList.contains('forbidden')"),
            false);
  const std::string note = mouse.eval("document.getElementById('rule-note').textContent").get<std::string>();
  EXPECT_NE(note.find("the rule forbids every move that keeps LOSS in"), std::string::npos) << note;
  // A click on the forbidden move in the list: refused, with why.
  mouse.click("#moves li[data-move='b1c1'] button");
  ASSERT_TRUE(mouse.wait_for("!document.getElementById('error').hidden", 2000));
  EXPECT_EQ(mouse.eval("document.getElementById('error').textContent.includes("
                       "'b1c1 is not allowed: it repeats the first position')"),
            true)
      << mouse.eval("document.getElementById('error').textContent");
  EXPECT_EQ(mouse.eval(kPlies), 5);
  // On the board: the goat on b1, then its target c1.
  mouse.click("#board circle.piece[data-square='b1']");
  ASSERT_TRUE(mouse.wait_for("document.querySelector('#board g[data-move=\"b1c1\"]') !== null", 2000));
  mouse.click("#board g[data-move='b1c1']");
  mouse.eval("new Promise((resolve) => setTimeout(resolve, 300))");
  EXPECT_EQ(mouse.eval(kPlies), 5) << "b1c1 clicked on the board was played";
  // The allowed move is played.
  mouse.click("#moves li[data-move='c2c1'] button");
  EXPECT_TRUE(mouse.wait_for(plies_are(6)));
  // With the rule turned off (for analysis) the same move is allowed.
  mouse.click("#back");
  ASSERT_TRUE(mouse.wait_for("document.querySelector('#record li.current').dataset.ply === '5'"));
  mouse.eval("document.getElementById('rule').scrollIntoView({block: 'center'})");
  mouse.click("#rule");
  ASSERT_TRUE(mouse.wait_for(std::string(b1c1) + " && !" + b1c1 + ".classList.contains('forbidden')", 3000));
  mouse.click("#moves li[data-move='b1c1'] button");
  EXPECT_TRUE(
      mouse.wait_for(plies_are(6) + " && document.querySelector('#record li.current').textContent.includes('b1c1')"));
}

TEST_F(ExplorerBrowser, TheComputerTakesTheBestMoveTheRuleAllows) {
  // The same game with the goats played by the computer: by the tablebase
  // its best move repeats the first position; it plays c2c1.
  for (const std::string seed : {"1", "2", "3"}) {
    const std::string url = httplib::append_query_params(server_->url(), {{"game", "bagh-chal"},
                                                                          {"variant", "3x3"},
                                                                          {"start", "TTT/GTG/G.G t 0"},
                                                                          {"moves", "b2b1,c1b2,b1c1,b2b1,c1b2"},
                                                                          {"computer", "g"},
                                                                          {"seed", seed}});
    rtb_test::DevToolsBrowser browser(kChromium, 1280, 900, false);
    browser.open(url);
    ASSERT_TRUE(browser.wait_for(plies_are(6), 5000)) << "the computer did not move";
    EXPECT_EQ(browser.eval("document.querySelector('#record li.current').textContent.includes('c2c1')"), true)
        << browser.eval("document.querySelector('#record li.current').textContent");
  }
}

TEST_F(ExplorerBrowser, UnprovenValuesFitTheirChipsAndNoEmptyValuePillShows) {
  // Issue 52: on 8x8 Crossings (searched, no tablebase) a small budget
  // leaves every move between two values, and the chips clipped "between
  // LOSS 6 and WIN 7"; after an error an empty value pill showed.
  const rtb_test::ScratchDir empty("no-tablebases");
  rtb_test::Server server({"--dir", empty.string(), "--nodes", "20000"});
  ASSERT_GT(server.port(), 0) << server.first_line() << server.stderr_text();
  const std::string url = httplib::append_query_params(server.url(), {{"game", "crossings"}, {"variant", "default"}});
  // Every chip's parts inside it, and nothing cut off within it.
  const std::string clipped =
      "Array.from(document.querySelectorAll('#moves li button')).filter((b) => {"
      " const r = b.getBoundingClientRect();"
      " return b.scrollWidth > b.clientWidth || Array.from(b.children).some((c) => {"
      " const q = c.getBoundingClientRect(); return q.right > r.right + 0.5 || q.bottom > r.bottom + 0.5; });"
      " }).map((b) => b.textContent).slice(0, 3)";
  for (const auto& [width, phone] : {std::pair{1280, false}, std::pair{390, true}}) {
    SCOPED_TRACE(width);
    rtb_test::DevToolsBrowser browser(kChromium, width, 900, phone);
    browser.open(url);
    ASSERT_TRUE(browser.wait_for("document.querySelectorAll('#moves li').length > 0", 20000));
    ASSERT_EQ(browser.eval("document.querySelector('#moves li .val').textContent.startsWith('between')"), true)
        << browser.eval("document.querySelector('#moves li').textContent");
    EXPECT_EQ(browser.eval(clipped), json::array()) << "chips cut off";
  }
  rtb_test::DevToolsBrowser mouse(kChromium, 1280, 900, false);
  mouse.open(url);
  ASSERT_TRUE(mouse.wait_for("document.querySelectorAll('#moves li').length > 0", 20000));
  server.stop();
  mouse.click("#moves li button");
  ASSERT_TRUE(mouse.wait_for("!document.getElementById('error').hidden"));
  EXPECT_EQ(mouse.eval("document.getElementById('value').textContent"), "");
  EXPECT_EQ(mouse.eval("document.getElementById('value').getBoundingClientRect().width"), 0) << "an empty value pill";
}

// ---- the statistics panel (issue 52) ----

// A tier's row of `rtb stats --json`.
json stats_row(const std::string& tier, const std::string& dir) {
  const rtb_test::Outcome r = rtb_test::run_rtb({"stats", "pangki", "--tiers", tier, "--json", "--dir", dir});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return json::parse(r.out)["tiers"][0];
}

// What the panel shows of its tier, read from the page: the title, each
// count with its outcome and kind, the bars of the histogram, the longest
// win's and loss's links.
const char* const kStatsShown =
    "(() => ({"
    " title: document.getElementById('stats-title').textContent,"
    " counts: [...document.querySelectorAll('#stats-table td[data-kind]')]"
    "   .map((td) => [td.dataset.outcome, td.dataset.kind, Number(td.dataset.count)]),"
    " shares: [...document.querySelectorAll('#stats-table tbody tr')]"
    "   .map((tr) => [tr.cells[2].textContent, tr.cells[4].textContent]),"
    " bars: [...document.querySelectorAll('#stats-histogram .stats-bar')].map((b) =>"
    "   [b.dataset.outcome, Number(b.dataset.plies), Number(b.dataset.positions), Number(b.dataset.classes)]),"
    " win: document.getElementById('stats-longest-win-link') && [document.getElementById('stats-longest-win-link')"
    "   .textContent, document.getElementById('stats-longest-win-link').dataset.position],"
    " loss: document.getElementById('stats-longest-loss-link') && [document.getElementById('stats-longest-loss-link')"
    "   .textContent, document.getElementById('stats-longest-loss-link').dataset.position],"
    "}))()";

std::string share(std::uint64_t part, std::uint64_t whole) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return text;
}

// The panel's figures as `row` (rtb stats --json) says they must be.
json stats_expected(const json& row) {
  json counts = json::array(), shares = json::array(), bars = json::array();
  const auto total = [&](const json& c) {
    return c["win"].get<std::uint64_t>() + c["loss"].get<std::uint64_t>() + c["draw"].get<std::uint64_t>();
  };
  for (const char* outcome : {"win", "loss", "draw"}) {
    counts.push_back({outcome, "positions", row[outcome]});
    counts.push_back({outcome, "classes", row["classes"][outcome]});
    shares.push_back({share(row[outcome], total(row)), share(row["classes"][outcome], total(row["classes"]))});
  }
  for (const char* outcome : {"win", "loss"})
    for (const json& d : row["distances"][outcome]) bars.push_back({outcome, d["plies"], d["positions"], d["classes"]});
  const auto longest = [&](const char* key, const char* word) {
    return row.contains(key)
               ? json{std::string(word) + " in " + std::to_string(row[key]["plies"].get<int>()), row[key]["position"]}
               : json(nullptr);
  };
  return {{"title", "tier " + row["tier"].get<std::string>()},
          {"counts", counts},
          {"shares", shares},
          {"bars", bars},
          {"win", longest("longest_win", "WIN")},
          {"loss", longest("longest_loss", "LOSS")}};
}

// A screenshot of the page as it is, for docs/explorer-stats-*.png: saved in
// the build folder's screenshots, a PNG as wide as the page.
void save_screenshot(rtb_test::DevToolsBrowser& browser, const std::string& name, unsigned width) {
  const fs::path file = fs::path(RTB_SCREENSHOT_DIR) / name;
  fs::create_directories(file.parent_path());
  fs::remove(file);
  browser.screenshot(file.string());
  const std::string bytes = rtb_test::slurp(file);
  EXPECT_GT(bytes.size(), 10'000u) << "no screenshot, or a blank one: " << file;
  EXPECT_EQ(png_width(bytes), width) << file;
}

// Brings `selector` into the viewport, as a person scrolls to it.
void scroll_to(rtb_test::DevToolsBrowser& browser, const std::string& selector) {
  browser.eval("document.querySelector(" + json(selector).dump() + ").scrollIntoView({block: 'center'})");
}

TEST_F(ExplorerBrowser, StatisticsShowWhatRtbStatsCountsAndOpenTheLongestWin) {
  const json start_tier = stats_row("6-6", dir_);  // the tier of Pangki's start
  const json picked_tier = stats_row("2-2", dir_);
  ASSERT_TRUE(start_tier.contains("longest_win"));
  rtb_test::DevToolsBrowser mouse(kChromium, 1280, 1560, false);
  mouse.open(httplib::append_query_params(server_->url(), {{"game", "pangki"}, {"variant", "default"}}));
  ASSERT_TRUE(mouse.wait_for("document.querySelectorAll('#moves li').length === 4"));
  EXPECT_EQ(mouse.eval("document.getElementById('stats-figures').hidden"), true) << "counted before it was opened";
  scroll_to(mouse, "#stats-box summary");
  mouse.click("#stats-box summary");
  ASSERT_TRUE(
      mouse.wait_for("document.getElementById('stats-title').textContent === 'tier 6-6' && "
                     "!document.getElementById('stats-figures').hidden"))
      << mouse.eval("document.getElementById('stats-box').textContent");
  EXPECT_EQ(mouse.eval(kStatsShown), stats_expected(start_tier));
  EXPECT_EQ(mouse.eval("new URLSearchParams(location.search).get('stats')"), "1") << "the open panel is not in the URL";
  mouse.eval("window.scrollTo(0, 0)");
  save_screenshot(mouse, "stats-desktop.png", 1280);

  // The longest win, clicked: its position on the board, with its value.
  const std::string position = start_tier["longest_win"]["position"];
  const int plies = start_tier["longest_win"]["plies"];
  scroll_to(mouse, "#stats-longest-win-link");
  mouse.click("#stats-longest-win-link");
  EXPECT_TRUE(mouse.wait_for("document.getElementById('position').value === " + json(position).dump() + " && " +
                             "document.getElementById('value').textContent === 'WIN in " + std::to_string(plies) + "'"))
      << mouse.eval(
             "document.getElementById('position').value + ' / ' + "
             "document.getElementById('value').textContent");
  EXPECT_EQ(mouse.eval("new URLSearchParams(location.search).get('start')"), position);
  EXPECT_EQ(mouse.eval("document.querySelector('#board circle.piece') !== null"), true);

  // Another tier, picked with the keyboard in the list (the first after the
  // position's own is 2-2).
  mouse.eval("document.getElementById('stats-tier').focus()");
  mouse.key("ArrowDown", 40);
  ASSERT_TRUE(mouse.wait_for("document.getElementById('stats-title').textContent === 'tier 2-2'"))
      << mouse.eval("document.getElementById('stats-note').textContent");
  EXPECT_EQ(mouse.eval(kStatsShown), stats_expected(picked_tier));

  // Hidden with the values.
  scroll_to(mouse, "#hide");
  mouse.click("#hide");
  EXPECT_TRUE(mouse.wait_for("document.getElementById('stats-box').hidden", 2000))
      << "the statistics show hidden values";
}

TEST_F(ExplorerBrowser, StatisticsFitAPhoneAndTheirLinkOpensTheLongestLoss) {
  const json start_tier = stats_row("6-6", dir_);
  ASSERT_TRUE(start_tier.contains("longest_loss"));
  rtb_test::DevToolsBrowser finger(kChromium, 390, 844, true);
  finger.open(httplib::append_query_params(server_->url(), {{"game", "pangki"}, {"variant", "default"}}));
  ASSERT_TRUE(finger.wait_for("document.querySelectorAll('#moves li').length === 4"));
  scroll_to(finger, "#stats-box summary");
  finger.tap("#stats-box summary");
  ASSERT_TRUE(finger.wait_for("document.getElementById('stats-title').textContent === 'tier 6-6'"));
  EXPECT_EQ(finger.eval(kStatsShown), stats_expected(start_tier));
  // Nothing wider than the screen: the table, the histogram, the links.
  EXPECT_LE(finger.eval("document.documentElement.scrollWidth").get<double>(), 390);
  EXPECT_LE(finger.eval("document.getElementById('stats-histogram').getBoundingClientRect().right").get<double>(), 390);
  EXPECT_LE(finger.eval("document.getElementById('stats-table').getBoundingClientRect().right").get<double>(), 390);
  finger.eval("document.getElementById('stats-box').scrollIntoView({block: 'start'})");
  save_screenshot(finger, "stats-phone.png", 390);
  const std::string position = start_tier["longest_loss"]["position"];
  scroll_to(finger, "#stats-longest-loss-link");
  finger.tap("#stats-longest-loss-link");
  EXPECT_TRUE(finger.wait_for("document.getElementById('position').value === " + json(position).dump() + " && " +
                              "document.getElementById('value').textContent === 'LOSS in " +
                              std::to_string(start_tier["longest_loss"]["plies"].get<int>()) + "'"))
      << finger.eval("document.getElementById('position').value");
}

// ---- the rules (issue 52: rules and notation where one plays, from the game) ----

// What the server says of a variant's rules: its "Topic: text" lines.
std::vector<std::pair<std::string, std::string>> served_rules(const rtb_test::Server& server, const std::string& game,
                                                              const std::string& variant) {
  httplib::Client client("127.0.0.1", server.port());
  const auto answer = client.Get(httplib::append_query_params("/api/rules", {{"game", game}, {"variant", variant}}));
  std::vector<std::pair<std::string, std::string>> lines;
  if (!answer || answer->status != 200) {
    ADD_FAILURE() << "/api/rules " << game << " " << variant << ": " << (answer ? answer->body : "no answer");
    return lines;
  }
  std::istringstream text(json::parse(answer->body)["rules"].get<std::string>());
  for (std::string line; std::getline(text, line);) {
    const std::size_t colon = line.find(": ");
    EXPECT_NE(colon, std::string::npos) << line;
    lines.emplace_back(line.substr(0, colon), line.substr(colon + 2));
  }
  return lines;
}

// The panel's topics and texts, in order.
const char* const kPanelLines =
    "Array.from(document.querySelectorAll('#rules-text dt')).map((t) => [t.textContent,"
    " t.nextElementSibling.textContent])";

// The size of the panel's text in pixels, and the characters a line of its
// longest text holds.
const char* const kTextSize = "parseFloat(getComputedStyle(document.querySelector('#rules-text dd')).fontSize)";
const char* const kCharactersALine =
    "(() => { const d = Array.from(document.querySelectorAll('#rules-text dd'))"
    ".sort((a, b) => b.textContent.length - a.textContent.length)[0];"
    " const lines = Math.round(d.getBoundingClientRect().height / parseFloat(getComputedStyle(d).lineHeight));"
    " return d.textContent.length / lines; })()";

// Whether the panel shows `lines` (a text's first letter may be in capitals).
std::string panel_shows(const std::vector<std::pair<std::string, std::string>>& lines) {
  json expected = json::array();
  for (const auto& [topic, text] : lines) expected.push_back({topic, text.substr(1)});
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "..." + temporary.
  std::string condition = "JSON.stringify(";
  condition += kPanelLines;
  condition += ".map(([t, s]) => [t, s.slice(1)])) === ";
  condition += json(expected.dump()).dump();
  return condition;
}

TEST_F(ExplorerBrowser, TheRulesButtonShowsTheGamesOwnRulesAndFollowsTheGamePicked) {
  const std::string url = httplib::append_query_params(server_->url(), {{"game", "pangki"}, {"variant", "default"}});
  rtb_test::DevToolsBrowser mouse(kChromium, 1280, 900, false);
  mouse.open(url);
  ASSERT_TRUE(mouse.wait_for("document.querySelectorAll('#moves li').length === 4"));
  EXPECT_EQ(mouse.eval("document.getElementById('rules-panel').hidden"), true);
  const auto title = [&] { return mouse.eval("document.getElementById('rules-title').textContent"); };
  const auto panel = [&] { return mouse.eval(kPanelLines).dump(); };
  mouse.click("#rules-button");
  const auto pangki = served_rules(*server_, "pangki", "default");
  ASSERT_TRUE(mouse.wait_for("!document.getElementById('rules-panel').hidden && " + panel_shows(pangki))) << panel();
  EXPECT_EQ(title(), "rules of pangki (default)");
  EXPECT_NE(panel().find("with 1 piece or fewer"), std::string::npos) << panel();
  EXPECT_NE(panel().find(R"(["Moves","a2b2 moves the piece on a2 to b2)"), std::string::npos) << panel();
  EXPECT_EQ(mouse.eval("new URLSearchParams(location.search).get('rules')"), "1");
  // Readable on a laptop: each topic beside its text, a line of text at
  // most about 80 characters, all inside the window.
  EXPECT_EQ(mouse.eval("(() => { const t = document.querySelector('#rules-text dt');"
                       " return Math.abs(t.getBoundingClientRect().top -"
                       " t.nextElementSibling.getBoundingClientRect().top) < 2; })()"),
            true);
  EXPECT_EQ(mouse.eval("(() => { const p = document.getElementById('rules-panel').getBoundingClientRect();"
                       " return p.left >= 0 && p.right <= innerWidth; })()"),
            true);
  EXPECT_GE(mouse.eval(kTextSize).get<double>(), 15);
  const double per_line = mouse.eval(kCharactersALine).get<double>();
  EXPECT_LE(per_line, 100);
  EXPECT_GE(per_line, 50) << "squeezed";
  // Another game picked with the keyboard in the game's list (Cinc camins
  // comes after Pangki), then its other variant: the panel follows.
  const auto pick_next = [&](const std::string& list, const std::string& game, const std::string& variant,
                             const std::string& said) {
    mouse.eval("document.getElementById('" + list + "').focus()");
    mouse.key("ArrowDown", 40);
    const auto lines = served_rules(*server_, game, variant);
    EXPECT_TRUE(mouse.wait_for(panel_shows(lines))) << panel();
    EXPECT_EQ(title(), "rules of " + game + " (" + variant + ")");
    EXPECT_NE(panel().find(said), std::string::npos) << said << "\n" << panel();
    return lines;
  };
  const auto cinc = pick_next("game", "cinc-camins", "default", "without pieces");
  const auto arrival =
      pick_next("variant", "cinc-camins", "arrival", "the rank and the file of the square your piece reached");
  EXPECT_NE(arrival, cinc);
  // Closed, it leaves the URL; a link with rules=1 opens it.
  mouse.click("#rules-close");
  EXPECT_TRUE(
      mouse.wait_for("document.getElementById('rules-panel').hidden && "
                     "!new URLSearchParams(location.search).has('rules')"))
      << mouse.eval("location.search");
  mouse.open(
      httplib::append_query_params(server_->url(), {{"game", "morris"}, {"variant", "morabaraba"}, {"rules", "1"}}));
  const auto morabaraba = served_rules(*server_, "morris", "morabaraba");
  ASSERT_TRUE(mouse.wait_for("!document.getElementById('rules-panel').hidden && " + panel_shows(morabaraba)))
      << panel();
  for (const char* part : {"four diagonals", "Full board", "is a draw", "pass on a full board"})
    EXPECT_NE(panel().find(part), std::string::npos) << part << "\n" << panel();
}

TEST_F(ExplorerBrowser, APhoneShowsTheRulesInOneColumnInsideTheScreen) {
  rtb_test::DevToolsBrowser finger(kChromium, 390, 844, true);
  finger.open(httplib::append_query_params(server_->url(), {{"game", "crossings"}, {"variant", "4x4"}}));
  ASSERT_TRUE(finger.wait_for("document.querySelectorAll('#moves li').length > 0"));
  finger.tap("#rules-button");
  const auto crossings = served_rules(*server_, "crossings", "4x4");
  ASSERT_TRUE(finger.wait_for("!document.getElementById('rules-panel').hidden && " + panel_shows(crossings)))
      << finger.eval(kPanelLines).dump();
  EXPECT_NE(finger.eval(kPanelLines).dump().find("Crossing obligation"), std::string::npos);
  // Nothing wider than the screen; each topic above its text; the panel
  // starts on the first screen; a readable size.
  EXPECT_LE(finger.eval("document.documentElement.scrollWidth").get<double>(), 390);
  EXPECT_EQ(finger.eval("Array.from(document.querySelectorAll('#rules-text dt, #rules-text dd')).every((e) => {"
                        " const r = e.getBoundingClientRect(); return r.left >= 0 && r.right <= 390; })"),
            true);
  EXPECT_EQ(
      finger.eval("(() => { const t = document.querySelector('#rules-text dt');"
                  " return t.nextElementSibling.getBoundingClientRect().top >= t.getBoundingClientRect().bottom - 1;"
                  " })()"),
      true);
  EXPECT_LT(finger.eval("document.getElementById('rules-panel').getBoundingClientRect().top").get<double>(), 844);
  EXPECT_GE(finger.eval(kTextSize).get<double>(), 14);
  EXPECT_GE(finger.eval(kCharactersALine).get<double>(), 30) << "squeezed";
  finger.tap("#rules-close");
  EXPECT_TRUE(finger.wait_for("document.getElementById('rules-panel').hidden"));
}

TEST_F(ExplorerBrowser, ScreenshotsOfTheRulesAtLaptopAndPhoneWidths) {
  // docs/explorer-rules-*.png are these.
  const fs::path folder = RTB_SCREENSHOT_DIR;
  fs::create_directories(folder);
  const std::string url =
      httplib::append_query_params(server_->url(), {{"game", "crossings"}, {"variant", "4x4"}, {"rules", "1"}});
  for (const auto& [suffix, width, height] : {std::tuple{"desktop", 1280u, 800u}, std::tuple{"phone", 390u, 844u}}) {
    const fs::path file = folder / (std::string("rules-") + suffix + ".png");
    fs::remove(file);
    chromium(url, {"--screenshot=" + file.string(),
                   "--window-size=" + std::to_string(width) + "," + std::to_string(height)});
    const std::string bytes = rtb_test::slurp(file);
    EXPECT_GT(bytes.size(), 10'000u) << file << ": no screenshot, or a blank one";
    EXPECT_EQ(png_width(bytes), width) << file;
  }
  std::cout << "screenshots in " << folder.string() << "\n";
}

// Issue 52 (lichess's variations): another move after going back keeps the
// moves played there before as a variation, under the record and in
// parentheses in its text; clicking it, or playing its first move, takes it
// up again. Pangki from the start: black a2b2, then white d3c3 or a3b3.
TEST_F(ExplorerBrowser, AnotherMoveAfterGoingBackKeepsTheOldMovesAsAVariation) {
  rtb_test::DevToolsBrowser mouse(kChromium, 1280, 900, false);
  mouse.open(page("pangki", "default", ""));
  const auto chip = [](const std::string& move) { return "#moves li[data-move='" + move + "'] button"; };
  const auto play = [&](const std::string& move) {
    ASSERT_TRUE(mouse.wait_for("document.querySelector(\"" + chip(move) + "\") !== null")) << move;
    mouse.click(chip(move));
  };
  const char* const kVariations = "[...document.querySelectorAll('#variations li')].map((li) => li.textContent)";
  // The record's moves, without the marks of mistakes (d3c3 is one).
  const char* const kMain =
      "[...document.querySelectorAll('#record li')].slice(1).map((li) => li.textContent.replace('?', ''))";
  play("a2b2");
  ASSERT_TRUE(mouse.wait_for(plies_are(1)));
  play("d3c3");
  ASSERT_TRUE(mouse.wait_for(plies_are(2)));
  EXPECT_EQ(mouse.eval("document.getElementById('variations-title').hidden"), true);
  mouse.click("#back");
  ASSERT_TRUE(
      mouse.wait_for("document.querySelector('#record li.current').dataset.ply === '1' && " + std::string(kAnswered)));
  play("a3b3");
  ASSERT_TRUE(mouse.wait_for(plies_are(2) + " && document.querySelectorAll('#variations li').length === 1"));
  EXPECT_EQ(mouse.eval(kMain), json({"1. a2b2", "2. a3b3"}));
  EXPECT_EQ(mouse.eval(kVariations), json({"move 2: d3c3 instead of a3b3"}));
  EXPECT_EQ(mouse.eval("document.getElementById('variations-title').hidden"), false);
  mouse.click("#export");
  EXPECT_EQ(mouse.eval("document.getElementById('record-text').value"),
            "pangki default | wwww/w..w/b..b/bbbb b | a2b2 a3b3 (d3c3)");
  EXPECT_EQ(mouse.eval("new URLSearchParams(location.search).get('line')"), "a2b2 a3b3 (d3c3)");
  // A click on the variation: d3c3 is the line again, a3b3 the variation.
  mouse.click("#variations li button");
  ASSERT_TRUE(mouse.wait_for(std::string(kMain) + ".join() === '1. a2b2,2. d3c3' && " + kAnswered));
  EXPECT_EQ(mouse.eval(kVariations), json({"move 2: a3b3 instead of d3c3"}));
  // The move played there before, played again, goes on along the line.
  mouse.click("#back");
  ASSERT_TRUE(
      mouse.wait_for("document.querySelector('#record li.current').dataset.ply === '1' && " + std::string(kAnswered)));
  play("d3c3");
  ASSERT_TRUE(mouse.wait_for("document.querySelector('#record li.current').dataset.ply === '2'"));
  EXPECT_EQ(mouse.eval(kVariations), json({"move 2: a3b3 instead of d3c3"}));
  // A variation's first move takes it up.
  mouse.click("#back");
  ASSERT_TRUE(
      mouse.wait_for("document.querySelector('#record li.current').dataset.ply === '1' && " + std::string(kAnswered)));
  play("a3b3");
  ASSERT_TRUE(mouse.wait_for(std::string(kMain) + ".join() === '1. a2b2,2. a3b3' && " + kAnswered));
  EXPECT_EQ(mouse.eval(kVariations), json({"move 2: d3c3 instead of a3b3"}));

  // A record with a nested variation, typed and imported.
  const auto import = [&](const std::string& text) {
    mouse.click("#record-text");
    mouse.select_all();
    mouse.type_text(text);
    mouse.click("#record-form button[type='submit']");
  };
  import("pangki default | wwww/w..w/b..b/bbbb b | a2b2 d3c3 (a3b3 a1a2 (b2c2)) b2b3");
  ASSERT_TRUE(mouse.wait_for(std::string(kMain) + ".join() === '1. a2b2,2. d3c3,3. b2b3' && " + kAnswered))
      << mouse.eval(kMain) << mouse.eval("document.getElementById('error').textContent");
  EXPECT_EQ(mouse.eval(kVariations), json({"move 2: a3b3 a1a2 instead of d3c3"}));
  mouse.click("#variations li button");
  ASSERT_TRUE(mouse.wait_for(std::string(kMain) + ".join() === '1. a2b2,2. a3b3,3. a1a2' && " + kAnswered));
  EXPECT_EQ(mouse.eval(kVariations), json({"move 2: d3c3 b2b3 instead of a3b3", "move 3: b2c2 instead of a1a2"}));
  mouse.click("#export");
  EXPECT_EQ(mouse.eval("document.getElementById('record-text').value"),
            "pangki default | wwww/w..w/b..b/bbbb b | a2b2 a3b3 (d3c3 b2b3) a1a2 (b2c2)");
  // The link keeps the variations.
  const std::string link = mouse.eval("location.href").get<std::string>();
  rtb_test::DevToolsBrowser reopened(kChromium, 1280, 900, false);
  reopened.open(link);
  ASSERT_TRUE(
      reopened.wait_for("document.querySelectorAll('#variations li').length === 2 && " + std::string(kAnswered)));
  EXPECT_EQ(reopened.eval(kVariations), json({"move 2: d3c3 b2b3 instead of a3b3", "move 3: b2c2 instead of a1a2"}));
  scroll_to(reopened, "#record");
  save_screenshot(reopened, "explorer-variations-desktop.png", 1280);
  rtb_test::DevToolsBrowser phone(kChromium, 390, 844, true);
  phone.open(link);
  ASSERT_TRUE(phone.wait_for("document.querySelectorAll('#variations li').length === 2 && " + std::string(kAnswered)));
  EXPECT_LE(phone.eval("document.documentElement.scrollWidth"), 390) << "the page is wider than the phone";
  scroll_to(phone, "#record");
  save_screenshot(phone, "explorer-variations-phone.png", 390);
  // Parentheses that do not pair: the record is not read, and says why.
  import("pangki default | wwww/w..w/b..b/bbbb b | a2b2 (d3c3");
  ASSERT_TRUE(mouse.wait_for("!document.getElementById('error').hidden", 3000));
  EXPECT_EQ(mouse.eval("document.getElementById('error').textContent.includes("
                       "'the record is not read: a variation \"(\" is not closed by its \\')')"),
            true)
      << mouse.eval("document.getElementById('error').textContent");
  EXPECT_EQ(mouse.eval(std::string(kMain) + ".join()"), "1. a2b2,2. a3b3,3. a1a2");
}

// A seed Crossings move that removes two pieces writes their order after a
// slash, with a comma between them (docs/rules.md): 3b1b3/sb5,cb3+ here,
// which takes White's last pieces. The page once parted a link's moves and
// the record's text at commas, so such a move broke in two and the record
// stopped before it. A click plays it; the link, and the record's text
// typed in again, each give that move back.
TEST_F(ExplorerBrowser, ASeedMoveWithACommaKeepsItThroughTheLinkAndTheRecordText) {
  const rtb_test::ScratchDir tables("crossings-seed-3x5");
  const rtb_test::Outcome made = rtb_test::run_rtb(
      {"generate", "crossings", "--variant", "seed-3x5", "-q", "--threads", "2", "--dir", tables.string()});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const rtb_test::Server server({"--dir", tables.string()});
  ASSERT_GT(server.port(), 0) << server.first_line() << server.stderr_text();
  const std::string start = ".../ww/.../.w/.b./../.b./../.b. b";
  const std::string seed_move = "3b1b3/sb5,cb3+";
  const std::string url =
      httplib::append_query_params(server.url(), {{"game", "crossings"}, {"variant", "seed-3x5"}, {"start", start}});
  // The record's moves, without the marks of mistakes.
  const char* const kMain =
      "[...document.querySelectorAll('#record li')].slice(1).map((li) => li.textContent.replace(/[?]/g, ''))";
  const char* const kError = "document.getElementById('error').textContent";
  const json played = {"1. " + seed_move};
  rtb_test::DevToolsBrowser mouse(kChromium, 1280, 900, false);
  mouse.open(url);
  const std::string chip = "#moves li[data-move='" + seed_move + "'] button";
  ASSERT_TRUE(mouse.wait_for("document.querySelector(\"" + chip + "\") !== null")) << "no chip for " << seed_move;
  mouse.click(chip);
  ASSERT_TRUE(mouse.wait_for(plies_are(1)));
  ASSERT_EQ(mouse.eval(kMain), played);
  EXPECT_EQ(mouse.eval("new URLSearchParams(location.search).get('moves')"), seed_move);
  mouse.click("#export");
  const std::string record = "crossings seed-3x5 | " + start + " | " + seed_move;
  EXPECT_EQ(mouse.eval("document.getElementById('record-text').value"), record);
  {
    rtb_test::DevToolsBrowser reopened(kChromium, 1280, 900, false);
    reopened.open(mouse.eval("location.href").get<std::string>());
    ASSERT_TRUE(reopened.wait_for(plies_are(1))) << reopened.eval(kMain) << reopened.eval(kError);
    EXPECT_EQ(reopened.eval(kMain), played);
  }
  // The record's text typed in: first the start alone, then with the move.
  const auto import = [&](const std::string& text) {
    mouse.click("#record-text");
    mouse.select_all();
    mouse.type_text(text);
    mouse.click("#record-form button[type='submit']");
  };
  import("crossings seed-3x5 | " + start);
  ASSERT_TRUE(mouse.wait_for(plies_are(0))) << mouse.eval(kError);
  import(record);
  ASSERT_TRUE(mouse.wait_for(plies_are(1))) << mouse.eval(kError);
  EXPECT_EQ(mouse.eval(kMain), played);
}

}  // namespace
