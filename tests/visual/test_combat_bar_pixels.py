"""The combat bar's phase pills read in the theme the GM switches to while the window is
open: a phase of this round that is not the current one is drawn in the theme's text
colour on the bar (they kept the last theme's dark words on the dark bar)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.ui import theme
from futurepath_desktop.ui.main_window import MainWindow
from tests.visual.conftest import Posed, luminance, settle


def words_and_ground(window: MainWindow, pill: QLabel) -> tuple[float, float]:
    """The luminance of a pill's words (the sample farthest from its ground) and of its
    ground (the median sample), read from the rendered bar."""
    bar = window.phase_indicator
    image = bar.grab().toImage()
    ratio = image.devicePixelRatio()
    box = pill.geometry().adjusted(6, 4, -6, -4)
    samples = sorted(
        luminance(image.pixelColor(int(x * ratio), int(y * ratio)))
        for x in range(box.left(), box.right() + 1)
        for y in range(box.top(), box.bottom() + 1)
    )
    ground = samples[len(samples) // 2]
    words = max(samples, key=lambda value: abs(value - ground))
    return words, ground


@pytest.mark.parametrize(("first", "then"), [(theme.LIGHT, theme.DARK), (theme.DARK, theme.LIGHT)])
def test_a_phase_pill_reads_after_a_change_of_theme(posed: Posed, first: str, then: str) -> None:
    window = posed(1280, 800, first)
    combat = window.controller.session.combat
    assert combat.phase == Phase.ACTION and combat.round == 1  # every phase is this round's
    pill = window.phase_indicator.pills[Phase.COUNTERS]
    window.set_theme(then)
    settle()
    QApplication.processEvents()
    words, ground = words_and_ground(window, pill)
    window.set_theme(first)
    settle()
    if then == theme.DARK:
        assert ground < 90, f"the bar's ground ({ground:.0f}) is dark"
        assert words > 170, f"the pill's number ({words:.0f}) is light on the dark bar"
    else:
        assert ground > 170, f"the bar's ground ({ground:.0f}) is light"
        assert words < 90, f"the pill's number ({words:.0f}) is dark on the light bar"
    # And once the theme is back, so are its colours.
    words_back, _ = words_and_ground(window, pill)
    assert abs(words_back - words) > 80


@pytest.mark.parametrize("name", ["Mercenaries", "Mercenaries of Vorn", "Space Bears"])
def test_a_team_name_the_bar_has_room_for_is_shown_whole(qtbot: QtBot, name: str) -> None:
    """At 1280 the surprise round's turn label spells the acting team's whole name when the
    bar has room for it: no ellipsis, and in the pixels the words end inside the label with
    a margin to spare (a shortening measured the words a hair wider than their sum, and cut
    "Mercenaries" to "Mercenari…" beside empty room)."""
    from futurepath_desktop.session import commands as c
    from futurepath_desktop.session.demo import demo_session
    from tests.visual.conftest import pixel, themed_window

    session = demo_session()
    window = themed_window(qtbot, session, 1280, 800, theme.LIGHT)
    window.show()
    qtbot.waitUntil(lambda: window.painted)
    assert window.controller.push(c.EditTeam("bears", {"name": name}))
    assert window.controller.push(c.StartCombat(unaware_ids=("brandon", "james", "art")))
    settle()
    label = window.phase_indicator.turn_label
    assert label.words == f"⚡ Surprise round · {name}"
    assert label.text() == label.words and "…" not in label.text()
    image = label.grab().toImage()
    ground = luminance(pixel(image, label.width() - 1, 1))
    inked = [
        x
        for x in range(label.width())
        for y in range(label.height())
        if abs(luminance(pixel(image, x, y)) - ground) > 80
    ]
    assert inked and max(inked) < label.width() - 2, "the words end inside the label"
    window.controller.stack.setClean()
