#include "games/morris/morris.hpp"
#include "text/printable.hpp"

#include <charconv>
#include <stdexcept>

namespace rtb {

namespace {

// docs/rules.md's variants. `default` is Nine Men's Morris, the famous one.
// Morabaraba's two full hands fill its board, so its full board is drawn.
const std::vector<MorrisRules>& variant_table() {
  static const std::vector<MorrisRules> table{
      {"nine", 24, 9, true},
      {"five", 16, 5, false},
      {"six", 16, 6, false},
      {"seven", 17, 7, false},
      {"five-fly", 16, 5, true},
      {"six-fly", 16, 6, true},
      {"seven-fly", 17, 7, true},
      {"morabaraba", 24, 12, true, /*diagonals=*/true, /*moves_in_hand=*/false, /*full_board_draws=*/true},
      {"lasker", 24, 10, true, /*diagonals=*/false, /*moves_in_hand=*/true, /*full_board_draws=*/false},
  };
  return table;
}

}  // namespace

const std::vector<std::string>& morris_variants() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out{"default"};
    for (const MorrisRules& r : variant_table()) out.push_back(r.variant);
    return out;
  }();
  return names;
}

MorrisRules morris_rules(std::string_view variant) {
  if (variant == "default") variant = "nine";
  for (const MorrisRules& r : variant_table())
    if (r.variant == variant) return r;
  std::string list;
  for (const std::string& name : morris_variants()) list += (list.empty() ? "" : ", ") + name;
  throw std::invalid_argument("unknown morris variant " + quoted_input(variant) + " (use " + list + ")");
}

MorrisGame::MorrisGame(MorrisRules rules)
    : rules_(std::move(rules)), board_(morris_board(rules_.points, rules_.diagonals)) {
  if (rules_.stones < 3 || 2 * rules_.stones > rules_.points)
    throw std::invalid_argument("morris: a side needs 3 stones or more, and both sides' stones must fit the board");
  for (const std::vector<int>& image : morris_symmetries(board_)) maps_.emplace_back(image);
  if (maps_.size() > Indexer::kMostMaps)
    throw std::logic_error("morris: the board has more symmetries than the indexer holds");
  indexers_ = LazyIndexers<Indexer>(rules_.points, maps_, rules_.stones, rules_.stones);
  build_tiers();
}

void MorrisGame::build_tiers() {
  const int n = rules_.stones;
  const std::size_t n1 = static_cast<std::size_t>(n) + 1;
  tier_ids_.assign(n1 * n1 * n1 * n1, kNoTier);
  auto add_with_hands = [&](int mover_hand, int opponent_hand, int mover, int opponent) {
    tier_ids_[((mover_hand * n1 + opponent_hand) * n1 + mover) * n1 + opponent] = tier_count();
    tiers_.push_back({2 * n - mover_hand - opponent_hand, mover, opponent, mover_hand, opponent_hand});
  };
  auto add = [&](int placed, int mover, int opponent) {
    add_with_hands(hand_after(placed, true), hand_after(placed, false), mover, opponent);
  };
  if (rules_.moves_in_hand) {
    // Lasker: any two hands, either side to move (one may slide instead of
    // placing), the fewer stones in hand first; on the board at most what
    // a side's hand let it place, each side keeping three in all.
    for (int in_hands = 2 * n; in_hands > 0; --in_hands)
      for (int mover_hand = std::min(n, in_hands); mover_hand >= 0 && in_hands - mover_hand <= n; --mover_hand) {
        const int opponent_hand = in_hands - mover_hand;
        for (int m = 0; m + mover_hand <= n; ++m)
          for (int o = 0; o + opponent_hand <= n; ++o)
            if (m + mover_hand >= 3 && o + opponent_hand >= 3) add_with_hands(mover_hand, opponent_hand, m, o);
      }
    for (int m = 3; m <= n; ++m)
      for (int o = 3; o <= n; ++o) add(2 * n, m, o);
    return;
  }
  // Placement: a side can have no more stones on the board than it placed,
  // and each must keep three on the board and in hand.
  for (int placed = 0; placed < 2 * n; ++placed) {
    const bool white_to_move = placed % 2 == 0;
    const int mover_placed = white_to_move ? placed / 2 : (placed - 1) / 2;
    const int opponent_placed = placed - mover_placed;
    for (int m = 0; m <= mover_placed; ++m)
      for (int o = 0; o <= opponent_placed; ++o)
        if (m + hand_after(placed, true) >= 3 && o + hand_after(placed, false) >= 3) add(placed, m, o);
  }
  for (int m = 3; m <= n; ++m)
    for (int o = 3; o <= n; ++o) add(2 * n, m, o);
}

