"""Random sessions for the player view's secrecy tests (R61), and an oracle of what the
players may see that is written from the ruling alone, apart from ``player_info``.

A scenario is the demo with a GM note (a unique marker) on every combatant, ship, condition
and fog area, a random health model and HP, then a random run of commands: hiding and
showing combatants, secret and plain conditions, fog added and taken away, tokens moved,
sides changed, damage, and a fight (and a space fight) started at a random point and
played on a random number of turns, so the surprise round with an enemy team acting comes
up often.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import msgspec
from hypothesis import strategies as st

from futurepath_desktop.core.errors import RulesError
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.state import Area, Options, Session

MARK = "GMNOTE"
"""Every GM note in a scenario carries this marker, so a leak of any of them is found."""

FRIENDS = frozenset({"players", "allies"})  # R56
SECRET_KEYS = ("hidden", "invisible")  # R29's conditions the players are not told of
DEMO = demo_session()
IDS = tuple(DEMO.combatants)
ENEMY_MAX_HP = 16  # the bears; a friend's maximum never equals it (see friends_never_16)


def friends_never_16() -> bool:
    """The HP oracle reads ``x/16`` as a bear's: no friend of the demo has that maximum."""
    return all(
        ENEMY_MAX_HP not in (m.max_hp, m.max_health)
        for m in DEMO.combatants.values()
        if m.team_id == "players"
    )


def _note(text: str) -> str:
    return f"{MARK}-{text}"


def _steps() -> st.SearchStrategy[Command]:
    who = st.sampled_from(IDS)
    square = st.tuples(st.integers(1, 26), st.integers(1, 16))
    return st.one_of(
        st.builds(lambda i, h: c.EditCombatant(i, {"hidden": h}), who, st.booleans()),
        st.builds(lambda i, a: c.EditCombatant(i, {"aware": a}), who, st.booleans()),
        st.builds(lambda i, p: c.EditCombatant(i, {"present": p}), who, st.booleans()),
        st.builds(
            lambda i, k: c.AddCondition((i,), k, note=_note(f"cond-{i}"), source=_note(i)),
            who,
            st.sampled_from((*SECRET_KEYS, *SECRET_KEYS, "shaken", "stunned", "prone")),
        ),
        st.builds(lambda i, n: c.Damage((i,), n), who, st.integers(1, 20)),
        st.builds(lambda i, s: c.PlaceToken(i, *s), who, square),
        st.builds(
            lambda s, w, h: c.AddArea(
                Area(f"fog-{s[0]}-{s[1]}", "fog", s[0], s[1], w, h, name=_note("fog"))
            ),
            square,
            st.integers(1, 6),
            st.integers(1, 6),
        ),
        st.just(c.RemoveArea("side-room")),
        st.builds(lambda s: c.ThrowGrenade("bear-4", *s), square),
        st.builds(
            lambda t, s: c.EditTeam(t, {"side": s}),
            st.sampled_from(("bears", "players")),
            st.sampled_from(("players", "allies", "enemies", "neutral")),
        ),
    )


@dataclass(frozen=True)
class Scenario:
    """The setup and the commands of one random session."""

    vitality: str
    hp: tuple[tuple[str, int], ...]
    hidden: frozenset[str]
    awake: frozenset[str]  # aware at the start: a bear that acts in the surprise round
    before: tuple[Command, ...]
    fight_turns: int  # -1: no fight; else Start Combat, then this many Next Turns
    space_surprise: bool | None  # None: no space fight
    after: tuple[Command, ...]

    def fresh(self) -> Session:
        """The demo with every note marked and this scenario's health, hidden and aware flags."""
        session = demo_session()
        session.options = msgspec.structs.replace(
            Options(), vitality="health-fatigue" if self.vitality == "hf" else "future-path"
        )
        hp = dict(self.hp)
        for ident, member in list(session.combatants.items()):
            share = hp[ident]
            session.combatants[ident] = msgspec.structs.replace(
                member,
                notes=_note(f"notes-{ident}"),
                hidden=ident in self.hidden,
                aware=member.aware or ident in self.awake,
                hp=member.max_hp * share // 4,
                health=member.max_health * share // 4,
            )
        for ship in list(session.ships.values()):
            session.ships[ship.id] = msgspec.structs.replace(ship, notes=_note(f"ship-{ship.id}"))
        session.invalidate("combatants")
        return session

    def commands(self) -> Iterable[Command]:
        """Everything pushed once the session is open, in order."""
        yield from self.before
        if self.fight_turns >= 0:
            yield c.StartCombat()
            for _ in range(self.fight_turns):
                yield c.NextTurn()
        if self.space_surprise is not None:
            yield c.StartSpaceCombat(("bear-hunter",) if self.space_surprise else ())
        yield from self.after


