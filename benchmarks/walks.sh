#!/usr/bin/env bash
# Walks against each other in one run (solver/walk.hpp): CPU seconds, wall
# time and peak memory of `rtb generate` for each RUN, a walk of an rtb
# binary (so a new build's walk against an old build's), on each thread
# count, each into a fresh directory, the runs taking turns round by round;
# then each run's least CPU and wall over the rounds, the CPU ratios against
# the first run, the wall ratio of the thread counts, and whether every run
# wrote the same bytes. Run it on an idle machine.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: benchmarks/walks.sh [--runs "LABEL=RTB:WALK ..."] [--jobs "GAME:VARIANT[:OPTIONS] ..."]
           [--threads "1 2"] [--rounds N] [--keep DIR]

  --runs LIST    what to compare (default: "lean=build/bin/rtb:lean byte=build/bin/rtb:byte");
                 RTB is an rtb binary, WALK one of its --walk choices; the first run is
                 the one the ratios divide by
  --jobs LIST    what to generate (default: "crossings:5x5 bagh-chal:default
                 morris:seven:--all"); OPTIONS are extra generate options with ',' for spaces
  --threads LIST thread counts to time (default: "1 2")
  --rounds N     times each run is timed, in turn with the others (default: 1)
  --keep DIR     write the tablebases and logs into DIR and keep them
                 (default: a temporary directory, deleted at the end)

Crossings 5x5 takes about 300 CPU-s a run.
EOF
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runs="lean=$root/build/bin/rtb:lean byte=$root/build/bin/rtb:byte"
jobs="crossings:5x5 bagh-chal:default morris:seven:--all" threads_list="1 2" rounds=1 keep=""
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --threads) threads_list=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ -x /usr/bin/time ]] || { echo "needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "--rounds: not a positive number: $rounds" >&2; exit 2; }
labels=()
declare -A binary walk_of
for run in $runs; do
  label=${run%%=*} spec=${run#*=}
  binary[$label]=${spec%:*} walk_of[$label]=${spec##*:}
  [[ -x ${binary[$label]} ]] || { echo "not executable: ${binary[$label]} (run $label)" >&2; exit 1; }
  labels+=("$label")
done

if [[ -n $keep ]]; then mkdir -p "$keep"; work=$(realpath "$keep")
else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi

# timed LOG CMD...: runs CMD under /usr/bin/time -v, its output to LOG;
# prints "CPU-s wall-s peak-MiB".
timed() {
  local log=$1; shift
  /usr/bin/time -v -o "$log.time" "$@" > "$log" 2>&1 || { echo "failed: $* (see $log)" >&2; exit 1; }
  awk -F': ' '
    /User time/ {u=$2} /System time/ {s=$2} /Maximum resident/ {m=$2}
    /Elapsed \(wall clock\)/ {n=split($2, t, ":"); w=0; for (i=1; i<=n; i++) w=w*60+t[i]}
    END {printf "%.2f %.1f %.0f\n", u+s, w, m/1024}' "$log.time"
}

sums() { (cd "$1" && find . -name '*.rtb' | sort | xargs sha256sum); }
least() { printf '%s\n' "$@" | sort -g | head -1; }

printf '%-22s %7s %5s %-10s %9s %9s %9s\n' job threads round run CPU-s wall-s peak-MiB
declare -A cpu wall
for job in $jobs; do
  IFS=: read -r game variant options <<< "$job"
  for threads in $threads_list; do
    for ((round = 1; round <= rounds; ++round)); do
      for label in "${labels[@]}"; do
        dir=$work/$game-$variant-$label-$threads
        rm -rf "$dir"
        # shellcheck disable=SC2086  # options are words on purpose
        read -r c w m < <(timed "$dir.log" "${binary[$label]}" generate "$game" --variant "$variant" \
          --walk "${walk_of[$label]}" --threads "$threads" --dir "$dir" --quiet ${options//,/ })
        cpu[$job/$label/$threads]+="$c " wall[$job/$label/$threads]+="$w "
        printf '%-22s %7s %5s %-10s %9s %9s %9s\n' "$game:$variant" "$threads" "$round" "$label" "$c" "$w" "$m"
      done
      for label in "${labels[@]:1}"; do
        if ! cmp -s <(sums "$work/$game-$variant-${labels[0]}-$threads") <(sums "$work/$game-$variant-$label-$threads"); then
          echo "  RUNS ${labels[0]} AND $label WROTE DIFFERENT FILES ($threads threads): see $work" >&2
          exit 1
        fi
      done
    done
    echo "  same bytes from every run ($threads threads)"
  done
  first=${labels[0]}
  for threads in $threads_list; do
    # shellcheck disable=SC2086  # the lists are words on purpose
    base=$(least ${cpu[$job/$first/$threads]})
    for label in "${labels[@]:1}"; do
      # shellcheck disable=SC2086
      awk -v a="$(least ${cpu[$job/$label/$threads]})" -v b="$base" -v t="$threads" -v j="$game:$variant" \
        -v l="$label" -v f="$first" 'BEGIN {printf "  %s, %s threads: %s/%s CPU %.3f (least of each)\n", j, t, l, f, a / b}'
    done
  done
  # shellcheck disable=SC2086  # the list is words on purpose
  set -- $threads_list
  if (($# > 1)); then
    for label in "${labels[@]}"; do
      # shellcheck disable=SC2086
      awk -v one="$(least ${wall[$job/$label/$1]})" -v many="$(least ${wall[$job/$label/${!#}]})" -v l="$label" \
        -v j="$game:$variant" -v t="${!#}" -v f="$1" \
        'BEGIN {printf "  %s, %s: %s threads %.2fx faster than %s (least wall)\n", j, l, t, one / many, f}'
    done
  fi
done
[[ -z $keep ]] || echo "tablebases and logs kept in $work"
