#!/usr/bin/env bash
# `pip install --no-build-isolation .` in a plain venv (no system
# site-packages), as a new user makes one (issue 52): pip installs nothing
# before it builds, and the venv's setuptools may have no bdist_wheel and no
# package wheel beside it. Then setup.py must say what to install, not stop
# with setuptools' "invalid command 'bdist_wheel'"; where the venv can build
# wheels, the install must work. Nothing is fetched (--no-index).
# Usage: pip_plain_venv_test.sh SOURCE_DIR BUILD_DIR WORK_DIR PYTHON
set -euo pipefail
source_dir=$1 build_dir=$2 work=$3 python=$4
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work"
"$python" -m venv "$work/venv"
venv_python=$work/venv/bin/python
if ! "$venv_python" -c 'import setuptools' 2> /dev/null; then
  echo "this Python's venv has no setuptools (Python 3.12 and later): nothing of rtb's to check"
  exit 77
fi
if RTB_BUILD_DIR=$build_dir PIP_DISABLE_PIP_VERSION_CHECK=1 "$venv_python" -m pip install --no-build-isolation \
  --no-index "$source_dir" > "$work/pip.log" 2>&1; then
  "$venv_python" -m pip show rtb > /dev/null || fail "pip install succeeded but pip does not know rtb"
  echo "the plain venv builds wheels: rtb installed"
  exit 0
fi
cat "$work/pip.log"
grep -q "invalid command 'bdist_wheel'" "$work/pip.log" && fail "setuptools' bare error, with no word of what to install"
grep -q "needs the Python package 'wheel'" "$work/pip.log" || fail "the failure does not say what to install"
grep -q -- "-m pip install wheel" "$work/pip.log" || fail "the failure does not give the command that installs it"
echo "pip install in a plain venv without wheel: refused, naming what to install"
