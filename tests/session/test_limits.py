"""Values at and beyond every dialog's limits, pushed as commands in random order: each is
carried out or refused with a message, and every state reached saves and opens again as
it was (the guard at the door: no command makes a file the loader refuses)."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.library import AddFromLibrary, combatant_template
from futurepath_desktop.session.store import decode, encode
from futurepath_desktop.ui.dialogs.amount_dialog import MAX_AMOUNT

WHO = ("brandon", "bear-1", "bear-2")
ROUNDS_MAX = 1000  # the condition dialog's
TEXT_MAX = 20_000  # a note, a name is 120


def edges(limit: int) -> st.SearchStrategy[int]:
    """The limit, either side of it, far past it, and below zero."""
    return st.sampled_from([0, 1, limit - 1, limit, limit + 1, 10 * limit, 10**12, -1, -limit])


def long(limit: int) -> st.SearchStrategy[str]:
    return st.sampled_from([limit - 1, limit, limit + 1]).map(lambda n: "x" * n)


def _template_with_hp(hp: int) -> AddFromLibrary:
    session = demo_session()
    template = combatant_template(session.combatant("bear-4"), "monster")
    assert template.combatant is not None
    wrong = msgspec.structs.replace(template.combatant, hp=hp)
    return AddFromLibrary(msgspec.structs.replace(template, combatant=wrong), "bears")


targets = st.lists(st.sampled_from(WHO), min_size=1, max_size=3, unique=True).map(tuple)
commands: st.SearchStrategy[Command] = st.one_of(
    st.builds(c.Damage, targets, edges(MAX_AMOUNT)),
    st.builds(c.Damage, targets, st.just(5), long(2000)),
    st.builds(c.Heal, targets, edges(MAX_AMOUNT)),
    st.builds(c.GrantTempHP, targets, edges(MAX_AMOUNT)),
    st.builds(
        c.AddCondition,
        targets,
        st.sampled_from(["shaken", "stunned", "bleeding"]),
        edges(ROUNDS_MAX),
    ),
    st.builds(
        c.EditCombatant,
        st.sampled_from(WHO),
        st.one_of(
            long(TEXT_MAX).map(lambda t: {"notes": t}),
            long(120).map(lambda t: {"name": t}),
            edges(100_000).map(lambda n: {"max_hp": n}),
            edges(100_000).map(lambda n: {"hp": n}),
            edges(99).map(lambda n: {"ac": n}),
        ),
    ),
    st.builds(c.RollDice, st.sampled_from(["1d20", "2d6+3", "1000d1000", "d", "1d20+"])),
    st.builds(c.RollDice, st.just("1d6"), long(2000)),
    st.builds(c.RenameSession, long(120)),
    edges(100_000).map(_template_with_hp),
    st.just(c.NextTurn()),
    st.just(c.StartCombat()),
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(commands, min_size=1, max_size=25))
def test_values_at_and_past_the_limits_never_make_a_file_that_will_not_reopen(
    steps: list[Command],
) -> None:
    session = demo_session()
    history = History(session)
    for command in steps:
        before = encode(session)
        try:
            history.push(command)
        except FuturePathError as refused:
            assert str(refused), "a refusal says what is wrong"
            assert encode(session) == before, f"a refused {type(command).__name__} changed"
        reopened = decode(encode(session))
        assert reopened == session, f"the state after {type(command).__name__} reopens"
    while history.undo_stack:
        history.undo()
        assert decode(encode(session)) == session


@pytest.mark.parametrize(
    "command",
    [
        c.Damage(("bear-1",), "5"),  # type: ignore[arg-type]
        c.Heal(("bear-1",), None),  # type: ignore[arg-type]
        c.RollDice(None),  # type: ignore[arg-type]
        c.AddCondition("bear-1", "shaken", 2),  # type: ignore[arg-type]
        c.MoveToken("brandon", "6", 4),  # type: ignore[arg-type]
        c.RenameSession(5),  # type: ignore[arg-type]
    ],
    ids=lambda command: type(command).__name__,
)
def test_a_command_given_the_wrong_kind_of_value_is_refused_with_a_message(
    command: Command,
) -> None:
    session = demo_session()
    before = encode(session)
    with pytest.raises(CommandError) as refused:
        History(session).push(command)
    assert "must be" in str(refused.value) or "cannot take" in str(refused.value)
    assert encode(session) == before


@pytest.mark.parametrize(
    "command",
    [
        c.Damage(("bear-1",), 5, "a claw \udc80"),
        c.RenameSession("Ambush \ud800"),
        c.EditCombatant("bear-2", {"notes": "\udfff"}),
        c.RollDice("1d6", "luck \ud83d"),
    ],
    ids=lambda command: type(command).__name__,
)
def test_text_with_half_a_character_pair_is_refused_when_given_not_when_saving(
    command: Command,
) -> None:
    session = demo_session()
    history = History(session)
    with pytest.raises(CommandError, match="cannot be saved"):
        history.push(command)
    assert decode(encode(session)) == session
