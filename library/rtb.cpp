// The public API of include/rtb/rtb.hpp over service/ (queries, verify,
// stats, tier choice, neutral errors) and the generator: the command line is
// built on the same code, so there is one implementation of each.
#include "rtb/rtb.hpp"

#include <algorithm>
#include <filesystem>

#include "service/errors.hpp"
#include "service/game_facts.hpp"
#include "service/generate.hpp"
#include "service/parameter_checks.hpp"
#include "service/query_session.hpp"
#include "service/tablebase_path.hpp"
#include "service/tablebase_stats.hpp"
#include "service/tablebase_verify.hpp"
#include "service/tier_selection.hpp"
#include "service/value_reader.hpp"

namespace rtb {

namespace {

GameValue game_value(const ValueBounds& b) {
  if (!b.exact()) return {};
  const Value v = b.lower;
  switch (outcome_of(v)) {
    case Outcome::Win:
      return {Verdict::win, static_cast<int>(distance_of(v))};
    case Outcome::Loss:
      return {Verdict::loss, static_cast<int>(distance_of(v))};
    case Outcome::Draw:
      return {Verdict::draw, -1};
  }
  return {};
}

// Whether the game has tablebase files at all (service/game_facts.hpp:
// kMayLackTablebases); where it has none, every query searches.
template <class G>
bool has_tablebases(const G& game) {
  if constexpr (kMayLackTablebases<G>) return game.has_tablebases();
  return true;
}

GameChoice choice_of(const std::string& game, const std::string& variant) { return {game, variant}; }

// `name` with every `from` written `to`: this API spells the service's
// max-pieces as max_pieces, and takes either.
std::string respelled(std::string name, char from, char to) {
  std::replace(name.begin(), name.end(), from, to);
  return name;
}
std::string api_name(const std::string& name) { return respelled(name, '-', '_'); }
std::string service_name(const std::string& name) { return respelled(name, '_', '-'); }

// The game's folder in dir, which every reader needs: TablebaseNotFound
// naming it and the command that writes it when it is not there.
void require_game_folder(const std::string& dir, const std::string& game, const std::string& variant) {
  const std::filesystem::path files = std::filesystem::path(dir) / tablebase_folder(choice_of(game, variant));
  if (!std::filesystem::is_directory(files))
    throw TablebaseNotFound("no tablebases in " + files.string() + "; generate them with: rtb generate " + game +
                                (variant == "default" ? "" : " --variant " + variant) + " --dir " + dir,
                            files.string());
}

// The tiers `choice` names among g's, as the command line's options name them.
template <class G>
std::vector<bool> chosen_tiers(const G& g, const TierChoice& choice) {
  TierSelection selection;
  // An empty list names no tier; left as it is, it would mean the default set.
  if (choice.tiers && choice.tiers->empty())
    throw InvalidInput("tiers is empty: name at least one tier (rtb games lists them), or leave it out");
  selection.tiers = choice.tiers.value_or("");
  selection.all = choice.all;
  for (const auto& [filter, n] : choice.at_most) selection.at_most[service_name(filter)] = n;
  return selected_tiers(g, selection);
}

// Runs f, turning the service's neutral errors into the public ones, worded
// with this API's names.
template <class F>
decltype(auto) translating_errors(F&& f) {
  try {
    return f();
  } catch (const InvalidParameter& e) {
    throw InvalidInput(e.said_as(api_name(e.parameter())));
  } catch (const MissingTables& e) {
    throw TablebaseNotFound(e.what(), e.path.string());
  } catch (const DirectoryBusy& e) {
    throw TablebaseBusy(e.what());
  } catch (const InvalidInput&) {
    throw;
  } catch (const std::invalid_argument& e) {
    throw InvalidInput(e.what());
  }
}

// Runs f(game, wanted) for a call that works on a game's chosen tiers, with
// the checks every such call makes first (the directory, the threads, the
// tier choice) and the service's errors in this API's words.
template <class F>
decltype(auto) on_chosen_tiers(const std::string& dir, const std::string& game, const std::string& variant, int threads,
                               const TierChoice& choice, F&& f) {
  return translating_errors([&] {
    check_tablebase_dir(dir);
    check_threads(threads);
    return with_game(choice_of(game, variant), [&](const auto& g) {
      const std::vector<bool> selected = chosen_tiers(g, choice);
      return f(g, std::function<bool(std::uint32_t)>([selected](std::uint32_t t) { return selected[t]; }));
    });
  });
}

}  // namespace

std::string version() { return RTB_VERSION_STRING; }

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::win:
      return "WIN";
    case Verdict::loss:
      return "LOSS";
    case Verdict::draw:
      return "DRAW";
    case Verdict::unknown:
      break;
  }
  return "UNKNOWN";
}

std::optional<std::string> ProbeResult::best_move() const {
  if (moves.empty()) return std::nullopt;
  return moves.front().move;
}

