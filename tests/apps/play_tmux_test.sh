#!/usr/bin/env bash
# `rtb play pangki` on a real terminal (tmux), typed as a user types: a move
# that captures (its message), `undo`, the arrow-up history bringing the move
# back, a command mistyped and mended with the arrow keys, `record`, `save`,
# `new`, `load`, and `quit`. Each step waits for what the screen must show,
# at most 10 s; the whole test takes a few seconds.
#
#   play_tmux_test.sh RTB WORK_DIR
#
# Exits 77 (skipped) without tmux.
set -euo pipefail
rtb=$1
work=$2
command -v tmux >/dev/null || { echo "tmux is not installed (scripts/setup.sh installs it)"; exit 77; }
rm -rf "$work"
mkdir -p "$work"
socket="rtb-play-tmux-$$"
t() { tmux -L "$socket" "$@"; }
trap 't kill-server 2>/dev/null || true' EXIT

"$rtb" generate pangki -q --threads 2 --dir "$work/tb"

# The whole pane, scrollback included, wrapped lines joined.
screen() { t capture-pane -p -J -S - -t play; }
fail() {
  echo "FAILED: $1"
  echo "---- screen ----"
  screen || true
  exit 1
}
# Waits until the screen holds `text` at least `times` times (default 1).
wait_for() {
  local text=$1 times=${2:-1}
  for _ in $(seq 100); do
    [ "$(screen | grep -cF -- "$text")" -ge "$times" ] && return 0
    sleep 0.1
  done
  fail "the screen never showed '$text' ($times times)"
}
keys() { t send-keys -t play "$@"; }

# Black to move wins in 21; c2b2 (a win in 39) captures white's b3.
position='w.ww/.www/b.bb/bb.b b'
record="$work/game.txt"
t new-session -d -s play -x 110 -y 50 \
  "env -u NO_COLOR '$rtb' play pangki --dir '$work/tb' --side both --seed 1 --position '$position'; sleep 30"
wait_for "best first:"

keys c2b2 Enter
wait_for "captured: white's piece on b3, 5 pieces left"
wait_for "you play c2b2  (WIN in 39)  ? an inaccuracy: the position was WIN in 21"

# undo, then the history: up twice is c2b2 again.
keys undo Enter
wait_for "took back 1 move"
keys Up Up Enter
wait_for "captured: white's piece on b3, 5 pieces left" 2

# Line editing: "recrd", two steps left, an "o" put in, and the end of the line.
keys recrd Left Left o Enter
wait_for "record: 1 move from $position"
wait_for "   1. black c2b2  WIN in 39  ? (the position was WIN in 21)"
screen | grep -qF '^[[' && fail "an arrow key was printed as an escape code"

keys "save $record" Enter
wait_for "saved 1 move to $record"
[ "$(cat "$record")" = "pangki default | $position | c2b2" ] || fail "the saved record is '$(cat "$record")'"

keys new Enter
wait_for "new game from $position"
keys "load $record" Enter
wait_for "loaded 1 move from $record"
keys record Enter
wait_for "as one line: pangki default | $position | c2b2" 2  # the first record and this one

keys quit Enter
for _ in $(seq 50); do
  screen | grep -q "^> quit" && break
  sleep 0.1
done
# The program has ended: the pane runs only the `sleep` after it.
sleep 0.3
t list-panes -t play -F '#{pane_current_command}' | grep -q sleep || fail "rtb play did not end after quit"
echo "rtb play in tmux: record, history, line editing, save, new, load, quit: passed"
