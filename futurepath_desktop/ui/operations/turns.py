"""Operations on a combatant's turn (R15-R18): declaring an action, readying one against a
trigger and setting it off, and reloading. Each pushes one command and says whether it
was taken."""

from __future__ import annotations

from typing import Any

from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.undo import SessionController


def declare(
    controller: SessionController, combatant_id: str, action: str, target_id: str | None
) -> bool:
    """R15-R17: spend part of a combatant's turn on an action of the chapter's table."""
    return controller.push(c.DeclareAction(combatant_id, action, target_id))


def ready(controller: SessionController, combatant_id: str, trigger: str, action: str) -> bool:
    """R18: give up the turn to act when ``trigger`` happens."""
    return controller.push(c.DelayReady(combatant_id, trigger, action))


def set_off(controller: SessionController, readied_id: str, racing_id: str | None) -> bool:
    """R18: the trigger happened (against a rolled action of ``racing_id``, R10)."""
    return controller.push(c.TriggerReadied(readied_id, racing_id))


def reload(controller: SessionController, combatant_id: str, weapon_index: int) -> bool:
    """Fill a weapon's ammunition again (a Standard action in its bearer's turn)."""
    return controller.push(c.Reload(combatant_id, weapon_index))


def stabilize(
    controller: SessionController,
    medic: str,
    patient: str,
    kit: bool,
    ranks: int,
    bonus: int,
    dc: int | None,
) -> bool:
    """R26: the medic tries to stabilize a dying patient (one step, its check logged)."""
    return controller.push(c.Stabilize(medic, patient, kit, ranks, bonus, dc))


def use_power(controller: SessionController, user: str, name: str, details: dict[str, Any]) -> bool:
    """R39: the user uses a power (its range, area, target, effect and duration in
    ``details``, the fields of the command); one step."""
    return controller.push(c.UsePower(user, name.strip(), **details))
