#!/usr/bin/env bash
# Scores our frames against the exact truth (bench/peers/compare.py --png) and prints a
# markdown table. Fails (exit 1) if any case has max abs error > 2 or mean abs error > 0.02
# (premultiplied RGBA8, all channels, 0-255).
# Cases: indicator @1x/@2x/@3x at k = 0, 7, 13, 30 and overlay @3x, dim 0.5, at k = 7 (N = 60).
# Usage: bench/quality.sh   (from any folder; builds frames in release mode first)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PYTHONDONTWRITEBYTECODE=1   # no __pycache__ beside the harness

max_allowed=2
mean_allowed=0.02
n=60

swift build -c release >&2
frames=.build/release/frames

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

for s in 1 2 3; do
    "$frames" --style indicator --scale "$s" --frames "$n" --no-text --out "$tmp/indicator-${s}x" >/dev/null
done
"$frames" --style overlay --scale 3 --dim-amount 0.5 --frames "$n" --no-text --out "$tmp/overlay-3x" >/dev/null

failed=0
rows=()

# score LABEL PNG compare.py-args...: appends a table row; marks a failure if over the limits.
score() {
    local label="$1" png="$2"
    shift 2
    local out
    out="$(python3 bench/peers/compare.py --png "$png" --n "$n" "$@")"
    # "max / mean / PSNR:  12 / 0.034 /  51.2"
    local max mean psnr
    read -r max mean psnr < <(echo "${out#*:}" | awk -F'/' '{ gsub(/ /, ""); print $1, $2, $3 }')
    local verdict
    verdict="$(awk -v m="$max" -v a="$mean" -v mm="$max_allowed" -v aa="$mean_allowed" \
        'BEGIN { print (m + 0 > mm || a + 0 > aa) ? "FAIL" : "ok" }')"
    if [ "$verdict" = FAIL ]; then
        failed=1
        label="$label **(over limit)**"
    fi
    rows+=("| $label | $max | $mean | $psnr |")
}

for s in 1 2 3; do
    for k in 0 7 13 30; do
        score "indicator @${s}x k=$k" "$(printf '%s/indicator-%sx/frame_%04d.png' "$tmp" "$s" "$k")" \
            --variant indicator --scale "$s" --k "$k"
    done
done
score "overlay @3x k=7 dim 0.5" "$(printf '%s/overlay-3x/frame_%04d.png' "$tmp" 7)" \
    --variant overlay --scale 3 --k 7 --dim 0.5

echo "| case | max | mean | PSNR |"
echo "|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
echo "max/mean: abs error 0-255 vs exact truth, premultiplied RGBA8, all channels; PSNR in dB." \
     "Limits: max <= $max_allowed, mean <= $mean_allowed."

if [ "$failed" -ne 0 ]; then
    echo "quality: FAILED (a case is over the limits)" >&2
    exit 1
fi
echo "quality: ok"
