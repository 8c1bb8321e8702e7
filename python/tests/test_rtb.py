"""Tests of the Python module `rtb` against facts about solved games.

Pangki is solved once for the session (a few seconds), into a temporary
directory, through rtb.generate itself. The games and variants come from
rtb.games() (the registry, games/registry.hpp), checked against the rtb
program's `rtb games --json` where the build names it (RTB_BINARY).
"""
import errno
import json
import os
import subprocess

import pytest

import rtb

START = "wwww/w..w/b..b/bbbb b"

GAMES = rtb.games()
VARIANTS = [(g["name"], v) for g in GAMES for v in g["variants"]]


@pytest.fixture(scope="session")
def pangki_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("tb")
    summary = rtb.generate(str(d), "pangki", threads=2)
    assert summary["groups_solved"] > 0 and summary["slots_solved"] > 0
    # Measured (Linux): the process, Python and the library, holds more than 8 MiB.
    assert summary["peak_memory_bytes"] > 8 << 20
    return str(d)


@pytest.fixture(scope="session")
def pangki(pangki_dir):
    return rtb.open(pangki_dir, "pangki")


def opposite(value, distance):
    """The value of the position before a move, from the value after it."""
    if value == "DRAW":
        return ("DRAW", None)
    return ("LOSS" if value == "WIN" else "WIN", distance + 1)


def test_version_and_games():
    assert rtb.__version__.count(".") == 2
    names = [g["name"] for g in GAMES]
    assert names and len(set(names)) == len(names), names
    for g in GAMES:
        assert g["description"], g["name"]
        assert g["variants"][0] == "default" and len(set(g["variants"])) == len(g["variants"]), g["name"]
        assert set(g["tier_filters"]) <= {"max_pieces", "max_in_hand"}, g["name"]
    # What the other tests here rely on.
    by_name = {g["name"]: g for g in GAMES}
    bagh = by_name["bagh-chal"]
    assert bagh["search_fallback"] and "3x3" in bagh["variants"]
    assert bagh["tier_filters"] == ["max_in_hand"] and by_name["pangki"]["tier_filters"] == ["max_pieces"]
    # What the default takes and who derives tiers, asked rather than listed
    # in the documents: Bagh-Chal 5x5 and Nine Men's Morris solve a part.
    assert not bagh["whole_by_default"] and not by_name["morris"]["whole_by_default"]
    assert by_name["pangki"]["whole_by_default"]
    assert [g["name"] for g in GAMES if g["derives_tiers"]] == ["morris"]


def test_games_are_those_of_the_rtb_program():
    binary = os.environ.get("RTB_BINARY")
    if not binary:
        pytest.skip("RTB_BINARY (the rtb program) is not set")
    listing = json.loads(subprocess.run([binary, "games", "--json"], check=True, capture_output=True, text=True).stdout)
    assert listing["format"] == 1
    program = [
        {
            "game": g["game"],
            "name": g["game"],
            "description": g["description"],
            "variants": g["variants"],
            "search_fallback": g["search_fallback"],
            # The command line's options, Python's keywords.
            "tier_filters": [f.replace("-", "_") for f in g["tier_filters"]],
            "whole_by_default": g["whole_by_default"],
            "derives_tiers": g["derives_tiers"],
        }
        for g in listing["games"]
    ]
    assert GAMES == program


@pytest.mark.parametrize("game,variant", VARIANTS, ids=[f"{g}-{v}" for g, v in VARIANTS])
def test_every_variant_without_tablebases_says_how_to_make_them(tmp_path, game, variant):
    # An empty directory: the error names the directory and the command.
    command = f"rtb generate {game}" + ("" if variant == "default" else f" --variant {variant}")
    try:
        searched = rtb.open(str(tmp_path), game, variant, nodes=1)
    except rtb.TablebaseNotFoundError as error:
        message = str(error)
        assert command + " --dir " + str(tmp_path) in message, message
        # "default" may stand for a named variant (morris: nine), whose folder it uses.
        folder = f"{game}-{variant}" if variant != "default" else f"{game}-"
        assert str(tmp_path / folder) in message, message
        assert error.errno == errno.ENOENT and error.filename.startswith(str(tmp_path / folder)), error
        return
    # A board too large for tablebases (8x8 Crossings: issue 27, defect 3)
    # opens without files, as `rtb query` answers it: by search, and a
    # generate of it is refused.
    assert searched.query("start")["source"] == "search"
    with pytest.raises(ValueError, match="too large for tablebases"):
        rtb.generate(str(tmp_path), game, variant)


