"""Stabilizing a dying combatant (R26): a Full-Round action that needs a field medical kit
and at least one rank of Treat Injury; a success sets HP to 1 and stops the bleeding (the
CON damage stays)."""

from __future__ import annotations

import msgspec

from futurepath_desktop.core.actions import action as action_spec
from futurepath_desktop.core.actions import validate_turn
from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session.commands.turn_actions import acting_check, declare_action
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.health_track import track_change
from futurepath_desktop.session.skill_checks import skill_check
from futurepath_desktop.session.state import Session
from futurepath_desktop.session.targets import token_distance_ft

ACTION = "Stabilize a Dying Character"


class Stabilize(msgspec.Struct, frozen=True):
    """R26: ``medic_id`` tries to stabilize ``patient_id``.

    The medic needs a field medical kit (``kit``) and ``ranks`` ≥ 1 in Treat Injury. The
    Treat Injury check is d20 + ``bonus`` against ``dc``, rolled and logged; with ``dc``
    None the GM rules it a success without a roll. In combat it is the medic's Full-Round
    action (R15, R16).
    """

    medic_id: str
    patient_id: str
    kit: bool
    ranks: int
    bonus: int = 0
    dc: int | None = 15

    def refusal(self, session: Session) -> str | None:
        """Why this cannot be done now (None: it can), as the Stabilize dialog shows it
        while the GM fills it in; ``perform`` refuses with the same words."""
        try:
            self._check(session)
        except FuturePathError as error:
            return str(error)
        return None

    def _check(self, session: Session) -> None:
        medic = session.combatant(self.medic_id)
        patient = session.combatant(self.patient_id)
        if session.options.health_fatigue:
            raise CommandError(
                "under Health and Fatigue nobody is dying: there is no bleeding to stop (R27)"
            )
        if not patient.hit_points().dying:
            state = "dead" if patient.hit_points().dead else f"at {patient.hp} HP"
            raise CommandError(
                f"{patient.name} is not dying ({state}); only the dying are stabilized"
            )
        if session.combat.active:  # R15, R16: the whole turn, and it must be the medic's
            acting_check(session, medic)
            validate_turn(session.combat.turns.get(medic.id, ())).declare(
                action_spec(ACTION), patient.id
            )
        reach = token_distance_ft(session, medic.id, patient.id)
        if medic.id != patient.id and reach is not None and reach > 5:
            raise CommandError(
                f"{medic.name} is {reach} ft from {patient.name}: a medic works within 5 ft"
            )
        if not self.kit:
            raise CommandError(f"{medic.name} needs a field medical kit to stabilize (R26)")
        if not 1 <= self.ranks <= 100:
            raise CommandError(
                f"{medic.name} needs at least one rank of Treat Injury to stabilize (R26)"
            )
        if not -100 <= self.bonus <= 100 or (self.dc is not None and not 1 <= self.dc <= 100):
            raise CommandError("a Treat Injury bonus is -100 to +100 and a DC 1 to 100")

    def perform(self, session: Session, edit: Edit) -> str:
        self._check(session)
        medic = session.combatant(self.medic_id)
        patient = session.combatant(self.patient_id)
        if session.combat.active:
            declare_action(session, edit, medic, ACTION, patient.id)
        if self.dc is not None and not skill_check(
            edit,
            f"{medic.name} tries to stabilize {patient.name}",
            "Treat Injury",
            self.bonus,
            self.dc,
            ("success", "no success: still dying"),
            "R26",
        ):
            return f"{medic.name} fails to stabilize {patient.name}"
        steady = patient.hit_points().stabilize()
        after = msgspec.structs.replace(patient, hp=steady.hp)
        edit.put("combatants", after)
        left = patient.abilities.constitution - patient.con_damage
        line = f"{patient.name} is stable at 1 HP; the CON damage stays (CON {left}) (R26)"
        changed = track_change(session, patient, after)
        edit.log("heal", f"{line}. {changed}" if changed else line)
        return f"{medic.name} stabilizes {patient.name}"
