"""The chapter's opening played from the keyboard alone: start combat, the surprise round,
an attack, the turns, a move on the map. Every step is a key pressed on whatever has the
focus, as a GM without a mouse would; the test only reads what the window shows."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.conftest import answer_dialog

NO_MODIFIER = Qt.KeyboardModifier.NoModifier


def focused(window: MainWindow) -> QWidget:
    """Where the next key goes (the window itself if nothing inside it has the focus)."""
    widget = QApplication.focusWidget()
    return widget if widget is not None else window


def press(
    qtbot: QtBot,
    window: MainWindow,
    key: Qt.Key | str,
    modifier: Qt.KeyboardModifier = NO_MODIFIER,
) -> None:
    """One key on the focused widget."""
    window.activateWindow()  # a closed dialog may leave no window active without a WM
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(focused(window), key, modifier)


def panel_of(window: MainWindow) -> str:
    """The objectName of the panel holding the focus."""
    widget = QApplication.focusWidget()
    for dock in window.docks():
        if widget is not None and dock.isAncestorOf(widget):
            return dock.objectName()
    return ""


def log_texts(window: MainWindow) -> list[str]:
    """The Event column of the log panel, as shown."""
    proxy = window.log.view.model()
    return [proxy.index(row, 3).data() for row in range(proxy.rowCount())]


def test_the_opening_from_the_keyboard_alone(qtbot: QtBot, window: MainWindow) -> None:
    session = window.controller.session
    qtbot.waitUntil(lambda: panel_of(window) == "initiativeDock")

    # F5 asks who is aware; the demo's answer (only Brandon saw it coming) is kept: Enter.
    def accept_with_enter(dialog: QDialog) -> None:
        # The key goes to the dialog (and its focused list), not to the window behind it,
        # once the dialog has the keyboard, as a GM waits for it to appear.
        qtbot.waitUntil(lambda: dialog.focusWidget() is not None)
        qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)

    answer_dialog(qtbot, accept_with_enter)
    press(qtbot, window, Qt.Key.Key_F5)
    assert session.combat.active and session.combat.surprise_round
    assert session.combat.surprise_actors == ("brandon",)

    # The surprise round is Brandon's: A reaches the attack form, Enter rolls.
    qtbot.waitUntil(lambda: panel_of(window) == "initiativeDock")
    press(qtbot, window, "a")
    assert panel_of(window) == "inspectorDock", "A goes to the attack form"
    before = len(session.log)
    press(qtbot, window, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(session.log) > before, timeout=3000)
    attack = next(e for e in session.log[before:] if e.kind == "attack")
    assert attack.text.startswith("Brandon attacks")
    qtbot.waitUntil(lambda: attack.text in log_texts(window))

    # Back to the initiative with F6 / Shift+F6, then N ends the surprise round and N
    # again gives the players their turn.
    for _ in range(len(window.docks())):
        if panel_of(window) == "initiativeDock":
            break
        press(qtbot, window, Qt.Key.Key_F6, Qt.KeyboardModifier.ShiftModifier)
    assert panel_of(window) == "initiativeDock", "Shift+F6 walks back to the initiative"
    press(qtbot, window, "n")
    after_surprise = session.combat
    assert not after_surprise.surprise_round
    while session.combat.phase != Phase.ACTION:
        press(qtbot, window, "n")
    assert session.combat.acting_team == "players"

    # Brandon is still the selected combatant: M gives the map the keys, two steps right
    # and Enter move his token there.
    assert window.initiative.selected_ids() == ["brandon"]
    grid = session.map
    assert grid is not None
    start = session.tokens["brandon"].square
    press(qtbot, window, "m")
    assert focused(window) is window.map.view, "M gives the map the keys"
    press(qtbot, window, Qt.Key.Key_Right)
    press(qtbot, window, Qt.Key.Key_Right)
    press(qtbot, window, Qt.Key.Key_Return)
    assert session.tokens["brandon"].square == (start[0] + 2, start[1])
    assert any(t.startswith("Brandon moves") for t in log_texts(window))


def test_f6_visits_every_panel_in_sight_and_comes_back(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: panel_of(window) == "initiativeDock")
    in_sight = {
        dock.objectName()
        for dock in window.docks()
        if dock.isVisible() and not dock.visibleRegion().isEmpty()
    }
    visited = []
    for _ in range(len(in_sight)):
        press(qtbot, window, Qt.Key.Key_F6)
        visited.append(panel_of(window))
    assert set(visited) == in_sight and visited[-1] == "initiativeDock"
    press(qtbot, window, Qt.Key.Key_F6, Qt.KeyboardModifier.ShiftModifier)
    assert panel_of(window) == visited[-2]


def test_f6_to_the_counters_holds_one_so_plus_extends_it(qtbot: QtBot, window: MainWindow) -> None:
    """Reached with F6, the Condition Counters panel holds a counter at once: + gives it
    a round more without a Space or a click first."""
    from futurepath_desktop.session import commands as c

    assert window.controller.push(c.AddCondition(("brandon",), "shaken", rounds=2))
    (counter,) = window.controller.session.conditions.values()
    for _ in range(len(window.docks()) + 1):
        if QApplication.focusWidget() is window.counters.view:
            break
        press(qtbot, window, Qt.Key.Key_F6)
    assert QApplication.focusWidget() is window.counters.view
    assert window.counters.selected_ids() == [counter.id]
    press(qtbot, window, Qt.Key.Key_Plus)
    assert window.controller.session.conditions[counter.id].remaining == 3


def test_f6_to_the_log_starts_on_the_newest_entry(qtbot: QtBot, window: MainWindow) -> None:
    """Reached with F6, the log's keys start on its newest entry, in view at the bottom,
    with its breakdown below, not on the oldest entry scrolled to the top."""
    from futurepath_desktop.session import commands as c

    for _ in range(30):  # a log longer than the panel
        assert window.controller.push(c.RollDice("1d20"))
    view = window.log.view
    qtbot.waitUntil(lambda: view.verticalScrollBar().maximum() > 0)
    for _ in range(len(window.docks()) + 1):
        if QApplication.focusWidget() is view:
            break
        press(qtbot, window, Qt.Key.Key_F6)
    assert QApplication.focusWidget() is view
    newest = window.log.proxy.rowCount() - 1
    assert view.currentIndex().row() == newest
    assert [i.row() for i in view.selectionModel().selectedRows()] == [newest], "highlighted"
    assert view.verticalScrollBar().value() == view.verticalScrollBar().maximum()
    assert window.controller.session.log[-1].text.split(":")[0] in window.log.detail.toPlainText()
    press(qtbot, window, Qt.Key.Key_Up)
    assert view.currentIndex().row() == newest - 1


def test_plus_on_a_combatant_with_one_counter_extends_it(qtbot: QtBot, window: MainWindow) -> None:
    """With the keys on the initiative list and no counter selected in its panel, + and -
    act on the one counter the selected combatant holds; with two, they ask for one to be
    chosen and change nothing."""
    from futurepath_desktop.session import commands as c
    from futurepath_desktop.ui.prompts import PICK_CONDITIONS

    controller = window.controller
    session = controller.session
    for held in list(session.conditions):
        assert controller.push(c.RemoveConditions((held,)))
    assert controller.push(c.AddCondition(("bear-1",), "stunned", rounds=3))
    (counter,) = session.conditions.values()
    window.initiative.select(["bear-1"])
    window.initiative.view.setFocus()
    window.counters.view.clearSelection()
    press(qtbot, window, Qt.Key.Key_Plus)
    assert session.conditions[counter.id].remaining == 4
    press(qtbot, window, Qt.Key.Key_Minus)
    assert session.conditions[counter.id].remaining == 3
    assert controller.push(c.AddCondition(("bear-1",), "shaken", rounds=2))
    steps = controller.stack.count()
    press(qtbot, window, Qt.Key.Key_Plus)
    assert controller.stack.count() == steps
    assert window.statusBar().currentMessage() == PICK_CONDITIONS


def test_plus_acts_on_the_choice_made_last(qtbot: QtBot, window: MainWindow) -> None:
    """A counter clicked in Condition Counters, then a combatant clicked in Team
    Initiative: + extends the combatant's one counter, not the counter chosen before.
    Clicking a counter again makes + act on it, press after press."""
    from futurepath_desktop.session import commands as c
    from futurepath_desktop.ui.models.counters_model import BEARER

    controller, session = window.controller, window.controller.session
    for held in list(session.conditions):
        assert controller.push(c.RemoveConditions((held,)))
    assert controller.push(c.AddCondition(("brandon",), "shaken", rounds=1))
    assert controller.push(c.AddCondition(("bear-1",), "stunned", rounds=1))
    shaken, stunned = (h.id for h in session.conditions.values())

    def click_row(view: QAbstractItemView, row: int, column: int = 0) -> None:
        rect = view.visualRect(view.model().index(row, column))
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())

    counters = window.counters.view
    brandon_row = next(
        r
        for r in range(counters.model().rowCount())
        if counters.model().index(r, BEARER).data() == "Brandon"
    )
    click_row(counters, brandon_row, BEARER)
    assert window.counters.selected_ids() == [shaken]
    view = window.initiative.view
    assert view.model() is window.initiative_model
    bear = window.initiative_model.index_of("bear-1")
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(bear).center())
    assert window.initiative.selected_ids() == ["bear-1"]
    assert window.counters.selected_ids() == [], "the earlier choice is let go"
    press(qtbot, window, Qt.Key.Key_Plus)
    assert session.conditions[stunned].remaining == 2
    assert session.conditions[shaken].remaining == 1
    click_row(counters, brandon_row, BEARER)
    for rounds in (2, 3):
        press(qtbot, window, Qt.Key.Key_Plus)
        assert session.conditions[shaken].remaining == rounds
    assert session.conditions[stunned].remaining == 2
    # The bear's row, chosen already, clicked again: the click is the latest choice.
    assert window.initiative.selected_ids() == ["bear-1"]
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(bear).center())
    assert window.counters.selected_ids() == []
    press(qtbot, window, Qt.Key.Key_Plus)
    assert session.conditions[stunned].remaining == 3
    assert session.conditions[shaken].remaining == 3


def test_the_breakdown_goes_with_its_entry_when_another_session_opens(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The log's breakdown shows the current entry's: when a new session replaces the
    log, the old entry's breakdown goes too."""
    from futurepath_desktop.session import commands as c
    from futurepath_desktop.session.state import Session

    assert window.controller.push(c.RollDice("2d6"))
    window.log.view.selectRow(window.log.proxy.rowCount() - 1)
    assert "2d6" in window.log.detail.toPlainText()
    window.controller.replace(Session(name="New session"), None)
    assert window.log.proxy.rowCount() == 0
    assert window.log.detail.toPlainText() == ""


