#!/usr/bin/env bash
# N random Pangki positions answered by one `rtb query --batch` process against
# N separate `rtb query --json` processes; prints both times and their ratio,
# and checks that both give the same answers.
# Usage: benchmarks/batch_query.sh RTB DIR [N]   (DIR holds the whole of Pangki: rtb generate pangki --dir DIR)
set -euo pipefail
rtb=${1:?path to rtb} dir=${2:?tablebase dir} count=${3:-10000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$(dirname "$0")/random_pangki_positions.py" "$count" > "$work/positions"
"$rtb" query pangki start --dir "$dir" > /dev/null  # files into the page cache

start=$(date +%s.%N)
"$rtb" query pangki --batch --dir "$dir" < "$work/positions" > "$work/batch.jsonl"
batch=$(echo "$(date +%s.%N) - $start" | bc -l)

start=$(date +%s.%N)
while IFS= read -r position; do
  "$rtb" query pangki "$position" --dir "$dir" --json
done < "$work/positions" > "$work/separate.json"
separate=$(echo "$(date +%s.%N) - $start" | bc -l)

# The same answers (the batch lines carry the input as well).
python3 - "$work/batch.jsonl" "$work/separate.json" <<'PY'
import json, sys
batch = [json.loads(line) for line in open(sys.argv[1])]
text, separate, at = open(sys.argv[2]).read(), [], 0
while text[at:].strip():
    value, at = json.JSONDecoder().raw_decode(text, text.index("{", at))
    separate.append(value)
for b in batch:
    del b["input"]
assert batch == separate, "the batch and the separate processes disagree"
PY
printf '%d positions: one batch process %.2f s (%.1f us a position); %d processes %.1f s (%.2f ms each); ratio %.0fx\n' \
  "$count" "$batch" "$(echo "$batch * 1000000 / $count" | bc -l)" "$count" "$separate" \
  "$(echo "$separate * 1000 / $count" | bc -l)" "$(echo "$separate / $batch" | bc -l)"
