#pragma once
// What the engine needs from a game. The engine is a template over it, so a
// move costs no virtual call.
#include <concepts>
#include <cstdint>
#include <string>
#include <vector>

namespace rtb {

template <class G>
concept RetrogradeGame = requires(const G& g, const typename G::Position& p, typename G::TierId t,
                                  std::uint64_t i) {
  typename G::Position;
  typename G::Move;
  { g.name() } -> std::convertible_to<std::string>;
  { g.variant() } -> std::convertible_to<std::string>;
  // Tiers are numbered 0 .. tier_count() - 1; a tier holds positions that
  // are not over yet. Moves lead to the same tier, to tiers of its group,
  // to tiers of groups solved earlier, or to positions that are lost.
  { g.tier_count() } -> std::convertible_to<typename G::TierId>;
  { g.tier_name(t) } -> std::convertible_to<std::string>;
  { g.tier_size(t) } -> std::convertible_to<std::uint64_t>;
  { g.tier_successors(t) } -> std::convertible_to<std::vector<typename G::TierId>>;
  { g.tier_of(p) } -> std::convertible_to<typename G::TierId>;
  // index and position: a bijection between a tier's canonical slots and its
  // positions up to symmetry; a slot whose position indexes elsewhere is an
  // alias (its value is its canonical slot's).
  { g.index(p) } -> std::convertible_to<std::uint64_t>;
  { g.position(t, i) } -> std::convertible_to<typename G::Position>;
  // Positions a slot stands for (0 for an alias), for statistics.
  { g.slot_weight(t, i) } -> std::convertible_to<std::uint64_t>;
  // The side to move has lost already (game over before it moves).
  { g.is_lost(p) } -> std::convertible_to<bool>;
  // f(move, child) for each legal move; f(predecessor) for each position of
  // the same group from which a move leads to p.
  g.for_each_move(p, [](const typename G::Move&, const typename G::Position&) {});
  g.for_each_predecessor(p, [](const typename G::Position&) {});
};

}  // namespace rtb
