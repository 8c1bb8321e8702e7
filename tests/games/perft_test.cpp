// The bitboard move generator of games/line_capture.* against the naive one
// of tests/games/line_capture/naive_line_capture.hpp, which follows docs/rules.md literally on a grid
// of characters: leaf counts from the start positions, whole move lists
// (move, captured squares, resulting position) on positions reached by random
// play and on random and exhaustive positions of small tiers, and the
// predecessors the retrograde solver walks back through.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "games/kit/perft.hpp"
#include "games/line_capture/line_capture.hpp"
#include "tests/games/line_capture/naive_line_capture.hpp"

namespace rtb {
namespace {

struct Case {
  const char* label;
  bool pangki;
  CaptureLines lines;
};

const Case kCases[] = {
    {"pangki", true, CaptureLines::Touched},
    {"pangki-arrival", true, CaptureLines::Arrival},
    {"cinc-camins", false, CaptureLines::Touched},
    {"cinc-camins-arrival", false, CaptureLines::Arrival},
};

LineCaptureGame make_game(const Case& c) {
  return LineCaptureGame(c.pangki ? pangki_rules() : cinc_camins_rules(), c.lines);
}

naive::Rules make_naive(const Case& c) {
  const bool arrival = c.lines == CaptureLines::Arrival;
  return c.pangki ? naive::pangki(arrival) : naive::cinc_camins(arrival);
}

// The game's move in the naive generator's words: "a1a2 x b4,c1 -> TEXT".
std::string describe(const LineCaptureGame& game, const LineCaptureMove& m, const LineCapturePosition& child) {
  std::vector<std::string> captured;
  for (Bitboard c = m.captured; c; c &= c - 1) captured.push_back(game.square_name(lowest_square(c)));
  std::sort(captured.begin(), captured.end());
  std::string out = game.move_text(m);
  if (!captured.empty()) {
    out += " x ";
    for (std::size_t i = 0; i < captured.size(); ++i) out += (i ? "," : "") + captured[i];
  }
  return out + " -> " + game.format(child);
}

// Sorted descriptions of every move, with the child of each.
std::vector<std::pair<std::string, LineCapturePosition>> game_moves(const LineCaptureGame& game,
                                                                    const LineCapturePosition& p) {
  std::vector<std::pair<std::string, LineCapturePosition>> out;
  game.for_each_move(p, [&](const LineCaptureMove& m, const LineCapturePosition& child) {
    out.emplace_back(describe(game, m, child), child);
  });
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

std::vector<std::string> descriptions(const std::vector<std::pair<std::string, LineCapturePosition>>& ms) {
  std::vector<std::string> out;
  for (const auto& [d, child] : ms) out.push_back(d);
  return out;
}

// Compares the whole move list of p, and the end-of-game test, between the
// two generators; returns the game's moves for the caller to walk on.
std::vector<std::pair<std::string, LineCapturePosition>> expect_same_moves(const LineCaptureGame& game,
                                                                           const naive::Rules& rules,
                                                                           const LineCapturePosition& p) {
  const std::string text = game.format(p);
  const naive::Board b = naive::from_text(text);
  EXPECT_EQ(game.is_lost(p), naive::is_lost(rules, b)) << text;
  auto ms = game_moves(game, p);
  EXPECT_EQ(descriptions(ms), naive::describe_all(naive::moves(rules, b))) << "position " << text;
  return ms;
}

std::vector<std::string> game_predecessors(const LineCaptureGame& game, const LineCapturePosition& p) {
  std::vector<std::string> out;
  game.for_each_predecessor(p, [&](const LineCapturePosition& q) { out.push_back(game.format(q)); });
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> naive_predecessors(const naive::Rules& rules, const naive::Board& p) {
  std::vector<std::string> out;
  for (const naive::Board& q : naive::predecessors(rules, p)) out.push_back(naive::to_text(q));
  std::sort(out.begin(), out.end());
  return out;
}

// ---- leaf counts from the start ----

// The counts below were first computed by the naive generator (memoised, on
// a grid); the test recomputes them with it each run, so the literal values
// only document the numbers and catch a change in both generators at once.
// Pangki's two variants part at depth 5 (moves at ply 4 that capture only by
// leaving a line); Cinc camins' do not part before depth 7.
TEST(Perft, StartPositionsAgreeWithNaiveGenerator) {
  const std::map<std::string, std::vector<std::uint64_t>> expected = {
      {"pangki", {1, 4, 18, 108, 632, 3278, 16798, 97868, 572502}},
      {"pangki-arrival", {1, 4, 18, 108, 632, 3282, 16840, 98224, 575122}},
      {"cinc-camins", {1, 5, 25, 230, 2111, 19432, 178115}},
      {"cinc-camins-arrival", {1, 5, 25, 230, 2111, 19432, 178115}},
  };
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.label);
    const LineCaptureGame game = make_game(c);
    naive::Perft counter(make_naive(c));
    const naive::Board start = naive::from_text(c.pangki ? "wwww/w..w/b..b/bbbb b" : "wwwww/...../...../...../bbbbb b");
    const int max_depth = c.pangki ? 8 : 6;
    const auto& want = expected.at(c.label);
    ASSERT_EQ(want.size(), static_cast<std::size_t>(max_depth + 1));
    for (int depth = 0; depth <= max_depth; ++depth) {
      const std::uint64_t naive_count = counter.count(start, depth);
      EXPECT_EQ(perft(game, game.start(), depth), naive_count) << "depth " << depth;
      EXPECT_EQ(naive_count, want[depth]) << "depth " << depth;
    }
  }
}

TEST(Perft, StartMovesByHand) {
  // Pangki: only the pieces beside the gaps of ranks 2 and 3 can move:
  // a2b2, d2c2 (sideways) and b1b2, c1c2 (up); none captures. Cinc camins:
  // each of the five pieces steps up.
  const LineCaptureGame pangki(pangki_rules(), CaptureLines::Touched);
  EXPECT_EQ(descriptions(game_moves(pangki, pangki.start())),
            (std::vector<std::string>{"a2b2 -> wwww/w..w/.b.b/bbbb w", "b1b2 -> wwww/w..w/bb.b/b.bb w",
                                      "c1c2 -> wwww/w..w/b.bb/bb.b w", "d2c2 -> wwww/w..w/b.b./bbbb w"}));
  const LineCaptureGame cinc(cinc_camins_rules(), CaptureLines::Touched);
  EXPECT_EQ(perft(cinc, cinc.start(), 1), 5u);
  EXPECT_EQ(perft(pangki, pangki.start(), 1), 4u);
}

// ---- whole move lists ----

// Positions reached by random play from the start, every one compared, and
// a perft to depth 3 from some of them.
TEST(MoveLists, RandomPlayoutsAgreeWithNaiveGenerator) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.label);
    const LineCaptureGame game = make_game(c);
    const naive::Rules rules = make_naive(c);
    naive::Perft counter(rules);
    std::mt19937_64 rng(12345);
    int compared = 0, captures = 0, multi_captures = 0, perfts = 0;
    for (int playout = 0; playout < 120; ++playout) {
      LineCapturePosition p = game.start();
      for (int ply = 0; ply < 120; ++ply) {
        const auto ms = expect_same_moves(game, rules, p);
        ++compared;
        if (::testing::Test::HasFailure()) return;  // one position's diff is enough to read
        if (ply % 23 == 7 && !game.is_lost(p)) {
          EXPECT_EQ(perft(game, p, 3), counter.count(naive::from_text(game.format(p)), 3)) << game.format(p);
          ++perfts;
        }
        if (game.is_lost(p) || ms.empty()) break;
        // Prefer captures a little, so that games reach small material.
        std::vector<std::size_t> capturing;
        for (std::size_t i = 0; i < ms.size(); ++i)
          if (ms[i].first.find(" x ") != std::string::npos) capturing.push_back(i);
        captures += !capturing.empty();
        for (std::size_t i : capturing) multi_captures += ms[i].first.find(',') < ms[i].first.find(" -> ");
        const std::size_t pick = (!capturing.empty() && rng() % 2) ? capturing[rng() % capturing.size()]
                                                                   : static_cast<std::size_t>(rng() % ms.size());
        p = ms[pick].second;
      }
    }
    // The walk must really have exercised captures, double ones included
    // (rare in Cinc camins: about 3 in 10,000 positions; they get their own
    // test below).
    EXPECT_GT(compared, 3000);
    EXPECT_GT(captures, 1000);
    EXPECT_GT(multi_captures, 0);
    EXPECT_GT(perfts, 150);
  }
}

