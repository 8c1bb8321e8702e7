#!/usr/bin/env bash
# CPU time, wall time and peak memory of solving Six and Seven Men's Morris with
# rtb (`rtb generate morris`) and with GamesmanOne (`gamesman solve mills`, the
# peer whose results rtb's morris must reproduce), both on one thread, each
# into a fresh directory so that neither reuses an earlier database.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: benchmarks/morris_vs_gamesmanone.sh [--rtb PATH] [--gamesman PATH]
           [--variants "six seven"] [--rtb-args "ARGS"] [--rounds N] [--keep DIR]

  --rtb PATH        rtb binary (default: build/bin/rtb under the repository root)
  --gamesman PATH   GamesmanOne binary (bin/gamesman of a GamesmanOne build);
                    without it GamesmanOne's published figures are printed,
                    marked "published, not measured here"
  --variants LIST   morris variants to time, of five six seven (default: "six seven")
  --rtb-args ARGS   extra arguments for rtb generate (e.g. "--all")
  --rounds N        solve each variant N times with each program, alternating
                    (default 1), and print each round and then the least CPU-s
                    of each program and their ratio: on a shared machine the
                    least disturbed run is the best estimate of either's cost
  --keep DIR        write the databases and logs into DIR and keep them
                    (default: a temporary directory, deleted at the end)

Both programs run under /usr/bin/time -v with one thread: rtb with --threads 1,
GamesmanOne with OMP_NUM_THREADS=1 (it has no thread option). CPU-s is user+sys.
EOF
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rtb=$root/build/bin/rtb gamesman="" variants="six seven" rtb_args="" keep="" rounds=1
while (($#)); do
  case $1 in
    --rtb) rtb=$2; shift 2 ;;
    --gamesman) gamesman=$2; shift 2 ;;
    --variants) variants=$2; shift 2 ;;
    --rtb-args) rtb_args=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "--rounds takes a whole number of 1 or more, not '$rounds'" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }
[[ -z $gamesman || -x $gamesman ]] || { echo "not executable: $gamesman" >&2; exit 1; }
gamesman=${gamesman:+$(realpath "$gamesman")}  # we cd before running it

if [[ -n $keep ]]; then mkdir -p "$keep"; work=$(realpath "$keep")
else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi

# GamesmanOne's Mills variant numbers (games/mills/variants.h on branch rs/mills):
# standard removal, no flying, no Lasker rule, not misere.
declare -A g1_variant=([five]=0 [six]=72 [seven]=144)
# Published GamesmanOne figures on this machine type (one thread, peak 130 MB);
# none for five.
declare -A g1_published=([six]=18.7 [seven]=130.6)

# timed LOG DIR CMD...: runs CMD in DIR under /usr/bin/time -v, its output to LOG;
# prints "CPU-s wall-s peak-MB", or "failed failed failed" when CMD fails.
timed() {
  local log=$1 dir=$2; shift 2
  mkdir -p "$dir"
  if ! (cd "$dir" && /usr/bin/time -v -o "$log.time" "$@" > "$log" 2>&1); then
    echo "failed failed failed"; return
  fi
  awk -F': ' '
    /User time/ {u=$2} /System time/ {s=$2} /Maximum resident/ {m=$2}
    /Elapsed \(wall clock\)/ {n=split($2, t, ":"); w=0; for (i=1; i<=n; i++) w=w*60+t[i]}
    END {printf "%.2f %.1f %.0f\n", u+s, w, m/1024}' "$log.time"
}

printf '%-7s %10s %9s %8s   %12s %9s %8s   %9s\n' variant rtb_CPU-s rtb_wall rtb_MB \
  g1_CPU-s g1_wall g1_MB g1/rtb
# ratio G R: G / R to two places, or "-" where either is not a positive number.
ratio() { awk -v g="${1%\*}" -v r="$2" 'BEGIN {if (g+0 > 0 && r+0 > 0) printf "%.2f", g/r; else print "-"}'; }
# least A B: the smaller number, a "failed" or "n/a" losing to any number.
least() { awk -v a="$1" -v b="$2" 'BEGIN {if (a+0 <= 0) print b; else if (b+0 <= 0 || a+0 <= b+0) print a; else print b}'; }
row() { printf '%-7s %10s %9s %8s   %12s %9s %8s   %9s\n' "$@"; }

note=""
for v in $variants; do
  [[ -n ${g1_variant[$v]:-} ]] || { echo "unknown variant: $v" >&2; exit 2; }
  r_least=failed g_least=failed
  for ((round = 1; round <= rounds; round++)); do
    rm -rf "$work/rtb-$v" "$work/g1-$v"
    # shellcheck disable=SC2086  # rtb_args is a list of words on purpose
    read -r r_cpu r_wall r_mb < <(timed "$work/rtb-$v.log" "$work" \
      "$rtb" generate morris --variant "$v" --threads 1 --dir "$work/rtb-$v" --quiet $rtb_args)
    if [[ -n $gamesman ]]; then
      # Run inside a fresh directory with the default --data-path ("data"):
      # GamesmanOne fails (segfaults) when given an absolute --data-path.
      read -r g_cpu g_wall g_mb < <(timed "$work/g1-$v.log" "$work/g1-$v" \
        env OMP_NUM_THREADS=1 "$gamesman" solve mills "${g1_variant[$v]}")
    else
      g_cpu="${g1_published[$v]:-n/a}*" g_wall="-" g_mb=n/a
      [[ -z ${g1_published[$v]:-} ]] || g_mb="130*"
      note="* published, not measured here"
    fi
    row "$v" "$r_cpu" "$r_wall" "$r_mb" "$g_cpu" "$g_wall" "$g_mb" "$(ratio "$g_cpu" "$r_cpu")"
    r_least=$(least "$r_least" "$r_cpu") g_least=$(least "$g_least" "${g_cpu%\*}")
  done
  ((rounds == 1)) || row "least" "$r_least" "-" "-" "$g_least" "-" "-" "$(ratio "$g_least" "$r_least")"
done
[[ -z $note ]] || echo "$note"
[[ -z $keep ]] || echo "databases and logs kept in $work"
