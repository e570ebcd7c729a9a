"""Operations on attacks: rolling one as the attack form has planned it, and a coup de
grace on the target it has chosen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from futurepath_desktop.ui.undo import SessionController

if TYPE_CHECKING:
    from futurepath_desktop.session.commands import ResolveAttack


def resolve_attack(controller: SessionController, planned: ResolveAttack) -> bool:
    """Roll an attack (R19-R23) as planned: attacker, target, weapon, distance, cover and
    the GM's advantage; the breakdown goes to the log, a refusal to the status bar."""
    return controller.push(planned)


def coup_de_grace(
    controller: SessionController,
    attacker_id: str,
    target_id: str,
    weapon_index: int,
    distance_ft: int,
) -> bool:
    """R24: a coup de grace on a helpless target within reach or range (refused, with the
    reason, if it is not)."""
    from futurepath_desktop.session import commands as c

    return controller.push(c.CoupDeGrace(attacker_id, target_id, weapon_index, distance_ft))


def attack_object(
    controller: SessionController, attacker_id: str, thing: str, hardness: int, weapon: int
) -> bool:
    """R25: strike an object of ``hardness``; the log says what the blow left of it."""
    from futurepath_desktop.session import commands as c

    return controller.push(c.AttackObject(attacker_id, weapon, thing, hardness))
