#!/usr/bin/env bash
# Builds forkrender with AddressSanitizer and with ThreadSanitizer, each in its own build folder
# (.build/asan, .build/tsan, apart from the normal .build/release), and runs the commands a user runs under
# each: a render, the same render on 2 threads, a video, the tier sheet, lint, check and diff. Any sanitizer
# report fails the command it came from, and this script exits 1.
#
#   scripts/sanitize.sh [asan|tsan ...]      (default: both; about 10 minutes on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(asan tsan)
work="$(mktemp -d "${TMPDIR:-/tmp}/forkrender-sanitize.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:abort_on_error=0"
export TSAN_OPTIONS="halt_on_error=1"
status=0
for kind in "${kinds[@]}"; do
  case "$kind" in
    asan) flag=address ;;
    tsan) flag=thread ;;
    *) echo "sanitize: unknown sanitizer '$kind' (asan or tsan)" >&2; exit 2 ;;
  esac
  echo "sanitize: building with -sanitize=$flag into .build/$kind"
  swift build -c release --build-path ".build/$kind" -Xswiftc "-sanitize=$flag" -Xswiftc -g
  bin=".build/$kind/release/forkrender"
  out="$work/$kind"
  mkdir -p "$out"
  run() {
    echo "sanitize[$kind]: forkrender $*"
    # Exit 1 from check/diff is an answer, not a fault; a sanitizer report exits otherwise and prints its name.
    set +e
    "$bin" "$@" >"$out/log" 2>&1
    local rc=$?
    set -e
    if grep -q "Sanitizer" "$out/log" || [ $rc -gt 2 ]; then
      cat "$out/log" >&2
      echo "sanitize[$kind]: FAILED (exit $rc): forkrender $*" >&2
      status=1
    fi
  }
  run scenes/liquid-merge.json -o "$out/one" --frames 0..5 --threads 1 --scale 1 -q
  run scenes/liquid-merge.json -o "$out/two" --frames 0..5 --threads 2 --scale 1 -q
  run scenes/dots-drag-light.json --video "$out/drag.mp4" --frames 0..9 --scale 1 -q
  run sheet scenes/glass-materials-light.json -o "$out/sheet.png" --scale 1
  run lint scenes/content-navbar-liquid.json
  run check scenes/dots-tap-dark.json --references Tests/GoldenTests/References --scale 1
  run diff "$out/one/0000.png" "$out/two/0000.png" -o "$out/diff.png"
  if ! cmp -s "$out/one/0005.png" "$out/two/0005.png"; then
    echo "sanitize[$kind]: 1 and 2 threads gave different bytes" >&2
    status=1
  fi
done
[ $status -eq 0 ] && echo "sanitize: clean"
exit $status
