#pragma once
// Blockade, a tiny game made for the tests: the example of what a new game
// needs (this file, one line in tests/games/game_conformance_test.cpp's list of
// games, and its own facts in tests/games/blockade_game_test.cpp).
//
// A 3x3 board whose points are joined along the ranks, the files and the
// two long diagonals (the board of Tapatan). Each side has four pieces, so
// one point is empty; a move slides a piece of the side to move to the
// empty point along a line. The side that cannot move loses. All positions
// are one tier, numbered up to the board's 8 symmetries; the sets are 64-bit
// words, to run the kit's wider sets through the battery.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "games/kit/bitboard.hpp"
#include "games/kit/board_symmetry.hpp"
#include "games/kit/board_text.hpp"
#include "games/kit/set_indexer.hpp"
#include "solver/game_concept.hpp"
#include "text/printable.hpp"
#include "text/square_name.hpp"

namespace rtb {

class BlockadeGame {
 public:
  using Set = Bitboard64;
  struct Position {
    Set mine = 0, theirs = 0;
    bool o_to_move = false;  // colour of `mine`: text only, never part of the index
    friend bool operator==(const Position& a, const Position& b) { return a.mine == b.mine && a.theirs == b.theirs; }
  };
  struct Move {
    std::uint8_t from = 0, to = 0;
  };
  using TierId = std::uint32_t;
  static constexpr int kWidth = 3, kPoints = 9, kPieces = 4;

  BlockadeGame() : maps_(dihedral_maps<Set>(kWidth)), indexer_(kPoints, kPieces, kPieces, maps_) {
    for (int s = 0; s < kPoints; ++s) {
      const int file = s % kWidth, rank = s / kWidth;
      for (int t = 0; t < kPoints; ++t) {
        const int df = t % kWidth - file, dr = t / kWidth - rank;
        const bool step = t != s && df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
        const bool diagonal = df != 0 && dr != 0;
        // Diagonal steps only along the long diagonals: from or to the centre.
        if (step && (!diagonal || s == 4 || t == 4)) neighbours_[s] |= bit<Set>(t);
      }
    }
  }

  std::string name() const { return "blockade"; }
  std::string variant() const { return "default"; }
  TierId tier_count() const { return 1; }
  std::string tier_name(TierId) const { return "4-4"; }
  std::uint64_t tier_size(TierId) const { return indexer_.size(); }
  std::vector<TierId> tier_successors(TierId) const { return {0}; }
  TierId tier_of(const Position&) const { return 0; }
  std::uint64_t index(const Position& p) const { return indexer_.index(p.mine, p.theirs); }
  Position position(TierId, std::uint64_t i) const {
    const auto [mine, theirs] = indexer_.sets(i);
    return {mine, theirs, false};
  }
  std::uint64_t slot_weight(TierId, std::uint64_t i) const { return indexer_.weight(i); }
  bool is_lost(const Position&) const { return false; }  // only by having no move, which the engine sees

  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    const int empty = lowest_square(kBoard & ~(p.mine | p.theirs));
    for_each_square(static_cast<Set>(neighbours_[empty] & p.mine), [&](int from) {
      f(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(empty)},
        Position{p.theirs, p.mine ^ bit<Set>(from) ^ bit<Set>(empty), !p.o_to_move});
    });
  }

  std::size_t symmetry_count() const { return maps_.size(); }
  Position symmetric_position(const Position& p, std::size_t k) const {
    return {maps_[k].apply(p.mine), maps_[k].apply(p.theirs), p.o_to_move};
  }

  // Text: "xxx/x.o/ooo x", ranks from the top, then the side to move.
  Position start() const { return parse("ooo/o.x/xxx x"); }
  Position parse(std::string_view text) const {
    auto fail = [&](const std::string& why) {
      throw std::invalid_argument("bad blockade position " + quoted_input(text) + ": " + why);
    };
    BoardText board;
    try {
      board = parse_board(text, kWidth, "xo", "point");
    } catch (const std::invalid_argument& e) {
      fail(e.what());
    }
    if (count(board.pieces[0]) != kPieces || count(board.pieces[1]) != kPieces) fail("each side has 4 pieces");
    if (board.end + 2 != text.size() || text[board.end] != ' ' || (text.back() != 'x' && text.back() != 'o'))
      fail("expected ' x' or ' o' (the side to move) after the board");
    const bool o_to_move = text.back() == 'o';
    const Set x = board.pieces[0], o = board.pieces[1];
    return o_to_move ? Position{o, x, true} : Position{x, o, false};
  }
  std::string format(const Position& p) const {
    const Set x = p.o_to_move ? p.theirs : p.mine, o = p.o_to_move ? p.mine : p.theirs;
    return format_board(kWidth, "xo", static_cast<Bitboard>(x), static_cast<Bitboard>(o)) + (p.o_to_move ? " o" : " x");
  }
  std::string move_text(const Move& m) const { return square_name(m.from) + square_name(m.to); }

 protected:
  static constexpr Set kBoard = first_squares<Set>(kPoints);
  static std::string square_name(int s) { return square_name_by_number(s, kWidth); }

  Set neighbours_[kPoints] = {};
  std::vector<BasicSquareMap<Set>> maps_;
  SetIndexer<Set, 2> indexer_;
};

static_assert(RetrogradeGame<BlockadeGame>);
static_assert(HasPositionText<BlockadeGame>);
static_assert(HasSymmetries<BlockadeGame>);
static_assert(!GivesPredecessors<BlockadeGame>);

}  // namespace rtb