scenarios = st.builds(
    Scenario,
    vitality=st.sampled_from(("fp", "hf")),
    hp=st.tuples(*(st.tuples(st.just(i), st.integers(0, 4)) for i in IDS)),
    hidden=st.frozensets(st.sampled_from(IDS)),
    awake=st.frozensets(st.sampled_from(IDS)),
    before=st.lists(_steps(), max_size=8).map(tuple),
    fight_turns=st.sampled_from((-1, 0, 0, 0, 1, 1, 2, 3, 5)),
    space_surprise=st.sampled_from((None, None, True, False)),
    after=st.lists(_steps(), max_size=4).map(tuple),
)


SURPRISE_BY_A_HIDDEN_BEAR = Scenario(
    vitality="fp",
    hp=tuple((i, 4) for i in IDS),
    hidden=frozenset(),
    awake=frozenset({"bear-4"}),
    before=(c.AddCondition(("bear-4",), "hidden", note=_note("cond-bear-4")),),
    fight_turns=1,  # Brandon's surprise turn, then the bears', where only the hidden one acts
    space_surprise=True,
    after=(),
)
"""A scenario that certainly reaches the case R61 is most about."""

A_SECOND_GRENADE_REFUSED = Scenario(
    vitality="fp",
    hp=tuple((i, 1 if i == "bear-4" else 0) for i in IDS),
    hidden=frozenset(),
    awake=frozenset(IDS),
    before=(c.EditCombatant("brandon", {"aware": False}),),
    fight_turns=1,
    space_surprise=None,
    after=(c.ThrowGrenade("bear-4", 7, 1), c.ThrowGrenade("bear-4", 7, 1)),
)
"""A bear throws twice in one turn: the rules refuse the second throw (R15), which the
scenario must take as a no, not as a failure."""


def play(scenario: Scenario, push: Callable[[Command], object]) -> None:
    """Push a scenario's commands; a refused one changes nothing, whether the session says
    no (a name not there, the fight not started) or the rules do (an action the turn has
    no room for, R15)."""
    for command in scenario.commands():
        with contextlib.suppress(CommandError, RulesError):
            push(command)


# --- the oracle: R61 read straight from the session's tables -------------------------------


def friendly(session: Session, ident: str) -> bool:
    """On the players' side (R56)."""
    return session.teams[session.combatants[ident].team_id].side in FRIENDS


def hides(session: Session, ident: str) -> bool:
    """Flagged hidden, or bearing a secret condition."""
    if session.combatants[ident].hidden:
        return True
    return any(
        held.bearer_id == ident and held.key in SECRET_KEYS for held in session.conditions.values()
    )


def fogged(session: Session, ident: str) -> bool:
    """Any square of its token inside any fog rectangle (brute force)."""
    grid = session.map
    if grid is None or ident not in session.tokens:
        return False
    token = session.tokens[ident]
    squares = [(token.x + dx, token.y + dy) for dx in range(token.size) for dy in range(token.size)]
    return any(
        f.x <= x < f.x + f.width and f.y <= y < f.y + f.height
        for f in session.fog()
        for x, y in squares
    )


