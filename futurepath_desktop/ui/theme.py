"""Light and dark palettes, following the system's colour scheme unless the game master
picks one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow

SYSTEM, LIGHT, DARK = "system", "light", "dark"


def system_is_dark() -> bool:
    """Whether the platform asks for a dark scheme."""
    hints = QGuiApplication.styleHints()
    return bool(hints.colorScheme() == Qt.ColorScheme.Dark)


def is_dark(app: QApplication) -> bool:
    """Whether the palette in use is a dark one."""
    return app.palette().color(QPalette.ColorRole.Window).lightness() < 128


DARK_COLOURS: dict[str, str] = {
    "Window": "#23262b",
    "WindowText": "#e6e6e6",
    "Base": "#1b1d21",
    "AlternateBase": "#262a30",
    "ToolTipBase": "#30343b",
    "ToolTipText": "#e6e6e6",
    "Text": "#e6e6e6",
    "Button": "#2d3137",
    "ButtonText": "#e6e6e6",
    "BrightText": "#ff6b6b",
    "Highlight": "#3d7bd9",
    "HighlightedText": "#ffffff",
    "Link": "#6ea8ff",
    "PlaceholderText": "#8a9099",
    "Mid": "#3a3f46",
    "Dark": "#15171a",
    "Light": "#3a3f46",
}
DARK_DISABLED = "#6c727a"

LIGHT_COLOURS: dict[str, str] = {
    "Window": "#f3f4f6",
    "WindowText": "#1d2126",
    "Base": "#ffffff",
    "AlternateBase": "#f5f7fa",
    "ToolTipBase": "#ffffdc",
    "ToolTipText": "#1d2126",
    "Text": "#1d2126",
    "Button": "#e8eaee",
    "ButtonText": "#1d2126",
    "BrightText": "#c0392b",
    "Highlight": "#2f6fd0",
    "HighlightedText": "#ffffff",
    "Link": "#1f5fbf",
    "PlaceholderText": "#8a9099",
    "Mid": "#c5c9d0",
    "Dark": "#9aa0a8",
    "Light": "#ffffff",
}
LIGHT_DISABLED = "#9aa0a8"


def _palette(colours: dict[str, str], disabled: str) -> QPalette:
    """A palette from role names and colours, with greyed-out text for disabled widgets."""
    palette = QPalette()
    for name, colour in colours.items():
        palette.setColor(getattr(QPalette.ColorRole, name), QColor(colour))
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(disabled))
    return palette


INDICATOR_GROUND = "#b0b7c3"
"""Fusion draws a check box's and a radio button's frame in the window colour darkened,
which vanishes on the dark base. A box is given this as its window colour instead, so its
frame comes out the grey of the placeholder text (#8a9099). A palette per class, rather
than a style sheet, keeps the start as quick in dark as in light (a style sheet cost some
25 ms at every start) and the boxes the size they are in light."""

INDICATOR_CLASSES = ("QCheckBox", "QRadioButton")
"""The widgets that draw such boxes. Not menus: a drop-down list draws its entries with the
menu's palette, on its window colour, which would turn every list grey."""


def indicator_palette(palette: QPalette) -> QPalette:
    """``palette`` with the window colour a check box is framed by: on a dark palette,
    ``INDICATOR_GROUND``; on a light one, unchanged."""
    boxed = QPalette(palette)
    if palette.color(QPalette.ColorRole.Window).lightness() < 128:
        boxed.setColor(QPalette.ColorRole.Window, QColor(INDICATOR_GROUND))
    return boxed


STYLE_ARGS = ["-style", "fusion"]
"""Arguments for a new QApplication: it starts in the Fusion style, so ``apply_theme``
need not set it (which would also build Python's view of every QStyle enum, ~5 ms)."""


def apply_theme(app: QApplication, choice: str = SYSTEM, *, set_style: bool = True) -> None:
    """Use the Fusion style with a light or dark palette (``system`` follows the OS).

    ``set_style=False``: the application was started with ``STYLE_ARGS`` already.
    """
    if set_style:
        app.setStyle("Fusion")
    dark = system_is_dark() if choice == SYSTEM else choice == DARK
    colours, disabled = (DARK_COLOURS, DARK_DISABLED) if dark else (LIGHT_COLOURS, LIGHT_DISABLED)
    palette = _palette(colours, disabled)
    app.setPalette(palette)
    for name in INDICATOR_CLASSES:  # the stubs say bytes; the binding takes only str
        QApplication.setPalette(indicator_palette(palette), name)  # type: ignore[arg-type]


class SchemeFollower(QObject):
    """Re-applies the palette when the system turns light or dark while the app runs, as
    long as the game master's choice is to follow the system."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        QGuiApplication.styleHints().colorSchemeChanged.connect(self.scheme_changed)

    def scheme_changed(self, *_: object) -> bool:
        """The system's scheme changed: follow it if that is the choice; whether it did."""
        app = QApplication.instance()
        choice = str(self.window.settings.value("theme", SYSTEM))
        if choice != SYSTEM or not isinstance(app, QApplication):
            return False
        apply_theme(app, SYSTEM, set_style=False)
        self.window.apply_palette()
        return True


def follow_system(window: MainWindow) -> SchemeFollower:
    """Make ``window`` follow the system's light or dark scheme while its theme choice is
    ``system`` (``window.set_theme`` makes the choice)."""
    return SchemeFollower(window)


REFUSED = "#d0453a"
"""What cannot be done, in words or on the map: a red legible on either scheme."""

FOCUS_LIGHT = "#0b62d6"
FOCUS_DARK = "#5ea8ff"
"""The keyboard focus frame's colour: the palette's accent blue, deepened on a light base
and brightened on a dark one so the frame stands out in both."""


def focus_colour(dark: bool) -> QColor:
    """The colour of the frame round the widget with the keyboard focus."""
    return QColor(FOCUS_DARK if dark else FOCUS_LIGHT)


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
