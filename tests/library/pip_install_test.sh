#!/usr/bin/env bash
# `pip install --no-build-isolation .` into a fresh virtual environment, then
# a probe from it, run outside the source and build trees (issue 27). The
# venv sees the system's site-packages for Debian's setuptools, wheel and pip
# only (--system-site-packages); nothing is fetched (--no-index). setup.py
# builds the CMake target rtb_python in BUILD_DIR (already built: nothing
# compiles) and the package is installed from there.
# Usage: pip_install_test.sh SOURCE_DIR BUILD_DIR WORK_DIR PYTHON RTB
set -euo pipefail
source_dir=$1 build_dir=$2 work=$3 python=$4 rtb=$5
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work"
"$python" -m venv --system-site-packages --without-pip "$work/venv"
venv_python=$work/venv/bin/python
if ! RTB_BUILD_DIR=$build_dir PIP_DISABLE_PIP_VERSION_CHECK=1 "$venv_python" -m pip install --no-build-isolation \
  --no-index "$source_dir" > "$work/pip.log" 2>&1; then
  cat "$work/pip.log"
  fail "pip install failed"
fi
site=$("$venv_python" -c 'import sysconfig; print(sysconfig.get_path("platlib"))')
case "$site" in "$work/venv/"*) ;; *) fail "the venv's site-packages $site is not in the venv" ;; esac
for f in rtb/__init__.py rtb/__init__.pyi rtb/py.typed; do
  [ -f "$site/$f" ] || fail "not installed: $site/$f"
done
ls "$site"/rtb/_rtb.*.so > /dev/null || fail "the extension rtb._rtb is not installed in $site/rtb"
"$venv_python" -m pip show rtb > "$work/show.txt"
grep -q "^Version: " "$work/show.txt" || fail "pip does not know rtb"

"$rtb" generate pangki --dir "$work/tb" --threads 2 --quiet > /dev/null
cd "$work"  # neither the source tree nor the build tree is importable from here
got=$(env -u PYTHONPATH "$venv_python" -c \
  "import rtb; print(rtb.open('tb', 'pangki').probe('start'), rtb.__file__.startswith('$site'), rtb.__version__)")
echo "from the venv: $got"
[ "$got" = "('DRAW', None) True $(sed -n 's/^Version: //p' "$work/show.txt")" ] || fail "probe from the venv: got '$got'"
echo "pip install into a venv: ok"
