#include "service/query_session.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "service/game_facts.hpp"
#include "service/move_events.hpp"
#include "service/query_oracle.hpp"
#include "service/repetition_rule.hpp"
#include "service/tier_selection.hpp"

namespace rtb {

struct QuerySession::Impl {
  virtual ~Impl() = default;
  virtual std::string start() const = 0;
  virtual std::string normalise(const std::string& text) const = 0;
  virtual std::string play(const std::string& position, const std::vector<std::string>& moves) const = 0;
  virtual MoveLookup look_up_move(const std::vector<std::string>& legal, const std::string& typed) const = 0;
  virtual QueryResult query(const std::string& position, bool line) = 0;
  virtual bool would_search(const std::string& position) = 0;
  virtual std::size_t max_position_length() const = 0;
  virtual bool forbids_repetition() const = 0;
  virtual std::string rules() const = 0;
  virtual BoardLook board() const = 0;
  virtual TablebaseCoverage coverage() const = 0;
  virtual bool searches() const = 0;
  virtual bool is_over(const std::string& position) const = 0;
  virtual bool leads_to(const std::string& before, const std::string& after) const = 0;
  std::string game, variant;
  std::filesystem::path dir;
};

namespace {

// Text from a caller, echoed into a message at most this long (issue 28: a
// 10 MB line came back twice in its error).
constexpr std::size_t kEchoLength = 100;

std::string echo(const std::string& text) {
  return text.size() <= kEchoLength
             ? text
             : text.substr(0, kEchoLength) + "... (" + std::to_string(text.size()) + " characters)";
}

template <class G>
class SessionFor final : public QuerySession::Impl {
 public:
  using Position = typename G::Position;

  SessionFor(AnyGame&& holder, const std::filesystem::path& dir, const SearchLimits& limits)
      : holder_(std::move(holder)), game_(std::get<G>(holder_)), limits_(limits), oracle_(game_, dir, limits) {
    this->game = game_.name();
    this->variant = game_.variant();
    this->dir = dir;
  }

  std::string start() const override { return game_.format(game_.start()); }
  std::string normalise(const std::string& text) const override { return game_.format(parse(text)); }

  std::string play(const std::string& position, const std::vector<std::string>& moves) const override {
    Position p = parse(position);
    for (std::size_t k = 0; k < moves.size(); ++k) {
      const std::string& text = moves[k];
      std::vector<std::string> legal;
      std::vector<Position> children;
      if (!game_.is_lost(p)) {
        game_.for_each_move(p, [&](const typename G::Move& m, const Position& child) {
          legal.push_back(game_.move_text(m));
          children.push_back(child);
        });
      }
      MoveLookup found = look_up_move(legal, text);
      // A seed Crossings move holds commas, which also part a list's moves
      // (move_list): the items after this one are joined to it while the
      // text still begins a legal move, and the longest move found is played.
      std::string joined = text;
      for (std::size_t next = k + 1; next < moves.size(); ++next) {
        joined += "," + moves[next];
        const MoveLookup longer = look_up_move(legal, joined);
        if (longer.found()) {
          found = longer;
          k = next;
        } else if (longer.short_of_move.empty()) {
          break;
        }
      }
      if (!found.found())
        throw std::invalid_argument("move '" + echo(text) + "' is not legal in " + game_.format(p) +
                                    (game_.is_lost(p)              ? " (the game is over)"
                                     : found.short_of_move.empty() ? ""
                                                                   : ": " + found.short_of_move));
      p = children[found.index];
    }
    return game_.format(p);
  }

  MoveLookup look_up_move(const std::vector<std::string>& legal, const std::string& typed) const override {
    return rtb::look_up_move(legal, typed, [&](std::string_view text, const std::vector<std::string>& longer) {
      return short_move_reason_of(game_, text, longer);
    });
  }

