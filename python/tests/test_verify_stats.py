"""rtb.verify and rtb.stats (issue 51) against facts and against the rtb
program's own `rtb verify --json` and `rtb stats --json` (RTB_BINARY, where
the build names it): one report, two front ends.

Pangki up to 3 pieces a side (tiers 2-2, 2-3, 3-2, 3-3) is generated for
the module in a temporary directory.
"""
import json
import math
import os
import shutil
import subprocess

import pytest

import rtb

SMALL_TIERS = ["2-2", "2-3", "3-2", "3-3"]


@pytest.fixture(scope="module")
def small_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("small")
    rtb.generate(d, "pangki", threads=2, max_pieces=3)
    return d


def rtb_json(*args):
    """What the rtb program prints with --json, or None without RTB_BINARY."""
    binary = os.environ.get("RTB_BINARY")
    if not binary:
        return None
    run = subprocess.run([binary, *args, "--json"], capture_output=True, text=True, check=False)
    return json.loads(run.stdout)


def test_a_small_game_is_proven_and_counted(small_dir):
    told = []
    verified = rtb.verify(small_dir, "pangki", threads=2, max_pieces=3, on_tier=told.append)
    assert verified["ok"] and verified["failures"] == 0
    assert verified["tiers_checked"] == 4
    assert [t["tier"] for t in verified["tiers"]] == SMALL_TIERS
    assert told == verified["tiers"]
    assert all(t["status"] == "ok" for t in verified["tiers"])
    assert verified["values_proven"] == sum(t["values_proven"] for t in verified["tiers"]) > 0
    # Under a memory limit that the proof fits: the same proof; under one that
    # no group fits (the program alone takes more): refused before any tier.
    limited = rtb.verify(small_dir, "pangki", threads=2, max_pieces=3, memory_limit=64 << 20)
    assert limited == verified
    refused_told = []
    with pytest.raises(RuntimeError, match="more than memory_limit 1.0 MiB; nothing was verified"):
        rtb.verify(small_dir, "pangki", threads=2, max_pieces=3, memory_limit=1 << 20, on_tier=refused_told.append)
    assert refused_told == []

    counted = []
    stats = rtb.stats(small_dir, "pangki", threads=2, tiers=",".join(SMALL_TIERS), on_tier=counted.append)
    assert [t["tier"] for t in stats["tiers"]] == SMALL_TIERS
    assert counted == stats["tiers"]
    tb = rtb.open(small_dir, "pangki")
    for row in stats["tiers"]:
        mover, other = int(row["tier"][0]), int(row["tier"][2])
        # Every position of the tier counted once: stones placed on 16 points.
        assert row["win"] + row["loss"] + row["draw"] == math.comb(16, mover) * math.comb(16 - mover, other)
        # The longest win and loss are what a probe of their positions says.
        assert tb.probe_value(row["longest_win"]["position"]) == ("WIN", row["longest_win"]["plies"])
        assert tb.probe_value(row["longest_loss"]["position"]) == ("LOSS", row["longest_loss"]["plies"])
    total = stats["total"]
    for key in ("win", "loss", "draw"):
        assert total[key] == sum(row[key] for row in stats["tiers"])
    assert total["longest_win_plies"] == max(row["longest_win"]["plies"] for row in stats["tiers"])
    # The histogram of distances sums to the counts and ends at the longest.
    for row in stats["tiers"] + [total]:
        for outcome in ("win", "loss"):
            bars = row["distances"][outcome]
            assert sum(d["positions"] for d in bars) == row[outcome]
            assert sum(d["classes"] for d in bars) == row["classes"][outcome]
            if row is total:
                assert bars[-1]["plies"] == row[f"longest_{outcome}_plies"]
            else:
                assert bars[-1]["plies"] == row[f"longest_{outcome}"]["plies"]

    # The program's JSON, field for field.
    program = rtb_json("verify", "pangki", "--dir", str(small_dir), "--max-pieces", "3", "--quiet")
    if program is not None:
        for key in ("ok", "failures", "tiers_checked", "values_proven", "tiers"):
            assert verified[key] == program[key], key
    program = rtb_json("stats", "pangki", "--dir", str(small_dir), "--max-pieces", "3")
    if program is not None:
        assert stats["tiers"] == program["tiers"]
        assert stats["total"] == program["total"]


