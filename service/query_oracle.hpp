#pragma once
// The answer to a query for one concrete game: a position's value and every
// move's, read from the tablebases or, for a game whose placement phase is too
// large to tabulate (Bagh-Chal), searched down to the tiers that have files
// within a node budget and a time limit; the answer says whether the search
// proved its values or ran out. `rtb query`, `rtb play`, `rtb serve` and the
// library all answer through this one class.
#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "driver/file_tier_store.hpp"
#include "search/bounded_search.hpp"
#include "search/exact_search.hpp"
#include "service/errors.hpp"
#include "service/game_facts.hpp"
#include "service/tier_loading.hpp"
#include "solver/game_concept.hpp"
#include "solver/one_step.hpp"

namespace rtb {

// Blocks kept per open file while searching: a search probes the sliding
// tiers all over, and the default cache (made for one query's few probes)
// would decompress almost every probe again. 256 blocks of 16K two-byte
// values are at most 8 MB a file.
constexpr std::size_t kSearchCacheBlocks = 256;

template <class G>
struct Answer {
  struct MoveValue {
    std::string move;
    ValueBounds value;  // for the side to move at the root
    typename G::Position child;
  };
  ValueBounds value;
  std::vector<MoveValue> moves;  // best first
  bool searched = false;         // false: read from the tablebases (always proven)
  bool proven = true;
  SearchStop stop = SearchStop::Finished;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

template <class G>
class Oracle {
 public:
  using Position = typename G::Position;

  Oracle(const G& game, const std::filesystem::path& dir, const SearchLimits& limits)
      : game_(game),
        prober_(dir, game.name(), game.variant(), kSearchable<G> ? kSearchCacheBlocks : TierFile::kDefaultCacheBlocks),
        limits_(limits),
        tier_files_(game.tier_count(), nullptr),
        tier_looked_up_(game.tier_count(), false) {}

  // The tablebase value; a missing file is an error that says how to make it.
  Value value(const Position& p) {
    if (game_.is_lost(p)) return make_value(0);
    if (const std::optional<Value> v = covered_value(p)) return *v;
    throw missing_file(game_.tier_of(p), "");
  }

  // The tablebase value, or nothing when the tier's file does not exist. A
  // file that exists but is damaged, or holds something else, is an error.
  std::optional<Value> covered_value(const Position& p) {
    const TierFile* file = tier_file(game_.tier_of(p));
    if (!file) return std::nullopt;
    return file->value(game_.index(p));
  }

  Answer<G> answer(const Position& p) {
    Answer<G> a;
    if (game_.is_lost(p)) {
      a.value = {make_value(0), make_value(0)};
      return a;
    }
    if constexpr (kSearchable<G>) {
      if (!covered_value(p)) return search(p);
    }
    if constexpr (kMayLackTablebases<G>) {
      if (!game_.has_tablebases()) {
        if (!bounded_) bounded_.emplace(game_, limits_);
        return answer_of(bounded_->run(p));
      }
    }
    const Value v = value(p);
    a.value = {v, v};
    game_.for_each_move(p, [&](const typename G::Move& m, const Position& child) {
      const Value through = value_through_move(value(child));
      a.moves.push_back({game_.move_text(m), {through, through}, child});
    });
    sort_moves(a);
    return a;
  }

 private:
  // The tier's open file; null when it does not exist (looked up once).
  const TierFile* tier_file(std::uint32_t tier) {
    if (!tier_looked_up_[tier]) {
      tier_looked_up_[tier] = true;
      try {
        tier_files_[tier] = &prober_.file(game_.tier_name(tier), game_.tier_size(tier));
      } catch (const MissingTablebase&) {
        tier_files_[tier] = nullptr;
      }
    }
    return tier_files_[tier];
  }

  MissingTables missing_file(std::uint32_t tier, const std::string& generate_options) const {
    const std::string command = generate_command(game_, prober_.dir(), generate_options);
    return MissingTables(std::string(MissingTablebase(tier_file_path(game_, prober_.dir(), tier)).what()) +
                             "; generate it with: " + command,
                         command);
  }

  // Every line of the placement phase ends in the sliding phase, which
  // repeats positions: without its tables a search could never end.
  void require_sliding_phase(const Position& p) {
    for (std::uint32_t t = 0; t < game_.tier_count(); ++t) {
      if (game_.pieces_in_hand(t) == 0 && !tier_file(t)) {
        const MissingTables missing = missing_file(t, " --max-in-hand 0");
        throw MissingTables(
            "no tablebase covers " + game_.format(p) + ", and searching it needs the sliding phase: " + missing.what(),
            missing.generate);
      }
    }
  }

  struct LeafProbe {
    Oracle* oracle;
    std::optional<Value> operator()(const Position& p) const {
      if constexpr (kMayLackTablebases<G>) {
        if (!oracle->game_.has_tablebases()) return std::nullopt;
      }
      return oracle->covered_value(p);
    }
  };
  using Search = ExactSearch<G, LeafProbe>;

  // One search object for the whole command, so that the positions of a
  // --line reuse the proofs of the first search.
  Answer<G> search(const Position& p) {
    if constexpr (kSearchable<G>) require_sliding_phase(p);
    if (!search_) search_.emplace(game_, LeafProbe{this}, limits_);
    return answer_of(search_->run(p));
  }

  Answer<G> answer_of(const SearchResult<G>& r) const {
    Answer<G> a;
    a.searched = true;
    a.value = r.value;
    a.proven = r.proven;
    a.stop = r.stop;
    a.nodes = r.nodes;
    a.seconds = r.seconds;
    for (const auto& m : r.moves) a.moves.push_back({game_.move_text(m.move), m.value, m.child});
    sort_moves(a);
    return a;
  }

  // Best first: by the proven lower bound, then the upper bound (an exact
  // value is both), then the move text.
  static void sort_moves(Answer<G>& a) {
    std::stable_sort(a.moves.begin(), a.moves.end(), [](const auto& x, const auto& y) {
      if (x.value.lower != y.value.lower) return better_for_mover(x.value.lower, y.value.lower);
      if (x.value.upper != y.value.upper) return better_for_mover(x.value.upper, y.value.upper);
      return x.move < y.move;
    });
  }

  const G& game_;
  Prober prober_;
  SearchLimits limits_;
  std::vector<const TierFile*> tier_files_;  // by tier; null when missing
  std::vector<bool> tier_looked_up_;
  std::optional<Search> search_;
  std::optional<BoundedSearch<G>> bounded_;  // for a game without tablebases
};

}  // namespace rtb
