"""The campaign: a party kept in the library as it stands, joining a session, moving on to
the next encounter with it, and resting, each one undoable step."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.commands.campaign import party_template
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CombatFlowError, CommandError, SessionLoadError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.library import Library, encounter_template, read_template
from futurepath_desktop.session.state import Session
from futurepath_desktop.session.store import decode, encode


def wounded_demo() -> tuple[Session, History]:
    """The demo with Brandon hurt, tired, shaken for two rounds and his ammunition spent."""
    session = demo_session()
    history = History(session)
    history.push(c.Damage(("brandon",), 4))
    history.push(c.AddCondition(("brandon",), "shaken", rounds=2))
    brandon = session.combatants["brandon"]
    spent = tuple(msgspec.structs.replace(w, ammo=0) if w.ammo_max else w for w in brandon.weapons)
    history.push(c.EditCombatant("brandon", {"fatigue": 2, "weapons": spent}))
    return session, history


def party_of(session: Session) -> list[tuple[str, int, int, int, tuple[int | None, ...]]]:
    """What a campaign keeps of each player character, by name."""
    return sorted(
        (m.name, m.hp, m.temp_hp, m.fatigue, tuple(w.ammo for w in m.weapons))
        for t in session.teams.values()
        if t.side == "players"
        for m in session.members(t.id)
    )


def conditions_of(session: Session) -> list[tuple[str, str, int | None]]:
    return sorted(
        (session.combatants[h.bearer_id].name, h.key, h.remaining)
        for h in session.conditions.values()
    )


def test_the_party_is_kept_as_it_stands_and_joins_another_session(private_home: Path) -> None:
    session, _ = wounded_demo()
    party = party_template(session, "The long road")
    library = Library()
    library.save(party)
    (saved,) = library.entries("party")
    assert (
        saved == party
        and read_template(
            library.root / "party" / next(p.name for p in (library.root / "party").iterdir())
        )
        == party
    )
    fresh = Session(name="Chapter two")
    history = History(fresh)
    history.push(c.JoinParty(saved))
    assert party_of(fresh) == party_of(session)
    assert conditions_of(fresh) == conditions_of(session), "counters as they stood"
    assert fresh.options.campaign == party.id
    assert decode(encode(fresh), "x") is not None, "reopens"
    history.undo()
    assert not fresh.combatants and fresh.options.campaign == ""


def test_next_encounter_keeps_the_party_and_replaces_the_rest() -> None:
    session, history = wounded_demo()
    den = encounter_template(demo_session(), ["bears"], "The den")
    before_party, before_conditions = party_of(session), conditions_of(session)
    history.push(c.NextEncounter(den))
    assert party_of(session) == before_party
    assert conditions_of(session) == before_conditions
    enemies = [t for t in session.teams.values() if t.side != "players"]
    assert [t.name for t in enemies] == ["Space Bears"] and "bears" not in session.teams
    assert sorted(m.name for m in session.members(enemies[0].id)) == sorted(
        m.name for m in demo_session().members("bears")
    )
    assert session.log[-1].text.startswith("Next encounter: The den")
    history.undo()
    assert "bears" in session.teams


def test_next_encounter_and_rest_wait_for_the_fight_to_end() -> None:
    _, history = wounded_demo()
    history.push(c.StartCombat())
    den = encounter_template(demo_session(), ["bears"], "The den")
    with pytest.raises(CombatFlowError, match="End Combat"):
        history.push(c.NextEncounter(den))
    with pytest.raises(CombatFlowError, match="between fights"):
        history.push(c.Rest(("brandon",)))


@pytest.mark.parametrize(
    ("hp", "fatigue", "ammunition", "conditions"),
    [(True, True, True, False), (True, False, False, True), (False, False, True, False)],
)
def test_a_rest_restores_exactly_what_the_gm_chose(
    hp: bool, fatigue: bool, ammunition: bool, conditions: bool
) -> None:
    session, history = wounded_demo()
    was = session.combatants["brandon"]
    history.push(c.Rest(("brandon", "katie"), hp, fatigue, ammunition, conditions))
    now = session.combatants["brandon"]
    assert now.hp == (now.max_hp if hp else was.hp)
    assert now.fatigue == (0 if fatigue else was.fatigue)
    assert [w.ammo for w in now.weapons] == [
        (w.ammo_max if ammunition and w.ammo_max is not None else w.ammo) for w in was.weapons
    ]
    assert bool(session.conditions_on("brandon")) == (not conditions)
    history.undo()
    assert session.combatants["brandon"] == was and session.conditions_on("brandon")


def test_a_rest_with_nothing_chosen_is_refused() -> None:
    _, history = wounded_demo()
    with pytest.raises(CommandError, match="what the rest restores"):
        history.push(c.Rest(("brandon",), False, False, False, False))
    with pytest.raises(CommandError, match="who rests"):
        history.push(c.Rest(()))


def test_a_party_whose_condition_names_a_stranger_is_refused_with_its_path(
    tmp_path: Path,
) -> None:
    session, _ = wounded_demo()
    party = party_template(session, "Road")
    (held,) = party.conditions
    broken = msgspec.structs.replace(
        party, conditions=(msgspec.structs.replace(held, bearer_id="nobody"),)
    )
    path = tmp_path / "road.json"
    Library.export(broken, path)
    with pytest.raises(SessionLoadError, match=r"not in the party.*conditions\[0\]\.bearer_id"):
        read_template(path)


def test_an_encounter_is_no_party_and_a_party_no_encounter() -> None:
    session, history = wounded_demo()
    den = encounter_template(session, ["bears"], "The den")
    with pytest.raises(CommandError, match="not a party"):
        history.push(c.JoinParty(den))
    with pytest.raises(CommandError, match="not an encounter"):
        history.push(c.NextEncounter(party_template(session, "Road")))
