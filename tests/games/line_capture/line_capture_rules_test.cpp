// The rules of Pangki and Cinc camins (docs/rules.md, line-capture family) on
// positions built or written out by hand: every capture and non-capture
// example line of docs/rules.md in every orientation, colour and variant; whole
// move lists of hand-checked positions; the ends of the game; strict parsing
// of position text.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "games/kit/perft.hpp"
#include "games/line_capture/line_capture.hpp"

namespace rtb {
namespace {

// Built once: a game builds the index tables of all its tiers.
const LineCaptureGame& pangki(CaptureLines lines = CaptureLines::Touched) {
  static const LineCaptureGame touched(pangki_rules(), CaptureLines::Touched);
  static const LineCaptureGame arrival(pangki_rules(), CaptureLines::Arrival);
  return lines == CaptureLines::Touched ? touched : arrival;
}
const LineCaptureGame& cinc(CaptureLines lines = CaptureLines::Touched) {
  static const LineCaptureGame touched(cinc_camins_rules(), CaptureLines::Touched);
  static const LineCaptureGame arrival(cinc_camins_rules(), CaptureLines::Arrival);
  return lines == CaptureLines::Touched ? touched : arrival;
}

std::string name_of(int file, int rank) {
  return std::string(1, static_cast<char>('a' + file)) + std::to_string(rank + 1);
}

// A board written as characters: cells[rank][file], rank 0 at the bottom.
struct Grid {
  std::vector<std::string> cells;
  explicit Grid(int w) : cells(w, std::string(w, '.')) {}
  int width() const { return static_cast<int>(cells.size()); }
  char& at(int file, int rank) { return cells[rank][file]; }
  char at(int file, int rank) const { return cells[rank][file]; }
  std::string text(char side) const {
    std::string out;
    for (int rank = width() - 1; rank >= 0; --rank) out += cells[rank] + (rank ? "/" : "");
    return out + ' ' + side;
  }
};

// The 8 symmetries of the square on (file, rank), written here rather than
// taken from games/board_symmetry: bit 0 mirrors left-right, bit 1 upside
// down, bit 2 swaps files and ranks.
std::pair<int, int> transform(int m, int w, int file, int rank) {
  if (m & 1) file = w - 1 - file;
  if (m & 2) rank = w - 1 - rank;
  if (m & 4) std::swap(file, rank);
  return {file, rank};
}

Grid transform(int m, const Grid& g) {
  Grid out(g.width());
  for (int rank = 0; rank < g.width(); ++rank)
    for (int file = 0; file < g.width(); ++file) {
      const auto [f, r] = transform(m, g.width(), file, rank);
      out.at(f, r) = g.at(file, rank);
    }
  return out;
}

Grid swap_colours(const Grid& g) {
  Grid out = g;
  for (std::string& row : out.cells)
    for (char& c : row) c = c == 'b' ? 'w' : c == 'w' ? 'b' : c;
  return out;
}

// The captured squares of the game's move `from_to` ("a1a2") in position
// `text`, as sorted names, and the child's text; fails if there is no such move.
struct Played {
  bool found = false;
  std::vector<std::string> captured;
  std::string child;
  bool child_lost = false;
};

Played play(const LineCaptureGame& game, const std::string& text, const std::string& from_to) {
  Played out;
  const LineCapturePosition p = game.parse(text);
  game.for_each_move(p, [&](const LineCaptureMove& m, const LineCapturePosition& child) {
    if (game.move_text(m) != from_to) return;
    EXPECT_FALSE(out.found) << "move listed twice: " << from_to << " in " << text;
    out.found = true;
    for (Bitboard c = m.captured; c; c &= c - 1) out.captured.push_back(game.square_name(lowest_square(c)));
    std::sort(out.captured.begin(), out.captured.end());
    out.child = game.format(child);
    out.child_lost = game.is_lost(child);
  });
  return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// "a1a2" or "a1a2 x b4,c1" for every move, sorted.
std::vector<std::string> move_list(const LineCaptureGame& game, const std::string& text) {
  std::vector<std::string> out;
  game.for_each_move(game.parse(text), [&](const LineCaptureMove& m, const LineCapturePosition&) {
    std::string s = game.move_text(m);
    std::vector<std::string> caps;
    for (Bitboard c = m.captured; c; c &= c - 1) caps.push_back(game.square_name(lowest_square(c)));
    std::sort(caps.begin(), caps.end());
    for (std::size_t i = 0; i < caps.size(); ++i) s += (i ? "," : " x ") + caps[i];
    out.push_back(s);
  });
  std::sort(out.begin(), out.end());
  return out;
}

// ---- docs/rules.md's example lines ----

// A line after black's move and the index of the white piece it captures
// (-1: none), copied from docs/rules.md.
struct Example {
  const char* line;
  int captured;
};
const Example kFiveSquareExamples[] = {
    {"bbw..", 2}, {".bbw.", 3},  {"..bbw", 4},  {"..wbb", 2},  {".wbb.", 1},
    {"wbb..", 0}, {"bbbw.", -1}, {"wbbw.", -1}, {"bb.w.", -1}, {"b.bw.", -1},
};
const Example kFourSquareExamples[] = {
    {".bbw", 3}, {".wbb", 1}, {"bbw.", 2}, {"wbb.", 0}, {"bbbw", -1}, {"wbbb", -1}, {"wbbw", -1},
};

// How the moving piece makes the example line (drawn on rank `rank`; the
// piece steps between it and the next rank `other` or along it).
enum class Making {
  Arrive,  // steps into the line from the next line: a line of the square reached
  Leave,   // steps out of the line to the next line: only the line of the square left
  Along,   // steps along the line: both
  WalkIn,  // the example's white piece steps in, white moving: the opponent made the pattern
};

struct Built {
  Grid before, after;  // after: the step made, nothing captured yet
  int from_file, from_rank, to_file, to_rank;
  char mover;
  bool extra_ok;
  int extra_file, extra_rank;  // the extra piece of the side not moving in `before`
};

// Puts one extra piece of each colour outside every line the step touches
// (ranks `rank` and `other`, the files in `files`), so that each side has
// enough pieces to be a legal position and nothing else can capture.
bool add_extras(Grid& before, Grid& after, int rank, int other, const std::vector<int>& files, int& extra_file,
                int& extra_rank, char not_moving) {
  const int w = before.width();
  std::vector<std::pair<int, int>> free;
  for (int r = 0; r < w; ++r)
    for (int f = 0; f < w; ++f)
      if (r != rank && r != other && std::find(files.begin(), files.end(), f) == files.end()) free.push_back({f, r});
  if (free.size() < 2) return false;
  const char moving = not_moving == 'b' ? 'w' : 'b';
  before.at(free[0].first, free[0].second) = after.at(free[0].first, free[0].second) = moving;
  before.at(free[1].first, free[1].second) = after.at(free[1].first, free[1].second) = not_moving;
  extra_file = free[1].first;
  extra_rank = free[1].second;
  return true;
}

TEST(RulesExamples, EveryExampleLineInEveryOrientationColourAndVariant) {
  struct Board {
    const Example* begin;
    const Example* end;
    bool is_pangki;
  };
  const Board boards[] = {
      {std::begin(kFiveSquareExamples), std::end(kFiveSquareExamples), false},
      {std::begin(kFourSquareExamples), std::end(kFourSquareExamples), true},
  };
  int checked = 0, captures_seen = 0, left_line_captures = 0, walk_ins = 0;
  for (const Board& board : boards) {
    const LineCaptureGame& touched = board.is_pangki ? pangki() : cinc();
    const LineCaptureGame& arrival = board.is_pangki ? pangki(CaptureLines::Arrival) : cinc(CaptureLines::Arrival);
    const int w = touched.width();
    for (const Example* ex = board.begin; ex != board.end; ++ex) {
      const std::string line = ex->line;
      ASSERT_EQ(static_cast<int>(line.size()), w);
      for (int rank = 0; rank < w; ++rank) {
        for (const int other : {rank - 1, rank + 1}) {
          if (other < 0 || other >= w) continue;
          for (const Making making : {Making::Arrive, Making::Leave, Making::Along, Making::WalkIn}) {
            // Every square k of the line the step can involve.
            for (int k = 0; k < w; ++k) {
              for (const int along_from : {k - 1, k + 1}) {
                if (making != Making::Along && along_from == k + 1) continue;  // one pass only
                Grid before(w), after(w);
                for (int f = 0; f < w; ++f) before.at(f, rank) = after.at(f, rank) = line[f];
                int ff, fr, tf = k, tr = rank;
                char mover = 'b';
                std::vector<int> files{k};
                if (making == Making::Arrive) {
                  if (line[k] != 'b') continue;
                  before.at(k, rank) = '.';
                  before.at(k, other) = 'b';
                  ff = k, fr = other;
                } else if (making == Making::Leave) {
                  if (line[k] != '.') continue;
                  before.at(k, rank) = 'b';
                  after.at(k, other) = 'b';
                  ff = k, fr = rank, tf = k, tr = other;
                } else if (making == Making::Along) {
                  if (line[k] != 'b' || along_from < 0 || along_from >= w || line[along_from] != '.') continue;
                  before.at(k, rank) = '.';
                  before.at(along_from, rank) = 'b';
                  ff = along_from, fr = rank;
                  files.push_back(along_from);
                } else {
                  if (line[k] != 'w') continue;
                  before.at(k, rank) = '.';
                  before.at(k, other) = 'w';
                  ff = k, fr = other;
                  mover = 'w';
                }
                int extra_file = -1, extra_rank = -1;
                ASSERT_TRUE(
                    add_extras(before, after, rank, other, files, extra_file, extra_rank, mover == 'b' ? 'w' : 'b'));
                // What docs/rules.md says this step captures in each variant.
                const bool pattern_captures = ex->captured >= 0 && making != Making::WalkIn;
                const bool default_captures = pattern_captures;
                const bool arrival_captures = pattern_captures && making != Making::Leave;
                for (const bool white_moves : {false, true}) {
                  for (int m = 0; m < 8; ++m) {
                    const Grid b0 = white_moves ? swap_colours(before) : before;
                    const Grid a0 = white_moves ? swap_colours(after) : after;
                    const char side = (mover == 'b') != white_moves ? 'b' : 'w';
                    const Grid b = transform(m, b0);
                    const auto [f1, r1] = transform(m, w, ff, fr);
                    const auto [f2, r2] = transform(m, w, tf, tr);
                    const auto [cf, cr] = transform(m, w, ex->captured, rank);
                    const std::string text = b.text(side);
                    const std::string move = name_of(f1, r1) + name_of(f2, r2);
                    for (const bool use_arrival : {false, true}) {
                      const LineCaptureGame& game = use_arrival ? arrival : touched;
                      const bool captures = use_arrival ? arrival_captures : default_captures;
                      SCOPED_TRACE(game.name() + " " + game.variant() + " example '" + line + "' position " + text +
                                   " move " + move);
                      const Played got = play(game, text, move);
                      ASSERT_TRUE(got.found);
                      Grid expected_after = transform(m, a0);
                      std::vector<std::string> expected_captured;
                      if (captures) {
                        expected_captured.push_back(name_of(cf, cr));
                        expected_after.at(cf, cr) = '.';
                      }
                      EXPECT_EQ(got.captured, expected_captured);
                      EXPECT_EQ(got.child, expected_after.text(side == 'b' ? 'w' : 'b'));
                      ++checked;
                      captures_seen += captures;
                      left_line_captures += making == Making::Leave && captures;
                      if (making == Making::WalkIn && !use_arrival) {
                        // The side that did not make the pattern now moves
                        // its extra piece, off the pattern's rank and file:
                        // the piece that walked in is not taken.
                        const int ef = extra_file, er = extra_rank;
                        for (const auto& [df, dr] :
                             std::vector<std::pair<int, int>>{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
                          const int nf = ef + df, nr = er + dr;
                          if (nf < 0 || nf >= w || nr < 0 || nr >= w || nf == k || nr == rank) continue;
                          if (a0.at(nf, nr) != '.') continue;
                          const auto [xf, xr] = transform(m, w, ef, er);
                          const auto [yf, yr] = transform(m, w, nf, nr);
                          const Played reply = play(game, got.child, name_of(xf, xr) + name_of(yf, yr));
                          ASSERT_TRUE(reply.found) << got.child;
                          const auto [wf, wr] = transform(m, w, k, rank);
                          EXPECT_EQ(std::count(reply.captured.begin(), reply.captured.end(), name_of(wf, wr)), 0)
                              << "reply " << name_of(xf, xr) + name_of(yf, yr) << " in " << got.child;
                          ++walk_ins;
                          break;
                        }
                      }
                      if (::testing::Test::HasFailure()) return;  // the first case says enough
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 5000);
  EXPECT_GT(captures_seen, 1000);
  EXPECT_GT(left_line_captures, 100);
  EXPECT_GT(walk_ins, 100);
}

// The same lines read in files rather than ranks and from either end give
// the same verdict: the example table itself, mirrored, is consistent
// (`bbw..` mirrored is `..wbb`, both capture the w).
TEST(RulesExamples, ExampleTableIsClosedUnderMirroring) {
  auto check = [](const Example* begin, const Example* end) {
    int pairs = 0;
    for (const Example* ex = begin; ex != end; ++ex) {
      std::string mirrored(ex->line);
      std::reverse(mirrored.begin(), mirrored.end());
      const int w = static_cast<int>(mirrored.size());
      for (const Example* other = begin; other != end; ++other) {
        if (mirrored != other->line) continue;
        EXPECT_EQ(other->captured, ex->captured < 0 ? -1 : w - 1 - ex->captured) << ex->line;
        ++pairs;
      }
    }
    return pairs;
  };
  EXPECT_EQ(check(std::begin(kFiveSquareExamples), std::end(kFiveSquareExamples)), 6);
  EXPECT_EQ(check(std::begin(kFourSquareExamples), std::end(kFourSquareExamples)), 7);  // wbbw is its own mirror
}

// ---- hand-checked positions, every move written out from the rules ----

TEST(HandChecked, DoubleCapture) {
  // .w.w    Black b1b2: rank 2 becomes w b b . (a2 taken) and file b
  // .b.w    becomes . b b w (b4 taken). b3b2 makes w b b . in rank 2 only;
  // w.b.    c2c3 makes . b b w in rank 3. Nothing else makes exactly three
  // .b..    pieces in a row in a line it touches.
  const std::string text = ".w.w/.b.w/w.b./.b.. b";
  const std::vector<std::string> want{"b1a1", "b1b2 x a2,b4", "b1c1", "b3a3",      "b3b2 x a2",
                                      "b3c3", "c2b2",         "c2c1", "c2c3 x d3", "c2d2"};
  for (const CaptureLines lines : {CaptureLines::Touched, CaptureLines::Arrival}) {
    EXPECT_EQ(move_list(pangki(lines), text), sorted(want));
    const Played got = play(pangki(lines), text, "b1b2");
    EXPECT_EQ(got.child, "...w/.b.w/.bb./.... w");
    EXPECT_FALSE(got.child_lost);  // white keeps 2
  }
}

TEST(HandChecked, TripleCaptureDefaultOnly) {
  // w.ww    Black a1b1: rank 1 becomes . b b w (d1 taken), file b b b w .
  // bw..    (b3 taken), and file a, the line left, . b b w (a4 taken).
  // bb..    Under `arrival` the line left does not capture: a4 stays.
  // b.bw    c1b1 takes b3 only (rank 1 reads b b . w). a3, a2 are blocked.
  const std::string text = "w.ww/bw../bb../b.bw b";
  EXPECT_EQ(move_list(pangki(), text), sorted({"a1b1 x a4,b3,d1", "b2b1", "b2c2", "c1b1 x b3", "c1c2"}));
  EXPECT_EQ(move_list(pangki(CaptureLines::Arrival), text),
            sorted({"a1b1 x b3,d1", "b2b1", "b2c2", "c1b1 x b3", "c1c2"}));
  const Played got = play(pangki(), text, "a1b1");
  EXPECT_EQ(got.child, "..ww/b.../bb../.bb. w");
  EXPECT_FALSE(got.child_lost);  // white keeps c4 and d4
}

TEST(HandChecked, CaptureByLeavingALineOfThree) {
  // ..ww    Black a1a2 leaves rank 1 as . b b w: by default the line of the
  // ....    square left captures d1; under `arrival` only rank 2 and file a
  // ....    are looked at, and they hold just the piece that moved.
  // bbbw    b1b2 leaves b . b w and c1c2 leaves b b . w: no capture.
  const std::string text = "..ww/..../..../bbbw b";
  EXPECT_EQ(move_list(pangki(), text), sorted({"a1a2 x d1", "b1b2", "c1c2"}));
  EXPECT_EQ(move_list(pangki(CaptureLines::Arrival), text), sorted({"a1a2", "b1b2", "c1c2"}));
  EXPECT_EQ(play(pangki(), text, "a1a2").child, "..ww/..../b.../.bb. w");
  EXPECT_EQ(play(pangki(CaptureLines::Arrival), text, "a1a2").child, "..ww/..../b.../.bbw w");
}

TEST(HandChecked, WalkingIntoAPatternIsSafe) {
  // ...w    White c2c1 makes rank 1 read b b w .: a pattern black would
  // ..b.    capture, but made by white's own move; white captures nothing
  // ..w.    (its w is the enemy end of the pattern). No white move here
  // bb..    captures: d4c4 makes w b w in file c, which is not a pattern.
  const std::string before = "...w/..b./..w./bb.. w";
  EXPECT_EQ(move_list(pangki(), before), sorted({"c2b2", "c2c1", "c2d2", "d4c4", "d4d3"}));
  const Played walk = play(pangki(), before, "c2c1");
  ASSERT_EQ(walk.child, "...w/..b./..../bbw. b");
  // Now black: a1a2 and b1b2 break the pattern they leave (rank 1 keeps
  // two pieces); c3's four steps touch rank 3 or 4, files b, c or d, and
  // rank 2, never rank 1: c1 survives every reply.
  for (const CaptureLines lines : {CaptureLines::Touched, CaptureLines::Arrival})
    EXPECT_EQ(move_list(pangki(lines), walk.child), sorted({"a1a2", "b1b2", "c3b3", "c3c2", "c3c4", "c3d3"}));
}

// ---- the ends of the game ----

TEST(GameEnd, BlockedSideLoses) {
  // Pangki: black a1, a2 hemmed in by white a3, b2, b1. Black has pieces
  // enough, but no move: a leaf of the move tree at every depth.
  const LineCaptureGame& game = pangki();
  const LineCapturePosition p = game.parse("..../w.../bw../bw.. b");
  EXPECT_FALSE(game.is_lost(p));
  EXPECT_TRUE(move_list(game, "..../w.../bw../bw.. b").empty());
  for (int depth = 0; depth <= 4; ++depth) EXPECT_EQ(perft(game, p, depth), 1u);
  // Cinc camins, where the sources are silent, plays the same rule: a lone
  // black piece on a1 under white a2, b1.
  const LineCaptureGame& c = cinc();
  const LineCapturePosition q = c.parse("...../...../...../w..../bw... b");
  EXPECT_FALSE(c.is_lost(q));
  EXPECT_TRUE(move_list(c, "...../...../...../w..../bw... b").empty());
  EXPECT_EQ(perft(c, q, 3), 1u);
}

TEST(GameEnd, PangkiIsWonWhenTheOpponentIsLeftWithOnePiece) {
  // ...w    a2a1 makes b b w . in rank 1: c1 is taken and white keeps only
  // ....    d4, which has lost. The other four moves capture nothing.
  // b...
  // .bw.
  const LineCaptureGame& game = pangki();
  const std::string text = "...w/..../b.../.bw. b";
  EXPECT_EQ(move_list(game, text), sorted({"a2a1 x c1", "a2a3", "a2b2", "b1a1", "b1b2"}));
  const Played win = play(game, text, "a2a1");
  EXPECT_EQ(win.child, "...w/..../..../bb.. w");
  EXPECT_TRUE(win.child_lost);
  EXPECT_FALSE(play(game, text, "a2a3").child_lost);
  // The lost child is a leaf: its branch counts 1 at any depth.
  EXPECT_EQ(perft(game, game.parse(text), 1), 5u);
  // With a third white piece the same capture leaves two: not over.
  const Played on = play(game, "w..w/..../b.../.bw. b", "a2a1");
  EXPECT_EQ(on.captured, std::vector<std::string>{"c1"});
  EXPECT_FALSE(on.child_lost);
}

TEST(GameEnd, CincCaminsIsWonWhenTheOpponentHasNoPieceLeft) {
  // The same capture on 5x5: with white's only piece taken white has lost;
  // with one white piece left (e5) the game goes on, unlike Pangki.
  const LineCaptureGame& game = cinc();
  const std::string text = "...../...../...../b..../.bw.. b";
  EXPECT_EQ(move_list(game, text), sorted({"a2a1 x c1", "a2a3", "a2b2", "b1a1", "b1b2"}));
  const Played win = play(game, text, "a2a1");
  EXPECT_EQ(win.child, "...../...../...../...../bb... w");
  EXPECT_TRUE(win.child_lost);
  const Played on = play(game, "....w/...../...../b..../.bw.. b", "a2a1");
  EXPECT_EQ(on.captured, std::vector<std::string>{"c1"});
  EXPECT_FALSE(on.child_lost);
  const LineCapturePosition one_left = game.parse("....w/...../...../...../bb... w");
  EXPECT_FALSE(game.is_lost(one_left));
  EXPECT_TRUE(pangki().is_lost(pangki().parse("...w/..../..../bb.. w")));
}

TEST(GameEnd, SideToMoveMayHaveLostAlready) {
  // The position after a winning capture is legal text: LOSS in 0.
  EXPECT_TRUE(pangki().is_lost(pangki().parse("w.../..../..../bbbb w")));
  EXPECT_TRUE(cinc().is_lost(cinc().parse("...../...../...../...../bbbbb w")));
  EXPECT_EQ(perft(pangki(), pangki().parse("w.../..../..../bbbb w"), 3), 1u);
}

// ---- position text ----

TEST(PositionText, FormatReadsBackAndSidesAreSeenFromTheMover) {
  for (const std::string text :
       {"wwww/w..w/b..b/bbbb b", "wwww/w..w/b..b/bbbb w", ".w.w/.b.w/w.b./.b.. b", "w.../..../..../bbbb w"}) {
    EXPECT_EQ(pangki().format(pangki().parse(text)), text);
  }
  for (const std::string text : {"wwwww/...../...../...../bbbbb b", "b..../.w.../..b../...w./....b w"})
    EXPECT_EQ(cinc().format(cinc().parse(text)), text);
  // Black to move: mine = black. White to move: mine = white.
  // Square = rank * 4 + file: a1 = 0, b1 = 1, c4 = 14, d4 = 15.
  const LineCapturePosition b = pangki().parse("..ww/..../..../bb.. b");
  EXPECT_EQ(b.mine, bit(0) | bit(1));
  EXPECT_EQ(b.theirs, bit(14) | bit(15));
  EXPECT_FALSE(b.white_to_move);
  const LineCapturePosition w = pangki().parse("..ww/..../..../bb.. w");
  EXPECT_EQ(w.mine, bit(14) | bit(15));
  EXPECT_EQ(w.theirs, bit(0) | bit(1));
  EXPECT_TRUE(w.white_to_move);
  EXPECT_EQ(pangki().start(), pangki().parse("wwww/w..w/b..b/bbbb b"));
  EXPECT_EQ(cinc().start(), cinc().parse("wwwww/...../...../...../bbbbb b"));
}

struct BadText {
  const char* text;
  const char* says;  // a piece of the message that names the problem
};

// Shared with tests/apps/cli_position_text_test.cpp in spirit; kept here so the
// parser's own messages are checked without a process in between.
const BadText kBadPangki[] = {
    {"wwww/w..w/b..b b", "ranks"},                         // 3 ranks
    {"wwww/w..w/..../b..b/bbbb b", "more than 4 ranks"},   // 5 ranks
    {"wwww/w..w/b..b/bbb b", "rank 1 has 3 squares"},      // short rank
    {"wwwww/w..w/b..b/bbbb b", "rank 4 has more than 4"},  // long rank
    {"wwww/w..w/b.xb/bbbb b", "unknown character 'x'"},
    {"wwww/w..w/b..B/bbbb b", "unknown character 'B'"},
    {"wwww/ww.w/b..b/bbbb b", "white has 7 pieces"},
    {"wwww/w..w/bb.b/bbbb b", "black has 7 pieces"},
    {"wwww/w..w/b..b/bbbb", "missing side to move"},
    {"wwww/w..w/b..b/bbbb ", "missing side to move"},
    {"wwww/w..w/b..b/bbbb x", "side to move must be 'b' or 'w'"},
    {"wwww/w..w/b..b/bbbb  b", "side to move must be 'b' or 'w'"},
    {"wwww/w..w/b..b/bbbb b extra", "unexpected text after the side to move"},
    {"wwww/w..w/b..b/bbbb bw", "unexpected text after the side to move"},
    {"w.../..../b..b/bbbb b", "white, the side not to move, has 1 pieces and has already lost"},
    {"wwww/w..w/..../...b w", "black, the side not to move, has 1 pieces and has already lost"},
    {"", "rank 4 has 0 squares"},
};

const BadText kBadCinc[] = {
    {"wwwww/...../...../bbbbb b", "ranks"},
    {"wwwww/...../..../...../bbbbb b", "rank 3 has 4 squares"},
    {"wwwww/w..../...../...../bbbbb b", "white has 6 pieces"},
    {"...../...../...../...../bbbbb b", "white, the side not to move, has 0 pieces and has already lost"},
    {"wwwww/...../...../...../bbbbb", "missing side to move"},
    {"wwwww/...../...../...../bbbbb b\n", "unexpected text after the side to move"},
};

TEST(PositionText, BadTextIsRejectedWithAMessageThatSaysWhy) {
  auto check = [](const LineCaptureGame& game, const BadText& bad) {
    try {
      game.parse(bad.text);
      ADD_FAILURE() << game.name() << " accepted '" << bad.text << "'";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(bad.says), std::string::npos)
          << "text '" << bad.text << "': message '" << e.what() << "' does not say '" << bad.says << "'";
    }
  };
  for (const BadText& bad : kBadPangki) check(pangki(), bad);
  for (const BadText& bad : kBadCinc) check(cinc(), bad);
  // A Pangki text is not a Cinc camins position, nor the other way round.
  EXPECT_THROW(cinc().parse("wwww/w..w/b..b/bbbb b"), std::invalid_argument);
  EXPECT_THROW(pangki().parse("wwwww/...../...../...../bbbbb b"), std::invalid_argument);
}

}  // namespace
}  // namespace rtb
