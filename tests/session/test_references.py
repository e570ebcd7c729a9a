"""References declared once (the registry): removing a record clears or removes whatever
names it, in the same undoable command, and the loader refuses a file in which a
reference names a record that is not there, with its JSON path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from futurepath_desktop.core.starship import Position
from futurepath_desktop.session import store
from futurepath_desktop.session.commands import (
    AssignCrew,
    DeclareAction,
    DelayReady,
    EditShip,
    NextTurn,
    PlaceToken,
    RemoveCombatants,
    RemoveTeam,
    StartCombat,
    StartSpaceCombat,
    ThrowGrenade,
)
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CommandError, SessionLoadError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.registry import REFERENCES, TABLE, TABLES
from futurepath_desktop.session.state import Session
from tests.helpers import ScriptedRandom


def dangling(session: Session) -> list[str]:
    """Every reference in the session that names a record it does not hold: a second,
    brute-force reading of the registry's declarations, record by record."""
    found = []
    for ref in REFERENCES:
        known = session.tables[ref.target]
        owners = (
            list(session.tables[ref.owner].values())
            if ref.owner in TABLE
            else [getattr(session, ref.owner)]
        )
        for owner in owners:
            if owner is None:
                continue
            for where, ident in ref.find(owner):
                if ident not in known:
                    found.append(f"{ref.owner}.{where} -> {ident}")
    return found


def mentions(session: Session, ident: str) -> list[str]:
    """Where the text of the saved file names an id, outside the log (whose stamps are
    history) and the record's own entry."""
    document = json.loads(store.encode(session))
    document.pop("log")
    hits = []

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key == ident:
                    hits.append(f"{path}.{key} (a key)")
                walk(item, f"{path}.{key}")
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, f"{path}[{index}]")
        elif value == ident and not path.endswith(".side"):  # "players" is a side too
            hits.append(path)

    walk(document, "$")
    return hits


def test_removing_a_crew_member_clears_the_slot_and_the_ship_can_still_be_edited(
    tmp_path: Path,
) -> None:
    """The crew bug: the Captain of Wayfarer kept naming a removed combatant, and the next
    edit of the ship failed."""
    session = demo_session()
    history = History(session)
    assert session.ships["wayfarer"].crew["captain"].combatant_id == "brandon"
    before = store.encode(session)
    history.push(RemoveCombatants(("brandon",)))
    assert "captain" not in session.ships["wayfarer"].crew
    assert mentions(session, "brandon") == []
    history.push(EditShip("wayfarer", (("notes", "Under new command"),)))
    assert session.ships["wayfarer"].notes == "Under new command"
    path = tmp_path / "after.fpsession"
    store.save_session(session, path)
    reopened = store.load_session(path)
    assert reopened == session
    history.undo()
    history.undo()
    assert session.ships["wayfarer"].crew["captain"].combatant_id == "brandon"
    assert store.encode(session) == before
    store.save_session(session, path)
    assert store.load_session(path) == session


def test_removing_a_combatant_takes_everything_that_names_it_in_one_step() -> None:
    session = demo_session()
    history = History(session)
    history.push(StartCombat())
    history.push(PlaceToken("brandon", 8, 4))
    session.rng = ScriptedRandom([5, 5])  # the grenade lands on its target
    history.push(ThrowGrenade("brandon", 14, 4))  # at Space Bear 1
    history.push(StartSpaceCombat())
    (grenade,) = session.grenades.values()
    assert grenade.anchor_id == "bear-1"
    assert any(t.grenade_id == grenade.id for t in session.templates.values())
    steps = len(history.undo_stack)
    history.push(RemoveCombatants(("bear-1",)))
    assert len(history.undo_stack) == steps + 1
    assert "bear-1" not in session.tokens
    assert not session.grenades and all(t.grenade_id is None for t in session.templates.values())
    assert all(c.bearer_id != "bear-1" for c in session.conditions.values())
    assert "captain" not in session.ships["bear-hunter"].crew
    assert dangling(session) == [] and mentions(session, "bear-1") == []
    history.undo()
    assert session.grenades and "bear-1" in session.tokens
    assert session.ships["bear-hunter"].crew["captain"].combatant_id == "bear-1"


def test_removing_a_team_clears_its_readied_actions_and_its_place_in_the_order() -> None:
    session = demo_session()
    history = History(session)
    history.push(StartCombat())
    first = session.combat.acting_team
    assert first is not None
    member = session.members(first, present_only=True)[0].id
    history.push(DelayReady(member, "a door opens", "Attack"))
    assert any(r.combatant_id == member for r in session.combat.readied)
    while session.combat.acting_team in (None, first):
        history.push(NextTurn())
    second = session.combat.acting_team
    history.push(RemoveTeam(first))
    assert first not in session.combat.order
    assert session.combat.acting_team == second
    assert not session.combat.readied
    assert dangling(session) == [] and mentions(session, first) == []
    assert mentions(session, member) == []
    store.decode(store.encode(session))


