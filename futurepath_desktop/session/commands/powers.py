"""Using a power (R39): its range, its area laid on the map, everyone inside affected when
no target is listed, and its duration as a round counter; a surprised combatant uses none
in the surprise round (R11)."""

from __future__ import annotations

from typing import Literal

import msgspec

from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.core.dice import parse_dice
from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.core.powers import Area as PowerArea
from futurepath_desktop.core.powers import AreaShape, Power, Targets
from futurepath_desktop.session.attack_plan import condition_defs
from futurepath_desktop.session.commands.health import AddCondition, apply_damage, apply_heal
from futurepath_desktop.session.commands.map import check_square, require_map
from futurepath_desktop.session.commands.turn_actions import declare_action
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.map_rules import inside_template, square_name
from futurepath_desktop.session.state import Combatant, Session, Template, new_id
from futurepath_desktop.session.targets import token_distance_ft
from futurepath_desktop.session.wording import n_rounds, possessive

MAX_POWER_FT = 1000


class UsePower(msgspec.Struct, frozen=True):
    """R39: ``user_id`` uses a power.

    ``range_ft`` None is a power without range. ``shape`` and ``size_ft`` give its area: a
    ranged area is centred on the square (``x``, ``y``), which must lie within range; an
    area without range is centred on the user (a cone or line points along ``dx``, ``dy``).
    A ``target_id`` is the listed target; without one, the area affects every creature in
    it, and a ranged power without an area needs its one target. ``damage`` and ``heal``
    are dice rolled once for all; ``rounds`` puts the power on each one affected as a
    counter, and on the map as long as it lasts. ``action`` is the one of the chapter's
    table it spends in combat ("" for none).
    """

    user_id: str
    name: str
    range_ft: int | None = None
    shape: Literal["burst", "cone", "line"] | None = None
    size_ft: int = 0
    x: int | None = None
    y: int | None = None
    dx: int = 1
    dy: int = 0
    target_id: str | None = None
    damage: str = ""
    heal: str = ""
    rounds: int | None = None
    action: str = ""

    def power(self) -> Power:
        """The core's view of this power, checked (R39)."""
        if not self.name.strip() or len(self.name) > 120:
            raise CommandError("a power needs a name of 1 to 120 characters")
        if self.range_ft is not None and not 0 <= self.range_ft <= MAX_POWER_FT:
            raise CommandError(f"a power's range is 0 to {MAX_POWER_FT:,} ft")
        if self.rounds is not None and not 1 <= self.rounds <= 1000:
            raise CommandError("a power lasts 1 to 1,000 rounds")
        area = None
        if self.shape is not None:
            if not 5 <= self.size_ft <= MAX_POWER_FT or self.size_ft % 5:
                raise CommandError("a power's area is a multiple of 5 ft, 5 to 1,000 ft")
            area = PowerArea(AreaShape(self.shape), self.size_ft)
        for dice in (self.damage, self.heal):
            if dice:
                try:
                    parse_dice(dice)
                except FuturePathError as error:
                    raise CommandError(f"{self.name}: {dice!r} is not dice ({error})") from None
        return Power(self.name.strip(), self.range_ft, area, self.target_id, self.rounds)

    def perform(self, session: Session, edit: Edit) -> str:
        power = self.power()
        user = session.combatant(self.user_id)
        for entry in condition_defs(session, user):
            # R11: the surprised use no power during the surprise round (after it they are
            # only flat-footed until they have acted).
            if entry.key == "surprised" and not session.combat.surprise_round:
                continue
            if entry.effects.cannot_use_powers or entry.effects.cannot_act:
                raise CommandError(f"{user.name} is {entry.name} and cannot use a power (R11)")
        affected, template = self._affected(session, user, power)
        if session.combat.active and self.action:
            declare_action(session, edit, user, self.action, self.target_id)
        names = ", ".join(c.name for c in affected) or "nobody"
        where = f" at {square_name((template.x, template.y))}" if template else ""
        edit.log("power", f"{user.name} uses {power.name}{where}: {names} (R39)")
        roller = edit.roller() if self.damage or self.heal else None
        if roller is not None and self.damage:
            roll = roller.roll(self.damage)
            # "from Katie's Roar": whose power it was, for the charts' damage dealt
            source = f"{possessive(user.name)} {power.name}"
            lines = [apply_damage(session, edit, c, max(0, roll.total), source) for c in affected]
            edit.log("damage", f"{power.name}: {roll.render()}", lines, rolls=[roll])
        if roller is not None and self.heal:
            roll = roller.roll(self.heal)
            lines = [apply_heal(session, edit, c, max(0, roll.total)) for c in affected]
            edit.log("heal", f"{power.name}: {roll.render()}", lines, rolls=[roll])
        if self.rounds is not None and affected:
            # R39: the duration is a round counter on each one affected; when it ends the
            # effect ends (damage and healing done stay).
            AddCondition(
                tuple(c.id for c in affected),
                f"custom:{power.name}",
                self.rounds,
                name=power.name,
                note=f"{user.name}'s power, {n_rounds(self.rounds)}",
                source=user.name,
            ).perform(session, edit)
            if template is not None:
                held = next(
                    h for h in session.conditions_on(affected[0].id) if h.name == power.name
                )
                edit.put("templates", msgspec.structs.replace(template, condition_id=held.id))
        return f"{user.name} uses {power.name}"

    def _affected(
        self, session: Session, user: Combatant, power: Power
    ) -> tuple[list[Combatant], Template | None]:
        """Who the power touches, and the area it lays on the map (None without one)."""
        listed = session.combatant(self.target_id) if self.target_id else None
        if listed is not None and power.range_ft is not None:
            far = token_distance_ft(session, user.id, listed.id)
            if far is not None and far > power.range_ft:
                raise CommandError(
                    f"{listed.name} is {far} ft away, beyond {power.name}'s {power.range_ft} ft"
                )
        if power.area is None:
            if power.targets is Targets.ONE_IN_RANGE and listed is None:
                raise CommandError(f"{power.name} has a range and no area: name its target")
            return ([listed] if listed else [user]), None
        grid = require_map(session)
        token = session.tokens.get(user.id)
        if token is None:
            raise CommandError(f"{user.name} has no token on the map for {power.name}'s area")
        if power.range_ft is not None:
            if self.x is None or self.y is None:
                raise CommandError(f"{power.name} needs the square its area is centred on")
            centre = (self.x, self.y)
            check_square(grid, centre, "the power's square")
            far = core_grid.distance_ft(token.square, centre)
            if far > power.range_ft:
                raise CommandError(
                    f"{square_name(centre)} is {far} ft away, beyond {power.name}'s "
                    f"{power.range_ft} ft (R39)"
                )
        else:
            centre = token.square  # R39: an area without a range is centred on the user
        if not (-1 <= self.dx <= 1 and -1 <= self.dy <= 1) or (
            power.area.shape is not AreaShape.BURST and self.dx == self.dy == 0
        ):
            raise CommandError(f"{power.name}'s {power.area.shape.value} needs a direction")
        template = Template(
            id=new_id("tpl"),
            shape=power.area.shape.value,
            x=centre[0],
            y=centre[1],
            size_ft=power.area.size_ft,
            dx=self.dx,
            dy=self.dy,
            label=power.name,
        )
        inside = [session.combatants[i] for i in inside_template(session, template)]
        if listed is not None:
            return [listed], template
        return inside, template