std::uint64_t MorrisGame::table_bytes(const std::vector<TierId>& tiers) const {
  std::vector<std::pair<int, int>> sizes;
  for (const TierId t : tiers) sizes.push_back(indexer_sizes(t));
  return indexers_.table_bytes(sizes);
}

std::string MorrisGame::tier_name(TierId t) const {
  const Tier& tier = tiers_[t];
  std::string name =
      is_placement_tier(t) ? "p" : "m";  // appended piece by piece: GCC 12 warns falsely on "m" + std::string
  if (!is_placement_tier(t) || rules_.moves_in_hand) {
    name += std::to_string(tier.mover);
    name += "-";
    name += std::to_string(tier.opponent);
    if (is_placement_tier(t)) {  // Lasker: the hands, mover's first, as the side to move is free
      name += "-h";
      name += std::to_string(tier.mover_hand);
      name += "-";
      name += std::to_string(tier.opponent_hand);
    }
    return name;
  }
  const bool white_to_move = tier.placed % 2 == 0;
  const int white = white_to_move ? tier.mover : tier.opponent, black = white_to_move ? tier.opponent : tier.mover;
  name += std::to_string(tier.placed);
  name += "-w";
  name += std::to_string(white);
  name += "-b";
  name += std::to_string(black);
  return name;
}

std::vector<MorrisGame::TierId> MorrisGame::tier_successors(TierId t) const {
  const Tier& tier = tiers_[t];
  const int n = rules_.stones;
  std::vector<TierId> out;
  auto add = [&](int mover_hand, int opponent_hand, int mover, int opponent) {
    const TierId next =
        mover <= n && opponent <= n ? tier_with_hands(mover_hand, opponent_hand, mover, opponent) : kNoTier;
    if (next != kNoTier) out.push_back(next);  // kNoTier: the child has lost (fewer than three stones)
  };
  // The mover's stones become the opponent's, and its hand too: one more on
  // the board and one fewer in hand after a placement. A removal (a closed
  // mill, so three of the mover's stones on the board) takes one of the
  // opponent's. Lasker's slides with stones in hand are listed even where
  // the mover has no stone to slide: the tier and its partner make one group
  // whichever can move, never a tier solved in one pass.
  if (tier.mover_hand > 0) {
    add(tier.opponent_hand, tier.mover_hand - 1, tier.opponent, tier.mover + 1);
    if (tier.opponent > 0 && tier.mover + 1 >= 3)
      add(tier.opponent_hand, tier.mover_hand - 1, tier.opponent - 1, tier.mover + 1);
  }
  if (tier.mover_hand == 0 && tier.opponent_hand == 0 && tier.mover + tier.opponent == rules_.points) {
    add(0, 0, tier.opponent, tier.mover);  // a full board: the pass, the one move (it removes nothing)
    return out;
  }
  if (tier.mover_hand == 0 || rules_.moves_in_hand) {
    add(tier.opponent_hand, tier.mover_hand, tier.opponent, tier.mover);
    if (tier.opponent > 0 && tier.mover >= 3) add(tier.opponent_hand, tier.mover_hand, tier.opponent - 1, tier.mover);
  }
  return out;
}

MorrisPosition MorrisGame::position(TierId t, std::uint64_t index) const {
  const auto [first, second] = indexer(t).sets(index);
  const Bitboard mover = mover_first(t) ? first : second, opponent = mover_first(t) ? second : first;
  // The side to move the stones placed fix; White in the movement phase and
  // in Lasker's (where the hands do not fix it, and it does not matter).
  const MorrisSide side = tiers_[t].placed % 2 == 0 || rules_.moves_in_hand ? MorrisSide::White : MorrisSide::Black;
  return {mover, opponent, static_cast<std::uint8_t>(mover_hand(t)), static_cast<std::uint8_t>(opponent_hand(t)), side};
}

MorrisPosition MorrisGame::start() const {
  const auto n = static_cast<std::uint8_t>(rules_.stones);
  return {0, 0, n, n, MorrisSide::White};
}

std::string MorrisGame::move_text(const Move& m) const {
  if (m.is_pass()) return "pass";
  std::string out = m.is_placement() ? point_name(m.to) : point_name(m.from) + point_name(m.to);
  if (m.is_capture()) out += "x" + point_name(m.removed);
  return out;
}

