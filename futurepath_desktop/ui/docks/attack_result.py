"""AttackResult: the attack form's last line, the roll just made or why it was refused,
shown where the GM pressed Enter and taken away as soon as it no longer applies."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from futurepath_desktop.ui.theme import REFUSED
from futurepath_desktop.ui.undo import SessionController


def plain_html(text: str) -> str:
    """Text shown as itself in rich text (html loads with the first roll, not at start)."""
    from html import escape

    return escape(text, quote=False)


def refused_html(text: str) -> str:
    """A refusal or warning as rich text, in the refusal's colour."""
    return f"<span style='color:{REFUSED}'>{plain_html(text)}</span>"


class AttackResult(QLabel):
    """The outcome of the form's last roll. It belongs to one choice of attacker, target
    and weapon (``choice`` says which is set up now) and to one place on the undo stack:
    another choice, undoing the roll, or the fight moving on to another turn clears it; a
    later roll replaces an old refusal."""

    def __init__(
        self,
        controller: SessionController,
        choice: Callable[[], tuple[object, ...]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("", parent)
        self.setObjectName("attackResult")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.controller = controller
        self._choice = choice
        self._shown_for: tuple[object, ...] | None = None
        self._stack_index = 0  # the undo stack's index just after the shown roll
        self._turn: tuple[object, ...] = ()  # the fight's moment the roll was made in
        self.refused = False
        controller.stack.indexChanged.connect(self._on_undo)
        controller.sessionReplaced.connect(self.clear)
        controller.changed.connect(self._on_change)

    def show_outcome(self, text: str, *, refused: bool = False) -> None:
        """Show a roll's summary, or (``refused``) why the roll did not happen."""
        self.setText(refused_html(text) if refused else plain_html(text))
        self.refused = refused
        self._shown_for = self._choice()
        self._stack_index = self.controller.stack.index()
        self._turn = self._moment()

    def _moment(self) -> tuple[object, ...]:
        combat = self.controller.session.combat
        return (combat.active, combat.round, combat.phase, combat.turn_index)

    def clear(self) -> None:
        """Nothing to show."""
        self._shown_for = None
        self.refused = False
        if self.text():
            self.setText("")

    def follow_choice(self) -> None:
        """The form's attacker, target or weapon may have changed: a result for another
        choice goes."""
        if self._shown_for is not None and self._shown_for != self._choice():
            self.clear()

    def _on_undo(self, index: int) -> None:
        if self._shown_for is not None and index < self._stack_index:
            self.clear()

    def _on_change(self, *_args: object) -> None:
        if self._shown_for is not None and self._moment() != self._turn:
            self.clear()  # another team's turn, phase or round: last turn's roll is old news
