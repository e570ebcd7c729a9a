"""Grenades on the map (R38): thrown at a square (cooked or not), scattering, waiting on
the counter of the combatant thrown at, and going off at its turn or at the GM's call."""

from __future__ import annotations

from typing import Literal

import msgspec
from msgspec.structs import replace

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
    square_name,
)
from futurepath_desktop.session.state import (
    GRENADE_CONDITION,
    ActiveCondition,
    Grenade,
    Session,
    Template,
    new_id,
)
from futurepath_desktop.session.wording import possessive


class ThrowGrenade(msgspec.Struct, frozen=True):
    """R38: throw a grenade at a square.

    Checks the maximum throw, rolls the cook (if asked) and the 2d10 scatter, and lays the
    blast on the landing square. It is timed to its targets (R38, amended): it explodes at
    the end of the next turn, after this one, of a team with a member inside the blast (the
    thrower's team if nobody is inside), or at the start of that turn when cooked; a
    counter on the first combatant inside (or the thrower) shows it. A failed cook is a
    harmless airburst; a critical failure goes off in the thrower's hand at maximum damage.
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
        if session.combat.active:
            # R15: a throw is an attack action of the thrower's turn. (Imported here: the
            # turn's commands import the fight's flow, which sets grenades off.)
            from futurepath_desktop.session.commands.turn_actions import declare_action

            declare_action(session, edit, thrower, "Throw a Grenade", None)
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
        # R38: timed to its targets: the teams with someone inside the blast where it lands.
        landing = Template("landing", "burst", clamp[0], clamp[1], self.radius_ft)
        inside = inside_template(session, landing)
        teams = tuple(dict.fromkeys(session.combatants[i].team_id for i in inside))
        if not teams:
            teams = (thrower.team_id,)
        anchor_id = inside[0] if inside else thrower.id
        when = "start" if timing == "start" else "end"
        whose = " or ".join(possessive(session.teams[t].name) for t in teams)
        whose = f"the {whose} next turn"
        condition = ActiveCondition(
            id=new_id("cnd"),
            bearer_id=anchor_id,
            key=GRENADE_CONDITION,
            name="Grenade",
            note=(
                f"{thrower.name}'s grenade at {square_name(clamp)} explodes at the {when} of "
                f"{whose}: {self.damage}, {self.radius_ft} ft burst (R38)"
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
            teams=teams,
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
            f"of {whose} (R38)",
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
    """R38: a team's turn starts or ends. At the start, a grenade timed to this team (one
    of its members was inside the blast where it landed) becomes due: a cooked one goes
    off now, any other at the end of this turn. The turn in which it was thrown had
    already started, so it never counts."""
    if not session.grenades:
        return
    for pending in list(session.grenades.values()):
        if pending.id not in session.grenades:
            continue  # set off already by another blast
        # A grenade from an older file names no teams: it keeps to its anchor's.
        teams = pending.teams or (session.combatants[pending.anchor_id].team_id,)
        if timing == "start" and team_id in teams and pending.due_team is None:
            if pending.timing == "start":
                explode(session, edit, pending)
            else:
                edit.put("grenades", replace(pending, due_team=team_id))
        elif timing == "end" and pending.due_team == team_id:
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