std::string MorrisGame::format(const Position& p) const {
  const Bitboard white = p.white(), black = p.black();
  std::size_t at = 0;  // the points in the text's order
  std::string out = write_board_rows(board_.rank_lengths, [&](int, int) {
    const Bitboard b = bit(board_.text_order[at++]);
    return (white & b) ? 'w' : (black & b) ? 'b' : '.';
  });
  const bool white_to_move = p.to_move == MorrisSide::White;
  out += white_to_move ? " w " : " b ";
  out += std::to_string(white_to_move ? p.mover_in_hand : p.opponent_in_hand);
  out += ' ';
  out += std::to_string(white_to_move ? p.opponent_in_hand : p.mover_in_hand);
  return out;
}

MorrisPosition MorrisGame::parse(std::string_view text) const {
  const int n = rules_.stones;
  auto fail = [&](const std::string& why) {
    throw std::invalid_argument("bad morris (" + rules_.variant + ") position " + quoted_input(text) + ": " + why);
  };
  // The board: ranks of the points from the top, '/' between them.
  Bitboard white = 0, black = 0;
  std::size_t point = 0;  // the points in the text's order
  std::size_t at = read_board_rows(
      text, board_.text_rows(),
      [&](int, int, char c) {
        const Bitboard b = bit(board_.text_order[point++]);
        if (c == 'w') white |= b;
        else if (c == 'b') black |= b;
        else if (c != '.') fail("unknown point '" + printable(std::string_view(&c, 1)) + "' (use w, b or .)");
      },
      fail);
  // The side to move and the two hands.
  if (at + 2 > text.size() || text[at] != ' ') fail("missing the side to move (w or b) after the board");
  const char side = text[at + 1];
  if (side != 'w' && side != 'b') fail(std::string("the side to move must be w or b, not '") + side + "'");
  at += 2;
  int hands[2];
  const char* whose[2] = {"White's", "Black's"};
  for (int k = 0; k < 2; ++k) {
    if (at >= text.size() || text[at] != ' ' || at + 1 >= text.size())
      fail(std::string("missing ") + whose[k] + " stones in hand (a number 0.." + std::to_string(n) + ")");
    const std::size_t end = std::min(text.find(' ', at + 1), text.size());
    const std::string_view field = text.substr(at + 1, end - (at + 1));
    const auto [last, error] = std::from_chars(field.data(), field.data() + field.size(), hands[k]);
    if (error != std::errc{} || last != field.data() + field.size() || hands[k] < 0 || hands[k] > n)
      fail(std::string(whose[k]) + " stones in hand must be a number 0.." + std::to_string(n) + ", not '" +
           std::string(field) + "'");
    at = end;
  }
  if (at != text.size()) fail("unexpected text after the hands: " + quoted_input(text.substr(at)));
  const int white_total = count(white) + hands[0], black_total = count(black) + hands[1];
  if (white_total > n || black_total > n)
    fail(std::string(white_total > n ? "White" : "Black") + " has " +
         std::to_string(std::max(white_total, black_total)) + " stones on the board and in hand, more than the " +
         std::to_string(n) + " a side");
  const bool white_to_move = side == 'w';
  // Placement: White places first, so the hands fix the side to move (but
  // in Lasker, where a side may slide instead).
  if ((hands[0] > 0 || hands[1] > 0) && !rules_.moves_in_hand) {
    if (white_to_move && hands[0] != hands[1])
      fail("White is to move only with equal hands while stones are in hand (White places first)");
    if (!white_to_move && hands[0] != hands[1] - 1)
      fail("Black is to move only when White holds one stone fewer in hand (White places first)");
  }
  const int mover_total = white_to_move ? white_total : black_total;
  const int other_total = white_to_move ? black_total : white_total;
  const char* mover_name = white_to_move ? "White" : "Black";
  const char* other_name = white_to_move ? "Black" : "White";
  if (other_total < 3)
    fail(std::string(other_name) + " has just moved with " + std::to_string(other_total) +
         " stones on the board and in hand, but the game ended when it had fewer than three");
  if (mover_total < 2)
    fail(std::string(mover_name) + " has " + std::to_string(mover_total) +
         " stones on the board and in hand: a removal takes one at a time, so the game ended at two");
  Position p;
  p.to_move = white_to_move ? MorrisSide::White : MorrisSide::Black;
  p.mover = white_to_move ? white : black;
  p.opponent = white_to_move ? black : white;
  p.mover_in_hand = static_cast<std::uint8_t>(hands[white_to_move ? 0 : 1]);
  p.opponent_in_hand = static_cast<std::uint8_t>(hands[white_to_move ? 1 : 0]);
  return p;
}

}  // namespace rtb
