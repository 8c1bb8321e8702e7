#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ with clang (apart from the main build)
# and runs each for a bounded time from the committed seed corpus.
#   scripts/fuzz.sh BUILD_DIR [SECONDS_PER_TARGET]
# Exits 77 (ctest: skipped) when clang++ is not installed, 1 on a finding
# (the crashing input is left in BUILD_DIR/fuzz/findings/TARGET/).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$(mkdir -p "$1" && cd "$1" && pwd)/fuzz"
seconds="${2:-25}"
if ! command -v clang++ > /dev/null; then
  echo "fuzz: SKIPPED: clang++ is not installed (scripts/setup.sh installs it)"
  exit 77
fi
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$root/fuzz" -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" > "$build.configure.log" 2>&1 ||
  { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j2 > "$build.build.log" 2>&1 || { tail -50 "$build.build.log"; exit 1; }
# Seeds: every game's start and playouts (written from the registry, so a
# new game has seeds at once), saved walks written by the writer, and the
# committed tier files.
seeds="$build/seeds"
rm -rf "$seeds" && mkdir -p "$seeds/tier_file"
"$build/write_seeds" "$seeds/position_text" "$seeds/walk_file" || { echo "fuzz: write_seeds failed"; exit 1; }
cp "$root"/fuzz/corpus/tier_file/* "$seeds/tier_file/"
status=0
for target in position_text_fuzz tier_file_fuzz walk_file_fuzz; do
  corpus="$seeds/${target%_fuzz}"
  work="$build/corpus/$target"        # new inputs go here, not into the repository
  findings="$build/findings/$target"
  mkdir -p "$work" "$findings"
  start=$(date +%s)
  if "$build/$target" -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 -timeout=60 \
       -artifact_prefix="$findings/" -print_final_stats=1 "$work" "$corpus" > "$build/$target.log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$build/$target.log" | grep -o '[0-9]*$' || echo '?')
    echo "fuzz: $target ran $(( $(date +%s) - start )) s, $runs inputs, no finding"
  else
    echo "fuzz: $target FOUND A FAULT (input in $findings):"
    grep -E 'ERROR|SUMMARY|runtime error' "$build/$target.log" | head -20
    status=1
  fi
done
exit $status
