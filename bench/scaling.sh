#!/usr/bin/env bash
# How our CLI's time grows with the frame count and the pixel count, and its peak memory on W2.
# Usage: bench/scaling.sh   (builds release first; needs GNU time at /usr/bin/time)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
swift build -c release >&2
frames=.build/release/frames
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# best of 3 wall-clock runs, in ms, and the peak resident memory of the last, in MB
measure() {
    local best="" peak=""
    for _ in 1 2 3; do
        rm -rf "$tmp/out"
        local line
        line="$(/usr/bin/time -f '%e %M' "$frames" "$@" --no-text --out "$tmp/out" 2>&1 >/dev/null | tail -n 1)"
        local ms kb
        ms="$(awk -v s="${line% *}" 'BEGIN { printf "%.0f", s * 1000 }')"
        kb="${line#* }"
        if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best="$ms"; fi
        peak="$((kb / 1024))"
    done
    echo "$best $peak"
}

echo "| W2 (overlay @3x, dim 0.5) | wall ms (best of 3) | ms per frame | peak MB |"
echo "|---|---|---|---|"
for n in 60 240 960; do
    read -r ms mb < <(measure --style overlay --scale 3 --dim-amount 0.5 --frames "$n")
    echo "| $n frames | $ms | $(awk -v a="$ms" -v n="$n" 'BEGIN { printf "%.2f", a / n }') | $mb |"
done
echo
echo "| overlay, dim 0.5, 60 frames | pixels per frame | wall ms (best of 3) | peak MB |"
echo "|---|---|---|---|"
for s in 1 2 3 4; do
    read -r ms mb < <(measure --style overlay --scale "$s" --dim-amount 0.5 --frames 60)
    echo "| scale $s | $((390 * s * 844 * s)) | $ms | $mb |"
done
