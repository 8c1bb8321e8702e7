// The extension module rtb._rtb behind the Python package `rtb`
// (python/rtb/__init__.py): the probe API of include/rtb/rtb.hpp with
// Python's names and types. Values are ("WIN" | "LOSS" | "DRAW" | None,
// distance or None), for the side to move, as `rtb query` prints them.
//
// Every call into the library runs without the GIL, so that other Python
// threads go on while a probe reads a file or a search runs; each Tablebase
// has its own mutex (the library's Tablebase is for one thread at a time),
// taken only after the GIL is released, so that no thread ever holds one
// while it waits for the other.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cerrno>
#include <cmath>
#include <filesystem>
#include <mutex>
#include <optional>

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
  // Each a str: anything else (None) was pybind11's RuntimeError "Unable to
  // cast" (issue 53, item 5).
  for (const py::handle& m : moves) {
    if (!py::isinstance<py::str>(m))
      throw py::type_error("moves[" + std::to_string(out.size()) + "] must be a str, not " +
                           std::string(py::str(py::type::of(m).attr("__name__"))));
    out.push_back(m.cast<std::string>());
  }
  return out;
}

// A path as Python's functions take one: str, bytes or os.PathLike.
std::string path_text(const std::filesystem::path& p) { return p.string(); }

// rtb.Tablebase: the library's Tablebase, its lock, and close().
class PyTablebase {
 public:
  explicit PyTablebase(rtb::Tablebase tb)
      : tb_(std::move(tb)), game_(tb_->game()), variant_(tb_->variant()), dir_(tb_->dir()) {}

  // Runs f(tablebase) without the GIL and under this Tablebase's lock.
  template <class F>
  auto locked(F&& f) const {
    py::gil_scoped_release unlocked;
    std::lock_guard lock(mutex_);
    if (!tb_) throw py::value_error("the Tablebase of " + game_ + " (" + variant_ + ") in " + dir_ + " is closed");
    return f(*tb_);
  }

  void close() {
    py::gil_scoped_release unlocked;
    std::lock_guard lock(mutex_);
    tb_.reset();  // closes its files; a search in another thread finished first (the lock)
  }
  bool closed() const {
    std::lock_guard lock(mutex_);
    return !tb_;
  }

  const std::string& game() const { return game_; }
  const std::string& variant() const { return variant_; }
  const std::string& dir() const { return dir_; }

 private:
  mutable std::optional<rtb::Tablebase> tb_;  // the library's calls are not const; the lock guards them
  std::string game_, variant_, dir_;
  mutable std::mutex mutex_;
};

// TablebaseNotFoundError(errno.ENOENT, message, filename), as OSError's own
// subclasses are raised, so that e.errno and e.filename are set.
void raise_not_found(const py::object& type, const rtb::TablebaseNotFound& e) {
  const py::object filename = e.path.empty() ? py::object(py::none()) : py::object(py::str(e.path));
  const py::object error = type(ENOENT, py::str(e.what()), filename);
  PyErr_SetObject(type.ptr(), error.ptr());
}

// The tier choice every call that works on tiers takes: tiers
// (comma-separated names), all, and any other keyword as a tier filter
// (max_pieces=4); the library refuses a filter the game does not have.
void choose_tiers(rtb::TierChoice& choice, const std::optional<std::string>& tiers, bool all,
                  const py::kwargs& at_most) {
  choice.tiers = tiers;
  choice.all = all;
  for (const auto& [key, value] : at_most) {
    const std::string name = py::str(key);
    if (value.is_none()) continue;
    if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
      throw py::value_error(name + " must be a whole number, not " + std::string(py::repr(value)));
    // Beyond 64 bits (2**70) was pybind11's "Unable to cast" (issue 53).
    try {
      choice.at_most[name] = value.cast<long long>();
    } catch (const py::cast_error&) {
      throw py::value_error(name + " must be a whole number that fits in 64 bits, not " + std::string(py::repr(value)));
    }
  }
}

