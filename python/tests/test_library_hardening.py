"""The Python module as carefully checked as the command line (issue 28,
items 6, 12, 13) and its rough edges (issue 27): generate's lock, sweep and
plan; the GIL released during probes and searches; paths, repr, close/with,
errors with errno, the cheap and the batch probe, and the type stubs.
"""
import errno
import fcntl
import inspect
import os
import pathlib
import threading
import time

import pytest

import rtb

ENDED = "ww../..../..../...b b"  # black to move with one piece: lost


@pytest.fixture(scope="module")
def pangki_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("tb")
    rtb.generate(d, "pangki", threads=2)  # a pathlib.Path
    return d


# ------------------------------------------------------------- generate's checks


def test_generate_refuses_a_directory_another_generate_holds(tmp_path):
    # The lock as `rtb generate` holds it: an flock on GAME-VARIANT/.lock.
    folder = tmp_path / "pangki-default"
    folder.mkdir()
    with open(folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(rtb.TablebaseBusyError, match="another rtb generate"):
            rtb.generate(tmp_path, "pangki", max_pieces=2)
    assert not list(folder.glob("*.rtb")), "nothing may be written while the lock is held"
    assert issubclass(rtb.TablebaseBusyError, RuntimeError)
    rtb.generate(tmp_path, "pangki", max_pieces=2)  # once it is free
    assert list(folder.glob("*.rtb"))


def test_generate_sweeps_the_temporaries_of_a_killed_run(tmp_path):
    folder = tmp_path / "pangki-default"
    folder.mkdir()
    stale = folder / "2-2.rtb.4242.tmp"
    stale.write_bytes(b"half a file")
    rtb.generate(tmp_path, "pangki", max_pieces=2)
    assert not stale.exists()


def test_generate_refuses_a_plan_over_the_memory_limit(tmp_path):
    with pytest.raises(RuntimeError, match=r"needs about .* more than memory_limit 0\.0 MiB; nothing was solved"):
        rtb.generate(tmp_path, "pangki", memory_limit=1)
    assert not list(tmp_path.rglob("*.rtb"))
    with pytest.raises(ValueError, match="memory_limit must be at least 1"):
        rtb.generate(tmp_path, "pangki", memory_limit=0)


def test_generate_refuses_absurd_threads_and_empty_tiers(tmp_path):
    with pytest.raises(ValueError, match="threads 100000 is more than"):
        rtb.generate(tmp_path, "pangki", threads=100000)
    # An empty list is not "every tier" (issue 28, item 13).
    with pytest.raises(ValueError, match="tiers is empty"):
        rtb.generate(tmp_path, "pangki", tiers="")
    assert not list(tmp_path.rglob("*.rtb"))


# -------------------------------------------------------------- threads and GIL


def test_other_threads_run_during_a_search(tmp_path):
    # 8x8 Crossings has no tablebases: every probe searches, here for 1 s.
    tb = rtb.open(tmp_path, "crossings", nodes=10**15, seconds=1.0)
    stop = threading.Event()
    # The longest the other thread went without running a line.
    longest_pause = [0.0]

    def watch():
        last = time.monotonic()
        while not stop.is_set():
            now = time.monotonic()
            longest_pause[0] = max(longest_pause[0], now - last)
            last = now

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        time.sleep(0.05)
        longest_pause[0] = 0.0
        started = time.monotonic()
        tb.probe("start")
        took = time.monotonic() - started
    finally:
        stop.set()
        watcher.join()
    assert took >= 0.5, took
    # Holding the GIL, the search would stop the watcher for all of it.
    assert longest_pause[0] < took / 2, (longest_pause[0], took)


def test_one_tablebase_from_many_threads(pangki_dir):
    tb = rtb.open(pangki_dir, "pangki")
    positions = [tb.play("start", m) for m in (["b1b2"], ["b1b2", "c4c3"], ["a2b2"], [])]
    expected = [tb.probe(p) for p in positions]
    errors = []

    def probe_all():
        try:
            for _ in range(50):
                assert [tb.probe(p) for p in positions] == expected
                assert tb.probe_many(positions) == expected
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=probe_all) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_seconds_zero_is_refused_and_none_is_no_limit(tmp_path):
    with pytest.raises(ValueError, match=r"seconds must be above 0, not 0\.0 \(seconds=None: no time limit\)"):
        rtb.open(tmp_path, "crossings", seconds=0)
    with pytest.raises(ValueError, match="seconds must be above 0"):
        rtb.open(tmp_path, "crossings", seconds=-1)
    with pytest.raises(ValueError, match="seconds must be above 0"):
        rtb.open(tmp_path, "crossings", seconds=float("nan"))
    # No time limit: the node budget ends it, so the answer is repeatable.
    tb = rtb.open(tmp_path, "crossings", nodes=20000, seconds=None)
    first, second = tb.query("start"), tb.query("start")
    assert first["nodes"] == second["nodes"] and first["value"] == second["value"]


# ------------------------------------------------------------------- rough edges


def test_paths_may_be_path_like(pangki_dir):
    class Where(os.PathLike):
        def __fspath__(self):
            return str(pangki_dir)

    assert rtb.open(Where(), "pangki").probe("start") == ("DRAW", None)
    assert rtb.open(pathlib.Path(pangki_dir), "pangki").probe("start") == ("DRAW", None)
    assert rtb.open(os.fsencode(str(pangki_dir)), "pangki").probe("start") == ("DRAW", None)
    with pytest.raises(TypeError):
        rtb.open(42, "pangki")


