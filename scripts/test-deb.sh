#!/usr/bin/env bash
# The Debian package on a clean machine: a minimal Debian chroot made by debootstrap (the release and mirror this
# machine's apt uses, no Swift toolchain inside) gets the package with `apt-get install ./forkrender_*.deb`, then
# renders the showcase to PNGs and an mp4, runs `check` against references made outside the chroot (and compares
# the PNGs byte for byte), at threshold 0 and at check's defaults (which must compare exactly: the fingerprint
# the references carry is the chroot's, so no frame may fall back to the cross-renderer tolerance, and a dots'
# idle alpha of 0.08 instead of 0.05, which threshold 0.1 lets through, must fail), `lint`, `diff` and
# `--version --verbose`, and shows that `ldd` finds every library;
# first, that the packaged binary holds no benchmark (scripts/check-no-bench.sh, `nm` and `strings`).
#
#   scripts/test-deb.sh [<forkrender_*.deb>]    # without one, scripts/package-deb.sh builds it
#
# Needs root (chroot, mount) and debootstrap (scripts/setup.sh --dev); exits 77 with the reason without them, as
# a skipped test. The debootstrapped base (about 3.5 minutes and 200 MB, mostly download) is kept as a tarball in
# /var/cache/forkrender for 7 days: it holds only Debian's own packages as debootstrap left them, every run unpacks
# it into a fresh folder, and `apt-get update` inside fetches the current package lists before the install, so a
# kept base changes nothing the test checks. FORKRENDER_DEB_FRESH=1 makes a new one.
set -euo pipefail
cd "$(dirname "$0")/.."
skip() { echo "test-deb: skipped: $1" >&2; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "needs root (debootstrap, chroot and mount)"
command -v debootstrap >/dev/null || skip "debootstrap is not installed (scripts/setup.sh --dev)"
command -v dpkg >/dev/null || skip "not a Debian or Ubuntu machine"
. /etc/os-release
codename="${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}"
arch=$(dpkg --print-architecture)

# The mirror this machine's apt uses for its release: deb822 .sources first, then one-line lists.
mirror=$(awk -v s="$codename" '
  /^URIs:/ { uri = $2 } /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == s && uri != "") { print uri; exit } }
  /^$/ { uri = "" }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
[ -n "$mirror" ] || mirror=$(awk -v s="$codename" '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i !~ /^\[/ && $i ~ /:\/\//) { if ($(i+1) == s) { print $i; exit } } }' \
  /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null || true)
[ -n "$mirror" ] || skip "found no apt source for '$codename' in /etc/apt/sources.list(.d)"

