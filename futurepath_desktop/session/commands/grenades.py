"""Grenades on the map (R38): thrown at a square (cooked or not), scattering, waiting on
the counter of the combatant thrown at, and going off at its turn or at the GM's call."""

from __future__ import annotations

from typing import Literal

import msgspec

from futurepath_desktop.core import grenades
from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.core.dice import parse_dice
from futurepath_desktop.core.errors import DiceExpressionError
from futurepath_desktop.session.commands.health import apply_damage
from futurepath_desktop.session.commands.map import check_square, require_map
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.map_rules import (
    inside_template,
    positions,
    square_name,
)
from futurepath_desktop.session.state import (
    ActiveCondition,
    Grenade,
    Session,
    Template,
    new_id,
)


class ThrowGrenade(msgspec.Struct, frozen=True):
    """R38: throw a grenade at a square.

    Checks the maximum throw, rolls the cook (if asked) and the 2d10 scatter, lays the
    blast on the landing square, and sets a counter on the combatant thrown at (the
    thrower, if the square is empty) that explodes it at the end of that one's turn, or at
    the start when cooked. A failed cook is a harmless airburst; a critical failure goes
    off in the thrower's hand at maximum damage.
    """

    thrower_id: str
    x: int
    y: int
    damage: str = "3d6"
    radius_ft: int = 10
    cooked: bool = False
    cook_misc: int = 0

    def perform(self, session: Session, edit: Edit) -> str:
        grid = require_map(session)
        thrower = session.combatant(self.thrower_id)
        token = session.tokens.get(thrower.id)
        if token is None:
            raise CommandError(f"{thrower.name} has no token on the map")
        target = (self.x, self.y)
        check_square(grid, target, "the target square")
        if not 0 <= self.radius_ft <= 200 or self.radius_ft % 5:
            raise CommandError("a blast radius is a multiple of 5 ft, up to 200 ft")
        try:
            expression = parse_dice(self.damage)
        except DiceExpressionError as error:
            raise CommandError(f"the grenade's damage {self.damage!r}: {error}") from None
        roller = edit.roller()
        str_mod, dex_mod = thrower.abilities.mod("strength"), thrower.abilities.mod("dexterity")
        reach = grenades.max_throw_ft(str_mod, dex_mod)
        if not grenades.in_range(token.square, target, str_mod, dex_mod):
            far = core_grid.distance_ft(token.square, target)
            raise CommandError(
                f"{square_name(target)} is {far} ft away; {thrower.name} throws at most "
                f"{reach} ft (R38: 30 ft + 5 ft × (STR {str_mod:+} + DEX {dex_mod:+}))"
            )
        timing: Literal["start", "end"] = "end"
        if self.cooked:
            cooked = grenades.cook(roller, thrower.abilities.mod("wisdom"), self.cook_misc)
            edit.log(
                "grenade",
                f"{thrower.name} cooks the grenade: {cooked.check.total} vs DC {cooked.dc} — "
                f"{cooked.timing.value} (R38)",
                rolls=[cooked.check.roll],
            )
            if cooked.timing is grenades.Timing.AIRBURST:
                return f"{thrower.name}'s grenade: airburst"
            if cooked.timing is grenades.Timing.IN_HAND:
                worst = expression.maximum
                line = apply_damage(session, edit, thrower, worst, "grenade in hand")
                edit.log("damage", f"The grenade goes off in {thrower.name}'s hand: {line}")
                return f"{thrower.name}'s grenade goes off in hand"
            timing = "start"
        landed = grenades.scatter(roller, token.square, target)
        if not grid.inside(landed.landing):
            clamp = (
                min(max(landed.landing[0], 0), grid.width - 1),
                min(max(landed.landing[1], 0), grid.height - 1),
            )
        else:
            clamp = landed.landing
        at_target = [i for i, square in positions(session).items() if square == target]
        anchor_id = at_target[0] if at_target else thrower.id
        anchor = session.combatants[anchor_id]
        when = "start" if timing == "start" else "end"
        condition = ActiveCondition(
            id=new_id("cnd"),
            bearer_id=anchor_id,
            key="custom:grenade",
            name="Grenade",
            note=(
                f"{thrower.name}'s grenade at {square_name(clamp)} explodes at the {when} of "
                f"{anchor.name}'s turn: {self.damage}, {self.radius_ft} ft burst (R38)"
            ),
            custom=True,
            set_round=session.combat.round if session.combat.active else 0,
            set_phase=session.combat.phase if session.combat.active else 0,
            set_team=session.combat.acting_team,
            source=f"{thrower.name}'s grenade",
        )
        edit.put("conditions", condition)
        pending = Grenade(
            id=new_id("grn"),
            thrower_id=thrower.id,
            anchor_id=anchor_id,
            condition_id=condition.id,
            x=clamp[0],
            y=clamp[1],
            radius_ft=self.radius_ft,
            damage=str(expression),
            timing=timing,
        )
        blast = Template(
            id=new_id("tpl"),
            shape="burst",
            x=clamp[0],
            y=clamp[1],
            size_ft=self.radius_ft,
            label=f"Grenade ({thrower.name})",
            grenade_id=pending.id,
        )
        edit.put("grenades", pending)
        edit.put("templates", blast)
        edit.log(
            "grenade",
            f"{thrower.name} throws a grenade at {square_name(target)}: scatter "
            f"{landed.describe()}; lands on {square_name(clamp)}. It explodes at the {when} "
            f"of {anchor.name}'s turn (R38)",
            rolls=[],
        )
        return f"{thrower.name} throws a grenade"


def explode(session: Session, edit: Edit, pending: Grenade) -> None:
    """R38: a grenade goes off: damage to everyone in the blast, then it leaves the map."""
    roll = edit.roller().roll(pending.damage)
    blast = Template(pending.id, "burst", pending.x, pending.y, pending.radius_ft)
    hit = inside_template(session, blast)
    lines = [
        apply_damage(session, edit, session.combatants[i], max(0, roll.total), "grenade")
        for i in hit
    ]
    # The grenade's counter goes, and with it (the registry's references) the grenade and
    # its blast template.
    edit.remove("conditions", pending.condition_id)
    caught = ", ".join(session.combatants[i].name for i in hit) or "nobody"
    edit.log(
        "grenade",
        f"The grenade explodes at {square_name((pending.x, pending.y))}: {roll.render()} "
        f"to {caught}",
        lines,
        rolls=[roll],
    )


def explode_due(session: Session, edit: Edit, team_id: str, timing: str) -> None:
    """Set off every grenade anchored to a member of the team whose turn starts or ends."""
    if not session.grenades:
        return
    members = {m.id for m in session.members(team_id)}
    for pending in list(session.grenades.values()):
        # (One set off already by another blast is gone from the table.)
        due = pending.anchor_id in members and pending.timing == timing
        if due and pending.id in session.grenades:
            explode(session, edit, pending)


class Detonate(msgspec.Struct, frozen=True):
    """Set a waiting grenade off now (the GM's call)."""

    grenade_id: str

    def perform(self, session: Session, edit: Edit) -> str:
        require_map(session)
        pending = session.grenades.get(self.grenade_id)
        if pending is None:
            raise CommandError(f"there is no grenade {self.grenade_id!r} waiting on the map")
        explode(session, edit, pending)
        return "Detonate grenade"
