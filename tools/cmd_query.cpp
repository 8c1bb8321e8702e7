// rtb query GAME POSITION: the value of a position and of every move.
//
// A position whose tier has a tablebase file is answered from the files. A
// Bagh-Chal position whose file is missing (a placement tier: only the small
// ones are generated) is searched instead, down to the tiers that do have
// files, within a node budget and a time limit; the answer says whether the
// search proved its values or ran out.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "solver/generate.hpp"
#include "solver/one_step.hpp"
#include "solver/search.hpp"
#include "tools/cli.hpp"
#include "tools/option_checks.hpp"
#include "tools/tier_loading.hpp"

namespace rtb::cli {

namespace {

// A game with a placement phase, too large to tabulate, that a search covers.
template <class G>
constexpr bool kSearchable = requires(const G& game) { game.goats_in_hand(0u); };

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

  std::runtime_error missing_file(std::uint32_t tier, const std::string& generate_options) const {
    return std::runtime_error(std::string(MissingTablebase(tier_file_path(game_, prober_.dir(), tier)).what()) +
                              "; generate it with: " + generate_command(game_, prober_.dir(), generate_options));
  }

  // Every line of the placement phase ends in the sliding phase, which
  // repeats positions: without its tables a search could never end.
  void require_sliding_phase(const Position& p) {
    for (std::uint32_t t = 0; t < game_.tier_count(); ++t) {
      if (game_.goats_in_hand(t) == 0 && !tier_file(t))
        throw std::runtime_error("no tablebase covers " + game_.format(p) + ", and searching it needs the sliding phase: " +
                                 missing_file(t, " --max-in-hand 0").what());
    }
  }

  struct LeafProbe {
    Oracle* oracle;
    std::optional<Value> operator()(const Position& p) const { return oracle->covered_value(p); }
  };
  using Search = ExactSearch<G, LeafProbe>;

  // One search object for the whole command, so that the positions of a
  // --line reuse the proofs of the first search.
  Answer<G> search(const Position& p) {
    require_sliding_phase(p);
    if (!search_) search_.emplace(game_, LeafProbe{this}, limits_);
    const SearchResult<G> r = search_->run(p);
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
};

// {"value": "WIN", "distance": 5} for a proven value; {"value": null,
// "distance": null, "at_least": {...}, "at_most": {...}} (bounds only where
// known) for one that is not.
nlohmann::json value_json(Value v) {
  return {{"value", outcome_name(outcome_of(v))},
          {"distance", is_draw(v) ? nlohmann::json(nullptr) : nlohmann::json(distance_of(v))}};
}

nlohmann::json value_json(const ValueBounds& b) {
  if (b.exact()) return value_json(b.lower);
  nlohmann::json out{{"value", nullptr}, {"distance", nullptr}};
  if (b.has_lower()) out["at_least"] = value_json(b.lower);
  if (b.has_upper()) out["at_most"] = value_json(b.upper);
  return out;
}

std::string format_seconds(double s) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(s < 10 ? 2 : 1) << s;
  return text.str();
}

// The line that says how far the answer can be trusted; empty for an answer
// read from the tablebases.
template <class G>
std::string proof_line(const Answer<G>& a, const SearchLimits& limits) {
  if (!a.searched) return "";
  const std::string effort = std::to_string(a.nodes) + " nodes, " + format_seconds(a.seconds) + " s";
  if (a.proven) return "proven by search (" + effort + ")";
  std::string why;
  switch (a.stop) {
    case SearchStop::Nodes: why = "the search ran out of its budget"; break;
    case SearchStop::Seconds: why = "the search ran out of its time limit of " + format_seconds(limits.seconds) + " s"; break;
    case SearchStop::Plies: why = "a line went deeper than " + std::to_string(limits.max_plies) + " plies"; break;
    case SearchStop::Finished: why = "the search stopped"; break;
  }
  return "NOT proven: " + why + " (" + effort + "); values shown are not proven";
}

}  // namespace

