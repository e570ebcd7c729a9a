"""Commands for health and conditions: damage, healing, temporary HP (R26-R28), falling
(R33) and conditions with their counters (R29, R30)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from futurepath_desktop.core.conditions import CATALOG, ConditionDef, condition, custom_condition
from futurepath_desktop.core.dice import parse_dice
from futurepath_desktop.core.environment import MAX_FALL_PER_ROUND_FT, fall
from futurepath_desktop.core.errors import FuturePathError, InvalidValueError
from futurepath_desktop.core.vitality import gain_temp_hp
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.health_track import track_change, track_shift
from futurepath_desktop.session.records.combat import Recurring
from futurepath_desktop.session.state import ActiveCondition, Combatant, Session, new_id
from futurepath_desktop.session.wording import n_rounds

MAX_AMOUNT = 100_000


def _check_amount(amount: int, what: str) -> None:
    """The one check of an amount of damage or healing: a whole number, never negative
    (-5 damage is not 5 damage, nor 5 healing)."""
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise CommandError(f"{what} must be a whole number, not {amount!r}")
    if amount < 0:
        raise CommandError(
            f"{what} cannot be negative ({amount}); "
            + ("heal instead" if what == "damage" else "enter 0 or more")
        )
    if amount > MAX_AMOUNT:
        raise CommandError(f"{what} must be at most {MAX_AMOUNT}, not {amount}")


def _targets(session: Session, ids: Sequence[str]) -> list[Combatant]:
    if not ids:
        raise CommandError("choose at least one combatant")
    if len(set(ids)) != len(ids):
        raise CommandError("a combatant is listed twice")
    return [session.combatant(i) for i in ids]


def _who(targets: list[Combatant]) -> str:
    return targets[0].name if len(targets) == 1 else f"{len(targets)} combatants"


def every_enemy_down(session: Session) -> bool:
    """R56: the fight has enemies, and every enemy-side combatant in it is down or dead
    (the gone are no longer in the session; allies and neutrals do not count)."""
    rule = session.options.vitality
    enemies = [
        c
        for c in session.combatants.values()
        if c.present
        and (team := session.teams.get(c.team_id)) is not None
        and team.side == "enemies"
    ]
    return bool(enemies) and all(c.is_down(rule) for c in enemies)


def apply_damage(session: Session, edit: Edit, target: Combatant, amount: int, source: str) -> str:
    """R26-R28: damage one combatant under the session's health model; returns a log line."""
    rule = session.options.vitality
    was_down = target.is_down(rule)
    if session.options.health_fatigue:
        pool, outcome = target.health_fatigue().damage(amount)
        new = msgspec.structs.replace(
            target, health=pool.health, fatigue=pool.fatigue, temp_hp=pool.temp_hp
        )
        state = f"Health {pool.health}/{pool.max_health}, fatigue {pool.fatigue}"
        if outcome.fatigue_gained:
            state += " (+1 fatigue, R27)"
    else:
        hp, outcome = target.hit_points().damage(amount)
        new = msgspec.structs.replace(target, hp=hp.hp, temp_hp=hp.temp_hp)
        state = f"HP {hp.hp}/{hp.max_hp}"
        if hp.dying:
            state += ", dying (R26)"
    edit.put("combatants", new)
    parts = [f"{target.name} takes {outcome.taken} damage"]
    if source:
        parts[0] += f" from {source}"
    if outcome.absorbed_by_temp:
        parts.append(f"{outcome.absorbed_by_temp} absorbed by temporary HP")
    if outcome.overkill:
        parts.append(f"{outcome.overkill} overkill")
    said = [f"{'; '.join(parts)} → {state}"]
    downed = not was_down and new.is_down(rule)
    shift = track_shift(session, target, new)  # said once: "is down: now Dying"
    if downed:
        said.append(f"{target.name} is down: {shift}" if shift else f"{target.name} is down!")
    elif shift:
        said.append(f"{target.name} is {shift}")
    if downed and session.combat.active and every_enemy_down(session):
        said.append("Every enemy is down: the fight is won (R56)")
    return sentences(said)


