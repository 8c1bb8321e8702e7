#!/usr/bin/env bash
# Installs the Debian 12 packages rtb needs. Idempotent: when every package is
# already installed it asks dpkg only and returns at once.
set -euo pipefail
packages=(build-essential cmake libboost-program-options-dev libzstd-dev
          libgtest-dev libbenchmark-dev nlohmann-json3-dev time pkg-config
          libopenmpi-dev openmpi-bin pybind11-dev python3-dev python3-pytest
          python3-setuptools python3-wheel python3-venv python3-pip  # pip install . (setup.py)
          clang libomp-dev  # the fuzz targets and the ThreadSanitizer job (scripts/fuzz.sh, tsan.sh)
          clang-format  # the format check (scripts/check_format.sh)
          libedit-dev  # rtb play's line editing
          zsh fish  # the completion scripts' tests
          libcpp-httplib-dev tmux chromium)  # rtb serve, and its tests
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
