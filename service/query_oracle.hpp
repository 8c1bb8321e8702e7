#pragma once
// The answer to a query for one concrete game: a position's value and every
// move's, read from the tablebases or, for a game whose placement phase is too
// large to tabulate (Bagh-Chal), searched down to the tiers that have files
// within a node budget and a time limit; the answer says whether the search
// proved its values or ran out. `rtb query`, `rtb play`, `rtb serve` and the
// library all answer through this one class.
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "driver/file_tier_store.hpp"
#include "driver/generate.hpp"
#include "search/bounded_search.hpp"
#include "search/exact_search.hpp"
#include "service/errors.hpp"
#include "service/game_facts.hpp"
#include "service/tier_loading.hpp"
#include "solver/game_concept.hpp"
#include "solver/one_step.hpp"
#include "text/with_commas.hpp"

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
        dir_(dir),
        cache_blocks_(kSearchable<G> ? kSearchCacheBlocks : TierFile::kDefaultCacheBlocks),
        limits_(limits),
        tiers_(game.tier_count()),
        missing_(game.tier_count(), false) {}

  // Before each query of a long-lived session (rtb serve, a Python
  // Tablebase): forgets which tiers were missing, so a file generated since
  // is found (issue 28: it stayed 404 until a restart), and closes a file
  // that was replaced or changed since it was opened (a file repaired by
  // `rtb generate` after an error: it stayed 500), to open it again. Within
  // one query, what was looked up stays: a search asks for the same tiers
  // millions of times.
  void refresh() {
    std::fill(missing_.begin(), missing_.end(), false);
    for (std::uint32_t t = 0; t < tiers_.size(); ++t) {
      OpenTier& open = tiers_[t];
      if (open.file && !(identity_of(tier_file_path(game_, dir_, t)) == open.identity)) open = OpenTier{};
    }
  }

  // Whether answer(p) searches (a placement position no file covers, or a
  // board without tablebases) rather than reading the files.
  bool would_search(const Position& p) {
    if (game_.is_lost(p)) return false;
    if constexpr (kSearchable<G>) {
      if (!covered_value(p)) return true;
    }
    if constexpr (kMayLackTablebases<G>) {
      if (!game_.has_tablebases()) return true;
    }
    return false;
  }

  // The tablebase value; a missing file is an error that says how to make it.
  Value value(const Position& p) {
    if (game_.is_lost(p)) return make_value(0);
    if (const std::optional<Value> v = covered_value(p)) return *v;
    throw missing_file(game_.tier_of(p), "");
  }

  // The tablebase value, or nothing when the tier's file does not exist. A
  // file that exists but is damaged, or holds something else, is an error.
  std::optional<Value> covered_value(const Position& p) {
    const std::uint32_t tier = game_.tier_of(p);
    const TierFile* file = tier_file(tier);
    if (!file) return std::nullopt;
    if (file->derived()) return derived_value(p);
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
  // What tells a file from the one that replaces it: `rtb generate` writes
  // a new file and renames it over the old (a new inode); an edit in place
  // changes the time or size.
  struct FileIdentity {
    bool exists = false;
    dev_t device = 0;
    ino_t inode = 0;
    std::int64_t modified_ns = 0;
    off_t size = 0;
    bool operator==(const FileIdentity&) const = default;
  };
  static FileIdentity identity_of(const std::filesystem::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return {};
    return {true, st.st_dev, st.st_ino, std::int64_t{st.st_mtim.tv_sec} * 1'000'000'000 + st.st_mtim.tv_nsec,
            st.st_size};
  }

  // The tier's open file; null when it does not exist (remembered until the
  // next refresh()). A file that cannot be opened (damaged) throws, and is
  // tried again the next time it is asked for.
  const TierFile* tier_file(std::uint32_t tier) {
    OpenTier& open = tiers_[tier];
    if (open.file) return open.file.get();
    if (missing_[tier]) return nullptr;
    const std::filesystem::path path = tier_file_path(game_, dir_, tier);
    const FileIdentity identity = identity_of(path);
    try {
      if (!identity.exists) throw MissingTablebase(path);
      open.file = std::make_unique<TierFile>(path, tier_info(game_, tier), cache_blocks_);
      open.identity = identity;
    } catch (const MissingTablebase&) {
      missing_[tier] = true;
      return nullptr;
    }
    return open.file.get();
  }

  // A position of a derived tier (solver/derived_tier.hpp): one move from
  // its children's values, each in a stored tier; a missing one is an error
  // that names it.
  Value derived_value(const Position& p) {
    return value_from_children(game_, p, [&](const Position& child) {
      const std::uint32_t tier = game_.tier_of(child);
      const TierFile* file = tier_file(tier);
      if (!file) throw missing_file(tier, "");
      return file->value(game_.index(child));
    });
  }

  MissingTables missing_file(std::uint32_t tier, const std::string& generate_options) const {
    const std::string command = generate_command(game_, dir_, generate_options);
    const std::filesystem::path path = tier_file_path(game_, dir_, tier);
    return MissingTables(std::string(MissingTablebase(path).what()) + "; generate it with: " + command, command, path);
  }

  // Every line of the placement phase ends in the movement phase (in the
  // game's words), which repeats positions: without its tables a search
  // could never end. The message gives what generating them costs, from
  // generate's own plan.
  void require_movement_phase(const Position& p) {
    for (std::uint32_t t = 0; t < game_.tier_count(); ++t) {
      if (game_.pieces_in_hand(t) == 0 && !tier_file(t)) {
        const MissingTables missing = missing_file(t, " --max-in-hand 0");
        throw MissingTables("no tablebase covers " + game_.format(p) + ", and searching it needs the " +
                                movement_phase_name_of(game_) + ": " + missing.what() + " (" + movement_phase_cost() +
                                ")",
                            missing.generate, missing.path);
      }
    }
  }

  // What generating the missing movement tiers takes, from generate's plan
  // (Nine Men's Morris: "9,193,626,407 slots to solve; it needs about 2638
  // MiB of memory and 3288 MiB of disk"). The plan has no time model.
  std::string movement_phase_cost() const {
    GenerateOptions options;
    options.dir = dir_;
    options.wanted = [&](std::uint32_t t) { return game_.pieces_in_hand(t) == 0; };
    const ResourcePlan plan = plan_generate(game_, options);
    std::uint64_t slots = 0;
    for (const GroupPlan& g : plan.groups) slots += g.slots;
    return with_commas(slots) + " slots to solve; it needs about " + mib(plan.peak_memory_bytes) + " of memory and " +
           mib(plan.disk_bytes) + " of disk";
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
    if constexpr (kSearchable<G>) require_movement_phase(p);
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

  struct OpenTier {
    std::unique_ptr<TierFile> file;  // null: not open
    FileIdentity identity;           // of the file when it was opened
  };

  const G& game_;
  std::filesystem::path dir_;
  std::size_t cache_blocks_;
  SearchLimits limits_;
  std::vector<OpenTier> tiers_;  // by tier
  std::vector<bool> missing_;    // by tier: looked up since the last refresh() and not there
  std::optional<Search> search_;
  std::optional<BoundedSearch<G>> bounded_;  // for a game without tablebases
};

}  // namespace rtb
