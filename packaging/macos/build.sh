#!/usr/bin/env bash
# Build the macOS app (PyInstaller: "Future Path Desktop.app", whose Info.plist declares
# the .fpsession document type, see packaging/futurepath.spec) and a .dmg with hdiutil.
#
# Signing and notarization run only when their secrets are in the environment:
#   MACOS_SIGN_IDENTITY  a "Developer ID Application: …" identity in the keychain
#   APPLE_ID, APPLE_TEAM_ID, APPLE_APP_PASSWORD  for notarytool
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="$ROOT/build/macos"
OUT="${OUT:-$ROOT/dist}"
VERSION="$(python3 -c "import tomllib,sys; print(tomllib.load(open(sys.argv[1],'rb'))['project']['version'])" "$ROOT/pyproject.toml")"
mkdir -p "$BUILD" "$OUT"
python3 -m venv "$BUILD/venv"
"$BUILD/venv/bin/python" -m pip install -q --upgrade pip
"$BUILD/venv/bin/python" -m pip install -q "pyinstaller==6.22.3" "$ROOT"
"$BUILD/venv/bin/pyinstaller" --noconfirm --log-level WARN \
    --distpath "$BUILD/dist" --workpath "$BUILD/work" "$ROOT/packaging/futurepath.spec"
APP="$BUILD/dist/Future Path Desktop.app"
/usr/libexec/PlistBuddy -c "Print :CFBundleDocumentTypes:0:CFBundleTypeExtensions:0" \
    "$APP/Contents/Info.plist" | grep -qx fpsession

if [ -n "${MACOS_SIGN_IDENTITY:-}" ]; then
    echo "== signing"
    codesign --force --deep --options runtime --timestamp \
        --sign "$MACOS_SIGN_IDENTITY" "$APP"
    codesign --verify --deep --strict "$APP"
else
    echo "== no MACOS_SIGN_IDENTITY: the app is not signed"
fi

DMG="$OUT/futurepath-desktop-$VERSION-macos.dmg"
rm -f "$DMG"
STAGE="$BUILD/dmg"
rm -rf "$STAGE" && mkdir -p "$STAGE"
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
hdiutil create -volname "Future Path Desktop" -srcfolder "$STAGE" -ov -format UDZO "$DMG"

if [ -n "${MACOS_SIGN_IDENTITY:-}" ] && [ -n "${APPLE_ID:-}" ] && [ -n "${APPLE_TEAM_ID:-}" ] \
    && [ -n "${APPLE_APP_PASSWORD:-}" ]; then
    echo "== notarizing"
    codesign --force --timestamp --sign "$MACOS_SIGN_IDENTITY" "$DMG"
    xcrun notarytool submit "$DMG" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" \
        --password "$APPLE_APP_PASSWORD" --wait
    xcrun stapler staple "$DMG"
else
    echo "== notarization skipped (its secrets are not set)"
fi
echo "$DMG"
