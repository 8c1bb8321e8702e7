#!/usr/bin/env bash
# Wall time of `rtb query` as a whole process (start, open, probe every move,
# print), averaged over N runs. Usage: benchmarks/query_process.sh RTB DIR [N]
set -euo pipefail
rtb=${1:?path to rtb} dir=${2:?tablebase dir} runs=${3:-50}
"$rtb" query pangki start --dir "$dir" > /dev/null
start=$(date +%s.%N)
for _ in $(seq "$runs"); do "$rtb" query pangki start --dir "$dir" > /dev/null; done
end=$(date +%s.%N)
echo "rtb query pangki start: $(echo "($end - $start) * 1000 / $runs" | bc -l | cut -c1-6) ms per process ($runs runs)"
