#!/usr/bin/env bash
# Tier groups split across MPI processes (`mpirun -np N rtb generate
# --split-groups`, solver/slot_share.hpp) against a one-process run: every
# tier file must come out byte-identical on 2 and 3 processes, for games of
# each kind the split walks (moves taken back by the game: Crossings, the
# Morris family, the Bagh-Chal sliding phase; Five Men's Morris's placement
# tiers, solved in one pass, are split too), and the report must say that
# groups were split and updates sent.
# Usage: mpi_split_test.sh RTB MPIRUN WORKDIR
set -euo pipefail
rtb=$1 mpirun=$2 work=$3
source "$(dirname "$0")/mpi_test_common.sh"
games=("crossings --variant 4x4" "morris --variant five" "bagh-chal --variant 4x4")

for game in "${games[@]}"; do "$rtb" generate $game --dir "$work/one" --threads 2 -q; done
files=$(find "$work/one" -name '*.rtb' | wc -l)
for ranks in 2 3; do
  for game in "${games[@]}"; do
    "$mpirun" --oversubscribe --bind-to none -np "$ranks" "$rtb" generate $game --dir "$work/np$ranks" --threads 1 -q \
      --split-groups | tee "$work/np$ranks.out"
    grep -q "tier groups split across the $ranks processes; their walks sent [1-9][0-9]* bytes" "$work/np$ranks.out" ||
      fail "$game: no group was split across $ranks processes, or none sent an update"
  done
  diff <(digests "$work/one") <(digests "$work/np$ranks") || fail "$ranks processes wrote other bytes than 1"
  echo "$files tier files identical on 1 and $ranks processes"
done
# Kill one rank once a few files exist (every group of Crossings 4x4 is
# split, so the job is inside one), then run again.
tiers="$work/killed/crossings-4x4"
kill_a_rank "$tiers" 4 "$work/killed.out" "$work/killed.err" "$mpirun" --oversubscribe --bind-to none -np 3 \
  "$rtb" generate crossings --variant 4x4 --dir "$work/killed" --threads 1 -q --split-groups
echo "killed rank process $victim with $left of 16 files written"
[ "$left" -lt 16 ] || fail "the run finished before the kill; nothing was tested"
# Every file under a real name is whole (the one-process run's bytes).
for file in $(cd "$tiers" && find . -name '*.rtb'); do
  cmp -s "$tiers/$file" "$work/one/crossings-4x4/$file" || fail "$file was left half-written or wrong by the killed run"
done
"$mpirun" --oversubscribe --bind-to none -np 3 "$rtb" generate crossings --variant 4x4 --dir "$work/killed" \
  --threads 1 -q --split-groups | tee "$work/rerun.out"
grep -q " [1-9][0-9]* already complete" "$work/rerun.out" || fail "the rerun did not resume from the complete files"
[ -z "$(find "$tiers" -name '*.tmp')" ] || fail "temporaries survived the rerun"
diff <(digests "$work/one/crossings-4x4") <(digests "$tiers") || fail "the killed and resumed run wrote other bytes"
echo "PASS"