std::optional<std::string> ProbeResult::best_allowed_move() const {
  if (!no_legal_move.empty()) return std::nullopt;
  for (const MoveValue& m : moves)
    if (m.forbidden.empty()) return m.move;
  return std::nullopt;
}

struct Tablebase::Impl {
  QuerySession session;
  std::string dir;
  GameChoice choice;
  std::unique_ptr<ValueReader> values;  // made by the first probe_value
};

namespace {

ProbeResult probe_result(const QueryResult& q) {
  ProbeResult r;
  r.position = q.position;
  r.value = game_value(q.value);
  for (const MoveResult& m : q.moves) r.moves.push_back({m.move, game_value(m.value), m.position, m.forbidden});
  r.rule_applied = q.rule_applied;
  r.rule_note = q.rule_note;
  r.no_legal_move = q.no_legal_move;
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
    check_tablebase_dir(dir);
    SearchLimits limits;
    limits.nodes = budget.nodes;
    limits.seconds = budget.seconds;
    if (budget.nodes < 1) throw InvalidInput("the search budget must be at least 1 node");
    check_search_seconds(budget.seconds, true);
    impl_ = std::make_unique<Impl>(
        Impl{QuerySession(choice_of(game, variant), dir, limits), dir, choice_of(game, variant), nullptr});
    // A board too large for tablebases (8x8 Crossings) is searched from every
    // position, as `rtb query` does: it has no folder to look for.
    if (!with_game(choice_of(game, variant), [](const auto& g) { return has_tablebases(g); })) return 0;
    require_game_folder(dir, game, variant);
    return 0;
  });
}

Tablebase::~Tablebase() = default;
Tablebase::Tablebase(Tablebase&&) noexcept = default;
Tablebase& Tablebase::operator=(Tablebase&&) noexcept = default;

// A moved-from Tablebase has no Impl: its calls crashed (issue 53, item 5).
Tablebase::Impl& Tablebase::impl() const {
  if (!impl_) throw std::logic_error("rtb::Tablebase: used after it was moved from");
  return *impl_;
}

const std::string& Tablebase::game() const { return impl().session.game(); }
const std::string& Tablebase::variant() const { return impl().session.variant(); }
const std::string& Tablebase::dir() const { return impl().dir; }
std::string Tablebase::start() const { return impl().session.start(); }

std::string Tablebase::normalise(const std::string& position) const {
  return translating_errors([&] { return impl().session.normalise(position); });
}

std::string Tablebase::play(const std::string& position, const std::vector<std::string>& moves) const {
  return translating_errors([&] { return impl().session.play(position, moves); });
}

ProbeResult Tablebase::probe(const std::string& position) {
  return translating_errors([&] {
    const QueryResult q = impl().session.query(position);
    ProbeResult r = probe_result(q);
    r.json = to_json(q).dump();
    return r;
  });
}

ProbeResult Tablebase::probe(const std::string& position, const std::vector<std::string>& history) {
  return translating_errors([&] {
    QuerySession& session = impl().session;
    const QueryResult q = session.query(position, session.history_positions(history));
    ProbeResult r = probe_result(q);
    r.json = to_json(q).dump();
    return r;
  });
}

bool Tablebase::forbids_repetition() const { return impl().session.forbids_repetition(); }
std::string Tablebase::rules() const { return impl().session.rules(); }

GameValue Tablebase::probe_value(const std::string& position) {
  return translating_errors([&] {
    if (!impl().values) impl().values = std::make_unique<ValueReader>(impl().choice, impl().session.dir());
    if (const std::optional<Value> v = impl().values->value(position)) return game_value({*v, *v});
    return game_value(impl().session.query(position).value);
  });
}

std::string find_tablebase_dir(const std::string& game, const std::string& variant,
                               const std::vector<std::string>& dirs) {
  std::vector<std::filesystem::path> given(dirs.begin(), dirs.end());
  try {
    return tablebase_dir_for({game, variant}, tablebase_search_path(given)).dir.string();
  } catch (const InvalidParameter& e) {
    throw InvalidInput(e.said_as(e.parameter()));
  }
}

std::vector<GameInfo> games() {
  std::vector<GameInfo> out;
  for (const GameEntry& e : game_registry()) {
    GameInfo info{e.name, e.description, e.variants, false, {}};
    with_game({e.name}, [&](const auto& g) {
      info.search_fallback = falls_back_to_search(g);
      info.tier_filters = tier_filter_keys_of(g);
      info.whole_by_default = whole_game_by_default(g);
      info.derives_tiers = derives_any_tier(g);
    });
    out.push_back(std::move(info));
  }
  return out;
}

