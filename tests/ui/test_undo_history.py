"""The window's undo stack and its History list, driven through the window: Undo and Redo
are named after their step, a click in the list goes to that step, and the title's
unsaved mark follows the clean point."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListView
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.store import encode
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.operations import health


def _bears(window: MainWindow) -> list[str]:
    return [b.id for b in window.controller.session.combatants.values() if b.team_id == "bears"]


def history_listing(qtbot: QtBot, window: MainWindow) -> QListView:
    """The History panel brought up, and its list once shown."""
    window.history.show()
    window.history.raise_()
    listing = window.history.findChild(QListView, "historyView")
    assert listing is not None
    qtbot.waitUntil(listing.isVisible)
    return listing


def test_history_list_goes_to_the_step_clicked(qtbot: QtBot, window: MainWindow) -> None:
    controller = window.controller
    states = [encode(controller.session)]
    bears = _bears(window)
    for amount in (1, 2, 3):
        assert controller.push(c.Damage((bears[0],), amount))
        states.append(encode(controller.session))
    undo = window.actions_by_name["actionUndo"]
    redo = window.actions_by_name["actionRedo"]
    assert undo.isEnabled() and not redo.isEnabled()
    assert undo.text().endswith(controller.stack.text(2))
    assert "3 damage" in undo.text()

    listing = history_listing(qtbot, window)
    model = listing.model()
    assert model.rowCount() == 4
    assert model.index(0, 0).data() == "Session opened"
    assert listing.currentIndex().row() == 3

    rect = listing.visualRect(model.index(1, 0))
    qtbot.mouseClick(listing.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert controller.stack.index() == 1
    assert encode(controller.session) == states[1]
    assert redo.isEnabled() and "2 damage" in redo.text()

    # The undone steps are drawn greyed: the darkest pixel of their text is lighter.
    qtbot.wait(50)
    picture = listing.viewport().grab().toImage()

    def darkest(row: int) -> int:
        box = listing.visualRect(model.index(row, 0))
        return min(
            picture.pixelColor(x, y).lightness()
            for x in range(box.left(), box.left() + 120)
            for y in range(box.top(), box.bottom())
        )

    assert darkest(3) > darkest(0) + 40, "an undone step looks like a done one"

    undo.trigger()
    assert encode(controller.session) == states[0]
    assert listing.currentIndex().row() == 0
    assert not undo.isEnabled() and undo.text() == "&Undo"

    redo.trigger()
    redo.trigger()
    assert encode(controller.session) == states[2]
    assert listing.currentIndex().row() == 2

    # A new command drops the steps past the current one.
    assert controller.push(c.Heal((bears[0],), 1))
    assert model.rowCount() == 4
    assert "heal" in model.index(3, 0).data().lower()
    assert not redo.isEnabled()


def test_history_opens_on_the_current_step(qtbot: QtBot, window: MainWindow) -> None:
    """Sixty steps into a fight the History panel is brought up for the first time, by its
    key: it opens on the current step, not on the session as opened, with the keys in it."""
    from PySide6.QtWidgets import QApplication

    controller = window.controller
    bear = _bears(window)[0]
    for _ in range(60):
        assert controller.push(c.Damage((bear,), 0))
    go = window.actions_by_name["actionFocusHistory"]
    assert go.shortcut().toString() == "Ctrl+H"
    go.trigger()
    listing = window.history.findChild(QListView, "historyView")
    assert listing is not None
    qtbot.waitUntil(listing.isVisible)
    assert QApplication.focusWidget() is listing
    current = listing.model().index(controller.stack.index(), 0)
    qtbot.waitUntil(lambda: listing.viewport().rect().contains(listing.visualRect(current)))
    qtbot.keyClick(listing, Qt.Key.Key_Home)  # to the session as opened: all undone
    assert controller.stack.index() == 0
    qtbot.keyClick(listing, Qt.Key.Key_End)
    assert controller.stack.index() == 60
    window.log.raise_()  # away, three steps undone meanwhile, and back
    for _ in range(3):
        controller.stack.undo()
    window.history.raise_()
    now = listing.model().index(controller.stack.index(), 0)
    qtbot.waitUntil(lambda: listing.viewport().rect().contains(listing.visualRect(now)))


def test_the_unsaved_mark_follows_the_clean_point(window: MainWindow) -> None:
    controller = window.controller
    bears = _bears(window)
    assert not window.isWindowModified()
    assert controller.push(c.Damage((bears[0],), 2))
    assert window.isWindowModified()
    window.actions_by_name["actionUndo"].trigger()
    assert not window.isWindowModified()
    window.actions_by_name["actionRedo"].trigger()
    controller.stack.setClean()  # as a save does
    assert not window.isWindowModified()
    window.actions_by_name["actionUndo"].trigger()
    assert window.isWindowModified()
    assert controller.push(c.Damage((bears[1],), 1))  # the saved state is out of reach now
    assert controller.stack.cleanIndex() == -1
    window.actions_by_name["actionUndo"].trigger()
    assert window.isWindowModified()


def test_a_jump_back_tells_the_list_once(qtbot: QtBot, window: MainWindow) -> None:
    """A click far back undoes every step on the way, but the stack's signals come once,
    so the list scrolls and repaints once (as QUndoStack's setIndex does)."""
    controller = window.controller
    bears = _bears(window)
    first = encode(controller.session)
    for n in range(60):
        assert controller.push(c.Damage((bears[n % len(bears)],), 1))
    told: list[int] = []
    controller.stack.indexChanged.connect(told.append)
    controller.stack.setIndex(0)
    assert told == [0]
    assert encode(controller.session) == first
    controller.stack.setIndex(60)
    assert told == [0, 60]


def test_an_ampersand_in_a_step_is_no_shortcut_letter(window: MainWindow) -> None:
    controller = window.controller
    bear = _bears(window)[0]
    assert controller.push(c.EditCombatant(bear, {"name": "Rock & Roll"}))
    assert controller.push(c.Damage((bear,), 2))
    undo = window.actions_by_name["actionUndo"]
    assert undo.text() == "&Undo Rock && Roll takes 2 damage"


def test_history_names_the_healing_the_log_records(qtbot: QtBot, window: MainWindow) -> None:
    """Healing past the maximum: the History's line says what was healed and what was
    over, as the log does, not the amount asked for."""
    controller = window.controller
    bear = _bears(window)[0]
    name = controller.session.combatants[bear].name
    full = controller.session.combatants[bear].hit_points().max_hp
    assert controller.push(c.Damage((bear,), 6))
    assert health.heal(controller, [bear], 10)
    logged = controller.session.log[-1].text
    assert logged.startswith(f"{name} heals 6 (4 overhealing) → HP {full}/{full}")
    model = history_listing(qtbot, window).model()
    assert model.index(model.rowCount() - 1, 0).data() == f"{name} heals 6 (4 overhealing)"
    assert window.actions_by_name["actionUndo"].text().endswith("heals 6 (4 overhealing)")
