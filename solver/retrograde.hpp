#pragma once
// Retrograde analysis of one tier group, with exact distances (docs/rules.md):
// WIN or LOSS in d plies for the side to move, the winner taking the shortest
// win and the loser the longest loss; DRAW for what is never resolved.
//
// Every slot holds one 16-bit state word while the group is solved: its
// final value once resolved, else a count of children and the longest
// out-of-group win (fields and limits in solver/state_word.hpp).
// Level L resolves exactly the positions at distance L: a LOSS at L makes its
// unresolved predecessors WIN at L + 1; a WIN at L takes one from each
// predecessor's count, and a count reaching zero is a LOSS one ply after the
// longest of its children's wins. Moves that leave the group were folded in
// at the start; a win or loss they imply at a later level waits in a bucket
// for that level. The walk goes backwards through predecessors only; the
// whole group is scanned just twice (set-up and clean-up). A lone tier that
// no move re-enters needs no walk at all: set-up writes its final values.
// A game that cannot take its moves backwards (no GivesPredecessors) has them
// taken from a table the engine builds of the group's forward moves before
// the walk, and frees after it (solver/reverse_moves.hpp).
//
// Three walks give the same values (solver/walk.hpp): the walk by lists
// keeps each level's positions as slot keys; the lean walk keeps none and
// finds level L's positions by scanning for words that hold the value of
// distance L, in the chunks of slots where such a value was written
// (walk_lean); the byte walk scans as the lean walk does, in one byte a slot
// instead of a word and a waiting byte (walk_bytes, solver/state_byte.hpp).
#include <omp.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "solver/child_lists.hpp"
#include "solver/game_concept.hpp"
#include "solver/group_numbering.hpp"
#include "solver/huge_pages.hpp"
#include "solver/progress.hpp"
#include "solver/reserved_array.hpp"
#include "solver/reverse_moves.hpp"
#include "solver/slot_share.hpp"
#include "solver/solved_tier.hpp"
#include "solver/state_byte.hpp"
#include "solver/state_word.hpp"
#include "solver/value.hpp"
#include "solver/walk.hpp"
#include "solver/walk_checkpoint.hpp"

namespace rtb {

template <RetrogradeGame G>
class GroupSolver {
 public:
  using TierId = typename G::TierId;
  using Position = typename G::Position;

  GroupSolver(const G& game, std::vector<TierId> tiers, const SolvedTierValues& solved, int threads,
              Progress* progress = nullptr, Walk walk = Walk::Lists)
      : game_(game), tiers_(std::move(tiers)), solved_(solved), threads_(std::max(1, threads)), progress_(progress) {
    local_of_tier_.assign(game_.tier_count(), -1);
    for (std::size_t k = 0; k < tiers_.size(); ++k) local_of_tier_[tiers_[k]] = static_cast<int>(k);
    first_block_.assign(1, 0);
    if constexpr (kByBlock)
      for (TierId t : tiers_) first_block_.push_back(first_block_.back() + game_.tier_blocks(t));
    // A lone tier that no move leads back into (Bagh-Chal's placement tiers)
    // is solved in one pass from the tiers below: no counters, no levels.
    single_pass_ = solved_in_one_pass(game_, tiers_);
    lean_ = walk == Walk::Lean && !single_pass_;
    byte_ = (walk == Walk::Byte || walk == Walk::Forward) && !single_pass_;
    forward_ = walk == Walk::Forward && !single_pass_;
    for (TierId t : tiers_) slots_of_local_.push_back(game_.tier_size(t));
    numbering_ = GroupNumbering(slots_of_local_);
    partition_ = SlotPartition(slots_of_local_, 1, 0, kWalkChunkSlots);  // the whole group, unless split_across
    if (tiers_.size() > slot_key::kMaxGroupTiers)
      throw std::length_error("a tier group of " + std::to_string(tiers_.size()) + " tiers is more than the " +
                              std::to_string(slot_key::kMaxGroupTiers) + " a slot key can name");
    for (TierId t : tiers_)
      if (game_.tier_size(t) > slot_key::kMaxSlots)
        throw std::length_error("tier " + game_.tier_name(t) + " has " + std::to_string(game_.tier_size(t)) +
                                " slots, more than the 2^" + std::to_string(slot_key::kSlotBits) +
                                " a slot key can name");
    for (TierId t : tiers_)
      for (TierId next : game_.tier_successors(t))
        if (local_of_tier_[next] < 0 && (next >= solved_.size() || solved_[next] == nullptr))
          throw std::logic_error("tier " + game_.tier_name(next) + " must be solved before tier " + game_.tier_name(t));
  }

  // The values of the group's tiers, in the order they were given, one byte
  // a value where they fit (solver/solved_tier.hpp).
  std::vector<SolvedTier> solve() {
    // A game that solves its lone tiers itself (Bagh-Chal walks its placement
    // tiers block by block) does so: same values, less time.
    if constexpr (SolvesLoneTiers<G>)
      if (single_pass_) {
        SlotsDone slots_done;
        if (progress_) {
          progress_->counted_stage("one pass", game_.tier_size(tiers_.front()), 0.0, 1.0);
          slots_done = [this](std::uint64_t n) { progress_->advance(n); };
        }
        std::vector<SolvedTier> values;
        values.push_back(SolvedTier::narrowed(game_.solve_lone_tier(tiers_.front(), solved_, threads_, slots_done)));
        return values;
      }
    if (uses_reverse_moves()) build_reverse_moves();
    if (byte_) {
      if (solve_in_bytes()) return finish_bytes();
      // A distance beyond the byte's: the lean walk solves the group again.
      byte_ = false;
      lean_ = true;
      fell_back_ = true;
      resolved_ = 0;
      levels_ = 0;
      updates_ = 0;
      walk_seconds_ = 0;
      if (progress_) progress_->stage("distances beyond a byte: solving again with the lean walk");
      if (forward_) {  // the lean walk goes backwards: a game without predecessors needs the table now
        forward_ = false;
        if (uses_reverse_moves()) build_reverse_moves();
      }
    }
    states_.resize(tiers_.size());
    for (std::size_t k = 0; k < tiers_.size(); ++k) {
      // Words are reached at random: huge pages spare most TLB misses.
      assign_on_huge_pages(states_[k], slots_of_local_[k], kUnresolved);
    }
    states_lie_in(states_);
    if (lean_) set_up_lean();
    std::vector<Key> frontier = initialise();
    if (lean_) walk_lean();
    for (unsigned level = 0; !single_pass_ && !lean_; ++level) {
      resolve_bucket(level, frontier);
      if (frontier.empty() && level + 1 >= buckets_.size()) break;
      if (level >= kMaxDistance)
        throw std::length_error("a position of tier " + game_.tier_name(tiers_.front()) + "'s group is more than " +
                                std::to_string(kMaxDistance) + " plies from its end, the longest a value holds");
      resolved_ += frontier.size();
      if (progress_) progress_->level(level, resolved_);
      levels_ = level + 1;
      frontier = propagate(std::move(frontier), level);
    }
    if (progress_ && !single_pass_) progress_->levels_done(resolved_, updates_, walk_seconds_);
    reverse_moves_.clear();  // the walk is over: the table's memory goes before the clean-up
    return finish();
  }

  // A share of the group, for one of the processes that solve it together
  // (solver/slot_share.hpp): blocks of block_slots slots dealt among
  // exchange's processes. Only the byte walk with the game's own
  // predecessors is split; call before solve_share(). A group solved in one
  // pass is split too, in bytes: its set-up writes every value (each
  // process its own slots', from the tiers below), and it has no levels.
  void split_across(GroupExchange& exchange, std::uint64_t block_slots) {
    if (single_pass_) byte_ = true;
    if (!byte_ || forward_ || !GivesPredecessors<G>)
      throw std::logic_error("only a group walked in bytes by the game's own predecessors can be split");
    exchange_ = &exchange;
    partition_ = SlotPartition(slots_of_local_, exchange.ranks(), exchange.rank(), block_slots);
  }
  // Solves this process's share of the group with the others; then
  // share_values(local) holds the values of the slots partition() gives it
  // (the others' slots are not there).
  void solve_share() {
    if (!exchange_) throw std::logic_error("solve_share before split_across");
    if (!solve_in_bytes())
      throw std::length_error("tier group " + game_.tier_name(tiers_.front()) + "'s distances pass the byte walk's " +
                              std::to_string(byte_max_distance_) +
                              " plies, which a group split across processes cannot go beyond: solve it whole "
                              "(without --split-groups, on one process with the memory for it)");
    finish_share();
  }
  const SlotPartition& partition() const { return partition_; }
  const std::uint8_t* share_values(std::size_t local) const { return code_at_[local]; }
  // The updates a split walk handed to other processes, summed over them
  // and its levels.
  std::uint64_t keys_sent() const { return sent_keys_; }
  // A round of a split level hands over at most about this many updates
  // (8 bytes each) from each process; tests lower it to reach many rounds.
  void set_share_round_keys(std::uint64_t keys) { share_round_keys_ = std::max<std::uint64_t>(keys, 1); }

  unsigned levels() const { return levels_; }
  // The scanning walks' updates (a predecessor's word or byte changed, or
  // found resolved already) and the seconds of their levels, for the
  // machine's limit (benchmarks/random_update_bench); the walk by lists and
  // the forward walk count none.
  std::uint64_t updates() const { return updates_; }
  double walk_seconds() const { return walk_seconds_; }
  // Whether the byte walk was asked for but the group's distances did not
  // fit its byte, so that the lean walk solved it.
  bool fell_back() const { return fell_back_; }
  // Tests lower the byte walk's longest distance, to reach its fall back to
  // the lean walk, and its largest count in the byte, to reach the counts
  // kept aside, with small games.
  void set_byte_limits(unsigned max_distance, unsigned max_count) {
    byte_max_distance_ = std::min(max_distance, state_byte::kMaxDistance);
    byte_max_count_ = std::min(max_count, state_byte::kMaxCount);
  }
  // The byte walk's counts too large for the byte, kept aside (for tests
  // and the plan's figures).
  std::size_t big_counts() const { return big_counts_seen_; }

  // The lean walk keeps a waiting position's level in a byte up to this
  // level, and later ones in lists (as the walk by lists does). Tests lower
  // it to reach the lists with small games.
  void set_lean_byte_levels(unsigned most) { lean_byte_levels_ = std::min(most, kMostByteLevel); }

  // Where the byte walk saves itself between levels and looks for a save to
  // go on from (solver/walk_checkpoint.hpp); not for a group split across
  // processes. The keeper must outlive solve().
  void keep_walk_in(WalkCheckpoints* checkpoints) { checkpoints_ = checkpoints; }
  // The level a walk loaded from a save went on with (0: none was loaded).
  unsigned resumed_at_level() const { return resumed_ ? resumed_level_ : 0; }

