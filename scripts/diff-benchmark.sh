#!/usr/bin/env bash
# Times `forkrender diff` on two 1170x2532 frames with 1 and 2 threads (best of N, PNG decoding included), and
# the Python port of pixelmatch on the same pairs when it is installed (`pip install pixelmatch==0.4.0`).
# Figures go in docs/regression.md, "Performance".
#
#   scripts/diff-benchmark.sh [runs]        # default 5; set PYTHON_PIXELMATCH=0 to skip the slow Python runs
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
swift build -c release --product forkrender >/dev/null
bin="$(swift build -c release --show-bin-path)/forkrender"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
canvas='"canvas": {"width": 390, "height": 844, "scale": 3}, "duration": 1'
echo "{$canvas, \"appearance\": \"light\"}" > "$work/light.json"
echo "{$canvas, \"appearance\": \"light\", \"plane\": {\"idleAlpha\": 0.25}}" > "$work/token.json"
echo "{$canvas, \"appearance\": \"dark\"}" > "$work/dark.json"
for s in light token dark; do "$bin" "$work/$s.json" -o "$work/$s" --frames 0 -q; done

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | xargs || sysctl -n machdep.cpu.brand_string), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
printf "%-11s %-14s %9s %9s  %s\n" pair anti-aliasing "1 thr ms" "2 thr ms" "result"
for pair in token dark; do
  for aa in "" "--ignore-antialiasing"; do
    line=""
    for t in 1 2; do
      best=""
      for _ in $(seq "$runs"); do
        s=$(date +%s%N)
        "$bin" diff "$work/light/0000.png" "$work/$pair/0000.png" --threads "$t" $aa -q || true
        e=$(( ($(date +%s%N) - s) / 1000000 ))
        if [ -z "$best" ] || [ "$e" -lt "$best" ]; then best=$e; fi
      done
      line="$line $(printf "%9d" "$best")"
    done
    result=$("$bin" diff "$work/light/0000.png" "$work/$pair/0000.png" $aa | cut -d';' -f1 || true)
    printf "%-11s %-14s%s  %s\n" "$pair" "$([ -n "$aa" ] && echo ignored || echo counted)" "$line" "$result"
  done
done
if [ "${PYTHON_PIXELMATCH:-1}" != "0" ] && python3 -c "import pixelmatch" 2>/dev/null; then
  for pair in token dark; do
    for include in true false; do
      echo "python pixelmatch $pair includeAA=$include: $(python3 scripts/pixelmatch-bench.py "$work/light/0000.png" "$work/$pair/0000.png" 0.1 $include)"
    done
  done
fi
