#pragma once
// The contract between a game and the rest of rtb. The engine is a template
// over the game, so a move costs no virtual call.
//
// RetrogradeGame lists what every game must have. Everything else a game may
// offer is an optional hook, each its own named concept below with what it
// promises and what rtb does without it. A game states the hooks it provides
// with static_assert next to its class, so that a misspelt hook is a compile
// error instead of a silently slower (or less capable) path; the conformance
// battery (tests/games/game_conformance_test.cpp) checks each promise at run time.
#include <concepts>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "solver/board_look.hpp"
#include "solver/solved_tier.hpp"
#include "solver/value.hpp"

namespace rtb {

// The engine keys a slot as (tier in its group, slot) in one 64-bit word with
// the slot in the low kSlotBits bits, so a tier holds at most kMaxTierSlots
// slots. Indexers refuse to build a tier beyond it.
inline constexpr unsigned kSlotBits = 40;
inline constexpr std::uint64_t kMaxTierSlots = std::uint64_t{1} << kSlotBits;

// ---- required -------------------------------------------------------------

template <class G>
concept RetrogradeGame = requires(const G& g, const typename G::Position& p, typename G::TierId t, std::uint64_t i) {
  typename G::Position;
  typename G::Move;
  { g.name() } -> std::convertible_to<std::string>;
  { g.variant() } -> std::convertible_to<std::string>;
  // Tiers are numbered 0 .. tier_count() - 1; a tier holds positions that
  // are not over yet. Moves lead to the same tier, to tiers of its group,
  // to tiers of groups solved earlier, or to positions that are lost.
  { g.tier_count() } -> std::convertible_to<typename G::TierId>;
  { g.tier_name(t) } -> std::convertible_to<std::string>;
  // Slots of the tier, at most kMaxTierSlots.
  { g.tier_size(t) } -> std::convertible_to<std::uint64_t>;
  // Every tier a move from the tier can lead to (lost children aside); more
  // is allowed (it only makes a tier wait), fewer is an error.
  { g.tier_successors(t) } -> std::convertible_to<std::vector<typename G::TierId>>;
  { g.tier_of(p) } -> std::convertible_to<typename G::TierId>;
  // index and position: a bijection between a tier's canonical slots and its
  // positions up to symmetry; a slot whose position indexes elsewhere is an
  // alias (its value is its canonical slot's).
  { g.index(p) } -> std::convertible_to<std::uint64_t>;
  { g.position(t, i) } -> std::convertible_to<typename G::Position>;
  // Positions a slot stands for, for statistics: 0 for an alias, and 0 for
  // a slot whose positions cannot occur in play (solved like the others,
  // counted nowhere; the game's parser refuses their text).
  { g.slot_weight(t, i) } -> std::convertible_to<std::uint64_t>;
  // The side to move has lost already (game over before it moves).
  { g.is_lost(p) } -> std::convertible_to<bool>;
  // f(move, child) for each legal move.
  g.for_each_move(p, [](const typename G::Move&, const typename G::Position&) {});
};

// What the command line and the tests need besides: the start position and
// the position and move text of docs/rules.md. parse throws std::invalid_argument
// with a message that says what is wrong; parse(format(p)) gives p back.
template <class G>
concept HasPositionText = requires(const G& g, const typename G::Position& p, const typename G::Move& m,
                                   std::string_view text) {
  { g.start() } -> std::convertible_to<typename G::Position>;
  { g.parse(text) } -> std::convertible_to<typename G::Position>;
  { g.format(p) } -> std::convertible_to<std::string>;
  { g.move_text(m) } -> std::convertible_to<std::string>;
};

// ---- optional: engine fast paths (solver/retrograde.hpp) ------------------

// g.for_each_predecessor(p, f) calls f(predecessor) for each position of p's
// tier group from which a move leads to p (each such move once): the moves
// taken backwards. Without it the engine takes them backwards itself, from
// a table it builds of the group's forward moves before the group's walk
// and frees after it (solver/reverse_moves.hpp: 8 bytes a slot and 4 a move
// that stays in the group, which `generate --plan` counts).
template <class G>
concept GivesPredecessors = requires(const G& g, const typename G::Position& p) {
  g.for_each_predecessor(p, [](const typename G::Position&) {});
};

// slot_may_be_alias(t, i) is false only for a slot that is canonical
// (index(position(t, i)) == i). Without it the engine unranks and indexes
// every slot at set-up to find the aliases.
template <class G>
concept KnowsAliasFreeSlots = requires(const G& g, typename G::TierId t, std::uint64_t i) {
  { g.slot_may_be_alias(t, i) } -> std::convertible_to<bool>;
};

// Whether slot i of tier t, whose position is p, is an alias (p indexes
// elsewhere); the game's KnowsAliasFreeSlots spares the index where it can.
template <class G>
bool is_alias_slot(const G& g, typename G::TierId t, std::uint64_t i, const typename G::Position& p) {
  if constexpr (KnowsAliasFreeSlots<G>) {
    if (!g.slot_may_be_alias(t, i)) return false;
  }
  return g.index(p) != i;
}

// Whether a tier group is one tier that no move re-enters (a lone
// placement tier): the engine then solves it in one pass, with no walk and
// no lists, and the plan and the time-left estimate count it so.
template <RetrogradeGame G, class Tiers>
bool solved_in_one_pass(const G& game, const Tiers& tiers) {
  if (tiers.size() != 1) return false;
  for (const auto next : game.tier_successors(tiers.front()))
    if (next == tiers.front()) return false;
  return true;
}

// quiet_children_distinct(p) is true only when the children of p that lie
// in p's tier group are pairwise different slots. The engine then counts
// them without indexing each; without the hook it indexes every in-group
// child and removes duplicates.
template <class G>
concept KnowsDistinctChildren = requires(const G& g, const typename G::Position& p) {
  { g.quiet_children_distinct(p) } -> std::convertible_to<bool>;
};

// for_each_exit_slot(p, exit, lost) gives what the engine's set-up needs of
// p's children without the engine generating and indexing each move: it
// calls exit(tier, slot) for each child in a tier outside p's tier group
// (tier_of and index applied), lost() for each child that is lost
// (is_lost), and returns how many children lie in p's group, which must be
// pairwise different slots; the same children as for_each_move. It may
// decline a position by returning -1 before calling anything, and the engine
// then takes the general path. Games use it to share work among the exits
// (the removals of one Morris mill share their first set). Without it the
// engine generates each move and indexes each child.
template <class G>
concept IndexesExits = requires(const G& g, const typename G::Position& p) {
  {
    g.for_each_exit_slot(
        p, [](typename G::TierId, std::uint64_t) {}, [] {})
    } -> std::convertible_to<int>;
};

// for_each_predecessor_slot(p, f) calls f(tier, slot) once for each position
// for_each_predecessor(p) gives, with tier_of and index applied (the same
// multiset), and returns true only when those slots are pairwise different.
// Games use it to share work among the predecessors (all of a line-capture
// position's share one canonical set). Without it the engine indexes each
// predecessor itself and always removes duplicates. Needs GivesPredecessors.
template <class G>
concept IndexesPredecessors = requires(const G& g, const typename G::Position& p) {
  {
    g.for_each_predecessor_slot(p, [](typename G::TierId, std::uint64_t) {})
    } -> std::convertible_to<bool>;
};

// Each tier's slots fall into tier_blocks(t) disjoint blocks, and
// predecessor_block(p) names the (tier, block) that holds every predecessor
// of p: two positions with a predecessor slot in common name the same block.
// The engine then sorts each level by block and gives a block to one thread,
// which updates its words with plain stores: a wrong block is a data race.
// Without the hook every update is atomic and goes wherever it falls. The
// promise is about the game's own predecessors, so the concept needs
// GivesPredecessors (the table of moves taken backwards knows no blocks).
template <class G>
concept SortsPredecessorsByBlock = GivesPredecessors<G> &&
    requires(const G& g, const typename G::Position& p, typename G::TierId t) {
  { g.tier_blocks(t) } -> std::convertible_to<std::uint64_t>;
  { g.predecessor_block(p) } -> std::convertible_to<std::pair<typename G::TierId, std::uint64_t>>;
};

// Told how many more slots are done, from any thread, a block of slots at a
// time: the progress line of a long one-pass walk. May be empty.
using SlotsDone = std::function<void(std::uint64_t)>;

// g.solve_lone_tier(t, solved, threads, slots_done) returns the values of
// tier t, a tier that no move re-enters (a group of one tier solved in one
// pass), from the values of the tiers below it (solved[u] for each tier u it
// reaches), calling slots_done (when not empty) as it goes until the calls
// add up to t's size. The promise: exactly the values the engine's own one
// pass would give, faster (Bagh-Chal walks its placement tiers block by
// block). Without it the engine counts each slot's children itself.
template <class G>
concept SolvesLoneTiers = requires(const G& g, typename G::TierId t, const SolvedTierValues& solved, int threads,
                                   const SlotsDone& slots_done) {
  { g.solve_lone_tier(t, solved, threads, slots_done) } -> std::convertible_to<std::vector<Value>>;
};

// g.may_derive_tier(t) is true for a tier whose values need not be stored:
// no move from it stays in it, and none leads to another such tier, so every
// one of its values is one move from tiers that are stored (Nine Men's
// Morris's movement tiers where the mover has more stones than the
// opponent). `rtb generate --derive-tiers` then writes such a tier's file
// without values, and readers compute them (solver/derived_tier.hpp checks
// the promise before any file is written). Without the hook every tier is
// stored.
template <class G>
concept DerivesTiers = requires(const G& g, typename G::TierId t) {
  { g.may_derive_tier(t) } -> std::convertible_to<bool>;
};

// g.has_tablebases() is false for a variant too large to tabulate (Crossings
// on boards of more than 32 squares): its one tier is a stand-in, and the
// tools search every position instead. Without the hook a game always has
// tablebases.
template <class G>
concept MayLackTablebases = requires(const G& g) {
  { g.has_tablebases() } -> std::convertible_to<bool>;
};

// ---- optional: search (search/exact_search.hpp) ---------------------------------

// m.is_capture() marks captures, which the search tries first. Without it
// moves are ordered by the opponent's replies alone.
template <class M>
concept MarksCaptures = requires(const M& m) {
  { m.is_capture() } -> std::convertible_to<bool>;
};

// ---- optional: tier choices (service/tier_selection.hpp) -------------------

// Tiers counted by pieces a side: mover_pieces(t) and other_pieces(t).
// The tier filter max-pieces (`--max-pieces N`) works only for such games.
template <class G>
concept CountsPiecesPerSide = requires(const G& g, typename G::TierId t) {
  { g.mover_pieces(t) } -> std::convertible_to<int>;
  { g.other_pieces(t) } -> std::convertible_to<int>;
};

// Tiers counted by pieces still in hand (a placement phase): pieces_in_hand(t).
// The tier filter max-in-hand works only for such games, and `query` may answer a
// position of a tier without a file by searching down to tiers with files.
template <class G>
concept CountsPiecesInHand = requires(const G& g, typename G::TierId t) {
  { g.pieces_in_hand(t) } -> std::convertible_to<int>;
};

// solved_by_default(t) says which tiers a command covers when no tiers are
// named (a game too big to tabulate whole names a part). Without it, all.
template <class G>
concept HasDefaultTiers = requires(const G& g, typename G::TierId t) {
  { g.solved_by_default(t) } -> std::convertible_to<bool>;
};

// ---- optional: what front ends show (service/game_facts.hpp) -------------

// g.describe() is what `rtb games` prints about the game: lines ending in
// '\n', with its board, pieces and tiers. Without it the service prints the
// name, variant, start and a table of the tiers.
template <class G>
concept DescribesItself = requires(const G& g) {
  { g.describe() } -> std::convertible_to<std::string>;
};

// g.board_look() is how `rtb play` and the explorer draw the game
// (solver/board_look.hpp: squares or points joined by lines, each piece
// letter's name and colour, each side's letter and name). Without it the
// board is read from the start's text (ranks separated by '/', one
// character a square) and pieces and sides are named by their letters.
template <class G>
concept DrawsItsBoard = requires(const G& g) {
  { g.board_look() } -> std::convertible_to<BoardLook>;
};

// g.forbids_repetition() is true for a game whose rules forbid a move that
// returns the board to a position (board, side to move, hands) that has
// already occurred in the game. The tablebases cannot model it (a value
// that depends on the game's history is no position's value: a cycle stays a
// draw), so front ends apply it on top of the values, from the game's
// history (service/repetition_rule.hpp). Without the hook, no such rule.
template <class G>
concept ForbidsRepetition = requires(const G& g) {
  { g.forbids_repetition() } -> std::convertible_to<bool>;
};

// g.file_bits_per_slot() is what a tier file takes on disk, in compressed
// bits a slot, measured on the game's solved tiers: `generate --plan`'s disk
// estimate. Without it the plan takes 4.5.
template <class G>
concept EstimatesFileSize = requires(const G& g) {
  { g.file_bits_per_slot() } -> std::convertible_to<double>;
};

// g.table_bytes(tiers) is the memory of the game's own tables (its
// numbering's lookups) that the given tiers read, said without building them:
// a run builds those of the tiers it solves and reads and holds them from
// start to end, and `generate --plan` counts them beside the program. Without
// it the plan counts none (the game's tables are small).
template <class G>
concept ReportsTableBytes = requires(const G& g, const std::vector<typename G::TierId>& tiers) {
  { g.table_bytes(tiers) } -> std::convertible_to<std::uint64_t>;
};

// g.move_notation() says how the game's moves are written, for `rtb query
// --help` and `rtb play`'s help: one line, examples included ("d7 places,
// ..."). Without it the help shows a move of the start as the example.
template <class G>
concept DescribesMoveText = requires(const G& g) {
  { g.move_notation() } -> std::convertible_to<std::string>;
};

// g.rules_text() is the game's rules as `rtb play`'s rules command and the
// explorer's rules panel show them, for the variant made: lines ending in
// '\n', each "Topic: what the rules say" (front ends wrap the lines), built
// from the variant's own board, pieces and options, among them the start's
// position text, and a last line "Moves: " with how moves are written
// (move_notation(), where the game has DescribesMoveText). Without it the
// service says what every game shares, the start and the move notation.
// tests/games/game_rules_text_test.cpp checks every variant's text.
template <class G>
concept ExplainsRules = requires(const G& g) {
  { g.rules_text() } -> std::convertible_to<std::string>;
};

// g.short_move_reason(typed, longer) says why `typed`, which is no move but
// the start of the legal moves `longer`, is short of one ("closes a mill:
// name the stone to remove"), or "" where the game has nothing to say.
// Without it every such text is "not a whole move".
template <class G>
concept ExplainsShortMoves = requires(const G& g, std::string_view typed, const std::vector<std::string>& longer) {
  { g.short_move_reason(typed, longer) } -> std::convertible_to<std::string>;
};

// g.movement_phase_name() names the tiers with nothing in hand, that every
// placement line ends in, in the game's words ("movement phase"); for the
// message that a search needs them. Without it "the tiers with nothing in
// hand".
template <class G>
concept NamesMovementPhase = requires(const G& g) {
  { g.movement_phase_name() } -> std::convertible_to<std::string>;
};

// ---- optional: symmetry (checked by the conformance battery) --------------

// symmetric_position(p, k) is p under the k-th of symmetry_count() board
// maps (k = 0 the identity). The promise, which index() relies on: the
// maps keep the rules (the children of a mapped position are the mapped
// children) and index() gives a position and its images the same slot.
template <class G>
concept HasSymmetries = requires(const G& g, const typename G::Position& p, std::size_t k) {
  { g.symmetry_count() } -> std::convertible_to<std::size_t>;
  { g.symmetric_position(p, k) } -> std::convertible_to<typename G::Position>;
};

}  // namespace rtb
