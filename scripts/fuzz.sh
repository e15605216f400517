#!/usr/bin/env bash
# Runs forkrender's libFuzzer targets (Fuzz/): FuzzScene (scene bytes -> decode -> validate -> one tiny frame)
# and FuzzPNG (PNG bytes -> header cap -> decode), each for SECONDS (default 600), one after the other, at
# low priority (nice). Builds with -sanitize=fuzzer,address into .build/fuzz, apart from the normal build.
#
#   scripts/fuzz.sh [SECONDS] [FuzzScene|FuzzPNG ...]
#
# Seed corpora are Fuzz/Corpus/<target>/ (committed); inputs the fuzzer finds interesting go to
# .build/fuzz-corpus/<target>/ (not committed). A crash, a sanitizer report, a timeout (10 s) or an input
# using over 2 GB leaves Fuzz/Crashes/<target>-crash-<sha1> and makes this script exit 1: fix the cause, then
# copy the input into Tests/Fixtures/fuzz-regressions/ so the test suite replays it forever.
# Needs a Swift toolchain with libFuzzer (the Linux toolchains from swift.org have it).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzScene FuzzPNG)

(cd Fuzz && nice swift build -c release --build-path ../.build/fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)

# Leaks are findings too, except fontconfig's process-lifetime configuration (Fuzz/lsan.supp).
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
status=0
mkdir -p Fuzz/Crashes
for t in "${targets[@]}"; do
  work=".build/fuzz-corpus/$t"
  mkdir -p "$work"
  echo "fuzz: $t for $seconds s"
  # -max_len: scenes and PNGs of the seed corpora are under 64 KB; longer inputs only slow the search.
  if ! nice -n 10 ".build/fuzz/release/$t" "$work" "Fuzz/Corpus/$t" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
      -artifact_prefix="Fuzz/Crashes/$t-" -print_final_stats=1; then
    echo "fuzz: $t found a failing input (see Fuzz/Crashes/)" >&2
    status=1
  fi
done
exit $status