// A random position with `mine` and `theirs` pieces; black or white to move.
LineCapturePosition random_position(const LineCaptureGame& game, int mine, int theirs, std::mt19937_64& rng) {
  std::vector<int> squares(game.squares());
  for (int s = 0; s < game.squares(); ++s) squares[s] = s;
  std::shuffle(squares.begin(), squares.end(), rng);
  LineCapturePosition p;
  for (int i = 0; i < mine; ++i) p.mine |= bit(squares[i]);
  for (int i = mine; i < mine + theirs; ++i) p.theirs |= bit(squares[i]);
  p.white_to_move = rng() % 2;
  return p;
}

// Random positions of every tier, most of which play never reaches: crowded
// boards with several captures at once are common here.
TEST(MoveLists, RandomPositionsOfEveryTierAgreeWithNaiveGenerator) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.label);
    const LineCaptureGame game = make_game(c);
    const naive::Rules rules = make_naive(c);
    std::mt19937_64 rng(777);
    for (LineCaptureGame::TierId t = 0; t < game.tier_count(); ++t) {
      for (int i = 0; i < 150; ++i) {
        const LineCapturePosition p = random_position(game, game.mover_pieces(t), game.other_pieces(t), rng);
        expect_same_moves(game, rules, p);
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
}

// Random positions built around one move that the rules say captures in
// each of its lines (the rank and file of the square reached and, by
// default, the other line of the square left): double and triple captures,
// rare in play and in random positions, here make most of the cases. The
// rest of the board is filled at random outside those lines; the whole
// move list is compared, so the chosen move's captures are judged by the
// naive generator, not by how the position was built.
TEST(MoveLists, PositionsBuiltForMultipleCapturesAgreeWithNaiveGenerator) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.label);
    const LineCaptureGame game = make_game(c);
    const naive::Rules rules = make_naive(c);
    const int w = game.width(), n = game.squares(), most = game.rules().pieces;
    std::mt19937_64 rng(4242);
    int built = 0, triples = 0, doubles = 0;
    for (int attempt = 0; attempt < 1000000 && built < 4000; ++attempt) {
      const int from = static_cast<int>(rng() % n);
      const int d = static_cast<int>(rng() % 4);
      const int to_file = from % w + (d == 0   ? 1
                                      : d == 1 ? -1
                                               : 0),
                to_rank = from / w + (d == 2   ? 1
                                      : d == 3 ? -1
                                               : 0);
      if (to_file < 0 || to_file >= w || to_rank < 0 || to_rank >= w) continue;
      const int to = to_rank * w + to_file;
      const bool sideways = d < 2;
      // Each line as its squares in order: rank of `to`, file of `to`, and
      // the line of `from` across the step.
      std::vector<std::vector<int>> lines(3);
      for (int k = 0; k < w; ++k) {
        lines[0].push_back(to_rank * w + k);
        lines[1].push_back(k * w + to_file);
        lines[2].push_back(sideways ? k * w + from % w : (from / w) * w + k);
      }
      std::vector<char> cell(n, '?');  // '?' free, 'm' mover, 'e' enemy, '.' empty
      cell[from] = '.';
      bool ok = true;
      for (int l = 0; l < 3 && ok; ++l) {
        if (rng() % 8 == 0) continue;  // this line left to the random fill
        // A window of three not holding `from`; for the lines of `to`, `to`
        // must be one of the mover pair.
        const int start = static_cast<int>(rng() % (w - 2));
        const bool high_enemy = rng() % 2;
        std::vector<char> want(w, '.');
        want[start] = high_enemy ? 'm' : 'e';
        want[start + 1] = 'm';
        want[start + 2] = high_enemy ? 'e' : 'm';
        for (int k = 0; k < w && ok; ++k) {
          const int s = lines[l][k];
          if (s == to && want[k] != 'm') ok = false;
          if (s == from && want[k] != '.') ok = false;
          if (s == to) continue;
          if (cell[s] != '?' && cell[s] != want[k]) ok = false;
          cell[s] = want[k];
        }
      }
      if (!ok) continue;
      int movers = 1, enemies = 0;  // the moving piece, still on `from` before the move
      for (int s = 0; s < n; ++s) movers += cell[s] == 'm' && s != to, enemies += cell[s] == 'e';
      if (movers > most || enemies > most) continue;
      // Extra pieces, outside the three lines.
      for (int s = 0; s < n; ++s) {
        if (cell[s] != '?') continue;
        const int roll = static_cast<int>(rng() % 4);
        if (roll == 0 && movers < most) cell[s] = 'm', ++movers;
        else if (roll == 1 && enemies < most) cell[s] = 'e', ++enemies;
      }
      LineCapturePosition p;
      p.white_to_move = rng() % 2;
      p.mine = bit(from);
      for (int s = 0; s < n; ++s) {
        if (s == to) continue;
        if (cell[s] == 'm') p.mine |= bit(s);
        if (cell[s] == 'e') p.theirs |= bit(s);
      }
      if (count(p.theirs) <= game.rules().lost_at) continue;  // not a position: the other side has lost
      ++built;
      for (const auto& [text, child] : expect_same_moves(game, rules, p)) {
        const int commas = static_cast<int>(std::count(text.begin(), text.end(), ','));
        triples += text.find(" x ") != std::string::npos && commas == 2;
        doubles += text.find(" x ") != std::string::npos && commas == 1;
      }
      if (::testing::Test::HasFailure()) return;
    }
    EXPECT_EQ(built, 4000);
    EXPECT_GT(doubles, 300);
    if (c.lines == CaptureLines::Touched) EXPECT_GT(triples, 200);
    else EXPECT_EQ(triples, 0);  // arrival: at most two pieces a move
  }
}

