#!/usr/bin/env python3
"""The Crossings atlas: solve, verify and tabulate every board that fits.

For each board (default: every published-rules board CxR with C, R in 3..8
and at most 32 squares), in order of size:

  1. `rtb generate --plan`: a board whose peak is above the memory limit is
     listed with the plan's figure and not run;
  2. `rtb generate` under /usr/bin/time -v (it resumes where a killed run
     stopped; each run's CPU, wall and peak are kept, so a board solved over
     several runs shows their sums and the largest peak);
  3. `rtb verify`, once (its result is kept);
  4. `rtb stats --json`, `rtb query start --json` and the disk size.

What each board gave is kept in DIR/atlas/BOARD.json, so the script may be
stopped and run again; --table prints the markdown table of what is there
without running anything.

  scripts/crossings_atlas.py --dir /work/tb-atlas [--boards 3x3,5x6] [--threads 2]
  scripts/crossings_atlas.py --dir /work/tb-atlas --seed     # the seed reading's boards
  scripts/crossings_atlas.py --dir /work/tb-atlas --table    # the table only

A board generated outside the script (same DIR) is taken as it is: its
record then has no run, and the table shows "-" for its times.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

PUBLISHED = [f"{c}x{r}" for c in range(3, 9) for r in range(3, 9) if c * r <= 32 and (c, r) != (8, 8)]


def run(cmd, log=None):
    """Runs cmd; returns (exit code, stdout, stderr)."""
    p = subprocess.run(cmd, capture_output=True, text=True)
    if log:
        with open(log, "a") as f:
            f.write(f"$ {' '.join(cmd)}\n{p.stdout}{p.stderr}\n")
    return p.returncode, p.stdout, p.stderr


def timed(cmd, log):
    """Runs cmd under /usr/bin/time -v: (exit code, stdout, figures)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        code, out, err = run(["/usr/bin/time", "-v", "-o", t.name] + cmd, log)
        return code, out, parse_time(t.read()), err


def parse_time(text):
    """CPU seconds (user + system), wall seconds and peak MiB from time -v."""
    fig = {}
    for line in text.splitlines():
        key, _, value = line.strip().rpartition(": ")
        if key == "User time (seconds)":
            fig["user"] = float(value)
        elif key == "System time (seconds)":
            fig["system"] = float(value)
        elif key == "Maximum resident set size (kbytes)":
            fig["peak_mib"] = int(value) / 1024
        elif key.startswith("Elapsed (wall clock) time"):
            wall = 0.0
            for part in value.split(":"):
                wall = wall * 60 + float(part)
            fig["wall"] = wall
    if fig:
        fig["cpu"] = fig.get("user", 0) + fig.get("system", 0)
    return fig


def du_bytes(path):
    total = 0
    for root, _, files in os.walk(path):
        for name in files:
            if name.endswith(".rtb"):
                total += os.path.getsize(os.path.join(root, name))
    return total


def physical_memory():
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def plan_peak_mib(rtb, board, d):
    code, out, err = run([rtb, "generate", "crossings", "--variant", board, "--plan", "--dir", d])
    if code != 0:
        return None, (err or out).strip()
    m = re.search(r"peak memory ([0-9.]+) MiB \(group ([^)]+)\)", out)
    if not m:
        return 0.0, ""
    return float(m.group(1)), m.group(2)


def solve_board(args, board):
    d = args.dir
    os.makedirs(os.path.join(d, "atlas"), exist_ok=True)
    path = os.path.join(d, "atlas", board + ".json")
    rec = json.load(open(path)) if os.path.exists(path) else {"board": board, "runs": []}
    log = os.path.join(d, "atlas", board + ".log")
    peak, group = plan_peak_mib(args.rtb, board, d)
    if peak is None:
        rec["refused"] = group
        json.dump(rec, open(path, "w"), indent=1)
        return rec
    # A board solved already plans nothing: its record keeps the plan it ran under.
    if group or "plan_peak_mib" not in rec:
        rec["plan_peak_mib"], rec["plan_group"] = peak, group
    limit = args.memory_limit_mib or physical_memory() / 2**20
    if peak > limit and not rec.get("complete"):
        rec["does_not_fit"] = True
        json.dump(rec, open(path, "w"), indent=1)
        print(f"{board}: does not fit (plan {peak:.0f} MiB for group {group})", flush=True)
        return rec
    if not rec.get("complete"):
        print(f"{board}: generating (plan {peak:.0f} MiB)", flush=True)
        code, out, fig, err = timed([args.rtb, "generate", "crossings", "--variant", board, "--dir", d,
                                     "--threads", str(args.threads), "--quiet", "--json"], log)
        if code != 0:
            print(f"{board}: generate failed: {err.strip()}", file=sys.stderr)
            return rec
        report = json.loads(out)
        if report["groups_solved"] > 0:
            fig.update(groups_solved=report["groups_solved"], groups_skipped=report["groups_skipped"],
                       slots_solved=report["slots_solved"], threads=args.threads, when=time.strftime("%F %T"))
            rec["runs"].append(fig)
        rec["complete"] = True
        json.dump(rec, open(path, "w"), indent=1)
    if not rec.get("verify") and not args.skip_verify:
        print(f"{board}: verifying", flush=True)
        code, out, fig, _ = timed([args.rtb, "verify", "crossings", "--variant", board, "--dir", d,
                                   "--threads", str(args.threads), "--json"], log)
        v = json.loads(out) if out.strip().startswith("{") else {"ok": False}
        rec["verify"] = {"ok": bool(v.get("ok")) and code == 0, "values_proven": v.get("values_proven"), **fig}
        json.dump(rec, open(path, "w"), indent=1)
    _, out, _ = run([args.rtb, "stats", "crossings", "--variant", board, "--dir", d, "--json",
                     "--threads", str(args.threads)])
    rec["stats"] = json.loads(out)["total"]
    longest = None
    for tier in json.loads(out)["tiers"]:
        lw = tier.get("longest_win")
        if lw and (longest is None or lw["plies"] > longest["plies"]):
            longest = lw
    rec["longest_win"] = longest
    _, out, _ = run([args.rtb, "query", "crossings", "start", "--variant", board, "--dir", d, "--json"])
    rec["start"] = json.loads(out)
    rec["disk_bytes"] = du_bytes(os.path.join(d, "crossings-" + board))
    json.dump(rec, open(path, "w"), indent=1)
    print(f"{board}: {value_text(rec['start'])}", flush=True)
    return rec


