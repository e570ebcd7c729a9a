"""The table's rhythm through the window: a reminder made in Combat ▸ Reminders… comes up
as a note and in the log when its turn starts, and goes with Undo; the round timer starts
and stops with F8 and its button, starts again at each round, and the game clock counts
3 seconds a round; both sit on the combat bar at 1280×800 without clipping."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QLineEdit, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui.dialogs.reminder_dialog import ReminderEditor, RemindersDialog
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.rhythm import RoundTimer, clock_text, game_seconds, rhythm_of
from tests.ui.conftest import answer_dialog, find
from tests.ui.test_window_flows import start_with_only_brandon_aware


def test_a_reminder_made_in_the_window_comes_at_its_turn_and_goes_with_undo(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    window.initiative.select(["james"])

    def write(editor: QDialog) -> None:
        assert isinstance(editor, ReminderEditor)
        assert editor.who.currentData() == "james", "the selected combatant's turn first"
        find(editor, QLineEdit, "reminderText").setText("regeneration: heal 2")
        assert "James' regeneration: heal 2" in editor.preview.text()
        editor.accept()

    def manage(dialog: QDialog) -> None:
        assert isinstance(dialog, RemindersDialog)
        answer_dialog(qtbot, write)
        find(dialog, QPushButton, "reminderAdd").click()
        assert dialog.list.count() == 1 and "James" in dialog.list.item(0).text()
        dialog.reject()

    answer_dialog(qtbot, manage)
    qtbot.keyClick(
        window,
        Qt.Key.Key_M,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert [r.text for r in session.reminders.values()] == ["regeneration: heal 2"]
    qtbot.waitUntil(window.isActiveWindow)  # the keyboard comes back when the dialog closes

    start_with_only_brandon_aware(qtbot, window)
    assert session.combat.active
    for _ in range(6):
        if session.combat.acting_team == "players" and not session.combat.surprise_round:
            break
        window.actions_by_name["actionNextTurn"].trigger()
    qtbot.waitUntil(lambda: rhythm_of(window).notice is not None)
    notice = rhythm_of(window).notice
    assert isinstance(notice, QMessageBox) and notice.isVisible() and not notice.isModal()
    assert notice.text() == "James' regeneration: heal 2"
    assert session.log[-1].kind in ("reminder", "turn", "condition", "expiry", "damage")
    assert "James' regeneration: heal 2" in [e.text for e in session.log if e.kind == "reminder"]
    # The note does not stop play: the window still takes its keys.
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    notice.accept()
    window.controller.stack.undo()
    assert not [e for e in session.log if e.kind == "reminder"]


def running(timer: RoundTimer) -> bool:
    """Asked anew each time (a property mypy would take for fixed)."""
    return timer.running


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_round_timer_counts_only_while_running_and_starts_again_each_round(
    qtbot: QtBot,
) -> None:
    clock = FakeClock()
    timer = RoundTimer(now=clock)
    timer.follow(1)
    clock.now += 5
    assert timer.seconds() == 0 and not running(timer)
    timer.start()
    clock.now += 7
    timer.stop()
    clock.now += 100
    assert timer.seconds() == 7
    timer.start()
    clock.now += 2.5
    assert timer.seconds() == 9.5
    timer.follow(2)  # a new round: back to zero, still running
    clock.now += 4
    assert timer.seconds() == 4 and running(timer)
    timer.follow(0)  # the fight ended
    assert timer.seconds() == 0 and not running(timer)
    assert [clock_text(s) for s in (0, 9.9, 75, 3725)] == ["0:00", "0:09", "1:15", "1:02:05"]
    assert [game_seconds(n) for n in (0, 1, 2, 21)] == [0, 0, 3, 60]


def test_f8_and_the_bar_button_start_and_stop_the_timer_and_the_game_clock_follows(
    qtbot: QtBot, window: MainWindow
) -> None:
    rhythm = rhythm_of(window)
    action = window.actions_by_name["actionRoundTimer"]
    assert not rhythm.clock.game.isVisible(), "no game time outside a fight"
    start_with_only_brandon_aware(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_F8)
    assert running(rhythm.timer) and action.isChecked() and rhythm.clock.button.isChecked()
    qtbot.mouseClick(rhythm.clock.button, Qt.MouseButton.LeftButton)
    assert not running(rhythm.timer) and not action.isChecked()
    session = window.controller.session
    while session.combat.round < 3:
        window.actions_by_name["actionNextRound"].trigger()
        answer_dialog(qtbot, lambda d: d.accept())
    assert rhythm.clock.game.isVisible()
    assert rhythm.clock.game.text() == f"Game time {clock_text(2 * 3)}"
    # Started again, then stopped by the end of the fight: the menu's tick goes with it,
    # and the menu then starts the timer rather than stopping it.
    action.trigger()
    assert running(rhythm.timer) and action.isChecked()
    window.actions_by_name["actionEndCombat"].trigger()
    answer_dialog(qtbot, lambda d: d.reject())
    assert not session.combat.active
    assert not running(rhythm.timer) and not action.isChecked()
    assert not rhythm.clock.button.isChecked()
    action.trigger()
    assert running(rhythm.timer) and action.isChecked()


def test_the_timer_button_keeps_its_width_past_ten_minutes(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The bar does not shift when the time gains a digit (0:59 → 10:00)."""
    now = [1000.0]
    rhythm = rhythm_of(window)
    timer = RoundTimer(now=lambda: now[0])
    rhythm.clock.timer = timer
    timer.ticked.connect(rhythm.clock.show_time)
    button = rhythm.clock.button
    widths = []
    timer.start()
    for seconds in (5, 59, 600, 3599):
        now[0] = 1000.0 + seconds
        timer.ticked.emit()
        QApplication.processEvents()
        widths.append(button.width())
        assert button.width() >= button.sizeHint().width(), button.text()
    assert button.text() == "59:59"
    assert len(set(widths)) == 1, widths