  // No move: lost, or no legal move (the caller names the side's loss).
  bool is_over(const std::string& position) const override {
    const Position p = parse(position);
    if (game_.is_lost(p)) return true;
    bool any = false;
    game_.for_each_move(p, [&](const typename G::Move&, const Position&) { any = true; });
    return !any;
  }
  // Whether one move leads from `before` to `after` (canonical texts compared).
  bool leads_to(const std::string& before, const std::string& after) const override {
    const Position p = parse(before);
    const std::string target = game_.format(parse(after));
    bool found = false;
    if (!game_.is_lost(p))
      game_.for_each_move(
          p, [&](const typename G::Move&, const Position& child) { found = found || game_.format(child) == target; });
    return found;
  }

  BoardLook board() const override { return board_look_of(game_); }
  bool forbids_repetition() const override { return forbids_repetition_of(game_); }
  std::string rules() const override { return rules_of(game_); }

  bool searches() const override { return falls_back_to_search(game_); }

  // One listing of the game's folder (most variants have none: one stat),
  // not a stat a tier: rtb serve's /api/games counts 3,471 tiers.
  TablebaseCoverage coverage() const override {
    TablebaseCoverage c;
    c.tiers = game_.tier_count();
    if (c.tiers == 0) return c;
    const std::filesystem::path folder = tier_file_path(game_, dir, 0).parent_path();
    std::error_code error;
    std::set<std::string> names;
    for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
      names.insert(it->path().filename().string());
    for (std::uint32_t t = 0; t < c.tiers && !names.empty(); ++t)
      c.present += names.count(tier_file_path(game_, dir, t).filename().string()) > 0;
    return c;
  }

  // Twice the start's text and room for counts: every position's text of
  // every game is about as long as its start (the board, the side, the
  // hands), and the longest start (Crossings 8x8 seed) has 129 characters.
  std::size_t max_position_length() const override { return 2 * start().size() + 32; }

  bool would_search(const std::string& position) override {
    const Position p = parse(position);
    oracle_.refresh();
    return oracle_.would_search(p);
  }

  QueryResult query(const std::string& position, bool line) override {
    const Position root = parse(position);
    oracle_.refresh();
    const Answer<G> a = oracle_.answer(root);
    QueryResult r = result_of(root, a);
    if (!line) return r;
    // Follow best moves until the game ends, or a position repeats (a draw).
    r.has_line = true;
    std::set<std::string> seen{r.position};
    Answer<G> step = a;
    for (int ply = 0; ply < 10000 && !step.moves.empty(); ++ply) {
      if (!step.proven) {
        r.line_complete = false;
        break;
      }
      // The move's value as the move list has it (the mover's), not the
      // value of the position it reaches, which is its opponent's.
      const auto next = step.moves.front();
      const std::string text = game_.format(next.child);
      r.line.push_back({next.move, next.value, text});
      if (!seen.insert(text).second) {
        r.line_repeats = true;
        break;
      }
      step = oracle_.answer(next.child);
    }
    return r;
  }

 private:
  // The game's parser, behind a length check: its message echoes the text.
  Position parse(const std::string& text) const {
    if (text == "start") return game_.start();
    if (text.size() > max_position_length())
      throw std::invalid_argument("position text of " + std::to_string(text.size()) + " characters: " + game_.name() +
                                  " (" + game_.variant() + ") positions have at most " +
                                  std::to_string(max_position_length()) + " ('" + echo(text) + "')");
    return game_.parse(text);
  }

  QueryResult result_of(const Position& root, const Answer<G>& a) const {
    QueryResult r;
    r.game = game_.name();
    r.variant = game_.variant();
    r.position = game_.format(root);
    r.value = a.value;
    r.searched = a.searched;
    r.proven = a.proven;
    r.stop = a.stop;
    r.nodes = a.nodes;
    r.seconds = a.seconds;
    r.seconds_limit = limits_.seconds;
    r.plies_limit = limits_.max_plies;
    for (const auto& m : a.moves) r.moves.push_back({m.move, m.value, game_.format(m.child), {}});
    return r;
  }

