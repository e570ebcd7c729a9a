"""The table's rhythm in the window: the round timer and the game clock on the combat bar,
and the GM's reminders shown as they come.

The round timer is the GM's stopwatch for pacing the table: started and stopped at will, it
starts again from zero at every new round. The game clock is the fight's own time: each
round is about 3 seconds in the game world. Neither is part of the session (the timer is
the evening's, the clock follows from the round), so neither is undone or saved.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from futurepath_desktop.core.rounds import SECONDS_PER_ROUND
from futurepath_desktop.session.change import Change
from futurepath_desktop.ui.widgets.timer_button import TimerButton

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from futurepath_desktop.ui.main_window import MainWindow


def clock_text(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` past an hour)."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def game_seconds(round_number: int) -> int:
    """The game world's time at the start of a round: the rounds before it, 3 s each."""
    return max(0, round_number - 1) * SECONDS_PER_ROUND


class RoundTimer(QObject):
    """A stopwatch that starts again from zero when a new round begins."""

    ticked = Signal()

    def __init__(
        self, parent: QObject | None = None, now: Callable[[], float] = time.monotonic
    ) -> None:
        super().__init__(parent)
        self._now = now
        self._kept = 0.0  # seconds counted before the last start
        self._since: float | None = None  # when it was last started, if running
        self.round = 0
        self._tick = QTimer(self)
        self._tick.setInterval(250)
        self._tick.timeout.connect(self.ticked)

    @property
    def running(self) -> bool:
        return self._since is not None

    def seconds(self) -> float:
        if self._since is None:
            return self._kept
        return self._kept + self._now() - self._since

    def start(self) -> None:
        if self._since is None:
            self._since = self._now()
            self._tick.start()
            self.ticked.emit()

    def stop(self) -> None:
        if self._since is not None:
            self._kept = self.seconds()
            self._since = None
            self._tick.stop()
            self.ticked.emit()

    def reset(self) -> None:
        self._kept = 0.0
        if self._since is not None:
            self._since = self._now()
        self.ticked.emit()

    def follow(self, round_number: int) -> None:
        """The fight is in ``round_number`` (0 outside a fight): a new round starts the
        count again; the end of the fight stops it."""
        if round_number != self.round:
            self.round = round_number
            if round_number == 0:
                self.stop()
            self.reset()


class ClockBar(QWidget):
    """On the combat bar: the round timer (click to start or stop) and the game clock."""

    def __init__(self, timer: RoundTimer, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("roundClock")
        self.timer = timer
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 0)
        layout.setSpacing(8)
        self.button = TimerButton(self)
        self.button.setObjectName("roundTimerButton")
        self.button.setToolTip(
            "Round timer: click to start or stop (F8); a new round starts it at 0:00"
        )
        self.button.setAccessibleName("Round timer")
        # As wide as "00:00" from the start: the bar does not shift when a round's timer
        # passes ten minutes (an hour, rare at the table, widens it once more).
        self.button.setText("00:00")
        self.button.setMinimumWidth(self.button.sizeHint().width())
        self.game = QLabel(self)
        self.game.setObjectName("gameClock")
        self.game.setToolTip("Game time: each round is about 3 seconds in the game world")
        self.game.setAccessibleName("Game time")
        layout.addWidget(self.button)
        layout.addWidget(self.game)
        timer.ticked.connect(self.show_time)
        self.round = 0
        self.show_time()
        self.show_round(0)

    def show_time(self) -> None:
        running = self.timer.running
        # The sign (play or pause) follows the check; the button draws it itself, not from
        # a font (not every font has a pause sign) nor from the style (see ui.fusion_metrics).
        self.button.setChecked(running)
        self.button.setText(clock_text(self.timer.seconds()))
        self.button.setAccessibleDescription(
            f"{clock_text(self.timer.seconds())} this round, {'running' if running else 'stopped'}"
        )

    def show_round(self, round_number: int) -> None:
        self.round = round_number
        self.game.setVisible(round_number > 0)
        self.game.setText(f"Game time {clock_text(game_seconds(round_number))}")


PLAYERS_SEE_CLOCKS = "players/clocks"
"""The setting: whether the player view and the players' page show the clocks."""


