#!/usr/bin/env bash
# Long test: solves Cinc camins whole with the rtb program, checks the start
# against the known result (a draw, every first move a draw: docs/results.md)
# and proves every stored value with verify; its files must be those of the
# manifest shipped in manifests/, byte for byte.
#   cinc_camins_whole_test.sh RTB WORK_DIR SOURCE_DIR
set -euo pipefail
rtb=$1 work=$2 source=$3
rm -rf "$work"
mkdir -p "$work"
"$rtb" generate cinc-camins --dir "$work" --threads 2 --quiet
start=$("$rtb" query cinc-camins start --dir "$work" --json)
python3 - "$start" <<'PY'
import json, sys
q = json.loads(sys.argv[1])
assert q["value"] == "DRAW", q["value"]
assert len(q["moves"]) == 5 and all(m["value"] == "DRAW" for m in q["moves"]), q["moves"]
print("start: DRAW, all 5 first moves DRAW")
PY
"$rtb" verify cinc-camins --dir "$work" --threads 2
"$rtb" verify --manifest "$source/manifests/cinc-camins-default.manifest" --dir "$work"
rm -rf "$work"
