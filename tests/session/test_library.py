"""The prep library: templates saved, listed, imported, exported and added with new ids."""

from __future__ import annotations

from pathlib import Path

import pytest

from futurepath_desktop.session.commands import AddTeam, StartCombat
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CombatFlowError, SessionLoadError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.library import (
    AddFromLibrary,
    Library,
    combatant_template,
    encounter_template,
)
from futurepath_desktop.session.state import Session, Team


def test_templates_round_trip_through_the_library(private_home: Path) -> None:
    library = Library()
    assert library.root == private_home / "library"
    demo = demo_session()
    bear = combatant_template(demo.combatants["bear-1"], "monster")
    katie = combatant_template(demo.combatants["katie"], "character")
    encounter = encounter_template(demo, ["bears"], "Den of Space Bears")
    for template in (bear, katie, encounter):
        library.save(template)
    assert [t.name for t in library.entries()] == ["Katie", "Den of Space Bears", "Space Bear 1"]
    assert library.entries("monster") == [bear]
    library.delete(bear)
    assert library.entries("monster") == []


def test_import_and_export_single_files(private_home: Path, tmp_path: Path) -> None:
    library = Library()
    template = combatant_template(demo_session().combatants["brandon"], "character")
    outside = tmp_path / "brandon.json"
    Library.export(template, outside)
    assert library.import_file(outside) == template
    assert library.entries("character") == [template]
    outside.write_text('{"kind": "character", "id": "x", "name": 5}')
    with pytest.raises(SessionLoadError, match=r"Expected `str`, got `int`.*\$\.name"):
        library.import_file(outside)


def test_add_to_session_copies_with_new_ids() -> None:
    demo = demo_session()
    template = combatant_template(demo.combatants["bear-2"], "monster")
    session = Session(name="Ambush")
    history = History(session)
    history.push(AddTeam(Team(id="wilds", name="Wilds")))
    history.push(AddFromLibrary(template, "wilds"))
    history.push(AddFromLibrary(template, "wilds"))
    copies = list(session.combatants.values())
    # The template is named after the combatant it was saved from (Space Bear 2); a second
    # copy carries on the bears' numbers, not the saved name's ("Space Bear 2 2").
    assert template.name == "Space Bear 2"
    assert [c.name for c in copies] == ["Space Bear 2", "Space Bear 3"]
    assert len({c.id for c in copies}) == 2 and "bear-2" not in session.combatants
    assert all(c.team_id == "wilds" for c in copies)

    encounter = encounter_template(demo, ["players", "bears"], "The den")
    history.push(AddFromLibrary(encounter))
    assert len(session.teams) == 3 and len(session.combatants) == 2 + 8
    assert not set(session.teams) & {"players", "bears"}


def test_in_combat_a_template_arrives_waiting_to_join() -> None:
    session = demo_session()
    history = History(session)
    history.push(StartCombat())
    template = combatant_template(session.combatants["bear-1"], "monster")
    history.push(AddFromLibrary(template, "bears"))
    newcomer = list(session.combatants.values())[-1]
    assert not newcomer.present, "R9: joiners come in through the Counters phase"
    with pytest.raises(CombatFlowError):
        history.push(AddFromLibrary(encounter_template(session, ["bears"], "more"), None))


def test_the_step_names_the_copies_it_adds() -> None:
    """One, two, and more copies at a go, each step's words naming them."""
    demo = demo_session()
    template = combatant_template(demo.combatants["bear-1"], "monster")
    history = History(demo)
    labels = [
        history.push(AddFromLibrary(template, "bears", count=count)).label for count in (1, 2, 3)
    ]
    assert labels == [
        "Add Space Bear 5 from the library",
        "Add Space Bear 6 and Space Bear 7 from the library",
        "Add 3 from the library: Space Bear 8 to Space Bear 10",
    ]
