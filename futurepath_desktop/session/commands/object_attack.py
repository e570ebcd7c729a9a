"""Attacking an object (R25): no accuracy check; the damage comes off the object's Hardness,
and it breaks below zero. Objects are not kept in the session: the GM names the object and
says its Hardness now, and the log keeps what the blow left."""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

from futurepath_desktop.core.attack_resolution import attack_object
from futurepath_desktop.core.attacks import AttackSetup
from futurepath_desktop.session.commands.attack import spend_ammo
from futurepath_desktop.session.commands.turn_actions import declare_action
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.state import Session

MAX_HARDNESS = 1000


class AttackObject(msgspec.Struct, frozen=True):
    """R25: a combatant strikes an object of ``hardness`` with a weapon."""

    attacker_id: str
    weapon_index: int
    thing: str
    """What is struck, in the GM's words ("the door")."""
    hardness: Annotated[int, Meta(ge=0, le=MAX_HARDNESS)]
    """Its Hardness before the blow (the GM keeps it from one blow to the next)."""

    def perform(self, session: Session, edit: Edit) -> str:
        thing = self.thing.strip()
        if not 1 <= len(thing) <= 120:
            raise CommandError("name the object struck (up to 120 characters)")
        attacker = session.combatant(self.attacker_id)
        if not 0 <= self.hardness <= MAX_HARDNESS:
            raise CommandError(f"an object's Hardness is 0 to {MAX_HARDNESS}, not {self.hardness}")
        if not 0 <= self.weapon_index < len(attacker.weapons):
            raise CommandError(f"{attacker.name} has no weapon number {self.weapon_index + 1}")
        weapon = attacker.weapons[self.weapon_index]
        spend_ammo(edit, attacker, self.weapon_index, 1)
        if session.combat.active:
            declare_action(session, edit, attacker, "Attack an Object", None)
        setup = AttackSetup(
            attacker.name,
            thing,
            weapon.to_core(),
            attacker.abilities.mod("strength"),
            attacker.abilities.mod("dexterity"),
            0,  # no accuracy check against an object (R25)
            (),
            attacker.advantage_die,
        )
        struck = attack_object(edit.roller(), setup, self.hardness)
        left = (
            "it breaks"
            if struck.broken
            else f"Hardness {struck.hardness_before} → {struck.hardness_after}"
        )
        edit.log(
            "attack",
            f"{attacker.name} strikes {thing} with {weapon.name} for {struck.damage.total}: "
            f"{left} (R25)",
            [struck.damage.render()],
            [struck.damage.roll],
        )
        return f"{attacker.name} strikes {thing}"