  // The memory the forward walk may give its lists of children, which spare
  // it generating the moves of positions that stay open (pull_level): 0,
  // the default, for none. The most memory the lists took, the first level
  // that wrote rows into them and how many levels did (0: none), for the
  // plan's figures and the tests.
  void allow_child_lists(std::uint64_t bytes) { child_list_budget_ = bytes; }
  std::uint64_t child_list_bytes() const { return child_list_bytes_; }
  unsigned child_lists_from_level() const { return child_lists_from_level_; }
  unsigned child_list_levels() const { return child_list_levels_; }

 private:
  using Key = slot_key::Key;
  static constexpr std::uint16_t kUnresolved = state_word::kUnresolved;
  static constexpr std::uint16_t kAlias = state_word::kAlias;
  static constexpr unsigned kMaxCount = state_word::kMaxCount;
  static constexpr unsigned kMaxOutWin = state_word::kMaxOutWin;
  // The most distinct in-group children one position may have: the size of
  // the array they are gathered in (on the stack). Predecessors have no such
  // limit (see gather_predecessors).
  static constexpr int kMaxChildren = 256;
  // Loops shorter than this run on one thread: waking the team for a small
  // tier or a short level costs more than it saves, and on a busy machine
  // the spinning threads take time from others.
  static constexpr std::int64_t kParallelFrom = 8192;
  // Games that say which block of slots a position's predecessors lie in
  // get the lock-free, cache-friendly walk (see propagate_by_block). The
  // promise is about the game's own predecessors (the concept needs them).
  static constexpr bool kByBlock = SortsPredecessorsByBlock<G>;

  static Key key(std::size_t local, std::uint64_t slot) { return slot_key::make(local, slot); }
  static std::size_t local_of(Key k) { return slot_key::local_tier_of(k); }
  static std::uint64_t slot_of(Key k) { return slot_key::slot_of(k); }
  static bool unresolved(std::uint16_t s) { return state_word::is_unresolved(s); }
  static std::uint16_t pending(unsigned longest_out_win, unsigned count) {
    return state_word::pending(longest_out_win, count);
  }

  // Games that can tell when a position's in-group children are pairwise
  // distinct spare the solver indexing them at set-up.
  bool quiet_children_distinct(const Position& p) const {
    if constexpr (KnowsDistinctChildren<G>) return game_.quiet_children_distinct(p);
    return false;
  }

  // Games that index a position's exits themselves (IndexesExits) spare the
  // set-up generating and indexing each move: the in-group children are
  // counted, the exits' values handed to out(value), a lost child is a win
  // in 1. False where the game does not serve p (the caller then generates
  // the moves).
  template <class Out>
  bool exits_counted(const Position& p, int& in_group, bool& any_move, unsigned& fastest_win, Out&& out) const {
    if constexpr (IndexesExits<G>) {
      const int n = game_.for_each_exit_slot(
          p,
          [&](TierId tier, std::uint64_t slot) {
            assert(local_of_tier_[tier] < 0);  // the promise: outside the group, so solved already
            any_move = true;
            out(solved_[tier].at(slot));
          },
          [&] {
            any_move = true;
            fastest_win = 1;
          });
      if (n < 0) return false;
      in_group = n;
      if (n > 0) any_move = true;
      return true;
    } else {
      return false;
    }
  }

  // Games that can index all predecessors of a position at once do so, and
  // say whether the slots they gave are pairwise distinct. Returns that.
  template <class F>
  bool for_each_predecessor_key(const Position& p, F&& f) const {
    if constexpr (IndexesPredecessors<G>) {
      return game_.for_each_predecessor_slot(
          p, [&](TierId tier, std::uint64_t slot) { f(key(static_cast<std::size_t>(local_of_tier_[tier]), slot)); });
    } else {
      game_.for_each_predecessor(p, [&](const Position& pred) { f(key_of(pred)); });
      return false;
    }
  }

  Key key_of(const Position& p) const {
    const int local = local_of_tier_[game_.tier_of(p)];
    return key(static_cast<std::size_t>(local), game_.index(p));
  }

  // Thread-local lists merged after each parallel phase. The lean walk
  // keeps only the buckets of levels beyond its bytes, and counts how many
  // positions wait for each level in bytes.
  static constexpr unsigned kMostByteLevel = 255;  // a waiting byte of 0 means none
  struct Lists {
    std::vector<Key> resolved;
    std::vector<std::vector<Key>> buckets;
    std::array<std::uint64_t, kMostByteLevel + 1> waiting_in_bytes{};
    std::vector<std::vector<Key>> outgoing;  // a split walk's updates for other processes, by owner
    void defer(unsigned level, Key k) {
      if (buckets.size() <= level) buckets.resize(level + 1);
      buckets[level].push_back(k);
    }
  };

  // A thread's bucket joins the level's chunks as it is, without a copy (the
  // buckets set up at the start may hold a third of a group's slots).
  void merge(std::vector<Lists>& per_thread, std::vector<Key>& resolved) {
    std::size_t total = resolved.size();
    for (const Lists& lists : per_thread) total += lists.resolved.size();
    resolved.reserve(total);
    for (Lists& lists : per_thread) {
      resolved.insert(resolved.end(), lists.resolved.begin(), lists.resolved.end());
      for (unsigned l = 0; l <= kMostByteLevel; ++l) waiting_in_bytes_[l] += lists.waiting_in_bytes[l];
      if (buckets_.size() < lists.buckets.size()) buckets_.resize(lists.buckets.size());
      for (std::size_t l = 0; l < lists.buckets.size(); ++l)
        if (!lists.buckets[l].empty()) buckets_[l].push_back(std::move(lists.buckets[l]));
      for (std::size_t r = 0; r < lists.outgoing.size(); ++r)
        outgoing_[r].insert(outgoing_[r].end(), lists.outgoing[r].begin(), lists.outgoing[r].end());
      lists = Lists{};
    }
  }

  // The table of the group's moves taken backwards, for a game without
  // predecessors of its own, built before the walk on the solve's threads
  // and shown as a stage. A group solved in one pass walks nothing back.
  static constexpr double kReverseMovesShare = 0.3;  // of the group's time, for the estimate
  bool uses_reverse_moves() const { return !GivesPredecessors<G> && !single_pass_ && !forward_; }
  void build_reverse_moves() {
    if (progress_) progress_->counted_stage("taking moves backwards", 2 * total_slots(), 0.0, kReverseMovesShare);
    std::function<void(std::uint64_t)> advance;
    if (progress_) advance = [this](std::uint64_t n) { progress_->advance(n); };
    reverse_moves_.build(game_, tiers_, threads_, advance);
  }

  // Counts each slot's distinct in-group children and folds in the moves
  // that leave the group. Returns the positions lost at level 0.
  std::vector<Key> initialise() {
    const double from = uses_reverse_moves() ? kReverseMovesShare : 0.0;
    if (progress_) progress_->counted_stage("counting moves", total_slots(), from, single_pass_ ? 0.9 : 0.5);
    std::vector<Lists> per_thread(threads_);
    std::atomic<bool> overflow{false};
    for (std::size_t local = 0; local < tiers_.size(); ++local) {
      const TierId tier = tiers_[local];
      const std::int64_t size = static_cast<std::int64_t>(slots_of_local_[local]);
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 4096) if (size > kParallelFrom)
      for (std::int64_t slot = 0; slot < size; ++slot) {
        Lists& lists = per_thread[omp_get_thread_num()];
        if (!initialise_slot(local, tier, static_cast<std::uint64_t>(slot), lists)) overflow = true;
        if (progress_) report_chunk(slot, size);
      }
    }
    if (overflow)
      throw std::length_error("a position of tier " + game_.tier_name(tiers_.front()) +
                              "'s group is beyond the solver's state word: more than " + std::to_string(kMaxChildren) +
                              " distinct children in its group, more than " + std::to_string(kMaxCount) +
                              " to count, or a win leaving the group longer than " + std::to_string(kMaxOutWin) +
                              " plies (solver/state_word.hpp)");
    std::vector<Key> lost;
    merge(per_thread, lost);
    return lost;
  }

  // What a position's moves say at set-up: its distinct in-group children
  // and what the moves that leave the group lead to.
  struct Survey {
    int distinct = 0;  // in-group children, each slot once
    bool any_move = false, too_many = false;
    unsigned blockers = 0;         // moves leaving the group that draw
    unsigned fastest_win = ~0u;    // the shortest win by a move leaving the group (1: to a lost position)
    unsigned longest_out_win = 0;  // the longest win of the opponent after a move leaving the group
  };
  // kOutOnly: only the moves that leave the group are wanted (the byte walk
  // asks again for the longest of their wins): in-group children are not
  // indexed.
  template <bool kOutOnly>
  Survey survey_moves(const Position& p) const {
    Survey m;
    Key children[kMaxChildren];
    auto count_out_child = [&](Value v) {
      if (is_draw(v)) ++m.blockers;
      else if (is_loss(v)) m.fastest_win = std::min(m.fastest_win, distance_of(v) + 1);
      else m.longest_out_win = std::max(m.longest_out_win, distance_of(v));
    };
    // The values of children in solved tiers are read after the moves are
    // generated, their cache misses overlapping (their order does not matter).
    ValueAt out_values[kMaxChildren];
    int outside = 0;
    auto out_child = [&](ValueAt value) {
      if (outside == kMaxChildren) return count_out_child(*value);
      __builtin_prefetch(value.address());
      out_values[outside++] = value;
    };
    if (!exits_counted(p, m.distinct, m.any_move, m.fastest_win, out_child)) {
      const bool children_known_distinct = kOutOnly || quiet_children_distinct(p);
      game_.for_each_move(p, [&](const auto&, const Position& child) {
        m.any_move = true;
        if (game_.is_lost(child)) {
          m.fastest_win = 1;
          return;
        }
        const TierId child_tier = game_.tier_of(child);
        const int child_local = local_of_tier_[child_tier];
        if (child_local >= 0 && children_known_distinct) {
          ++m.distinct;  // counted without indexing: no two such children share a slot
          return;
        }
        const std::uint64_t child_slot = game_.index(child);
        if (child_local >= 0) {
          const Key k = key(static_cast<std::size_t>(child_local), child_slot);
          if (std::find(children, children + m.distinct, k) != children + m.distinct) return;
          if (m.distinct == kMaxChildren) m.too_many = true;
          else children[m.distinct++] = k;
          return;
        }
        out_child(solved_[child_tier].at(child_slot));
      });
    }
    for (int i = 0; i < outside; ++i) count_out_child(*out_values[i]);
    return m;
  }