int run_query(int argc, char** argv) {
  GameChoice choice;
  std::filesystem::path dir;
  std::string position_text;
  bool json = false, line = false;
  SearchLimits limits;
  limits.nodes = 10'000'000;
  limits.seconds = 10;
  long long nodes = static_cast<long long>(limits.nodes);  // signed, so that a negative value is seen
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, dir);
  o.add_options()("json", po::bool_switch(&json), "print one JSON object")(
      "line", po::bool_switch(&line), "also print the perfect-play line to the end of the game")(
      "nodes", po::value(&nodes)->default_value(nodes),
      "bagh-chal: search budget in positions, where no tablebase covers the position")(
      "seconds", po::value(&limits.seconds)->default_value(limits.seconds),
      "bagh-chal: search time limit (0: none, and the search is repeatable)");
  if (!parse_command(argc, argv, "rtb query GAME POSITION|start [--dir DIR] [--json] [--line] [--nodes N] [--seconds S]",
                     o, {{"game", &choice.name}, {"position", &position_text}}))
    return 0;
  check_range("--nodes", nodes, 1, LLONG_MAX);
  limits.nodes = static_cast<std::uint64_t>(nodes);
  if (!(limits.seconds >= 0)) throw UsageError("--seconds must not be negative");
  return with_game(choice, [&](const auto& game) {
    using G = std::decay_t<decltype(game)>;
    const auto root = position_text == "start" ? game.start() : game.parse(position_text);
    Oracle<G> oracle(game, dir, limits);
    const Answer<G> a = oracle.answer(root);
    nlohmann::json out = value_json(a.value);
    out["position"] = game.format(root);
    out["proven"] = a.proven;
    out["source"] = a.searched ? "search" : "tablebase";
    out["nodes"] = a.nodes;  // 0 for an answer read from the tablebases
    if (a.searched) {
      out["seconds"] = a.seconds;
      out["stopped_by"] = a.proven ? nlohmann::json(nullptr) : nlohmann::json(search_stop_reason(a.stop));
    }
    out["best"] = a.moves.empty() ? nlohmann::json(nullptr) : nlohmann::json(a.moves.front().move);
    out["moves"] = nlohmann::json::array();
    for (const auto& m : a.moves) {
      nlohmann::json row = value_json(m.value);
      row["move"] = m.move;
      row["position"] = game.format(m.child);
      if (a.searched) row["proven"] = m.value.exact();
      out["moves"].push_back(row);
    }
    bool line_cut = false;  // the line stopped at a position the search could not prove
    if (line) {
      // Follow best moves until the game ends, or a position repeats (a draw).
      out["line"] = nlohmann::json::array();
      std::set<std::string> seen{game.format(root)};
      Answer<G> step = a;
      for (int ply = 0; ply < 10000 && !step.moves.empty(); ++ply) {
        if (!step.proven) {
          line_cut = true;
          break;
        }
        const auto next = step.moves.front();
        step = oracle.answer(next.child);
        const std::string text = game.format(next.child);
        nlohmann::json row = value_json(step.value);
        row["move"] = next.move;
        row["position"] = text;
        out["line"].push_back(row);
        if (!seen.insert(text).second) break;
      }
      if (a.searched) out["line_complete"] = !line_cut;
    }
    if (json) {
      std::cout << out.dump(2) << "\n";
      return 0;
    }
    std::cout << "position: " << game.format(root) << "\n";
    std::cout << "value:    " << describe(a.value) << (a.moves.empty() ? " (game over)" : "") << "\n";
    if (a.searched) std::cout << proof_line(a, limits) << "\n";
    if (!a.moves.empty()) {
      std::cout << "best:     " << a.moves.front().move << (a.proven ? "" : " (so far; not proven)") << "\n";
      std::cout << "moves (value for the side to move, best first):\n";
      for (std::size_t i = 0; i < a.moves.size(); ++i)
        std::cout << (i == 0 ? "  * " : "    ") << a.moves[i].move << "  " << describe(a.moves[i].value) << "  -> "
                  << game.format(a.moves[i].child) << "\n";
    }
    if (line) {
      std::cout << "line:\n";
      for (const auto& row : out["line"])
        std::cout << "  " << row["move"].get<std::string>() << "  -> " << row["position"].get<std::string>() << "  ("
                  << (row["value"].is_null() ? "value not proven" : row["value"].get<std::string>())
                  << (row["distance"].is_null() ? "" : " in " + std::to_string(row["distance"].get<unsigned>()))
                  << (row["value"].is_null() ? "" : " for the side to move") << ")\n";
      if (line_cut) std::cout << "  (the line stops here: the search could not prove the next move)\n";
    }
    return 0;
  });
}

}  // namespace rtb::cli
