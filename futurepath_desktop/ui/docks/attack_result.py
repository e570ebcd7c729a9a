"""What the attack form says: its choices of action and cover, its words for a planned
attack, and its last line (``AttackResult``), the roll just made or why it was refused,
shown where the GM pressed Enter and taken away as soon as it no longer applies."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
from PySide6.QtWidgets import QLabel, QScrollArea, QWidget

from futurepath_desktop.session.wording import sentence, without_rulings
from futurepath_desktop.ui.theme import REFUSED
from futurepath_desktop.ui.undo import SessionController

if TYPE_CHECKING:
    from futurepath_desktop.session.attack_plan import AttackPlan


ACTIONS = (
    ("Attack", "plain"),
    ("Bonus Attack (off-hand)", "bonus"),
    ("Full Attack", "full"),
    ("Extra Damage", "extra"),
)
COVERS = (
    "No cover",
    "Partial cover",
    "Heavy cover",
    "Full cover",
    "Full cover, fire through (AP)",
    "Full cover, weak barrier",
)
"""The cover of R32; the last two fire through full cover (a d10 of 6 or more connects)."""
FULL = 3


def plain_html(text: str) -> str:
    """Text shown as itself in rich text (html loads with the first roll, not at start)."""
    from html import escape

    return escape(text, quote=False)


def refused_html(text: str) -> str:
    """A refusal or warning as rich text, in the refusal's colour."""
    return f"<span style='color:{REFUSED}'>{plain_html(text)}</span>"


def plan_words(plan: AttackPlan, net: int, reason: str) -> tuple[list[str], str]:
    """What the form says of a planned attack: its sources, one a line, and its exact
    odds with ``reason`` (why the turn has no room for it, if so) as a warning under them.
    The form speaks the game's words; the log's breakdown keeps the rulings cited."""
    listed = [without_rulings(source.describe()) for source in plan.setup.all_sources()]
    listed += [f"AC: {without_rulings(note)}" for note in plan.notes]
    from futurepath_desktop.core.odds import odds_for  # loaded with the first odds

    odds = odds_for(plan.setup)  # kept: the chart asks for the same ones
    die = plan.setup.advantage_die
    if net > 0:
        dice = f"{net} advantage ({net} × {die} added)"
    elif net < 0:
        dice = f"{-net} disadvantage ({-net} × {die} subtracted)"
    else:
        dice = "no Advantage Dice"
    warning = f"<br>{refused_html(sentence(without_rulings(reason)))}" if reason else ""
    c = float(plan.connects)  # through full cover, the d10 must let the shot through
    through = f" · gets through {c:.0%}" if c < 1 else ""
    return listed or ["No sources: a plain roll"], (
        f"<b>Hit {c * odds.outcomes.hit:.1%}</b> against AC {plan.setup.target_ac} · "
        f"critical {c * odds.outcomes.critical:.1%} · fumble "
        f"{c * odds.outcomes.critical_failure:.1%}{through}<br>"
        f"{dice} · expected damage {c * odds.expected:.1f}{warning}"
    )


def into_sight(widget: QWidget) -> None:
    """Scroll the panel ``widget`` is in until the whole of it can be read, at the size
    its words take once laid out (new words wrap to more lines than the old ones had)."""
    scroll = widget.parentWidget()
    while scroll is not None and not isinstance(scroll, QScrollArea):
        scroll = scroll.parentWidget()
    if scroll is not None and widget.isVisible():
        for _ in range(4):  # the label's layout, then each panel around it, grows in turn
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        scroll.ensureWidgetVisible(widget, 0, 4)


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
        """Show a roll's summary, or (``refused``) why the roll did not happen, scrolled
        into the panel once laid out (it sits under the Roll button, which on a laptop
        can leave it below the panel's edge)."""
        self.setText(refused_html(text) if refused else plain_html(text))
        self.refused = refused
        self._shown_for = self._choice()
        self._stack_index = self.controller.stack.index()
        self._turn = self._moment()
        QTimer.singleShot(0, self, self._into_sight)

    def _into_sight(self) -> None:
        if self.text():
            into_sight(self)

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