  bool initialise_slot(std::size_t local, TierId tier, std::uint64_t slot, Lists& lists) {
    std::uint16_t& s = states_[local][slot];
    const Position p = game_.position(tier, slot);
    if (is_alias_slot(game_, tier, slot, p)) {
      s = kAlias;
      return true;
    }
    const Key self = key(local, slot);
    if (game_.is_lost(p)) {
      s = make_value(0);
      if (!single_pass_) resolved_at(0, self, lists);
      return true;
    }
    const Survey m = survey_moves<false>(p);
    if (single_pass_) {
      // No move stays in the group, so the value is final already.
      if (m.distinct > 0) return false;
      if (!m.any_move) s = make_value(0);
      else if (m.fastest_win != ~0u) s = make_value(m.fastest_win);
      else if (m.blockers > 0) s = kDraw;
      else s = make_value(m.longest_out_win + 1);
      return m.longest_out_win < kMaxDistance;
    }
    if (!m.any_move) {  // no legal move: the side to move has lost
      s = make_value(0);
      resolved_at(0, self, lists);
      return true;
    }
    unsigned blockers = m.blockers;
    if (m.fastest_win != ~0u) {
      ++blockers;  // a position with a winning move can never lose
      waits_for(m.fastest_win, self, lists);
    }
    const unsigned count = static_cast<unsigned>(m.distinct) + blockers;
    if (m.too_many || count > kMaxCount || m.longest_out_win > kMaxOutWin) return false;
    if (count == 0) waits_for(m.longest_out_win + 1, self, lists);  // every move leaves the group and loses
    s = pending(m.longest_out_win, count);
    return true;
  }

  // The positions waiting in lists for `level` resolve there; each chunk
  // of the bucket is freed as soon as it is done.
  void resolve_bucket(unsigned level, std::vector<Key>& frontier) {
    if (level >= buckets_.size()) return;
    std::vector<std::vector<Key>> chunks = std::move(buckets_[level]);
    for (std::vector<Key>& chunk : chunks) {
      resolve_deferred(chunk, level, frontier);
      std::vector<Key>().swap(chunk);
    }
  }

  // Positions whose value was fixed by moves leaving the group resolve at
  // their level unless the walk resolved them earlier: they join the
  // frontier (the walk by lists) or mark their chunks (the lean walk, whose
  // frontier stays empty).
  void resolve_deferred(const std::vector<Key>& deferred, unsigned level, std::vector<Key>& frontier) {
    // A slot waits in at most one bucket and nothing else writes between
    // levels, so plain stores are safe here.
    const std::uint16_t value = make_value(level);
    std::vector<Lists> per_thread(threads_);
    const std::int64_t size = static_cast<std::int64_t>(deferred.size());
#pragma omp parallel for num_threads(threads_) schedule(static) if (size > kParallelFrom)
    for (std::int64_t n = 0; n < size; ++n) {
      const Key k = deferred[n];
      std::uint16_t& s = states_[local_of(k)][slot_of(k)];
      if (unresolved(s)) {
        s = value;
        resolved_at(level, k, per_thread[omp_get_thread_num()]);
      }
    }
    merge(per_thread, frontier);
  }

  // Takes the frontier, to free it as soon as it is no longer needed.
  std::vector<Key> propagate(std::vector<Key> frontier, unsigned level) {
    if constexpr (kByBlock) return propagate_by_block(std::move(frontier), level);
    else return propagate_shared(frontier, level);
  }

  std::uint64_t total_slots() const {
    std::uint64_t n = 0;
    for (const std::uint64_t slots : slots_of_local_) n += slots;
    return n;
  }

  // Counts a slot loop's progress a chunk at a time: the loops' dynamic
  // chunks of 4096 start at multiples of 4096, so each chunk is counted once.
  void report_chunk(std::int64_t slot, std::int64_t size) {
    if ((slot & 4095) == 4095 || slot + 1 == size) progress_->advance(static_cast<std::uint64_t>(slot & 4095) + 1);
  }

  Position position_of(Key k) const { return game_.position(tiers_[local_of(k)], slot_of(k)); }
  Position position_of_entry(const Position& p) const { return p; }
  Position position_of_entry(Key k) const { return position_of(k); }

  // Replaces preds with the distinct predecessors of p, prefetches their
  // words so that the misses overlap, and returns how many. A position may
  // have any number of predecessors (in Crossings' seed game, up to 45,173
  // in a seed-4x3 group: a formation removed from anywhere), so the buffer
  // grows as needed.
  int gather_predecessors(const Position& p, std::vector<Key>& preds) {
    preds.clear();
    const bool distinct = for_each_predecessor_key(p, [&](const Key pk) { preds.push_back(pk); });
    if (!distinct) {                         // two moves may lead here from one slot: keep one
      constexpr std::size_t kSortFrom = 64;  // beyond this, sorting beats searching the kept ones
      if (preds.size() > kSortFrom) {
        std::sort(preds.begin(), preds.end());
        preds.erase(std::unique(preds.begin(), preds.end()), preds.end());
      } else {
        std::size_t kept = 0;
        for (std::size_t j = 0; j < preds.size(); ++j)
          if (std::find(preds.begin(), preds.begin() + kept, preds[j]) == preds.begin() + kept)
            preds[kept++] = preds[j];
        preds.resize(kept);
      }
    }
    prefetch_states(preds);
    return static_cast<int>(preds.size());
  }

  // The same for the table's predecessors, found by key alone: no position
  // is unranked. A list is sorted, so repeats sit side by side.
  int gather_reverse_moves(Key k, std::vector<Key>& preds) {
    preds.clear();
    const bool distinct = reverse_moves_.for_each_parent(
        local_of(k), slot_of(k), [&](std::size_t local, std::uint64_t slot) { preds.push_back(key(local, slot)); });
    if (!distinct) preds.erase(std::unique(preds.begin(), preds.end()), preds.end());
    prefetch_states(preds);
    return static_cast<int>(preds.size());
  }

  // The walk is about to update the keys' states: their cache lines are
  // fetched now. The address is computed without a branch on the walk: GCC
  // drops a branch whose arms only prefetch (and the prefetches with it).
  void prefetch_states(const std::vector<Key>& keys) const {
    for (const Key k : keys) __builtin_prefetch(state_at_[local_of(k)] + (slot_of(k) << state_shift_), 1);
  }
  // Where each local tier's states lie, for prefetch_states.
  template <class Word>
  void states_lie_in(const std::vector<std::vector<Word>>& states) {
    state_at_.clear();
    for (const std::vector<Word>& words : states) state_at_.push_back(reinterpret_cast<const char*>(words.data()));
    state_shift_ = sizeof(Word) == 1 ? 0 : 1;
    static_assert(sizeof(Word) <= 2);
  }

  // The distinct predecessors of the frontier's k, from the game or the table.
  int gather_predecessors_of(Key k, std::vector<Key>& preds) {
    if constexpr (GivesPredecessors<G>) return gather_predecessors(position_of(k), preds);
    else return gather_reverse_moves(k, preds);
  }