  const AnyGame holder_;  // games are not copyable: the session owns the one made for it
  const G& game_;
  const SearchLimits limits_;
  Oracle<G> oracle_;
};

// The session for the type that `game` holds.
template <std::size_t I = 0>
std::unique_ptr<QuerySession::Impl> session_for(AnyGame&& game, const std::filesystem::path& dir,
                                                const SearchLimits& limits) {
  if constexpr (I + 1 < std::variant_size_v<AnyGame>) {
    if (game.index() != I) return session_for<I + 1>(std::move(game), dir, limits);
  }
  return std::make_unique<SessionFor<std::variant_alternative_t<I, AnyGame>>>(std::move(game), dir, limits);
}

}  // namespace

QuerySession::QuerySession(const GameChoice& choice, std::filesystem::path dir, const SearchLimits& limits)
    : impl_(session_for(make_game(choice), dir, limits)) {}

QuerySession::~QuerySession() = default;
QuerySession::QuerySession(QuerySession&&) noexcept = default;
QuerySession& QuerySession::operator=(QuerySession&&) noexcept = default;

const std::string& QuerySession::game() const { return impl_->game; }
const std::string& QuerySession::variant() const { return impl_->variant; }
const std::filesystem::path& QuerySession::dir() const { return impl_->dir; }
std::string QuerySession::start() const { return impl_->start(); }
std::string QuerySession::normalise(const std::string& text) const { return impl_->normalise(text); }
std::string QuerySession::play(const std::string& position, const std::vector<std::string>& moves) const {
  return impl_->play(position, moves);
}
std::string QuerySession::end_reason(const std::string& before, const std::string& after) const {
  const std::string now = normalise(after);
  if (!impl_->is_over(now))
    throw std::invalid_argument("the game is not over in " + echo(now) + ": the side to move has a legal move");
  std::string was;
  if (!before.empty()) {
    was = normalise(before);
    if (!impl_->leads_to(was, now)) throw std::invalid_argument("no move leads from " + echo(was) + " to " + echo(now));
  }
  return MoveEvents(board(), start()).end_reason(was, now);
}
MoveLookup QuerySession::look_up_move(const std::vector<std::string>& legal, const std::string& typed) const {
  return impl_->look_up_move(legal, typed);
}

bool QuerySession::forbids_repetition() const { return impl_->forbids_repetition(); }
std::string QuerySession::rules() const { return impl_->rules(); }

std::vector<std::string> QuerySession::history_positions(const std::vector<std::string>& items) const {
  std::vector<std::string> positions;
  for (const std::string& item : items) {
    if (item == "start" || item.find(' ') != std::string::npos) {
      positions.push_back(normalise(item));
      continue;
    }
    if (positions.empty()) positions.push_back(start());  // moves first: played from the start, which occurred
    positions.push_back(play(positions.back(), {item}));
  }
  return positions;
}

QueryResult QuerySession::query(const std::string& position, const std::vector<std::string>& occurred, bool line) {
  if (!forbids_repetition())
    throw std::invalid_argument(game() + " (" + variant() +
                                ") has no rule against repeated positions: a history applies to games that have one");
  QueryResult r = query(position, false);
  apply_repetition_rule(r, occurred);
  if (line) follow_allowed_line(r, occurred);
  return r;
}

// The perfect-play line under the rule: the best move it allows, each
// position joining the history, until the game ends or the side to move
// has no allowed move (it has lost: under the rule no line runs for ever).
void QuerySession::follow_allowed_line(QueryResult& r, const std::vector<std::string>& occurred) {
  r.has_line = true;
  OccurredPositions seen(occurred);
  if (!seen.at(r.position)) seen.add(r.position);
  QueryResult step = r;
  for (int ply = 0; ply < 10000 && !step.game_over(); ++ply) {
    if (!step.proven) {
      r.line_complete = false;
      break;
    }
    const MoveResult next = step.moves[*step.best_allowed()];
    seen.add(next.position);
    step = query(next.position, false);
    apply_repetition_rule(step, seen);
    r.line.push_back({next.move, step.value, next.position});
  }
}

BoardLook QuerySession::board() const { return impl_->board(); }
TablebaseCoverage QuerySession::coverage() const { return impl_->coverage(); }
bool QuerySession::searches() const { return impl_->searches(); }
QueryResult QuerySession::query(const std::string& position, bool line) { return impl_->query(position, line); }
bool QuerySession::would_search(const std::string& position) { return impl_->would_search(position); }
std::size_t QuerySession::max_position_length() const { return impl_->max_position_length(); }

}  // namespace rtb