// Calls f(set) for every set of k squares taken from `pool`.
template <class F>
void for_each_subset(Bitboard pool, int k, Bitboard chosen, F& f) {
  if (k == 0) {
    f(chosen);
    return;
  }
  if (count(pool) < k) return;
  const Bitboard low = pool & (0u - pool);
  for_each_subset(pool ^ low, k - 1, chosen | low, f);
  for_each_subset(pool ^ low, k, chosen, f);
}

// Calls f(mine, theirs) for every placement of the given piece counts.
template <class F>
void for_each_placement(int squares, int mine, int theirs, F&& f) {
  const Bitboard all = static_cast<Bitboard>((std::uint64_t{1} << squares) - 1);
  auto outer = [&](Bitboard a) {
    auto inner = [&](Bitboard b) { f(a, b); };
    for_each_subset(all & ~a, theirs, 0, inner);
  };
  for_each_subset(all, mine, 0, outer);
}

// Every position of a few small Pangki tiers and one Cinc camins tier.
TEST(MoveLists, WholeSmallTiersAgreeWithNaiveGenerator) {
  struct Tier {
    int case_index, mine, theirs;
  };
  for (const Tier& tier : {Tier{0, 3, 3}, Tier{1, 3, 2}, Tier{2, 2, 2}, Tier{3, 2, 1}}) {
    const Case& c = kCases[tier.case_index];
    SCOPED_TRACE(std::string(c.label) + " " + std::to_string(tier.mine) + "-" + std::to_string(tier.theirs));
    const LineCaptureGame game = make_game(c);
    const naive::Rules rules = make_naive(c);
    std::uint64_t positions = 0;
    for_each_placement(game.squares(), tier.mine, tier.theirs, [&](std::uint32_t a, std::uint32_t b) {
      if (::testing::Test::HasFailure()) return;
      expect_same_moves(game, rules, LineCapturePosition{a, b, false});
      ++positions;
    });
    EXPECT_EQ(positions, game.tier_positions(game.tier_id(tier.mine, tier.theirs)));
  }
}

