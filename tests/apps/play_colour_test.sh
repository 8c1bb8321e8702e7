#!/usr/bin/env bash
# `rtb play` on a pseudo-terminal (script(1)): coloured on a terminal that
# shows colour, and not a colour code with TERM=dumb or NO_COLOR set (issue
# 52: TERM=dumb got the codes as text).
#
#   play_colour_test.sh RTB WORK_DIR
#
# Exits 77 (skipped) without script(1).
set -euo pipefail
rtb=$1
work=$2
command -v script > /dev/null || { echo "script (util-linux) is not installed"; exit 77; }
rm -rf "$work"
mkdir -p "$work"
"$rtb" generate pangki -q --threads 2 --dir "$work/tb"
# The transcript of one game that quits at once, on a terminal with `env`.
played() {
  printf 'quit\n' | env -u NO_COLOR "$@" script -qec "'$rtb' play pangki --dir '$work/tb' --side both" /dev/null
}
colour=$'\e\\[[0-9;]*m'  # an SGR code: what colours text
played TERM=xterm-256color > "$work/xterm.txt"
grep -q "best first:" "$work/xterm.txt" || { cat "$work/xterm.txt"; echo "FAIL: no game on the terminal"; exit 1; }
grep -qE "$colour" "$work/xterm.txt" || { echo "FAIL: no colour on an xterm: this test would prove nothing"; exit 1; }
for setting in TERM=dumb "TERM=xterm-256color NO_COLOR=1"; do
  # shellcheck disable=SC2086
  played $setting > "$work/plain.txt"
  grep -q "best first:" "$work/plain.txt" || { cat "$work/plain.txt"; echo "FAIL: no game with $setting"; exit 1; }
  if grep -qE "$colour" "$work/plain.txt"; then
    echo "FAIL: colour codes with $setting:"
    grep -E "$colour" "$work/plain.txt" | head -3 | cat -v
    exit 1
  fi
done
echo "colour on a terminal, none with TERM=dumb or NO_COLOR"
