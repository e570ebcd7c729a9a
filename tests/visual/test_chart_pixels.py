"""The Odds and Charts panel as a picture: in the dark theme its legends, titles and axis
names are written in a colour that reads on what is behind them, whichever theme the
charts were first drawn in."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QWidget

from futurepath_desktop.ui import theme
from tests.visual.conftest import Posed, pixel, settle


def relative_luminance(colour: QColor) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.red())
        + 0.7152 * channel(colour.green())
        + 0.0722 * channel(colour.blue())
    )


def contrast(a: QColor, b: QColor) -> float:
    """WCAG 2's contrast ratio, 1 to 21."""
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def label_contrast(image: QImage, area: QRect) -> float:
    """The contrast of a legend entry's text against its box: the box is the commonest
    colour of the entry's rectangle, the text the pixel that stands out from it most."""
    counts: dict[int, int] = {}
    colours: list[QColor] = []
    for y in range(area.top(), area.bottom() + 1):
        for x in range(area.left(), area.right() + 1):
            colour = pixel(image, x, y)
            colours.append(colour)
            counts[colour.rgb()] = counts.get(colour.rgb(), 0) + 1
    box = QColor.fromRgb(max(counts, key=lambda rgb: counts[rgb]))
    assert len(counts) > 3, f"nothing is written in {area}"
    return max(contrast(box, colour) for colour in colours)


def placed(chart: object, item: object, onto: QWidget) -> QRect:
    """Where a scene item lies in ``onto``'s coordinates."""
    plot = chart.plot  # type: ignore[attr-defined]
    rect = plot.mapFromScene(item.sceneBoundingRect()).boundingRect()  # type: ignore[attr-defined]
    rect.moveTopLeft(plot.mapTo(onto, rect.topLeft()))
    return QRect(rect)


def legend_entries(chart: object, onto: QWidget) -> list[tuple[str, QRect]]:
    """Each legend entry's text and where its label lies in ``onto``'s coordinates."""
    plot = chart.plot  # type: ignore[attr-defined]
    return [(label.text, placed(chart, label, onto)) for _s, label in plot.plotItem.legend.items]


def words(chart: object, onto: QWidget) -> list[tuple[str, QRect]]:
    """The chart's title and its axes' names, and where their text lies."""
    plot = chart.plot  # type: ignore[attr-defined]
    title = plot.plotItem.titleLabel
    found = [(title.text, placed(chart, title.item, onto))]
    for side in ("left", "bottom"):
        label = plot.getAxis(side).label
        found.append((label.toPlainText(), placed(chart, label, onto)))
    return found


@pytest.mark.parametrize("first", [theme.LIGHT, theme.DARK])
def test_in_the_dark_theme_the_legends_read_against_their_box(posed: Posed, first: str) -> None:
    window = posed(1280, 800, first)
    for tab in (0, 2):  # the attack's bars and lines; the fight so far
        window.show_chart(tab)
        settle(10)
        window.odds.refresh()
        settle(10)
    window.set_theme(theme.DARK)  # a GM who changes the scheme with the charts drawn
    settle(10)
    dock = window.odds
    for tab, charts in ((0, (dock.outcomes, dock.by_ac)), (2, (dock.health, dock.damage))):
        window.show_chart(tab)
        settle(10)
        dock.refresh()
        settle(10)
        image = dock.grab().toImage()
        # The charts are dark: this is the theme the legends must read in.
        background = dock.outcomes.plot.backgroundBrush().color()
        assert background.lightness() < 128
        for chart in charts:
            entries = legend_entries(chart, dock)
            assert entries, f"{chart.title} has no legend"
            entries += words(chart, dock)  # the title and the axes' names follow too
            for text, rect in entries:
                assert image.rect().contains(rect), f"{text!r} is outside the panel"
                ratio = label_contrast(image, rect)
                assert ratio >= 4.5, f"{chart.title}: {text!r} has contrast {ratio:.2f}"
