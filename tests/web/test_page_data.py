"""R61 on the players' page: what it sends is the players' description and nothing else, so
no hidden enemy, exact enemy HP or GM note ever reaches a phone, whatever the session does.
The oracle is the ruling read straight from the tables (tests/player_scenarios.py)."""

from __future__ import annotations

import msgspec
from hypothesis import example, given, settings

from futurepath_desktop.core.errors import RulesError
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.player_info import player_info
from futurepath_desktop.session.state import Session
from futurepath_desktop.web.page_data import decode, page_state
from tests import player_scenarios as ps


def strings(data: bytes) -> list[str]:
    """Every string in the page's JSON, keys and values, wherever it sits."""
    return ps.every_string(msgspec.json.decode(data))


def check(session: Session, version: int) -> None:
    """What the page would send now tells the players no secret (R61)."""
    data = page_state(session, version, 1 if session.map is not None else 0)
    texts = strings(data)
    assert not ps.leaks(session, texts)
    secret_enemies = {i for i in ps.secret_ids(session) if not ps.friendly(session, i)}
    for ident in secret_enemies:
        assert ident not in texts, f"{ident} is on the page"
    state = decode(data)
    assert state.info == player_info(session), "the page sends the players' description"
    listed = {m.id for team in state.info.teams for m in team.members}
    assert listed == ps.shown_ids(session)
    assert {t.combatant_id for t in state.info.tokens} <= ps.shown_ids(session)


@settings(max_examples=60, deadline=None)
@given(ps.scenarios)
@example(ps.SURPRISE_BY_A_HIDDEN_BEAR)
@example(ps.A_SECOND_GRENADE_REFUSED)
def test_r61_no_hidden_enemy_ever_reaches_the_page(scenario: ps.Scenario) -> None:
    session = scenario.fresh()
    history = History(session)
    check(session, 1)
    for version, command in enumerate(scenario.commands(), start=2):
        try:
            history.push(command)
        except (CommandError, RulesError):
            continue  # refused, by the session or by the rules: nothing changed
        check(session, version)


def test_r61_an_unseen_bear_acting_in_the_surprise_round_is_not_on_the_page() -> None:
    session = demo_session()
    history = History(session)
    steps: list[Command] = [
        c.EditCombatant("bear-4", {"aware": True}),
        c.AddCondition(("bear-4",), "hidden", note="behind the crates"),
        c.StartCombat(),
        c.NextTurn(),
    ]
    for step in steps:
        history.push(step)
    assert session.combat.acting_team == "bears"
    data = page_state(session, 5, 1)
    assert b"Space Bear 4" not in data and b"bear-4" not in data
    assert b"behind the crates" not in data and b"Space Bears' turn" not in data
    assert b"Space Bear 1" in data, "a bear the players see is listed"
    check(session, 5)
