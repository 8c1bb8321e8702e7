# shellcheck shell=bash
# Sourced by scripts/sanitize.sh and scripts/tsan.sh: one step of a
# sanitized run, the same in both.
#   sanitizer_step NAME COMMAND...
# runs COMMAND with its output in $logs/NAME.log. The step passes when the
# command exits 0 and left no sanitizer report in $reports; otherwise it
# prints the reports' lines and each failed test's check with its message
# (a CI log shows only what is printed here), keeps the reports under
# $reports/NAME and sets status=1.
# shellcheck disable=SC2154,SC2034 # logs, reports, status: the sourcing script's
sanitizer_step() {
  local name=$1 start
  shift
  start=$(date +%s)
  if "$@" > "$logs/$name.log" 2>&1 && ! ls "$reports"/*san.* > /dev/null 2>&1; then
    echo "$(basename "$0" .sh): $name passed ($(($(date +%s) - start)) s)"
  else
    echo "$(basename "$0" .sh): $name FAILED after $(($(date +%s) - start)) s:"
    {
      grep -hE 'ERROR: AddressSanitizer|WARNING: ThreadSanitizer|runtime error|SUMMARY' "$reports"/*san.* 2> /dev/null
      grep -hE -A4 ': Failure$' "$logs/$name.log"
      grep -hE 'ERROR: AddressSanitizer|WARNING: ThreadSanitizer|runtime error|SUMMARY|FAILED|error' "$logs/$name.log"
    } | awk '!seen[$0]++' | head -40 || true
    mkdir -p "$reports/$name"
    mv "$reports"/*san.* "$reports/$name/" 2> /dev/null || true
    status=1
  fi
}
