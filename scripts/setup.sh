#!/usr/bin/env bash
# Installs what forkrender needs and is missing: libpng and ISA-L (PNG), FreeType, HarfBuzz, fontconfig and GNU FriBidi
# (text), librsvg (SVG icons), GNU libmicrohttpd (the server of `forkrender preview`), ffmpeg (video), pngcheck,
# the DejaVu fonts (the same faces on every machine keep reference images stable) and the Noto fonts
# per-character fallback draws from (Arabic, Hebrew, Devanagari and the other scripts of fonts-noto-core, CJK,
# color emoji; Noto Serif is also the serif where Besley is not installed).
# Debian/Ubuntu through apt, macOS through Homebrew.
# Safe to run again: it only installs what is missing.
#
#   scripts/setup.sh          # build and run
#   scripts/setup.sh --dev    # also the independent renderers the test suite compares against (hb-view,
#                             # rsvg-convert, Chromium with chromium-driver and Selenium: the preview page's browser
#                             # test and the web glass tier's; NumPy and, from PyPI, skia-python: the frosted and
#                             # Android glass tiers' oracles) and GNU parallel (the README's sharding recipe runs as
#                             # a test), Node.js (the preview page's JavaScript syntax check), PyPI's jsonschema (the
#                             # schema agreement test); their tests skip when
#                             # these are missing. On Debian also what packaging
#                             # needs (dpkg-dev, lintian: scripts/package-deb.sh; debootstrap: scripts/test-deb.sh)
#                             # and what the manual and completion tests try (groff, zsh, fish), and the Papirus,
#                             # Breeze and Adwaita icon themes (the real-icon test draws a sample of them)
set -euo pipefail
dev=0
for arg in "$@"; do
  case "$arg" in
    --dev) dev=1 ;;
    *) echo "setup: unknown option '$arg' (expected --dev)" >&2; exit 2 ;;
  esac
done

# The Swift toolchain comes first: without it nothing below is of use, so nothing is installed.
need_swift="6.0"   # Package.swift's swift-tools-version; built and tested with 6.3.1
swift_advice() {
  cat >&2 <<ADVICE
setup: $1
  forkrender needs a Swift $need_swift or later toolchain (built and tested with 6.3.1) on PATH; setup.sh installs
  only the C libraries and tools. To get one:
    Linux: swiftly (https://www.swift.org/install/linux/), e.g.
             curl -O https://download.swift.org/swiftly/linux/swiftly-\$(uname -m).tar.gz
             tar zxf swiftly-\$(uname -m).tar.gz && ./swiftly init
           or the Linux tarball for your distribution from https://www.swift.org/install/ (unpack it and put its
           usr/bin on PATH)
    macOS: Xcode 16 or later from the App Store (or swiftly, https://www.swift.org/install/macos/)
  Then run scripts/setup.sh again.
ADVICE
  exit 1
}
if ! command -v swift >/dev/null 2>&1; then
  swift_advice "no 'swift' on PATH"
fi
# A swift that cannot start (a missing shared library) must reach the advice, not end the script under pipefail.
swift_said=$(swift --version 2>&1 || true)
swift_version=$(printf '%s\n' "$swift_said" | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -n 1)
if [ -z "$swift_version" ]; then
  swift_advice "'swift --version' did not print a Swift version; it said: $(printf '%s' "$swift_said" | head -n 2)"
fi
if [ "$(printf '%s\n%s\n' "$need_swift" "$swift_version" | sort -V | head -n 1)" != "$need_swift" ]; then
  swift_advice "Swift $swift_version is too old"
fi

if command -v apt-get >/dev/null 2>&1; then
  pkgs=(libpng-dev libisal-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev libfribidi-dev librsvg2-dev libmicrohttpd-dev
        fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji ffmpeg pngcheck pkg-config)
  if [ "$dev" -eq 1 ]; then pkgs+=(libharfbuzz-bin librsvg2-bin chromium chromium-driver python3-selenium nodejs parallel python3 python3-numpy python3-pip
                                   debootstrap dpkg-dev lintian groff-base zsh fish
                                   papirus-icon-theme breeze-icon-theme adwaita-icon-theme); fi
  missing=()
  for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "setup: installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
elif command -v brew >/dev/null 2>&1; then
  pkgs=(libpng isa-l freetype harfbuzz fontconfig fribidi librsvg libmicrohttpd ffmpeg pngcheck pkg-config font-dejavu font-noto-sans
        font-noto-sans-arabic font-noto-sans-hebrew font-noto-sans-devanagari font-noto-sans-cjk font-noto-color-emoji)
  if [ "$dev" -eq 1 ]; then pkgs+=(chromium chromedriver node parallel); fi   # hb-view comes with harfbuzz, rsvg-convert with librsvg
  # (Selenium for the preview's browser test: pip install selenium)
  for p in "${pkgs[@]}"; do
    brew list "$p" >/dev/null 2>&1 || brew install "$p"
  done
else
  echo "setup: no apt-get or brew found; install libpng, isa-l, freetype, harfbuzz, fontconfig, fribidi, librsvg, libmicrohttpd, ffmpeg," \
       "pngcheck and the DejaVu and Noto fonts yourself" >&2
  exit 2
fi
if [ "$dev" -eq 1 ]; then
  # Skia itself, the Android glass tier's oracle (Tests/ComposeTests/GlassOracles): PyPI's skia-python (it brings
  # NumPy), pinned so the measured figures in docs/glass.md repeat, into the python3 on PATH; a Debian system
  # Python refuses pip installs unless told (PEP 668).
  if ! python3 -c 'import skia, numpy' >/dev/null 2>&1; then
    echo "setup: installing skia-python (pip)"
    python3 -m pip install --quiet skia-python==144.1 2>/dev/null \
      || python3 -m pip install --quiet --break-system-packages skia-python==144.1 \
      || echo "setup: could not install skia-python; the Android glass comparison will skip" >&2
  fi
  # The Python port of pixelmatch (its anti-aliasing detector) for scripts/fingerprint-spread.py, and PyPI's
  # Pillow, whose wheel bundles the other FreeType and HarfBuzz that script preloads; pinned like the figures they produced (docs/regression.md, "Across fingerprints").
  if ! python3 -c 'import pixelmatch, PIL, os; assert os.path.isdir(os.path.join(os.path.dirname(os.path.dirname(PIL.__file__)), "pillow.libs"))' >/dev/null 2>&1; then
    python3 -m pip install --quiet pixelmatch==0.4.0 pillow==13.0.0 2>/dev/null \
      || python3 -m pip install --quiet --break-system-packages pixelmatch==0.4.0 pillow==13.0.0 \
      || echo "setup: could not install pixelmatch (PyPI); scripts/fingerprint-spread.py will not run" >&2
  fi
  # PyPI's jsonschema, the validator SchemaAgreementTests holds scenes/scene.schema.json against the decoder with
  # (scripts/schema-mutants.py, scripts/validate-scenes.py); pinned so the mutants' verdicts repeat.
  if ! python3 -c 'import jsonschema' >/dev/null 2>&1; then
    python3 -m pip install --quiet jsonschema==4.26.0 2>/dev/null \
      || python3 -m pip install --quiet --break-system-packages jsonschema==4.26.0 \
      || echo "setup: could not install jsonschema (PyPI); the schema agreement test will skip" >&2
  fi
fi
echo "setup: dependencies present"
