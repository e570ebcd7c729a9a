"""The session's state: typed, validated records and the live :class:`Session`.

Entities (teams, combatants, conditions, log entries) are frozen msgspec structs: a
command never changes one in place, it puts a new one in its slot. That makes undo
cheap and exact, since the inverse of a command just puts the old objects back.

On disk a session is a :class:`SessionFile` whose collections are lists; in memory the
:class:`Session` keeps them in insertion-ordered dicts keyed by stable string ids.

No ``from __future__ import annotations`` in this module: msgspec reads the annotations of
these records to build the session decoder at every start, and real objects spare it
evaluating some two hundred strings first (5 ms down to 1 ms).
"""

import os
import random
from typing import TYPE_CHECKING, Annotated, Literal, Self

from msgspec import Meta, Struct

from futurepath_desktop.core.abilities import ability_modifier
from futurepath_desktop.core.dice import DIE_LADDER, Roller
from futurepath_desktop.core.environment import CoverRule, Visibility
from futurepath_desktop.core.initiative import initiative_score
from futurepath_desktop.core.options import RuleOptions, VitalityRule
from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.core.vitality import HealthFatigue, HealthWord, HitPoints
from futurepath_desktop.session.errors import NotFoundError

if TYPE_CHECKING:
    from futurepath_desktop.core import attacks as core_attacks

FORMAT_VERSION = 2
"""The session file format written by this version of the app (2 added the grid map)."""

