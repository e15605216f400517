#!/usr/bin/env bash
# Builds forkrender_<version>_<arch>.deb with dpkg-deb: a release binary with the Swift runtime linked in
# (`--static-swift-stdlib`: with Swift 6 on Linux that covers the standard library, Foundation and Dispatch, so
# nothing of the toolchain is loaded at run time; checked with ldd below), the manual page and the bash, zsh and
# fish completions the binary generates from its own option tables, and the example scenes with their JSON Schema.
#
#   scripts/package-deb.sh [-o <folder>]     # default: the current folder
#
# Depends: what dpkg-shlibdeps finds for the libraries the binary loads (libpng, ISA-L, FreeType, HarfBuzz,
# FriBidi, fontconfig, librsvg, libmicrohttpd, cairo, GLib, ...), with the versions their symbols files demand,
# plus ffmpeg (--video) and the fonts the built-in showcase is drawn with, at least the versions on this machine
# (a frame is byte-identical only with the same fonts: `forkrender --version --verbose`). Needs a Debian or
# Ubuntu machine with the Swift toolchain and `scripts/setup.sh` done (dpkg-dev for dpkg-shlibdeps). Runs
# lintian when installed (`scripts/setup.sh --dev`); the tags it leaves are overridden in the package with the
# reason (usr/share/lintian/overrides/forkrender, written below).
set -euo pipefail
cd "$(dirname "$0")/.."
out="."
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out="${2:?-o needs a folder}"; shift 2 ;;
    *) echo "package-deb: unknown option '$1' (expected -o <folder>)" >&2; exit 2 ;;
  esac
done
for tool in swift dpkg-deb dpkg-shlibdeps dpkg-query; do
  command -v "$tool" >/dev/null || { echo "package-deb: '$tool' is missing (scripts/setup.sh; dpkg-dev)" >&2; exit 2; }
done

# A scratch path of its own: the static runtime changes every module's link, and the suite's build stays as is.
scratch=.build/deb
echo "package-deb: building the release binary with the Swift runtime linked statically" >&2
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product forkrender 2>&1 \
  | grep -E 'error|warning: unre' >&2 || true
binary="$scratch/release/forkrender"
[ -x "$binary" ] || { echo "package-deb: the build did not produce $binary" >&2; exit 1; }

# Nothing from the toolchain may be loaded: no library from its folder and no Swift runtime by name.
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
if ldd "$binary" | grep -E "$toolchain|libswift|libFoundation|libdispatch|libBlocksRuntime" >&2; then
  echo "package-deb: the binary loads toolchain libraries (above)" >&2
  exit 1
fi

version=$("$binary" --version | sed -n 's/^forkrender \([0-9][0-9.]*\)$/\1/p')
arch=$(dpkg --print-architecture)
[ -n "$version" ] || { echo "package-deb: '$binary --version' printed no version" >&2; exit 1; }
name="forkrender_${version}_${arch}"
stage="$scratch/stage/$name"
rm -rf "$stage"
umask 022
mkdir -p "$stage/DEBIAN" "$stage/usr/bin" "$stage/usr/share/man/man1" "$stage/usr/share/doc/forkrender" \
         "$stage/usr/share/bash-completion/completions" "$stage/usr/share/zsh/vendor-completions" \
         "$stage/usr/share/fish/vendor_completions.d" "$stage/usr/share/forkrender/scenes" \
         "$stage/usr/share/lintian/overrides"

