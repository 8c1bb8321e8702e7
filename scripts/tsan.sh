#!/usr/bin/env bash
# Builds rtb and its threaded tests with ThreadSanitizer (RTB_SANITIZE_THREAD,
# with clang, apart from the main build) and runs, under it, what shares
# memory between threads: threaded generates through every walk, verify and
# stats, concurrent probes through the library, and the server answering many
# clients at once (its tests start this build's rtb). Any report fails the run.
#   scripts/tsan.sh BUILD_DIR
# Exits 77 (ctest: skipped) without clang++ or LLVM's OpenMP runtime.
#
# Why clang: the engine's loops are OpenMP, and only LLVM's runtime (libomp)
# tells ThreadSanitizer what its barriers and reductions order (through the
# Archer tool, which it loads by itself); under GCC's libgomp every parallel
# loop would be reported. A planted race is run first, so that a run that
# reports nothing means something.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$(mkdir -p "$1" && cd "$1" && pwd)/tsan"
if ! command -v clang++ > /dev/null; then
  echo "tsan: SKIPPED: clang++ is not installed (scripts/setup.sh installs it)"
  exit 77
fi
reports="$build/reports"
rm -rf "$reports" "$build/work"
mkdir -p "$reports" "$build/work"
# ignore_noninstrumented_modules: races inside libraries built without
# TSan (libomp's own bookkeeping, zstd) are not ours to see.
export TSAN_OPTIONS="ignore_noninstrumented_modules=1 log_path=$reports/tsan second_deadlock_stack=1"
export OMP_WAIT_POLICY=PASSIVE OMP_NUM_THREADS=2 RTB_TESTS_UNDER_SANITIZER=1

# 1. The planted race: ThreadSanitizer and the OpenMP runtime must see it.
planted="$build/planted_race"
if ! clang++ -O1 -g -fopenmp -fsanitize=thread "$root/tests/support/tsan_planted_race.cpp" -o "$planted" \
       > "$build.planted.log" 2>&1; then
  if grep -q "omp.h\|-lomp\|libomp" "$build.planted.log"; then
    echo "tsan: SKIPPED: clang's OpenMP runtime is not installed (libomp-dev)"
    exit 77
  fi
  cat "$build.planted.log"
  exit 1
fi
"$planted" > /dev/null 2>&1 || true
race_line=$(grep -n '++unguarded' "$root/tests/support/tsan_planted_race.cpp" | cut -d: -f1)
if ! grep -qs "SUMMARY: ThreadSanitizer: data race .*tsan_planted_race.cpp:$race_line:" "$reports"/tsan.*; then
  echo "tsan: FAILED: the planted race was not reported, so a silent run would prove nothing"
  exit 1
fi
if grep -hs "SUMMARY: ThreadSanitizer" "$reports"/tsan.* | grep -qv "tsan_planted_race.cpp:$race_line:"; then
  echo "tsan: FAILED: a race-free OpenMP reduction was reported (is the OpenMP runtime LLVM's?):"
  grep -hs "SUMMARY: ThreadSanitizer" "$reports"/tsan.*
  exit 1
fi
rm -f "$reports"/tsan.*

# 2. The build.
tests=(library_test tablebase_file_test search_test serve_load_test serve_hardening_test explorer_api_test)
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# -O1 -g: clang compiles with ThreadSanitizer at -O1 in half the time of
# RelWithDebInfo's -O2 (cmd_generate.cpp: 55 against 116 CPU-s); the
# accesses it checks are the same.
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g -DNDEBUG" \
  -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang \
  -DRTB_SANITIZE_THREAD=ON -DRTB_BENCHMARKS=OFF -DRTB_PYTHON=OFF "${launcher[@]}" > "$build.configure.log" 2>&1 ||
  { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j2 --target rtb "${tests[@]}" > "$build.build.log" 2>&1 || { tail -50 "$build.build.log"; exit 1; }

logs=$build/work
status=0
# shellcheck source=scripts/sanitizer_step.sh
source "$root/scripts/sanitizer_step.sh"

# 3. Threaded solves, one for each way of walking a group, then their checks.
rtb="$build/bin/rtb"
tb="$build/work/tb"
solve() { "$rtb" generate "$@" --threads 2 --quiet; }
sanitizer_step generate-byte-walk solve crossings --variant 4x4 --dir "$tb/byte"
sanitizer_step generate-lean-walk solve crossings --variant 4x4 --walk lean --dir "$tb/lean"
sanitizer_step generate-list-walk solve pangki --max-pieces 4 --walk lists --dir "$tb/lists"
sanitizer_step generate-table-walk solve crossings --variant seed-3x3 --dir "$tb/table"
sanitizer_step generate-forward-walk solve crossings --variant seed-3x3 --walk forward --dir "$tb/forward"
sanitizer_step generate-one-pass solve bagh-chal --variant 4x4 --all --dir "$tb/byte"
sanitizer_step generate-derived solve morris --variant six --all --derive-tiers --dir "$tb/byte"
for game in "crossings --variant 4x4" "bagh-chal --variant 4x4 --all" "morris --variant six --all"; do
  name=${game// /}
  # shellcheck disable=SC2086 # the game's words are meant to split
  sanitizer_step "verify${name//-/}" "$rtb" verify $game --dir "$tb/byte" --threads 2
  # shellcheck disable=SC2086
  sanitizer_step "stats${name//-/}" "$rtb" stats $game --dir "$tb/byte" --threads 2
done

# 4. Concurrent probes: the library's threads, the files' readers, the
# search's cancel, the server under many clients (its tests start $rtb).
sanitizer_step library_test "$build/tests/library_test" --gtest_brief=1 \
  --gtest_filter='LibraryProbe.*:LibraryVerifyAndStats.*:LibraryGenerate.DerivedTiers*'
for t in tablebase_file_test search_test serve_load_test serve_hardening_test explorer_api_test; do
  sanitizer_step "$t" "$build/tests/$t" --gtest_brief=1
done
exit $status
