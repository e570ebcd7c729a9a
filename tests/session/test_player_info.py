"""R61: what the players may see, as ``player_info`` says it, checked against an oracle
written from the ruling (tests/player_scenarios.py) on random sessions and on the demo."""

from __future__ import annotations

import re

import msgspec
from hypothesis import example, given, settings

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.history import History
from futurepath_desktop.session.map_rules import visible_to_players
from futurepath_desktop.session.player_info import PlayerInfo, player_info
from futurepath_desktop.session.state import Session
from tests import player_scenarios as ps


def texts(info: PlayerInfo) -> list[str]:
    """Every string in the description, wherever it sits."""
    return ps.every_string(msgspec.to_builtins(info))


def check(session: Session, info: PlayerInfo) -> None:
    """Everything R61 asks of one description, against the oracle."""
    assert not ps.leaks(session, texts(info))
    listed = {m.id: m for team in info.teams for m in team.members}
    assert set(listed) == ps.shown_ids(session)
    for ident, row in listed.items():
        assert row.hidden == (ps.friendly(session, ident) and ps.hides(session, ident))
        assert row.friendly == ps.friendly(session, ident)
    for team in info.teams:
        members = [session.combatants[m.id] for m in team.members]
        assert all(m.team_id == team.id for m in members)
        up = sum(1 for m in members if not m.is_down(session.options.vitality))
        assert team.standing == f"{up} of {len(members)} standing"
    grid = session.map
    tokens = {t.combatant_id: t.hidden for t in info.tokens}
    expected = set(session.tokens) & ps.shown_ids(session) if grid is not None else set()
    assert set(tokens) == expected
    assert all(tokens[i] == listed[i].hidden for i in tokens)
    for token in info.tokens:
        assert token.acting == ps.ringed(session, token.combatant_id)
        # R61: the players know where their friends are, fog or not: over the fog.
        assert token.over_fog == ps.friendly(session, token.combatant_id)
    for ident in session.combatants:
        assert visible_to_players(session, ident) == (ident in expected), ident
    acting = session.combat.acting_team
    assert info.acting_team == ps.nameable_acting_team(session)
    if acting is not None and info.acting_team is None:
        assert not ps.word(session.teams[acting].name).search(info.header)
        assert not any(team.acting for team in info.teams)
    if info.acting_team is not None:
        assert session.teams[info.acting_team].name in info.header
    if session.combat.active:
        assert f"Round {session.combat.round}" in info.header
        assert Phase(session.combat.phase).label in info.header


@settings(max_examples=60, deadline=None)
@given(ps.scenarios)
@example(ps.SURPRISE_BY_A_HIDDEN_BEAR)
@example(ps.A_SECOND_GRENADE_REFUSED)
def test_r61_the_description_never_tells_the_players_a_secret(scenario: ps.Scenario) -> None:
    assert ps.friends_never_16()
    session = scenario.fresh()
    history = History(session)
    check(session, player_info(session))
    ps.play(scenario, history.push)
    check(session, player_info(session))
    if scenario is ps.SURPRISE_BY_A_HIDDEN_BEAR:
        assert session.combat.surprise_round and session.combat.acting_team == "bears"
        assert player_info(session).acting_team is None


def surprise_with_a_hidden_bear() -> tuple[Session, History]:
    """The demo's opening with Space Bear 4 awake and Hidden: it alone acts for the bears."""
    session = demo_session()
    history = History(session)
    history.push(c.EditCombatant("bear-4", {"aware": True}))
    history.push(c.AddCondition(("bear-4",), "hidden", note="behind the crates"))
    history.push(c.StartCombat())
    assert session.combat.surprise_round
    return session, history