def value_text(q):
    v = q.get("value", "?")
    return v if q.get("distance") is None else f"{v} in {q['distance']}"


def first_moves(q):
    """The first moves grouped by value, best first: 'a1b2, c1c2 win in 5; ...'."""
    groups = {}
    order = []
    for m in q.get("moves", []):
        key = (m["value"], m.get("distance"))
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(m["move"])
    parts = []
    for value, dist in order:
        moves = groups[(value, dist)]
        # A move's value is the mover's: WIN in d plies from the start.
        verb = {"WIN": "win", "LOSS": "lose", "DRAW": "draw"}[value]
        text = ", ".join(moves) if len(moves) <= 6 else f"{len(moves)} moves"
        parts.append(f"{text} {verb}" + (f" in {dist}" if dist is not None else ""))
    return "; ".join(parts)


def seconds_text(s):
    return f"{s:.1f} s" if s < 120 else f"{s / 60:.1f} min" if s < 7200 else f"{s / 3600:.2f} h"


def bytes_text(b):
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if b >= size:
            return f"{b / size:,.1f} {unit}"
    return f"{b} B"


def table(args, boards):
    print("| board | start | first moves | WIN | LOSS | DRAW | longest win | wall | CPU-s | peak | disk | verify |")
    print("| --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |")
    for b in boards:
        path = os.path.join(args.dir, "atlas", b + ".json")
        if not os.path.exists(path):
            continue
        r = json.load(open(path))
        if r.get("does_not_fit") or r.get("refused"):
            why = r.get("refused") or f"does not fit: `--plan` {r['plan_peak_mib'] / 1024:.1f} GiB (group {r['plan_group']})"
            print(f"| {b} | not solved | {why} | | | | | | | | | |")
            continue
        if "start" not in r:
            continue
        s = r["stats"]
        lw = r.get("longest_win") or {}
        runs = r.get("runs", [])
        wall = sum(x.get("wall", 0) for x in runs)
        cpu = sum(x.get("cpu", 0) for x in runs)
        peak = max((x.get("peak_mib", 0) for x in runs), default=0)
        walls = seconds_text(wall) if runs else "-"
        note = f" ({len(runs)} runs)" if len(runs) > 1 else ""
        v = r.get("verify", {})
        ok = "ok" if v.get("ok") else "FAILED" if v else "not run"
        print(f"| {b} | {value_text(r['start'])} | {first_moves(r['start'])} | {s['win']:,} | {s['loss']:,} | "
              f"{s['draw']:,} | {lw.get('plies', '-')}, `{lw.get('position', '')}` | {walls}{note} | "
              f"{cpu:,.1f} | {bytes_text(peak * 2**20)} | {bytes_text(r['disk_bytes'])} | {ok} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rtb", default=os.path.join(os.path.dirname(__file__), "..", "build", "bin", "rtb"))
    ap.add_argument("--dir", required=True, help="tablebase directory (the atlas's records go to DIR/atlas)")
    ap.add_argument("--boards", help="comma-separated boards (default: every published-rules board)")
    ap.add_argument("--seed", action="store_true", help="the seed reading's boards (seed-CxR)")
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--memory-limit-mib", type=float, help="skip boards whose plan needs more (default: the machine's)")
    ap.add_argument("--table", action="store_true", help="print the table of what is there; run nothing")
    ap.add_argument("--skip-verify", action="store_true", help="leave rtb verify for a later run (the table says so)")
    args = ap.parse_args()
    if not os.access("/usr/bin/time", os.X_OK):
        sys.exit("needs GNU time at /usr/bin/time (apt-get install time)")
    boards = args.boards.split(",") if args.boards else PUBLISHED
    if args.seed:
        boards = [b if b.startswith("seed-") else "seed-" + b for b in boards]
    def squares(board):
        columns, rows = board.replace("seed-", "").split("x")
        return int(columns) * int(rows)

    boards.sort(key=lambda b: (squares(b), b))
    if not args.table:
        for b in boards:
            solve_board(args, b)
    table(args, boards)


if __name__ == "__main__":
    main()
