#!/usr/bin/env bash
# Regenerates every picture the README shows, with the commands the README quotes, at their committed scales:
#
#   docs/showcase.png      the built-in showcase, frame 60, scale 1
#   docs/liquid-merge.gif  scenes/liquid-merge-dark.json as a GIF, scale 0.5
#   docs/tier-sheet.png    the tier sheet of scenes/liquid-tinted-dark.json, scale 0.5
#   docs/tier-sheet-vivid.png  the tier sheet of scenes/glass-vivid-container.json, frame 60, scale 0.5
#   docs/backdrop-photo-light.png, docs/backdrop-photo-dark.png  a Liquid Glass bar over a photograph
#                          (scenes/backdrop-photo-{light,dark}.json), frame 0, scale 0.5
#   docs/backdrop-list-light.png, docs/backdrop-list-dark.png  bars and merged buttons over a settings screen
#                          (scenes/backdrop-list-{light,dark}.json), frame 0, scale 0.5
#   docs/liquid-regular-clear.png  `regular` above `clear` over a photograph (scenes/liquid-regular-clear.json),
#                          frame 0, scale 1
#   docs/feed-edge-selection.png  a list scrolling under bars with the soft scroll edge, the tab bar's selection lens
#                          mid-move (scenes/feed-edge-selection.json), frame 13, scale 1
#
# Tests/forkrenderTests/Process/DocsImagesTests.swift renders the same and fails when a committed picture differs from
# a fresh render (pixelmatch threshold 0), so run this, look at the pictures, and commit them with the change
# that moved them. (docs/check-report.png, in docs/regression.md, is a browser screenshot made by
# scripts/check-report-in-chromium.sh.)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product forkrender >/dev/null
bin="$(swift build -c release --show-bin-path)/forkrender"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$bin" --frames 60 --scale 1 -o "$tmp/showcase" --quiet
mv "$tmp/showcase/0060.png" docs/showcase.png
"$bin" scenes/liquid-merge-dark.json --scale 0.5 --video docs/liquid-merge.gif --quiet
"$bin" sheet scenes/liquid-tinted-dark.json --scale 0.5 -o docs/tier-sheet.png --quiet
"$bin" sheet scenes/glass-vivid-container.json --frame 60 --scale 0.5 -o docs/tier-sheet-vivid.png --quiet
for screen in photo list; do
  for look in light dark; do
    "$bin" scenes/backdrop-$screen-$look.json --frames 0 --scale 0.5 -o "$tmp/$screen-$look" --quiet
    mv "$tmp/$screen-$look/0000.png" docs/backdrop-$screen-$look.png
  done
done
"$bin" scenes/liquid-regular-clear.json --frames 0 --scale 1 -o "$tmp/variants" --quiet
mv "$tmp/variants/0000.png" docs/liquid-regular-clear.png
"$bin" scenes/feed-edge-selection.json --frames 13 --scale 1 -o "$tmp/feed" --quiet
mv "$tmp/feed/0013.png" docs/feed-edge-selection.png
echo "update-docs-images: wrote docs/showcase.png, docs/liquid-merge.gif, docs/tier-sheet.png, docs/tier-sheet-vivid.png, docs/backdrop-photo-{light,dark}.png, docs/backdrop-list-{light,dark}.png, docs/liquid-regular-clear.png, docs/feed-edge-selection.png"
