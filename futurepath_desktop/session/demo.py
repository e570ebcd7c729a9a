"""The demo session: the combat chapter's example encounter, ready to run.

Brandon (Tracer, stealthed), James (Electro-Mancer) and Art (Xenophile) face four Space
Bears; Katie (Helix Warrior) waits in the other room and joins the players' team later,
leaving its initiative unchanged (R9). ``resources/demo/space-bears.fpsession``
is this session saved; a test checks the file and this builder agree.
"""

from __future__ import annotations

import msgspec

from futurepath_desktop.session.state import (
    Abilities,
    Area,
    Combatant,
    CrewSlot,
    MapState,
    RngState,
    Session,
    Ship,
    Team,
    Token,
    WeaponSpec,
)

DEMO_SEED = 146


def _bear(number: int) -> Combatant:
    return Combatant(
        id=f"bear-{number}",
        name=f"Space Bear {number}",
        team_id="bears",
        kind="monster",
        abilities=Abilities(17, 13, 15, 3, 13, 6),
        ac=13,
        size_mod=-1,
        max_hp=16,
        hp=16,
        max_health=16,
        health=16,
        initiative_misc=1,
        speed_ft=40,
        weapons=(WeaponSpec("Claws", 3),),
        proficiencies=("all weapons",),
        aware=False,
        notes="Woken by the trap's explosion; angry and hungry.",
    )


def demo_session() -> Session:
    """A fresh copy of the Space Bears encounter."""
    session = Session(id="demo-space-bears", name="Space Bears (chapter example)", seed=DEMO_SEED)
    for team in (
        Team(id="players", name="Players", colour="#3a7bd5", side="players"),
        Team(id="bears", name="Space Bears", colour="#c0392b", side="enemies"),
    ):
        session.teams[team.id] = team
    players = [
        Combatant(
            id="brandon",
            name="Brandon",
            team_id="players",
            kind="pc",
            abilities=Abilities(10, 16, 12, 13, 13, 11),
            ac=15,
            max_hp=22,
            hp=22,
            max_health=12,
            health=12,
            initiative_misc=1,
            weapons=(
                WeaponSpec(
                    "Silenced pistol",
                    3,
                    ranged=True,
                    accuracy_bonus=1,
                    range_increment_ft=30,
                    ammo=12,
                    ammo_max=12,
                ),
                WeaponSpec("Combat knife", 1, versatile=True),
            ),
            proficiencies=("all weapons",),
            feats=("Gun-Fu",),
            hidden=True,
            notes="Tracer. Went into stealth before the room (Stealth 18).",
        ),
        Combatant(
            id="james",
            name="James",
            team_id="players",
            kind="pc",
            abilities=Abilities(9, 12, 11, 16, 14, 12),
            ac=13,
            max_hp=18,
            hp=18,
            max_health=10,
            health=10,
            # R49: Shock is a ranged technique, so James shocks a bear across the room.
            weapons=(
                WeaponSpec(
                    "Shock technique",
                    2,
                    ranged=True,
                    range_increment_ft=30,
                    accuracy_bonus=2,
                    technique="full-round",
                ),
            ),
            proficiencies=("all weapons",),
            aware=False,
            notes="Electro-Mancer. His Shock technique stuns on a hit (2 rounds).",
        ),
        Combatant(
            id="art",
            name="Art",
            team_id="players",
            kind="pc",
            abilities=Abilities(11, 13, 12, 14, 14, 10),
            ac=14,
            max_hp=20,
            hp=20,
            max_health=11,
            health=11,
            weapons=(WeaponSpec("Pulse rifle", 4, ranged=True, range_increment_ft=60),),
            proficiencies=("all weapons",),
            aware=False,
            notes="Xenophile.",
        ),
        Combatant(
            id="katie",
            name="Katie",
            team_id="players",
            kind="pc",
            abilities=Abilities(16, 10, 15, 10, 9, 12),
            ac=16,
            max_hp=28,
            hp=28,
            max_health=15,
            health=15,
            advantage_die="1d4",
            # R5: DEX +0, WIS -1, MISC -2 → -3; had she been there, the players' mean would
            # have fallen below the bears' (the chapter's story, under either option of R40).
            initiative_misc=-2,
            weapons=(WeaponSpec("Vibro-axe", 5, crit_min=19),),
            proficiencies=("all weapons",),
            extra_damage=1,
            present=False,
            notes="Helix Warrior. In the other room when the trap goes off; joins late.",
        ),
    ]
    for combatant in [*players, *(_bear(n) for n in range(1, 5))]:
        session.combatants[combatant.id] = combatant
    session.map = demo_map()
    for token in demo_tokens():
        session.tokens[token.combatant_id] = token
    for area in demo_areas():
        session.areas[area.id] = area
    for ship in demo_ships():
        session.ships[ship.id] = ship
    return session