Id = Annotated[str, Meta(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]
Name = Annotated[str, Meta(min_length=1, max_length=120)]
Text = Annotated[str, Meta(max_length=20_000)]
Score = Annotated[int, Meta(ge=0, le=99)]
Small = Annotated[int, Meta(ge=-1000, le=1000)]
Count = Annotated[int, Meta(ge=0, le=1000)]
Points = Annotated[int, Meta(ge=-100_000, le=100_000)]
Colour = Annotated[str, Meta(pattern=r"^#[0-9a-fA-F]{6}$")]
AdvantageDie = Literal["1d2", "1d4", "1d6", "1d8", "1d10", "1d12", "2d8", "2d10", "2d12"]
Side = Literal["players", "allies", "enemies", "neutral"]
Kind = Literal["pc", "npc", "monster"]

assert AdvantageDie.__args__ == DIE_LADDER  # type: ignore[attr-defined]


def new_id(prefix: str) -> str:
    """A fresh stable id such as ``cmb-3f9a1c2b7d10``."""
    return f"{prefix}-{os.urandom(6).hex()}"


class Abilities(Struct, frozen=True, forbid_unknown_fields=True):
    """The six ability scores."""

    strength: Score = 10
    dexterity: Score = 10
    constitution: Score = 10
    intelligence: Score = 10
    wisdom: Score = 10
    charisma: Score = 10

    def mod(self, ability: str) -> int:
        """The modifier of one ability by name (``"strength"``)."""
        return ability_modifier(int(getattr(self, ability)))


class WeaponSpec(Struct, frozen=True, forbid_unknown_fields=True):
    """A weapon as the session stores it (R17-R21, R37 reach, ammunition)."""

    name: Name
    level: Annotated[int, Meta(ge=0, le=8)]
    ranged: bool = False
    accuracy_bonus: Small = 0
    damage_bonus: Small = 0
    crit_min: Annotated[int, Meta(ge=17, le=20)] = 20
    crit_multiplier: Annotated[int, Meta(ge=2, le=4)] = 2
    range_increment_ft: Annotated[int, Meta(ge=0, le=10_000)] = 0
    reach: Annotated[int, Meta(ge=0, le=10)] = 0
    versatile: bool = False
    armor_piercing: bool = False
    ammo: Count | None = None
    ammo_max: Count | None = None
    reload: Literal["free", "simple", "standard", "full-round"] = "standard"

    def to_core(self) -> "core_attacks.Weapon":
        """The rules core's view of this weapon."""
        from futurepath_desktop.core import attacks as core_attacks

        return core_attacks.Weapon(
            self.name,
            self.level,
            ranged=self.ranged,
            accuracy_bonus=self.accuracy_bonus,
            damage_bonus=self.damage_bonus,
            crit_min=self.crit_min,
            crit_multiplier=self.crit_multiplier,
            range_increment_ft=self.range_increment_ft,
            reach=self.reach,
            versatile=self.versatile,
            armor_piercing=self.armor_piercing,
        )


class Combatant(Struct, frozen=True, forbid_unknown_fields=True):
    """One combatant: a player character, an NPC or a monster."""

    id: Id
    name: Name
    team_id: Id
    kind: Kind = "npc"
    abilities: Abilities = Abilities()
    ac: Small = 10
    size_mod: Annotated[int, Meta(ge=-8, le=8)] = 0
    max_hp: Annotated[int, Meta(ge=1, le=100_000)] = 10
    hp: Points = 10
    temp_hp: Annotated[int, Meta(ge=0, le=100_000)] = 0
    con_damage: Annotated[int, Meta(ge=0, le=1000)] = 0
    max_health: Annotated[int, Meta(ge=1, le=100_000)] = 10
    health: Annotated[int, Meta(ge=0, le=100_000)] = 10
    fatigue: Annotated[int, Meta(ge=0, le=5)] = 0
    advantage_die: AdvantageDie = "1d2"
    speed_ft: Annotated[int, Meta(ge=0, le=1000)] = 30
    initiative_misc: Small = 0
    weapons: tuple[WeaponSpec, ...] = ()
    proficiencies: tuple[Name, ...] = ()
    feats: tuple[Name, ...] = ()
    extra_attacks: Annotated[int, Meta(ge=0, le=10)] = 0
    extra_damage: Annotated[int, Meta(ge=0, le=10)] = 0
    aware: bool = True
    hidden: bool = False
    present: bool = True
    notes: Text = ""

    @property
    def initiative(self) -> int:
        """R5: DEX + WIS + MISC."""
        return initiative_score(
            self.abilities.dexterity, self.abilities.wisdom, self.initiative_misc
        )

    def hit_points(self) -> HitPoints:
        """R26: this combatant's hit points as the core reads them."""
        return HitPoints(
            self.hp, self.max_hp, self.abilities.constitution, self.temp_hp, self.con_damage
        )

    def health_fatigue(self) -> HealthFatigue:
        """R27: this combatant's Health pool and Fatigue track."""
        return HealthFatigue(self.health, self.max_health, self.fatigue, self.temp_hp)

    def vitality(self, rule: str) -> HitPoints | HealthFatigue:
        """The health model the session's options choose (R40)."""
        return self.health_fatigue() if rule == "health-fatigue" else self.hit_points()

    def is_down(self, rule: str) -> bool:
        """Down under the session's health model: dying, downed, unconscious or dead."""
        return self.vitality(rule).down

    def health_word(self, rule: str) -> HealthWord:
        """Unhurt, wounded, bloodied or down, for the player view."""
        return self.vitality(rule).word()


class Team(Struct, frozen=True, forbid_unknown_fields=True):
    """A team that acts together (R6); its initiative is fixed at the start of combat (R8)."""

    id: Id
    name: Name
    colour: Colour = "#4a7bd0"
    side: Side = "enemies"
    initiative: Points | None = None
    tiebreak: Text = ""


class ActiveCondition(Struct, frozen=True, forbid_unknown_fields=True):
    """A condition on a bearer, with its round counter anchored to that bearer (R13, R30).

    ``remaining`` is None for a condition that lasts until removed. ``armed`` turns true
    when the bearer has acted since the counter was set.
    """

    id: Id
    bearer_id: Id
    key: Annotated[str, Meta(min_length=1, max_length=80)]
    name: Name
    note: Text = ""
    custom: bool = False
    remaining: Count | None = None
    armed: bool = False
    set_round: Count = 0
    set_phase: Annotated[int, Meta(ge=0, le=5)] = 0
    set_team: Id | None = None
    source: Text = ""


class Readied(Struct, frozen=True, forbid_unknown_fields=True):
    """R18: an action readied against a trigger."""

    id: Id
    combatant_id: Id
    trigger: Text
    action: Text
    set_round: Count


Declared = tuple[str, str | None]


class CombatState(Struct, frozen=True, forbid_unknown_fields=True):
    """Where the fight stands: round, phase (R12), team order and who has acted."""

    active: bool = False
    round: Count = 0
    phase: Annotated[int, Meta(ge=0, le=5)] = 0
    surprise_round: bool = False
    order: tuple[Id, ...] = ()
    turn_index: Annotated[int, Meta(ge=-1, le=10_000)] = -1
    surprise_actors: tuple[Id, ...] = ()
    unaware: tuple[Id, ...] = ()
    acted: tuple[Id, ...] = ()
    turns: dict[Id, tuple[Declared, ...]] = {}
    readied: tuple[Readied, ...] = ()
    pending_surprise: tuple[Id, ...] = ()

    @property
    def acting_team(self) -> str | None:
        """The team whose turn it is, if any."""
        if not self.active or not 0 <= self.turn_index < len(self.order):
            return None
        if self.phase == Phase.ACTION or self.surprise_round:
            return self.order[self.turn_index]
        return None


class RollRecord(Struct, frozen=True, forbid_unknown_fields=True):
    """One roll in the log: the expression, the rendered breakdown, every face, the total."""

    expression: Annotated[str, Meta(max_length=400)]
    text: Text
    faces: tuple[int, ...]
    total: int


class LogEntry(Struct, frozen=True, forbid_unknown_fields=True):
    """One line of the fight's log, stamped with round, phase and acting team."""

    seq: Annotated[int, Meta(ge=0)]
    round: Count
    phase: Annotated[int, Meta(ge=0, le=5)]
    team_id: Id | None
    kind: Annotated[str, Meta(max_length=40)]
    text: Text
    lines: tuple[Text, ...] = ()
    rolls: tuple[RollRecord, ...] = ()


class Options(Struct, frozen=True, forbid_unknown_fields=True):
    """R40 rule options, and the session's visibility (R31)."""

    vitality: Literal["future-path", "health-fatigue"] = "future-path"
    cover: Literal["disadvantage", "defense-bonus"] = "disadvantage"
    condition_lowers_team_initiative: bool = False
    visibility: Annotated[int, Meta(ge=0, le=3)] = 0

    @property
    def health_fatigue(self) -> bool:
        """R40: whether the session uses Health and Fatigue (R27) instead of HP (R26)."""
        return self.vitality == "health-fatigue"

    def rules(self) -> RuleOptions:
        """The core's view of these options."""
        return RuleOptions(
            VitalityRule(self.vitality),
            CoverRule(self.cover),
            self.condition_lowers_team_initiative,
        )

    @property
    def visibility_level(self) -> Visibility:
        """R31: the session's visibility."""
        return Visibility(self.visibility)


class RngState(Struct, frozen=True, forbid_unknown_fields=True):
    """R1: the seed and the full state of the session's random generator."""

    seed: int
    version: Literal[3] = 3
    internal: tuple[Annotated[int, Meta(ge=0, le=2**32)], ...] = ()
    gauss: float | None = None

    @classmethod
    def of(cls, seed: int, rng: random.Random) -> Self:
        """Capture a generator's state."""
        version, internal, gauss = rng.getstate()
        return cls(seed, version, tuple(internal), gauss)

    def generator(self) -> random.Random:
        """A generator at exactly this state (a fresh one from the seed if none is kept)."""
        rng = random.Random(self.seed)
        if self.internal:
            rng.setstate((self.version, self.internal, self.gauss))
        return rng


Coord = Annotated[int, Meta(ge=0, le=999)]
TERRAIN_CODES = ".dh#"
"""A map's terrain row, one character per square (R36): normal, difficult, half-square
(a wall through it), wall. The index of a character is its :class:`core.grid.Terrain`."""
COVER_CODES = ".phf"
"""A map's cover row, one character per square (R32): none, partial, heavy, full. The index
of a character is its :class:`core.environment.Cover`."""
TerrainRow = Annotated[str, Meta(max_length=1000, pattern=r"^[.dh#]*$")]
CoverRow = Annotated[str, Meta(max_length=1000, pattern=r"^[.phf]*$")]


class Token(Struct, frozen=True, forbid_unknown_fields=True):
    """A combatant on the map: the top-left square it stands on and its size in squares."""

    x: Coord
    y: Coord
    size: Annotated[int, Meta(ge=1, le=6)] = 1

    @property
    def square(self) -> tuple[int, int]:
        """The square the token stands on (its top-left one when larger)."""
        return (self.x, self.y)


class Area(Struct, frozen=True, forbid_unknown_fields=True):
    """A rectangle of squares: a visibility zone (R31) or a fog region hidden from players."""

    id: Id
    x: Coord
    y: Coord
    width: Annotated[int, Meta(ge=1, le=1000)]
    height: Annotated[int, Meta(ge=1, le=1000)]
    visibility: Annotated[int, Meta(ge=0, le=3)] = 0
    name: Annotated[str, Meta(max_length=120)] = ""

    def contains(self, square: tuple[int, int]) -> bool:
        """Whether a square lies inside the rectangle."""
        return (
            self.x <= square[0] < self.x + self.width and self.y <= square[1] < self.y + self.height
        )


class Template(Struct, frozen=True, forbid_unknown_fields=True):
    """An area template on the map: a burst around a square, or a cone or line from it."""

    id: Id
    shape: Literal["burst", "cone", "line"]
    x: Coord
    y: Coord
    size_ft: Annotated[int, Meta(ge=0, le=1000)]
    dx: Annotated[int, Meta(ge=-1, le=1)] = 1
    dy: Annotated[int, Meta(ge=-1, le=1)] = 0
    label: Annotated[str, Meta(max_length=120)] = ""


class Grenade(Struct, frozen=True, forbid_unknown_fields=True):
    """R38: a thrown grenade waiting to explode at the end (cooked: the start) of the turn
    of the combatant it was thrown at, shown as a counter on that combatant."""

    id: Id
    thrower_id: Id
    anchor_id: Id
    condition_id: Id
    x: Coord
    y: Coord
    radius_ft: Annotated[int, Meta(ge=0, le=200)]
    damage: Annotated[str, Meta(min_length=1, max_length=80)]
    timing: Literal["start", "end"] = "end"


class MapState(Struct, frozen=True, forbid_unknown_fields=True):
    """The grid map (R34-R38): size, terrain and cover per square, zones, fog, tokens and
    templates, and an optional background image stored relative to the session file.

    ``moved_ft`` is how far each combatant has moved in its team's current turn (cleared
    when the turn starts). ``terrain`` and ``cover`` are either empty (all normal, no
    cover) or one row per line of squares, one character per square (see
    :data:`TERRAIN_CODES`, :data:`COVER_CODES`).
    """

    width: Annotated[int, Meta(ge=1, le=1000)] = 30
    height: Annotated[int, Meta(ge=1, le=1000)] = 20
    terrain: tuple[TerrainRow, ...] = ()
    cover: tuple[CoverRow, ...] = ()
    zones: tuple[Area, ...] = ()
    fog: tuple[Area, ...] = ()
    tokens: dict[Id, Token] = {}
    templates: tuple[Template, ...] = ()
    grenades: tuple[Grenade, ...] = ()
    moved_ft: dict[Id, Annotated[int, Meta(ge=0, le=100_000)]] = {}
    background: Annotated[str, Meta(max_length=1000)] | None = None
    background_opacity: Annotated[float, Meta(ge=0.0, le=1.0)] = 0.6

    def terrain_at(self, square: tuple[int, int]) -> int:
        """The terrain code index of a square (0 = normal)."""
        if not self.terrain:
            return 0
        return TERRAIN_CODES.index(self.terrain[square[1]][square[0]])

    def cover_at(self, square: tuple[int, int]) -> int:
        """The cover marker of a square (0 = none, 3 = full)."""
        if not self.cover:
            return 0
        return COVER_CODES.index(self.cover[square[1]][square[0]])

    def visibility_at(self, square: tuple[int, int]) -> int:
        """R31: the worst visibility of the zones that hold a square (0 if none)."""
        return max((z.visibility for z in self.zones if z.contains(square)), default=0)

    def fogged(self, square: tuple[int, int]) -> bool:
        """Whether a square is hidden from the player view."""
        return any(f.contains(square) for f in self.fog)

    def inside(self, square: tuple[int, int]) -> bool:
        """Whether a square is on the map."""
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height


# --- space combat (R41-R47) -------------------------------------------------------------------

PositionName = Literal["captain", "science", "helm", "sensors", "weapons", "medical", "engineer"]
SizeName = Literal[
    "fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal"
]
Mod = Annotated[int, Meta(ge=-10, le=10)]


class CrewSlot(Struct, frozen=True, forbid_unknown_fields=True):
    """Who holds a crew position (R41): a combatant of the session, or a named NPC."""

    combatant_id: Id | None = None
    name: Annotated[str, Meta(max_length=120)] = ""


class BattleDamage(Struct, frozen=True, forbid_unknown_fields=True):
    """One Battle Damage a ship carries, with its chart line (R46) until it is repaired."""

    id: Id
    roll: Annotated[int, Meta(ge=2, le=12)]
    dc: Annotated[int, Meta(ge=0, le=99)] | None
    name: Name
    effect: Text
    key: Annotated[str, Meta(max_length=40)]
    round: Count
    attempts: Count = 0


class ShipEffect(Struct, frozen=True, forbid_unknown_fields=True):
    """An effect on a ship from the chart (R46), lasting until a round's Response phase."""

    id: Id
    name: Name
    note: Text = ""
    until_round: Count = 0


class Ship(Struct, frozen=True, forbid_unknown_fields=True):
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
    adrift_from_round: Count | None = None
    explodes_round: Count | None = None
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


class StationAction(Struct, frozen=True, forbid_unknown_fields=True):
    """What one crew position did this round (each acts once a round, R41)."""

    ship_id: Id
    position: PositionName
    phase: Annotated[int, Meta(ge=0, le=3)]
    action: Text
    result: Text = ""


class PendingDamage(Struct, frozen=True, forbid_unknown_fields=True):
    """Battle Damage dealt in the Action phase, taking effect in the Response phase (R45)."""

    target_id: Id
    source: Text
    roll: Annotated[int, Meta(ge=2, le=12)]


class ChartRow(Struct, frozen=True, forbid_unknown_fields=True):
    """One line of the session's Battle Damage Chart (R46), editable by the GM."""

    roll: Annotated[int, Meta(ge=2, le=12)]
    dc: Annotated[int, Meta(ge=0, le=99)] | None
    name: Name
    effect: Text
    key: Annotated[str, Meta(max_length=40)]


class SpaceRound(Struct, frozen=True, forbid_unknown_fields=True):
    """Where a space fight stands: round and phase (R41), the Action phase's optional
    officer per ship, what each station did, scans that succeeded, Battle Damage waiting
    for the Response phase, system damage this round, and R47's surprise."""

    active: bool = False
    round: Count = 0
    phase: Annotated[int, Meta(ge=0, le=3)] = 1
    optional: dict[Id, Literal["science", "engineer"]] = {}
    stations: tuple[StationAction, ...] = ()
    scanned: tuple[Id, ...] = ()
    pending: tuple[PendingDamage, ...] = ()
    system_hits: dict[str, Annotated[int, Meta(ge=0, le=99)]] = {}
    surprise: tuple[Id, ...] = ()


class SpaceState(Struct, frozen=True, forbid_unknown_fields=True):
    """The ships, the space round, the session's Battle Damage Chart and its house rules
    (the swarm penalty per size step and the Scan DC)."""

    ships: tuple[Ship, ...] = ()
    round: SpaceRound = SpaceRound()
    chart: tuple[ChartRow, ...] = ()
    swarm_penalty: Annotated[int, Meta(ge=0, le=10)] = 1
    scan_dc: Annotated[int, Meta(ge=0, le=60)] = 15

    def ship(self, ship_id: str) -> Ship:
        """A ship by id."""
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        raise NotFoundError("ship", ship_id)


class SessionFile(Struct, frozen=True, forbid_unknown_fields=True):
    """A session as it is saved: the JSON document (see docs/session-format.md)."""

    format_version: int
    id: Id
    name: Name
    options: Options = Options()
    rng: RngState = RngState(0)
    teams: tuple[Team, ...] = ()
    combatants: tuple[Combatant, ...] = ()
    conditions: tuple[ActiveCondition, ...] = ()
    combat: CombatState = CombatState()
    log: tuple[LogEntry, ...] = ()
    map: MapState | None = None
    space: SpaceState = SpaceState()


class Session:
    """The live document: everything a game master opens, changes and saves.

    Change it only through commands (``session.commands``), so every change can be undone.
    """

    def __init__(
        self,
        *,
        id: str | None = None,
        name: str = "New session",
        options: Options | None = None,
        seed: int | None = None,
    ) -> None:
        self.id = id or new_id("ses")
        self.name = name
        self.options = options or Options()
        self.seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
        self.rng = random.Random(self.seed)
        self.teams: dict[str, Team] = {}
        self.combatants: dict[str, Combatant] = {}
        self.conditions: dict[str, ActiveCondition] = {}
        self.combat = CombatState()
        self.log: list[LogEntry] = []
        self.map: MapState | None = None
        self.space = SpaceState()
        self._by_bearer: dict[str, list[ActiveCondition]] | None = None
        self._by_team: dict[str, list[Combatant]] | None = None

    def invalidate(self, table: str) -> None:
        """Forget the lookup indexes of a table (every Edit that changes it calls this)."""
        if table == "conditions":
            self._by_bearer = None
        elif table == "combatants":
            self._by_team = None

    # --- files ---------------------------------------------------------------------

    def to_file(self) -> SessionFile:
        """The session as the file format's record."""
        return SessionFile(
            format_version=FORMAT_VERSION,
            id=self.id,
            name=self.name,
            options=self.options,
            rng=RngState.of(self.seed, self.rng),
            teams=tuple(self.teams.values()),
            combatants=tuple(self.combatants.values()),
            conditions=tuple(self.conditions.values()),
            combat=self.combat,
            log=tuple(self.log),
            map=self.map,
            space=self.space,
        )

    @classmethod
    def from_file(cls, record: SessionFile) -> Self:
        """A live session from a decoded (and checked) file record."""
        session = cls(id=record.id, name=record.name, options=record.options, seed=record.rng.seed)
        session.rng = record.rng.generator()
        session.teams = {t.id: t for t in record.teams}
        session.combatants = {c.id: c for c in record.combatants}
        session.conditions = {c.id: c for c in record.conditions}
        session.combat = record.combat
        session.log = list(record.log)
        session.map = record.map
        session.space = record.space
        return session

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Session):
            return NotImplemented
        return self.to_file() == other.to_file()

    __hash__ = None  # type: ignore[assignment]

    # --- queries -------------------------------------------------------------------

    def roller(self) -> Roller:
        """R1: the roller over the session's own generator."""
        return Roller(self.rng)

    def members(self, team_id: str, *, present_only: bool = False) -> list[Combatant]:
        """A team's combatants, in roster order."""
        if self._by_team is None:
            index: dict[str, list[Combatant]] = {}
            for combatant in self.combatants.values():
                index.setdefault(combatant.team_id, []).append(combatant)
            self._by_team = index
        found = self._by_team.get(team_id, [])
        return [c for c in found if c.present] if present_only else list(found)

    def conditions_on(self, bearer_id: str) -> list[ActiveCondition]:
        """The conditions a combatant bears, in the order they were set."""
        if self._by_bearer is None:
            index: dict[str, list[ActiveCondition]] = {}
            for held in self.conditions.values():
                index.setdefault(held.bearer_id, []).append(held)
            self._by_bearer = index
        return list(self._by_bearer.get(bearer_id, ()))

    def combatant(self, combatant_id: str) -> Combatant:
        """A combatant by id, or :class:`NotFoundError` naming it."""
        try:
            return self.combatants[combatant_id]
        except KeyError:
            raise NotFoundError("combatant", combatant_id) from None

    def team(self, team_id: str) -> Team:
        """A team by id, or :class:`NotFoundError` naming it."""
        try:
            return self.teams[team_id]
        except KeyError:
            raise NotFoundError("team", team_id) from None
