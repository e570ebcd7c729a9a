"""What the attack form's target list was made from, so that a change which leaves all of
it as it was (most of them: a turn ends, a counter ticks) does not make the list again."""

from __future__ import annotations

from collections.abc import Iterable

from futurepath_desktop.session.change import Change
from futurepath_desktop.session.state import Combatant, Session
from futurepath_desktop.session.targets import TargetChoice, listed_as


class TargetListing:
    """The attacker's side and weapons, and how each listed target was shown."""

    def __init__(self) -> None:
        self._listed: dict[str, tuple[object, ...] | None] = {}
        self._attacker: tuple[object, ...] = ()

    def clear(self) -> None:
        """Nothing is listed (no attacker)."""
        self._listed = {}

    def take(self, attacker: Combatant, choices: Iterable[TargetChoice]) -> None:
        """Remember what the list for ``attacker`` is made from (as ``listed_as`` has it:
        the choices were made from the same session)."""
        self._listed = {c.combatant.id: c.listed() for c in choices}
        self._attacker = (attacker.team_id, *attacker.weapons)

    def changed_by(self, session: Session, change: Change, attacker_id: str | None) -> bool:
        """Whether ``change`` alters who is listed, how, or in what order: only the
        combatants it names are looked at, so a turn's end costs nothing at 500."""
        if (
            change.added.get("combatants")
            or change.removed.get("combatants")
            or "combatants" in change.reordered
            or change.touched("teams")  # a side changed: friends and enemies with it
            or change.options  # the health model decides who is down
            or (change.touched("conditions") and not change.bearers)
        ):
            return True
        for ident in change.touched("combatants") | change.bearers:
            combatant = session.combatants.get(ident)
            if combatant is None:
                return True
            if ident == attacker_id:
                if (combatant.team_id, *combatant.weapons) != self._attacker:
                    return True
            elif listed_as(session, combatant) != self._listed.get(ident):
                return True
        return False