def test_every_removal_leaves_no_dangling_reference() -> None:
    """Remove each record of each table of the busy demo in turn (undoing between): no
    reference is left dangling, and undo gives back the file byte for byte."""
    session = demo_session()
    history = History(session)
    history.push(StartCombat())
    history.push(PlaceToken("brandon", 8, 4))
    session.rng = ScriptedRandom([5, 5])
    history.push(ThrowGrenade("brandon", 14, 4))
    history.push(StartSpaceCombat())
    history.push(AssignCrew("wayfarer", Position.HELM, "katie"))
    before = store.encode(session)
    tried = 0
    for table in TABLES:
        for ident in list(session.tables[table.name]):

            class Remove(msgspec.Struct, frozen=True):
                table: str
                ident: str

                def perform(self, session: Session, edit: Any) -> str:
                    edit.remove(self.table, self.ident)
                    return "remove"

            history.push(Remove(table.name, ident))
            assert dangling(session) == [], (table.name, ident)
            store.decode(store.encode(session))  # it reopens
            history.undo()
            assert store.encode(session) == before
            tried += 1
    assert tried >= 20


def _crew_file(tmp_path: Path, ident: str) -> Path:
    document = json.loads(store.encode(demo_session()))
    document["ships"][0]["crew"]["captain"]["combatant_id"] = ident
    path = tmp_path / "dangling.fpsession"
    path.write_bytes(msgspec.json.encode(document))
    return path


def test_the_loader_refuses_a_dangling_crew_slot_with_its_path(tmp_path: Path) -> None:
    with pytest.raises(SessionLoadError) as caught:
        store.load_session(_crew_file(tmp_path, "nobody-here"))
    said = str(caught.value)
    assert "$.ships[0].crew.captain.combatant_id" in said
    assert "nobody-here" in said
    # The same file naming a combatant the session has opens.
    assert store.load_session(_crew_file(tmp_path, "james")).ships["wayfarer"]


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["tokens"][0].update(combatant_id="ghost"), "$.tokens[0].combatant_id"),
        (lambda d: d["conditions"].append(_condition("ghost")), "$.conditions[0].bearer_id"),
        (lambda d: d["combatants"][0].update(team_id="ghost"), "$.combatants[0].team_id"),
        (lambda d: d["combat"].update(order=["ghost"]), "$.combat.order[0]"),
        (lambda d: d["space"]["round"].update(scanned=["ghost"]), "$.space.round.scanned[0]"),
    ],
)
def test_the_loader_refuses_each_kind_of_dangling_reference(
    tmp_path: Path, change: Any, where: str
) -> None:
    document = json.loads(store.encode(demo_session()))
    change(document)
    path = tmp_path / "bad.fpsession"
    path.write_bytes(msgspec.json.encode(document))
    with pytest.raises(SessionLoadError) as caught:
        store.load_session(path)
    assert where in str(caught.value) and "ghost" in str(caught.value)


def _condition(bearer: str) -> dict[str, Any]:
    return {"id": "cnd-x", "bearer_id": bearer, "key": "shaken", "name": "Shaken"}


def test_log_stamps_keep_the_name_of_a_removed_team() -> None:
    """R61's log stamps are history: the acting team's name stays on its lines after the
    team is gone, and the file still opens."""
    session = demo_session()
    history = History(session)
    history.push(StartCombat())
    first = session.combat.acting_team
    assert first is not None
    name = session.teams[first].name
    history.push(DelayReady(session.members(first, present_only=True)[0].id, "x", "y"))
    stamped = session.log[-1]
    assert (stamped.team_id, stamped.team_name) == (first, name)
    while session.combat.acting_team in (None, first):
        history.push(NextTurn())
    history.push(RemoveTeam(first))
    assert any(e.team_name == name for e in session.log)
    again = store.decode(store.encode(session))
    assert [e.team_name for e in again.log] == [e.team_name for e in session.log]


def test_an_action_declared_at_a_removed_combatant_stays_spent_but_names_nobody() -> None:
    """R14: what a combatant declared this turn stays declared (its action is spent); the
    target it named leaves with the target."""
    session = demo_session()
    history = History(session)
    history.push(StartCombat())
    acting = session.combat.acting_team
    assert acting is not None
    actor = session.members(acting, present_only=True)[0].id
    target = next(c.id for c in session.combatants.values() if c.team_id != acting)
    history.push(DeclareAction(actor, "Attack (Melee)", target))
    assert session.combat.turns[actor] == (("Attack (Melee)", target),)
    history.push(RemoveCombatants((target,)))
    assert session.combat.turns[actor] == (("Attack (Melee)", None),)
    assert dangling(session) == []
    history.undo()
    assert session.combat.turns[actor] == (("Attack (Melee)", target),)


def test_a_log_line_past_the_files_limit_is_refused_and_changes_nothing() -> None:
    """The guard sits in the log itself: any command's text past the file's limit is
    refused, whatever command writes it."""

    class Shout(msgspec.Struct, frozen=True):
        text: str

        def perform(self, session: Session, edit: Any) -> str:
            edit.log("note", self.text)
            return "shout"

    session = demo_session()
    history = History(session)
    before = store.encode(session)
    with pytest.raises(CommandError, match="at most 20,000 characters"):
        history.push(Shout("x" * 20_001))
    assert store.encode(session) == before
    history.push(Shout("x" * 20_000))
    store.decode(store.encode(session))  # the longest allowed line reopens