def test_a_refusal_in_the_status_bar_outlasts_passing_hover_tips(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Why something was refused stays in the status bar while the pointer passes over
    buttons (their tips wait); once it has gone, a button's tip shows as before."""
    from PySide6.QtGui import QStatusTipEvent
    from PySide6.QtWidgets import QToolButton

    from futurepath_desktop.session import commands as c

    bar = window.statusBar()
    button = next(b for b in window.findChildren(QToolButton) if b.isVisible())
    assert not window.controller.push(c.Heal(("nobody",), 5))  # refused, said
    said = bar.currentMessage()
    assert said.startswith("⚠ ")
    for tip in ("Map tool: Grenade", ""):  # over a button, then off it
        QApplication.sendEvent(button, QStatusTipEvent(tip))
        assert bar.currentMessage() == said
    bar.clearMessage()
    QApplication.sendEvent(button, QStatusTipEvent("Map tool: Grenade"))
    assert bar.currentMessage() == "Map tool: Grenade"
    QApplication.sendEvent(button, QStatusTipEvent(""))
    assert bar.currentMessage() == ""


def test_what_was_said_of_a_step_goes_when_it_is_undone(qtbot: QtBot, window: MainWindow) -> None:
    """A message about a step (a newcomer to place on the map) goes when the step is
    undone: it no longer holds. Undo and Redo say what they did in its place; a jump in
    History says how many steps."""
    from futurepath_desktop.session import commands as c

    stack = window.controller.stack
    assert window.controller.push(c.RollDice("1d20"))
    rolled = stack.text(stack.index() - 1)
    window.say("Katie joined, off the map: click an empty square to place the token", 15000)
    window.actions_by_name["actionUndo"].trigger()
    assert window.statusBar().currentMessage() == f"Undone: {rolled}"
    window.actions_by_name["actionRedo"].trigger()
    assert window.statusBar().currentMessage() == f"Redone: {rolled}"
    assert window.controller.push(c.RollDice("2d6"))
    stack.setIndex(stack.index() - 2)  # two steps back, as a click in History
    assert window.statusBar().currentMessage() == "Undone: 2 steps"
