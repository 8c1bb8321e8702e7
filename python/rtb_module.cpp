// The Python module `rtb`: the probe API of include/rtb/rtb.hpp with Python's
// names and types. Values are ("WIN" | "LOSS" | "DRAW" | None, distance or
// None), for the side to move, as `rtb query` prints them.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "rtb/rtb.hpp"

namespace py = pybind11;

namespace {

py::object optional_int(int n) { return n < 0 ? py::object(py::none()) : py::object(py::int_(n)); }

py::tuple value_tuple(const rtb::GameValue& v) {
  const py::object verdict =
      v.verdict == rtb::Verdict::unknown ? py::object(py::none()) : py::object(py::str(rtb::verdict_name(v.verdict)));
  return py::make_tuple(verdict, optional_int(v.distance));
}

// "a2b2,b3b2" or ["a2b2", "b3b2"].
std::vector<std::string> move_list(const py::object& moves) {
  std::vector<std::string> out;
  if (py::isinstance<py::str>(moves)) {
    const std::string text = moves.cast<std::string>();
    std::size_t from = 0;
    while (from <= text.size() && !text.empty()) {
      const std::size_t comma = std::min(text.find(',', from), text.size());
      out.push_back(text.substr(from, comma - from));
      from = comma + 1;
    }
    return out;
  }
  for (const py::handle& m : moves) out.push_back(py::cast<std::string>(m));
  return out;
}

}  // namespace

PYBIND11_MODULE(rtb, m) {
  m.doc() = "Retrograde tablebases of small board games: probe positions of tablebases made by `rtb generate`.";
  m.attr("__version__") = rtb::version();
  // InvalidInput is a std::invalid_argument, which pybind11 raises as ValueError.
  py::register_exception<rtb::TablebaseNotFound>(m, "TablebaseNotFoundError", PyExc_FileNotFoundError);

  py::class_<rtb::Tablebase>(m, "Tablebase", "The tablebases of one game and variant in a directory (see rtb.open).")
      .def_property_readonly("game", &rtb::Tablebase::game)
      .def_property_readonly("variant", &rtb::Tablebase::variant)
      .def("start", &rtb::Tablebase::start, "The start position's text.")
      .def("normalise", &rtb::Tablebase::normalise, py::arg("position"),
           "The position in the game's canonical text; ValueError for bad text.")
      .def(
          "play",
          [](const rtb::Tablebase& tb, const std::string& position, const py::object& moves) {
            return tb.play(position, move_list(moves));
          },
          py::arg("position"), py::arg("moves"),
          "The position after the moves (a list, or one string 'a2b2,b3b2'); ValueError for an illegal move.")
      .def(
          "probe",
          [](rtb::Tablebase& tb, const std::string& position) { return value_tuple(tb.probe(position).value); },
          py::arg("position"),
          "(value, distance) for the side to move: value 'WIN', 'LOSS' or 'DRAW' (None when a search could not "
          "prove it), distance in plies (None for a draw).")
      .def(
          "moves",
          [](rtb::Tablebase& tb, const std::string& position) {
            py::list out;
            for (const rtb::MoveValue& mv : tb.probe(position).moves) {
              const py::tuple v = value_tuple(mv.value);
              out.append(py::make_tuple(mv.move, v[0], v[1]));
            }
            return out;
          },
          py::arg("position"),
          "Every legal move, best first, as (move, value, distance) for the side to move at `position`.")
      .def(
          "best_move", [](rtb::Tablebase& tb, const std::string& position) { return tb.probe(position).best_move(); },
          py::arg("position"), "The best move, or None when the game is over.")
      .def(
          "query",
          [](rtb::Tablebase& tb, const std::string& position) {
            return py::module_::import("json").attr("loads")(tb.probe(position).json);
          },
          py::arg("position"), "Everything `rtb query --json` prints, as a dict.");

  m.def(
      "open",
      [](const std::string& dir, const std::string& game, const std::string& variant, std::uint64_t nodes,
         double seconds) {
        return rtb::Tablebase(dir, game, variant, rtb::SearchBudget{nodes, seconds});
      },
      py::arg("dir"), py::arg("game"), py::arg("variant") = "default", py::arg("nodes") = 10'000'000,
      py::arg("seconds") = 10.0,
      "The tablebases of `game` in `dir` (written by `rtb generate GAME --dir DIR`). `nodes` and `seconds` limit "
      "the search that answers positions no tablebase covers (Bagh-Chal's placement phase). ValueError for an "
      "unknown game or variant, TablebaseNotFoundError when the directory holds none of the game's files.");

  m.def(
      "games",
      [] {
        py::list out;
        for (const rtb::GameInfo& g : rtb::games()) {
          py::dict d;
          d["name"] = g.name;
          d["description"] = g.description;
          d["variants"] = g.variants;
          d["search_fallback"] = g.search_fallback;
          d["tier_filters"] = g.tier_filters;
          out.append(d);
        }
        return out;
      },
      "The games rtb knows, as dicts with name, description, variants, search_fallback and tier_filters.");

  m.def(
      "generate",
      [](const std::string& dir, const std::string& game, const std::string& variant, int threads, bool progress,
         std::optional<std::string> tiers, bool all, const py::kwargs& at_most) {
        rtb::GenerateSettings settings;
        settings.threads = threads;
        settings.progress = progress;
        settings.tiers = tiers.value_or("");
        settings.all = all;
        // Any other keyword names a tier filter (max_pieces=4); the library
        // refuses one the game does not have, naming it.
        for (const auto& [key, value] : at_most) {
          const std::string name = py::str(key);
          if (value.is_none()) continue;
          if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
            throw py::value_error(name + " must be a whole number, not " + std::string(py::repr(value)));
          settings.at_most[name] = value.cast<long long>();
        }
        rtb::GenerateSummary s;
        {
          py::gil_scoped_release unlocked;
          s = rtb::generate_tablebases(dir, game, variant, settings);
        }
        py::dict d;
        d["groups_solved"] = s.groups_solved;
        d["groups_skipped"] = s.groups_skipped;
        d["slots_solved"] = s.slots_solved;
        d["seconds"] = s.seconds;
        return d;
      },
      py::arg("dir"), py::arg("game"), py::arg("variant") = "default", py::kw_only(), py::arg("threads") = 1,
      py::arg("progress") = false, py::arg("tiers") = py::none(), py::arg("all") = false,
      "Solve a small game and write its tablebases into dir (as `rtb generate`); files already complete are kept. "
      "tiers (comma-separated names) and all choose tiers as --tiers and --all; any other keyword is a tier filter "
      "of the game (rtb.games() lists them): max_pieces=4 keeps the tiers with at most 4 pieces a side, as "
      "--max-pieces 4. Returns a dict with groups_solved, groups_skipped, slots_solved and seconds.");
}