def test_repr_close_and_with(pangki_dir):
    tb = rtb.open(pangki_dir, "pangki")
    assert repr(tb) == f"<rtb.Tablebase pangki (default) in {str(pangki_dir)!r}>"
    assert tb.dir == str(pangki_dir) and not tb.closed
    with tb as same:
        assert same is tb and same.probe("start") == ("DRAW", None)
    assert tb.closed and repr(tb).endswith(", closed>")
    with pytest.raises(ValueError, match="is closed"):
        tb.probe("start")
    tb.close()  # twice is fine
    with pytest.raises(ValueError, match="is closed"):
        with rtb.open(pangki_dir, "pangki") as other:
            other.close()
            other.moves("start")


def test_missing_tablebases_raise_file_not_found_with_errno_and_filename(tmp_path, pangki_dir):
    with pytest.raises(FileNotFoundError) as error:
        rtb.open(tmp_path, "pangki")
    assert error.value.errno == errno.ENOENT
    assert error.value.filename == str(tmp_path / "pangki-default")
    assert "rtb generate pangki --dir" in error.value.strerror
    # A missing tier file: its own path.
    rtb.generate(tmp_path, "pangki", max_pieces=2)
    with pytest.raises(rtb.TablebaseNotFoundError) as error:
        rtb.open(tmp_path, "pangki").probe("start")
    assert error.value.errno == errno.ENOENT
    assert error.value.filename == str(tmp_path / "pangki-default" / "6-6.rtb"), error.value


def test_probe_value_and_probe_many_agree_with_probe(pangki_dir):
    tb = rtb.open(pangki_dir, "pangki")
    positions = ["start", ENDED]
    position = "start"
    for _ in range(12):  # a line of best moves
        position = tb.play(position, [tb.best_move(position)])
        positions.append(position)
    assert tb.probe_many(positions) == [tb.probe(p) for p in positions]
    assert [tb.probe_value(p) for p in positions] == [tb.probe(p) for p in positions]
    assert tb.probe_many([]) == []
    with pytest.raises(ValueError, match=r"^positions\[1\]: bad pangki position"):
        tb.probe_many(["start", "nonsense"])


def test_probe_value_reads_only_the_positions_own_file(tmp_path):
    # With the files of the tiers a move leads to gone, probe (every move's
    # value) cannot answer; probe_value (the position's own) still can.
    rtb.generate(tmp_path, "pangki", max_pieces=3)
    folder = tmp_path / "pangki-default"
    tb = rtb.open(tmp_path, "pangki")
    position = "ww.b/..../.b../b.w. b"  # 3-3: b2b1 captures c1, into 2-3
    expected = tb.probe(position)
    for f in folder.glob("*.rtb"):
        if f.name != "3-3.rtb":
            f.unlink()
    fresh = rtb.open(tmp_path, "pangki")
    assert fresh.probe_value(position) == expected
    with pytest.raises(rtb.TablebaseNotFoundError):
        fresh.probe(position)


def test_type_stubs_are_installed_beside_the_module_and_match_it():
    package = pathlib.Path(rtb.__file__).parent
    assert (package / "py.typed").is_file()
    stubs = (package / "__init__.pyi").read_text()
    public = [n for n in dir(rtb.Tablebase) if not n.startswith("_")] + ["__enter__", "__exit__"]
    for name in public:
        assert f"def {name}(" in stubs, name
    for name in ("open", "games", "generate"):
        assert f"def {name}(" in stubs, name
        assert callable(getattr(rtb, name))
    assert "class TablebaseNotFoundError(FileNotFoundError)" in stubs
    assert inspect.getdoc(rtb.open)


def test_rtb_path_and_a_list_of_directories_are_searched_in_order(tmp_path, monkeypatch):
    # Issue 27: one game in each of two directories, found through RTB_PATH
    # (dir=None) and through a list, in either order.
    a, b = tmp_path / "a", tmp_path / "b"
    rtb.generate(a, "pangki", max_pieces=2)
    rtb.generate(b, "blockade")
    for path in (f"{a}:{b}", f"{b}:{a}"):
        monkeypatch.setenv("RTB_PATH", path)
        assert rtb.open(None, "pangki").probe("ww../..../..../..bb w") == ("DRAW", None)
        assert rtb.open(None, "blockade").probe("start")[0] == "WIN"
    assert rtb.open([a, b], "blockade").dir == str(b)
    assert rtb.open((b, a), "pangki").dir == str(a)
    monkeypatch.delenv("RTB_PATH")
    with pytest.raises(rtb.TablebaseNotFoundError):
        rtb.open([tmp_path / "none", a], "blockade")


# ------------------------------------------------ errors of the right kind (issue 53)


def test_errors_are_of_the_right_kind(tmp_path, pangki_dir):
    # An empty list of directories raised IndexError with a C++ message.
    with pytest.raises(ValueError, match="dir is an empty list"):
        rtb.open([], "pangki")
    # A number too large for 64 bits, and None among moves, raised
    # pybind11's RuntimeError "Unable to cast".
    with pytest.raises(ValueError, match="max_pieces must be a whole number .*, not 1180591620717411303424"):
        rtb.generate(tmp_path, "pangki", max_pieces=2**70)
    tb = rtb.open(pangki_dir, "pangki")
    with pytest.raises(TypeError, match=r"moves\[1\] must be a str, not NoneType"):
        tb.play("start", ["a2b2", None])
    # An empty directory was a filesystem error.
    with pytest.raises(ValueError, match="dir is empty"):
        rtb.generate("", "pangki", max_pieces=2)
    with pytest.raises(ValueError, match="dir is empty"):
        rtb.open("", "pangki")
    # The search time limit's one rule (issue 53, item 7): inf is refused.
    with pytest.raises(ValueError, match="seconds must be a number of seconds above 0 and at most 3600"):
        rtb.open(tmp_path, "crossings", seconds=float("inf"))
