"""Number boxes say so when what is typed passes their limits, and settle on the nearest
number they may hold: a plain spin box dropped the key without a word (150 typed where 99
is the most left 15)."""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QDialog, QSpinBox, QToolTip, QVBoxLayout
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.widgets.number_box import NumberBox, limit_words
from tests.ui.conftest import find


def shown_box(qtbot: QtBot, low: int, high: int, suffix: str = "") -> tuple[QDialog, NumberBox]:
    """A box alone in a shown dialog (the dialog returned too: it holds the box)."""
    dialog = QDialog()
    qtbot.addWidget(dialog)
    box = NumberBox()
    box.setRange(low, high)
    box.setSuffix(suffix)
    box.setValue(low)
    QVBoxLayout(dialog).addWidget(box)
    dialog.show()
    qtbot.waitExposed(dialog)
    box.setFocus()
    return dialog, box


def type_over(qtbot: QtBot, box: QSpinBox, text: str) -> None:
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, text)


def test_a_number_past_the_most_is_kept_as_typed_said_and_settled_on_enter(
    qtbot: QtBot,
) -> None:
    _dialog, box = shown_box(qtbot, 0, 99, " ft")
    type_over(qtbot, box, "150")
    assert box.text() == "150 ft"  # not 15: the last key was not dropped
    assert box.said == "At most 99: 150 becomes 99"
    assert QToolTip.isVisible() and QToolTip.text() == box.said  # said at the box
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert (box.value(), box.text(), box.said) == (99, "99 ft", "")


def test_a_minus_where_no_number_is_below_nought_is_said_and_settles_at_the_least(
    qtbot: QtBot,
) -> None:
    _dialog, box = shown_box(qtbot, 0, 10)
    type_over(qtbot, box, "-3")
    assert box.text() == "-3" and box.said == "At least 0: -3 becomes 0"
    box.event(QFocusEvent(QEvent.Type.FocusOut, Qt.FocusReason.TabFocusReason))
    assert (box.value(), box.said) == (0, "")


def test_every_number_typed_settles_on_the_nearest_the_box_may_hold(qtbot: QtBot) -> None:
    """Against clamping worked out here, for numbers inside, at and past both limits."""
    _dialog, box = shown_box(qtbot, -10, 60)
    rng = random.Random(15)
    typed = [-10, 60, 0, 61, -11, 600, -999] + [rng.randint(-500, 500) for _ in range(25)]
    for number in typed:
        type_over(qtbot, box, str(number))
        qtbot.keyClick(box, Qt.Key.Key_Return)
        nearest = sorted((-10, number, 60))[1]
        assert box.value() == nearest, number
        past = number != nearest
        assert bool(limit_words(number, -10, 60)) == past


def test_the_inspectors_ac_typed_past_its_most_is_said_and_kept_at_the_most(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Through the window: the GM types 150 in Brandon's AC box (60 at most, the file's
    bound). The box says so where it is, and Enter makes AC 60, one undoable step."""
    session, stack = window.controller.session, window.controller.stack
    window.initiative.select(["brandon"])
    window.inspector.tabs.setCurrentIndex(1)
    ac = find(window.inspector, QSpinBox, "inspector_ac")
    assert isinstance(ac, NumberBox)
    before, steps = session.combatants["brandon"].ac, stack.count()
    ac.setFocus()
    type_over(qtbot, ac, "150")
    assert ac.text() == "150" and "At most 60" in ac.said
    qtbot.keyClick(ac, Qt.Key.Key_Return)
    assert session.combatants["brandon"].ac == 60
    assert stack.count() == steps + 1
    stack.undo()
    assert session.combatants["brandon"].ac == before


def test_every_number_box_of_the_window_and_its_dialogs_is_one_that_speaks() -> None:
    """No plain spin box is made anywhere in the app (the amount box has its own words)."""
    from pathlib import Path

    import futurepath_desktop

    root = Path(futurepath_desktop.__file__).parent
    plain = [
        f"{path.relative_to(root)}:{n}"
        for path in root.rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "QSpinBox()" in line
    ]
    assert plain == []
