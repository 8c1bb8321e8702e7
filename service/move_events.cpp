#include "service/move_events.hpp"

#include <algorithm>
#include <cctype>

#include "service/board_points.hpp"
#include "text/lower_case.hpp"

namespace rtb {

namespace {

char upper(char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); }

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

// "white's", "goats'".
std::string possessive(const std::string& name) { return name + (!name.empty() && name.back() == 's' ? "'" : "'s"); }

std::string counted(int n, const std::string& one) { return std::to_string(n) + " " + one + (n == 1 ? "" : "s"); }

// The verb after a side's name: "white wins", "goats win" (a plural name).
std::string verb(const std::string& name, const std::string& singular, const std::string& plural) {
  return name + " " + (!name.empty() && name.back() == 's' ? plural : singular);
}

}  // namespace

std::vector<int> hand_counts(const std::string& position) {
  std::vector<int> counts;
  std::size_t at = position.find(' ');
  if (at != std::string::npos) at = position.find(' ', at + 1);  // past the side to move
  while (at != std::string::npos) {
    const std::size_t next = position.find(' ', at + 1);
    try {
      counts.push_back(std::stoi(position.substr(at + 1, next - at - 1)));
    } catch (const std::exception&) {
      counts.push_back(0);
    }
    at = next;
  }
  return counts;
}

MoveEvents::MoveEvents(BoardLook look, std::string start)
    : look_(std::move(look)), start_(std::move(start)), reserve_(look_.off_board == "reserve") {}

std::string MoveEvents::side_name(char side) const {
  for (const SideLook& s : look_.sides)
    if (s.letter == side) return s.name;
  return std::string(1, side);
}

char MoveEvents::other(char side) const {
  for (const SideLook& s : look_.sides)
    if (s.letter != side) return s.letter;
  return '?';
}

int MoveEvents::pieces(const std::string& position, char side) const {
  int n = 0;
  for (const BoardPoint& p : points_of(position, look_))
    if (p.piece != '.' && lower_case(p.piece) == lower_case(side)) ++n;
  const std::vector<int> hand = hand_counts(position);
  for (std::size_t i = 0; i < hand.size() && i < look_.in_hand.size(); ++i)
    if (lower_case(look_.in_hand[i]) == lower_case(side)) n += hand[i];
  return n;
}

// A side's crossed stones: its lower-case piece letter written in upper
// case. A game whose pieces are upper-case letters (Bagh-Chal's T and G)
// lists no lower-case one and has none.
std::vector<std::string> MoveEvents::crossed_points(const std::string& position, char side) const {
  const bool crosses = std::any_of(look_.pieces.begin(), look_.pieces.end(),
                                   [side](const PieceLook& p) { return p.letter == lower_case(side); });
  std::vector<std::string> out;
  if (!crosses) return out;
  for (const BoardPoint& p : points_of(position, look_))
    if (p.piece == upper(side)) out.push_back(p.name);
  return out;
}

// In a game with a reserve only: the side's lower-case square pieces on its
// far rank, the edge rank away from where its pieces stood at the start.
std::vector<std::string> MoveEvents::pending_points(const std::string& position, char side) const {
  std::vector<std::string> out;
  if (!reserve_) return out;
  bool starts_at_bottom = false;
  for (const BoardPoint& p : points_of(start_, look_))
    if (lower_case(p.piece) == lower_case(side) && p.name.size() >= 2 && p.name.substr(1) == "1")
      starts_at_bottom = true;
  const std::string far = std::to_string(starts_at_bottom ? look_.ranks : 1);
  for (const BoardPoint& p : points_of(position, look_))
    if (p.piece == lower_case(side) && p.name.substr(1) == far) out.push_back(p.name);
  return out;
}

bool MoveEvents::obliges(const std::string& position, char mover) const {
  if (reserve_) return !pending_points(position, mover).empty();
  return crossed_points(position, mover).size() > crossed_points(position, other(mover)).size();
}

std::vector<std::string> MoveEvents::lines(const std::string& before, const std::string& after, char mover) const {
  std::vector<std::string> out;
  const char opponent = other(mover);
  const std::vector<BoardPoint> was = points_of(before, look_), now = points_of(after, look_);
  // Where a side's pieces stood before and not after.
  const auto left = [&](char side) {
    std::vector<std::string> points;
    for (std::size_t i = 0; i < was.size() && i < now.size(); ++i)
      if (was[i].piece != '.' && lower_case(was[i].piece) == lower_case(side) &&
          lower_case(now[i].piece) != lower_case(side))
        points.push_back(was[i].name);
    return points;
  };
  const std::string taken = reserve_ ? "removed to the reserve" : "captured";
  const std::string left_word = reserve_ ? " left on the board" : " left";
  if (const int lost = pieces(before, opponent) - pieces(after, opponent); lost > 0) {
    const std::vector<std::string> where = left(opponent);
    out.push_back(
        taken + ": " + possessive(side_name(opponent)) + " " + (lost == 1 ? "piece" : "pieces") +
        (static_cast<int>(where.size()) == lost ? " on " + joined(where) : " (" + std::to_string(lost) + ")") + ", " +
        counted(pieces(after, opponent), "piece") + left_word);
  }
  if (const int lost = pieces(before, mover) - pieces(after, mover); lost > 0) {
    // The mover's own, through a formation (the seed reading): its moving
    // piece's origin is among the points it left, so they are not counted.
    out.push_back(taken + ": " + counted(lost, "piece") + " of " + possessive(side_name(mover)) + " own, " +
                  counted(pieces(after, mover), "piece") + left_word);
  }
  // Stones newly crossed (locked), either side's: a lock in the seed reading
  // takes the pending pieces of both.
  std::vector<std::string> crossed;
  for (const char side : {mover, opponent}) {
    const std::vector<std::string> old = crossed_points(before, side);
    for (const std::string& p : crossed_points(after, side))
      if (std::find(old.begin(), old.end(), p) == old.end()) crossed.push_back(side_name(side) + " " + p);
  }
  if (!crossed.empty()) out.push_back((reserve_ ? "locked: " : "crossed: ") + joined(crossed));
  if (obliges(after, mover)) {
    if (reserve_)
      out.push_back("pending: " + side_name(mover) + " " + joined(pending_points(after, mover)) + "; " +
                    side_name(opponent) + " must remove every pending piece or make one of its own, or lose");
    else out.push_back(side_name(opponent) + " must cross in reply (only crossing moves are legal), or lose");
  }
  return out;
}

std::string MoveEvents::end_reason(const std::string& before, const std::string& after) const {
  const char loser = after.find(' ') + 1 < after.size() ? after[after.find(' ') + 1] : '?';
  const char winner = other(loser);
  const std::string wins = verb(side_name(winner), "wins", "win"), name = side_name(loser);
  if (before.empty()) return verb(name, "has lost", "have lost");
  const int left = pieces(after, loser);
  if (pieces(before, loser) > left)
    return (reserve_ ? "the removal leaves " : "the capture leaves ") + side_name(loser) + " " +
           counted(left, "piece") + (reserve_ ? " on the board: " : ": ") + wins;
  if (obliges(after, winner)) return name + " cannot answer the crossing: " + wins;
  if (left == 0) return verb(name, "has", "have") + " no piece on the board: " + wins;
  return verb(name, "has", "have") + " no legal move: " + wins;
}

}  // namespace rtb
