#!/usr/bin/env bash
# Installs what forkrender needs and is missing: libpng (PNG), FreeType, HarfBuzz and fontconfig (text),
# ffmpeg (video), pngcheck, and the DejaVu and Noto fonts (the same faces on every machine keep reference images
# stable: the serif falls back to Noto Serif where Besley is not installed, as on the machines the references come from).
# Debian/Ubuntu through apt, macOS through Homebrew. Safe to run again: it only installs what is missing.
set -euo pipefail

if command -v apt-get >/dev/null 2>&1; then
  pkgs=(libpng-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-dejavu-core fonts-noto-core ffmpeg pngcheck pkg-config)
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
  for p in libpng freetype harfbuzz fontconfig ffmpeg pngcheck pkg-config font-dejavu; do
    brew list "$p" >/dev/null 2>&1 || brew install "$p"
  done
else
  echo "setup: no apt-get or brew found; install libpng, freetype, harfbuzz, fontconfig, ffmpeg and pngcheck yourself" >&2
  exit 2
fi
echo "setup: dependencies present"
