#!/usr/bin/env bash
# The installed forkrender holds no benchmark: no symbol or type name of the Benchmarks module and none of its
# peers' files (the benchmarks are `forkrender-bench`, a program of its own that is never installed). Reads the
# binary's symbol table (`nm`, when it has one) and its strings (`strings`: a stripped binary keeps Swift's type
# metadata names, so a linked benchmark still shows), and fails naming what it found.
#
#   scripts/check-no-bench.sh <forkrender binary>      # test-deb.sh runs it on the packaged binary
set -euo pipefail
binary="${1:?usage: scripts/check-no-bench.sh <forkrender binary>}"
[ -f "$binary" ] || { echo "check-no-bench: no such file '$binary'" >&2; exit 2; }
# Module-qualified names (`10Benchmarks` in Swift's mangling), the peers' types and the files only they read.
pattern='10Benchmarks|BenchPeers|BenchBrowserPeer|BenchVideoPeer|PipelineBenchmark|chromium_frames\.py|web-twin\.json'
found=$( { nm "$binary" 2>/dev/null || true; strings -a "$binary"; } | grep -E "$pattern" | sort -u | head -5 || true)
if [ -n "$found" ]; then
  echo "check-no-bench: $binary holds benchmark code:" >&2
  echo "$found" >&2
  exit 1
fi
echo "check-no-bench: $binary holds no benchmark symbol or string"
