"""The inspector at the laptop sizes GMs bring (1280×800, 1366×768), light and dark: no
sideways scroll bar anywhere in it, and no text of any tab cut off or elided, measured with
QFontMetrics against the room each widget gives its text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from futurepath_desktop.ui import theme
from futurepath_desktop.ui.main_window import MainWindow
from tests.visual.conftest import Posed, settle
from tests.visual.measure import LAPTOPS, problems


def every_tab(window: MainWindow) -> dict[str, list[str]]:
    """What does not fit on each of the inspector's tabs."""
    inspector = window.inspector
    inspector.show()
    inspector.raise_()
    settle()
    found = {}
    for index in range(inspector.tabs.count()):
        inspector.tabs.setCurrentIndex(index)
        settle()
        found[inspector.tabs.tabText(index)] = problems(inspector)
    inspector.tabs.setCurrentIndex(0)
    return found


@pytest.mark.parametrize("scheme", [theme.LIGHT, theme.DARK])
@pytest.mark.parametrize(("width", "height"), LAPTOPS)
def test_nothing_in_the_inspector_is_cut_off(
    posed: Posed, width: int, height: int, scheme: str
) -> None:
    window = posed(width, height, scheme)
    inspector = window.inspector
    assert inspector.isVisible() and inspector.width() > 200
    # The pose leaves a long range source in the list ("Range 50 ft (2 increments …)").
    sources = inspector.attack.sources
    assert any("increment" in sources.item(i).text() for i in range(sources.count()))
    found = every_tab(window)
    assert found == {name: [] for name in found}
    # A bear out of its turn: the form's warning wraps, whole, under the odds.
    window.initiative.select(["bear-4"])
    form = inspector.attack
    form.target.setCurrentIndex(form.target.findData("james"))
    form.distance.setValue(5)
    form.recompute()
    settle()
    assert "not Space Bear 4's turn" in form.odds.text()
    assert problems(inspector) == []


def test_the_measure_sees_a_cut_off_line(posed: Posed) -> None:
    """The check can fail: a long word-free label and a list that does not wrap are seen."""
    window = posed(1280, 800, theme.LIGHT)
    sources = window.inspector.attack.sources
    sources.setWordWrap(False)
    sources.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    sources.addItem("Range 500 ft (17 increments of 30 ft): a very long line " * 2)
    settle()
    found = problems(window.inspector)
    assert any("sideways scroll bar" in line for line in found)
    assert any("list line" in line for line in found)
    window.inspector.title.setText("A name far too long to fit on one line " * 3)
    window.inspector.title.setWordWrap(False)
    window.inspector.title.setMaximumWidth(120)
    settle()
    assert any("label line" in line for line in problems(window.inspector))


@pytest.mark.parametrize("scheme", [theme.LIGHT, theme.DARK])
@pytest.mark.parametrize(("width", "height"), LAPTOPS)
def test_the_turn_line_leaves_the_attack_form_whole_without_scrolling(
    posed: Posed, width: int, height: int, scheme: str
) -> None:
    """The inspector's turn line at its longest (a move made, the Standard spent, feet
    left) still leaves the whole attack form, Roll attack included, on screen: the panel
    does not scroll, and its pixels show the line's text drawn under the summary."""
    from PySide6.QtWidgets import QScrollArea

    from futurepath_desktop.session import commands as c

    window = posed(width, height, scheme)
    session = window.controller.session
    mover = "brandon"  # the pose's acting combatant, nothing used yet this turn
    square = session.tokens[mover].square
    window.controller.push(c.MoveToken(mover, square[0], square[1] + 1))
    window.initiative.select([mover])
    settle()
    line = window.inspector.turn
    assert line.isVisible() and line.text().startswith("Turn: "), line.text()
    scroll = window.inspector.findChild(QScrollArea)
    assert scroll is not None
    assert not scroll.verticalScrollBar().isVisible(), "the inspector scrolls"
    roll = window.inspector.attack.roll
    bottom = roll.mapTo(scroll.viewport(), roll.rect().bottomLeft()).y()
    assert bottom <= scroll.viewport().height(), "Roll attack is below the panel's edge"
    assert problems(window.inspector) == []
    # The line is drawn: some of its pixels differ from the panel's background.
    image = line.grab().toImage()
    background = image.pixelColor(image.width() - 1, image.height() - 1)
    inked = sum(
        1
        for x in range(0, image.width(), 2)
        for y in range(image.height())
        if image.pixelColor(x, y) != background
    )
    assert inked > 50


@pytest.mark.parametrize(("width", "height"), LAPTOPS)
def test_a_name_of_the_most_letters_with_no_space_wraps_in_the_header(
    posed: Posed, width: int, height: int
) -> None:
    """A name of 120 letters and no space (the most a name may have) once widened the
    inspector to the whole name: a sideways scroll bar, the title cut off and the Stats
    tab's boxes pushed out of sight. The header now wraps it, and its pixels show the
    name's ink on several lines inside the panel."""
    from futurepath_desktop.session.records.kinds import NAME_MAX
    from futurepath_desktop.ui.operations import roster

    window = posed(width, height, theme.LIGHT)
    name = ("Brandonthe" * 12)[:NAME_MAX]
    assert len(name) == NAME_MAX and " " not in name
    assert roster.edit_combatant(window.controller, "brandon", {"name": name})
    window.initiative.select(["brandon"])
    found = every_tab(window)
    assert found == {tab: [] for tab in found}
    title = window.inspector.title
    assert title.text().replace("\u200b", "").startswith(name)  # the whole name, unbroken
    right = title.mapTo(window.inspector, title.rect().topRight()).x()
    assert right <= window.inspector.width()
    # Rows of the title's picture with ink, in bands: one band a line of text.
    image = title.grab().toImage()
    background = image.pixelColor(image.width() - 1, image.height() - 1)
    inked_rows = [
        any(image.pixelColor(x, y) != background for x in range(0, image.width(), 2))
        for y in range(image.height())
    ]
    bands = sum(
        1 for y, inked in enumerate(inked_rows) if inked and (y == 0 or not inked_rows[y - 1])
    )
    assert bands >= 3, f"the title shows {bands} lines"
