#pragma once
// What the Morris tests share: rtb's moves in the naive generator's form,
// and random games checked move by move against the naive generator
// (tests/games/morris/naive_morris.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "games/morris/morris.hpp"
#include "tests/games/morris/naive_morris.hpp"

namespace rtb::morris_test {

using MoveList = std::vector<std::pair<std::string, std::string>>;

// rtb's moves as (move text, child text), sorted like the naive generator's.
inline MoveList rtb_moves(const MorrisGame& game, const MorrisPosition& p) {
  MoveList out;
  game.for_each_move(p, [&](const MorrisMove& m, const MorrisPosition& child) {
    out.push_back({game.move_text(m), game.format(child)});
  });
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> move_texts(const MoveList& moves) {
  std::vector<std::string> out;
  for (const auto& move : moves) out.push_back(move.first);
  return out;
}

inline int removals(const MoveList& moves) {
  int n = 0;
  for (const auto& move : moves) n += move.first.find('x') != std::string::npos;
  return n;
}

// The lost test the engine sees: fewer than three stones, or no move.
inline bool rtb_lost(const MorrisGame& game, const MorrisPosition& p) {
  if (game.is_lost(p)) return true;
  bool any = false;
  game.for_each_move(p, [&](const MorrisMove&, const MorrisPosition&) { any = true; });
  return !any;
}

// The one move rtb gives a full board drawn (MorrisRules::full_board_draws),
// where the rules give none: a pass to the same board, the other side to move.
inline MoveList full_board_pass(const std::string& text) {
  std::string after = text;
  const std::size_t side = after.find(' ') + 1;
  after[side] = after[side] == 'w' ? 'b' : 'w';
  return {{"pass", after}};
}

struct PlayoutStats {
  int positions = 0, placement = 0, movement = 0, flying = 0, with_removal = 0, restricted_removal = 0,
      all_in_mills_removal = 0, blocked = 0, under_three = 0;
  int slides_in_hand = 0;  // positions where a side with stones in hand may slide (lasker)
  int full_board = 0;      // positions where the board is full (morabaraba: drawn)
};

// Plays `games` random games of `variant` (seeded), checking at every
// position: the text round trip, the naive move list against rtb's, and the
// lost test. Moves are drawn uniformly, except that a removal is taken when
// one is offered half the time, to reach three stones (flying) and the end
// more often.
inline PlayoutStats check_playouts(const std::string& variant, int games, int max_plies, unsigned seed,
                                   std::vector<std::string>* sample = nullptr) {
  const MorrisGame game(variant);
  const naive::MillsBoard b = naive::mills_board(variant);
  PlayoutStats stats;
  std::mt19937 rng(seed);
  for (int g = 0; g < games; ++g) {
    MorrisPosition p = game.start();
    for (int ply = 0; ply <= max_plies; ++ply) {
      const std::string text = game.format(p);
      EXPECT_EQ(game.parse(text), p) << variant << " " << text;
      const naive::Position np = naive::parse(b, text);
      const MoveList fast = rtb_moves(game, p), slow = naive::moves(b, np);
      if (naive::is_drawn(b, np)) {  // over, drawn: no move but rtb's pass
        EXPECT_TRUE(slow.empty()) << variant << " " << text;
        EXPECT_EQ(fast, full_board_pass(text)) << variant << " " << text;
        ++stats.full_board;
        break;
      }
      EXPECT_EQ(fast, slow) << variant << " " << text;
      const bool lost = naive::is_lost(b, np);
      EXPECT_EQ(rtb_lost(game, p), lost) << variant << " " << text;
      ++stats.positions;
      const char me = np.to_move, them = me == 'w' ? 'b' : 'w';
      const bool placing = (me == 'w' ? np.hand_w : np.hand_b) > 0;
      ++(placing ? stats.placement : stats.movement);
      const int my_hand = me == 'w' ? np.hand_w : np.hand_b;
      const bool slides = !placing || (b.slides_with_hand && naive::on_board(np, me) > 0);
      if (placing && slides) ++stats.slides_in_hand;
      if (slides && b.flying && naive::on_board(np, me) + my_hand == 3) ++stats.flying;
      if (naive::on_board(np, me) + (me == 'w' ? np.hand_w : np.hand_b) < 3) ++stats.under_three;
      if (!placing && slow.empty()) ++stats.blocked;
      if (removals(slow) > 0) {
        ++stats.with_removal;
        int in_mills = 0;
        for (std::size_t k = 0; k < b.names.size(); ++k)
          in_mills += np.at[k] == them && naive::in_a_mill(b, np, static_cast<int>(k), them);
        if (in_mills > 0 && in_mills < naive::on_board(np, them)) ++stats.restricted_removal;
        if (in_mills > 0 && in_mills == naive::on_board(np, them)) ++stats.all_in_mills_removal;
      }
      if (sample && ply % 17 == 5) sample->push_back(text);
      if (lost || fast.empty()) break;
      // Walk on with one of rtb's own children (checked equal to the naive ones above).
      std::vector<MorrisPosition> children, captures;
      game.for_each_move(p, [&](const MorrisMove& m, const MorrisPosition& child) {
        children.push_back(child);
        if (m.is_capture()) captures.push_back(child);
      });
      const std::vector<MorrisPosition>& pool = !captures.empty() && rng() % 2 == 0 ? captures : children;
      p = pool[rng() % pool.size()];
    }
  }
  return stats;
}

}  // namespace rtb::morris_test