GenerateSummary generate_tablebases(const std::string& dir, const std::string& game, const std::string& variant,
                                    const GenerateSettings& settings) {
  return on_chosen_tiers(dir, game, variant, settings.threads, settings, [&](const auto& g, auto wanted) {
    GenerateOptions options;
    options.dir = dir;
    options.threads = settings.threads;
    options.quiet = !settings.progress;
    options.wanted = std::move(wanted);
    options.memory_limit = settings.memory_limit;
    options.memory_limit_name = "memory_limit";
    if (const std::string refusal = derive_tiers_refusal(g); settings.derive_tiers && !refusal.empty())
      throw InvalidInput("derive_tiers: " + refusal);
    options.derive_tiers = settings.derive_tiers;
    // generate() checks the plan, takes the directory's lock and sweeps the
    // temporaries of a killed run, as for `rtb generate`.
    const GenerateReport report = generate(g, options);
    std::uint64_t peak = 0;
    for (const GroupPeak& group : report.groups) peak = std::max(peak, group.peak_bytes);
    return GenerateSummary{report.groups_solved, report.groups_skipped, report.slots_solved, report.seconds, peak};
  });
}

// The public statuses are the service's, in its order, so that its names
// (status_name) are the one list of them.
using ServiceStatus = VerifiedTier::Status;
static_assert(int(TierStatus::ok) == int(ServiceStatus::ok) &&
              int(TierStatus::derived) == int(ServiceStatus::derived) &&
              int(TierStatus::failed) == int(ServiceStatus::failed) &&
              int(TierStatus::not_proven) == int(ServiceStatus::not_proven));

const char* tier_status_name(TierStatus s) { return status_name(static_cast<ServiceStatus>(s)); }

namespace {

TierStatus public_status(ServiceStatus s) { return static_cast<TierStatus>(s); }

TierVerification public_verification(const VerifiedTier& v) {
  return {v.name, public_status(v.status), v.values_proven, v.message};
}

std::vector<DistanceCount> public_distances(const TierStats::Histogram& h) {
  std::vector<DistanceCount> out;
  for (std::size_t d = 0; d < h.positions.size(); ++d)
    if (h.classes[d] != 0) out.push_back({static_cast<int>(d), h.positions[d], h.classes[d]});
  return out;
}

ValueCounts public_counts(const TierStats& s, std::string win_position = "", std::string loss_position = "") {
  ValueCounts c;
  c.win = s.win, c.loss = s.loss, c.draw = s.draw;
  c.win_classes = s.win_classes, c.loss_classes = s.loss_classes, c.draw_classes = s.draw_classes;
  c.longest_win = s.longest_win.any ? static_cast<int>(s.longest_win.plies) : -1;
  c.longest_loss = s.longest_loss.any ? static_cast<int>(s.longest_loss.plies) : -1;
  c.longest_win_position = std::move(win_position);
  c.longest_loss_position = std::move(loss_position);
  c.win_distances = public_distances(s.win_distances);
  c.loss_distances = public_distances(s.loss_distances);
  return c;
}

TierValueCounts public_tier_counts(const TierCounts& t) {
  return {t.name, public_counts(t.stats, t.longest_win_position, t.longest_loss_position)};
}

}  // namespace

VerifySummary verify(const std::string& dir, const std::string& game, const std::string& variant,
                     const VerifySettings& settings) {
  return on_chosen_tiers(dir, game, variant, settings.threads, settings, [&](const auto& g, auto wanted) {
    require_game_folder(dir, game, variant);
    VerifyOptions options;
    options.dir = dir;
    options.threads = settings.threads;
    options.quiet = !settings.progress;
    options.general = settings.general;
    options.resume = settings.resume;
    options.memory_limit = settings.memory_limit;
    options.memory_limit_name = "memory_limit";
    options.wanted = std::move(wanted);
    std::function<void(const VerifiedTier&)> verified;
    if (settings.on_tier) verified = [&](const VerifiedTier& v) { settings.on_tier(public_verification(v)); };
    const VerifyReport report = verify_tablebases(g, options, verified);
    VerifySummary out{report.ok(),
                      report.failures,
                      report.tiers_checked,
                      report.values_proven,
                      {},
                      report.tiers_proven_before,
                      report.journal_problem};
    for (const VerifiedTier& v : report.tiers) out.tiers.push_back(public_verification(v));
    return out;
  });
}

StatsSummary stats(const std::string& dir, const std::string& game, const std::string& variant,
                   const StatsSettings& settings) {
  return on_chosen_tiers(dir, game, variant, settings.threads, settings, [&](const auto& g, auto wanted) {
    require_game_folder(dir, game, variant);
    StatsOptions options;
    options.dir = dir;
    options.threads = settings.threads;
    options.wanted = std::move(wanted);
    std::function<void(const TierCounts&)> counted;
    if (settings.on_tier) counted = [&](const TierCounts& t) { settings.on_tier(public_tier_counts(t)); };
    const StatsReport report = count_values(g, options, counted);
    StatsSummary out;
    for (const TierCounts& t : report.tiers) out.tiers.push_back(public_tier_counts(t));
    out.total = public_counts(report.total);
    return out;
  });
}

}  // namespace rtb