def demo_ships() -> tuple[Ship, ...]:
    """The players' ship and the bears' raider, for the bridge (R41-R47)."""
    return (
        Ship(
            id="wayfarer",
            name="Wayfarer",
            side="players",
            size="small",
            hard_points=4,
            weapons=1,
            sensors=2,
            shields=0,
            structure=0,
            crew={
                "captain": CrewSlot("brandon"),
                "science": CrewSlot(None, "Ilsa Varn"),
                "helm": CrewSlot(None, "Mara Quill"),
                "sensors": CrewSlot("james"),
                "weapons": CrewSlot("art"),
                "medical": CrewSlot(None, "Doc Ives"),
                "engineer": CrewSlot("katie"),
            },
            notes="A light freighter with more guns than it admits to.",
        ),
        Ship(
            id="bear-hunter",
            name="Bear Hunter",
            side="enemies",
            size="small",
            hard_points=4,
            structure=0,
            shields=1,
            crew={
                "captain": CrewSlot("bear-1"),
                "helm": CrewSlot("bear-2"),
                "sensors": CrewSlot("bear-3"),
                "weapons": CrewSlot("bear-4"),
                "engineer": CrewSlot(None, "Grizzled mechanic"),
            },
            notes="The bears' raider, patched together from three wrecks.",
        ),
    )


def demo_map() -> MapState:
    """The bears' cargo bay: crates to hide behind, debris, a smoke-filled corner, and the
    side room where Katie waits, hidden from the players by fog."""
    width, height = 28, 18
    terrain = [["."] * width for _ in range(height)]
    cover = [["."] * width for _ in range(height)]
    for x in range(width):
        terrain[0][x] = terrain[height - 1][x] = "#"
    for y in range(height):
        terrain[y][0] = terrain[y][width - 1] = terrain[y][19] = "#"
    terrain[8][19] = terrain[9][19] = "."  # the door to the side room
    for x, y in ((9, 4), (9, 5), (10, 5), (6, 12), (7, 12)):
        terrain[y][x] = "h"  # crates: a wall through the square (R36)
    for x, y in ((10, 4), (11, 5), (6, 13), (7, 13)):
        cover[y][x] = "p"  # behind the crates: partial cover (R32)
    for x in range(12, 16):
        for y in range(11, 14):
            terrain[y][x] = "d"  # fallen shelving
    return MapState(
        width=width,
        height=height,
        terrain=tuple("".join(row) for row in terrain),
        cover=tuple("".join(row) for row in cover),
    )


def demo_areas() -> tuple[Area, ...]:
    """A smoke-filled corner (R31) and the side room where Katie waits, under fog."""
    return (
        Area("smoke", "zone", 2, 13, 4, 3, visibility=2, name="Smoke"),
        Area("side-room", "fog", 20, 1, 7, 16, name="Side room"),
    )


def demo_tokens() -> tuple[Token, ...]:
    """Where everyone stands when the trap goes off."""
    return (
        Token("brandon", 3, 4),
        Token("james", 4, 6),
        Token("art", 2, 8),
        Token("katie", 23, 9),
        Token("bear-1", 14, 4),
        Token("bear-2", 16, 7),
        Token("bear-3", 13, 9),
        Token("bear-4", 17, 3),
    )


def demo_file_bytes() -> bytes:
    """The demo as its file: readable JSON, the generator kept as its seed alone."""
    record = msgspec.structs.replace(demo_session().to_file(), rng=RngState(DEMO_SEED))
    return msgspec.json.format(msgspec.json.encode(record), indent=2) + b"\n"
