#!/usr/bin/env bash
# Builds forkrender from this clone and installs it with its manual page, the bash, zsh and fish completions and
# the example scenes (with their JSON Schema), for people who build from source; on Debian the package
# (scripts/package-deb.sh) is the other way.
#
#   scripts/install.sh [--prefix /usr/local]     # as root, or with sudo, for a system prefix
#
# Installs <prefix>/bin/forkrender, <prefix>/share/man/man1/forkrender.1, bash-completion/completions/forkrender,
# zsh/site-functions/_forkrender and fish/vendor_completions.d/forkrender.fish under <prefix>/share, and
# <prefix>/share/forkrender/scenes/. On Linux the Swift runtime is linked in (--static-swift-stdlib), so the binary
# keeps working when the toolchain moves or goes; it shares its build folder with package-deb.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=/usr/local
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a folder}"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    *) echo "install: unknown option '$1' (expected --prefix <folder>)" >&2; exit 2 ;;
  esac
done
command -v swift >/dev/null || { echo "install: no 'swift' on PATH: run scripts/setup.sh, which says how to get one" >&2; exit 1; }

if [ "$(uname -s)" = Linux ]; then
  swift build -c release --static-swift-stdlib --scratch-path .build/deb --product forkrender
  binary=.build/deb/release/forkrender
else
  swift build -c release --product forkrender
  binary=.build/release/forkrender
fi

# Only `forkrender` is built and installed: the benchmarks are `forkrender-bench`, which stays in the tree.
scripts/check-no-bench.sh "$binary" > /dev/null

share="$prefix/share"
install -d "$prefix/bin" "$share/man/man1" "$share/bash-completion/completions" "$share/zsh/site-functions" \
           "$share/fish/vendor_completions.d" "$share/forkrender/scenes/icons"
install -m 0755 "$binary" "$prefix/bin/forkrender"
"$binary" --generate-manual > "$share/man/man1/forkrender.1"
"$binary" --generate-completion-script bash > "$share/bash-completion/completions/forkrender"
"$binary" --generate-completion-script zsh > "$share/zsh/site-functions/_forkrender"
"$binary" --generate-completion-script fish > "$share/fish/vendor_completions.d/forkrender.fish"
chmod 0644 "$share/man/man1/forkrender.1" "$share/bash-completion/completions/forkrender" \
           "$share/zsh/site-functions/_forkrender" "$share/fish/vendor_completions.d/forkrender.fish"
install -m 0644 scenes/*.json "$share/forkrender/scenes/"
install -m 0644 scenes/icons/* "$share/forkrender/scenes/icons/"
echo "install: forkrender $("$prefix/bin/forkrender" --version | cut -d' ' -f2) in $prefix/bin, its manual, completions and scenes under $share"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "install: $prefix/bin is not on PATH" >&2 ;; esac