def test_r61_an_unseen_bear_acting_in_the_surprise_round_is_not_named() -> None:
    session, history = surprise_with_a_hidden_bear()
    assert player_info(session).acting_name == "Players"  # Brandon acts first (R11)
    history.push(c.NextTurn())
    assert session.combat.acting_team == "bears"
    info = player_info(session)
    assert info.acting_team is None and "Space Bears" not in info.header
    assert "Surprise round" in info.header
    assert info.header.count("Surprise") == 1, info.header  # said once, with the phase
    names = [m.name for team in info.teams for m in team.members]
    assert "Space Bear 4" not in names and "Space Bear 1" in names
    check(session, info)
    # Once the bear steps out of hiding, the players see who acts.
    hidden = next(h for h in session.conditions_on("bear-4") if h.key == "hidden")
    history.push(c.RemoveConditions((hidden.id,)))
    info = player_info(session)
    assert info.acting_name == "Space Bears" and "Space Bears' turn" in info.header
    check(session, info)


def test_r61_a_hidden_player_character_is_listed_marked_hidden() -> None:
    session = demo_session()
    assert session.combatants["brandon"].hidden
    info = player_info(session)
    (brandon,) = [m for team in info.teams for m in team.members if m.id == "brandon"]
    assert brandon.hidden and brandon.health == "22/22 HP"
    assert ("brandon", True) in {(t.combatant_id, t.hidden) for t in info.tokens}
    assert visible_to_players(session, "brandon")


def test_r61_enemy_health_is_a_word_and_counts_leave_the_unseen_out() -> None:
    session = demo_session()
    history = History(session)
    history.push(c.Damage(("bear-2",), 9))
    history.push(c.Damage(("bear-3",), 20))
    history.push(c.AddCondition(("bear-1",), "invisible"))
    info = player_info(session)
    (bears,) = [t for t in info.teams if t.id == "bears"]
    assert [m.name for m in bears.members] == ["Space Bear 2", "Space Bear 3", "Space Bear 4"]
    assert [m.health for m in bears.members] == ["bloodied", "down", "unhurt"]
    assert bears.standing == "2 of 3 standing"
    assert not re.search(r"\d", " ".join(m.health for m in bears.members))
    check(session, info)


def test_r61_a_token_in_fog_is_not_shown_even_by_one_square() -> None:
    session = demo_session()
    history = History(session)
    # A large bear with one square inside the side room's fog (x from 20).
    history.push(c.PlaceToken("bear-2", 19, 8, size=2))
    info = player_info(session)
    assert "bear-2" not in {t.combatant_id for t in info.tokens}
    assert "Space Bear 2" not in [m.name for team in info.teams for m in team.members]
    history.push(c.PlaceToken("bear-2", 17, 8, size=2))
    assert "bear-2" in {t.combatant_id for t in player_info(session).tokens}


def test_r61_an_unseen_ship_is_off_the_players_screens_until_the_surprise_shot_is_over() -> None:
    session = demo_session()
    history = History(session)
    history.push(c.StartSpaceCombat(("bear-hunter",)))
    info = player_info(session)
    assert info.space_header is not None and "R47" not in info.space_header
    assert [s.name for s in info.ships] == ["Wayfarer"]
    history.push(c.NextSpacePhase())
    info = player_info(session)
    assert [s.name for s in info.ships] == ["Wayfarer", "Bear Hunter"]
    assert all("wrecks" not in s.text and "freighter" not in s.text for s in info.ships)


def test_r61_the_space_header_does_not_hint_at_an_unseen_enemy() -> None:
    """An enemy's surprise shot (R47) is not announced to the players, not even as
    'unseen ships fire'; a waiting volley of the Action phase (R57) is not shown either.
    The players' own ambush they know of."""
    session = demo_session()
    history = History(session)
    history.push(c.StartSpaceCombat(("bear-hunter",)))
    info = player_info(session)
    said = " ".join([info.header, info.space_header or "", *(s.text for s in info.ships)])
    assert "unseen" not in said and "Bear Hunter" not in said and "surprise" not in said.lower()
    history.push(c.Fire("bear-hunter", "wayfarer", 4))
    assert "aims" not in repr(player_info(session))
    ours = demo_session()
    History(ours).push(c.StartSpaceCombat(("wayfarer",)))
    assert "your unseen ships fire" in (player_info(ours).space_header or "")
