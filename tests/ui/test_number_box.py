"""Number boxes say so when what is typed passes their limits, and take the nearest number
they may hold at once: a plain spin box dropped the key without a word (150 typed where
99 is the most left 15), and a box that kept 150 showed one number while the panel worked
from another."""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QDialog, QLabel, QSpinBox, QToolTip, QVBoxLayout
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.widgets.number_box import NumberBox, limit_words
from futurepath_desktop.ui.widgets.tips import tip_label
from tests.ui.conftest import find


def shown_box(
    qtbot: QtBot, low: int, high: int, suffix: str = "", special: str = ""
) -> tuple[QDialog, NumberBox]:
    """A box under a caption in a shown dialog (the dialog returned too: it holds it)."""
    dialog = QDialog()
    qtbot.addWidget(dialog)
    box = NumberBox.within(low, high)
    box.setSuffix(suffix)
    box.setSpecialValueText(special)
    box.setValue(low + 1)
    layout = QVBoxLayout(dialog)
    layout.addWidget(QLabel("Caption"))
    layout.addWidget(box)
    dialog.move(200, 300)
    dialog.show()
    qtbot.waitExposed(dialog)
    box.setFocus()
    return dialog, box


def type_over(qtbot: QtBot, box: QSpinBox, text: str) -> None:
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, text)


def test_a_number_past_the_most_becomes_the_most_at_once_said_over_the_box(
    qtbot: QtBot,
) -> None:
    _dialog, box = shown_box(qtbot, 0, 99, " ft")
    seen: list[int] = []
    box.valueChanged.connect(seen.append)
    type_over(qtbot, box, "150")
    # Not 15 (the last key dropped), and not 150 shown while the box holds 15.
    assert (box.text(), box.value(), seen[-1]) == ("99 ft", 99, 99)
    assert box.said == "At most 99: 150 became 99 ft"
    assert QToolTip.isVisible() and QToolTip.text() == box.said
    tip = tip_label()
    assert tip is not None  # over the box, not over what lies under it
    assert tip.geometry().bottom() < box.mapToGlobal(QPoint(0, 0)).y()
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert (box.value(), box.text()) == (99, "99 ft")


def test_the_least_with_a_word_of_its_own_is_named_by_that_word(qtbot: QtBot) -> None:
    """A range box's least is "off map": the tip names what the box then shows."""
    _dialog, box = shown_box(qtbot, 0, 50, " ft", special="off map")
    type_over(qtbot, box, "-")  # the key is refused, as a plain box does, but said
    assert box.text() == "1 ft" and box.said == "At least 0: no numbers below it here"
    _dialog2, rounds = shown_box(qtbot, -5, 20, special="default")
    type_over(qtbot, rounds, "-30")
    assert (rounds.value(), rounds.text()) == (-5, "-5")
    assert rounds.said == "At least -5: -30 became -5 (“default”)"
    rounds.event(QFocusEvent(QEvent.Type.FocusOut, Qt.FocusReason.TabFocusReason))
    assert (rounds.value(), rounds.text()) == (-5, "default")  # its word, once left


def test_a_number_short_of_the_least_settles_on_it_on_leaving_and_says_so(
    qtbot: QtBot,
) -> None:
    """10 where 25 is the least may yet become 250 with another key: only on leaving the
    box does it become 25."""
    _dialog, box = shown_box(qtbot, 25, 500)
    type_over(qtbot, box, "10")
    assert box.text() == "10" and box.said == ""
    box.event(QFocusEvent(QEvent.Type.FocusOut, Qt.FocusReason.TabFocusReason))
    assert (box.value(), box.said) == (25, "At least 25: 10 became 25")


def test_every_number_typed_ends_as_the_nearest_the_box_may_hold(qtbot: QtBot) -> None:
    """Against clamping worked out here, for numbers inside, at and past both limits."""
    _dialog, box = shown_box(qtbot, -10, 60)
    rng = random.Random(15)
    typed = [-10, 60, 0, 61, -11, 600, -999] + [rng.randint(-500, 500) for _ in range(25)]
    for number in typed:
        type_over(qtbot, box, str(number))
        qtbot.keyClick(box, Qt.Key.Key_Return)
        nearest = sorted((-10, number, 60))[1]
        assert box.value() == nearest, number
        assert bool(limit_words(number, -10, 60)) == (number != nearest)


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
    assert ac.text() == "60" and ac.said == "At most 60: 150 became 60"
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


def test_keys_typed_on_after_the_box_took_a_number_are_counted_as_typed(
    qtbot: QtBot,
) -> None:
    """99999 typed where 5000 is the most: the box took 5000 at the fourth 9, and the
    fifth 9 is said as part of 99999 (not "50009"), the box still at 5000."""
    _dialog, box = shown_box(qtbot, 0, 5000, " ft")
    type_over(qtbot, box, "99999")
    assert (box.value(), box.said) == (5000, "At most 5000: 99999 became 5000 ft")


def test_esc_in_a_box_that_waits_for_enter_drops_what_was_typed(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The inspector's boxes change the combatant on Enter or on leaving: Esc drops what
    was typed, as the name field's Esc does, and the combatant keeps its strength."""
    session, stack = window.controller.session, window.controller.stack
    window.initiative.select(["brandon"])
    window.inspector.tabs.setCurrentIndex(1)
    strength = find(window.inspector, NumberBox, "inspector_strength")
    before, steps = session.combatants["brandon"].abilities.strength, stack.count()
    strength.setFocus()
    qtbot.waitUntil(strength.hasFocus)
    type_over(qtbot, strength, "150")
    assert strength.text() == "99"
    qtbot.keyClick(strength, Qt.Key.Key_Escape)
    assert strength.text() == str(before) and strength.said == ""
    strength.clearFocus()  # leaving the box commits what it shows: nothing new
    assert session.combatants["brandon"].abilities.strength == before
    assert stack.count() == steps


def test_a_tip_at_the_screens_edge_stays_whole_on_the_screen(qtbot: QtBot) -> None:
    """A long refusal at a box near the screen's right edge is moved left to fit."""
    from futurepath_desktop.ui.widgets.tips import say_at

    dialog, box = shown_box(qtbot, 0, 10)
    room = box.screen().availableGeometry()
    dialog.move(room.right() - dialog.width() - 2, 300)
    qtbot.wait(10)
    words = "a combatant is already called Space Bear 3: call this one Space Bear 5, say"
    say_at(box, words)
    tip = tip_label()
    assert tip is not None and QToolTip.text() == words[:1].upper() + words[1:]
    assert room.contains(tip.geometry())
    # Its words are drawn: the tip's picture has ink of another colour than its ground.
    image = tip.grab().toImage()
    ground = image.pixelColor(image.width() // 2, 1)
    inked = {
        image.pixelColor(x, y).rgb()
        for x in range(0, image.width(), 2)
        for y in range(image.height())
        if image.pixelColor(x, y) != ground
    }
    assert len(inked) > 5


def test_what_is_not_a_number_is_refused_as_a_plain_box_refuses_it(qtbot: QtBot) -> None:
    """Two signs, other scripts' digits and letters: not numbers, refused without a tip,
    the box as it was (no error from reading them)."""
    _dialog, box = shown_box(qtbot, -10, 60, " ft")
    for text in ("--5", "+-3", "²", "٣", "x", "1e3", "5 5", ""):  # as the box reads them
        assert box.number_in(f"{text} ft") is None, text
    for typed in ("--5", "x", "1e3"):  # as keys (the test's keys are ASCII only)
        type_over(qtbot, box, typed)
        assert box.said == "" and box.number_in(box.text()) == box.value(), typed