def sentences(said: list[str]) -> str:
    """Sentences run together, each ended by a full stop unless it has its own mark."""
    ended = [s if s.endswith(("!", "?", ".")) else f"{s}." for s in said[:-1]]
    return " ".join([*ended, said[-1]])


def apply_heal(session: Session, edit: Edit, target: Combatant, amount: int) -> str:
    """R26-R28: heal one combatant up to its maximum; the excess is logged as overhealing."""
    if session.options.health_fatigue:
        pool, outcome = target.health_fatigue().heal(amount)
        new = msgspec.structs.replace(target, health=pool.health)
        state = f"Health {pool.health}/{pool.max_health}"
    else:
        hp, outcome = target.hit_points().heal(amount)
        new = msgspec.structs.replace(target, hp=hp.hp)
        state = f"HP {hp.hp}/{hp.max_hp}"
    edit.put("combatants", new)
    over = f" ({outcome.overheal} overhealing)" if outcome.overheal else ""
    changed = track_change(session, target, new)
    line = f"{target.name} heals {outcome.healed}{over} → {state}"
    return f"{line}. {changed}" if changed else line


class Damage(msgspec.Struct, frozen=True):
    """Damage one or several combatants at once (R28)."""

    target_ids: tuple[str, ...]
    amount: int
    source: str = ""

    def perform(self, session: Session, edit: Edit) -> str:
        _check_amount(self.amount, "damage")
        if len(self.source) > 2000:
            raise CommandError("what the damage comes from is 2,000 characters at most")
        targets = _targets(session, self.target_ids)
        for target in targets:
            edit.log("damage", apply_damage(session, edit, target, self.amount, self.source))
        return f"{_who(targets)} take{'s' if len(targets) == 1 else ''} {self.amount} damage"


class Heal(msgspec.Struct, frozen=True):
    """Heal one or several combatants (R26-R28)."""

    target_ids: tuple[str, ...]
    amount: int

    def perform(self, session: Session, edit: Edit) -> str:
        _check_amount(self.amount, "healing")
        targets = _targets(session, self.target_ids)
        dead = [t.name for t in targets if t.vitality(session.options.vitality).dead]
        if dead:
            raise CommandError(
                f"{', '.join(dead)} {'is' if len(dead) == 1 else 'are'} dead: healing does not "
                "bring back the dead (R26, R27)"
            )
        lines = []
        for target in targets:
            lines.append(apply_heal(session, edit, target, self.amount))
            edit.log("heal", lines[-1])
        if len(targets) == 1:  # the history says what the log says: 6 healed, 4 over
            return lines[0].partition(" → ")[0]
        return f"{_who(targets)} heal {self.amount}"


class GrantTempHP(msgspec.Struct, frozen=True):
    """Give temporary HP; they do not stack, the larger amount stays (R28)."""

    target_ids: tuple[str, ...]
    amount: int

    def perform(self, session: Session, edit: Edit) -> str:
        _check_amount(self.amount, "temporary HP")
        targets = _targets(session, self.target_ids)
        for target in targets:
            temp = gain_temp_hp(target.temp_hp, self.amount)
            edit.put("combatants", msgspec.structs.replace(target, temp_hp=temp))
            edit.log("heal", f"{target.name} has {temp} temporary HP")
        return f"{_who(targets)} gain{'s' if len(targets) == 1 else ''} {self.amount} temporary HP"


MAX_FALL_FT = 100_000
"""The longest fall a command takes (R33 rolls 500 ft of it a round)."""