// ---- predecessors ----

TEST(Predecessors, RandomPlayoutsAgreeWithNaiveUnmoves) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.label);
    const LineCaptureGame game = make_game(c);
    const naive::Rules rules = make_naive(c);
    std::mt19937_64 rng(99);
    int compared = 0, with_some = 0;
    for (int playout = 0; playout < 60; ++playout) {
      LineCapturePosition p = game.start();
      for (int ply = 0; ply < 100; ++ply) {
        if (game.is_lost(p)) break;  // the solver never asks for these
        const std::string text = game.format(p);
        const auto want = naive_predecessors(rules, naive::from_text(text));
        EXPECT_EQ(game_predecessors(game, p), want) << text;
        if (::testing::Test::HasFailure()) return;
        ++compared;
        with_some += !want.empty();
        std::vector<std::pair<std::string, LineCapturePosition>> ms = game_moves(game, p);
        if (ms.empty()) break;
        p = ms[rng() % ms.size()].second;
      }
    }
    EXPECT_GT(compared, 1500);
    EXPECT_GT(with_some, 1000);
  }
}

// Brute force over whole tiers: every move, made forward by the naive
// generator from every position of tier (a, b), that captures nothing, is a
// predecessor link; each position of tier (b, a) must get exactly those.
TEST(Predecessors, WholeSmallTiersAgreeWithForwardMoves) {
  struct Tier {
    int case_index, mine, theirs;
  };
  for (const Tier& tier : {Tier{0, 3, 2}, Tier{1, 2, 3}, Tier{2, 2, 1}, Tier{3, 1, 2}}) {
    const Case& c = kCases[tier.case_index];
    SCOPED_TRACE(std::string(c.label) + " " + std::to_string(tier.mine) + "-" + std::to_string(tier.theirs));
    const LineCaptureGame game = make_game(c);
    const naive::Rules rules = make_naive(c);
    std::map<std::string, std::vector<std::string>> preds;  // child text -> predecessor texts
    for_each_placement(game.squares(), tier.mine, tier.theirs, [&](std::uint32_t a, std::uint32_t b) {
      const std::string q = game.format(LineCapturePosition{a, b, false});
      for (const naive::Move& m : naive::moves(rules, naive::from_text(q)))
        if (m.captured.empty()) preds[naive::to_text(m.after)].push_back(q);
    });
    std::uint64_t checked = 0, links = 0;
    for_each_placement(game.squares(), tier.theirs, tier.mine, [&](std::uint32_t a, std::uint32_t b) {
      if (::testing::Test::HasFailure()) return;
      const LineCapturePosition p{a, b, true};
      std::vector<std::string> want;
      if (const auto it = preds.find(game.format(p)); it != preds.end()) want = it->second;
      std::sort(want.begin(), want.end());
      EXPECT_EQ(game_predecessors(game, p), want) << game.format(p);
      ++checked;
      links += want.size();
    });
    EXPECT_EQ(checked, game.tier_positions(game.tier_id(tier.theirs, tier.mine)));
    EXPECT_GT(links, checked);
  }
}

}  // namespace
}  // namespace rtb
