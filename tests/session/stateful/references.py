"""Every id a session's records name, found by walking the records by hand: a second reading
of the document, independent of the registry's ``find`` functions and of the loader.

Each walk is keyed like the registry's declaration it stands beside (owner, target,
where), so a test can check that the two lists name the same references."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from futurepath_desktop.session.state import Session

Walk = Callable[[Session], Iterator[str]]


def _team_of_combatants(s: Session) -> Iterator[str]:
    for combatant in s.combatants.values():
        yield combatant.team_id


def _filled(table: str, field: str) -> Callable[[Session], Iterator[str]]:
    """The ids a table's rows name in a field that may be empty (None)."""

    def walk(s: Session) -> Iterator[str]:
        for row in getattr(s, table).values():
            value = getattr(row, field)
            if value is not None:
                yield value

    return walk


def _bearers(s: Session) -> Iterator[str]:
    for held in s.conditions.values():
        yield held.bearer_id


_condition_teams = _filled("conditions", "set_team")


def _crew(s: Session) -> Iterator[str]:
    for ship in s.ships.values():
        for slot in ship.crew.values():
            if slot.combatant_id is not None:
                yield slot.combatant_id


def _token_owners(s: Session) -> Iterator[str]:
    for key, token in s.tokens.items():
        yield key
        yield token.combatant_id


def _grenade_anchors(s: Session) -> Iterator[str]:
    for grenade in s.grenades.values():
        yield grenade.anchor_id


_grenade_throwers = _filled("grenades", "thrower_id")


def _grenade_counters(s: Session) -> Iterator[str]:
    for grenade in s.grenades.values():
        yield grenade.condition_id


def _grenade_teams(s: Session) -> Iterator[str]:
    for grenade in s.grenades.values():
        yield from grenade.teams


_grenade_due_teams = _filled("grenades", "due_team")


_power_counters = _filled("templates", "condition_id")


_blast_grenades = _filled("templates", "grenade_id")


def _combat_ids(field: str) -> Walk:
    def walk(s: Session) -> Iterator[str]:
        yield from getattr(s.combat, field)

    return walk


def _turn_keys(s: Session) -> Iterator[str]:
    yield from s.combat.turns


def _to_roll_keys(s: Session) -> Iterator[str]:
    yield from s.combat.to_roll


def _readied(s: Session) -> Iterator[str]:
    for readied in s.combat.readied:
        yield readied.combatant_id


def _optional(s: Session) -> Iterator[str]:
    yield from s.space.round.optional


def _stations(s: Session) -> Iterator[str]:
    for station in s.space.round.stations:
        yield station.ship_id


def _scanned(s: Session) -> Iterator[str]:
    yield from s.space.round.scanned


def _pending(s: Session) -> Iterator[str]:
    for pending in s.space.round.pending:
        yield pending.target_id


def _surprise(s: Session) -> Iterator[str]:
    yield from s.space.round.surprise


def _declared_rolls(s: Session) -> Iterator[str]:
    for roll in s.space.round.declared:
        yield from roll.ship_ids
        yield roll.target_id


def _system_hits(s: Session) -> Iterator[str]:
    for key in s.space.round.system_hits:
        ship, _, _ = key.partition(":")
        yield ship


def _declared_targets(s: Session) -> Iterator[str]:
    for declared in s.combat.turns.values():
        for _, target in declared:
            if target is not None:
                yield target


def _to_roll_targets(s: Session) -> Iterator[str]:
    for declared in s.combat.to_roll.values():
        for _, target in declared:
            if target is not None:
                yield target


WALKS: dict[tuple[str, str, str], Walk] = {
    ("combatants", "teams", "team_id"): _team_of_combatants,
    ("conditions", "combatants", "bearer_id"): _bearers,
    ("conditions", "teams", "set_team"): _condition_teams,
    ("ships", "combatants", "crew.<position>.combatant_id"): _crew,
    ("tokens", "combatants", "combatant_id"): _token_owners,
    ("grenades", "combatants", "anchor_id"): _grenade_anchors,
    ("grenades", "combatants", "thrower_id"): _grenade_throwers,
    ("grenades", "conditions", "condition_id"): _grenade_counters,
    ("grenades", "teams", "teams[]"): _grenade_teams,
    ("grenades", "teams", "due_team"): _grenade_due_teams,
    ("templates", "grenades", "grenade_id"): _blast_grenades,
    ("templates", "conditions", "condition_id"): _power_counters,
    ("reminders", "combatants", "combatant_id"): _filled("reminders", "combatant_id"),
    ("combat", "teams", "order[]"): _combat_ids("order"),
    ("combat", "combatants", "acted[]"): _combat_ids("acted"),
    ("combat", "combatants", "unaware[]"): _combat_ids("unaware"),
    ("combat", "combatants", "surprise_actors[]"): _combat_ids("surprise_actors"),
    ("combat", "combatants", "pending_surprise[]"): _combat_ids("pending_surprise"),
    ("combat", "combatants", "triggered[]"): _combat_ids("triggered"),
    ("combat", "combatants", "turns.<id>"): _turn_keys,
    ("combat", "combatants", "turns.<id>[].target"): _declared_targets,
    ("combat", "combatants", "to_roll.<id>"): _to_roll_keys,
    ("combat", "combatants", "to_roll.<id>[].target"): _to_roll_targets,
    ("combat", "combatants", "readied[].combatant_id"): _readied,
    ("space", "ships", "round.optional"): _optional,
    ("space", "ships", "round.stations"): _stations,
    ("space", "ships", "round.scanned"): _scanned,
    ("space", "ships", "round.pending"): _pending,
    ("space", "ships", "round.surprise"): _surprise,
    ("space", "ships", "round.system_hits"): _system_hits,
    ("space", "ships", "round.declared"): _declared_rolls,
}
"""For each reference the registry declares, how to find the ids it names."""


def dangling(session: Session) -> list[str]:
    """Every reference that names a record the session does not hold."""
    found: list[str] = []
    for (owner, target, where), walk in WALKS.items():
        held = session.tables[target]
        found.extend(
            f"{owner}.{where} names {target} {i!r}" for i in walk(session) if i not in held
        )
    return found
