#!/usr/bin/env bash
# Times the peer renderers and our frames CLI side by side (bench/peers/bench.py).
# Usage: bench/run.sh [bench.py options, e.g. --reps 3 --only skia,cairo --no-limits]
# Builds frames in release mode first. Prints the machine, then the tables.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PYTHONDONTWRITEBYTECODE=1   # no __pycache__ beside the harness

cpu_model() {
    local model=""
    if [ -r /proc/cpuinfo ]; then
        model="$(awk -F': *' '/^(model name|Hardware|Processor)[[:space:]]*:/ { print $2; exit }' /proc/cpuinfo)"
    fi
    if [ -z "$model" ] && command -v sysctl >/dev/null 2>&1; then
        model="$(sysctl -n machdep.cpu.brand_string 2>/dev/null || true)"
    fi
    echo "${model:-unknown}"
}

cpus="$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)"
echo "machine: $cpus cores, $(cpu_model), $(uname -sm)"
echo

swift build -c release >&2
python3 bench/peers/bench.py --ours .build/release/frames "$@"
