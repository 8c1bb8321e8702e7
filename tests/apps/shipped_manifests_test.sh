#!/usr/bin/env bash
# The manifests shipped in manifests/ (one a solved game and variant, from
# `rtb manifest`) against what this build writes: each small one (its files
# under SMALL_BYTES in all) is generated whole and checked with
# `rtb verify --manifest`, so a change of any file's bytes fails here; each
# larger one, from a long run, must at least be a manifest of a known game,
# which verify reads and finds every file of missing from an empty folder.
#   shipped_manifests_test.sh RTB SOURCE_DIR WORK_DIR
set -euo pipefail
rtb=$1 source=$2 work=$3
readonly SMALL_BYTES=2000000
rm -rf "$work"
mkdir -p "$work/empty"
checked=0 generated=0
for manifest in "$source"/manifests/*.manifest; do
  read -r magic version game variant < "$manifest"
  [[ $magic == rtb-manifest && $version == 1 ]] || { echo "$manifest: not a manifest (first line: $magic $version)"; exit 1; }
  [[ $(basename "$manifest") == "$game-$variant.manifest" ]] || { echo "$manifest: names $game $variant"; exit 1; }
  bytes=$(awk 'NR > 1 { sum += $2 } END { print sum + 0 }' "$manifest")
  checked=$((checked + 1))
  if ((bytes <= SMALL_BYTES)); then
    "$rtb" generate "$game" --variant "$variant" --all --dir "$work/tb" --threads 2 --quiet
    "$rtb" verify --manifest "$manifest" --dir "$work/tb" > "$work/out" || { cat "$work/out"; exit 1; }
    generated=$((generated + 1))
  else
    mkdir -p "$work/empty/$game-$variant"
    if "$rtb" verify --manifest "$manifest" --dir "$work/empty" > "$work/out" 2>&1; then
      echo "$manifest: an empty folder matched it"
      exit 1
    fi
    grep -q "missing" "$work/out" || { echo "$manifest:"; cat "$work/out"; exit 1; }
  fi
done
((checked > 0)) || { echo "no manifest in $source/manifests"; exit 1; }
echo "$checked manifests read, $generated generated here and matched byte for byte"
rm -rf "$work"
