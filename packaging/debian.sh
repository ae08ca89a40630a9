#!/usr/bin/env bash
# Builds the Debian package of frames from this tree: packaging/debian.sh OUTDIR writes
# OUTDIR/frames_<version>_<arch>.deb with the release binary, the man page, the bash, zsh and fish
# completions and the licence, and Depends: on the system libraries the binary links (found by
# dpkg-shlibdeps) and on libmicrohttpd, which `frames studio` opens at run time.
#
# Needs dpkg-dev (dpkg-shlibdeps, dpkg-deb) and the release build, which it runs (a no-op when
# .build/release/frames is up to date); BINARY=path packages a frames already built instead.
# OUTDIR and BINARY are paths as given, relative to the folder the script is run from (with
# spaces, or starting with a dash: `-` is a folder named -).
set -euo pipefail
if [ $# -ne 1 ] || [ -z "$1" ]; then
    echo "usage: packaging/debian.sh OUTDIR" >&2
    exit 64
fi
# A path from the folder the script was run from, made absolute before any cd (cd - would go
# back, a relative path would be read from elsewhere).
absolute() {
    case $1 in
        /*) printf '%s\n' "$1" ;;
        *) printf '%s\n' "$PWD/$1" ;;
    esac
}
out="$(absolute "$1")"
binary="${BINARY:-}"
[ -z "$binary" ] || binary="$(absolute "$binary")"
root="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p -- "$out"
out="$(cd -- "$out" && pwd)"
cd -- "$root"

if [ -z "$binary" ]; then
    swift build -c release --product frames
    binary="$root/.build/release/frames"
fi
version="$("$binary" --version | sed -n '1s/^frames \([0-9][^ ]*\).*/\1/p')"
arch="$(dpkg --print-architecture)"
[ -n "$version" ] || { echo "cannot read the version from $binary --version" >&2; exit 1; }

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
package="$stage/frames_${version}_${arch}"
install -d "$package/DEBIAN" "$package/usr/bin" "$package/usr/share/man/man1" \
    "$package/usr/share/bash-completion/completions" "$package/usr/share/zsh/vendor-completions" \
    "$package/usr/share/fish/vendor_completions.d" "$package/usr/share/doc/frames"
install -m 755 "$binary" "$package/usr/bin/frames"
strip --strip-unneeded "$package/usr/bin/frames" 2> /dev/null || true
"$binary" --generate man | gzip -9n > "$package/usr/share/man/man1/frames.1.gz"
"$binary" --generate complete-bash > "$package/usr/share/bash-completion/completions/frames"
"$binary" --generate complete-zsh > "$package/usr/share/zsh/vendor-completions/_frames"
"$binary" --generate complete-fish > "$package/usr/share/fish/vendor_completions.d/frames.fish"
gzip -9n < CHANGELOG.md > "$package/usr/share/doc/frames/changelog.gz"
{
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: frames"
    echo
    echo "Files: *"
    echo "Copyright: $(sed -n 's/^Copyright (c) //p' LICENSE)"
    echo "License: Expat"
    sed -e '1,/^$/d' -e 's/^$/./' -e 's/^/ /' LICENSE
} > "$package/usr/share/doc/frames/copyright"
find "$package/usr/share" -type f -exec chmod 644 {} +

# The libraries the binary links, by package, with the versions their symbols need.
work="$stage/shlibdeps"
mkdir -p "$work/debian"
printf 'Source: frames\n\nPackage: frames\nArchitecture: any\n' > "$work/debian/control"
linked="$(cd "$work" && dpkg-shlibdeps -O "$package/usr/bin/frames" 2> /dev/null | sed -n 's/^shlibs:Depends=//p')"
# libmicrohttpd is opened by `frames studio` (Sources/CMicroHTTPD/shim.h), so no tool finds it
# in the binary; DejaVu Sans is the label's default family. A binary that links no shared
# library (static) has none of its own.
depends="${linked:+$linked, }libmicrohttpd12, fonts-dejavu-core"
size="$(du -sk --exclude=DEBIAN "$package" | cut -f1)"
cat > "$package/DEBIAN/control" <<CONTROL
Package: frames
Version: $version
Architecture: $arch
Maintainer: ${DEBFULLNAME:-The frames authors} <${DEBEMAIL:-frames@example.invalid}>
Installed-Size: $size
Depends: $depends
Recommends: fonts-dejavu-extra, fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji
Section: graphics
Priority: optional
Description: renders a payment SDK's loading indicator exactly, as PNG frames
 frames draws SecureLoadingView and .secureLoadingOverlay, styled by LoadingStyle, pixel
 for pixel without SwiftUI: PNG sequences, animated PNG, WebP and GIF, Lottie, SVG and
 contact sheets. It also compares images and folders of frames, verifies a folder against
 its manifest, checks a style's contrast and fit (lint), and previews styles live in the
 browser (studio).
CONTROL
(cd "$package" && find usr -type f -exec md5sum {} + | sort -k 2) > "$package/DEBIAN/md5sums"
dpkg-deb --root-owner-group --build "$package" "$out/frames_${version}_${arch}.deb" > /dev/null
echo "$out/frames_${version}_${arch}.deb"
