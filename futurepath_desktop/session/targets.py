"""Whom an attack may target, in the order the attack form lists them, and whom it starts
with: the nearest enemy in the open, never a friend or a hidden combatant (R53, R56).

Kept apart from the attack plan so that the window can list targets at start without
loading the rules of an attack.
"""

from __future__ import annotations

import msgspec

from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.session.map_rules import SECRET_CONDITIONS, relation
from futurepath_desktop.session.state import Combatant, Session


class TargetChoice(msgspec.Struct, frozen=True):
    """Someone the attacker may target, as the attack form lists them."""

    combatant: Combatant
    relation: core_grid.Relation
    distance_ft: int | None
    """Between the nearest squares of the two tokens (R53); None off the map."""
    seen: bool
    """Neither hidden nor Hidden or Invisible."""
    down: bool
    """Down under the session's health model (R40)."""

    def listed(self) -> tuple[object, ...]:
        """What of the target the list shows or sorts by (see ``listed_as``)."""
        return _listing(self.combatant, self.seen, self.down)


def _listing(combatant: Combatant, seen: bool, down: bool) -> tuple[object, ...]:
    return (combatant.name, combatant.team_id, seen, down)


def token_distance_ft(session: Session, first_id: str, second_id: str) -> int | None:
    """R53, R34: the feet between the nearest squares of two tokens (a larger token covers
    several), or None when either has no token."""
    a, b = session.tokens.get(first_id), session.tokens.get(second_id)
    if a is None or b is None:
        return None
    gap_x = max(0, b.x - (a.x + a.size - 1), a.x - (b.x + b.size - 1))
    gap_y = max(0, b.y - (a.y + a.size - 1), a.y - (b.y + b.size - 1))
    return core_grid.distance_ft((0, 0), (gap_x, gap_y))


def is_seen(session: Session, combatant_id: str) -> bool:
    """Whether a combatant is out in the open: not marked hidden, neither Hidden nor
    Invisible."""
    combatant = session.combatant(combatant_id)
    if combatant.hidden:
        return False
    return not any(c.key in SECRET_CONDITIONS for c in session.conditions_on(combatant_id))


_LIST_ORDER = {
    core_grid.Relation.ENEMY: 0,
    core_grid.Relation.NEUTRAL: 1,
    core_grid.Relation.FRIEND: 2,
}


def target_choices(session: Session, attacker_id: str) -> list[TargetChoice]:
    """Everyone in the fight the attacker could target: enemies first (R56: players and
    allies against enemies), then neutral parties, friends last. Within each, those in
    the open before hidden ones, standing before down, then nearest first on the map;
    otherwise in roster order."""
    attacker = session.combatant(attacker_id)
    rule = session.options.vitality
    choices: list[tuple[tuple[int, bool, bool, bool, int, int], TargetChoice]] = []
    for index, other in enumerate(session.combatants.values()):
        if other.id == attacker.id or not other.present:
            continue
        choice = TargetChoice(
            other,
            relation(session, attacker.id, other.id),
            token_distance_ft(session, attacker.id, other.id),
            is_seen(session, other.id),
            other.is_down(rule),
        )
        key = (
            _LIST_ORDER[choice.relation],
            not choice.seen,
            choice.down,
            choice.distance_ft is None,
            choice.distance_ft or 0,
            index,
        )
        choices.append((key, choice))
    return [choice for _, choice in sorted(choices, key=lambda pair: pair[0])]


def listed_as(session: Session, combatant: Combatant) -> tuple[object, ...] | None:
    """What of a combatant the target list shows or sorts by (None: not listed, being out of
    the fight). A change to anything else, such as a condition's rounds ticking down at the
    end of a turn, leaves the list as it was."""
    if not combatant.present:
        return None
    down = combatant.is_down(session.options.vitality)
    return _listing(combatant, is_seen(session, combatant.id), down)


def default_target(choices: list[TargetChoice]) -> str | None:
    """The target an attack starts with: the first enemy in the open (the nearest one
    standing, when both are on the map), never a friend or a hidden combatant."""
    for choice in choices:
        if choice.relation == core_grid.Relation.ENEMY and choice.seen:
            return choice.combatant.id
    return None