  // Any thread may reach any word: updates are atomic.
  std::vector<Key> propagate_shared(const std::vector<Key>& frontier, unsigned level) {
    std::vector<Lists> per_thread(threads_);
    std::vector<std::vector<Key>> buffers(threads_);
    const std::int64_t size = static_cast<std::int64_t>(frontier.size());
    const bool frontier_lost = level % 2 == 0;
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 256) if (size > kParallelFrom / 16)
    for (std::int64_t n = 0; n < size; ++n) {
      Lists& lists = per_thread[omp_get_thread_num()];
      std::vector<Key>& preds = buffers[omp_get_thread_num()];
      const int count = gather_predecessors_of(frontier[n], preds);
      update_all(preds.data(), count, frontier_lost, level, lists);
    }
    std::vector<Key> next;
    merge(per_thread, next);
    return next;
  }

  // The frontier is sorted by the block its predecessors lie in (a counting
  // sort), and each block goes to one thread, which updates its words with
  // plain loads and stores while they sit in its cache. A small position
  // (Pangki's 12 bytes) is unranked once and sorted as it is; a larger one
  // (Crossings' 24) would make two copies of the frontier as positions the
  // largest part of a solve's memory, so its keys are sorted instead and it
  // is unranked again in the walk.
  static constexpr bool kSortsPositions = sizeof(Position) <= 2 * sizeof(Key);
  using SortEntry = std::conditional_t<kSortsPositions, Position, Key>;
  std::vector<Key> propagate_by_block(std::vector<Key> frontier, unsigned level) {
    const std::int64_t size = static_cast<std::int64_t>(frontier.size());
    const bool parallel = size > kParallelFrom / 16;
    const int team = parallel ? threads_ : 1;
    const std::uint64_t blocks = first_block_.back();
    std::vector<std::uint32_t> block_of(frontier.size());
    std::vector<std::vector<std::uint64_t>> placed(team, std::vector<std::uint64_t>(blocks, 0));
    std::vector<std::uint64_t> block_start(blocks + 1);
    std::vector<SortEntry> sorted(frontier.size());
    std::vector<Position> unranked(kSortsPositions ? frontier.size() : 0);
    std::vector<Lists> per_thread(team);
    const bool frontier_lost = level % 2 == 0;
#pragma omp parallel num_threads(team) if (parallel)
    {
      const int t = omp_get_thread_num();
      const std::int64_t begin = size * t / team, end = size * (t + 1) / team;
      std::vector<std::uint64_t>& at = placed[t];
      for (std::int64_t n = begin; n < end; ++n) {
        const Position p = position_of(frontier[n]);
        if constexpr (kSortsPositions) unranked[n] = p;
        const auto [tier, block] = game_.predecessor_block(p);
        block_of[n] = static_cast<std::uint32_t>(first_block_[local_of_tier_[tier]] + block);
        ++at[block_of[n]];
      }
#pragma omp barrier
#pragma omp single
      {
        std::uint64_t next = 0;
        for (std::uint64_t b = 0; b < blocks; ++b) {
          block_start[b] = next;
          for (auto& counts : placed) next += std::exchange(counts[b], next);
        }
        block_start[blocks] = next;
      }
      for (std::int64_t n = begin; n < end; ++n) {
        if constexpr (kSortsPositions) sorted[at[block_of[n]]++] = unranked[n];
        else sorted[at[block_of[n]]++] = frontier[n];
      }
#pragma omp barrier
#pragma omp single
      {  // the walk's lists grow from here: the unsorted frontier is no longer needed
        std::vector<Key>().swap(frontier);
        std::vector<std::uint32_t>().swap(block_of);
        std::vector<Position>().swap(unranked);
      }
      Lists& lists = per_thread[t];
      // A block's words are still mostly first touches: each position's
      // predecessors are gathered and prefetched one position ahead of their
      // updates, so that the misses overlap with the next gathering.
      std::vector<Key> preds[2];
      int pending_count = 0;
#pragma omp for schedule(dynamic, 16)
      for (std::int64_t b = 0; b < static_cast<std::int64_t>(blocks); ++b) {
        for (std::uint64_t i = block_start[b]; i < block_start[b + 1]; ++i) {
          const int count = gather_predecessors(position_of_entry(sorted[i]), preds[i & 1]);
          const Key* waiting = preds[(i & 1) ^ 1].data();
          for (int j = 0; j < pending_count; ++j) update<false>(waiting[j], frontier_lost, level, lists);
          pending_count = count;
        }
        // The block ends here: its last updates must not wait for another
        // block, which another thread may take.
        const Key* waiting = preds[(block_start[b + 1] - 1) & 1].data();
        for (int j = 0; j < pending_count; ++j) update<false>(waiting[j], frontier_lost, level, lists);
        pending_count = 0;
      }
    }
    std::vector<Key> next;
    merge(per_thread, next);
    return next;
  }

  // A child of k resolved at `level`: a LOSS (frontier_lost) makes k a WIN at
  // level + 1; a WIN takes one from k's count.
  template <bool kShared>
  void update(Key k, bool frontier_lost, unsigned level, Lists& lists) {
    std::uint16_t& word = states_[local_of(k)][slot_of(k)];
    std::uint16_t old = kShared ? std::atomic_ref<std::uint16_t>(word).load(std::memory_order_relaxed) : word;
    while (unresolved(old) && old != kAlias) {
      const Step step = frontier_lost ? Step{make_value(level + 1), true, 0} : counted_down(old, level);
      if constexpr (kShared) {
        if (!std::atomic_ref<std::uint16_t>(word).compare_exchange_weak(old, step.next, std::memory_order_relaxed))
          continue;
      } else {
        word = step.next;
      }
      if (step.resolves_now) resolved_at(level + 1, k, lists);
      if (step.defer_to) waits_for(step.defer_to, k, lists);
      return;
    }
  }

  // update() for each of keys[0..n): atomically where other threads may
  // write the same words, plainly on one thread, where a locked
  // compare-exchange would only stall the loads the walk has in flight.
  void update_all(const Key* keys, int n, bool frontier_lost, unsigned level, Lists& lists) {
    if (threads_ == 1) {
      for (int j = 0; j < n; ++j) update<false>(keys[j], frontier_lost, level, lists);
    } else {
      for (int j = 0; j < n; ++j) update<true>(keys[j], frontier_lost, level, lists);
    }
  }

  struct Step {
    std::uint16_t next;
    bool resolves_now;
    unsigned defer_to;  // the level it resolves at, when later than now; else 0
  };
  // An unresolved word after one more child became a WIN (for the opponent)
  // at `level`.
  static Step counted_down(std::uint16_t old, unsigned level) {
    const unsigned count = state_word::count_of(old);
    const unsigned longest_out_win = state_word::longest_out_win_of(old);
    if (count > 1) return {static_cast<std::uint16_t>(old - 1), false, 0};
    if (longest_out_win <= level) return {make_value(level + 1), true, 0};
    return {pending(longest_out_win, 0), false, longest_out_win + 1};
  }

  // ---- where both walks put what they find ----

  // k got its value at `level`: the walk by lists keeps it for that level's
  // list, the lean walk marks its chunk for that level's scan.
  void resolved_at(unsigned level, Key k, Lists& lists) {
    if (!lean_ && !byte_) {
      lists.resolved.push_back(k);
      return;
    }
    mark_chunk(level, k);
  }
  void mark_chunk(unsigned level, Key k) {
    std::uint8_t& mark = marked_[level & 1][chunk_of(k)];
    // Many threads mark the same chunks: a load first spares the cache line.
    if (!std::atomic_ref<std::uint8_t>(mark).load(std::memory_order_relaxed))
      std::atomic_ref<std::uint8_t>(mark).store(1, std::memory_order_relaxed);
  }

  // k resolves at `level` unless the walk resolves it earlier (a slot waits
  // at most once: see update and initialise_slot). Only the thread that
  // changed k's word calls this, so its byte is its own.
  void waits_for(unsigned level, Key k, Lists& lists) {
    if (lean_ && level <= lean_byte_levels_) {
      waiting_[local_of(k)][slot_of(k)] = static_cast<std::uint8_t>(level);
      ++lists.waiting_in_bytes[level];
    } else {
      lists.defer(level, k);
    }
  }

  // ---- the lean walk ----
  //
  // Level L's positions are exactly the slots whose word holds make_value(L)
  // once level L - 1 and the positions waiting for L are done: a value is
  // written once, at its level. So the walk keeps no list of them: each
  // write marks its chunk of kChunkSlots slots in the map of its level's
  // parity, and level L scans the marked chunks for that word, clearing the
  // marks as it goes (level L writes only values of L + 1, the other map).
  // A position that waits for a later level keeps the level in a byte of
  // its own (0: none); before level L's scan, the slots whose byte says L
  // resolve there if still unresolved. A scan a level costs a read of the
  // marked chunks instead of 8 bytes a position in lists, and any thread
  // may update any word, so updates are atomic, as in propagate_shared.
  static constexpr unsigned kChunkBits = 10;
  static constexpr std::uint64_t kChunkSlots = std::uint64_t{1} << kChunkBits;
  static_assert(kChunkSlots == kWalkChunkSlots, "a split group's blocks are whole chunks");

  std::size_t chunk_of(Key k) const {
    return static_cast<std::size_t>(first_chunk_[local_of(k)] + (slot_of(k) >> kChunkBits));
  }
  // The local tier of chunk c, and its slots [begin, end).
  struct ChunkSlots {
    std::size_t local;
    std::uint64_t begin, end;
  };
  ChunkSlots chunk_slots(std::size_t c) const {
    const auto after = std::upper_bound(first_chunk_.begin(), first_chunk_.end(), c);
    const std::size_t local = static_cast<std::size_t>(after - first_chunk_.begin()) - 1;
    const std::uint64_t begin = (c - first_chunk_[local]) << kChunkBits;
    return {local, begin, std::min<std::uint64_t>(begin + kChunkSlots, slots_of_local_[local])};
  }

  // Where each local tier's chunks start, and the two parities' chunk maps.
  void set_up_chunks() {
    first_chunk_.assign(1, 0);
    for (const std::uint64_t size : slots_of_local_)
      first_chunk_.push_back(first_chunk_.back() + (size + kChunkSlots - 1) / kChunkSlots);
    for (std::vector<std::uint8_t>& marks : marked_) marks.assign(first_chunk_.back(), 0);
  }

  void set_up_lean() {
    set_up_chunks();
    waiting_.resize(tiers_.size());
    for (std::size_t k = 0; k < tiers_.size(); ++k)
      assign_on_huge_pages(waiting_[k], slots_of_local_[k]);  // reached at random, as the words are
    waiting_in_bytes_.fill(0);
  }

  bool any_marked(unsigned parity) const {
    const std::vector<std::uint8_t>& marks = marked_[parity];
    return std::find(marks.begin(), marks.end(), std::uint8_t{1}) != marks.end();
  }
  bool waits_after(unsigned level) const {
    for (unsigned l = level + 1; l <= kMostByteLevel; ++l)
      if (waiting_in_bytes_[l] > 0) return true;
    return level + 1 < buckets_.size();
  }

  void walk_lean() {
    const WalkTimer timer{walk_seconds_};
    for (unsigned level = 0;; ++level) {
      if (level <= kMostByteLevel && waiting_in_bytes_[level] > 0) {
        resolve_waiting_bytes(level);
        waiting_in_bytes_[level] = 0;
      }
      std::vector<Key> none;  // the lean walk's resolve_deferred marks chunks instead
      resolve_bucket(level, none);
      if (!any_marked(level & 1) && !waits_after(level)) break;
      if (level >= kMaxDistance)
        throw std::length_error("a position of tier " + game_.tier_name(tiers_.front()) + "'s group is more than " +
                                std::to_string(kMaxDistance) + " plies from its end, the longest a value holds");
      levels_ = level + 1;
      const std::uint64_t found = propagate_lean(level);
      resolved_ += found;
      if (progress_) progress_->level(level, resolved_);
    }
    // The walk is over: its bytes go before the clean-up.
    std::vector<std::vector<std::uint8_t>>().swap(waiting_);
    for (std::vector<std::uint8_t>& marks : marked_) std::vector<std::uint8_t>().swap(marks);
  }

  // Whether one of the 8 bytes of x is b (the classic test for a zero byte,
  // on x with b's bytes taken out): a scan skips 8 slots at a time.
  static bool has_byte(std::uint64_t x, std::uint8_t b) {
    constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;
    const std::uint64_t y = x ^ (kOnes * b);
    return ((y - kOnes) & ~y & kHighs) != 0;
  }

  // Before level L's scan: the slots whose byte says L resolve there, unless
  // the walk resolved them earlier. Nothing else runs meanwhile.
  void resolve_waiting_bytes(unsigned level) {
    const std::uint16_t value = make_value(level);
    const auto wanted = static_cast<std::uint8_t>(level);
    const std::int64_t chunks = static_cast<std::int64_t>(first_chunk_.back());
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 64) if (chunks > 64)
    for (std::int64_t c = 0; c < chunks; ++c) {
      const ChunkSlots at = chunk_slots(static_cast<std::size_t>(c));
      std::uint8_t* bytes = waiting_[at.local].data();
      std::uint16_t* words = states_[at.local].data();
      bool marked = false;
      for (std::uint64_t i = at.begin; i < at.end;) {
        if (i + 8 <= at.end) {
          std::uint64_t eight;
          std::memcpy(&eight, bytes + i, 8);
          if (!has_byte(eight, wanted)) {
            i += 8;
            continue;
          }
        }
        for (const std::uint64_t stop = std::min(i + 8, at.end); i < stop; ++i) {
          if (bytes[i] != wanted) continue;
          bytes[i] = 0;
          if (unresolved(words[i]) && words[i] != kAlias) {
            words[i] = value;
            marked = true;
          }
        }
      }
      if (marked) marked_[level & 1][static_cast<std::size_t>(c)] = 1;
    }
  }

  // Level `level`: scans the marked chunks for its positions and updates
  // their predecessors. Returns how many positions it found.
  std::uint64_t propagate_lean(unsigned level) {
    const bool frontier_lost = level % 2 == 0;
    std::vector<std::uint16_t*> words;
    for (std::vector<std::uint16_t>& tier : states_) words.push_back(tier.data());
    return scan_level(words, make_value(level), level,
                      [&](const Key* keys, int n, Lists& lists) { update_all(keys, n, frontier_lost, level, lists); });
  }

  // Both scanning walks' level: the marked chunks of `level`'s parity are
  // scanned for slots whose state is `target`, and each one's predecessors
  // are handed to update(keys, n, lists). Returns how many it found.
  template <class Word, class Update>
  std::uint64_t scan_level(const std::vector<Word*>& states, Word target, unsigned level, Update&& update,
                           std::size_t first_chunk = 0, std::size_t end_chunk = SIZE_MAX) {
    std::vector<std::uint8_t>& marks = marked_[level & 1];
    const std::int64_t first = static_cast<std::int64_t>(first_chunk);
    const std::int64_t chunks = static_cast<std::int64_t>(std::min(end_chunk, marks.size()));
    std::vector<Lists> per_thread(threads_);
    std::uint64_t found = 0, updates = 0;
#pragma omp parallel num_threads(threads_) reduction(+ : found, updates)
    {
      Lists& lists = per_thread[omp_get_thread_num()];
      std::vector<Key> preds[2];
      // Each position's predecessors are gathered and prefetched one
      // position ahead of their updates, so that the misses overlap.
      int pending_count = 0;
      unsigned now = 0;
#pragma omp for schedule(dynamic, 16) nowait
      for (std::int64_t c = first; c < chunks; ++c) {
        if (!marks[c]) continue;
        marks[c] = 0;  // this level writes only the other map
        const ChunkSlots at = chunk_slots(static_cast<std::size_t>(c));
        Word* words = states[at.local];
        for (std::uint64_t slot = at.begin; slot < at.end; ++slot) {
          if (std::atomic_ref<Word>(words[slot]).load(std::memory_order_relaxed) != target) continue;
          ++found;
          const int count = gather_predecessors_of(key(at.local, slot), preds[now]);
          update(preds[now ^ 1].data(), pending_count, lists);
          updates += static_cast<std::uint64_t>(pending_count);
          pending_count = count;
          now ^= 1;
        }
      }
      update(preds[now ^ 1].data(), pending_count, lists);
      updates += static_cast<std::uint64_t>(pending_count);
    }
    updates_ += updates;
    std::vector<Key> none;
    merge(per_thread, none);
    return found;
  }

  // ---- the byte walk ----
  //
  // The lean walk's scan with one byte a slot (codes in solver/state_byte.hpp).
  // A position whose value is fixed before its level gets its code at once
  // and its chunk is noted for that level; a position that wins by a move
  // leaving the group at a level after 1 keeps only that it does, and its
  // chunk is noted for the level, where its moves are asked again.

  using Code = state_byte::Code;

  // Solves the group in bytes; false when a distance does not fit the byte
  // (nothing is kept then: the caller solves the group again).
  bool solve_in_bytes() {
    allocate_codes();
    set_up_walk_state();
    unsigned first_level = 0;
    const bool resumed = resume_walk(first_level);
    const bool fits = (resumed || initialise_bytes()) && (single_pass_ || walk_bytes(first_level));
    chunk_levels_.clear();
    std::vector<std::uint8_t>().swap(open_chunks_);
    child_lists_.clear();
    exit_wins_.clear();
    big_counts_.clear();
    for (std::vector<std::uint8_t>& marks : marked_) std::vector<std::uint8_t>().swap(marks);
    if (!fits) {
      std::vector<std::vector<Code>>().swap(codes_);
      share_codes_.clear();
      return false;
    }
    if (progress_) progress_->levels_done(resolved_, updates_, walk_seconds_);
    reverse_moves_.clear();  // the walk is over: the table's memory goes before the clean-up
    return true;
  }

  // The codes by local tier: the whole group's, or in a split walk only
  // this process's blocks of them, indexed by the group's slot numbers.
  void allocate_codes() {
    code_at_.clear();
    if (!partition_.split()) {
      codes_.resize(tiers_.size());
      // Codes are reached at random: huge pages spare most TLB misses.
      for (std::size_t k = 0; k < tiers_.size(); ++k) {
        assign_on_huge_pages(codes_[k], slots_of_local_[k], state_byte::kBlocked);
        code_at_.push_back(codes_[k].data());
      }
    } else {
      // No huge pages: a share's blocks are smaller than one.
      share_codes_.clear();
      for (std::size_t k = 0; k < tiers_.size(); ++k) {
        share_codes_.emplace_back(slots_of_local_[k]);
        code_at_.push_back(share_codes_.back().data());
      }
    }
    state_at_.clear();
    for (const Code* codes : code_at_) state_at_.push_back(reinterpret_cast<const char*>(codes));
    state_shift_ = 0;
  }

  enum class ByteFit { kFits, kTooManyChildren, kTooFar };

  bool initialise_bytes() {
    const double from = uses_reverse_moves() ? kReverseMovesShare : 0.0;
    if (progress_) progress_->counted_stage("counting moves", total_slots(), from, 0.5);
    std::vector<std::vector<state_byte::BigCounts::Entry>> big(threads_);
    std::atomic<bool> too_many{false}, too_far{false};
    for (std::size_t local = 0; local < tiers_.size(); ++local) {
      const TierId tier = tiers_[local];
      // A split walk sets up its own slots only (all of them otherwise).
      const std::int64_t size = static_cast<std::int64_t>(partition_.owned_slots(local));
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 4096) if (size > kParallelFrom)
      for (std::int64_t slot = 0; slot < size; ++slot) {
        const ByteFit fit = initialise_byte_slot(
            local, tier, partition_.slot_of_owned(local, static_cast<std::uint64_t>(slot)), big[omp_get_thread_num()]);
        if (fit == ByteFit::kTooManyChildren) too_many = true;
        if (fit == ByteFit::kTooFar) too_far = true;
        if (progress_) report_chunk(slot, size);
      }
    }
    if (too_many)
      throw std::length_error("a position of tier " + game_.tier_name(tiers_.front()) + "'s group has more than " +
                              std::to_string(kMaxChildren) + " distinct children in its group");
    for (auto& entries : big) big_counts_.add(entries);
    big_counts_.sort();
    big_counts_seen_ = big_counts_.size();
    return !too_far;
  }

  ByteFit initialise_byte_slot(std::size_t local, TierId tier, std::uint64_t slot,
                               std::vector<state_byte::BigCounts::Entry>& big) {
    Code& code = code_at_[local][slot];
    const Position p = game_.position(tier, slot);
    if (is_alias_slot(game_, tier, slot, p)) {
      code = state_byte::kAlias;
      return ByteFit::kFits;
    }
    const Key self = key(local, slot);
    if (game_.is_lost(p)) return resolve_at_set_up(code, self, 0);
    const Survey m = survey_moves<false>(p);
    if (m.too_many) return ByteFit::kTooManyChildren;
    if (!m.any_move) return resolve_at_set_up(code, self, 0);  // no legal move: the side to move has lost
    // A win by a move leaving the group: written now, and made earlier by
    // a child lost before it (see update_byte).
    if (m.fastest_win != ~0u) return resolve_at_set_up(code, self, m.fastest_win);
    if (m.blockers > 0) {
      code = state_byte::kBlocked;
      return ByteFit::kFits;
    }
    if (m.distinct == 0) return resolve_at_set_up(code, self, m.longest_out_win + 1);  // every move loses
    if (m.longest_out_win > 0) {  // a move leaving the group loses later than at once
      std::uint64_t& word = exit_wins_[local][slot / 64];
      std::atomic_ref<std::uint64_t>(word).fetch_or(std::uint64_t{1} << (slot % 64), std::memory_order_relaxed);
    }
    if (static_cast<unsigned>(m.distinct) <= byte_max_count_) {
      code = state_byte::counted(static_cast<unsigned>(m.distinct));
    } else {
      code = state_byte::kBigCount;
      big.push_back({self, static_cast<std::uint32_t>(m.distinct)});
    }
    return ByteFit::kFits;
  }

  // A value the set-up knows: written now, found at its level.
  ByteFit resolve_at_set_up(Code& code, Key self, unsigned distance) {
    if (distance > byte_max_distance_) return ByteFit::kTooFar;
    code = state_byte::resolved(distance);
    if (distance <= 1) mark_chunk(distance, self);
    else chunk_levels_.note(distance, chunk_of(self));
    return ByteFit::kFits;
  }

  // What the set-up and the walk write besides the codes, as before the
  // set-up (or before a saved walk is loaded).
  void set_up_walk_state() {
    set_up_chunks();
    chunk_levels_.reset(first_chunk_.back());
    big_counts_.clear();
    // Zero at first, and in a share only its own blocks' words are written.
    exit_wins_.clear();
    for (std::size_t k = 0; k < tiers_.size(); ++k) exit_wins_.emplace_back((slots_of_local_[k] + 63) / 64);
    if (forward_) open_chunks_.assign(first_chunk_.back(), 1);
    child_lists_.clear();
  }

  // False when a distance went beyond the byte's. Starts at `first_level`
  // (a walk loaded from its last save goes on where it was).
  bool walk_bytes(unsigned first_level = 0) {
    const WalkTimer timer{walk_seconds_};
    for (unsigned level = first_level;; ++level) {
      if (chunk_levels_.any_at(level)) take_noted_chunks(level);
      // The set-up marks level 1's chunks too (wins at once).
      const bool more = any_marked(level & 1) || any_marked((level + 1) & 1) || chunk_levels_.any_after(level);
      if (partition_.split() ? exchange_->sum({more})[0] == 0 : !more) break;
      levels_ = level + 1;
      // Nothing runs between two levels: the state is whole here (a walk
      // just loaded is not saved again).
      if (level > first_level || !resumed_) save_walk_if_due(level, timer.seconds_so_far());
      if (partition_.split()) {
        if (!walk_share_level(level)) return false;
        continue;
      }
      const bool frontier_lost = level % 2 == 0;
      // The forward walk asks every open position: not for a level with none.
      const bool none_at_level = forward_ && !any_marked(level & 1);
      const std::uint64_t found =
          none_at_level ? 0
          : forward_    ? pull_level(level)
                        : scan_level(code_at_, state_byte::resolved(level), level, [&](const Key* keys, int n, Lists&) {
                         update_all_bytes(keys, n, frontier_lost, level);
                       });
      if (std::atomic_ref<bool>(too_far_).load()) return false;
      resolved_ += found;
      if (progress_) progress_->level(level, resolved_);
    }
    return true;
  }

  // ---- the byte walk saved and loaded (solver/walk_checkpoint.hpp) ----
  //
  // The state at a level's start, in this order: the counters, each local
  // tier's codes, the chunk maps of both parities, the levels noted per
  // chunk and which levels have any, the counts kept aside, the bits of
  // wins leaving the group, and the forward walk's open chunks.

  struct WalkCounters {
    std::uint64_t resolved = 0, updates = 0, big_counts_seen = 0;
    double walk_seconds = 0;
  };

  bool saves_walk() const { return checkpoints_ != nullptr && !single_pass_ && !partition_.split(); }

  // What a save holds must be loaded by this walk only: its kind, limits
  // and sizes (the game, variant and group are the keeper's to add). The
  // number after "byte walk" goes up whenever a part's meaning changes.
  std::string walk_signature() const {
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "..." + std::string.
    std::string s = "byte walk 1, ";
    const auto add = [&s](const char* what, std::uint64_t n) {
      s += what;
      s += std::to_string(n);
    };
    s += forward_ ? "forward" : "backward";
    add(", distances to ", byte_max_distance_);
    add(", counts to ", byte_max_count_);
    add(", chunks of ", kChunkSlots);
    add(" slots, count entries of ", sizeof(state_byte::BigCounts::Entry));
    s += " bytes, slots";
    for (const std::uint64_t n : slots_of_local_) add(" ", n);
    return s;
  }

  // The parts in their order; counts_part is set to the index of the counts
  // kept aside, the one part whose size is the save's to say (a load
  // resizes it to fit).
  std::vector<WalkPart> walk_parts(const WalkCounters& counters, std::size_t* counts_part = nullptr) {
    std::vector<WalkPart> parts{{&counters, sizeof counters}};
    for (const std::vector<Code>& codes : codes_) parts.push_back({codes.data(), codes.size()});
    for (const std::vector<std::uint8_t>& marks : marked_) parts.push_back({marks.data(), marks.size()});
    parts.push_back({chunk_levels_.bit_words().data(), chunk_levels_.bit_words().size() * sizeof(std::uint64_t)});
    parts.push_back({chunk_levels_.levels_noted().data(), sizeof chunk_levels_.levels_noted()});
    if (counts_part) *counts_part = parts.size();
    auto& entries = big_counts_.entries();
    parts.push_back({entries.data(), entries.size() * sizeof(state_byte::BigCounts::Entry)});
    for (const ReservedArray<std::uint64_t>& bits : exit_wins_)
      parts.push_back({bits.data(), bits.size() * sizeof(std::uint64_t)});
    parts.push_back({open_chunks_.data(), open_chunks_.size()});
    return parts;
  }

  // walked_seconds: this run's time in the walk so far.
  void save_walk_if_due(unsigned level, double walked_seconds) {
    if (!saves_walk() || !checkpoints_->due()) return;
    if (progress_)
      progress_->stage("saving the walk at level " + std::to_string(level) + " (a later run goes on from it)");
    WalkCounters counters{resolved_, updates_, big_counts_seen_, walk_seconds_ + walked_seconds};
    checkpoints_->save(walk_signature(), level, walk_parts(counters));
  }

  // Loads the walk's last save, if the keeper has one of this walk; on
  // success the walk goes on with first_level. A save that is damaged or
  // does not fit is told and left: the group starts anew.
  bool resume_walk(unsigned& first_level) {
    if (!saves_walk()) return false;
    WalkCounters counters;
    std::size_t counts_part = 0;
    // The places a save is loaded into are the ones a save is written from.
    const std::vector<WalkPart> parts = walk_parts(counters, &counts_part);
    std::size_t placed = 0;
    const auto place = [&](std::size_t index, std::uint64_t bytes, void*& where) {
      if (index != placed++ || index >= parts.size()) return false;  // parts come in order
      if (index == counts_part) {
        using Entry = state_byte::BigCounts::Entry;
        if (bytes % sizeof(Entry) != 0) return false;
        big_counts_.entries().resize(bytes / sizeof(Entry));
        where = big_counts_.entries().data();
        return true;
      }
      where = const_cast<void*>(parts[index].data);  // this solver's own arrays, lent read-only to a save
      return bytes == parts[index].bytes;
    };
    unsigned level = 0;
    try {
      if (!checkpoints_->load(walk_signature(), level, place)) return false;
      if (placed != parts.size()) throw std::runtime_error("the saved walk has " + std::to_string(placed) + " parts");
    } catch (const std::exception& e) {
      if (progress_) progress_->note(std::string(e.what()) + ": the group starts anew");
      set_up_walk_state();  // what the load wrote over is made new (the set-up writes every code)
      return false;
    }
    resolved_ = counters.resolved;
    updates_ = counters.updates;
    big_counts_seen_ = counters.big_counts_seen;
    walk_seconds_ = counters.walk_seconds;
    levels_ = level;
    first_level = level;
    resumed_ = true;
    resumed_level_ = level;
    if (progress_) progress_->note("went on from the walk saved at level " + std::to_string(level));
    return true;
  }

  // Before level L's scan: the chunks noted for L are marked for it. A
  // chunk whose codes of L were all made earlier since is left unmarked.
  // Nothing else runs meanwhile.
  void take_noted_chunks(unsigned level) {
    std::uint64_t* words = chunk_levels_.level_words(level);
    const std::int64_t count = static_cast<std::int64_t>(chunk_levels_.words());
    const Code target = state_byte::resolved(level);
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 16) if (count > 64)
    for (std::int64_t w = 0; w < count; ++w) {
      for (std::uint64_t bits = std::exchange(words[w], 0); bits != 0; bits &= bits - 1) {
        const std::size_t c = static_cast<std::size_t>(w) * 64 + static_cast<std::size_t>(std::countr_zero(bits));
        const ChunkSlots at = chunk_slots(c);
        const Code* codes = code_at_[at.local];
        if (std::find(codes + at.begin, codes + at.end, target) != codes + at.end) marked_[level & 1][c] = 1;
      }
    }
    chunk_levels_.done(level);
  }

  // A level of a split walk: this process's positions of the level update
  // the predecessors it owns at once and hand the others to their owners,
  // then it takes the updates the others found for its own. A level writes
  // only codes of later levels, so the order of its updates does not
  // matter. The level goes in rounds, each scanning chunks until its
  // updates for others reach share_round_keys_, so that the buffers stay
  // that size however large the share (every process takes part in every
  // round, with nothing to hand over once its chunks are done). False when
  // a distance went beyond the byte's on any process.
  bool walk_share_level(unsigned level) {
    const bool frontier_lost = level % 2 == 0;
    const int me = partition_.rank();
    const bool shared = threads_ > 1;
    const auto update_or_hand_over = [&](const Key* keys, int n, Lists& lists) {
      if (lists.outgoing.empty()) lists.outgoing.resize(static_cast<std::size_t>(partition_.ranks()));
      for (int j = 0; j < n; ++j) {
        const int owner = partition_.owner(local_of(keys[j]), slot_of(keys[j]));
        if (owner != me) lists.outgoing[static_cast<std::size_t>(owner)].push_back(keys[j]);
        else if (shared) update_byte<true>(keys[j], frontier_lost, level);
        else update_byte<false>(keys[j], frontier_lost, level);
      }
    };
    constexpr std::size_t kChunksAtOnce = 256;  // between looks at the buffers' size
    const std::size_t chunks = marked_[level & 1].size();
    std::uint64_t found = 0, sent = 0;
    for (std::size_t cursor = 0;;) {
      outgoing_.assign(static_cast<std::size_t>(partition_.ranks()), {});
      for (std::uint64_t queued = 0; cursor < chunks && queued < share_round_keys_;) {
        const std::size_t end = std::min(chunks, cursor + kChunksAtOnce);
        found += scan_level(code_at_, state_byte::resolved(level), level, update_or_hand_over, cursor, end);
        cursor = end;
        queued = 0;
        for (const std::vector<Key>& keys : outgoing_) queued += keys.size();
      }
      for (const std::vector<Key>& keys : outgoing_) sent += keys.size();
      apply_received(exchange_->exchange(std::move(outgoing_)), frontier_lost, level);
      outgoing_.clear();
      if (exchange_->sum({cursor < chunks ? 1u : 0u})[0] == 0) break;
    }
    const std::vector<std::uint64_t> totals =
        exchange_->sum({found, std::atomic_ref<bool>(too_far_).load() ? 1u : 0u, sent});
    if (totals[1] > 0) return false;
    resolved_ += totals[0];
    sent_keys_ += totals[2];
    if (progress_) progress_->level(level, resolved_);
    return true;
  }

  // The updates other processes found for this one's slots.
  void apply_received(std::vector<std::vector<Key>> received, bool frontier_lost, unsigned level) {
    for (std::vector<Key>& keys : received) {
      const std::int64_t size = static_cast<std::int64_t>(keys.size());
      constexpr std::int64_t kSpan = 256;
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 16) if (size > kParallelFrom)
      for (std::int64_t at = 0; at < size; at += kSpan)
        update_all_bytes(keys.data() + at, static_cast<int>(std::min(kSpan, size - at)), frontier_lost, level);
      std::vector<Key>().swap(keys);
    }
  }

  // The end of a split walk: aliases take their canonical slot's code,
  // asked of its owner where another process owns it, then every code of
  // the share becomes its value where it lies.
  void finish_share() {
    if (progress_) progress_->counted_stage("finishing", total_slots(), 0.9, 1.0);
    const std::size_t ranks = static_cast<std::size_t>(partition_.ranks());
    std::vector<std::vector<Key>> asked(ranks), aliases(ranks);  // by owner: canonical slots, and the aliases they fill
    for (std::size_t local = 0; local < tiers_.size(); ++local) {
      Code* codes = code_at_[local];
      const std::uint64_t owned = partition_.owned_slots(local);
      for (std::uint64_t i = 0; i < owned; ++i) {
        const std::uint64_t slot = partition_.slot_of_owned(local, i);
        if (codes[slot] != state_byte::kAlias) continue;
        const std::uint64_t canonical = game_.index(game_.position(tiers_[local], slot));
        const int owner = partition_.owner(local, canonical);
        if (owner == partition_.rank()) {
          codes[slot] = codes[canonical];
        } else {
          asked[static_cast<std::size_t>(owner)].push_back(key(local, canonical));
          aliases[static_cast<std::size_t>(owner)].push_back(key(local, slot));
        }
      }
    }
    std::vector<std::vector<std::uint64_t>> questions = exchange_->exchange(std::move(asked));
    for (std::vector<std::uint64_t>& keys : questions)
      for (std::uint64_t& k : keys) k = code_at_[local_of(k)][slot_of(k)];  // the answer in its question's place
    const std::vector<std::vector<std::uint64_t>> answers = exchange_->exchange(std::move(questions));
    for (std::size_t r = 0; r < ranks; ++r)
      for (std::size_t j = 0; j < aliases[r].size(); ++j)
        code_at_[local_of(aliases[r][j])][slot_of(aliases[r][j])] = static_cast<Code>(answers[r][j]);
    for (std::size_t local = 0; local < tiers_.size(); ++local) {
      Code* codes = code_at_[local];
      const std::int64_t owned = static_cast<std::int64_t>(partition_.owned_slots(local));
#pragma omp parallel for num_threads(threads_) schedule(static) if (owned > kParallelFrom)
      for (std::int64_t i = 0; i < owned; ++i) {
        Code& code = codes[partition_.slot_of_owned(local, static_cast<std::uint64_t>(i))];
        code = static_cast<Code>(state_byte::value_of(code));
      }
    }
  }

  void update_all_bytes(const Key* keys, int n, bool frontier_lost, unsigned level) {
    if (threads_ == 1) {
      for (int j = 0; j < n; ++j) update_byte<false>(keys[j], frontier_lost, level);
    } else {
      for (int j = 0; j < n; ++j) update_byte<true>(keys[j], frontier_lost, level);
    }
  }

  // A child of k resolved at `level`: a LOSS (frontier_lost) makes k a WIN at
  // level + 1; a WIN takes one from k's count, unless a move leaving the
  // group keeps k from losing.
  template <bool kShared>
  void update_byte(Key k, bool frontier_lost, unsigned level) {
    Code& code = code_at_[local_of(k)][slot_of(k)];
    Code old = kShared ? std::atomic_ref<Code>(code).load(std::memory_order_relaxed) : code;
    // A LOSS makes a WIN of an unresolved position, or an earlier one of a
    // win by a move leaving the group, written at set-up for a later level:
    // the only codes of distances beyond level + 1 a lost child can reach
    // (a position whose every child wins has no lost child).
    // (Every unresolved code is above every distance.)
    while (old != state_byte::kAlias && (frontier_lost ? old > level + 1 : state_byte::is_unresolved(old))) {
      Code next;
      if (frontier_lost) {
        if (level + 1 > byte_max_distance_) return too_far();
        next = state_byte::resolved(level + 1);
      } else if (old == state_byte::kBlocked) {
        return;
      } else if (old == state_byte::kBigCount) {
        if (big_counts_.count_down(k) == 0) lost_after(k, code, level);
        return;
      } else if (old == state_byte::counted(1)) {
        return lost_after(k, code, level);  // the last child: no other thread writes k now
      } else {
        next = static_cast<Code>(old + 1);  // one child fewer
      }
      if constexpr (kShared) {
        if (!std::atomic_ref<Code>(code).compare_exchange_weak(old, next, std::memory_order_relaxed)) continue;
      } else {
        code = next;
      }
      if (frontier_lost) mark_chunk(level + 1, k);
      return;
    }
  }

  // k's last in-group child became a WIN at `level`: k is a LOSS one ply
  // after the longest of its children's wins, which a move leaving the group
  // may make later than level (asked again of k's moves, where set-up saw
  // such a move).
  void lost_after(Key k, Code& code, unsigned level) {
    const bool exit_wins = (exit_wins_[local_of(k)][slot_of(k) / 64] >> (slot_of(k) % 64)) & 1;
    const unsigned longest = exit_wins ? std::max(level, survey_moves<true>(position_of(k)).longest_out_win) : level;
    if (longest + 1 > byte_max_distance_) return too_far();
    std::atomic_ref<Code>(code).store(state_byte::resolved(longest + 1), std::memory_order_relaxed);
    if (longest == level) mark_chunk(level + 1, k);
    else chunk_levels_.note(longest + 1, chunk_of(k));
  }

  // ---- the forward walk ----
  //
  // The byte walk for a game that gives forward moves only, without a table
  // of them taken backwards (solver/reverse_moves.hpp: about 40 bytes a
  // slot). Level L asks every position that its positions could still
  // change for its moves, instead of asking L's positions for their
  // predecessors: a position with a child lost at L wins at L + 1; one whose
  // children won at L counts them off. Each position is written only by the
  // thread that asks it, so writes need no compare-exchange; the price is a
  // position's moves generated again at every level while it stays open.
  // Chunks with no open position left are skipped.

  // Whether a later level can change the code: unresolved (a draw leaving
  // the group still wins if a child is lost), or a win by a move leaving the
  // group written at set-up for a level after `level` + 1.
  static bool still_open(Code code, unsigned level) {
    if (code == state_byte::kAlias) return false;
    if (state_byte::is_unresolved(code)) return true;
    return code % 2 == 1 && code > level + 1;
  }
  // Whether level L's positions can change the code now: a lost child makes
  // any open position a win; a won child counts down a counted one only.
  static bool pulled_at(Code code, unsigned level) {
    if (level % 2 == 0) return still_open(code, level);
    return state_byte::is_unresolved(code) && code != state_byte::kBlocked && code != state_byte::kAlias;
  }

  // A position asked at a level: its key and its in-group children's keys
  // (repeats kept while they fit, as pull_slot counts a repeat once; where
  // they do not, gather_children drops them).
  struct PulledChildren {
    bool pending = false;
    Key self = 0;
    int n = 0;
    Key keys[kMaxChildren];
  };
  void gather_children(std::size_t local, std::uint64_t slot, PulledChildren& out) {
    out.pending = true;
    out.self = key(local, slot);
    out.n = 0;
    bool only_new = false;  // the keys so far are distinct, and a repeat is left out
    const Position p = game_.position(tiers_[local], slot);
    game_.for_each_move(p, [&](const auto&, const Position& child) {
      const int child_local = local_of_tier_[game_.tier_of(child)];
      if (child_local < 0 || game_.is_lost(child)) return;  // set-up took account of these
      const Key k = key(static_cast<std::size_t>(child_local), game_.index(child));
      if (out.n == kMaxChildren && !only_new) {
        // More in-group moves than keys held (a seed-5x3 position has 288,
        // many of them two orders of one removal): the repeats go, keeping
        // the first of each. The set-up refused a group with a position of
        // more than kMaxChildren distinct children, so the distinct ones fit.
        int kept = 0;
        for (int j = 0; j < out.n; ++j)
          if (std::find(out.keys, out.keys + kept, out.keys[j]) == out.keys + kept) out.keys[kept++] = out.keys[j];
        out.n = kept;
        only_new = true;
      }
      if (only_new && std::find(out.keys, out.keys + out.n, k) != out.keys + out.n) return;
      if (out.n == kMaxChildren) {  // more distinct children than the set-up counted: a broken invariant
        std::fprintf(stderr, "rtb: internal error: a position of %s has more than %d distinct children\n",
                     game_.tier_name(tiers_[local]).c_str(), kMaxChildren);
        std::abort();
      }
      __builtin_prefetch(state_at_[child_local] + slot_of(k));
      out.keys[out.n++] = k;
    });
  }

  // Level L by the forward walk. Returns how many positions it found at L.
  // An even level asks every open position (any may have a lost child), so
  // it can write down the children of those still open after it, chunk by
  // chunk, as far as the lists' memory holds them (solver/child_lists.hpp);
  // the levels after read a listed chunk's rows instead of generating its
  // positions' moves.
  std::uint64_t pull_level(unsigned level) {
    std::vector<std::uint8_t>& marks = marked_[level & 1];
    const Code target = state_byte::resolved(level);
    const std::int64_t chunks = static_cast<std::int64_t>(marks.size());
    const bool listing = level % 2 == 0 && make_room_for_child_lists();
    if (progress_) progress_->level_under_way(level);
    std::uint64_t found = 0, listed_now = 0;
#pragma omp parallel num_threads(threads_) reduction(+ : found, listed_now)
    {
      PulledChildren children[2];
      std::vector<ChildLists::Word> rows;
#pragma omp for schedule(dynamic, 16) nowait
      for (std::int64_t c = 0; c < chunks; ++c) {
        const ChunkSlots at = chunk_slots(static_cast<std::size_t>(c));
        Code* codes = codes_[at.local].data();
        if (marks[c]) {  // only counted: level L writes only the other map
          marks[c] = 0;
          found += static_cast<std::uint64_t>(std::count(codes + at.begin, codes + at.end, target));
        }
        if (open_chunks_[c]) {
          const std::size_t chunk = static_cast<std::size_t>(c);
          open_chunks_[c] = child_lists_.listed(chunk)
                                ? pull_listed_chunk(chunk, at, target, level, children)
                                : pull_chunk(chunk, at, target, level, children, listing ? &rows : nullptr, listed_now);
        }
        if (progress_) progress_->advance(at.end - at.begin);
      }
    }
    if (listed_now > 0) {
      if (child_list_levels_ == 0) child_lists_from_level_ = level;
      ++child_list_levels_;
      child_list_bytes_ = std::max(child_list_bytes_, child_lists_.bytes());
    }
    return found;
  }

  // Before an even level: whether its chunks may be listed. The lists take
  // the memory allowed them when first needed (numbers of 32 bits name the
  // group's slots); later, their runs move together, to give the room the
  // closed positions left to chunks not yet listed.
  bool make_room_for_child_lists() {
    if (child_list_budget_ == 0 || total_slots() > ChildLists::kMostNumbers) return false;
    const std::size_t chunks = first_chunk_.back();
    if (child_lists_.empty()) {
      const std::uint64_t runs = ChildLists::bytes_needed(0, chunks);
      if (child_list_budget_ <= runs) return false;
      // No more than every slot's longest row, so that a small group asks
      // the system for no more than it can use.
      const std::uint64_t words = std::min<std::uint64_t>((child_list_budget_ - runs) / sizeof(ChildLists::Word),
                                                          total_slots() * (1 + kMaxChildren));
      try {
        child_lists_.reset(chunks, words);
      } catch (const std::bad_alloc&) {  // the system would not give the room: walk without lists
        child_lists_.clear();
        child_list_budget_ = 0;
        return false;
      }
      return true;
    }
    child_lists_.compact();
    return child_lists_.has_room();
  }

  // Level L in one chunk by the positions' own moves; returns whether a
  // position stays open. Writes the rows of those that do into `rows`, and
  // them into the lists where they fit (counting the chunk into listed),
  // when asked to.
  bool pull_chunk(std::size_t c, const ChunkSlots& at, Code target, unsigned level, PulledChildren (&children)[2],
                  std::vector<ChildLists::Word>* rows, std::uint64_t& listed) {
    Code* codes = codes_[at.local].data();
    if (rows) rows->clear();
    auto pull = [&](PulledChildren& asked) {
      if (!pull_slot(asked, target, level)) return false;
      if (rows) {
        rows->push_back(ChildLists::header(slot_of(asked.self) - at.begin, asked.n));
        for (int j = 0; j < asked.n; ++j) rows->push_back(number_of(asked.keys[j]));
      }
      return true;
    };
    // Each position's children are gathered and prefetched one position
    // ahead of reading their codes, so that the misses overlap.
    bool open = false;
    unsigned now = 0;
    for (std::uint64_t slot = at.begin; slot < at.end; ++slot) {
      const Code code = std::atomic_ref<Code>(codes[slot]).load(std::memory_order_relaxed);
      if (!pulled_at(code, level)) {
        open = open || still_open(code, level);
        continue;
      }
      gather_children(at.local, slot, children[now]);
      now ^= 1;
      if (children[now].pending) open = pull(children[now]) || open;
    }
    if (children[now ^ 1].pending) open = pull(children[now ^ 1]) || open;
    if (rows && open && child_lists_.put(c, *rows)) ++listed;
    return open;
  }

  // Level L in one chunk by its rows: the same children, read instead of
  // generated. The rows of positions that stay open are moved up over those
  // dropped (a row never moves past one not yet read). Returns whether any
  // position stays open.
  bool pull_listed_chunk(std::size_t c, const ChunkSlots& at, Code target, unsigned level,
                         PulledChildren (&children)[2]) {
    ChildLists::Word* rows = child_lists_.rows(c);
    const std::size_t words = child_lists_.words(c);
    Code* codes = codes_[at.local].data();
    std::size_t kept = 0;
    auto keep = [&](std::size_t row) {
      const std::size_t length = 1 + static_cast<std::size_t>(ChildLists::count_of(rows[row]));
      if (kept != row) std::memmove(rows + kept, rows + row, length * sizeof(ChildLists::Word));
      kept += length;
    };
    // The row read last, pulled once the next row's children are prefetched.
    PulledChildren* waiting = nullptr;
    std::size_t waiting_row = 0;
    auto pull_waiting = [&] {
      if (waiting && pull_slot(*waiting, target, level)) keep(waiting_row);
      waiting = nullptr;
    };
    unsigned now = 0;
    for (std::size_t row = 0, next = 0; row < words; row = next) {
      next = row + 1 + static_cast<std::size_t>(ChildLists::count_of(rows[row]));  // before a keep moves the row
      const std::uint64_t slot = at.begin + ChildLists::place_of(rows[row]);
      const Code code = std::atomic_ref<Code>(codes[slot]).load(std::memory_order_relaxed);
      if (!pulled_at(code, level)) {
        pull_waiting();  // rows stay in order: the one before is kept first
        if (still_open(code, level)) keep(row);
        continue;
      }
      PulledChildren& asked = children[now];
      now ^= 1;
      asked.pending = true;
      asked.self = key(at.local, slot);
      asked.n = ChildLists::count_of(rows[row]);
      for (int j = 0; j < asked.n; ++j) {
        asked.keys[j] = key_of_number(rows[row + 1 + static_cast<std::size_t>(j)]);
        __builtin_prefetch(code_at_[local_of(asked.keys[j])] + slot_of(asked.keys[j]));
      }
      pull_waiting();
      waiting = &asked;
      waiting_row = row;
    }
    pull_waiting();
    child_lists_.shorten(c, kept);
    return kept > 0;
  }

  // A slot's number across the group's tiers, and back (solver/child_lists.hpp).
  ChildLists::Word number_of(Key k) const {
    return static_cast<ChildLists::Word>(numbering_.number(local_of(k), slot_of(k)));
  }
  Key key_of_number(ChildLists::Word number) const {
    const std::size_t local = numbering_.local_of(number);
    return key(local, number - numbering_.first(local));
  }

  // The codes of the position's children at `level`, read; returns whether
  // the position is still open after it.
  bool pull_slot(PulledChildren& asked, Code target, unsigned level) {
    asked.pending = false;
    const Key k = asked.self;
    Code& code = codes_[local_of(k)][slot_of(k)];
    const Code old = code;
    int hits = 0;
    for (int j = 0; j < asked.n; ++j) {
      const Key child = asked.keys[j];
      if (std::atomic_ref<Code>(codes_[local_of(child)][slot_of(child)]).load(std::memory_order_relaxed) != target)
        continue;
      if (std::find(asked.keys, asked.keys + j, child) != asked.keys + j) continue;  // a repeat counts once
      if (level % 2 == 0) {  // a lost child: a win one ply later
        if (level + 1 > byte_max_distance_) {
          too_far();
          return false;
        }
        std::atomic_ref<Code>(code).store(state_byte::resolved(level + 1), std::memory_order_relaxed);
        mark_chunk(level + 1, k);
        return still_open(state_byte::resolved(level + 1), level);
      }
      ++hits;
    }
    if (hits == 0) return true;
    if (old == state_byte::kBigCount) {
      for (int h = 0; h < hits; ++h)
        if (big_counts_.count_down(k) == 0) {
          lost_after(k, code, level);
          break;
        }
    } else if (state_byte::kCountBase - old == static_cast<unsigned>(hits)) {
      lost_after(k, code, level);
    } else {
      std::atomic_ref<Code>(code).store(static_cast<Code>(old + hits), std::memory_order_relaxed);  // fewer children
    }
    return still_open(std::atomic_ref<Code>(code).load(std::memory_order_relaxed), level);
  }

  void too_far() { std::atomic_ref<bool>(too_far_).store(true, std::memory_order_relaxed); }

  // The values of the group's tiers: aliases copied, unresolved codes made
  // draws, each code turned into its value's byte where it lies (every
  // distance of the byte is below 255), so that the clean-up needs no more
  // memory than the walk.
  std::vector<SolvedTier> finish_bytes() {
    if (progress_) progress_->counted_stage("finishing", total_slots(), 0.9, 1.0);
    std::vector<SolvedTier> values;
    for (std::size_t local = 0; local < tiers_.size(); ++local) {
      std::vector<Code>& codes = codes_[local];
      const std::int64_t size = static_cast<std::int64_t>(codes.size());
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 4096) if (size > kParallelFrom)
      for (std::int64_t i = 0; i < size; ++i)
        if (codes[i] == state_byte::kAlias)
          codes[i] = codes[game_.index(game_.position(tiers_[local], static_cast<std::uint64_t>(i)))];
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 4096) if (size > kParallelFrom)
      for (std::int64_t i = 0; i < size; ++i) {
        codes[i] = static_cast<Code>(state_byte::value_of(codes[i]));
        if (progress_) report_chunk(i, size);
      }
      values.push_back(SolvedTier::of_bytes(std::move(codes)));
    }
    std::vector<std::vector<Code>>().swap(codes_);
    return values;
  }

  std::vector<SolvedTier> finish() {
    if (progress_) progress_->counted_stage("finishing", total_slots(), 0.9, 1.0);
    std::vector<SolvedTier> values(tiers_.size());
    for (std::size_t local = 0; local < tiers_.size(); ++local) {
      std::vector<std::uint16_t>& s = states_[local];
      const std::int64_t size = static_cast<std::int64_t>(s.size());
#pragma omp parallel for num_threads(threads_) schedule(static) if (size > kParallelFrom)
      for (std::int64_t i = 0; i < size; ++i)
        if (s[i] != kAlias && unresolved(s[i])) s[i] = kDraw;
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 4096) if (size > kParallelFrom)
      for (std::int64_t i = 0; i < size; ++i) {
        if (s[i] == kAlias) s[i] = s[game_.index(game_.position(tiers_[local], static_cast<std::uint64_t>(i)))];
        if (progress_) report_chunk(i, size);
      }
      values[local] = SolvedTier::narrowed(std::move(s));
    }
    return values;
  }

  const G& game_;
  std::vector<TierId> tiers_;
  const SolvedTierValues& solved_;
  int threads_;
  Progress* progress_;
  std::vector<int> local_of_tier_;
  std::vector<std::uint64_t> first_block_;  // by local tier, then the group's total
  std::vector<std::vector<std::uint16_t>> states_;
  std::vector<std::vector<std::vector<Key>>> buckets_;  // by level: chunks of keys that resolve there
  ReverseMoves reverse_moves_;                          // while the walk runs, for a game without predecessors
  bool single_pass_ = false;
  // The lean walk's own: its waiting bytes by local tier, the chunk maps of
  // the two parities, where each local tier's chunks start, and how many
  // positions wait in bytes for each level.
  bool lean_ = false;
  unsigned lean_byte_levels_ = kMostByteLevel;
  std::vector<std::vector<std::uint8_t>> waiting_;
  std::array<std::vector<std::uint8_t>, 2> marked_;
  std::vector<std::uint64_t> first_chunk_;
  std::array<std::uint64_t, kMostByteLevel + 1> waiting_in_bytes_{};
  // The byte walk's own: its codes by local tier, the counts too large for
  // them, and the levels its chunks are noted for (solver/state_byte.hpp).
  bool byte_ = false;
  bool forward_ = false;                   // the byte walk by forward moves (pull_level)
  std::vector<std::uint8_t> open_chunks_;  // the forward walk's: chunks with a position still open
  // The forward walk's lists of children (pull_level): the memory they may
  // take (0: none), the lists, the first level that wrote rows and how many
  // levels did, and the most memory they took; and the numbers they name
  // the group's slots by.
  std::uint64_t child_list_budget_ = 0;
  ChildLists child_lists_;
  unsigned child_lists_from_level_ = 0, child_list_levels_ = 0;
  std::uint64_t child_list_bytes_ = 0;
  GroupNumbering numbering_;
  bool fell_back_ = false;
  bool too_far_ = false;  // a distance went beyond the byte's (any thread may set it)
  std::vector<std::vector<state_byte::Code>> codes_;
  std::vector<Code*> code_at_;  // each local tier's codes, in codes_ or share_codes_
  // A split walk's: the exchange with the other processes, which slots are
  // this one's, its share of the codes, the updates for the others while a
  // level is scanned, and how many it handed over in all.
  GroupExchange* exchange_ = nullptr;
  SlotPartition partition_;
  std::vector<ReservedArray<Code>> share_codes_;
  std::vector<std::vector<Key>> outgoing_;
  std::uint64_t sent_keys_ = 0;
  std::uint64_t share_round_keys_ = std::uint64_t{1} << 20;  // 8 MiB of updates a round
  state_byte::BigCounts big_counts_;
  std::size_t big_counts_seen_ = 0;
  unsigned byte_max_distance_ = state_byte::kMaxDistance;
  unsigned byte_max_count_ = state_byte::kMaxCount;
  state_byte::ChunkLevels chunk_levels_;
  WalkCheckpoints* checkpoints_ = nullptr;  // where the byte walk saves itself, if anywhere
  bool resumed_ = false;                    // the walk went on from a save
  unsigned resumed_level_ = 0;
  // A bit a slot: set-up saw a move leaving the group to a win for the
  // opponent (later than at once), so that a count reaching zero asks the
  // moves again only there.
  std::vector<ReservedArray<std::uint64_t>> exit_wins_;
  std::vector<std::uint64_t> slots_of_local_;  // each local tier's slots
  std::vector<const char*> state_at_;          // each local tier's states (codes or words)
  unsigned state_shift_ = 1;                   // log2 of a state's bytes
  std::uint64_t resolved_ = 0;
  unsigned levels_ = 0;
  std::uint64_t updates_ = 0;
  double walk_seconds_ = 0;
  // Adds the wall time of a walk's levels to `seconds` when it goes.
  struct WalkTimer {
    double& seconds;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    double seconds_so_far() const {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    ~WalkTimer() { seconds += seconds_so_far(); }
  };
};

}  // namespace rtb
