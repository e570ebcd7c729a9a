"""Operations on attacks: rolling one as the attack form has planned it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from futurepath_desktop.ui.undo import SessionController

if TYPE_CHECKING:
    from futurepath_desktop.session.commands import ResolveAttack


def resolve_attack(controller: SessionController, planned: ResolveAttack) -> bool:
    """Roll an attack (R19-R23) as planned: attacker, target, weapon, distance, cover and
    the GM's advantage; the breakdown goes to the log, a refusal to the status bar."""
    return controller.push(planned)
