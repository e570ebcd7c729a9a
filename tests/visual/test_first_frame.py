"""The window as it first appears: a saved fight (the demo, with its log) grabbed the moment
its first frame is painted, before anything is done in it, at the laptop sizes GMs bring
and in both colour schemes.

That frame is the one a cold start ends on, and what the start-up builds in its own way
(for speed) is sampled here in the picture:

- the log's table draws through a viewport the panel makes itself rather than Qt's own:
  its rows lie on the palette's base colour, as on Qt's own, and each event's words are
  drawn in its row, wrapped onto the lines it needs;
- column widths (and the window's first place) come from Fusion's measures written down in
  ``ui.fusion_metrics`` rather than asked of the style: every title, name and score of the
  initiative, counters and log is whole, and the names are drawn;
- the check for stray tab bars runs once the frame is up: no tab bar in the first frame
  stands where its panels are not, and each one shown is drawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QTabBar, QWidget
from pytestqt.qtbot import QtBot

from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.state import LogEntry, Session
from futurepath_desktop.ui import layout, theme
from futurepath_desktop.ui.models.initiative_cells import NAME
from futurepath_desktop.ui.models.log_model import EVENT
from tests.visual.conftest import SCHEMES, luminance, pixel, themed_window
from tests.visual.measure import LAPTOPS, problems

CASES = [pytest.param((w, h, s), id=f"{w}x{h}-{s}") for (w, h) in LAPTOPS for s in SCHEMES]

EVENTS = (
    "Round 1 begins: the Players act first (initiative 5 against the Space Bears' 3).",
    "Brandon attacks Space Bear 1 with a silenced pistol: 17 against AC 14, a hit.",
    "Space Bear 1 takes 6 damage (16 → 10 HP) and is Shaken until the end of its next turn.",
    "James moves 30 ft and takes partial cover behind the crates in the cargo bay.",
    "Space Bear 2 attacks James with its claws: 9 against AC 16, a miss.",
    "Katie joins the fight at the start of the Counters phase.",
)
"""The saved fight's log: lines long enough to wrap in a laptop's log panel."""


def saved_fight() -> Session:
    session = demo_session()
    for seq, text in enumerate(EVENTS):
        session.log.append(
            LogEntry(seq=seq, round=1, phase=3, team_id=None, kind="attack", text=text)
        )
    return session


class FirstFrame:
    """The window and the picture of its first frame, with the tab bars it showed."""

    def __init__(self, qtbot: QtBot, width: int, height: int, scheme: str) -> None:
        window = themed_window(qtbot, saved_fight(), width, height, scheme)
        self.window = window
        self.image = QImage()
        self.bars: list[QTabBar] = []
        # Emitted after the first frame and before anything is done after it.
        window.first_painted.connect(self._grab)
        window.show()
        qtbot.waitUntil(lambda: not self.image.isNull())

    def _grab(self) -> None:
        self.image = self.window.grab().toImage()
        self.bars = [bar for bar in self.window.findChildren(QTabBar) if bar.isVisible()]

    def rect_of(self, widget: QWidget, rect: QRect) -> QRect:
        """A rectangle of ``widget`` in the window's picture."""
        return rect.translated(widget.mapTo(self.window, QPoint(0, 0)))

    def colours(self, rect: QRect) -> list[QColor]:
        return [
            pixel(self.image, x, y)
            for y in range(rect.top(), rect.bottom() + 1)
            for x in range(rect.left(), rect.right() + 1)
        ]


def inked(colours: list[QColor], ground: QColor) -> int:
    """How many pixels stand out from the ground (the strokes of words drawn on it)."""
    return sum(abs(luminance(c) - luminance(ground)) > 60 for c in colours)


@pytest.fixture(params=CASES)
def frame(request: pytest.FixtureRequest, qtbot: QtBot) -> Iterator[FirstFrame]:
    width, height, scheme = request.param
    made = FirstFrame(qtbot, width, height, scheme)
    yield made
    made.window.controller.stack.setClean()
    made.window.close()
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    theme.apply_theme(app, theme.LIGHT)


def test_the_logs_rows_are_drawn_on_the_base_colour(frame: FirstFrame) -> None:
    view = frame.window.log.view
    assert view.isVisible()
    viewport = view.viewport()
    base = viewport.palette().color(QPalette.ColorRole.Base)
    shown = whole = 0
    for row in range(view.model().rowCount()):
        cell = view.visualRect(view.model().index(row, EVENT)).intersected(viewport.rect())
        if cell.height() < 12:  # scrolled out of sight, or nearly
            continue
        shown += 1
        inside = frame.rect_of(viewport, cell.adjusted(2, 1, -2, -1))
        colours = frame.colours(inside)
        counts = Counter(c.rgb() for c in colours)
        ground = QColor.fromRgb(counts.most_common(1)[0][0])
        assert ground == base, f"row {row} lies on {ground.name()}, not the base colour"
        assert inked(colours, base) > 20, f"row {row}'s words are not drawn"
        if cell == view.visualRect(view.model().index(row, EVENT)):
            whole += 1
            lower = QRect(inside)
            lower.setTop(inside.center().y() + 1)
            # Every event here wraps in a laptop's log: a whole row shows a second line.
            assert inked(frame.colours(lower), base) > 20, f"row {row} shows one line only"
    assert shown >= 2 and whole >= 1


def test_the_columns_hold_their_words_and_the_names_are_drawn(frame: FirstFrame) -> None:
    window = frame.window
    for dock in (window.initiative, window.counters, window.log):
        assert problems(dock) == [], dock.objectName()
    view = window.initiative.view
    base = view.viewport().palette().color(QPalette.ColorRole.Base)
    model = window.initiative_model
    for ident in window.controller.session.combatants:
        cell = view.visualRect(model.index_of(ident, NAME))
        if view.viewport().rect().contains(cell):
            colours = frame.colours(frame.rect_of(view.viewport(), cell))
            assert inked(colours, base) > 20, f"{ident}'s name is not drawn"


def test_no_stray_tab_bar_is_in_the_first_frame(frame: FirstFrame) -> None:
    window = frame.window
    assert frame.bars, "the panels' tab bars are shown"
    layout.hide_stray_tab_bars(window)  # it has run once the frame was up: it hides nothing
    for bar in frame.bars:
        assert bar.isVisible(), "a stray tab bar was in the first frame"
        if bar.parent() is window:
            ground = bar.palette().color(QPalette.ColorRole.Window)
            colours = frame.colours(frame.rect_of(bar, bar.rect()))
            assert inked(colours, ground) > 20, "a tab bar shown is not drawn"
