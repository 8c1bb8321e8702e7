#include "games/line_capture/line_capture.hpp"
#include "text/printable.hpp"

#include "games/kit/board_text.hpp"
#include "text/square_name.hpp"

#include <stdexcept>

namespace rtb {

LineCaptureRules pangki_rules() { return {"pangki", 4, 6, 1, "wwww/w..w/b..b/bbbb b"}; }
LineCaptureRules cinc_camins_rules() { return {"cinc-camins", 5, 5, 0, "wwwww/...../...../...../bbbbb b"}; }

LineCaptureGame::LineCaptureGame(LineCaptureRules rules, CaptureLines lines)
    : rules_(std::move(rules)),
      lines_(lines),
      squares_(rules_.width * rules_.width),
      tier_sides_(rules_.pieces - rules_.lost_at),
      all_squares_(static_cast<Bitboard>((std::uint64_t{1} << squares_) - 1)) {
  const int w = rules_.width;
  neighbours_.assign(squares_, 0);
  for (int s = 0; s < squares_; ++s) {
    const int file = s % w, rank = s / w;
    if (file > 0) neighbours_[s] |= bit(s - 1);
    if (file < w - 1) neighbours_[s] |= bit(s + 1);
    if (rank > 0) neighbours_[s] |= bit(s - w);
    if (rank < w - 1) neighbours_[s] |= bit(s + w);
  }
  // Lines 0..w-1 are the ranks, w..2w-1 the files. A line's squares, taken
  // in increasing order, are its squares in order along the line.
  for (int line = 0; line < 2 * w; ++line) {
    Bitboard mask = 0;
    for (int k = 0; k < w; ++k) mask |= bit(line < w ? line * w + k : k * w + (line - w));
    line_masks_.push_back(mask);
  }
  // docs/rules.md: a line captures when it holds exactly three pieces, side by
  // side, two of the mover's next to one of the opponent's at an end; that
  // one is taken. Patterns are w-bit sets of positions along the line.
  line_captures_.assign(std::size_t{1} << (2 * w), 0);
  for (Bitboard mover = 0; mover < bit(w); ++mover) {
    for (Bitboard other = 0; other < bit(w); ++other) {
      if ((mover & other) || count(mover | other) != 3) continue;
      const Bitboard three = mover | other;
      const int low = lowest_square(three);
      if (three != (Bitboard{7} << low)) continue;  // not side by side
      std::uint8_t taken = 0;
      if (other == bit(low + 2)) taken = static_cast<std::uint8_t>(other);  // mover, mover, opponent
      if (other == bit(low)) taken = static_cast<std::uint8_t>(other);      // opponent, mover, mover
      line_captures_[mover << w | other] = taken;
    }
  }
  auto rank_line = [](int s, int width) { return static_cast<std::uint8_t>(s / width); };
  auto file_line = [](int s, int width) { return static_cast<std::uint8_t>(width + s % width); };
  move_lines_.assign(squares_ * squares_, {kNoLine, kNoLine, kNoLine});
  for (int from = 0; from < squares_; ++from) {
    for (int to = 0; to < squares_; ++to) {
      if (!(neighbours_[from] & bit(to))) continue;
      auto& lines_of_move = move_lines_[from * squares_ + to];
      lines_of_move[0] = rank_line(to, w);
      lines_of_move[1] = file_line(to, w);
      if (lines_ == CaptureLines::Touched) {
        // The step stays in one of the arrival lines; the other line of the
        // square left is the third.
        lines_of_move[2] = (from / w == to / w) ? file_line(from, w) : rank_line(from, w);
      }
    }
  }
  maps_ = dihedral_maps(w);
  indexers_.resize(tier_count());
  for (TierId t = 0; t < tier_count(); ++t)
    indexers_[t] = std::make_unique<TwoSetIndexer>(squares_, other_pieces(t), mover_pieces(t), maps_);
}

std::string LineCaptureGame::tier_name(TierId t) const {
  return std::to_string(mover_pieces(t)) + "-" + std::to_string(other_pieces(t));
}

std::vector<LineCaptureGame::TierId> LineCaptureGame::tier_successors(TierId t) const {
  const int mover = mover_pieces(t), other = other_pieces(t);
  const int most_captures = lines_ == CaptureLines::Touched ? 3 : 2;
  std::vector<TierId> out;
  for (int taken = 0; taken <= most_captures; ++taken) {
    const int left = other - taken;
    if (left < lowest_count()) break;  // the mover has won: a terminal child
    out.push_back(tier_id(left, mover));
  }
  return out;
}

std::string LineCaptureGame::square_name(int square) const { return square_name_by_number(square, rules_.width); }

std::string LineCaptureGame::move_text(const Move& m) const { return square_name(m.from) + square_name(m.to); }

LineCapturePosition LineCaptureGame::parse(std::string_view text) const {
  const int w = rules_.width;
  auto fail = [&](const std::string& why) {
    throw std::invalid_argument("bad " + rules_.name + " position " + quoted_input(text) + ": " + why);
  };
  Bitboard black = 0, white = 0;
  std::size_t at = 0;
  try {
    const BoardText board = parse_board(text, w, "bw", "square");
    black = board.pieces[0];
    white = board.pieces[1];
    at = board.end;
  } catch (const std::invalid_argument& e) {
    fail(e.what());
  }
  const char side = parse_side_to_move(text, at, "bw", fail);
  if (at != text.size()) fail("unexpected text after the side to move: " + quoted_input(text.substr(at)));
  if (count(black) > rules_.pieces)
    fail("black has " + std::to_string(count(black)) + " pieces, at most " + std::to_string(rules_.pieces) +
         " allowed");
  if (count(white) > rules_.pieces)
    fail("white has " + std::to_string(count(white)) + " pieces, at most " + std::to_string(rules_.pieces) +
         " allowed");
  const bool white_to_move = side == 'w';
  const Bitboard waiting = white_to_move ? black : white;
  if (count(waiting) <= rules_.lost_at)
    fail(std::string(white_to_move ? "black" : "white") + ", the side not to move, has " +
         std::to_string(count(waiting)) + " pieces and has already lost; the game cannot continue from here");
  return white_to_move ? Position{white, black, true} : Position{black, white, false};
}

std::string LineCaptureGame::format(const Position& p) const {
  const Bitboard black = p.white_to_move ? p.theirs : p.mine;
  const Bitboard white = p.white_to_move ? p.mine : p.theirs;
  std::string out = format_board(rules_.width, "bw", black, white);
  out += p.white_to_move ? " w" : " b";
  return out;
}

}  // namespace rtb
