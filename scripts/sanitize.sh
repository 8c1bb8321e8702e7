#!/usr/bin/env bash
# Builds rtb and its fast tests with AddressSanitizer and
# UndefinedBehaviorSanitizer (RTB_SANITIZE, apart from the main build) and
# runs them; any report fails the run. Not the long solves.
#   scripts/sanitize.sh BUILD_DIR
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$(mkdir -p "$1" && cd "$1" && pwd)/sanitize"
tests=(tablebase_file_test line_capture_index_test bagh_chal_test line_capture_rules_test perft_test
       cli_position_text_test hardening_cli_test)
launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DRTB_SANITIZE=ON -DRTB_BENCHMARKS=OFF "${launcher[@]}" \
  > "$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
cmake --build "$build" -j2 --target rtb "${tests[@]}" > "$build.build.log" 2>&1 || { tail -50 "$build.build.log"; exit 1; }
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 OMP_WAIT_POLICY=PASSIVE
status=0
for t in "${tests[@]}"; do
  start=$(date +%s)
  if "$build/tests/$t" --gtest_brief=1 > "$build/$t.log" 2>&1; then
    echo "sanitize: $t passed ($(( $(date +%s) - start )) s)"
  else
    echo "sanitize: $t FAILED:"
    grep -E 'ERROR: AddressSanitizer|runtime error|SUMMARY|FAILED' "$build/$t.log" | head -20
    status=1
  fi
done
exit $status
