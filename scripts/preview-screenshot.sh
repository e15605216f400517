#!/usr/bin/env bash
# Takes docs/preview.png, the picture of `forkrender preview` in the README and docs/preview.md: the built-in
# showcase served on a free port, opened in headless Chromium through Selenium, scrubbed to frame 60, the tilt
# pad pressed right of centre and up, the overlap view on, the legibility list filled in.
#
#   scripts/preview-screenshot.sh [screenshot.png]      (default: docs/preview.png)
#
# Needs chromium, chromedriver and Selenium for the system python3: scripts/setup.sh --dev.
set -euo pipefail
cd "$(dirname "$0")/.."
shot="${1:-docs/preview.png}"
python=/usr/bin/python3
[ -x "$python" ] && "$python" -c "import selenium" 2>/dev/null || python=python3
swift build -c release --product forkrender >/dev/null
bin="$(swift build -c release --show-bin-path)/forkrender"
work="$(mktemp -d)"
"$bin" showcase > "$work/showcase.json"
"$bin" preview "$work/showcase.json" --port 0 > "$work/url" &
server=$!
trap 'kill -INT "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do grep -q http "$work/url" 2>/dev/null && break; sleep 0.1; done
url="$(grep -o 'http://[^ ]*' "$work/url")"
timeout 120 "$python" Tests/PreviewTests/Browser/preview_page.py screenshot "$url" "$shot"
echo "preview-screenshot: wrote $shot"
