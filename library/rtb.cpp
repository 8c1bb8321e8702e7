// The public API of include/rtb/rtb.hpp over the command line's own query
// code (tools/query_session.hpp) and generator (driver/generate.hpp): one
// implementation of each, whoever calls it.
#include "rtb/rtb.hpp"

#include <filesystem>

#include "driver/generate.hpp"
#include "tools/missing_tables.hpp"
#include "tools/query_session.hpp"
#include "tools/tier_selection.hpp"

namespace rtb {

namespace {

GameValue game_value(const ValueBounds& b) {
  if (!b.exact()) return {};
  const Value v = b.lower;
  switch (outcome_of(v)) {
    case Outcome::Win: return {Verdict::win, static_cast<int>(distance_of(v))};
    case Outcome::Loss: return {Verdict::loss, static_cast<int>(distance_of(v))};
    case Outcome::Draw: return {Verdict::draw, -1};
  }
  return {};
}

cli::GameChoice choice_of(const std::string& game, const std::string& variant) { return {game, variant}; }

// Runs f, turning the command line's error types into the public ones.
template <class F>
decltype(auto) translating_errors(F&& f) {
  try {
    return f();
  } catch (const cli::UsageError& e) {
    throw InvalidInput(e.what());
  } catch (const cli::MissingTables& e) {
    throw TablebaseNotFound(e.what());
  } catch (const InvalidInput&) {
    throw;
  } catch (const std::invalid_argument& e) {
    throw InvalidInput(e.what());
  }
}

}  // namespace

std::string version() { return RTB_VERSION_STRING; }

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::win: return "WIN";
    case Verdict::loss: return "LOSS";
    case Verdict::draw: return "DRAW";
    case Verdict::unknown: break;
  }
  return "UNKNOWN";
}

std::optional<std::string> ProbeResult::best_move() const {
  if (moves.empty()) return std::nullopt;
  return moves.front().move;
}

struct Tablebase::Impl {
  cli::QuerySession session;
};

namespace {

ProbeResult probe_result(const cli::QueryResult& q) {
  ProbeResult r;
  r.position = q.position;
  r.value = game_value(q.value);
  for (const cli::MoveResult& m : q.moves) r.moves.push_back({m.move, game_value(m.value), m.position});
  r.searched = q.searched;
  r.proven = q.proven;
  r.nodes = q.nodes;
  r.seconds = q.seconds;
  return r;
}

}  // namespace

Tablebase::Tablebase(const std::string& dir, const std::string& game, const std::string& variant,
                     const SearchBudget& budget) {
  translating_errors([&] {
    rtb::SearchLimits limits;
    limits.nodes = budget.nodes;
    limits.seconds = budget.seconds;
    if (budget.nodes < 1) throw InvalidInput("the search budget must be at least 1 node");
    if (!(budget.seconds >= 0)) throw InvalidInput("the search time limit must not be negative");
    impl_ = std::make_unique<Impl>(Impl{cli::QuerySession(choice_of(game, variant), dir, limits)});
    const std::filesystem::path files = std::filesystem::path(dir) / (impl_->session.game() + "-" + impl_->session.variant());
    if (!std::filesystem::is_directory(files))
      throw TablebaseNotFound("no tablebases in " + files.string() + "; generate them with: rtb generate " + game +
                              (variant == "default" ? "" : " --variant " + variant) + " --dir " + dir);
    return 0;
  });
}

Tablebase::~Tablebase() = default;
Tablebase::Tablebase(Tablebase&&) noexcept = default;
Tablebase& Tablebase::operator=(Tablebase&&) noexcept = default;

const std::string& Tablebase::game() const { return impl_->session.game(); }
const std::string& Tablebase::variant() const { return impl_->session.variant(); }
std::string Tablebase::start() const { return impl_->session.start(); }

std::string Tablebase::normalise(const std::string& position) const {
  return translating_errors([&] { return impl_->session.normalise(position); });
}

std::string Tablebase::play(const std::string& position, const std::vector<std::string>& moves) const {
  return translating_errors([&] { return impl_->session.play(position, moves); });
}

ProbeResult Tablebase::probe(const std::string& position) {
  return translating_errors([&] {
    const cli::QueryResult q = impl_->session.query(position);
    ProbeResult r = probe_result(q);
    r.json = cli::to_json(q).dump();
    return r;
  });
}

std::vector<GameInfo> games() {
  std::vector<GameInfo> out;
  for (const cli::GameEntry& e : cli::game_registry()) out.push_back({e.name, e.description, e.variants, e.search_fallback});
  return out;
}

GenerateSummary generate_tablebases(const std::string& dir, const std::string& game, const std::string& variant,
                                    const GenerateSettings& settings) {
  return translating_errors([&] {
    if (settings.threads < 1) throw InvalidInput("threads must be at least 1");
    return cli::with_game(choice_of(game, variant), [&](const auto& g) {
      // The public API's -1 means "not given"; any other negative is refused.
      cli::TierSelection selection;
      if (settings.max_pieces != -1) selection.max_pieces = settings.max_pieces;
      if (settings.max_in_hand != -1) selection.max_in_hand = settings.max_in_hand;
      const std::vector<bool> selected = cli::selected_tiers(g, selection);
      rtb::GenerateOptions options;
      options.dir = dir;
      options.threads = settings.threads;
      options.quiet = !settings.progress;
      options.wanted = [selected](std::uint32_t t) { return selected[t]; };
      const GenerateReport report = rtb::generate(g, options);
      return GenerateSummary{report.groups_solved, report.groups_skipped, report.slots_solved, report.seconds};
    });
  });
}

}  // namespace rtb
