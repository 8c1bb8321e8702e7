#!/usr/bin/env bash
# The byte-identity set: generates, with the rtb program RTB, the tablebases
# that a change not meant to change results must leave byte-identical
# (Pangki both variants, Cinc camins to 4 a side, Bagh-Chal 3x3, 4x4 and
# 4x4-nodiag whole and 5x5's sliding phase, Crossings 4x4 and 4x5, seed-3x3:
# 278 files, about a minute on 2 cores) into DIR, and writes the sha256 of
# every tier file to DIR.sha256. Run it with the build before and after a
# change and compare: cmp OLD.sha256 NEW.sha256. Options after DIR go to
# every generate (e.g. --walk lean, to check that walk against the other;
# --zstd-level 9 --zstd-own-matches to compare with files of rtb 0.12).
#   scripts/tablebase_sha256.sh RTB DIR [GENERATE OPTION...]
set -euo pipefail
rtb=$1 out=$2
shift 2
extra=("$@")
mkdir -p "$out"
gen() { "$rtb" generate "$@" --dir "$out" --quiet "${extra[@]}"; }
gen pangki
gen pangki --variant arrival
gen cinc-camins --max-pieces 4
gen bagh-chal --variant 3x3 --all
gen bagh-chal --variant 4x4 --all
gen bagh-chal --variant 4x4-nodiag --all
gen bagh-chal
gen crossings --variant 4x4
gen crossings --variant 4x5
gen crossings --variant seed-3x3
(cd "$out" && find . -type f -name '*.rtb' | sort | xargs sha256sum) > "$out.sha256"
echo "$(wc -l < "$out.sha256") tier files; sha256 list in $out.sha256"
