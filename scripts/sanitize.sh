#!/usr/bin/env bash
# Builds rtb and its fast tests with AddressSanitizer and
# UndefinedBehaviorSanitizer (RTB_SANITIZE, apart from the main build) and
# runs them: the file and rules tests, the conformance battery that every
# game passes, the Morris family's tests, and the program's defences against
# bad input (whose rtb children are sanitized too: their reports land in
# files, checked after each program). Any report fails the run. Not the long
# solves.
#   scripts/sanitize.sh BUILD_DIR
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$(mkdir -p "$1" && cd "$1" && pwd)/sanitize"
tests=(tablebase_file_test line_capture_index_test bagh_chal_test line_capture_rules_test perft_test
       cli_position_text_test hardening_cli_test game_conformance_test morris_test morabaraba_lasker_test
       morris_solved_test crossings_test crossings_seed_test blockade_test)
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# -O1: GCC compiles the engine's templates with UBSan's checks at -O3 in
# about 3.5 times the time it takes at -O1 (cmd_generate.cpp: 488 against 136
# CPU-s), which made this build most of CI's time; the checks are the same.
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
  -DRTB_SANITIZE=ON -DRTB_BENCHMARKS=OFF "${launcher[@]}" \
  > "$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j2 --target rtb "${tests[@]}" > "$build.build.log" 2>&1 || { tail -50 "$build.build.log"; exit 1; }
reports="$build/reports"
rm -rf "$reports" && mkdir -p "$reports"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:log_path=$reports/asan
# The conformance battery's solves on groups of up to 2^16 slots, not 2^18:
# every walk of every game folder still runs (the larger Morris boards' own
# tests run here too), in a quarter of the time; the main build runs it whole.
export RTB_CONFORMANCE_SOLVE_SLOTS=65536
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:log_path=$reports/ubsan OMP_WAIT_POLICY=PASSIVE
logs=$build
status=0
# shellcheck source=scripts/sanitizer_step.sh
source "$root/scripts/sanitizer_step.sh"
for t in "${tests[@]}"; do
  sanitizer_step "$t" "$build/tests/$t" --gtest_brief=1
done
exit $status
