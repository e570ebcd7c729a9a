"""What each cell of the initiative panel says: a team's name, score and standing, a
combatant's health, status and turn, in the roles the view paints from."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor, QFont

from futurepath_desktop.core.actions import validate_turn
from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session.health_track import track_words
from futurepath_desktop.session.state import Combatant, Session, Team
from futurepath_desktop.session.wording import n_rounds
from futurepath_desktop.ui.models.health_reading import health_reading
from futurepath_desktop.ui.models.roles import (
    BACKGROUND,
    DECORATION,
    DISPLAY,
    FONT,
    FOREGROUND,
    HEALTH_ROLE,
    ID_ROLE,
    KIND_ROLE,
    TOOLTIP,
)
from futurepath_desktop.ui.portraits import portrait_icon
from futurepath_desktop.ui.undo import SessionController

ANSWERED = frozenset(
    {DISPLAY, DECORATION, FONT, BACKGROUND, FOREGROUND, TOOLTIP, HEALTH_ROLE, ID_ROLE, KIND_ROLE}
)
"""The roles the model answers; the view asks for a dozen per cell on every repaint."""
COLUMNS = ("Name", "Init", "Health", "Status", "This turn")
NAME, INIT, HEALTH, STATUS, TURN = range(len(COLUMNS))


def name_words(combatant: Combatant) -> str:
    """What the name column shows for a combatant."""
    return combatant.name if combatant.present else f"{combatant.name} (waiting)"


class InitiativeCells:
    """The initiative model's answers, cell by cell (the model keeps them until the row is
    reported changed; see ``InitiativeModel``)."""

    controller: SessionController
    palette: dict[str, QColor]
    _members: dict[str, list[str]]
    _bold: QFont
    _italic: QFont
    _facts: dict[str, tuple[list[str], bool, tuple[float, str, str]]]
    """A combatant's flags, whether it is down, and its health reading, worked out once
    for all the cells of its row (forgotten with the row's cells)."""

    @property
    def session(self) -> Session:
        return self.controller.session

    def _team_cell(self, team: Team, column: int) -> dict[int, Any]:
        """Every role of a team's cell but the tip, worked out together (a repaint asks a
        cell for five or six of them at once)."""
        session = self.session
        acting = session.combat.acting_team == team.id
        # HEALTH_ROLE not None: a None read back through index.data() in a Python delegate
        # loses a reference to None in PySide6 6.12 on Python 3.11, and enough of them crash.
        cell: dict[int, Any] = {
            ID_ROLE: team.id,
            KIND_ROLE: "team",
            HEALTH_ROLE: (),
            FONT: self._bold,
        }
        display = ""
        if column == NAME:
            display = team.name
            cell[DECORATION] = QColor(team.colour)
        elif column == INIT:
            display = "" if team.initiative is None else str(team.initiative)
        elif column == STATUS:
            members = [session.combatants[i] for i in self._members.get(team.id, [])]
            vitality = session.options.vitality
            # Someone still waiting to join (R9) is neither standing nor down: not counted
            # (their own row says "waiting"; the tip gives the number).
            here = [m for m in members if m.present]
            up = sum(1 for m in here if not m.is_down(vitality))
            display = f"{'▶ acting · ' if acting else ''}{up} of {len(here)} standing"
        cell[DISPLAY] = display
        if acting and "acting" in self.palette:
            cell[BACKGROUND] = self.palette["acting"]
        if acting and "acting_text" in self.palette:
            cell[FOREGROUND] = self.palette["acting_text"]
        return cell

    def _team_tip(self, team: Team) -> str:
        tip = f"{team.name} ({team.side})"
        if team.initiative is not None:
            # R6: the mean of the members' scores, rounded up
            tip += f"\nTeam initiative {team.initiative}: mean of the members' scores, rounded up"
        if team.tiebreak:
            tip += f"\n{team.tiebreak}"
        members = self._members.get(team.id, [])
        waiting = sum(1 for i in members if not self.session.combatants[i].present)
        if waiting:
            tip += f"\n{waiting} waiting to join, not counted as standing"
        return tip

    def _combatant_cells(self, combatant: Combatant) -> list[dict[int, Any]]:
        """Every role of each of a combatant's cells but the tip, worked out together
        for the whole row (a turn repaints whole rows)."""
        session = self.session
        palette = self.palette
        flags, down, health = self._facts_of(combatant)
        words = (
            name_words(combatant),
            str(combatant.initiative(session.options.initiative)),
            health[1],
            ", ".join(flags),
            self._turn(combatant),
        )
        ink = None
        if not combatant.present or down:
            ink = palette["muted"] if "muted" in palette else QColor("gray")
        acting = session.combat.acting_team == combatant.team_id and combatant.present
        tint = None
        if acting and "acting" in palette:
            tint = QColor(palette["acting"])
            tint.setAlpha(110)
        cells: list[dict[int, Any]] = []
        for column, display in enumerate(words):
            cell: dict[int, Any] = {ID_ROLE: combatant.id, KIND_ROLE: "combatant"}
            if column == NAME and combatant.portrait:
                cell[DECORATION] = portrait_icon(self.controller, combatant)
            cell[HEALTH_ROLE] = health
            cell[DISPLAY] = display
            if ink is not None:
                cell[FOREGROUND] = ink
            elif column == STATUS and flags:
                cell[FOREGROUND] = palette["flag"] if "flag" in palette else QColor("darkorange")
            if down:
                cell[FONT] = self._italic
            if tint is not None:
                cell[BACKGROUND] = tint
            cells.append(cell)
        return cells

    def _combatant_tip(self, combatant: Combatant, column: int) -> str:
        session = self.session
        lines = [
            f"{combatant.name}: initiative score "  # R5
            f"{combatant.initiative(session.options.initiative)}",
            f"AC {combatant.ac}",
        ]
        if column == HEALTH:  # a long reading is cut short in its cell
            lines.append(f"Health: {health_reading(session, combatant)[1]}")
        if column in (STATUS, TURN):  # what a narrow panel may have had to shorten
            status = ", ".join(self.flags_of(combatant))
            turn = self._turn(combatant)
            lines += [f"Status: {status}"] if status else []
            lines += [f"This turn: {turn}"] if turn else []
        lines += [
            f"{c.name}" + (f", {n_rounds(c.remaining)}" if c.remaining else "")
            for c in session.conditions_on(combatant.id)
        ]
        if combatant.notes:
            lines.append(combatant.notes)
        return "\n".join(lines)

    def _facts_of(self, combatant: Combatant) -> tuple[list[str], bool, tuple[float, str, str]]:
        facts = self._facts.get(combatant.id)
        if facts is None:
            down = combatant.is_down(self.session.options.vitality)
            health = health_reading(self.session, combatant)
            facts = self._facts[combatant.id] = (self.flags_of(combatant), down, health)
        return facts

    def flags_of(self, combatant: Combatant) -> list[str]:
        """Surprised, flat-footed, hidden, down, and the conditions with their counters."""
        session = self.session
        flags: list[str] = []
        unaware = session.combat.active and combatant.id in session.combat.unaware
        # R11: surprised in the surprise round; after it, flat-footed until it has acted.
        if unaware and session.combat.surprise_round:
            flags.append("Surprised")
        if combatant.hidden:
            flags.append("Hidden")
        flags.extend(track_words(session, combatant))  # R54: Dying, Downed, Slowed…
        held_conditions = session.conditions_on(combatant.id)
        for held in held_conditions:
            flags.append(f"{held.name} {held.remaining}" if held.remaining else held.name)
        if unaware and not any(c.key == "flat-footed" for c in held_conditions):
            flags.insert(1 if flags[:1] == ["Surprised"] else 0, "Flat-footed")
        return flags

    def _turn(self, combatant: Combatant) -> str:
        combat = self.session.combat
        if not combat.active or not combatant.present:
            return ""
        declared = combat.turns.get(combatant.id, ())
        if declared:
            try:
                return validate_turn(declared).summary()
            except FuturePathError:
                return "?"
        if any(r.combatant_id == combatant.id for r in combat.readied):
            return "readied"  # its turn is spent, its action still to come (R18)
        if combatant.id in combat.acted:
            return "✓ done"  # its turn is over, whatever it did with it
        return ""
