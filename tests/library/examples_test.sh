#!/usr/bin/env bash
# The examples that verify and count a game (examples/verify_and_count.cpp
# and .py), run on a small game that the rtb program generates: each prints
# what `rtb verify` prints for every tier, the totals of `rtb stats --json`,
# and fails (exit 1) on a damaged file.
# Arguments: RTB EXAMPLE_BINARY PYTHON PYTHONPATH EXAMPLES_DIR WORK_DIR
set -euo pipefail
rtb=$1 example=$2 python=$3 pythonpath=$4 examples=$5 work=$6
rm -rf "$work"
mkdir -p "$work"
game=(crossings 3x3)
"$rtb" generate "${game[0]}" --variant "${game[1]}" --dir "$work/tb" --quiet > /dev/null
"$rtb" verify "${game[0]}" --variant "${game[1]}" --dir "$work/tb" --quiet > "$work/rtb-verify.txt"
stats=$("$rtb" stats "${game[0]}" --variant "${game[1]}" --dir "$work/tb" --json)
total() { echo "$stats" | "$python" -c "import json, sys; print(json.load(sys.stdin)['total']$1)"; }
win=$(total "['win']") loss=$(total "['loss']") draw=$(total "['draw']") longest=$(total "['longest_win_plies']")
{
  grep '^tier ' "$work/rtb-verify.txt"
  sed -n 's/^verify .*: \(all .*\)$/\1/p' "$work/rtb-verify.txt"
  echo "$((win + loss + draw)) positions: $win WIN, $loss LOSS, $draw DRAW; longest win $longest plies"
} > "$work/expected.txt"
[ "$(wc -l < "$work/expected.txt")" -eq 11 ] || { cat "$work/expected.txt"; echo "rtb verify's output changed"; exit 1; }

run_example() {  # NAME COMMAND...: its output must be the expected text
  local name=$1
  shift
  "$@" "$work/tb" "${game[@]}" > "$work/$name.txt" || { echo "$name failed"; exit 1; }
  diff "$work/expected.txt" "$work/$name.txt" || { echo "$name printed otherwise than rtb"; exit 1; }
}
run_example cpp "$example"
run_example python env PYTHONPATH="$pythonpath" "$python" "$examples/verify_and_count.py"

# A damaged block: both refuse it, naming the file.
file=$work/tb/crossings-3x3/2-2.rtb
"$python" -c "
import sys; p = sys.argv[1]; b = bytearray(open(p, 'rb').read()); b[-20] ^= 0x10; open(p, 'wb').write(b)" "$file"
for name in cpp python; do
  if [ $name = cpp ]; then command=("$example"); else command=(env PYTHONPATH="$pythonpath" "$python" "$examples/verify_and_count.py"); fi
  set +e
  "${command[@]}" "$work/tb" "${game[@]}" > "$work/$name-damaged.txt"
  status=$?
  set -e
  [ $status -eq 1 ] || { echo "$name on a damaged file: exit $status, expected 1"; exit 1; }
  grep -q "^tier 2-2: FAILED: $file: block 0 checksum mismatch" "$work/$name-damaged.txt" ||
    { cat "$work/$name-damaged.txt"; echo "$name did not name the damaged file"; exit 1; }
  grep -q "tiers FAILED$" "$work/$name-damaged.txt" || { echo "$name did not say it failed"; exit 1; }
done
echo "examples: ok"