install -m 0755 "$binary" "$stage/usr/bin/forkrender"
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$stage/usr/bin/forkrender"
"$binary" --generate-manual | gzip -9n > "$stage/usr/share/man/man1/forkrender.1.gz"
"$binary" --generate-completion-script bash > "$stage/usr/share/bash-completion/completions/forkrender"
"$binary" --generate-completion-script zsh > "$stage/usr/share/zsh/vendor-completions/_forkrender"
"$binary" --generate-completion-script fish > "$stage/usr/share/fish/vendor_completions.d/forkrender.fish"
# The examples (not scenes/invalid/, the decoder's test inputs) with the icons they name and the schema.
install -m 0644 scenes/*.json "$stage/usr/share/forkrender/scenes/"
cp -r scenes/icons "$stage/usr/share/forkrender/scenes/icons"
install -m 0644 README.md "$stage/usr/share/doc/forkrender/README.md"
maintainer="forkrender maintainers <maintainers@users.noreply.a-seed-3826b9b4.example>"
# Debian policy: a native package carries changelog.gz; one entry for the version packaged.
printf 'forkrender (%s) unstable; urgency=medium\n\n  * Packaged from commit %s.\n\n -- %s  %s\n' \
  "$version" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" "$maintainer" "$(date -R)" \
  | gzip -9n > "$stage/usr/share/doc/forkrender/changelog.gz"
cat > "$stage/usr/share/doc/forkrender/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: forkrender

Files: *
Copyright: $(git log -1 --format=%cd --date=format:%Y 2>/dev/null || date +%Y) the forkrender maintainers
License: unstated
 The source repository carries no license file. Ask the maintainers before redistributing this package.
COPYRIGHT
cat > "$stage/usr/share/lintian/overrides/forkrender" <<'OVERRIDES'
# Swift's linker driver passes no -z now, and Swift code has no _FORTIFY_SOURCE (its checks are the
# language's own); the C shims are a few small files.
forkrender: hardening-no-bindnow [usr/bin/forkrender]
forkrender: hardening-no-fortify-functions [usr/bin/forkrender]
# Words inside the statically linked Foundation and its ICU data (locale names, tokens cut at a buffer's end).
forkrender: spelling-error-in-binary * [usr/bin/forkrender]
OVERRIDES
find "$stage" -type d -exec chmod 0755 {} +
find "$stage/usr/share" -type f -exec chmod 0644 {} +

# Depends: dpkg-shlibdeps reads the binary's NEEDED libraries and their packages' symbols files; it wants a
# debian/control to stand in, which says nothing it uses.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/debian"
printf 'Source: forkrender\n\nPackage: forkrender\nArchitecture: any\n' > "$work/debian/control"
shlibs=$(cd "$work" && dpkg-shlibdeps -O -e"$OLDPWD/$stage/usr/bin/forkrender" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$shlibs" ] || { echo "package-deb: dpkg-shlibdeps found no libraries" >&2; exit 1; }
# At least the version installed here, without its Debian revision: the tested ffmpeg and the same font files.
at_least() {
  local v
  v=$(dpkg-query -W -f='${Version}' "$1" 2>/dev/null) || { echo "package-deb: '$1' is not installed (scripts/setup.sh)" >&2; exit 1; }
  echo "$1 (>= ${v%-*})"
}
depends="$shlibs, $(at_least ffmpeg), $(at_least fonts-dejavu-core), $(at_least fonts-noto-core)"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<CONTROL
Package: forkrender
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Recommends: fonts-noto-cjk, fonts-noto-color-emoji
Section: graphics
Priority: optional
Description: software rasterizer for the FORK design language
 forkrender turns a scene file into PNG frames and video previews: a dot plane
 with spring physics, Liquid Glass and its frosted, web and Android tiers, and
 text, icons and fills. Frames are byte-identical for any run and thread
 count. It renders tier sheets, measures legibility, compares images
 (visual regression against reference PNGs) and serves a live preview page.
CONTROL
(cd "$stage" && find usr -type f -exec md5sum {} + | sort -k2) > "$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

mkdir -p "$out"
deb="$out/$name.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "package-deb: wrote $deb ($(du -h "$deb" | cut -f1))"
echo "package-deb: Depends: $depends"
if command -v lintian >/dev/null; then
  lintian --fail-on error,warning "$deb" && echo "package-deb: lintian clean (overridden tags with their reasons: usr/share/lintian/overrides/forkrender)"
else
  echo "package-deb: lintian not installed (scripts/setup.sh --dev): not checked" >&2
fi