def test_the_clock_sits_on_the_bar_at_1280_wide_without_clipping(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(1280, 800)
    start_with_only_brandon_aware(qtbot, window)
    rhythm = rhythm_of(window)
    rhythm.timer.start()
    QApplication.processEvents()
    bar = window.combat_bar
    button = rhythm.clock.button
    assert button.isVisible() and rhythm.clock.game.isVisible()
    assert button.width() >= button.sizeHint().width(), "the time is not cut"
    assert rhythm.clock.game.width() >= rhythm.clock.game.sizeHint().width()
    where = rhythm.clock.geometry()
    assert bar.rect().contains(where), "inside the bar, not in its overflow menu"
    save = bar.widgetForAction(window.actions_by_name["actionSave"])
    assert save is not None and not where.intersects(save.geometry())
    # The picture: the button's text is drawn (pixels unlike the bar's background).
    picture = bar.grab().toImage()
    ground = picture.pixelColor(where.left() + 1, where.top() + 1)
    inner = button.geometry().translated(where.topLeft())
    inked = sum(
        1
        for x in range(inner.left(), inner.right(), 2)
        for y in range(inner.top(), inner.bottom(), 2)
        if abs(picture.pixelColor(x, y).lightness() - ground.lightness()) > 80
    )
    assert inked > 20, "the timer's digits are drawn"


def test_the_players_clock_is_drawn_on_the_player_view_when_shown(
    qtbot: QtBot, window: MainWindow
) -> None:
    rhythm = rhythm_of(window)
    start_with_only_brandon_aware(qtbot, window)
    window.show_player_view()
    view = window.player_view
    assert view is not None

    def inked() -> int:
        """Pixels of the clock's line unlike the window's ground (its text, drawn)."""
        QApplication.processEvents()
        picture = view.grab().toImage()
        where = view.clock.geometry()
        ground = picture.pixelColor(where.right() + 2, where.top() + 1)
        return sum(
            1
            for x in range(where.left(), where.right(), 2)
            for y in range(where.top(), where.bottom(), 2)
            if abs(picture.pixelColor(x, y).lightness() - ground.lightness()) > 80
        )

    assert not view.clock.isVisible()
    rhythm.show_to_players(True)
    try:
        assert view.clock.isVisible() and inked() > 20, "the round timer's line is drawn"
        assert view.clock.width() >= view.clock.sizeHint().width(), "and not cut"
    finally:
        rhythm.show_to_players(False)
        window.settings.remove("players/clocks")
