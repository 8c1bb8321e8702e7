#!/usr/bin/env bash
# Installs rtb into a temporary prefix, builds examples/ against the installed
# package (find_package(rtb), not the source tree), solves Pangki with the
# installed rtb and checks what the example prints against `rtb query`.
# Arguments: SOURCE_DIR BUILD_DIR WORK_DIR CMAKE_COMMAND
set -euo pipefail
source_dir=$1 build_dir=$2 work=$3 cmake=$4
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
"$cmake" --install "$build_dir" --prefix "$prefix" > "$work/install.log"
# Everything lands inside the prefix (issue 52: the man page and the bash
# completion went to /man1 and /bash-completion at the root, which fails for
# a user who may not write there): every path cmake says it installed.
outside=$(sed -n 's/^-- \(Installing\|Up-to-date\): //p' "$work/install.log" | grep -v "^$prefix/" || true)
[ -z "$outside" ] || { echo "installed outside the prefix $prefix: $outside"; exit 1; }
for f in share/man/man1/rtb.1 share/bash-completion/completions/rtb share/fish/vendor_completions.d/rtb.fish; do
  [ -e "$prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done
for f in bin/rtb include/rtb/rtb.hpp include/rtb/version.hpp lib/librtb.a lib/cmake/rtb/rtbConfig.cmake \
         lib/cmake/rtb/rtbConfigVersion.cmake lib/cmake/rtb/rtbTargets.cmake lib/pkgconfig/rtb.pc; do
  [ -e "$prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done
# Only the public headers are installed.
extra=$(find "$prefix/include" -type f ! -name rtb.hpp ! -name version.hpp)
[ -z "$extra" ] || { echo "internal headers installed: $extra"; exit 1; }

# A copy of examples/ outside the source tree, so nothing can reach the sources.
cp -r "$source_dir/examples" "$work/examples"
"$cmake" -S "$work/examples" -B "$work/examples-build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
  > "$work/configure.log"
"$cmake" --build "$work/examples-build" > "$work/build.log"
if grep -q -- "-I$source_dir" "$work/examples-build/CMakeFiles/probe.dir/flags.make"; then
  echo "the example was compiled against the source tree"
  exit 1
fi

# The same example built with pkg-config alone (rtb.pc), no CMake: the
# flags must carry the include folder, C++20 and every archive.
pc_flags=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs rtb)
echo "pkg-config --cflags --libs rtb: $pc_flags" > "$work/pkg-config.log"
case "$pc_flags" in *"-I$prefix/"*) ;; *) echo "pkg-config's include folder is not the prefix's: $pc_flags"; exit 1 ;; esac
# shellcheck disable=SC2086 # the flags are words
c++ -O1 -o "$work/probe-pkg-config" "$work/examples/probe.cpp" $pc_flags 2>> "$work/pkg-config.log" ||
  { cat "$work/pkg-config.log"; echo "the example does not build with pkg-config --cflags --libs rtb"; exit 1; }
[ "$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --modversion rtb)" = "$("$prefix/bin/rtb" --version | \
  grep -o '[0-9][0-9.]*' | head -n 1)" ] || { echo "rtb.pc's version is not rtb's"; exit 1; }

"$prefix/bin/rtb" generate pangki --dir "$work/tb" --threads 2 --quiet > /dev/null
probe=$work/examples-build/probe
check() {  # POSITION EXPECTED
  local got
  got=$("$probe" "$work/tb" pangki "$1")
  [ "$got" = "$2" ] || { echo "probe $1: expected '$2', got '$got'"; exit 1; }
  got=$("$work/probe-pkg-config" "$work/tb" pangki "$1")
  [ "$got" = "$2" ] || { echo "probe (pkg-config) $1: expected '$2', got '$got'"; exit 1; }
}
check 'wwww/w..w/b..b/bbbb b' 'wwww/w..w/b..b/bbbb b: DRAW, best move a2b2'
check 'ww../..../..../...b b' 'ww../..../..../...b b: LOSS in 0, best move none (the game is over)'
# A position with a forced win: the example agrees with the installed rtb query.
position='ww.w/w.ww/bb.b/b.bb b'
json=$("$prefix/bin/rtb" query pangki "$position" --dir "$work/tb" --json)
value=$(echo "$json" | sed -n 's/^  "value": "\(.*\)",$/\1/p')
distance=$(echo "$json" | sed -n 's/^  "distance": \(.*\),$/\1/p')
best=$(echo "$json" | sed -n 's/^  "best": "\(.*\)",$/\1/p')
check "$position" "$position: $value in $distance, best move $best"
[ "$value" = WIN ] || { echo "expected a WIN at $position, rtb query says $value"; exit 1; }

# The installed library proves and counts what the installed rtb wrote
# (examples/verify_and_count.cpp, built against the package above).
counted=$("$work/examples-build/verify_and_count" "$work/tb" pangki)
echo "$counted" | grep -q "^all 25 tiers ok, " || { echo "verify_and_count: $counted"; exit 1; }
echo "$counted" | grep -q "^20746908 positions: " || { echo "verify_and_count: $counted"; exit 1; }

# Bad input: exit 2 with a message; missing tablebases: exit 1.
if "$probe" "$work/tb" pangki 'not a position' 2> "$work/err"; then echo "bad position accepted"; exit 1; fi
grep -q "bad pangki position" "$work/err"
set +e
"$probe" "$work/none" pangki start 2> "$work/err"
status=$?
set -e
[ $status -eq 1 ] && grep -q "rtb generate pangki" "$work/err" || { echo "missing tablebases: status $status"; exit 1; }
# The Python module, where it was built, imports from the install tree.
module=$(find "$prefix" -path '*/rtb/_rtb.cpython*.so' | head -n 1)
if [ -n "$module" ]; then
  python=${RTB_PYTHON:-/usr/bin/python3}
  package=$(dirname "$module")
  for f in __init__.py __init__.pyi py.typed; do
    [ -f "$package/$f" ] || { echo "not installed: $package/$f"; exit 1; }
  done
  got=$(PYTHONPATH=$(dirname "$package") "$python" -c \
    "import rtb; print(rtb.open('$work/tb', 'pangki').probe('start'), rtb.__file__.startswith('$prefix'))")
  [ "$got" = "('DRAW', None) True" ] || { echo "installed Python module: got '$got'"; exit 1; }
fi
echo "installed example: ok"
