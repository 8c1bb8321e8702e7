// rtb query GAME POSITION: the value of a position and of every move.
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>

#include "solver/generate.hpp"
#include "solver/one_step.hpp"
#include "tools/cli.hpp"

namespace rtb::cli {

namespace {

template <class G>
struct Answer {
  struct MoveValue {
    std::string move;
    Value value;  // for the side to move at the root
    typename G::Position child;
  };
  Value value = 0;
  std::vector<MoveValue> moves;  // best first
};

template <class G>
class Oracle {
 public:
  Oracle(const G& game, const std::filesystem::path& dir) : game_(game), prober_(dir, game.name(), game.variant()) {}

  Value value(const typename G::Position& p) {
    if (game_.is_lost(p)) return make_value(0);
    const auto tier = game_.tier_of(p);
    try {
      return prober_.probe(game_.tier_name(tier), game_.tier_size(tier), game_.index(p));
    } catch (const MissingTablebase& e) {
      throw std::runtime_error(std::string(e.what()) + "; generate it with: rtb generate " + game_.name() +
                               (game_.variant() == "default" ? "" : " --variant " + game_.variant()) + " --dir " +
                               prober_.dir().string());
    }
  }

  Answer<G> answer(const typename G::Position& p) {
    Answer<G> a;
    a.value = value(p);
    if (game_.is_lost(p)) return a;
    game_.for_each_move(p, [&](const typename G::Move& m, const typename G::Position& child) {
      a.moves.push_back({game_.move_text(m), value_through_move(value(child)), child});
    });
    std::stable_sort(a.moves.begin(), a.moves.end(), [](const auto& x, const auto& y) {
      if (better_for_mover(x.value, y.value)) return true;
      if (better_for_mover(y.value, x.value)) return false;
      return x.move < y.move;
    });
    return a;
  }

 private:
  const G& game_;
  Prober prober_;
};

nlohmann::json value_json(Value v) {
  return {{"value", outcome_name(outcome_of(v))},
          {"distance", is_draw(v) ? nlohmann::json(nullptr) : nlohmann::json(distance_of(v))}};
}

}  // namespace

int run_query(int argc, char** argv) {
  GameChoice choice;
  std::filesystem::path dir;
  std::string position_text;
  bool json = false, line = false;
  po::options_description o("options");
  add_game_options(o, choice);
  add_dir_option(o, dir);
  o.add_options()("json", po::bool_switch(&json), "print one JSON object")(
      "line", po::bool_switch(&line), "also print the perfect-play line to the end of the game");
  if (!parse_command(argc, argv, "rtb query GAME POSITION|start [--dir DIR] [--json] [--line]", o,
                     {{"game", &choice.name}, {"position", &position_text}}))
    return 0;
  return with_game(choice, [&](const auto& game) {
    using G = std::decay_t<decltype(game)>;
    const auto root = position_text == "start" ? game.start() : game.parse(position_text);
    Oracle<G> oracle(game, dir);
    const Answer<G> a = oracle.answer(root);
    nlohmann::json out = value_json(a.value);
    out["position"] = game.format(root);
    out["best"] = a.moves.empty() ? nlohmann::json(nullptr) : nlohmann::json(a.moves.front().move);
    out["moves"] = nlohmann::json::array();
    for (const auto& m : a.moves) {
      nlohmann::json row = value_json(m.value);
      row["move"] = m.move;
      row["position"] = game.format(m.child);
      out["moves"].push_back(row);
    }
    if (line) {
      // Follow best moves until the game ends, or a position repeats (a draw).
      out["line"] = nlohmann::json::array();
      std::set<std::string> seen{game.format(root)};
      auto p = root;
      for (int ply = 0; ply < 10000; ++ply) {
        const Answer<G> step = oracle.answer(p);
        if (step.moves.empty()) break;
        p = step.moves.front().child;
        const std::string text = game.format(p);
        nlohmann::json row = value_json(oracle.value(p));
        row["move"] = step.moves.front().move;
        row["position"] = text;
        out["line"].push_back(row);
        if (!seen.insert(text).second) break;
      }
    }
    if (json) {
      std::cout << out.dump(2) << "\n";
      return 0;
    }
    std::cout << "position: " << game.format(root) << "\n";
    std::cout << "value:    " << describe(a.value) << (a.moves.empty() ? " (game over)" : "") << "\n";
    if (!a.moves.empty()) {
      std::cout << "best:     " << a.moves.front().move << "\n";
      std::cout << "moves (value for the side to move, best first):\n";
      for (std::size_t i = 0; i < a.moves.size(); ++i)
        std::cout << (i == 0 ? "  * " : "    ") << a.moves[i].move << "  " << describe(a.moves[i].value) << "  -> "
                  << game.format(a.moves[i].child) << "\n";
    }
    if (line) {
      std::cout << "line:\n";
      for (const auto& row : out["line"])
        std::cout << "  " << row["move"].get<std::string>() << "  -> " << row["position"].get<std::string>() << "  ("
                  << row["value"].get<std::string>()
                  << (row["distance"].is_null() ? "" : " in " + std::to_string(row["distance"].get<unsigned>()))
                  << " for the side to move)\n";
    }
    return 0;
  });
}

}  // namespace rtb::cli