deb="${1:-}"
work=$(mktemp -d /var/tmp/forkrender-test-deb.XXXXXX)
root="$work/root"
cleanup() {
  umount "$root/proc" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
if [ -z "$deb" ]; then
  scripts/package-deb.sh -o "$work"
  deb=$(ls "$work"/forkrender_*.deb)
fi
[ -f "$deb" ] || { echo "test-deb: no such package '$deb'" >&2; exit 2; }
# The packaged binary holds no benchmark (they are `forkrender-bench`, never packaged): before the chroot, as it
# needs none.
mkdir -p "$work/unpacked"
dpkg-deb -x "$deb" "$work/unpacked"
scripts/check-no-bench.sh "$work/unpacked/usr/bin/forkrender"

cache=/var/cache/forkrender
base="$cache/debootstrap-$codename-$arch.tar"
start=$SECONDS
if [ "${FORKRENDER_DEB_FRESH:-0}" != 1 ] && [ -n "$(find "$base" -mtime -7 2>/dev/null)" ]; then
  echo "test-deb: unpacking the kept $codename base ($base)"
  mkdir -p "$root" && tar -xpf "$base" -C "$root"
else
  echo "test-deb: debootstrap --variant=minbase $codename from $mirror"
  debootstrap --variant=minbase "$codename" "$root" "$mirror" > "$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
  mkdir -p "$cache"
  tar -cpf "$base.part" -C "$root" . && mv "$base.part" "$base"
fi
echo "test-deb: base ready in $((SECONDS - start)) s"

# The same apt sources as this machine (its Debian ones: the release, updates and security).
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
  cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/"
  rm -f "$root/etc/apt/sources.list"
elif [ -f /etc/apt/sources.list ]; then
  cp /etc/apt/sources.list "$root/etc/apt/sources.list"
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

start=$SECONDS
cp "$deb" "$root/root/"
in_root sh -c 'apt-get update -qq && cd /root && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ./forkrender_*.deb' \
  > "$work/apt.log" 2>&1 || { tail -30 "$work/apt.log" >&2; exit 1; }
echo "test-deb: apt-get install ./$(basename "$deb") took $((SECONDS - start)) s"
if in_root sh -c 'command -v swift'; then echo "test-deb: the chroot has a swift" >&2; exit 1; fi
if in_root ldd /usr/bin/forkrender | grep -E 'not found|libswift|libFoundation|libdispatch'; then
  echo "test-deb: the installed binary misses a library or loads a toolchain one (above)" >&2
  exit 1
fi

# References and frames made outside the chroot by the same binary (the package's own).
host="$work/host"
mkdir -p "$host"
dpkg-deb -x "$deb" "$host/pkg"
fr="$host/pkg/usr/bin/forkrender"
scenes="basic-grid.json liquid-merge.json content-navbar-liquid.json"
"$fr" --frames 0..9 --scale 1 -q -o "$host/frames"
(cd scenes && env -u CI "$fr" check $scenes --references "$host/refs" --scale 1 --update all -q > "$host/check.txt")
"$fr" --version --verbose > "$host/version.txt"
cp -r "$host/refs" "$root/root/refs"
# References of a slightly changed basic-grid (the dots' idle alpha 0.08, default 0.05), under the same key.
mkdir -p "$host/changed"
printf '{"canvas": {"width": 390, "height": 844, "scale": 3}, "appearance": "light", "duration": 1, "fps": 30, "plane": {"dotIdle": 0.08}}\n' \
  > "$host/changed/basic-grid.json"
(cd "$host/changed" && env -u CI "$fr" check basic-grid.json --references "$host/refs-changed" --scale 1 --update all -q > /dev/null)
cp -r "$host/refs-changed" "$root/root/refs-changed"

start=$SECONDS
in_root sh -ec '
  cd /root
  forkrender --version --verbose > version.txt
  forkrender --frames 0..9 --scale 1 -q -o frames
  forkrender --frames 0..29 --scale 0.5 -q --video showcase.mp4
  test -s showcase.mp4
  cd /usr/share/forkrender/scenes
  CI=true forkrender check '"$scenes"' --references /root/refs --scale 1 --threshold 0 -q
  CI=true forkrender check '"$scenes"' --references /root/refs --scale 1 --junit /root/defaults.xml > /root/defaults.txt 2>&1 \
    || { cat /root/defaults.txt >&2; echo "check at the defaults failed inside the chroot (above)" >&2; exit 1; }
  if grep -l "tolerance for another renderer" /root/defaults.txt /root/defaults.xml; then
    echo "check at the defaults fell back to the cross-renderer tolerance inside the chroot (above)" >&2; exit 1
  fi
  CI=true forkrender check basic-grid.json --references /root/refs-changed --scale 1 --threshold 0.1 -q
  rc=0; CI=true forkrender check basic-grid.json --references /root/refs-changed --scale 1 -q > /root/changed.txt || rc=$?
  [ "$rc" -eq 1 ] || { echo "check at the defaults exited $rc on a dotIdle change of 0.03 inside the chroot (expected 1: failed)" >&2; exit 1; }
  forkrender lint content-navbar-liquid.json --frames 0..2 > /root/lint.txt
  forkrender diff /root/frames/0000.png /root/frames/0000.png -q
  if forkrender diff /root/frames/0000.png /root/frames/0009.png -q; then echo "diff: frames 0 and 9 equal" >&2; exit 1; fi
  forkrender help check > /dev/null
  man -w forkrender >/dev/null 2>&1 || test -f /usr/share/man/man1/forkrender.1.gz
' || { echo "test-deb: a command failed inside the chroot (above)" >&2; exit 1; }
diff "$host/version.txt" "$root/root/version.txt" || { echo "test-deb: the chroot's fingerprint differs (above)" >&2; exit 1; }
for f in "$host"/frames/*.png; do
  cmp "$f" "$root/root/frames/$(basename "$f")" || { echo "test-deb: frame $(basename "$f") differs" >&2; exit 1; }
done
echo "test-deb: in the chroot: 10 showcase frames byte-identical to this machine's, an mp4, check ($scenes) against" \
     "references made here (at threshold 0, and at the defaults: $(tail -1 "$root/root/defaults.txt"), compared exactly;" \
     "a dotIdle change that threshold 0.1 passes failed: $(tail -1 "$root/root/changed.txt")), lint, diff," \
     "--version --verbose equal to this machine's ($((SECONDS - start)) s)"
