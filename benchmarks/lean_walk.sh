#!/usr/bin/env bash
# The lean walk against the walk by lists (solver/walk.hpp), one after the
# other in one run: CPU seconds, wall time and peak memory of `rtb generate`
# with --walk lists and --walk lean, on 1 and 2 threads, each into a fresh
# directory; then the ratios (lean/lists CPU, 1-thread/2-thread wall) and
# whether the two walks wrote the same bytes. Run it on an idle machine.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: benchmarks/lean_walk.sh [--rtb PATH] [--jobs "GAME:VARIANT[:OPTIONS] ..."]
           [--threads "1 2"] [--keep DIR]

  --rtb PATH     rtb binary (default: build/bin/rtb under the repository root)
  --jobs LIST    what to generate (default: "crossings:5x5 bagh-chal:default",
                 Crossings 5x5 whole and the Bagh-Chal sliding phase); OPTIONS
                 are extra generate options with ',' for spaces
  --threads LIST thread counts to time (default: "1 2")
  --keep DIR     write the tablebases and logs into DIR and keep them
                 (default: a temporary directory, deleted at the end)

Crossings 5x5 takes about 500 CPU-s a run: the default jobs take about an hour.
EOF
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rtb=$root/build/bin/rtb jobs="crossings:5x5 bagh-chal:default" threads_list="1 2" keep=""
while (($#)); do
  case $1 in
    --rtb) rtb=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --threads) threads_list=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ -x /usr/bin/time ]] || { echo "needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }
[[ -x $rtb ]] || { echo "not executable: $rtb (build first, or give --rtb)" >&2; exit 1; }

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
    END {printf "%.1f %.1f %.0f\n", u+s, w, m/1024}' "$log.time"
}

sums() { (cd "$1" && find . -name '*.rtb' | sort | xargs sha256sum); }

printf '%-22s %7s %6s %9s %9s %9s\n' job threads walk CPU-s wall-s peak-MiB
declare -A cpu wall
for job in $jobs; do
  IFS=: read -r game variant options <<< "$job"
  for threads in $threads_list; do
    for walk in lists lean; do
      dir=$work/$game-$variant-$walk-$threads
      rm -rf "$dir"
      # shellcheck disable=SC2086  # options are words on purpose
      read -r c w m < <(timed "$dir.log" "$rtb" generate "$game" --variant "$variant" --walk "$walk" \
        --threads "$threads" --dir "$dir" --quiet ${options//,/ })
      cpu[$job/$walk/$threads]=$c wall[$job/$walk/$threads]=$w
      printf '%-22s %7s %6s %9s %9s %9s\n' "$game:$variant" "$threads" "$walk" "$c" "$w" "$m"
    done
    if cmp -s <(sums "$work/$game-$variant-lists-$threads") <(sums "$work/$game-$variant-lean-$threads"); then
      echo "  same bytes from both walks ($threads threads)"
    else
      echo "  THE WALKS WROTE DIFFERENT FILES ($threads threads): see $work" >&2
      exit 1
    fi
  done
  for threads in $threads_list; do
    awk -v a="${cpu[$job/lean/$threads]}" -v b="${cpu[$job/lists/$threads]}" -v t="$threads" -v j="$game:$variant" \
      'BEGIN {printf "  %s, %s threads: lean/lists CPU %.3f\n", j, t, a / b}'
  done
  # shellcheck disable=SC2086  # the list is words on purpose
  set -- $threads_list
  if (($# > 1)); then
    for walk in lists lean; do
      awk -v one="${wall[$job/$walk/$1]}" -v many="${wall[$job/$walk/${!#}]}" -v w="$walk" -v j="$game:$variant" \
        -v t="${!#}" -v f="$1" 'BEGIN {printf "  %s, %s walk: %s threads %.2fx faster than %s (wall)\n", j, w, t, one / many, f}'
    done
  fi
done
[[ -z $keep ]] || echo "tablebases and logs kept in $work"
