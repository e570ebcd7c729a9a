#!/usr/bin/env bash
# Build the Linux bundle (PyInstaller onedir), a .tar.gz of it, and a .deb.
#
#   packaging/linux/build.sh            # outputs in dist/
#   OUT=/somewhere packaging/linux/build.sh
#
# It builds in a fresh virtual environment holding only the app's runtime dependencies
# and PyInstaller, so nothing from a developer's environment ends up in the bundle.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="${OUT:-$ROOT/dist}"
BUILD="${BUILD:-$ROOT/build/linux}"
PYTHON="${PYTHON:-python3}"
PYINSTALLER_VERSION="6.22.3"
mkdir -p "$OUT" "$BUILD"

VERSION="$("$PYTHON" -c "import tomllib,sys; print(tomllib.load(open(sys.argv[1],'rb'))['project']['version'])" "$ROOT/pyproject.toml")"
ARCH="$(dpkg --print-architecture 2>/dev/null || echo amd64)"

echo "== build environment"
if [ ! -x "$BUILD/venv/bin/python" ]; then
    "$PYTHON" -m venv "$BUILD/venv"
    "$BUILD/venv/bin/python" -m pip install -q --upgrade pip
fi
"$BUILD/venv/bin/python" -m pip install -q "pyinstaller==$PYINSTALLER_VERSION"
"$BUILD/venv/bin/python" -m pip install -q --force-reinstall --no-deps "$ROOT"
"$BUILD/venv/bin/python" -m pip install -q "$ROOT"

echo "== PyInstaller bundle"
rm -rf "$BUILD/dist"
"$BUILD/venv/bin/pyinstaller" --noconfirm --log-level WARN \
    --distpath "$BUILD/dist" --workpath "$BUILD/work" "$ROOT/packaging/futurepath.spec"
BUNDLE="$BUILD/dist/futurepath-desktop"
# libpython and CPython's own extension modules carry debug symbols; numpy's libraries are
# never stripped (its OpenBLAS, patched by auditwheel, does not survive it).
find "$BUNDLE/_internal" -maxdepth 1 -name 'libpython3*.so*' -type f -exec strip --strip-unneeded {} +
find "$BUNDLE/_internal" -path '*/lib-dynload/*.so' -type f -exec strip --strip-unneeded {} +
# Qt's ICU libraries ship with their symbol tables (4 MB of them); they strip cleanly.
find "$BUNDLE/_internal/PySide6/Qt/lib" -name 'libicu*.so*' -type f -exec strip --strip-unneeded {} +
# The players' page's server and its helpers ship their C accelerators with debug
# information (7.7 MB of it); stripped, they are 1.4 MB and run the same.
for package in aiohttp multidict propcache frozenlist yarl; do
    if [ -d "$BUNDLE/_internal/$package" ]; then
        find "$BUNDLE/_internal/$package" -name '*.so' -type f -exec strip --strip-unneeded {} +
    fi
done
du -sb "$BUNDLE" | awk '{printf "bundle: %.1f MB unpacked\n", $1 / 1e6}'

echo "== tar.gz"
TARBALL="$OUT/futurepath-desktop-$VERSION-linux-$ARCH.tar.gz"
tar -C "$BUILD/dist" -czf "$TARBALL" futurepath-desktop
echo "$TARBALL"

echo "== .deb"
PKG="$BUILD/deb"
rm -rf "$PKG"
mkdir -p "$PKG/DEBIAN" "$PKG/opt" "$PKG/usr/bin"
cp -a "$BUNDLE" "$PKG/opt/futurepath-desktop"
ln -s /opt/futurepath-desktop/futurepath-desktop "$PKG/usr/bin/futurepath-desktop"
install -Dm644 "$ROOT/packaging/linux/futurepath-desktop.desktop" \
    "$PKG/usr/share/applications/futurepath-desktop.desktop"
install -Dm644 "$ROOT/packaging/linux/io.github.futurepath.FuturePathDesktop.metainfo.xml" \
    "$PKG/usr/share/metainfo/io.github.futurepath.FuturePathDesktop.metainfo.xml"
install -Dm644 "$ROOT/packaging/linux/futurepath-desktop-mime.xml" \
    "$PKG/usr/share/mime/packages/futurepath-desktop.xml"
for size in 16 24 32 48 64 128 256 512; do
    install -Dm644 "$ROOT/resources/icons/futurepath-desktop-$size.png" \
        "$PKG/usr/share/icons/hicolor/${size}x${size}/apps/futurepath-desktop.png"
done
install -Dm644 "$ROOT/resources/icons/futurepath-desktop.svg" \
    "$PKG/usr/share/icons/hicolor/scalable/apps/futurepath-desktop.svg"
INSTALLED_KB="$(du -sk "$PKG" | cut -f1)"
cat > "$PKG/DEBIAN/control" <<CONTROL
Package: futurepath-desktop
Version: $VERSION
Section: games
Priority: optional
Architecture: $ARCH
Installed-Size: $INSTALLED_KB
Maintainer: Future Path Desktop developers <futurepath-desktop@users.noreply.github.com>
Homepage: https://github.com/futurepath/futurepath-desktop
Depends: libc6, libstdc++6, libgl1, libegl1, libfontconfig1, libfreetype6, libharfbuzz0b, libpng16-16, libglib2.0-0, libdbus-1-3, libxkbcommon0, libxkbcommon-x11-0, libx11-6, libx11-xcb1, libxext6, libxrender1, libxcb1, libxcb-cursor0, libxcb-icccm4, libxcb-image0, libxcb-keysyms1, libxcb-randr0, libxcb-render-util0, libxcb-shape0, libxcb-xinerama0, libxcb-xkb1, libxcb-xfixes0, libxcb-sync1, libxcb-shm0, libxcb-render0, libgcc-s1, zlib1g, libzstd1
Description: Battle tracker for game masters of the Future Path RPG
 Runs a whole Future Path fight at the table: team initiative and the surprise
 round, condition counters, attacks with Advantage Dice and exact odds, health,
 a grid map with movement by the rules, and starship combat from the bridge.
CONTROL
for script in postinst postrm; do
    cat > "$PKG/DEBIAN/$script" <<'HOOK'
#!/bin/sh
set -e
if command -v update-mime-database >/dev/null 2>&1; then update-mime-database /usr/share/mime || true; fi
if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database -q /usr/share/applications || true; fi
if command -v gtk-update-icon-cache >/dev/null 2>&1; then gtk-update-icon-cache -q -t /usr/share/icons/hicolor || true; fi
exit 0
HOOK
    chmod 755 "$PKG/DEBIAN/$script"
done
DEB="$OUT/futurepath-desktop_${VERSION}_${ARCH}.deb"
dpkg-deb --build --root-owner-group "$PKG" "$DEB" >/dev/null
echo "$DEB"