// A Python callable called from the library's thread while the GIL is
// released: each call takes the GIL; what it raises goes back to the caller.
// The function holds a reference to the callable, so it is made, copied and
// destroyed only where the GIL is held (the library takes settings by
// reference and copies none).
template <class T, class ToPython>
std::function<void(const T&)> python_callback(const py::object& f, ToPython to_python) {
  if (f.is_none()) return {};
  if (!PyCallable_Check(f.ptr()))
    throw py::type_error("on_tier must be callable or None, not " +
                         std::string(py::str(py::type::of(f).attr("__name__"))));
  return [f, to_python](const T& item) {
    py::gil_scoped_acquire held;
    f(to_python(item));
  };
}

// f() without the GIL, so that other Python threads run while the library
// works (a callback it calls takes the GIL again: python_callback).
template <class F>
auto without_gil(F&& f) {
  py::gil_scoped_release unlocked;
  return f();
}

// One tier of rtb.verify, with the keys of `rtb verify --json`'s rows.
py::dict verification_dict(const rtb::TierVerification& v) {
  py::dict d;
  d["tier"] = v.tier;
  d["status"] = rtb::tier_status_name(v.status);
  d["values_proven"] = v.values_proven;
  d["message"] = v.message;
  return d;
}

// Counts as `rtb stats --json` gives them: a tier's row, or the total.
py::dict counts_dict(const rtb::ValueCounts& c, bool total) {
  py::dict d;
  d["win"] = c.win;
  d["loss"] = c.loss;
  d["draw"] = c.draw;
  py::dict classes;
  classes["win"] = c.win_classes;
  classes["loss"] = c.loss_classes;
  classes["draw"] = c.draw_classes;
  d["classes"] = classes;
  const auto longest = [&](const char* key, int plies, const std::string& position) {
    if (plies < 0) return;
    if (total) {
      d[(std::string(key) + "_plies").c_str()] = plies;
      return;
    }
    py::dict l;
    l["plies"] = plies;
    l["position"] = position;
    d[key] = l;
  };
  longest("longest_win", c.longest_win, c.longest_win_position);
  longest("longest_loss", c.longest_loss, c.longest_loss_position);
  const auto histogram = [](const std::vector<rtb::DistanceCount>& rows) {
    py::list out;
    for (const rtb::DistanceCount& r : rows) {
      py::dict row;
      row["plies"] = r.plies;
      row["positions"] = r.positions;
      row["classes"] = r.classes;
      out.append(row);
    }
    return out;
  };
  py::dict distances;
  distances["win"] = histogram(c.win_distances);
  distances["loss"] = histogram(c.loss_distances);
  d["distances"] = distances;
  return d;
}

py::dict tier_counts_dict(const rtb::TierValueCounts& t) {
  py::dict d = counts_dict(t.counts, false);
  d["tier"] = t.tier;
  return d;
}

}  // namespace

