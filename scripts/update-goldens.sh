#!/usr/bin/env bash
# Regenerates the golden references in Tests/GoldenTests/References with the same code and layout as the
# golden tests: every scene in scenes/ (or the scenes given as arguments), its check frames, at scale 1.
#
#   scripts/update-goldens.sh                          # all scenes
#   scripts/update-goldens.sh scenes/dots-tap.json     # one scene
#   UPDATE=changed scripts/update-goldens.sh           # only references that differ (threshold 0, as the suite)
#
# References are written only where pixels changed (UPDATE=all, the default) or differ (UPDATE=changed), so
# `git diff --stat Tests/GoldenTests/References` shows exactly what moved. Review, then commit. Refuses to run
# on CI (CI=true): references are recorded by people, never by the pipeline.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then set -- scenes/; fi
swift build -c release --product forkrender >/dev/null
exec "$(swift build -c release --show-bin-path)/forkrender" check "$@" \
  --references Tests/GoldenTests/References --scale 1 --threshold 0 --update "${UPDATE:-all}"
