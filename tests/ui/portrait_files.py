"""Pictures for the portrait tests: a solid colour nobody else draws, saved as a file."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor, QImage

MAGENTA = QColor(255, 0, 255)
"""No team, theme or map draws pure magenta: where it shows, the portrait is."""


def picture(path: Path, colour: QColor = MAGENTA, size: tuple[int, int] = (60, 40)) -> Path:
    """A picture file of one colour (not square: the portrait takes its middle)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    image = QImage(*size, QImage.Format.Format_RGB32)
    image.fill(colour)
    assert image.save(str(path))
    return path


def near(colour: QColor, wanted: QColor, slack: int = 24) -> bool:
    """Whether two colours are the same but for smoothing at an edge."""
    return (
        abs(colour.red() - wanted.red()) <= slack
        and abs(colour.green() - wanted.green()) <= slack
        and abs(colour.blue() - wanted.blue()) <= slack
    )
