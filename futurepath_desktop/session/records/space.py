"""Space combat's records (R41-R47): ships with their crew and damage, what each station
did, Battle Damage waiting for the Response phase, the chart and the space round.

No ``from __future__ import annotations`` here: msgspec reads these annotations to build
the session decoder at every start, and real objects spare it evaluating strings.
"""

from typing import Annotated, Literal

from msgspec import Meta, Struct

from futurepath_desktop.session.records.kinds import Count, Id, Name, Round, Side, Text

PositionName = Literal["captain", "science", "helm", "sensors", "weapons", "medical", "engineer"]
SizeName = Literal[
    "fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal"
]
Mod = Annotated[int, Meta(ge=-10, le=10)]


class CrewSlot(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """Who holds a crew position (R41): a combatant of the session, or a named NPC."""

    combatant_id: Id | None = None
    name: Annotated[str, Meta(max_length=120)] = ""


class BattleDamage(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """One Battle Damage a ship carries, with its chart line (R46) until it is repaired."""

    id: Id
    roll: Annotated[int, Meta(ge=2, le=12)]
    dc: Annotated[int, Meta(ge=0, le=99)] | None
    name: Name
    effect: Text
    key: Annotated[str, Meta(max_length=40)]
    round: Round
    attempts: Count = 0


class ShipEffect(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """An effect on a ship from the chart (R46), lasting until a round's Response phase."""

    id: Id
    name: Name
    note: Text = ""
    until_round: Round = 0


class Ship(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """A starship: size, hard points, mods, Battle Damage, system and bay damage, effects
    and the crew roster of R41 (a position may be empty)."""

    id: Id
    name: Name
    side: Side = "enemies"
    size: SizeName = "medium"
    hard_points: Annotated[int, Meta(ge=0, le=40)] = 4
    engines: Mod = 0
    weapons: Mod = 0
    structure: Mod = 0
    shields: Mod = 0
    electronics: Mod = 0
    sensors: Mod = 0
    damage: tuple[BattleDamage, ...] = ()
    state: Literal["operational", "adrift", "exploding", "destroyed"] = "operational"
    adrift_from_round: Round | None = None
    explodes_round: Round | None = None
    systems: dict[Annotated[str, Meta(max_length=40)], Annotated[int, Meta(ge=0, le=99)]] = {}
    bays: dict[Annotated[str, Meta(max_length=60)], Annotated[int, Meta(ge=0, le=99)]] = {}
    effects: tuple[ShipEffect, ...] = ()
    crew: dict[PositionName, CrewSlot] = {}
    flying: Literal["normal", "offensively", "defensively"] = "normal"
    notes: Text = ""

    @property
    def battle_damage(self) -> int:
        """How much Battle Damage the ship carries."""
        return len(self.damage)


class StationAction(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """What one crew position did this round (each acts once a round, R41)."""

    ship_id: Id
    position: PositionName
    phase: Annotated[int, Meta(ge=0, le=3)]
    action: Text
    result: Text = ""


class PendingDamage(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """Battle Damage dealt in the Action phase, taking effect in the Response phase (R45)."""

    target_id: Id
    source: Text
    roll: Annotated[int, Meta(ge=2, le=12)]


class DeclaredRoll(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """A roll entered in a space phase and worked out with the others when the phase ends
    (R57): a Sensor Officer's scan, a Weapons Officer's volley (at Battle Damage, or at a
    system or a bay) or a swarm of several ships' Weapons Officers."""

    kind: Literal["scan", "volley", "swarm"]
    ship_ids: tuple[Id, ...]
    target_id: Id
    hard_points: tuple[Annotated[int, Meta(ge=1, le=40)], ...] = ()
    system: Annotated[str, Meta(max_length=40)] | None = None
    bay: Annotated[str, Meta(max_length=60)] | None = None


class ChartRow(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """One line of the session's Battle Damage Chart (R46), editable by the GM."""

    roll: Annotated[int, Meta(ge=2, le=12)]
    dc: Annotated[int, Meta(ge=0, le=99)] | None
    name: Name
    effect: Text
    key: Annotated[str, Meta(max_length=40)]


class SpaceRound(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """Where a space fight stands: round and phase (R41), the Action phase's optional
    officer per ship, what each station did, the rolls entered in this phase and not yet
    worked out (R57), scans that succeeded, Battle Damage waiting for the Response phase,
    system damage this round, R47's surprise, and whether the win has been logged (R56:
    once, when every enemy ship is at capacity)."""

    active: bool = False
    round: Round = 0
    phase: Annotated[int, Meta(ge=0, le=3)] = 1
    optional: dict[Id, Literal["science", "engineer"]] = {}
    stations: tuple[StationAction, ...] = ()
    scanned: tuple[Id, ...] = ()
    pending: tuple[PendingDamage, ...] = ()
    system_hits: dict[str, Annotated[int, Meta(ge=0, le=99)]] = {}
    surprise: tuple[Id, ...] = ()
    declared: tuple[DeclaredRoll, ...] = ()
    won: bool = False


class SpaceState(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """The space round, the session's Battle Damage Chart and its house rules (the swarm
    penalty per size step and the Scan DC). The ships are a table of their own."""

    round: SpaceRound = SpaceRound()
    chart: tuple[ChartRow, ...] = ()
    swarm_penalty: Annotated[int, Meta(ge=0, le=10)] = 1
    scan_dc: Annotated[int, Meta(ge=0, le=60)] = 15
