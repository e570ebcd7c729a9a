"""Light and dark palettes, following the system's colour scheme unless the game master
picks one."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

SYSTEM, LIGHT, DARK = "system", "light", "dark"


def system_is_dark() -> bool:
    """Whether the platform asks for a dark scheme."""
    hints = QGuiApplication.styleHints()
    return bool(hints.colorScheme() == Qt.ColorScheme.Dark)


def is_dark(app: QApplication) -> bool:
    """Whether the palette in use is a dark one."""
    return app.palette().color(QPalette.ColorRole.Window).lightness() < 128


def _dark_palette() -> QPalette:
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#23262b",
        QPalette.ColorRole.WindowText: "#e6e6e6",
        QPalette.ColorRole.Base: "#1b1d21",
        QPalette.ColorRole.AlternateBase: "#262a30",
        QPalette.ColorRole.ToolTipBase: "#30343b",
        QPalette.ColorRole.ToolTipText: "#e6e6e6",
        QPalette.ColorRole.Text: "#e6e6e6",
        QPalette.ColorRole.Button: "#2d3137",
        QPalette.ColorRole.ButtonText: "#e6e6e6",
        QPalette.ColorRole.BrightText: "#ff6b6b",
        QPalette.ColorRole.Highlight: "#3d7bd9",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.Link: "#6ea8ff",
        QPalette.ColorRole.PlaceholderText: "#8a9099",
        QPalette.ColorRole.Mid: "#3a3f46",
        QPalette.ColorRole.Dark: "#15171a",
        QPalette.ColorRole.Light: "#3a3f46",
    }
    for role, colour in roles.items():
        palette.setColor(role, QColor(colour))
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#6c727a"))
    return palette


def _light_palette() -> QPalette:
    palette = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#f3f4f6",
        QPalette.ColorRole.WindowText: "#1d2126",
        QPalette.ColorRole.Base: "#ffffff",
        QPalette.ColorRole.AlternateBase: "#f5f7fa",
        QPalette.ColorRole.ToolTipBase: "#ffffdc",
        QPalette.ColorRole.ToolTipText: "#1d2126",
        QPalette.ColorRole.Text: "#1d2126",
        QPalette.ColorRole.Button: "#e8eaee",
        QPalette.ColorRole.ButtonText: "#1d2126",
        QPalette.ColorRole.BrightText: "#c0392b",
        QPalette.ColorRole.Highlight: "#2f6fd0",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.Link: "#1f5fbf",
        QPalette.ColorRole.PlaceholderText: "#8a9099",
        QPalette.ColorRole.Mid: "#c5c9d0",
        QPalette.ColorRole.Dark: "#9aa0a8",
        QPalette.ColorRole.Light: "#ffffff",
    }
    for role, colour in roles.items():
        palette.setColor(role, QColor(colour))
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#9aa0a8"))
    return palette


# Fusion draws check-box frames from the window colour, which vanish on a dark base.
DARK_INDICATORS = """
QCheckBox::indicator, QAbstractItemView::indicator {
    width: 13px; height: 13px; border: 1px solid #8a9099; border-radius: 3px;
    background: #1b1d21;
}
QCheckBox::indicator:checked, QAbstractItemView::indicator:checked {
    background: #3d7bd9; border-color: #6ea8ff;
}
"""


def apply_theme(app: QApplication, choice: str = SYSTEM) -> None:
    """Use the Fusion style with a light or dark palette (``system`` follows the OS)."""
    app.setStyle("Fusion")
    dark = system_is_dark() if choice == SYSTEM else choice == DARK
    app.setPalette(_dark_palette() if dark else _light_palette())
    app.setStyleSheet(DARK_INDICATORS if dark else "")


def accent(dark: bool) -> dict[str, QColor]:
    """Colours the panels use on top of the palette, tuned for each scheme."""
    if dark:
        return {
            "acting": QColor("#2f4a2a"),
            "acting_text": QColor("#b9f3a6"),
            "bar_bg": QColor("#3a3f46"),
            "good": QColor("#4caf50"),
            "hurt": QColor("#e0a030"),
            "bad": QColor("#e05545"),
            "muted": QColor("#8a9099"),
            "flag": QColor("#ffb86b"),
        }
    return {
        "acting": QColor("#e1f3da"),
        "acting_text": QColor("#1e5d12"),
        "bar_bg": QColor("#dde1e6"),
        "good": QColor("#3c9a40"),
        "hurt": QColor("#d08a10"),
        "bad": QColor("#cc3b2c"),
        "muted": QColor("#7a808a"),
        "flag": QColor("#b35c00"),
    }
