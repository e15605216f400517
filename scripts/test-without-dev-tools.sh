#!/usr/bin/env bash
# The README's two commands on a machine that has a Swift toolchain and nothing of `scripts/setup.sh --dev`: a
# minimal Debian chroot (the base scripts/test-deb.sh keeps in /var/cache/forkrender, or a fresh debootstrap), the
# packages swift.org lists for running its Linux toolchain, this machine's toolchain bind-mounted read-only at the
# same path, a clone of HEAD, then exactly `scripts/setup.sh && swift run -c release forkrender -o frames --video
# preview.mp4` and `swift test -c release -Xswiftc -enable-testing`. Tests that need an oracle or a browser must skip
# with their reason there, not fail. Not run by CI: it builds the project a second time (about 10 minutes on 2 cores).
#
#   sudo scripts/test-without-dev-tools.sh     # needs root (chroot, mount) and debootstrap; 77 when they are missing
set -euo pipefail
cd "$(dirname "$0")/.."
skip() { echo "test-without-dev-tools: skipped: $1" >&2; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "needs root (chroot and mount)"
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
[ -x "$toolchain/usr/bin/swift" ] || skip "found no Swift toolchain on PATH"
. /etc/os-release
arch=$(dpkg --print-architecture)
base="/var/cache/forkrender/debootstrap-$VERSION_CODENAME-$arch.tar"
[ -f "$base" ] || command -v debootstrap >/dev/null || skip "no kept base ($base) and no debootstrap"

work=$(mktemp -d /var/tmp/forkrender-nodev.XXXXXX)
root="$work/root"
cleanup() {
  mkdir -p /var/tmp/forkrender-nodev-logs && cp "$work"/*.log /var/tmp/forkrender-nodev-logs/ 2>/dev/null || true
  for m in "$root$toolchain" "$root/dev" "$root/proc"; do umount "$m" 2>/dev/null || true; done
  [ "${FORKRENDER_KEEP_CHROOT:-0}" = 1 ] && echo "test-without-dev-tools: kept $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$root"
if [ -f "$base" ]; then
  tar -xpf "$base" -C "$root"
else
  mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
  debootstrap --variant=minbase "$VERSION_CODENAME" "$root" "${mirror:-http://deb.debian.org/debian}" > "$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
fi
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
  cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/" && rm -f "$root/etc/apt/sources.list"
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mkdir -p "$root$toolchain"
mount --bind -o ro "$toolchain" "$root$toolchain"
in_root() {
  chroot "$root" /usr/bin/env -i PATH="$toolchain/usr/bin:/usr/sbin:/usr/bin:/sbin:/bin" HOME=/root LANG=C.UTF-8 "$@"
}

# What the toolchain itself needs on Debian (swift.org's list for Debian 12), and git to clone.
in_root sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  binutils git gnupg2 libc6-dev libcurl4-openssl-dev libedit2 libncurses6 libgcc-12-dev libpython3-dev libsqlite3-0 \
  libstdc++-12-dev libxml2-dev libz3-dev pkg-config tzdata zlib1g-dev ca-certificates' > "$work/apt.log" 2>&1 \
  || { tail -30 "$work/apt.log" >&2; exit 1; }
for tool in chromium chromedriver hb-view rsvg-convert parallel debootstrap lintian zsh fish; do
  if in_root sh -c "command -v $tool" >/dev/null; then echo "test-without-dev-tools: the chroot has $tool" >&2; exit 1; fi
done

git clone -q --no-local "$PWD" "$root/root/forkrender"
echo "test-without-dev-tools: scripts/setup.sh && swift run -c release forkrender -o frames --video preview.mp4"
in_root sh -c 'cd /root/forkrender && scripts/setup.sh && swift run -c release forkrender -o frames --video preview.mp4' \
  > "$work/quickstart.log" 2>&1 || { tail -30 "$work/quickstart.log" >&2; exit 1; }
echo "test-without-dev-tools: $(ls "$root/root/forkrender/frames" | wc -l) frames, $(stat -c %s "$root/root/forkrender/preview.mp4") bytes of video"
echo "test-without-dev-tools: swift test -c release -Xswiftc -enable-testing"
if ! in_root sh -c 'cd /root/forkrender && swift test -c release -Xswiftc -enable-testing' > "$work/test.log" 2>&1; then
  grep -E 'error|failed|Test run' "$work/test.log" | tail -30 >&2
  exit 1
fi
grep -E 'Test run with|Executed [0-9]+ tests' "$work/test.log" | tail -2
echo "test-without-dev-tools: skipped for a missing tool: $(grep -c 'skipped' "$work/test.log" || true) lines"
