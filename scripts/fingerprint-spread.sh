#!/usr/bin/env bash
# Renders every scene's check frames (scale 1, as the golden suite) under each renderer fingerprint this machine
# can produce, then measures how far they drift (scripts/fingerprint-spread.py): the evidence behind
# CheckDefaults' cross-fingerprint tolerance (docs/regression.md, "Across fingerprints").
#
#   scripts/fingerprint-spread.sh [forkrender-binary] [out-folder]
#
# Other fingerprints come from LD_PRELOAD of the FreeType and HarfBuzz that Python wheels bundle (Pillow's,
# skia-python's; scripts/setup.sh --dev installs both): their symbols take the place of the system's, and
# `forkrender --version --verbose` under the same preload names the versions the references record.
set -euo pipefail
bin=${1:-.build/release/forkrender}
out=${2:-/tmp/forkrender-fingerprints}
site=$(python3 -c 'import PIL, os; print(os.path.dirname(os.path.dirname(PIL.__file__)))')
pil_ft=$(ls "$site"/pillow.libs/libfreetype-*.so* | head -1)
pil_hb=$(ls "$site"/pillow.libs/libharfbuzz-*.so* | head -1)
skia_ft=$(ls "$site"/skia_python.libs/libfreetype-*.so* | head -1)
rm -rf "$out" && mkdir -p "$out"
render() {  # name, LD_PRELOAD value
  env ${2:+LD_PRELOAD="$2"} "$bin" --version --verbose | grep -E '^(FreeType|HarfBuzz):' | tr '\n' ' '
  echo "<- $1"
  env ${2:+LD_PRELOAD="$2"} "$bin" check scenes --references "$out/$1" --update all --scale 1 -q >/dev/null
}
render base ""
render freetype-pillow "$pil_ft"
render freetype-skia "$skia_ft"
render freetype-harfbuzz-pillow "$pil_ft $pil_hb"
python3 scripts/fingerprint-spread.py "$out/base" "$out/freetype-pillow" "$out/freetype-skia" "$out/freetype-harfbuzz-pillow"
