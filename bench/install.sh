#!/usr/bin/env bash
# Installs what bench/peers needs: libcairo2-dev (pycairo builds against it) and pngcheck via
# apt-get when running as root or with sudo, then the Python packages in requirements.txt.
# Usage: bench/install.sh   (from any folder)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
apt_packages=(libcairo2-dev pngcheck)

run() {
    echo "+ $*"
    "$@"
}

if ! command -v apt-get >/dev/null 2>&1; then
    echo "apt-get not found: skipping the system packages; install ${apt_packages[*]} by other means" \
         "(e.g. 'brew install cairo pkg-config pngcheck')."
elif [ "$(id -u)" -eq 0 ]; then
    run apt-get update
    run apt-get install -y "${apt_packages[@]}"
elif command -v sudo >/dev/null 2>&1; then
    run sudo apt-get update
    run sudo apt-get install -y "${apt_packages[@]}"
else
    echo "not root and no sudo: skipping 'apt-get install -y ${apt_packages[*]}';" \
         "pycairo needs libcairo2-dev to build."
fi

# blend2d-py and blend2d-python install into the same folder; only blend2d-python can stroke.
if pip show blend2d-py >/dev/null 2>&1; then
    run pip uninstall -y blend2d-py blend2d-python
fi
run pip install -r "$here/requirements.txt"
