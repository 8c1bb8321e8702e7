#include "games/bagh_chal/bagh_chal.hpp"
#include "text/printable.hpp"

#include "games/kit/board_text.hpp"
#include "text/square_name.hpp"

#include <charconv>
#include <stdexcept>

namespace rtb {

namespace {

// docs/rules.md's variants: the board size sets the goats and the winning captures.
const std::vector<BaghChalRules>& variant_table() {
  static const std::vector<BaghChalRules> table{
      {"default", 5, 20, 5, true}, {"4x4", 4, 12, 3, true},         {"3x3", 3, 4, 1, true},
      {"nodiag", 5, 20, 5, false}, {"4x4-nodiag", 4, 12, 3, false}, {"3x3-nodiag", 3, 4, 1, false},
  };
  return table;
}

}  // namespace

const std::vector<std::string>& bagh_chal_variants() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const BaghChalRules& r : variant_table()) out.push_back(r.variant);
    return out;
  }();
  return names;
}

BaghChalRules bagh_chal_rules(std::string_view variant) {
  for (const BaghChalRules& r : variant_table())
    if (r.variant == variant) return r;
  std::string list;
  for (const std::string& name : bagh_chal_variants()) list += (list.empty() ? "" : ", ") + name;
  throw std::invalid_argument("unknown bagh-chal variant " + quoted_input(variant) + " (use " + list + ")");
}

BaghChalGame::BaghChalGame(BaghChalRules rules)
    : rules_(std::move(rules)),
      squares_(rules_.size * rules_.size),
      all_points_(static_cast<Bitboard>((std::uint64_t{1} << squares_) - 1)) {
  if (rules_.size < 3 || rules_.size > 5) throw std::invalid_argument("bagh-chal: the board must be 3x3 to 5x5");
  if (rules_.goats > squares_ - kTigers || rules_.target < 1 || rules_.target > rules_.goats)
    throw std::invalid_argument("bagh-chal: the goats must fit on the board and the target must be 1..goats");
  build_lines();
  for (const SquareMap& map : dihedral_maps(rules_.size))
    if (keeps_lines_and_jumps(map)) maps_.push_back(map);
  build_tiers();
}

// docs/rules.md counts the rows from the top: on 4x4 that is not file + rank.
bool BaghChalGame::has_diagonals(int square) const {
  const int file = square % rules_.size, row_from_top = rules_.size - 1 - square / rules_.size;
  return rules_.diagonals && (file + row_from_top) % 2 == 0;
}