def secret_ids(session: Session) -> set[str]:
    """Everyone the players must not be shown."""
    return {
        i
        for i, m in session.combatants.items()
        if not m.present or (not friendly(session, i) and (hides(session, i) or fogged(session, i)))
    }


def over_fog_ids(session: Session) -> set[str]:
    """The tokens the players' map draws over its opaque fog: their friends' (R61: the
    players know where their friends are); an enemy in the fog is not drawn at all."""
    grid = session.map
    tokens = set(session.tokens) if grid is not None else set()
    return {i for i in tokens & shown_ids(session) if friendly(session, i)}


def shown_ids(session: Session) -> set[str]:
    """Everyone the player view must list."""
    return set(session.combatants) - secret_ids(session)


def nameable_acting_team(session: Session) -> str | None:
    """The acting team if the players may know it acts (R11, R61)."""
    team = session.combat.acting_team
    if team is None:
        return None
    if session.teams[team].side in FRIENDS:
        return team
    actors = [
        i
        for i, m in session.combatants.items()
        if m.team_id == team
        and (not session.combat.surprise_round or i in session.combat.surprise_actors)
    ]
    return team if set(actors) & shown_ids(session) else None


def word(name: str) -> re.Pattern[str]:
    """A name as a whole word (``Space Bear 1`` is not found in ``Space Bear 12``)."""
    return re.compile(rf"(?<![\w]){re.escape(name)}(?![\w])")


def exact_health(session: Session, ident: str) -> list[re.Pattern[str]]:
    """The ways an exact HP or Health count could be written."""
    m = session.combatants[ident]
    found = []
    for now, top, unit in ((m.hp, m.max_hp, "HP"), (m.health, m.max_health, "Health")):
        found += [
            re.compile(rf"(?<![\d-]){now}\s*/\s*{top}(?!\d)"),
            re.compile(rf"(?<![\d/-]){now}\s*{unit}"),
            re.compile(rf"{unit}\s*:?\s*{now}(?!\d)"),
        ]
    return found


def leaks(session: Session, texts: list[str]) -> list[str]:
    """What in these texts the players must not see: a hidden enemy's name, an enemy's
    exact health, a GM note."""
    found = []
    blob = "\n".join(texts)
    for ident in secret_ids(session):
        if not friendly(session, ident) and word(session.combatants[ident].name).search(blob):
            found.append(f"names {session.combatants[ident].name}")
    for ident in session.combatants:
        if not friendly(session, ident):
            for pattern in exact_health(session, ident):
                hit = pattern.search(blob)
                if hit:
                    found.append(f"exact health of {ident}: {hit.group(0)!r}")
    if MARK in blob:
        found.append("a GM note")
    for note in (m.notes for m in DEMO.combatants.values()):
        if note[:20] in blob:
            found.append(f"a demo note: {note[:20]}")
    return found


def acting_now(session: Session, ident: str) -> bool:
    """R11: one of those who act now: a member of the acting team in the fight, and in the
    surprise round one of the aware."""
    combat, member = session.combat, session.combatants[ident]
    if member.team_id != combat.acting_team or not member.present:
        return False
    return not combat.surprise_round or ident in combat.surprise_actors


def ringed(session: Session, ident: str) -> bool:
    """Whether the players' map rings a token as acting: it acts now, and the players may
    know its team acts (R61)."""
    named = nameable_acting_team(session)
    return (
        named is not None
        and session.combatants[ident].team_id == named
        and acting_now(session, ident)
    )


def every_string(value: object) -> list[str]:
    """Every string in plain data (dicts, lists, tuples), keys and values, wherever it sits."""
    found: list[str] = []

    def walk(part: object) -> None:
        if isinstance(part, str):
            found.append(part)
        elif isinstance(part, dict):
            for key, item in part.items():
                walk(key)
                walk(item)
        elif isinstance(part, list | tuple):
            for item in part:
                walk(item)

    walk(value)
    return found
