#!/usr/bin/env bash
# Renders a `forkrender check --report` page in headless Chromium and saves a screenshot, to see that the
# review page displays correctly in a real browser (the test suite does not depend on a browser).
#
#   scripts/check-report-in-chromium.sh [report-folder] [screenshot.png]
#
# Without a report folder it makes one: it records references of a small scene, renders the scene again in
# with the dots' idle alpha (the dotIdle token) raised from 0.05 to 0.4, and runs `forkrender check --report`.
# Chromium: `apt-get install chromium` (Debian), `chromium-browser` (Ubuntu snaps), or Google Chrome; on macOS
# set CHROMIUM="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome".
set -euo pipefail
cd "$(dirname "$0")/.."
browser="${CHROMIUM:-}"
if [ -z "$browser" ]; then
  for b in chromium chromium-browser google-chrome google-chrome-stable; do
    if command -v "$b" >/dev/null 2>&1; then browser="$b"; break; fi
  done
fi
[ -n "$browser" ] || { echo "check-report: no Chromium found; install it (apt-get install chromium) or set CHROMIUM" >&2; exit 2; }

report="${1:-}"
shot="${2:-out/report-screenshot.png}"
mkdir -p "$(dirname "$shot")"
if [ -z "$report" ]; then
  swift build -c release --product forkrender >/dev/null
  bin="$(swift build -c release --show-bin-path)/forkrender"
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/scenes" "$work/refs"
  scene='{"canvas": {"width": 200, "height": 300, "scale": 2}, "duration": 1, "plane": {"spacing": 14, "dotSize": 4, "idleAlpha": %s}, "check": {"frames": [0]}}'
  printf "$scene" 0.05 > "$work/scenes/card.json"
  "$bin" check "$work/scenes" --references "$work/refs" -q >/dev/null
  printf "$scene" 0.4 > "$work/scenes/card.json"
  report="$work/report"
  "$bin" check "$work/scenes" --references "$work/refs" --report "$report" -q || true
fi
[ -f "$report/index.html" ] || { echo "check-report: no index.html in '$report'" >&2; exit 2; }
page="file://$(cd "$report" && pwd)/index.html"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1400 \
  --screenshot="$shot" "$page" 2>/dev/null
echo "check-report: $page -> $shot"