void BaghChalGame::build_lines() {
  const int n = rules_.size;
  constexpr std::array<std::array<int, 2>, 8> kDirections{
      {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};
  // The point one step from `square` in direction d along a line, or -1.
  auto step = [&](int square, const std::array<int, 2>& d) {
    const int file = square % n + d[0], rank = square / n + d[1];
    if (file < 0 || file >= n || rank < 0 || rank >= n) return -1;
    const bool diagonal = d[0] != 0 && d[1] != 0;
    if (diagonal && !has_diagonals(square)) return -1;
    return rank * n + file;
  };
  points_.assign(squares_, Point{});
  for (int s = 0; s < squares_; ++s) {
    for (const auto& d : kDirections) {
      const int over = step(s, d);
      if (over < 0) continue;
      points_[s].neighbours |= bit(over);
      const int land = step(over, d);
      if (land < 0) continue;
      points_[s].jumps[points_[s].jump_count++] = {static_cast<std::uint8_t>(over), static_cast<std::uint8_t>(land)};
    }
  }
}

bool BaghChalGame::keeps_lines_and_jumps(const SquareMap& map) const {
  for (int s = 0; s < squares_; ++s) {
    const Point& image = points_[map.apply_square(s)];
    if (map.apply(points_[s].neighbours) != image.neighbours) return false;
    if (points_[s].jump_count != image.jump_count) return false;
    for (int j = 0; j < points_[s].jump_count; ++j) {
      const int over = map.apply_square(points_[s].jumps[j].over), land = map.apply_square(points_[s].jumps[j].land);
      bool found = false;
      for (int k = 0; k < image.jump_count; ++k)
        found = found || (image.jumps[k].over == over && image.jumps[k].land == land);
      if (!found) return false;
    }
  }
  return true;
}

void BaghChalGame::build_tiers() {
  const int goats = rules_.goats;
  tier_ids_.assign(static_cast<std::size_t>(rules_.target) * (goats + 1) * 2, kNoTier);
  for (int captured = 0; captured < rules_.target; ++captured) {
    for (int in_hand = 0; in_hand + captured <= goats; ++in_hand) {
      for (BaghChalSide side : {BaghChalSide::Goats, BaghChalSide::Tigers}) {
        tier_ids_[(captured * (goats + 1) + in_hand) * 2 + static_cast<int>(side)] = tier_count();
        tiers_.push_back({in_hand, captured, side});
      }
    }
  }
  // Tiers with the same goats on the board share the numbering.
  indexers_.resize(goats + 1);
  for (int on_board = 0; on_board <= goats; ++on_board)
    indexers_[on_board] = std::make_unique<TwoSetIndexer>(squares_, kTigers, on_board, maps_);
}

std::string BaghChalGame::tier_name(TierId t) const {
  std::string name = "h";  // appended piece by piece: GCC 12 warns falsely on "h" + std::string
  name += std::to_string(pieces_in_hand(t));
  name += "-c";
  name += std::to_string(goats_captured(t));
  name += side_to_move(t) == BaghChalSide::Goats ? "-g" : "-t";
  return name;
}

std::vector<BaghChalGame::TierId> BaghChalGame::tier_successors(TierId t) const {
  const int in_hand = pieces_in_hand(t), taken = goats_captured(t);
  if (side_to_move(t) == BaghChalSide::Goats)  // a placement uses up a goat; a slide keeps the count
    return {tier_id(in_hand > 0 ? in_hand - 1 : 0, taken, BaghChalSide::Tigers)};
  std::vector<TierId> out{tier_id(in_hand, taken, BaghChalSide::Goats)};
  // A capture needs a goat on the board; the winning capture ends the game.
  if (goats_on_board(t) > 0 && taken + 1 < rules_.target)
    out.push_back(tier_id(in_hand, taken + 1, BaghChalSide::Goats));
  return out;
}

BaghChalPosition BaghChalGame::start() const {
  const int last = rules_.size - 1;
  const Bitboard corners = bit(0) | bit(last) | bit(last * rules_.size) | bit(last * rules_.size + last);
  return {corners, 0, static_cast<std::uint8_t>(rules_.goats), BaghChalSide::Goats};
}

std::string BaghChalGame::square_name(int square) const { return square_name_by_number(square, rules_.size); }

std::string BaghChalGame::move_text(const Move& m) const {
  return m.is_placement() ? square_name(m.to) : square_name(m.from) + square_name(m.to);
}

BaghChalPosition BaghChalGame::parse(std::string_view text) const {
  const int n = rules_.size;
  const std::string goats_total = std::to_string(rules_.goats), target = std::to_string(rules_.target);
  auto fail = [&](const std::string& why) {
    throw std::invalid_argument("bad bagh-chal (" + rules_.variant + ") position " + quoted_input(text) + ": " + why);
  };
  Position p;
  std::size_t at = 0;
  try {
    const BoardText board = parse_board(text, n, "TG", "point");
    p.tigers = board.pieces[0];
    p.goats = board.pieces[1];
    at = board.end;
  } catch (const std::invalid_argument& e) {
    fail(e.what());
  }
  if (count(p.tigers) != kTigers) fail("expected 4 tigers, found " + std::to_string(count(p.tigers)));
  const char side = parse_side_to_move(text, at, "gt", fail);
  p.to_move = side == 'g' ? BaghChalSide::Goats : BaghChalSide::Tigers;
  if (at >= text.size() || text[at] != ' ' || at + 1 >= text.size())
    fail("missing goats in hand (a number 0.." + goats_total + " after the side to move)");
  const std::string_view field = text.substr(at + 1, text.find(' ', at + 1) - (at + 1));
  int in_hand = -1;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), in_hand);
  if (error != std::errc{} || end != field.data() + field.size())
    fail("goats in hand must be a number 0.." + goats_total + ", not " + quoted_input(field));
  if (in_hand < 0 || in_hand > rules_.goats)
    fail("goats in hand must be 0.." + goats_total + ", not " + std::string(field));
  if (at + 1 + field.size() != text.size())
    fail("unexpected text after the goats in hand: " + quoted_input(text.substr(at + 1 + field.size())));
  p.goats_in_hand = static_cast<std::uint8_t>(in_hand);
  const int on_board = count(p.goats), taken = captured(p);
  if (taken < 0)
    fail(std::to_string(on_board) + " goats on the board and " + std::to_string(in_hand) +
         " in hand make more than the " + goats_total + " goats of the game");
  if (taken > rules_.target)
    fail(std::to_string(taken) + " goats captured, but the tigers win (and the game ends) at " + target);
  if (taken == rules_.target && p.to_move == BaghChalSide::Tigers)
    fail("the tigers' capture of goat " + target + " ended the game with the goats to move ('g'), not the tigers");
  if (on_board == 0 && p.to_move == BaghChalSide::Tigers)
    fail(
        "the tigers cannot be to move with no goat on the board: the goats move first and every goat move leaves one "
        "there");
  // While goats are in hand the moves so far are counted: the goats have
  // placed goats - in_hand, and the tigers have answered each placement but
  // the last when the tigers are to move. Each tiger move takes at most one
  // tiger off the start corners, so no more corners can be empty than the
  // tigers have made moves (with every goat in hand and goats to move: none).
  if (in_hand > 0) {
    const int tiger_moves = (rules_.goats - in_hand) - (p.to_move == BaghChalSide::Tigers ? 1 : 0);
    const int empty_corners = kTigers - count(p.tigers & start().tigers);
    if (empty_corners > tiger_moves)
      fail("cannot occur: with " + std::to_string(in_hand) + " goats in hand and " +
           (p.to_move == BaghChalSide::Tigers ? "tigers" : "goats") + " to move the tigers have made " +
           std::to_string(tiger_moves) + " move(s), each taking at most one tiger off its start corner, but " +
           std::to_string(empty_corners) + " corner(s) have no tiger");
  }
  return p;
}

std::string BaghChalGame::format(const Position& p) const {
  std::string out = format_board(rules_.size, "TG", p.tigers, p.goats);
  out += p.to_move == BaghChalSide::Goats ? " g " : " t ";
  out += std::to_string(p.goats_in_hand);
  return out;
}

}  // namespace rtb
