#include "games/crossings/crossings_seed.hpp"
#include "games/kit/board_text.hpp"
#include "text/board_rows.hpp"
#include "text/printable.hpp"
#include "text/square_name.hpp"

namespace rtb {

namespace {

constexpr std::string_view kSeedPrefix = "seed";

// splitmix64's finaliser: every input bit reaches every output bit.
std::uint64_t mixed(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

template <SquareSet S>
std::uint64_t hashed(std::uint64_t h, S set) {
  if constexpr (std::same_as<S, Bitboard128>) {
    h = mixed(h ^ static_cast<std::uint64_t>(set));
    return mixed(h ^ static_cast<std::uint64_t>(set >> 64));
  } else {
    return mixed(h ^ static_cast<std::uint64_t>(set));
  }
}

}  // namespace

bool is_crossings_seed_variant(const std::string& variant) { return variant.rfind(kSeedPrefix, 0) == 0; }

CrossingsRules crossings_seed_rules(const std::string& variant) {
  if (variant == kSeedPrefix) return crossings_rules("default");
  const std::string prefix = std::string(kSeedPrefix) + "-";
  if (variant.rfind(prefix, 0) != 0)
    throw std::invalid_argument("crossings variant '" + variant +
                                "': the seed text's game is 'seed' (8x8) or 'seed-CxR'");
  const std::string board = variant.substr(prefix.size());
  if (board == "default")
    throw std::invalid_argument("crossings variant " + quoted_input(variant) + ": the 8x8 board is 'seed'");
  try {
    return crossings_rules(board);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("crossings variant " + quoted_input(variant) + ": " + e.what());
  }
}

std::vector<std::string> crossings_seed_variants() {
  std::vector<std::string> out{std::string(kSeedPrefix)};
  for (const std::string& board : crossings_variants())
    if (board != "default") out.push_back(std::string(kSeedPrefix) + "-" + board);
  return out;
}

bool crossings_seed_fits_32_bits(const CrossingsRules& rules) {
  return rules.files * rules.ranks + (rules.files - 1) * (rules.ranks - 1) <= kSetBits<Bitboard>;
}

template <SquareSet S>
CrossingsSeedGame<S>::CrossingsSeedGame(CrossingsRules rules, std::string variant)
    : variant_(std::move(variant)),
      files_(rules.files),
      ranks_(rules.ranks),
      squares_(rules.files * rules.ranks),
      points_(squares_ + (rules.files - 1) * (rules.ranks - 1)),
      stones_(rules.files * rules.home_ranks) {
  if (points_ > kSetBits<S>)
    throw std::invalid_argument("crossings " + variant_ + ": " + std::to_string(points_) + " points do not fit a " +
                                std::to_string(kSetBits<S>) + "-bit set");
  all_squares_ = first_squares<S>(squares_);
  all_corners_ = static_cast<S>(first_squares<S>(points_) & ~all_squares_);
  corner_squares_.assign(points_, 0);
  square_corners_.assign(points_, 0);
  corner_neighbours_.assign(points_, 0);
  orthogonal_neighbours_.assign(points_, 0);
  for (int rank = 0; rank < ranks_; ++rank) {
    S mask = 0;
    for (int file = 0; file < files_; ++file) mask |= bit<S>(square(file, rank));
    rank_masks_.push_back(mask);
  }
  for (int rank = 0; rank < ranks_; ++rank)
    for (int file = 0; file < files_; ++file) {
      const int s = square(file, rank);
      if (file > 0) not_first_file_ |= bit<S>(s);
      if (file + 1 < files_) not_last_file_ |= bit<S>(s);
      const int steps[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
      int neighbours = 0;
      for (const auto& d : steps)
        if (on_board(file + d[0], rank + d[1])) {
          orthogonal_neighbours_[s] |= bit<S>(square(file + d[0], rank + d[1]));
          ++neighbours;
        }
      if (neighbours == 4) interior_ |= bit<S>(s);
    }
  for (int rank = 0; rank + 1 < ranks_; ++rank)
    for (int file = 0; file + 1 < files_; ++file) {
      const int c = corner(file, rank);
      for (int df = 0; df < 2; ++df)
        for (int dr = 0; dr < 2; ++dr) {
          corner_squares_[c] |= bit<S>(square(file + df, rank + dr));
          square_corners_[square(file + df, rank + dr)] |= bit<S>(c);
        }
      for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr) {
          const int f = file + df, r = rank + dr;
          if ((df || dr) && f >= 0 && f + 1 < files_ && r >= 0 && r + 1 < ranks_)
            corner_neighbours_[c] |= bit<S>(corner(f, r));
        }
    }
  for (int rank = 0; rank < rules.home_ranks; ++rank) {
    start_black_ |= rank_masks_[rank];
    start_white_ |= rank_masks_[ranks_ - 1 - rank];
  }
  locks_ = files_ + 1;
  turned_point_.assign(points_, 0);
  for (int rank = 0; rank < ranks_; ++rank)
    for (int file = 0; file < files_; ++file) turned_point_[square(file, rank)] = square(file, ranks_ - 1 - rank);
  for (int rank = 0; rank + 1 < ranks_; ++rank)
    for (int file = 0; file + 1 < files_; ++file) turned_point_[corner(file, rank)] = corner(file, ranks_ - 2 - rank);
  if (!std::same_as<S, Bitboard>) return;
  tablebases_ = true;  // tier_count() and tier_name() below need it
  for (TierId t = 0; t < tier_count(); ++t) {
    const int a = mover_locked(t), b = other_locked(t);
    const std::uint64_t locked_sets = binomial(files_, a) * binomial(files_, b);
    const int free_points = points_ - a - b;
    std::vector<Block> blocks;
    std::uint64_t first = 0;
    for (int i = 0; i <= stones_; ++i)
      for (int j = 0; j <= stones_; ++j) {
        blocks.push_back({first, i, j});
        // The side to move has a piece (else it has lost: no tier holds that).
        if (a + i > stones_ || b + j > stones_ || a + i == 0) continue;
        first += locked_sets * binomial(free_points, i) * binomial(free_points - i, j);
      }
    blocks.push_back({first, 0, 0});
    if (first > kMostTierSlots) {  // too large to tabulate: searched instead
      tablebases_ = false;
      blocks_.clear();
      return;
    }
    blocks_.push_back(std::move(blocks));
  }
}

template <SquareSet S>
std::string CrossingsSeedGame<S>::tier_name(TierId t) const {
  if (!has_tablebases()) return "searched";
  return "locked-" + std::to_string(mover_locked(t)) + "-" + std::to_string(other_locked(t));
}

template <SquareSet S>
std::vector<typename CrossingsSeedGame<S>::TierId> CrossingsSeedGame<S>::tier_successors(TierId t) const {
  if (!has_tablebases()) return {0};
  // The move hands the turn over; an answer to a crossing may lock pieces
  // of both sides. Locked counts never fall.
  std::vector<TierId> out;
  for (int other = other_locked(t); other < locks_; ++other)
    for (int mover = mover_locked(t); mover < locks_; ++mover) out.push_back(tier_id(other, mover));
  return out;
}

template <SquareSet S>
S CrossingsSeedGame<S>::turned(S set) const {
  S out = 0;
  for_each_square(set, [&](int point) { out |= bit<S>(turned_point_[point]); });
  return out;
}

template <SquareSet S>
SeedPosition<S> CrossingsSeedGame<S>::position(TierId t, std::uint64_t index) const {
  if (!has_tablebases()) throw std::logic_error("crossings " + variant_ + " has no tablebases to unrank");
  const std::vector<Block>& blocks = blocks_[t];
  // The last block starting at or before the slot (empty blocks share their start with the next).
  const auto after = std::upper_bound(blocks.begin(), blocks.end() - 1, index,
                                      [](std::uint64_t i, const Block& b) { return i < b.first; });
  const Block& block = *(after - 1);
  const int a = mover_locked(t), b = other_locked(t), i = block.i, j = block.j;
  const int free_points = points_ - a - b;
  const std::uint64_t other_sets = binomial(free_points - i, j), mover_sets = binomial(free_points, i);
  std::uint64_t rest = index - block.first;
  const std::uint64_t rank_j = rest % other_sets;
  rest /= other_sets;
  const std::uint64_t rank_i = rest % mover_sets;
  rest /= mover_sets;
  const std::uint64_t other_locked_sets = binomial(files_, b);
  const std::uint64_t rank_b = rest % other_locked_sets, rank_a = rest / other_locked_sets;
  // Black to move: its far rank is the top one, White's the bottom one.
  const S mover_locked_set = spread(colex_unrank<S>(rank_a, a, files_), far_rank(false));
  const S other_locked_set = spread(colex_unrank<S>(rank_b, b, files_), far_rank(true));
  const S locked = mover_locked_set | other_locked_set;
  const S free_set = static_cast<S>(first_squares<S>(points_) & ~locked);
  const S mover_free = spread(colex_unrank<S>(rank_i, i, free_points), free_set);
  const S other_free = spread(colex_unrank<S>(rank_j, j, free_points - i), static_cast<S>(free_set & ~mover_free));
  return {static_cast<S>(mover_locked_set | mover_free), static_cast<S>(other_locked_set | other_free), locked, false};
}

template <SquareSet S>
std::uint64_t CrossingsSeedGame<S>::slot_weight(TierId t, std::uint64_t index) const {
  const Position p = position(t, index);
  return impossible(p.mine, p.theirs, p.locked, false).empty() ? 1 : 0;
}

template <SquareSet S>
std::uint64_t CrossingsSeedGame<S>::index(const Position& p) const {
  if (!has_tablebases()) {
    std::uint64_t h = p.white_to_move ? 0x9E3779B97F4A7C15ull : 0;
    h = hashed(h, p.mine);
    h = hashed(h, p.theirs);
    h = hashed(h, p.locked);
    return h >> 1;
  }
  // Seen from the side to move, which then moves up the board like Black.
  const S mine = p.white_to_move ? turned(p.mine) : p.mine;
  const S theirs = p.white_to_move ? turned(p.theirs) : p.theirs;
  const S locked = p.white_to_move ? turned(p.locked) : p.locked;
  const S mover_locked_set = mine & locked, other_locked_set = theirs & locked;
  const S mover_free = mine & ~locked, other_free = theirs & ~locked;
  const TierId t = tier_of(p);
  const int b = other_locked(t);
  const Block& block = block_of(t, count(mover_free), count(other_free));
  const int free_points = points_ - mover_locked(t) - b;
  const S free_set = static_cast<S>(first_squares<S>(points_) & ~locked);
  std::uint64_t slot = colex_rank(squeeze(mover_locked_set, far_rank(false)));
  slot = slot * binomial(files_, b) + colex_rank(squeeze(other_locked_set, far_rank(true)));
  slot = slot * binomial(free_points, block.i) + colex_rank(squeeze(mover_free, free_set));
  slot = slot * binomial(free_points - block.i, block.j) +
         colex_rank(squeeze(other_free, static_cast<S>(free_set & ~mover_free)));
  return block.first + slot;
}

template <SquareSet S>
S CrossingsSeedGame<S>::guarded(S pieces) const {
  S out = 0;
  for_each_square(static_cast<S>(pieces & all_corners_), [&](int c) { out |= corner_squares_[c]; });
  return out;
}

template <SquareSet S>
S CrossingsSeedGame<S>::doubly_touched(S pieces) const {
  S once = 0, twice = 0;
  for_each_square(static_cast<S>(pieces & all_corners_), [&](int c) {
    twice |= once & corner_squares_[c];
    once |= corner_squares_[c];
  });
  return twice;
}

template <SquareSet S>
S CrossingsSeedGame<S>::cross_centres(S occupied, S locked) const {
  const S north = (occupied >> files_) & all_squares_;
  const S south = (occupied << files_) & all_squares_;
  const S east = (occupied >> 1) & not_last_file_;
  const S west = (occupied << 1) & not_first_file_;
  return occupied & ~locked & interior_ & north & south & east & west;
}

template <SquareSet S>
bool CrossingsSeedGame<S>::any_formation(S a, S b, S locked) const {
  if (cross_centres(static_cast<S>((a | b) & all_squares_), locked)) return true;
  const S a_corners = a & all_corners_, b_corners = b & all_corners_;
  if (!a_corners && !b_corners) return false;
  // F1: a square piece touched by two enemy corner pieces.
  if ((a & all_squares_ & doubly_touched(b) & ~locked) || (b & all_squares_ & doubly_touched(a) & ~locked)) return true;
  // F2: a corner piece with two enemy square pieces.
  bool found = false;
  for_each_square(a_corners, [&](int c) { found = found || count(static_cast<S>(corner_squares_[c] & b)) >= 2; });
  for_each_square(b_corners, [&](int c) { found = found || count(static_cast<S>(corner_squares_[c] & a)) >= 2; });
  return found;
}

template <SquareSet S>
typename CrossingsSeedGame<S>::StandingList CrossingsSeedGame<S>::formations(S a, S b, S locked) const {
  StandingList out;
  const S centres = cross_centres(static_cast<S>((a | b) & all_squares_), locked);
  const S f1 = ((a & all_squares_ & doubly_touched(b)) | (b & all_squares_ & doubly_touched(a))) & ~locked;
  for_each_square(static_cast<S>((centres | f1) & all_squares_), [&](int s) {
    const S point = bit<S>(s);
    if (centres & point)
      out.push_back(
          {{static_cast<std::uint8_t>(s), false}, static_cast<S>(point | (orthogonal_neighbours_[s] & ~locked))});
    if (f1 & point) {
      const S enemy = (a & point) ? b : a;
      out.push_back({{static_cast<std::uint8_t>(s), true}, static_cast<S>(point | (square_corners_[s] & enemy))});
    }
  });
  for_each_square(static_cast<S>((a | b) & all_corners_), [&](int c) {
    const S point = bit<S>(c);
    const S enemy = (a & point) ? b : a;
    const S held = corner_squares_[c] & enemy;
    if (count(held) >= 2)
      out.push_back({{static_cast<std::uint8_t>(c), false}, static_cast<S>(point | (held & ~locked))});
  });
  return out;
}

// ---- text ----

template <SquareSet S>
SeedPosition<S> CrossingsSeedGame<S>::start() const {
  return {start_black_, start_white_, 0, false};
}

template <SquareSet S>
std::string CrossingsSeedGame<S>::point_name(int point) const {
  const bool is_corner = point >= squares_;
  const int index = is_corner ? point - squares_ : point;
  std::string name = square_name_by_number(index, is_corner ? files_ - 1 : files_);
  if (is_corner) name += '+';
  return name;
}

template <SquareSet S>
std::string CrossingsSeedGame<S>::move_text(const Move& m) const {
  std::string out;
  switch (m.kind) {
    case SeedMoveKind::group:
      out = std::to_string(m.size) + point_name(m.from) + point_name(m.to);
      break;
    case SeedMoveKind::split:
      out = point_name(m.from) + "=";
      for_each_square(m.placed, [&](int s) { out += point_name(s); });
      break;
    default:
      out = point_name(m.from) + point_name(m.to);
  }
  for (int i = 0; i < m.removals; ++i) {
    const SeedFormation& r = m.removed[i];
    out += i == 0 ? '/' : ',';
    out += r.point >= squares_ ? 'c' : r.square_victim ? 's' : 'x';
    out += point_name(r.point);
  }
  return out;
}

template <SquareSet S>
std::string CrossingsSeedGame<S>::impossible(S black, S white, S locked, bool white_to_move) const {
  // Pending pieces (lower case on the own far rank) belong to the side that just moved.
  const S black_pending = black & far_rank(false) & ~locked, white_pending = white & far_rank(true) & ~locked;
  if (!white_to_move && black_pending)
    return ("black, to move, has a pending piece on " + point_name(lowest_square(black_pending)) +
            ": only the side that just moved may have pending pieces (write a locked piece B)");
  if (white_to_move && white_pending)
    return ("white, to move, has a pending piece on " + point_name(lowest_square(white_pending)) +
            ": only the side that just moved may have pending pieces (write a locked piece W)");
  const S both = guarded(black) & guarded(white);
  if (both) return ("square " + point_name(lowest_square(both)) + " is guarded by both sides");
  const StandingList standing = formations(black, white, locked);
  if (!standing.empty()) {
    const SeedFormation& f = standing.front().formation;
    const std::string kind = f.point >= squares_ ? "a corner piece with two enemy pieces on its squares"
                             : f.square_victim   ? "a square piece with two enemy pieces on its corners"
                                                 : "a cross of five pieces";
    return ("a formation stands on " + point_name(f.point) + " (" + kind + "): it would have been removed");
  }
  return "";
}

template <SquareSet S>
BoardRows CrossingsSeedGame<S>::text_rows() const {
  BoardRows rows{{}, {}, "point", "fields", ""};
  for (int field = 0; field < 2 * ranks_ - 1; ++field) {
    const bool corners = field % 2 == 1;
    const int rank = ranks_ - 1 - field / 2;  // a corner row's index is the square rank below it
    rows.names.push_back(corners ? "corner row " + std::to_string(rank) : "rank " + std::to_string(rank + 1));
    rows.lengths.push_back(corners ? files_ - 1 : files_);
  }
  rows.expected = std::to_string(rows.lengths.size()) + " fields separated by '/' (square ranks of " +
                  std::to_string(files_) + " and corner rows of " + std::to_string(files_ - 1) +
                  " between them, from the top)";
  return rows;
}

template <SquareSet S>
SeedPosition<S> CrossingsSeedGame<S>::parse(std::string_view text) const {
  auto fail = [&](const std::string& why) {
    throw std::invalid_argument("bad crossings (" + variant_ + ") position " + quoted_input(text) + ": " + why);
  };
  S black = 0, white = 0, locked = 0;
  auto put = [&](int field, int file, char ch) {
    const bool corners = field % 2 == 1;
    const int rank = ranks_ - 1 - field / 2;  // a corner row's index is the square rank below it
    const int point = corners ? corner(file, rank - 1) : square(file, rank);
    const S b = bit<S>(point);
    switch (ch) {
      case '.':
        break;
      case 'b':
        black |= b;
        break;
      case 'w':
        white |= b;
        break;
      case 'B':
      case 'W': {
        const bool is_black = ch == 'B';
        const int far = is_black ? ranks_ : 1;
        if (corners || rank + 1 != far)
          fail(std::string("locked piece ") + ch + " on " + point_name(point) + ": locked pieces stand only on " +
               (is_black ? "black" : "white") + "'s far rank " + std::to_string(far));
        (is_black ? black : white) |= b;
        locked |= b;
        break;
      }
      default:
        fail("unknown character '" + printable(std::string_view(&ch, 1)) + "' (use b, w, B, W or .)");
    }
  };
  std::size_t at = read_board_rows(text, text_rows(), put, fail);
  const char side = parse_side_to_move(text, at, "bw", fail);
  if (at != text.size()) fail("unexpected text after the side to move: " + quoted_input(text.substr(at)));
  const bool white_to_move = side == 'w';
  const std::string most = std::to_string(stones_);
  if (count(black) > stones_)
    fail("black has " + std::to_string(count(black)) + " pieces, at most " + most + " allowed");
  if (count(white) > stones_)
    fail("white has " + std::to_string(count(white)) + " pieces, at most " + most + " allowed");
  if (const std::string why = impossible(black, white, locked, white_to_move); !why.empty()) fail(why);
  return white_to_move ? Position{white, black, locked, true} : Position{black, white, locked, false};
}

template <SquareSet S>
std::string CrossingsSeedGame<S>::format(const Position& p) const {
  const S black = p.white_to_move ? p.theirs : p.mine;
  const S white = p.white_to_move ? p.mine : p.theirs;
  std::string out = write_board_rows(text_rows().lengths, [&](int field, int file) {
    const bool corners = field % 2 == 1;
    const int rank = ranks_ - 1 - field / 2;
    const S b = bit<S>(corners ? corner(file, rank - 1) : square(file, rank));
    const bool is_locked = (p.locked & b) != 0;
    return (black & b) ? (is_locked ? 'B' : 'b') : (white & b) ? (is_locked ? 'W' : 'w') : '.';
  });
  out += p.white_to_move ? " w" : " b";
  return out;
}

template <SquareSet S>
BoardLook CrossingsSeedGame<S>::board_look() const {
  BoardLook look;
  look.files = files_;
  look.ranks = ranks_;
  // Small letters a side's pieces, capitals its locked ones (docs/rules.md).
  look.pieces = {{'b', "black", "blue"},
                 {'w', "white", "white"},
                 {'B', "black (locked)", "blue"},
                 {'W', "white (locked)", "white"}};
  look.sides = {{'b', "black"}, {'w', "white"}};  // Black moves first
  // The text's order (parse): square rank R, the corner row below it, ...,
  // square rank 1; a corner is named after the square whose upper right it is.
  for (int rank = ranks_ - 1; rank >= 0; --rank) {
    for (int file = 0; file < files_; ++file) look.points.push_back(point_name(square(file, rank)));
    if (rank > 0)
      for (int file = 0; file + 1 < files_; ++file) look.points.push_back(point_name(corner(file, rank - 1)));
  }
  look.off_board = "reserve";
  return look;
}

template class CrossingsSeedGame<Bitboard>;
template class CrossingsSeedGame<Bitboard128>;

}  // namespace rtb
