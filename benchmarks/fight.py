"""A long fight on the demo, built through the session's own commands: dice rolls, attacks,
damage and healing, conditions set and cleared, and Next Turn, chosen by a seeded
generator so that every run plays the same fight.

:func:`ordinary_commands` yields the commands one at a time (each chosen for the session as
it stands after the last one); :func:`play` pushes them through any ``push`` (a bare
``History`` or the window's ``SessionController``) until enough have been carried out.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator

from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import Session

SEED = 20_261_201
CONDITIONS = ("shaken", "dazed", "prone", "bleeding", "entangled", "deafened", "slowed")
DICE = ("1d20", "1d20+3", "3d6", "2d8+2", "4d6kh3", "1d12-1d4")


def _present(session: Session) -> list[str]:
    return [ident for ident, who in session.combatants.items() if who.present]


def _living(session: Session) -> list[str]:
    """Those present who are not dead: healing the dead is refused (R26, R27)."""
    rule = session.options.vitality
    return [i for i in _present(session) if not session.combatants[i].vitality(rule).dead]


def _attack(session: Session, rng: random.Random) -> Command | None:
    """An attack by someone of the acting team on a foe, if the fight is at that point."""
    combat = session.combat
    if not combat.active or combat.turn_index < 0 or combat.phase != 4:
        return None
    team = combat.order[combat.turn_index]
    ours = [i for i in _present(session) if session.combatants[i].team_id == team]
    theirs = [i for i in _present(session) if session.combatants[i].team_id != team]
    if not ours or not theirs:
        return None
    attacker = rng.choice(ours)
    return c.ResolveAttack(attacker, rng.choice(theirs), distance_ft=5)


def _targets(
    session: Session, rng: random.Random, wanted: int, *, living: bool = False
) -> tuple[str, ...]:
    present = _living(session) if living else _present(session)
    return tuple(rng.sample(present, min(len(present), max(1, wanted))))


def ordinary_commands(
    session: Session, rng: random.Random, behind: Callable[[], int] = lambda: 1
) -> Iterator[Command]:
    """An endless, realistic stream of commands for ``session`` (read afresh each time).

    Multi-target damage, healing and conditions are given ``behind()`` targets (as many
    as the log is short of its goal so far, say), at least one and at most everyone."""
    while True:
        wanted = behind()
        kind = rng.random()
        if not session.combat.active:
            yield c.StartCombat(())
        elif kind < 0.16:
            yield c.NextTurn()
        elif kind < 0.32:
            yield _attack(session, rng) or c.RollDice(rng.choice(DICE), "Perception")
        elif kind < 0.46:
            yield c.RollDice(rng.choice(DICE), rng.choice(("Perception", "Stealth", "")))
        elif kind < 0.66:
            targets = _targets(session, rng, wanted)
            hurt = [t for t in targets if session.combatants[t].hp > 8]
            if hurt:
                yield c.Damage(tuple(hurt), rng.randint(1, 6), "a stray shot")
            else:
                yield c.Heal(_targets(session, rng, wanted, living=True), rng.randint(4, 12))
        elif kind < 0.78:
            yield c.Heal(_targets(session, rng, wanted, living=True), rng.randint(1, 8))
        elif kind < 0.90 or not session.conditions:
            rounds = rng.choice((None, 1, 2, 3))
            yield c.AddCondition(_targets(session, rng, wanted), rng.choice(CONDITIONS), rounds)
        else:
            # In the order they were set: their ids are random, the fight must not be.
            yield c.RemoveConditions((rng.choice(list(session.conditions)),))


def play(
    session: Session,
    push: Callable[[Command], object],
    commands: int,
    seed: int = SEED,
    entries_per_command: float = 2.5,
) -> int:
    """Carry out ``commands`` commands on ``session`` through ``push``; returns how many
    were refused on the way (a refused one is not counted: another is chosen).

    ``push`` may raise a :class:`FuturePathError` (``History.push``) or return False
    (``SessionController.push``) for a refused command."""
    rng = random.Random(seed)
    start = len(session.log)
    done = refused = 0

    def behind() -> int:
        return round(entries_per_command * (done + 1) - (len(session.log) - start))

    stream = ordinary_commands(session, rng, behind)
    while done < commands:
        command = next(stream)
        short = behind()
        if done == commands - 1 and short >= 2:
            # The last command makes up what the log is short of, one line a combatant
            # grazed (the dead too: healing them would be refused).
            command = c.Damage(tuple(_present(session)[:short]), 1, "a last stray shot")
        try:
            ok = push(command)
        except FuturePathError:
            ok = False
        if ok is False:
            refused += 1
            if refused > commands:
                raise RuntimeError(f"too many refused commands; the last was {command!r}")
            continue
        done += 1
    return refused


def four_hour_fight(
    commands: int = 20_000, entries: int = 50_000
) -> tuple[Session, dict[str, float]]:
    """The demo after ``commands`` commands that leave about ``entries`` log entries (no
    undo history: a fight reopened from its file has none), and how it was built."""
    from futurepath_desktop.session.demo import demo_session

    session = demo_session()
    history = History(session)
    started = time.perf_counter()
    refused = play(session, history.push, commands, entries_per_command=entries / commands)
    return session, {
        "build_s": time.perf_counter() - started,
        "commands": float(commands),
        "entries": float(len(session.log)),
        "refused": float(refused),
        "round": float(session.combat.round),
    }


if __name__ == "__main__":
    fight, figures = four_hour_fight()
    print({k: round(v, 2) for k, v in figures.items()})