PYBIND11_MODULE(_rtb, m) {
  m.doc() = "Retrograde tablebases of small board games: probe positions of tablebases made by `rtb generate`.";
  m.attr("__version__") = rtb::version();
  // InvalidInput is a std::invalid_argument, which pybind11 raises as ValueError.
  static py::exception<rtb::TablebaseNotFound> not_found(m, "TablebaseNotFoundError", PyExc_FileNotFoundError);
  static py::exception<rtb::TablebaseBusy> busy(m, "TablebaseBusyError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const rtb::TablebaseNotFound& e) {
      raise_not_found(not_found, e);
    } catch (const rtb::TablebaseBusy& e) {
      busy(e.what());
    }
  });

  py::class_<PyTablebase>(m, "Tablebase",
                          "The tablebases of one game and variant in a directory (see rtb.open). Usable from "
                          "several threads (calls on one Tablebase take turns; other threads run meanwhile); "
                          "close() or a with block closes its files.")
      .def_property_readonly("game", &PyTablebase::game)
      .def_property_readonly("variant", &PyTablebase::variant)
      .def_property_readonly("dir", &PyTablebase::dir,
                             "The directory read from: as given to rtb.open, or the one found in its list or RTB_PATH.")
      .def_property_readonly("closed", &PyTablebase::closed)
      .def("__repr__",
           [](const PyTablebase& tb) {
             return "<rtb.Tablebase " + tb.game() + " (" + tb.variant() + ") in " +
                    std::string(py::repr(py::str(tb.dir()))) + (tb.closed() ? ", closed>" : ">");
           })
      .def("close", &PyTablebase::close, "Closes the files; later calls raise ValueError. Closing twice is allowed.")
      .def(
          "__enter__", [](PyTablebase& tb) -> PyTablebase& { return tb; }, py::return_value_policy::reference)
      .def("__exit__",
           [](PyTablebase& tb, const py::args&) {
             tb.close();
             return false;
           })
      .def(
          "start", [](const PyTablebase& tb) { return tb.locked([](rtb::Tablebase& t) { return t.start(); }); },
          "The start position's text.")
      .def(
          "normalise",
          [](const PyTablebase& tb, const std::string& position) {
            return tb.locked([&](rtb::Tablebase& t) { return t.normalise(position); });
          },
          py::arg("position"), "The position in the game's canonical text; ValueError for bad text.")
      .def(
          "play",
          [](const PyTablebase& tb, const std::string& position, const py::object& moves) {
            const std::vector<std::string> list = move_list(moves);
            return tb.locked([&](rtb::Tablebase& t) { return t.play(position, list); });
          },
          py::arg("position"), py::arg("moves"),
          "The position after the moves (a list, or one string 'a2b2,b3b2'); ValueError for an illegal move.")
      .def(
          "probe",
          [](PyTablebase& tb, const std::string& position) {
            return value_tuple(tb.locked([&](rtb::Tablebase& t) { return t.probe(position).value; }));
          },
          py::arg("position"),
          "(value, distance) for the side to move: value 'WIN', 'LOSS' or 'DRAW' (None when a search could not "
          "prove it), distance in plies (None for a draw). Reads every move's value too (see probe_value).")
      .def(
          "probe_value",
          [](PyTablebase& tb, const std::string& position) {
            return value_tuple(tb.locked([&](rtb::Tablebase& t) { return t.probe_value(position); }));
          },
          py::arg("position"),
          "As probe, but cheaper: reads only the position's own value (one block of one file), no move's.")
      .def(
          "probe_many",
          [](PyTablebase& tb, const std::vector<std::string>& positions) {
            // One release of the GIL and one turn of the lock for the lot.
            const std::vector<rtb::GameValue> values = tb.locked([&](rtb::Tablebase& t) {
              std::vector<rtb::GameValue> out;
              out.reserve(positions.size());
              for (std::size_t i = 0; i < positions.size(); ++i) {
                try {
                  out.push_back(t.probe_value(positions[i]));
                } catch (const rtb::InvalidInput& e) {
                  throw rtb::InvalidInput("positions[" + std::to_string(i) + "]: " + e.what());
                }
              }
              return out;
            });
            py::list out;
            for (const rtb::GameValue& v : values) out.append(value_tuple(v));
            return out;
          },
          py::arg("positions"),
          "[(value, distance), ...] for a list of positions, in one call (as probe_value each); ValueError naming "
          "the index of the first bad one.")
      .def(
          "moves",
          [](PyTablebase& tb, const std::string& position) {
            const std::vector<rtb::MoveValue> moves =
                tb.locked([&](rtb::Tablebase& t) { return t.probe(position).moves; });
            py::list out;
            for (const rtb::MoveValue& mv : moves) {
              const py::tuple v = value_tuple(mv.value);
              out.append(py::make_tuple(mv.move, v[0], v[1]));
            }
            return out;
          },
          py::arg("position"),
          "Every legal move, best first, as (move, value, distance) for the side to move at `position`.")
      .def(
          "best_move",
          [](PyTablebase& tb, const std::string& position, const py::object& history) {
            if (history.is_none()) return tb.locked([&](rtb::Tablebase& t) { return t.probe(position).best_move(); });
            const std::vector<std::string> list = move_list(history);
            return tb.locked([&](rtb::Tablebase& t) { return t.probe(position, list).best_allowed_move(); });
          },
          py::arg("position"), py::arg("history") = py::none(),
          "The best move, or None when the game is over. With `history` (the game so far, as query takes it), "
          "the best move the no-repetition rule allows, or None when it allows none.")
      .def_property_readonly(
          "forbids_repetition",
          [](const PyTablebase& tb) { return tb.locked([](rtb::Tablebase& t) { return t.forbids_repetition(); }); },
          "Whether the game forbids a move back to a position of the game (Bagh-Chal); its values never model it.")
      .def_property_readonly(
          "rules", [](const PyTablebase& tb) { return tb.locked([](rtb::Tablebase& t) { return t.rules(); }); },
          "The game's rules and how its moves are written, for this variant: lines 'Topic: text', the last "
          "'Moves: ...' (rtb play's rules command).")
      .def(
          "query",
          [](PyTablebase& tb, const std::string& position, const py::object& history) {
            std::string json;
            if (history.is_none()) {
              json = tb.locked([&](rtb::Tablebase& t) { return t.probe(position).json; });
            } else {
              const std::vector<std::string> list = move_list(history);
              json = tb.locked([&](rtb::Tablebase& t) { return t.probe(position, list).json; });
            }
            return py::module_::import("json").attr("loads")(json);
          },
          py::arg("position"), py::arg("history") = py::none(),
          "Everything `rtb query --json` prints, as a dict. With `history` (the game so far: moves from the start, "
          "positions, or a position and moves; a list or one comma-separated string), as `rtb query --history`: "
          "the no-repetition rule applied, each move's 'forbidden' reason and 'rule' with 'best_allowed'.");

  m.def(
      "open",
      [](const py::object& dir, const std::string& game, const std::string& variant, std::uint64_t nodes,
         std::optional<double> seconds) {
        // 0 would mean no limit in the library: say so with None instead,
        // so that a limit computed as 0 is not silently infinite.
        if (seconds && !(*seconds > 0))
          throw py::value_error("seconds must be above 0, not " + std::string(py::repr(py::float_(*seconds))) +
                                " (seconds=None: no time limit)");
        const rtb::SearchBudget budget{nodes, seconds ? *seconds : 0.0};
        // None: RTB_PATH's directories (else tb); a list: these, searched
        // in order; one path: that directory (issue 27).
        std::vector<std::string> search;
        const auto add = [&](const py::handle& d) {
          try {
            search.push_back(path_text(py::cast<std::filesystem::path>(d)));
          } catch (const py::cast_error&) {
            throw py::type_error("dir must be a str, bytes or os.PathLike, a list of them, or None, not " +
                                 std::string(py::str(py::type::of(d).attr("__name__"))));
          }
        };
        if (py::isinstance<py::list>(dir) || py::isinstance<py::tuple>(dir)) {
          for (const py::handle& d : dir) add(d);
          // Was IndexError with a C++ message (issue 53, item 5).
          if (search.empty())
            throw py::value_error("dir is an empty list: give at least one directory, or None for RTB_PATH's");
        } else if (!dir.is_none()) add(dir);
        const std::string dir_text =
            dir.is_none() || search.size() > 1 ? rtb::find_tablebase_dir(game, variant, search) : search.at(0);
        py::gil_scoped_release unlocked;
        return std::make_unique<PyTablebase>(rtb::Tablebase(dir_text, game, variant, budget));
      },
      py::arg("dir"), py::arg("game"), py::arg("variant") = "default", py::arg("nodes") = 10'000'000,
      py::arg("seconds") = 10.0,
      "The tablebases of `game` in `dir` (a str or os.PathLike; written by `rtb generate GAME --dir DIR`; a list: "
      "the first of them that holds the game's files; None: the same among RTB_PATH's directories, else tb). `nodes` "
      "and `seconds` limit the search that answers positions no tablebase covers (in a game whose rtb.games() entry "
      "says search_fallback); seconds=None sets no time limit (answers are then repeatable), and 0 is refused. "
      "ValueError for an unknown game or variant or a bad limit, TablebaseNotFoundError (a FileNotFoundError, "
      "with errno and filename) when the directory holds none of the game's files.");

  m.def(
      "games",
      [] {
        py::list out;
        for (const rtb::GameInfo& g : rtb::games()) {
          py::dict d;
          // "game", as the command line's JSON and the web API call it
          // (issue 27: one vocabulary); "name" kept for older scripts.
          d["game"] = g.name;
          d["name"] = g.name;
          d["description"] = g.description;
          d["variants"] = g.variants;
          d["search_fallback"] = g.search_fallback;
          d["tier_filters"] = g.tier_filters;
          d["whole_by_default"] = g.whole_by_default;
          d["derives_tiers"] = g.derives_tiers;
          out.append(d);
        }
        return out;
      },
      "The games rtb knows, as dicts with name, description, variants, search_fallback, tier_filters, "
      "whole_by_default and derives_tiers (as rtb games --json).");

  m.def(
      "generate",
      [](const std::filesystem::path& dir, const std::string& game, const std::string& variant, int threads,
         bool progress, std::optional<std::string> tiers, bool all, std::optional<long long> memory_limit,
         bool derive_tiers, const py::kwargs& at_most) {
        rtb::GenerateSettings settings;
        settings.threads = threads;
        settings.progress = progress;
        settings.derive_tiers = derive_tiers;
        if (memory_limit) {
          if (*memory_limit < 1)
            throw py::value_error("memory_limit must be at least 1 (bytes), not " + std::to_string(*memory_limit));
          settings.memory_limit = static_cast<std::uint64_t>(*memory_limit);
        }
        choose_tiers(settings, tiers, all, at_most);
        const rtb::GenerateSummary s =
            without_gil([&] { return rtb::generate_tablebases(path_text(dir), game, variant, settings); });
        py::dict d;
        d["groups_solved"] = s.groups_solved;
        d["groups_skipped"] = s.groups_skipped;
        d["slots_solved"] = s.slots_solved;
        d["seconds"] = s.seconds;
        d["peak_memory_bytes"] = s.peak_memory_bytes;
        return d;
      },
      py::arg("dir"), py::arg("game"), py::arg("variant") = "default", py::kw_only(), py::arg("threads") = 1,
      py::arg("progress") = false, py::arg("tiers") = py::none(), py::arg("all") = false,
      py::arg("memory_limit") = py::none(), py::arg("derive_tiers") = false,
      "Solve a small game and write its tablebases into dir (a str or os.PathLike), as `rtb generate` does: files "
      "already complete are kept, temporaries of a killed run removed, and a run that another generate into the same "
      "directory holds is refused (TablebaseBusyError), as is one whose plan needs more than memory_limit bytes "
      "(default: this machine's memory) or the free disk (RuntimeError). tiers (comma-separated names) and all "
      "choose tiers as --tiers and --all; any other keyword is a tier filter of the game (rtb.games() lists them): "
      "max_pieces=4 keeps the tiers with at most 4 pieces a side, as --max-pieces 4. derive_tiers=True stores no "
      "values for the tiers whose every value is one move from stored ones, as --derive-tiers (a game whose "
      "rtb.games() entry says derives_tiers). Returns a dict with groups_solved, groups_skipped, slots_solved, "
      "seconds and peak_memory_bytes (the largest resident memory a group took, measured on Linux; else 0).");

  m.def(
      "verify",
      [](const std::filesystem::path& dir, const std::string& game, const std::string& variant, int threads,
         bool progress, bool general, bool resume, std::optional<long long> memory_limit, const py::object& on_tier,
         std::optional<std::string> tiers, bool all, const py::kwargs& at_most) {
        rtb::VerifySettings settings;
        settings.threads = threads;
        settings.progress = progress;
        settings.general = general;
        settings.resume = resume;
        if (memory_limit) {
          if (*memory_limit < 1)
            throw py::value_error("memory_limit must be at least 1 (bytes), not " + std::to_string(*memory_limit));
          settings.memory_limit = static_cast<std::uint64_t>(*memory_limit);
        }
        settings.on_tier = python_callback<rtb::TierVerification>(on_tier, verification_dict);
        choose_tiers(settings, tiers, all, at_most);
        const rtb::VerifySummary s = without_gil([&] { return rtb::verify(path_text(dir), game, variant, settings); });
        py::dict d;
        d["ok"] = s.ok;
        d["failures"] = s.failures;
        d["tiers_checked"] = s.tiers_checked;
        d["values_proven"] = s.values_proven;
        d["tiers_proven_before"] = s.tiers_proven_before;
        d["journal_problem"] = s.journal_problem;
        py::list rows;
        for (const rtb::TierVerification& v : s.tiers) rows.append(verification_dict(v));
        d["tiers"] = rows;
        return d;
      },
      py::arg("dir"), py::arg("game"), py::arg("variant") = "default", py::kw_only(), py::arg("threads") = 1,
      py::arg("progress") = false, py::arg("general") = false, py::arg("resume") = false,
      py::arg("memory_limit") = py::none(), py::arg("on_tier") = py::none(), py::arg("tiers") = py::none(),
      py::arg("all") = false,
      "Prove the tablebases of a game in dir (a str or os.PathLike) as `rtb verify` does: every file read whole "
      "(checksums) and every stored value checked against its successors. Returns a dict with ok, failures, "
      "tiers_checked, values_proven and tiers (a dict a tier: tier, status 'ok', 'derived', 'failed' or "
      "'not_proven', values_proven, message), the fields of `rtb verify --json`; a missing, damaged or wrong file "
      "is a failed tier there, not an exception. on_tier, if given, is called with each tier's dict as soon as it "
      "is known (what it raises stops the run). tiers, all and the tier filters (max_pieces=4) choose tiers as for "
      "rtb.generate; general=True is --general; resume=True is --resume (tiers_proven_before counts the tiers it "
      "passed over, journal_problem says why the journal could not be written, or ''); memory_limit (bytes) is "
      "--memory-limit; progress=True shows rtb "
      "verify's progress on stderr. ValueError "
      "for an unknown game or a bad setting, TablebaseNotFoundError when dir holds no folder of the game.");

  m.def(
      "stats",
      [](const std::filesystem::path& dir, const std::string& game, const std::string& variant, int threads,
         const py::object& on_tier, std::optional<std::string> tiers, bool all, const py::kwargs& at_most) {
        rtb::StatsSettings settings;
        settings.threads = threads;
        settings.on_tier = python_callback<rtb::TierValueCounts>(on_tier, tier_counts_dict);
        choose_tiers(settings, tiers, all, at_most);
        const rtb::StatsSummary s = without_gil([&] { return rtb::stats(path_text(dir), game, variant, settings); });
        py::dict d;
        py::list rows;
        for (const rtb::TierValueCounts& t : s.tiers) rows.append(tier_counts_dict(t));
        d["tiers"] = rows;
        d["total"] = counts_dict(s.total, true);
        return d;
      },
      py::arg("dir"), py::arg("game"), py::arg("variant") = "default", py::kw_only(), py::arg("threads") = 1,
      py::arg("on_tier") = py::none(), py::arg("tiers") = py::none(), py::arg("all") = false,
      "Count the values of a game's tablebases in dir as `rtb stats` does: a dict with tiers (a dict a tier: tier, "
      "win, loss, draw, classes, longest_win and longest_loss with plies and position where there is one, "
      "distances: win and loss, each a list of plies, positions and classes) and total, the fields of `rtb stats "
      "--json`. on_tier, if given, is called with each tier's dict as soon as it "
      "is counted. tiers, all and the tier filters choose tiers as for rtb.generate. Every chosen file is opened "
      "before any is counted: TablebaseNotFoundError for a missing folder or file, RuntimeError for a damaged one, "
      "ValueError for an unknown game or a bad setting.");
}
