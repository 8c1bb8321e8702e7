#!/usr/bin/env bash
# `mpirun -np 3 rtb generate` against a one-process run: Bagh-Chal 4x4 and
# Cinc camins up to 4 pieces a side must come out byte-identical, and so must
# a run of which one process is killed mid-way and which is then run again
# (its stale temporaries swept). Rank 0 holds the directory's lock, --json
# works, and a launcher's variable alone does not start MPI mode.
# Usage: mpi_generate_test.sh RTB MPIRUN WORKDIR
set -euo pipefail
rtb=$1 mpirun=$2 work=$3
source "$(dirname "$0")/mpi_test_common.sh"
mpi() { "$mpirun" --oversubscribe --bind-to none -np 3 "$rtb" "$@"; }
same() { diff <(digests "$1") <(digests "$2") > /dev/null; }
games=("bagh-chal --variant 4x4" "cinc-camins --max-pieces 4")

# The reference: one process (no mpirun at all).
for game in "${games[@]}"; do "$rtb" generate $game --dir "$work/one" --threads 2 -q; done

# Three processes.
for game in "${games[@]}"; do
  mpi generate $game --dir "$work/three" --threads 1 -q | tee "$work/three.out"
  grep -q "with 3 MPI processes" "$work/three.out" || fail "rank 0 did not report 3 processes"
done
same "$work/one" "$work/three" || fail "3 processes wrote other bytes than 1"
files=$(find "$work/one" -name '*.rtb' | wc -l)
[ "$files" -eq 88 ] || fail "expected 72 + 16 tier files, got $files"

# Kill one worker once a few files exist, then run again: the rerun must
# resume (skip what was complete) and end byte-identical.
tiers="$work/killed/cinc-camins-default"
kill_a_rank "$tiers" 3 "$work/killed.out" "$work/killed.err" "$mpirun" --oversubscribe --bind-to none -np 3 \
  "$rtb" generate cinc-camins --max-pieces 4 --dir "$work/killed" --threads 1 -q
echo "killed rank process $victim with $left of 16 files written; stderr said:"
cat "$work/killed.err"
# mpirun names the rank that died; rank 0's list of the groups in flight is
# best effort (mpirun may stop forwarding its output first), so not required.
grep -q "rank [0-9]" "$work/killed.err" || fail "no message named the rank that died"
[ "$left" -lt 16 ] || fail "the run finished before the kill; nothing was tested"
# A partial temporary as a killed writer leaves one: rank 0 sweeps it before
# it hands out any group (issue 28, item 10).
printf 'half a file' > "$tiers/3-3.rtb.99999.tmp"
mpi generate cinc-camins --max-pieces 4 --dir "$work/killed" --threads 1 -q | tee "$work/rerun.out"
leftover=$(find "$tiers" -name '*.tmp')
[ -z "$leftover" ] || fail "temporaries survived the MPI resume: $leftover"
grep -q " [1-9][0-9]* already complete" "$work/rerun.out" || fail "the rerun did not resume from the complete files"
same "$work/one/cinc-camins-default" "$tiers" || fail "the killed and resumed run wrote other bytes"
# While another generate holds the directory's lock, an MPI run is refused
# by rank 0 before any group is handed out, and writes nothing.
mkdir -p "$work/busy/bagh-chal-4x4"
exec 9> "$work/busy/bagh-chal-4x4/.lock"
flock -n 9 || fail "could not take the test's own lock"
if mpi generate bagh-chal --variant 4x4 --dir "$work/busy" --threads 1 -q > "$work/busy.out" 2> "$work/busy.err"; then
  fail "an MPI generate ran while another held the directory"
fi
grep -q "another rtb generate" "$work/busy.err" || { cat "$work/busy.err"; fail "the refusal did not say why"; }
[ -z "$(find "$work/busy" -name '*.rtb')" ] || fail "the refused MPI run wrote files"
exec 9>&-

# --json: rank 0 prints one object, with the number of processes.
mpi generate bagh-chal --variant 4x4 --dir "$work/three" --threads 1 -q --json > "$work/json.out"
python3 -c 'import json, sys
report = json.load(open(sys.argv[1]))
assert report["format"] == 1 and report["processes"] == 3, report
assert report["groups_skipped"] > 0 and report["groups_solved"] == 0, report' "$work/json.out" ||
  { cat "$work/json.out"; fail "--json under mpirun"; }

# A launcher's size variable alone (left in a shell) is not mpirun: a plain run.
OMPI_COMM_WORLD_SIZE=3 PMI_SIZE=3 "$rtb" generate pangki --max-pieces 2 --dir "$work/plain" --threads 1 -q \
  > "$work/plain.out"
grep -q "MPI processes" "$work/plain.out" && fail "OMPI_COMM_WORLD_SIZE alone started MPI mode"
grep -q "with 1 thread" "$work/plain.out" || fail "the plain run did not report: $(cat "$work/plain.out")"
echo "PASS"
