#!/usr/bin/env bash
# The formatting check: every C++ source of the project against .clang-format
# (clang-format --dry-run -Werror); a file it would change fails the run and
# is named. Fix with: clang-format -i FILE. Exit 77 (a skip for ctest)
# without clang-format (scripts/setup.sh installs it).
#   scripts/check_format.sh [ROOT]
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
command -v clang-format > /dev/null || { echo "clang-format is not installed: the format check did not run"; exit 77; }
cd "$root"
mapfile -t files < <(find text solver search games tablebases driver service library include apps python tests benchmarks \
                          fuzz examples -name '*.cpp' -o -name '*.hpp' | sort)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if clang-format --dry-run -Werror "${files[@]}" 2> "$log"; then
  echo "format: ${#files[@]} files as .clang-format writes them"
  exit 0
fi
grep -o '^[^:]*:[0-9]*:[0-9]*: error' "$log" | cut -d: -f1 | sort | uniq -c | sed 's/^/format: not formatted: /'
echo "format: run clang-format -i on the files above"
exit 1
