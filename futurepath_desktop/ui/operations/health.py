"""Operations on the combatants' health: damage, healing, temporary HP and falling."""

from __future__ import annotations

from collections.abc import Sequence

from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.undo import SessionController


def damage(
    controller: SessionController, ids: Sequence[str], amount: int, source: str = ""
) -> bool:
    """Damage each of these combatants by ``amount``, from ``source`` if named."""
    return controller.push(c.Damage(tuple(ids), amount, source))


def heal(controller: SessionController, ids: Sequence[str], amount: int) -> bool:
    """Heal each of these combatants by ``amount``."""
    return controller.push(c.Heal(tuple(ids), amount))


def grant_temp_hp(controller: SessionController, ids: Sequence[str], amount: int) -> bool:
    """Give each of these combatants ``amount`` temporary HP."""
    return controller.push(c.GrantTempHP(tuple(ids), amount))


def fall(controller: SessionController, ids: Sequence[str], feet: int, soft: bool) -> bool:
    """R33: these combatants fall ``feet`` (onto soft ground: half the dice), as one step."""
    return controller.push(c.Fall(tuple(ids), feet, soft))
