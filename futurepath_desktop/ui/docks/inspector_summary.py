"""The inspector's header: a combatant's portrait, name, summary and turn, over its tabs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from futurepath_desktop.session.state import Combatant, Session
from futurepath_desktop.ui.portraits import PortraitLabel

if TYPE_CHECKING:
    from futurepath_desktop.ui.undo import SessionController


def together(words: str) -> str:
    """``words`` kept on one line: a wrapped summary breaks between its items, never
    inside one ("Advantage Die" and "1d2" on two lines)."""
    return words.replace(" ", "\u00a0")


def combatant_summary(session: Session, combatant: Combatant) -> str:
    """AC, health (with temporary HP and what CON damage has left), initiative, Advantage
    Die and the conditions held, in one line."""
    if session.options.health_fatigue:
        health = together(f"Health {combatant.health}/{combatant.max_health}") + ", "
        health += together(f"fatigue {combatant.fatigue}")
    else:
        health = together(f"HP {combatant.hp}/{combatant.max_hp}")
    if combatant.temp_hp:
        health += " " + together(f"(+{combatant.temp_hp} temp)")
    if combatant.con_damage:  # R26, R55: what CON damage has left
        con = combatant.abilities.constitution
        health += " · " + together(f"CON {max(0, con - combatant.con_damage)} of {con}")
    held = [
        together(f"{c.name} {c.remaining}" if c.remaining else c.name)
        for c in session.conditions_on(combatant.id)
    ]
    bits = [
        together(f"AC {combatant.ac}"),
        health,
        together(f"initiative {combatant.initiative(session.options.initiative)}"),
        together(f"Advantage Die {combatant.advantage_die}"),
    ]
    if held:
        bits.append(", ".join(held))
    return " · ".join(bits)


class InspectorHeader(QWidget):
    """The portrait beside the name and the summary, and the turn under them. The summary
    and the turn share three lines' room: as one or the other wraps from one combatant to
    the next, or the fight starts, the tabs below stay put (and at 1366×768 the whole
    attack form still fits under them). The room is set once: set anew at each choice, it
    laid the panel out again each time."""

    def __init__(self, controller: SessionController, portrait_side: int) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.title = QLabel("Select a combatant")
        self.title.setObjectName("inspectorTitle")
        self.title.setWordWrap(True)  # a long name and team wrap in a narrow panel
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.title.setFont(font)
        self.summary = QLabel("")
        self.summary.setObjectName("inspectorSummary")
        self.summary.setWordWrap(True)
        self.portrait = PortraitLabel(controller, portrait_side)  # beside name and summary
        head, words = QHBoxLayout(), QVBoxLayout()
        words.addWidget(self.title)
        words.addWidget(self.summary)
        head.addWidget(self.portrait, 0, Qt.AlignmentFlag.AlignTop)
        head.addLayout(words, 1)
        layout.addLayout(head)
        self.turn = QLabel("")  # R15/R50: what this turn has used and what is left
        self.turn.setObjectName("inspectorTurn")
        self.turn.setWordWrap(True)
        layout.addWidget(self.turn)
        layout.addStretch(1)  # the room left over goes under the words, not between them
        line, title = self.summary.fontMetrics().lineSpacing(), self.title.fontMetrics().height()
        self.setMinimumHeight(title + 3 * line + 2 * layout.spacing())

    def show_turn(self, text: str, full: str) -> None:
        """The turn's line (``full`` in its tip), hidden when it has nothing to say; its
        room is kept either way."""
        self.turn.setText(text)
        self.turn.setToolTip(full)
        self.turn.setVisible(bool(text))
