#!/usr/bin/env bash
# Runs forkrender's libFuzzer targets (Fuzz/), each for SECONDS (default 600), one after the other, at low
# priority (nice):
#   FuzzScene    scene bytes -> decode -> validate -> one tiny frame
#   FuzzPNG      PNG bytes -> header cap -> decode (the path `diff` and `check` read references through)
#   FuzzPreview  a request (method, path, query, headers) -> the preview's access checks and routes, no socket
#   FuzzIcon     an icon file's bytes or inline path data -> the scene decoder's symbol checks -> one tiny frame
#   FuzzVideoProbe  ffprobe's output -> VideoProbe's parser -> the decoder's video budgets (no process)
# Builds with -sanitize=fuzzer,address into .build/fuzz, apart from the normal build.
#
#   scripts/fuzz.sh [SECONDS] [FuzzScene|FuzzPNG|FuzzPreview|FuzzIcon|FuzzVideoProbe ...]
#
# Exit status: 0 when no target found anything; 1 when one did: a crash, a sanitizer report, a leak that grows
# per input, a timeout (10 s on one input) or an input using over 2 GB; each such input is saved as
# Fuzz/Crashes/<target>-<kind>-<sha1> and its path printed. Fix the cause, then add the input to a test of the
# code it broke (e.g. Tests/ComposeTests/HostileCorpusTests.swift for a scene) and to Fuzz/Corpus/<target>/.
# Exit 77: this toolchain has no libFuzzer (Apple's Xcode toolchains; the Linux toolchains from swift.org have
# it), nothing was run. Exit 2: usage.
#
# Seed corpora are Fuzz/Corpus/<target>/ (committed, small); inputs the fuzzer finds interesting go to
# .build/fuzz-corpus/<target>/ (not committed), the full output to .build/fuzz-logs/<target>.log.
#
# Leaks: libFuzzer checks each input that allocates more than it frees (run again; a leak check when the second
# run still does), so a leak that grows per input fails. Memory a process allocates once and keeps for its life
# is not a finding: Fuzz/lsan.supp names Swift's one-time initializers of globals and `static let`s (the
# SVGReferencePolicy regexes: 40,926 bytes) and fontconfig's configuration. Before it, LeakSanitizer's check at
# exit reported them after every clean run, and libFuzzer's death callback saved the input it held at that
# moment, the empty one, as a "crash"; an empty input saved with a leak report is named as such below.
#
# Memory: a target's RSS levels off at about 450-700 MB within 20 s, most of it AddressSanitizer's quarantine of
# freed memory (256 MB by default; FuzzPNG levels at 122 MB with ASAN_OPTIONS=quarantine_size_mb=32). FuzzPNG
# used to climb to 1.4-1.7 GB: libpng allocated and zeroed the length a chunk header declared (cpng.c now
# refuses a chunk over 8,000,000 bytes first); over 300 s it now stays at 455-474 MB.
set -euo pipefail
cd "$(dirname "$0")/.."
all=(FuzzScene FuzzPNG FuzzPreview FuzzIcon FuzzVideoProbe)
seconds="${1:-600}"
case "$seconds" in ''|*[!0-9]*) echo "usage: scripts/fuzz.sh [SECONDS] [FuzzScene|FuzzPNG|FuzzPreview|FuzzIcon|FuzzVideoProbe ...]" >&2; exit 2 ;; esac
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
for t in "${targets[@]}"; do
  [[ " ${all[*]} " == *" $t "* ]] || { echo "fuzz: unknown target '$t' (expected one of ${all[*]})" >&2; exit 2; }
done

# libFuzzer ships with clang's runtime in the toolchain (libclang_rt.fuzzer); without it nothing can be built.
resources=$(swiftc -print-target-info 2>/dev/null | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')
if ! compgen -G "$resources/clang/lib/*/libclang_rt.fuzzer*.a" >/dev/null && ! compgen -G "$resources/clang/lib/*/*/libclang_rt.fuzzer*.a" >/dev/null; then
  echo "fuzz: skipped: this Swift toolchain has no libFuzzer (no libclang_rt.fuzzer under $resources/clang); use a swift.org Linux toolchain" >&2
  exit 77
fi

start=$(date +%s)
(cd Fuzz && nice swift build -c release --build-path ../.build/fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
echo "fuzz: built in $(( $(date +%s) - start )) s"

export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
status=0
mkdir -p Fuzz/Crashes .build/fuzz-logs
for t in "${targets[@]}"; do
  work=".build/fuzz-corpus/$t"
  log=".build/fuzz-logs/$t.log"
  mkdir -p "$work"
  # -max_len: the seed scenes, PNGs and icons are under 64 KB, a request under 4 KB (libmicrohttpd's 32 KiB per
  # connection holds the request line and headers; longer inputs only slow the search).
  max_len=65536
  [ "$t" = FuzzPreview ] && max_len=4096
  [ "$t" = FuzzVideoProbe ] && max_len=16384  # VideoProbe.maxOutput: ffprobe says no more
  marker=$(mktemp)
  echo "fuzz: $t for $seconds s"
  code=0
  # Dictionaries: the words libFuzzer cannot learn from comparisons in uninstrumented code (libpng, librsvg,
  # Swift's standard library).
  dict=()
  [ -f "Fuzz/Dictionaries/$t.dict" ] && dict=(-dict="Fuzz/Dictionaries/$t.dict")
  nice -n 10 ".build/fuzz/release/$t" "$work" "Fuzz/Corpus/$t" ${dict[@]+"${dict[@]}"} \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$max_len" \
      -artifact_prefix="Fuzz/Crashes/$t-" -print_final_stats=1 >"$log" 2>&1 || code=$?
  found=$(find Fuzz/Crashes -maxdepth 1 -type f -name "$t-*" -newer "$marker" | sort)
  rm -f "$marker"
  grep -E '^#[0-9]+.*(DONE|pulse)' "$log" | tail -n 1 || true
  { grep -m 2 -E '^stat::(number_of_executed_units|peak_rss_mb)' "$log" || true; } | tr '\n' ' '; echo
  if [ "$code" -ne 0 ] || [ -n "$found" ]; then
    status=1
    # The report: the sanitizer's or libFuzzer's summary lines and the top of the stack.
    grep -E -m 12 'ERROR:|SUMMARY:|Fatal error|^ +#[0-4] |deadly signal|out-of-memory|timeout' "$log" >&2 || true
    if [ -n "$found" ]; then
      for f in $found; do
        if [ ! -s "$f" ] && grep -q 'LeakSanitizer: detected memory leaks' "$log" && grep -q '^Done [0-9]* runs' "$log"; then
          echo "fuzz: $t: LeakSanitizer's check at exit found memory no input freed (libFuzzer saved the empty input it held then): $f; see $log" >&2
        else
          echo "fuzz: $t found a failing input: $f ($(wc -c <"$f") bytes)" >&2
        fi
      done
    else
      echo "fuzz: $t exited $code without saving an input; see $log" >&2
    fi
  else
    echo "fuzz: $t found nothing"
  fi
done
exit $status