class Rhythm(QObject):
    """The window's round timer, game clock and reminders, kept in step with the session."""

    clockChanged = Signal()
    """The timer started, stopped or was reset, a round began, or the players' choice
    changed: what the players' page shows of the clocks is stale (not each second)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.timer = RoundTimer(self)
        self.timer.ticked.connect(self._show_players)
        self.timer.ticked.connect(self._tick_menu)  # stopped by the fight's end too
        self.clock = ClockBar(self.timer, window)
        self.notice: QMessageBox | None = None
        bar = window.combat_bar
        first_right = next(
            (a for a in bar.actions() if a.objectName() in ("actionSave", "barSave")), None
        )
        if first_right is not None:
            bar.insertWidget(first_right, self.clock)
        else:
            bar.addWidget(self.clock)
        self.clock.button.clicked.connect(lambda _checked: self.toggle())
        window.controller.changed.connect(self.follow)
        shown = window.actions_by_name.get("actionClocksForPlayers")
        if shown is not None:
            shown.setChecked(self.players_see_clocks())
        self.follow(Change())

    def toggle(self) -> None:
        if self.timer.running:
            self.timer.stop()
        else:
            self.timer.start()
        self.clockChanged.emit()

    def _tick_menu(self) -> None:
        """View ▸ Round Timer ticked exactly while the timer runs, however it started or
        stopped (F8, the bar's button, the menu, the end of the fight)."""
        action = self.window_.actions_by_name.get("actionRoundTimer")
        if action is not None and action.isChecked() != self.timer.running:
            action.setChecked(self.timer.running)

    def reset(self) -> None:
        self.timer.reset()
        self.clockChanged.emit()

    def players_see_clocks(self) -> bool:
        from futurepath_desktop.ui.window_settings import flag

        return flag(self.window_.settings, PLAYERS_SEE_CLOCKS)

    def show_to_players(self, on: bool) -> None:
        self.window_.settings.setValue(PLAYERS_SEE_CLOCKS, on)
        action = self.window_.actions_by_name.get("actionClocksForPlayers")
        if action is not None:
            action.setChecked(on)
        self._show_players()
        self.clockChanged.emit()

    def players_clock(self) -> tuple[str, float, bool] | None:
        """What the players are shown of the clocks (None: nothing, outside a fight or when
        the GM keeps them): the game time, the timer's seconds, whether it runs."""
        if not self.clock.round or not self.players_see_clocks():
            return None
        game = clock_text(game_seconds(self.clock.round))
        return game, round(self.timer.seconds(), 1), self.timer.running

    def players_words(self) -> str:
        shown = self.players_clock()
        if shown is None:
            return ""
        game, seconds, _running = shown
        return f"Round timer {clock_text(seconds)} · Game time {game}"

    def _show_players(self) -> None:
        view = self.window_.player_view
        if view is not None:
            view.show_clock(self.players_words())

    def follow(self, change: Change) -> None:
        session = self.window_.controller.session
        number = session.combat.round if session.combat.active else 0
        if number != self.clock.round:
            self.timer.follow(number)
            self.clock.show_round(number)
            self._show_players()
            self.clockChanged.emit()
        if change.log_appended and not change.log_truncated:
            said = [e.text for e in session.log[-change.log_appended :] if e.kind == "reminder"]
            if said:
                self.remind(said)

    def remind(self, said: list[str]) -> None:
        """Show the reminders that came, in one note that does not stop play."""
        if self.notice is None:
            from PySide6.QtWidgets import QMessageBox  # with the first reminder

            notice = QMessageBox(self.window_)
            notice.setObjectName("reminderNotice")
            notice.setWindowTitle("Reminder")
            notice.setIcon(QMessageBox.Icon.Information)
            notice.setStandardButtons(QMessageBox.StandardButton.Ok)
            notice.setModal(False)
            notice.setWindowModality(Qt.WindowModality.NonModal)
            notice.finished.connect(self._gone)
            self.notice = notice
        shown = self.notice.text().split("\n") if self.notice.isVisible() else []
        self.notice.setText("\n".join([*shown, *said]))
        self.notice.show()
        self.notice.raise_()
        self.window_.say("Reminder: " + "; ".join(said), 9000)

    def _gone(self, _result: int) -> None:
        if self.notice is not None:
            self.notice.deleteLater()
            self.notice = None
            self.window_.activateWindow()


def install(window: MainWindow) -> Rhythm:
    """Give the window its round timer, game clock and reminder notes."""
    return Rhythm(window)


def rhythm_of(window: MainWindow) -> Rhythm:
    found = window.findChild(Rhythm)
    assert found is not None, "the window's rhythm is installed at start-up"
    return found