def test_start_is_a_draw(pangki):
    assert pangki.start() == START
    assert pangki.probe("start") == ("DRAW", None)
    assert pangki.probe(START) == ("DRAW", None)


def test_position_without_a_move_is_lost(pangki):
    # Black to move with one piece left has lost.
    assert pangki.probe("ww../..../..../...b b") == ("LOSS", 0)
    assert pangki.moves("ww../..../..../...b b") == []
    assert pangki.best_move("ww../..../..../...b b") is None


def test_every_move_value_agrees_with_the_position_after_it(pangki):
    # One ply later, through play(): the value of each move is the opposite
    # of the value of the position it leads to.
    position = pangki.play("start", ["b1b2", "c4c3"])
    moves = pangki.moves(position)
    assert moves, "the position has moves"
    for move, value, distance in moves:
        after = pangki.play(position, [move])
        assert opposite(*pangki.probe(after)) == (value, distance), move
    assert pangki.probe(position) == moves[0][1:]
    assert pangki.best_move(position) == moves[0][0]


def test_play_accepts_a_comma_list(pangki):
    assert pangki.play("start", "b1b2,c4c3") == pangki.play("start", ["b1b2", "c4c3"])
    # Issue 52: a move in any case, with spaces around it, is the same move;
    # a text that only begins moves says which.
    assert pangki.play("start", [" B1B2 ", "C4c3"]) == pangki.play("start", ["b1b2", "c4c3"])
    with pytest.raises(ValueError, match=r"b1 is not a whole move; the legal moves that begin with it: b1b2"):
        pangki.play("start", ["b1"])


def test_query_is_the_json_of_rtb_query(pangki):
    q = pangki.query("start")
    assert q["format"] == 1 and q["game"] == "pangki" and q["variant"] == "default"
    assert q["value"] == "DRAW" and q["source"] == "tablebase"
    assert [m["move"] for m in q["moves"]] == [m[0] for m in pangki.moves("start")]


def test_bad_input_raises_value_error(pangki, pangki_dir):
    with pytest.raises(ValueError, match="position"):
        pangki.probe("not a position")
    with pytest.raises(ValueError, match="not legal"):
        pangki.play("start", ["a1a4"])
    with pytest.raises(ValueError, match="unknown game"):
        rtb.open(pangki_dir, "chess")
    with pytest.raises(ValueError, match="unknown variant"):
        rtb.open(pangki_dir, "pangki", "nonesuch")


def test_missing_tablebases_raise_a_clear_error(tmp_path):
    with pytest.raises(rtb.TablebaseNotFoundError, match="rtb generate pangki"):
        rtb.open(str(tmp_path), "pangki")
    # Only the small tiers: the start's tier is missing.
    rtb.generate(str(tmp_path), "pangki", max_pieces=3)
    small = rtb.open(str(tmp_path), "pangki")
    assert small.probe("ww../..../..../...b b") == ("LOSS", 0)
    with pytest.raises(rtb.TablebaseNotFoundError, match="generate it with"):
        small.probe("start")
    assert issubclass(rtb.TablebaseNotFoundError, FileNotFoundError)