def test_a_damaged_file_is_refused(small_dir, tmp_path):
    damaged_dir = tmp_path / "damaged"
    rtb.generate(damaged_dir, "pangki", threads=2, max_pieces=3)
    damaged = damaged_dir / "pangki-default" / "2-3.rtb"
    data = bytearray(damaged.read_bytes())
    data[-40] ^= 0x10  # inside the last block's data
    damaged.write_bytes(bytes(data))
    verified = rtb.verify(damaged_dir, "pangki", threads=2, max_pieces=3)
    assert not verified["ok"]
    status = {t["tier"]: t for t in verified["tiers"]}
    assert status["2-3"]["status"] == "failed"
    assert f"{damaged}: block 0 checksum mismatch" in status["2-3"]["message"]
    assert status["2-2"]["status"] == "ok"
    # 3-2's and 3-3's moves reach 2-3: nothing of theirs can be proven.
    assert status["3-2"]["status"] == status["3-3"]["status"] == "not_proven"
    assert verified["failures"] == 3
    with pytest.raises(RuntimeError, match="checksum mismatch") as raised:
        rtb.stats(damaged_dir, "pangki", tiers="2-2,2-3")
    assert not isinstance(raised.value, rtb.TablebaseNotFoundError)


def test_the_same_errors_as_generate_and_open(small_dir, tmp_path):
    with pytest.raises(rtb.TablebaseNotFoundError, match="rtb generate pangki") as raised:
        rtb.verify(tmp_path, "pangki")
    assert raised.value.filename == str(tmp_path / "pangki-default")
    with pytest.raises(rtb.TablebaseNotFoundError) as raised:
        rtb.stats(small_dir, "pangki", tiers="2-2,4-4")
    assert raised.value.filename == str(small_dir / "pangki-default" / "4-4.rtb")
    with pytest.raises(ValueError, match=r"^max_in_hand does not apply to pangki"):
        rtb.verify(small_dir, "pangki", max_in_hand=1)
    with pytest.raises(ValueError, match=r"^threads must be at least 1, not 0$"):
        rtb.stats(small_dir, "pangki", threads=0)
    with pytest.raises(ValueError, match="tiers is empty"):
        rtb.verify(small_dir, "pangki", tiers="")
    with pytest.raises(ValueError, match="unknown game"):
        rtb.stats(small_dir, "chess")
    with pytest.raises(TypeError, match="on_tier must be callable"):
        rtb.verify(small_dir, "pangki", max_pieces=3, on_tier=3)
    with pytest.raises(ValueError, match="memory_limit must be at least 1"):
        rtb.verify(small_dir, "pangki", max_pieces=3, memory_limit=0)


def test_what_a_callback_raises_stops_the_run(small_dir):
    seen = []

    def stop(tier):
        seen.append(tier["tier"])
        raise KeyboardInterrupt("enough")

    with pytest.raises(KeyboardInterrupt, match="enough"):
        rtb.verify(small_dir, "pangki", max_pieces=3, on_tier=stop)
    assert seen == ["2-2"]
    with pytest.raises(KeyboardInterrupt):
        rtb.stats(small_dir, "pangki", max_pieces=3, on_tier=stop)
    assert seen == ["2-2", "2-2"]


def test_a_stopped_verify_resumes(small_dir, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(small_dir, copy)
    journal = copy / "pangki-default" / "verify.journal"
    rtb.verify(copy, "pangki", max_pieces=3)
    assert not journal.exists()  # without resume nothing is written

    seen = []

    def stop_at(count):
        def stop(tier):
            seen.append(tier["tier"])
            if len(seen) == count:
                raise KeyboardInterrupt("stopped")

        return stop

    # Stopped inside the group 2-3+3-2: only 2-2's group is whole.
    with pytest.raises(KeyboardInterrupt):
        rtb.verify(copy, "pangki", max_pieces=3, resume=True, on_tier=stop_at(2))
    assert rtb.verify(copy, "pangki", max_pieces=3, resume=True, tiers="2-2,2-3")["tiers_proven_before"] == 1
    # Stopped after that group: both groups are passed over.
    seen.clear()
    journal.unlink()
    with pytest.raises(KeyboardInterrupt):
        rtb.verify(copy, "pangki", max_pieces=3, resume=True, on_tier=stop_at(3))
    assert seen == SMALL_TIERS[:3]
    resumed = rtb.verify(copy, "pangki", max_pieces=3, resume=True)
    assert resumed["ok"] and resumed["journal_problem"] == ""
    assert resumed["tiers_proven_before"] == 3
    earlier = [t["tier"] for t in resumed["tiers"] if "proven by an earlier run" in t["message"]]
    assert earlier == SMALL_TIERS[:3]
    again = rtb.verify(copy, "pangki", max_pieces=3, resume=True)
    assert again["tiers_proven_before"] == 4
    assert again["values_proven"] == resumed["values_proven"] > 0
    program = rtb_json("verify", "pangki", "--dir", str(copy), "--max-pieces", "3", "--quiet", "--resume")
    if program is not None:
        for key in ("ok", "failures", "tiers_checked", "values_proven", "tiers_proven_before", "tiers"):
            assert again[key] == program[key], key
