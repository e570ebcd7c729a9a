"""Whom an attack starts on (R53 large tokens, R56 sides, R61's secret conditions), checked
by property against a brute force over every square each token covers."""

from __future__ import annotations

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.state import ActiveCondition, Session, Token
from futurepath_desktop.session.targets import default_target, target_choices, token_distance_ft

SIDES = ("players", "allies", "enemies", "neutral")
FRIENDLY = {"players", "allies"}
SECRET = ("hidden", "invisible")


def covered(token: Token) -> list[tuple[int, int]]:
    return [(token.x + dx, token.y + dy) for dx in range(token.size) for dy in range(token.size)]


def brute_feet(a: Token, b: Token) -> int:
    return min(5 * max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in covered(a) for q in covered(b))


def enemies(session: Session, attacker: str, other: str) -> bool:
    def side(ident: str) -> str:
        return session.teams[session.combatants[ident].team_id].side

    mine, theirs = side(attacker), side(other)
    return (mine in FRIENDLY and theirs == "enemies") or (mine == "enemies" and theirs in FRIENDLY)


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    """The demo with random sides, tokens (some large, some off the map), hidden flags,
    secret conditions and wounds."""
    session = demo_session()
    assert session.map is not None
    for team in list(session.teams.values()):
        session.teams[team.id] = msgspec.structs.replace(team, side=draw(st.sampled_from(SIDES)))
    tokens = {}
    for ident, combatant in list(session.combatants.items()):
        if draw(st.integers(0, 5)):
            size = draw(st.sampled_from((1, 1, 2, 3)))
            x = draw(st.integers(0, session.map.width - size))
            y = draw(st.integers(0, session.map.height - size))
            tokens[ident] = Token(ident, x, y, size)
        session.combatants[ident] = msgspec.structs.replace(
            combatant,
            hidden=draw(st.booleans()) and draw(st.booleans()),
            hp=draw(st.sampled_from((combatant.max_hp, 1, 0, -5))),
        )
        secret = draw(st.sampled_from((None, None, *SECRET)))
        if secret is not None:
            held = ActiveCondition(id=f"c-{ident}", bearer_id=ident, key=secret, name=secret)
            session.conditions[held.id] = held
    session.tables["tokens"] = tokens
    return session


@settings(max_examples=150, deadline=None)
@given(sessions())
def test_the_first_target_is_the_nearest_enemy_in_the_open(session: Session) -> None:
    grid = session.map
    assert grid is not None
    rule = session.options.vitality
    for attacker in [c.id for c in session.combatants.values() if c.present]:
        choices = target_choices(session, attacker)
        listed = [choice.combatant.id for choice in choices]
        assert attacker not in listed
        assert sorted(listed) == sorted(
            c.id for c in session.combatants.values() if c.present and c.id != attacker
        )
        for choice in choices:  # R53: between the nearest squares
            a, b = session.tokens.get(attacker), session.tokens.get(choice.combatant.id)
            expected = brute_feet(a, b) if a and b else None
            assert choice.distance_ft == expected
            assert token_distance_ft(session, attacker, choice.combatant.id) == expected
        # Enemies come first in the list.
        flags = [enemies(session, attacker, ident) for ident in listed]
        assert flags == sorted(flags, reverse=True)
        in_open = [
            c.id
            for c in session.combatants.values()
            if c.present
            and c.id != attacker
            and enemies(session, attacker, c.id)
            and not c.hidden
            and not {h.key for h in session.conditions_on(c.id)} & set(SECRET)
        ]
        chosen = default_target(choices)
        if not in_open:
            assert chosen is None  # never a friend, a neutral or a hidden one instead
            continue
        standing = [i for i in in_open if not session.combatants[i].is_down(rule)] or in_open
        placed = {
            i: brute_feet(session.tokens[attacker], session.tokens[i])
            for i in standing
            if attacker in session.tokens and i in session.tokens
        }
        if placed:
            assert chosen in {i for i, feet in placed.items() if feet == min(placed.values())}
        else:
            assert chosen in standing