def test_search_fallback_agrees_with_the_full_tablebase(tmp_path):
    # Bagh-Chal 3x3: the whole game, and the sliding phase alone, where the
    # start (goats to place) is answered by search.
    full_dir, sliding_dir = tmp_path / "full", tmp_path / "sliding"
    rtb.generate(str(full_dir), "bagh-chal", "3x3")
    full = rtb.open(str(full_dir), "bagh-chal", "3x3")
    assert full.query("start")["source"] == "tablebase"
    # In Python's words: the keyword, not the command line's --max-pieces.
    with pytest.raises(ValueError, match=r"^max_pieces does not apply to bagh-chal \(3x3\)$"):
        rtb.generate(str(sliding_dir), "bagh-chal", "3x3", max_pieces=0)
    with pytest.raises(ValueError, match=r"^max_in_hand must be at least 0, not -1$"):
        rtb.generate(str(sliding_dir), "bagh-chal", "3x3", max_in_hand=-1)
    with pytest.raises(ValueError, match=r"^threads must be at least 1, not 0$"):
        rtb.generate(str(sliding_dir), "bagh-chal", "3x3", threads=0)
    rtb.generate(str(sliding_dir), "bagh-chal", "3x3", max_in_hand=0)
    sliding = rtb.open(str(sliding_dir), "bagh-chal", "3x3", seconds=None)
    searched = sliding.query("start")
    assert searched["source"] == "search" and searched["proven"]
    assert sliding.probe("start") == full.probe("start")
    assert sliding.moves("start") == full.moves("start")


def test_derived_tiers_answer_as_stored_ones(tmp_path):
    # Five Men's Morris with derive_tiers: files without values for the tiers
    # one move from stored ones, and the same answers (a draw: docs/rules.md, "The Morris family").
    full_dir, derived_dir = tmp_path / "full", tmp_path / "derived"
    rtb.generate(str(full_dir), "morris", "five", threads=2)
    rtb.generate(str(derived_dir), "morris", "five", threads=2, derive_tiers=True)

    def size(d):
        return sum(f.stat().st_size for f in d.rglob("*.rtb"))

    assert size(derived_dir) < size(full_dir) * 3 // 4
    full = rtb.open(str(full_dir), "morris", "five")
    derived = rtb.open(str(derived_dir), "morris", "five")
    assert derived.probe("start") == full.probe("start") == ("DRAW", None)
    assert derived.moves("start") == full.moves("start")
    with pytest.raises(ValueError, match="derive_tiers"):
        rtb.generate(str(tmp_path / "pangki"), "pangki", max_pieces=2, derive_tiers=True)


def test_history_applies_the_no_repetition_rule(tmp_path):
    # Bagh-Chal 3x3: five moves from FIRST come back round, and the goats'
    # best move there, b1c1, returns to FIRST: under the rule it is
    # forbidden and c2c1 is the best move allowed. Pangki has no such rule.
    rtb.generate(str(tmp_path), "bagh-chal", "3x3")
    tb = rtb.open(str(tmp_path), "bagh-chal", "3x3")
    first, cycle = "TTT/GTG/G.G t 0", ["b2b1", "c1b2", "b1c1", "b2b1", "c1b2"]
    here = tb.play(first, cycle)
    assert tb.forbids_repetition
    assert tb.best_move(here) == "b1c1"
    history = [first] + cycle
    assert tb.best_move(here, history) == "c2c1"
    assert tb.best_move(here, ",".join(history)) == "c2c1"
    ruled = tb.query(here, history)
    rows = {m["move"]: m for m in ruled["moves"]}
    assert rows["b1c1"]["forbidden"] == "repeats the first position (no position may occur twice)"
    assert rows["c2c1"]["forbidden"] is None
    assert ruled["rule"]["best_allowed"] == "c2c1"
    assert (ruled["value"], ruled["distance"]) == tb.probe(here)
    assert "forbidden" not in tb.query(here)["moves"][0]
    with pytest.raises(ValueError, match="is not legal"):
        tb.query(here, [first, "a1a3"])
    d = tmp_path / "pangki"
    rtb.generate(str(d), "pangki", max_pieces=2)
    small = rtb.open(str(d), "pangki")
    assert not small.forbids_repetition
    with pytest.raises(ValueError, match="no rule against repeated positions"):
        small.query("ww../..../..../...b b", ["ww../..../..../...b b"])


def test_rules_are_the_games_own_lines(pangki):
    # The text of rtb play's rules command (service/game_facts.hpp: rules_of):
    # "Topic: text" lines, the last how the game writes its moves.
    lines = pangki.rules.splitlines()
    assert pangki.rules.endswith("\n") and len(lines) > 2
    assert all(": " in line and line.split(": ")[0].strip() for line in lines), lines
    assert lines[-1].startswith("Moves: ")