class Fall(msgspec.Struct, frozen=True):
    """R33: one or several combatants fall ``feet`` at once (a floor gives way); onto soft
    ground, half the dice. Any damage leaves the faller prone."""

    target_ids: tuple[str, ...]
    feet: int
    soft: bool = False

    def perform(self, session: Session, edit: Edit) -> str:
        if not 0 <= self.feet <= MAX_FALL_FT:
            raise CommandError(f"a fall is 0 to {MAX_FALL_FT:,} ft, not {self.feet:,}")
        targets = _targets(session, self.target_ids)
        if not targets:
            raise CommandError("choose who falls first")
        ground = " onto soft ground" if self.soft else ""
        roller = edit.roller()
        for target in targets:
            landed = fall(roller, self.feet, self.soft)
            said = f"{target.name} falls {self.feet:,} ft{ground}"
            if landed.roll is None:
                why = "half of the dice onto soft ground" if self.soft else "under 10 ft"
                edit.log("damage", f"{said}: no damage ({why}; R33: 1d6 for each full 10 ft)")
            else:
                hurt = apply_damage(
                    session, edit, target, landed.damage, f"a {self.feet:,}-ft fall"
                )
                edit.log("damage", f"{said}: {landed.dice}d6 (R33). {hurt}", rolls=[landed.roll])
            if landed.prone:
                AddCondition((target.id,), "prone").perform(session, edit)
            if landed.continues_ft:  # 500 ft a round: the damage above is the landing's
                rounds = -(-self.feet // MAX_FALL_PER_ROUND_FT)
                edit.log(
                    "damage",
                    f"{target.name}'s fall lasts {rounds:,} rounds, 500 ft a round (R33); the "
                    "damage is the landing's, at most 50d6",
                )
        verb = "falls" if len(targets) == 1 else "fall"
        return f"{_who(targets)} {verb} {self.feet:,} ft"


def condition_def(key: str, name: str = "") -> ConditionDef:
    """A catalog condition by key or name, or a custom one (R29)."""
    if key in CATALOG:
        return CATALOG[key]
    try:
        return condition(key)
    except InvalidValueError:
        pass
    if key.startswith("custom:") or name:
        return custom_condition(name or key.removeprefix("custom:"))
    raise CommandError(
        f"there is no condition called {key!r}; pick one from the catalog or give a name "
        "for a custom condition"
    )


class AddCondition(msgspec.Struct, frozen=True):
    """Put a condition on one or several combatants (R29).

    ``rounds`` None takes the catalog's default (none: until removed). Re-applying a
    round-based condition the bearer already has extends its counter.
    """

    bearer_ids: tuple[str, ...]
    key: str
    rounds: int | None = None
    note: str = ""
    name: str = ""
    source: str = ""
    recurring: Recurring | None = None

    def perform(self, session: Session, edit: Edit) -> str:
        entry = condition_def(self.key, self.name)
        own = entry.effects.damage_per_turn
        if self.recurring is not None and own:
            raise CommandError(
                f"{entry.name} deals its own {own} damage each turn (R29, R55): a damage each "
                "round as well would be dealt twice; add a condition of your own for more"
            )
        if self.recurring is not None:
            try:
                parse_dice(self.recurring.dice)
            except FuturePathError as error:
                raise CommandError(
                    f"{entry.name}: the damage each round, {self.recurring.dice!r}, is not a "
                    f"dice expression ({error})"
                ) from error
        if len(self.note) > 20_000 or len(self.source) > 20_000:
            raise CommandError("a condition's note and source are 20,000 characters at most")
        rounds = self.rounds if self.rounds is not None else entry.default_rounds
        if rounds is not None and not 1 <= rounds <= 1000:
            raise CommandError(f"a counter runs 1 to 1000 rounds, not {rounds}")
        if self.recurring is not None and rounds is None:
            raise CommandError(
                f"{entry.name}: damage each round needs a counter; give it a number of rounds"
            )
        bearers = _targets(session, self.bearer_ids)
        combat = session.combat
        for bearer in bearers:
            held = next((c for c in session.conditions_on(bearer.id) if c.key == entry.key), None)
            if held is not None:
                if held.remaining is None or rounds is None:
                    edit.log("condition", f"{bearer.name} is already {entry.name}")
                    continue
                # R29: re-applying a round-based condition extends its counter.
                longer = held.remaining + rounds
                edit.put("conditions", msgspec.structs.replace(held, remaining=longer))
                edit.log(
                    "condition",
                    f"{bearer.name}'s {entry.name} extended to {n_rounds(longer)} (R29)",
                )
                continue
            edit.put(
                "conditions",
                ActiveCondition(
                    id=new_id("cnd"),
                    bearer_id=bearer.id,
                    key=entry.key,
                    name=entry.name,
                    note=self.note or (entry.summary if entry.custom else ""),
                    custom=entry.custom,
                    remaining=rounds,
                    armed=False,
                    set_round=combat.round if combat.active else 0,
                    set_phase=combat.phase if combat.active else 0,
                    set_team=combat.acting_team,
                    source=self.source,
                    recurring=self.recurring,
                ),
            )
            lasting = f" for {n_rounds(rounds)}" if rounds is not None else ""
            if self.recurring is not None:
                lasting += f" ({self.recurring.describe()}, R55)"
            # The catalog's names say what the bearer is (Stunned); one's own may be a
            # thing it has (Poison) as well, so it is named as it stands.
            said = f": {entry.name}" if entry.custom else f" is {entry.name}"
            edit.log("condition", f"{bearer.name}{said}{lasting}")
        return f"{_who(bearers)}: {entry.name}"


def _held(session: Session, condition_id: str) -> ActiveCondition:
    held = session.conditions.get(condition_id)
    if held is None:
        raise CommandError(f"there is no condition with id {condition_id!r} in this session")
    return held


def _several(labels: list[str], many: str) -> str:
    """One label for a command over several records: the record's own, or a count."""
    return labels[0] if len(labels) == 1 else many.format(n=len(labels))


class ExtendConditions(msgspec.Struct, frozen=True):
    """Add rounds to the counters of one or more conditions (or take some away, down to
    1), as one step."""

    condition_ids: tuple[str, ...]
    rounds: int

    def perform(self, session: Session, edit: Edit) -> str:
        if not self.condition_ids:
            raise CommandError("choose the counters to change first")
        labels = [self._extend(session, edit, i) for i in dict.fromkeys(self.condition_ids)]
        return _several(labels, "{n} counters changed")

    def _extend(self, session: Session, edit: Edit, condition_id: str) -> str:
        held = _held(session, condition_id)
        bearer = session.combatant(held.bearer_id)
        if held.remaining is None:
            raise CommandError(f"{held.name} on {bearer.name} has no counter to extend")
        remaining = held.remaining + self.rounds
        if not 1 <= remaining <= 1000:
            raise CommandError(
                f"{held.name} would have {n_rounds(remaining)} left; remove it instead"
                if remaining < 1
                else "a counter runs at most 1000 rounds"
            )
        edit.put("conditions", msgspec.structs.replace(held, remaining=remaining))
        edit.log(
            "condition", f"{bearer.name}'s {held.name}: {held.remaining} → {n_rounds(remaining)}"
        )
        return f"{bearer.name}'s {held.name} now {n_rounds(remaining)}"


class RemoveConditions(msgspec.Struct, frozen=True):
    """End one or more conditions now, as one step (ending a grenade's counter takes the
    grenade off the map: a dud, or one kicked away)."""

    condition_ids: tuple[str, ...]

    def perform(self, session: Session, edit: Edit) -> str:
        if not self.condition_ids:
            raise CommandError("choose the conditions to end first")
        labels = []
        for condition_id in dict.fromkeys(self.condition_ids):
            held = _held(session, condition_id)
            bearer = session.combatant(held.bearer_id)
            # A grenade's counter takes its grenade along (the registry's references).
            edit.remove("conditions", held.id)
            edit.log("condition", f"{bearer.name} is no longer {held.name}")
            labels.append(f"{bearer.name} is no longer {held.name}")
        return _several(labels, "{n} conditions ended")
