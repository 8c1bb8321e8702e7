#include "service/query_result.hpp"

#include <iomanip>
#include <sstream>

namespace rtb {

namespace {

nlohmann::json exact_value_json(Value v) {
  return {{"value", outcome_name(outcome_of(v))},
          {"distance", is_draw(v) ? nlohmann::json(nullptr) : nlohmann::json(distance_of(v))}};
}

std::string format_seconds(double s) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(s < 10 ? 2 : 1) << s;
  return text.str();
}

}  // namespace

std::string proof_line(const QueryResult& r) {
  if (!r.searched) return "";
  const std::string effort = std::to_string(r.nodes) + " nodes, " + format_seconds(r.seconds) + " s";
  if (r.proven) return "proven by search (" + effort + ")";
  std::string why;
  switch (r.stop) {
    case SearchStop::Nodes:
      why = "the search ran out of its budget";
      break;
    case SearchStop::Seconds:
      why = "the search ran out of its time limit of " + format_seconds(r.seconds_limit) + " s";
      break;
    case SearchStop::Plies:
      why = "a line went deeper than " + std::to_string(r.plies_limit) + " plies";
      break;
    case SearchStop::Cancelled:
      why = "the search was cancelled";
      break;
    case SearchStop::Finished:
      why = "the search stopped";
      break;
  }
  return "NOT proven: " + why + " (" + effort + "); values shown are not proven";
}

std::optional<std::string> QueryResult::best_move() const {
  if (moves.empty()) return std::nullopt;
  return moves.front().move;
}

std::optional<std::size_t> QueryResult::best_allowed() const {
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (moves[i].forbidden.empty()) return i;
  return std::nullopt;
}

nlohmann::json value_json(const ValueBounds& b) {
  if (b.exact()) return exact_value_json(b.lower);
  nlohmann::json out{{"value", nullptr}, {"distance", nullptr}};
  if (b.has_lower()) out["at_least"] = exact_value_json(b.lower);
  if (b.has_upper()) out["at_most"] = exact_value_json(b.upper);
  return out;
}

nlohmann::json to_json(const QueryResult& r) {
  nlohmann::json out = value_json(r.value);
  out["format"] = 1;
  out["game"] = r.game;
  out["variant"] = r.variant;
  out["position"] = r.position;
  out["proven"] = r.proven;
  out["source"] = r.searched ? "search" : "tablebase";
  out["nodes"] = r.nodes;  // 0 for an answer read from the tablebases
  if (r.searched) {
    out["seconds"] = r.seconds;
    out["stopped_by"] = r.proven ? nlohmann::json(nullptr) : nlohmann::json(search_stop_reason(r.stop));
  }
  out["best"] = r.moves.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.moves.front().move);
  out["moves"] = nlohmann::json::array();
  for (const MoveResult& m : r.moves) {
    nlohmann::json row = value_json(m.value);
    row["move"] = m.move;
    row["position"] = m.position;
    if (r.searched) row["proven"] = m.value.exact();
    if (r.rule_applied) row["forbidden"] = m.forbidden.empty() ? nlohmann::json(nullptr) : nlohmann::json(m.forbidden);
    out["moves"].push_back(row);
  }
  if (r.rule_applied) {
    const std::optional<std::size_t> allowed = r.best_allowed();
    out["rule"] = {
        {"best_allowed", allowed ? nlohmann::json(r.moves[*allowed].move) : nlohmann::json(nullptr)},
        {"note", r.rule_note.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.rule_note)},
        {"no_legal_move", r.no_legal_move.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.no_legal_move)}};
  }
  if (r.has_line) {
    out["line"] = nlohmann::json::array();
    for (const LineStep& step : r.line) {
      nlohmann::json row = value_json(step.value);
      row["move"] = step.move;
      row["position"] = step.position;
      out["line"].push_back(row);
    }
    if (r.searched) out["line_complete"] = r.line_complete;
    out["line_repeats"] = r.line_repeats;
  }
  return out;
}

void print_text(std::ostream& out, const QueryResult& r) {
  out << "position: " << r.position << "\n";
  out << "value:    " << describe(r.value) << (r.moves.empty() ? " (game over)" : "") << "\n";
  if (r.searched) out << proof_line(r) << "\n";
  if (!r.no_legal_move.empty()) out << "game over by the no-repetition rule: " << r.no_legal_move << "\n";
  if (!r.rule_note.empty()) out << "rule:     " << r.rule_note << "\n";
  if (!r.moves.empty()) {
    out << "best:     " << r.moves.front().move << (r.proven ? "" : " (so far; not proven)")
        << (r.moves.front().forbidden.empty() ? "" : " (forbidden by the no-repetition rule)") << "\n";
    const std::optional<std::size_t> allowed = r.best_allowed();
    if (allowed && *allowed != 0) out << "allowed:  " << r.moves[*allowed].move << " (the best the rule allows)\n";
    out << "moves (value for the side to move, best first):\n";
    for (std::size_t i = 0; i < r.moves.size(); ++i)
      out << (i == 0 ? "  * " : "    ") << r.moves[i].move << "  " << describe(r.moves[i].value) << "  -> "
          << r.moves[i].position << (r.moves[i].forbidden.empty() ? "" : "  forbidden: " + r.moves[i].forbidden)
          << "\n";
  }
  if (r.has_line) {
    out << "line (each move's value for the side that plays it):\n";
    for (const LineStep& step : r.line)
      out << "  " << step.move << "  " << (step.value.exact() ? describe(step.value.lower) : "value not proven")
          << "  -> " << step.position << "\n";
    if (!r.line_complete) out << "  (the line stops here: the search could not prove the next move)\n";
    if (r.line_repeats) out << "  (the line stops here: the position repeats, a draw)\n";
  }
}

}  // namespace rtb
