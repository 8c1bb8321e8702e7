#include "games/crossings/crossings.hpp"
#include "games/kit/board_text.hpp"
#include "text/board_rows.hpp"
#include "text/printable.hpp"
#include "text/square_name.hpp"

#include <stdexcept>

namespace rtb {

namespace {

constexpr int kSmallestSide = 3, kLargestSide = 8;

// A 64-bit mixer (splitmix64's finaliser): every input bit reaches every
// output bit, so a hash of two sets rarely collides in a search's table.
std::uint64_t mixed(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

CrossingsRules crossings_rules(const std::string& variant) {
  if (variant == "default") return {8, 8, 2};
  auto fail = [&]() {
    throw std::invalid_argument("crossings variant " + quoted_input(variant) + ": use default (8x8) or CxR with " +
                                std::to_string(kSmallestSide) + " <= C, R <= " + std::to_string(kLargestSide) +
                                " (C files, R ranks, one rank of stones a side), not 8x8");
  };
  if (variant.size() != 3 || variant[1] != 'x') fail();
  const int files = variant[0] - '0', ranks = variant[2] - '0';
  if (files < kSmallestSide || files > kLargestSide || ranks < kSmallestSide || ranks > kLargestSide) fail();
  if (files == 8 && ranks == 8) fail();
  return {files, ranks, 1};
}

std::vector<std::string> crossings_variants() {
  std::vector<std::string> out{"default"};
  for (int files = kSmallestSide; files <= kLargestSide; ++files)
    for (int ranks = kSmallestSide; ranks <= kLargestSide; ++ranks)
      if (files != 8 || ranks != 8) out.push_back(std::to_string(files) + "x" + std::to_string(ranks));
  return out;
}

CrossingsGame::CrossingsGame(CrossingsRules rules, std::string variant)
    : rules_(rules),
      variant_(std::move(variant)),
      squares_(rules.files * rules.ranks),
      stones_(rules.files * rules.home_ranks),
      all_(squares_ == 64 ? ~Squares{0} : (Squares{1} << squares_) - 1) {
  const int c = rules_.files, r = rules_.ranks;
  for (int rank = 0; rank < r; ++rank) rank_masks_.push_back(((Squares{1} << c) - 1) << (rank * c));
  for (int file = 0; file < c; ++file) {
    Squares mask = 0;
    for (int rank = 0; rank < r; ++rank) mask |= Squares{1} << (rank * c + file);
    file_masks_.push_back(mask);
  }
  // N, S, E, W, NE, SW, NW, SE: d ^ 1 is d's opposite, and the even ones raise
  // the square number (NW by files - 1: a board has at least 3 files).
  const int steps[8][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, -1}, {-1, 1}, {1, -1}};
  for (int d = 0; d < 8; ++d) {
    const int df = steps[d][0], dr = steps[d][1];
    Squares source = 0;
    for (int s = 0; s < squares_; ++s) {
      const int file = s % c + df, rank = s / c + dr;
      if (file >= 0 && file < c && rank >= 0 && rank < r) source |= Squares{1} << s;
    }
    directions_[d] = {dr * c + df, source};
  }
  if (!has_tablebases()) return;
  std::vector<int> identity(squares_), mirror(squares_);
  for (int s = 0; s < squares_; ++s) {
    identity[s] = s;
    mirror[s] = (s / c) * c + (c - 1 - s % c);
  }
  maps_ = {SquareMap(identity), SquareMap(mirror)};
  std::vector<int> upside_down(squares_);
  for (int s = 0; s < squares_; ++s) upside_down[s] = (r - 1 - s / c) * c + s % c;
  turn_ = SquareMap(upside_down);
  indexers_ = LazyIndexers<TwoSetIndexer>(squares_, maps_, stones_, stones_);
}

std::uint64_t CrossingsGame::table_bytes(const std::vector<TierId>& tiers) const {
  if (!has_tablebases()) return 0;
  std::vector<std::pair<int, int>> sizes;
  for (const TierId t : tiers) sizes.push_back(indexer_sizes(t));
  return indexers_.table_bytes(sizes);
}

std::string CrossingsGame::tier_name(TierId t) const {
  if (!has_tablebases()) return "searched";
  return std::to_string(mover_pieces(t)) + "-" + std::to_string(other_pieces(t));
}

std::uint64_t CrossingsGame::tier_positions(TierId t) const {
  if (!has_tablebases()) return 0;
  return binomial(squares_, mover_pieces(t)) * binomial(squares_ - mover_pieces(t), other_pieces(t));
}

std::vector<CrossingsGame::TierId> CrossingsGame::tier_successors(TierId t) const {
  if (!has_tablebases()) return {0};
  const int mover = mover_pieces(t), other = other_pieces(t);
  // A quiet move hands the move over; a capture also takes one stone. The
  // last stone taken ends the game: no tier.
  std::vector<TierId> out{tier_id(other, mover)};
  if (other >= 2) out.push_back(tier_id(other - 1, mover));
  return out;
}

Squares CrossingsGame::turned(Squares s) const {
  if (has_tablebases()) return turn_.apply(small(s));  // every unranking turns two sets
  const int c = rules_.files, r = rules_.ranks;
  Squares out = 0;
  for (int rank = 0; rank < r; ++rank) out |= ((s >> (rank * c)) & rank_masks_[0]) << ((r - 1 - rank) * c);
  return out;
}

Squares CrossingsGame::mirrored(Squares s) const {
  const int c = rules_.files;
  Squares out = 0;
  for (int file = 0; file < c; ++file) {
    const int shift = c - 1 - 2 * file;
    const Squares column = s & file_masks_[file];
    out |= shift >= 0 ? column << shift : column >> -shift;
  }
  return out;
}

std::uint64_t CrossingsGame::index(const Position& p) const {
  // Seen from the side to move, which then always moves up the board.
  const Squares mine = p.white_to_move ? turned(p.mine) : p.mine;
  const Squares theirs = p.white_to_move ? turned(p.theirs) : p.theirs;
  if (!has_tablebases()) {
    const std::uint64_t a = mixed(mixed(mine) ^ theirs), b = mixed(mixed(mirrored(mine)) ^ mirrored(theirs));
    return std::min(a, b) >> 1;  // the mirror images share a slot
  }
  // The side not to move is the indexer's first set, as for line capture.
  return indexer(tier_of(p)).index(static_cast<Bitboard>(theirs), static_cast<Bitboard>(mine));
}

CrossingsPosition CrossingsGame::position(TierId t, std::uint64_t index) const {
  if (!has_tablebases()) throw std::logic_error("crossings " + variant_ + " has no tablebases to unrank");
  const auto [theirs, mine] = indexer(t).sets(index);
  // White to move, so that its children and its predecessors, Black to
  // move, are seen as they stand: the solver indexes those without turning.
  return {turned(mine), turned(theirs), true};
}

std::uint64_t CrossingsGame::slot_weight(TierId t, std::uint64_t index) const {
  const Position p = position(t, index);
  // Only the side that moved last can be ahead in crossed stones, by one.
  const int mover = crossed(p.mine, p.white_to_move), other = crossed(p.theirs, !p.white_to_move);
  if (other != mover && other != mover + 1) return 0;
  return indexer(t).weight(index);
}

CrossingsPosition CrossingsGame::start() const {
  const int home = rules_.home_ranks;
  Squares black = 0, white = 0;
  for (int rank = 0; rank < home; ++rank) {
    black |= rank_masks_[rank];
    white |= rank_masks_[rules_.ranks - 1 - rank];
  }
  return {black, white, false};
}

std::string CrossingsGame::square_name(int square) const { return square_name_by_number(square, rules_.files); }

std::string CrossingsGame::move_text(const Move& m) const { return square_name(m.from) + square_name(m.to); }

CrossingsPosition CrossingsGame::parse(std::string_view text) const {
  const int c = rules_.files, r = rules_.ranks;
  auto fail = [&](const std::string& why) {
    throw std::invalid_argument("bad crossings (" + variant_ + ") position " + quoted_input(text) + ": " + why);
  };
  Squares black = 0, white = 0;
  auto put = [&](int row, int file, char ch) {
    const int rank = r - 1 - row;
    const int square = rank * c + file;
    const Squares b = Squares{1} << square;
    const bool on_top = rank == r - 1, on_bottom = rank == 0;
    switch (ch) {
      case '.':
        break;
      case 'b':
        if (on_top) fail("black stone on " + square_name(square) + ", black's far rank, must be written B (crossed)");
        black |= b;
        break;
      case 'B':
        if (!on_top)
          fail("crossed black stone B on " + square_name(square) + ", which is not black's far rank " +
               std::to_string(r));
        black |= b;
        break;
      case 'w':
        if (on_bottom)
          fail("white stone on " + square_name(square) + ", white's far rank, must be written W (crossed)");
        white |= b;
        break;
      case 'W':
        if (!on_bottom) fail("crossed white stone W on " + square_name(square) + ", which is not white's far rank 1");
        white |= b;
        break;
      default:
        fail("unknown character '" + printable(std::string_view(&ch, 1)) + "' (use b, w, B, W or .)");
    }
  };
  std::size_t at = read_board_rows(text, rectangular_rows(r, c, "square"), put, fail);
  const char side = parse_side_to_move(text, at, "bw", fail);
  if (at != text.size()) fail("unexpected text after the side to move: " + quoted_input(text.substr(at)));
  const std::string most = std::to_string(stones_);
  if (std::popcount(black) > stones_)
    fail("black has " + std::to_string(std::popcount(black)) + " stones, at most " + most + " allowed");
  if (std::popcount(white) > stones_)
    fail("white has " + std::to_string(std::popcount(white)) + " stones, at most " + most + " allowed");
  const bool white_to_move = side == 'w';
  const Position p = white_to_move ? Position{white, black, true} : Position{black, white, false};
  const char* moved = white_to_move ? "black" : "white";
  const char* to_move = white_to_move ? "white" : "black";
  if (p.theirs == 0) fail(std::string(moved) + ", the side that just moved, has no stone");
  const int mover_crossed = crossed(p.mine, white_to_move), other_crossed = crossed(p.theirs, !white_to_move);
  if (mover_crossed > other_crossed)
    fail(std::string(to_move) + ", to move, has more crossed stones (" + std::to_string(mover_crossed) + ") than " +
         moved + " (" + std::to_string(other_crossed) + "): " + moved + " could not have answered the crossing");
  if (other_crossed > mover_crossed + 1)
    fail(std::string(moved) + " has " + std::to_string(other_crossed) + " crossed stones and " + to_move + " " +
         std::to_string(mover_crossed) + ": the counts can differ by one at most");
  return p;
}

std::string CrossingsGame::format(const Position& p) const {
  const int c = rules_.files, r = rules_.ranks;
  const Squares black = p.white_to_move ? p.theirs : p.mine;
  const Squares white = p.white_to_move ? p.mine : p.theirs;
  std::string out = write_board_rows(std::vector<int>(static_cast<std::size_t>(r), c), [&](int row, int file) {
    const int rank = r - 1 - row;
    const Squares b = Squares{1} << (rank * c + file);
    return (black & b) ? (rank == r - 1 ? 'B' : 'b') : (white & b) ? (rank == 0 ? 'W' : 'w') : '.';
  });
  out += p.white_to_move ? " w" : " b";
  return out;
}

}  // namespace rtb
