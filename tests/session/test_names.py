"""Two combatants (or two teams) never share a name: the log, the counters and the charts
tell them apart by name alone, so a second Katie would merge with the first in the charts.
Every way in refuses a name in use, says which, and offers a numbered one."""

from __future__ import annotations

import msgspec
import pytest

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.numbering import name_clash
from futurepath_desktop.session.state import Session, Team


def fresh() -> tuple[Session, History]:
    session = demo_session()
    return session, History(session)


def test_a_new_combatant_with_a_name_in_use_is_refused_with_a_numbered_one() -> None:
    session, history = fresh()
    before = session.to_file()
    copy = msgspec.structs.replace(session.combatants["katie"], id="katie-again")
    with pytest.raises(CommandError, match=r"already called Katie: call this one Katie 2"):
        history.push(c.AddCombatant(copy))
    assert session.to_file() == before
    history.push(c.AddCombatant(msgspec.structs.replace(copy, name="Katie 2")))
    assert session.combatants["katie-again"].name == "Katie 2"
    # The next one is offered the next number; spaces round a name do not make it new.
    third = msgspec.structs.replace(copy, id="katie-3", name="  Katie ")
    with pytest.raises(CommandError, match=r"call this one Katie 3"):
        history.push(c.AddCombatant(third))


def test_a_combatant_renamed_to_a_name_in_use_is_refused() -> None:
    session, history = fresh()
    with pytest.raises(CommandError, match="already called Space Bear 2"):
        history.push(c.EditCombatant("bear-1", {"name": "Space Bear 2"}))
    assert session.combatants["bear-1"].name == "Space Bear 1"
    with pytest.raises(CommandError, match="already called space bear 2"):
        history.push(c.EditCombatant("bear-1", {"name": "space bear 2"}))
    history.push(c.EditCombatant("bear-1", {"name": "Space Bear 1", "ac": 13}))  # its own
    history.push(c.EditCombatant("bear-1", {"name": "SPACE BEAR 1"}))  # its own, louder
    assert session.combatants["bear-1"].name == "SPACE BEAR 1"
    history.push(c.EditCombatant("bear-1", {"name": "Ursa"}))
    assert session.combatants["bear-1"].name == "Ursa"


def test_a_rename_refused_offers_no_name_the_combatant_already_has() -> None:
    """Space Bear 4 renamed to Space Bear 1: the next free number is 4, its own name, so
    the refusal says to keep it rather than "call this one Space Bear 4"."""
    _, history = fresh()
    with pytest.raises(CommandError) as refused:
        history.push(c.EditCombatant("bear-4", {"name": "Space Bear 1"}))
    words = str(refused.value)
    assert "already called Space Bear 1: keep Space Bear 4, or choose another" in words
    assert "call this one" not in words
    # Where the free number is another's, it is offered as before.
    history.push(c.EditCombatant("bear-4", {"name": "Ursa"}))
    with pytest.raises(CommandError, match="call this one Space Bear 4, say"):
        history.push(c.EditCombatant("katie", {"name": "Space Bear 1"}))


def test_a_team_name_in_use_is_refused_when_made_renamed_or_joined() -> None:
    session, history = fresh()
    bears = next(t for t in session.teams.values() if t.name == "Space Bears")
    twin = Team(id="team-twin", name="Space Bears", colour="#123456", side="enemies")
    with pytest.raises(CommandError, match="a team is already called Space Bears"):
        history.push(c.AddTeam(twin))
    players = next(t for t in session.teams.values() if t.id != bears.id)
    with pytest.raises(CommandError, match="already called Space Bears"):
        history.push(c.EditTeam(players.id, {"name": "Space Bears"}))
    with pytest.raises(CommandError, match="already called space bears"):
        history.push(c.EditTeam(players.id, {"name": "space bears"}))
    history.push(c.EditTeam(bears.id, {"name": "SPACE BEARS"}))  # its own name, louder
    history.undo()
    history.push(c.StartCombat(unaware_ids=()))
    while session.combat.phase != 5:  # Katie may join in the Counters phase (R9)
        history.push(c.NextTurn())
    with pytest.raises(CommandError, match="already called Space Bears"):
        history.push(c.JoinCombat(("katie",), new_team=twin))
    assert not session.combatants["katie"].present


def test_the_clash_ignores_case_and_offers_the_number_after_the_highest() -> None:
    taken = ["Space Bear", "Space Bear 2", "space bear 7", "Katie"]
    assert name_clash("combatant", taken, "Space Bear") == (
        "a combatant is already called Space Bear: call this one Space Bear 8, say"
    )
    assert name_clash("combatant", taken, "Space Bear 3") == ""
    assert name_clash("combatant", taken, "Space Bears") == ""
    # "katie" reads as Katie in the log and on the map.
    assert name_clash("combatant", taken, "katie") == (
        "a combatant is already called katie: call this one katie 2, say"
    )
    assert name_clash("combatant", taken, "SPACE BEAR 7").endswith(
        "call this one SPACE BEAR 8, say"
    )
    assert name_clash("combatant", taken, "Space Bear 2").endswith(
        "call this one Space Bear 8, say"
    )
