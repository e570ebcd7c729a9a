"""Render resources/icons/futurepath-desktop.svg to the PNG sizes, .ico and .icns.

    python packaging/make_icons.py

Qt draws the SVG (QtSvg is part of PySide6-Essentials); Pillow writes the Windows .ico
and the macOS .icns from the PNGs. The outputs are committed, so building an installer
does not need Pillow.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PIL import Image
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "resources" / "icons"
SVG = ICONS / "futurepath-desktop.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render(size: int) -> Path:
    """One PNG of the icon, ``size`` pixels square."""
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"{SVG} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    path = ICONS / f"futurepath-desktop-{size}.png"
    image.save(str(path))
    return path


def main() -> None:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    pngs = {size: render(size) for size in SIZES}
    largest = Image.open(pngs[512])
    largest.save(ICONS / "futurepath-desktop.ico", sizes=[(s, s) for s in SIZES if s <= 256])
    largest.save(ICONS / "futurepath-desktop.icns")
    del app
    print(f"wrote {len(pngs)} PNGs, .ico and .icns in {ICONS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
