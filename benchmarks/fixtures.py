"""Generated sessions of a given size, for benchmarks and performance tests."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from futurepath_desktop.session.state import (
    Abilities,
    ActiveCondition,
    Combatant,
    Session,
    Side,
    Team,
    WeaponSpec,
)

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication

BUSY_S = 0.010
"""An event loop turn longer than this is the window still busy (a frame's worth of work,
roughly: the GM would see it stutter or hang)."""


def settle(app: QCoreApplication, settle_s: float = 0.3) -> float:
    """Run the event loop until no turn of it has taken longer than ``BUSY_S`` for
    ``settle_s`` (whatever the window set going has run); the ``perf_counter`` time of
    the last busy turn's end."""
    idle = time.perf_counter()
    while time.perf_counter() - idle < settle_s:
        turn = time.perf_counter()
        app.processEvents()
        if time.perf_counter() - turn > BUSY_S:
            idle = time.perf_counter()
        else:
            time.sleep(0.002)
    return idle


KEYS = ("shaken", "stunned", "prone", "bleeding", "entangled", "deafened", "slowed", "custom:mark")


def big_session(combatants: int = 500, teams: int = 50, counters: int = 2000) -> Session:
    """``combatants`` in ``teams`` teams with ``counters`` long-running conditions."""
    session = Session(name=f"{combatants} combatants", seed=7)
    for t in range(teams):
        side: Side = "players" if t % 2 == 0 else "enemies"
        session.teams[f"t{t}"] = Team(id=f"t{t}", name=f"Team {t}", side=side)
    ids = []
    for n in range(combatants):
        ident = f"c{n}"
        ids.append(ident)
        session.combatants[ident] = Combatant(
            id=ident,
            name=f"Fighter {n}",
            team_id=f"t{n % teams}",
            abilities=Abilities(dexterity=8 + n % 10, wisdom=8 + n % 7),
            max_hp=30,
            hp=30,
            weapons=(WeaponSpec("Blade", 3),),
        )
    for n in range(counters):
        key = KEYS[n % len(KEYS)]
        session.conditions[f"k{n}"] = ActiveCondition(
            id=f"k{n}",
            bearer_id=ids[n % combatants],
            key=key if not key.startswith("custom") else f"{key}{n}",
            name=key.title(),
            remaining=1000,  # the most a counter may hold: lasts the whole benchmark
            custom=key.startswith("custom"),
        )
    return session


def big_map_session(side: int = 200, tokens: int = 1000, seed: int = 11) -> Session:
    """A ``side`` × ``side`` map with ``tokens`` combatants on it, scattered walls, rubble
    (difficult terrain) and cover, and no combat running."""
    import random

    from futurepath_desktop.session.state import MapState, Token

    rng = random.Random(seed)
    session = big_session(combatants=tokens, teams=20, counters=tokens)
    rows = [["."] * side for _ in range(side)]
    cover = [["."] * side for _ in range(side)]
    for _ in range(side * side // 12):
        x, y = rng.randrange(side), rng.randrange(side)
        rows[y][x] = rng.choice("dddh#")
        if rows[y][x] == "h":
            cover[y][x] = "p"
    spots = rng.sample(
        [(x, y) for x in range(side) for y in range(side) if rows[y][x] != "#"], tokens
    )
    session.map = MapState(
        width=side,
        height=side,
        terrain=tuple("".join(r) for r in rows),
        cover=tuple("".join(r) for r in cover),
    )
    for n, (x, y) in enumerate(spots):
        session.tokens[f"c{n}"] = Token(f"c{n}", x, y)
    return session
