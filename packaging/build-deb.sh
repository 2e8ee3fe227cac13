#!/bin/sh
# packaging/build-deb.sh: a Debian package of the release binary already built in
# .build/release (make deb builds it first), written to .build/debian/ and its path to
# .build/debian/deb-path. The binary carries the Swift runtime (--static-swift-stdlib), so
# the package depends only on Debian libraries, computed by dpkg-shlibdeps.
set -eu
cd "$(dirname "$0")/.."

binary=.build/release/glide
[ -x "$binary" ] || { echo "build-deb.sh: no $binary; run make deb" >&2; exit 1; }
# Debian's "~" sorts a pre-release before its release: 0.1.0-dev becomes 0.1.0~dev.
version=$(sed -n 's/^let glideVersion = "\(.*\)"/\1/p' Sources/glide/Version.swift | tr - '~')
architecture=$(dpkg --print-architecture)
homepage=$(sed -n 's|.*<url type="homepage">\(.*\)</url>.*|\1|p' resources/dev.glide.Glide.metainfo.xml.in)
date=$(git log -1 --format=%cD 2>/dev/null || date -uR)
out=.build/debian
root=$out/root
rm -rf "$out"
mkdir -p "$root/DEBIAN"

make --no-print-directory install-files DESTDIR="$PWD/$root" PREFIX=/usr
# Debian policy: binaries stripped, man pages compressed, files owned by root (dpkg-deb
# --root-owner-group below), documentation under /usr/share/doc/glide.
# The programs: glide and any helper it runs (in /usr/libexec/glide).
programs=$(find "$root/usr/bin" "$root/usr/libexec" -type f -perm -u+x 2>/dev/null | sort)
strip --remove-section=.comment --remove-section=.note --strip-unneeded $programs
gzip -9n "$root/usr/share/man/man1/glide.1"
doc=$root/usr/share/doc/glide
install -d "$doc"
{
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: glide"
    echo "Source: $homepage"
    echo
    echo "Files: *"
    echo "Copyright: $(sed -n 's/^Copyright (c) //p' LICENSE | head -1)"
    echo "License: Expat"
    echo
    echo "License: Expat"
    # A license text in a copyright file is indented, its blank lines written as " .".
    sed -n '/^Permission/,$p' LICENSE | sed -e 's/^$/./' -e 's/^/ /'
} > "$doc/copyright"
# A native package's changelog, in Debian's format; the project's own is CHANGELOG.md.
{
    echo "glide ($version) unstable; urgency=medium"
    echo
    echo "  * Built from the Glide sources; the changes are in"
    echo "    /usr/share/doc/glide/CHANGELOG.md.gz."
    echo
    echo " -- The Glide authors <glide@glide.dev>  $date"
} | gzip -9n > "$doc/changelog.gz"
gzip -9n < CHANGELOG.md > "$doc/CHANGELOG.md.gz"
find "$root" -type d -exec chmod 755 {} +

# dpkg-shlibdeps reads debian/control to learn which package it is working for.
mkdir -p "$out/shlibdeps/debian"
printf 'Source: glide\n\nPackage: glide\nArchitecture: any\n' > "$out/shlibdeps/debian/control"
(cd "$out/shlibdeps" && dpkg-shlibdeps -O $(for program in $programs; do echo "-e../${program#$out/}"; done)) \
    > "$out/shlibdeps/substvars"
depends=$(sed -n 's/^shlibs:Depends=//p' "$out/shlibdeps/substvars")
# libdecor loads its plugin with dlopen, and the fonts are found through fontconfig, so
# dpkg-shlibdeps cannot see them.
depends="$depends, libdecor-0-plugin-1-cairo, fonts-dejavu-core"
installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)

cat > "$root/DEBIAN/control" <<CONTROL
Package: glide
Version: $version
Architecture: $architecture
Maintainer: The Glide authors <glide@glide.dev>
Installed-Size: $installed_size
Depends: $depends
Recommends: webp-pixbuf-loader, libavif-gdk-pixbuf, librsvg2-common, fonts-noto-color-emoji, fonts-noto-cjk
Section: text
Priority: optional
Homepage: $homepage
Description: document viewer for touch scrolling on Wayland
 Glide shows long documents and collections of images in a window with no
 chrome of its own, and moves them under a finger as the best touch platforms
 do: a flick coasts and slows down, a page pulled past its end stretches like
 a rubber band and springs back, and a pinch zooms about the fingers.
 .
 It opens text, Markdown, PDF and image files, answers touch, touchpad, wheel,
 scroll bar and keyboard, and remembers the reading position of every file.
CONTROL
(cd "$root" && find usr -type f -exec md5sum {} + | sort -k2) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

deb=$out/glide_${version}_${architecture}.deb
# $DEB_COMPRESSION: dpkg-deb's -Z and -z options (make test asks for the quickest).
dpkg-deb --root-owner-group ${DEB_COMPRESSION:--Zxz} --build "$root" "$deb" >/dev/null
echo "$deb" > "$out/deb-path"
echo "build-deb.sh: wrote $deb (installed size $installed_size KB)"
