"""Prep and the campaign through the window, as a GM does it between sessions and at the
table: the library window builds an encounter of four bears ×N and a named boss and saves
it; a new session starts from it with the party; they fight; "Next Encounter" brings the
den again with the party as the fight left it; a rest gives back what the GM chose."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QInputDialog, QLineEdit, QMessageBox, QSpinBox
from pytestqt.qtbot import QtBot

from futurepath_desktop.session.state import Session
from futurepath_desktop.ui import library_prompts
from futurepath_desktop.ui.dialogs.prep_dialogs import (
    RestDialog,
    SaveEncounterDialog,
    StartFromEncounterDialog,
    TemplateDialog,
)
from futurepath_desktop.ui.dialogs.team_dialogs import TeamDialog
from futurepath_desktop.ui.library_window import LibraryWindow
from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.conftest import answer_dialog, find
from tests.ui.test_team_actions import reopens

BEAR, BOSS, DEN = "Space Bear", "Ursa the Den Mother", "Den of Space Bears"


def trigger(window: MainWindow, name: str) -> None:
    window.actions_by_name[name].trigger()


def answer_text(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """The next one-line question (a team's name, a campaign's) is answered with ``text``."""
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (text, True))


def party_state(session: Session) -> list[tuple[str, int, int, tuple[Any, ...]]]:
    players = {t.id for t in session.teams.values() if t.side == "players"}
    return sorted(
        (c.name, c.hp, c.fatigue, tuple(w.ammo for w in c.weapons))
        for c in session.combatants.values()
        if c.team_id in players
    )


def fighting(session: Session) -> bool:
    return session.combat.active


def discard(qtbot: QtBot) -> None:
    """The next "Save the changes?" question is answered Discard."""

    def answer(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox) and dialog.objectName() == "unsavedPrompt"
        dialog.button(QMessageBox.StandardButton.Discard).click()

    answer_dialog(qtbot, answer)


def open_library(qtbot: QtBot, window: MainWindow) -> LibraryWindow:
    qtbot.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    found = library_prompts.library_window(window, create=False)
    assert found is not None and found.isVisible()
    return found


def choose(library: LibraryWindow, name: str) -> None:
    """Search for a template by name and make it the chosen one."""
    library.search.setText(name)
    library.select(None)
    chosen = library.chosen()
    assert chosen is not None and chosen.name == name


def edit_template(qtbot: QtBot, library: LibraryWindow, name: str, hp: int) -> None:
    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, TemplateDialog)
        find(dialog, QLineEdit, "templateName").setText(name)
        find(dialog, QSpinBox, "templateHp").setValue(hp)
        dialog.accept()

    answer_dialog(qtbot, fill)
    library.buttons["edit"].click()


def test_build_save_start_fight_next_encounter_and_rest(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = window.controller.session
    # Prep: a bear and the boss go to the library from the demo, and are renamed there.
    window.initiative.select(["bear-1"])
    trigger(window, "actionSaveToLibrary")
    window.initiative.select(["bear-2"])
    trigger(window, "actionSaveToLibrary")
    library = open_library(qtbot, window)
    choose(library, "Space Bear 1")
    edit_template(qtbot, library, BEAR, 16)
    choose(library, "Space Bear 2")
    edit_template(qtbot, library, BOSS, 40)
    # The party of the demo is kept as the campaign's.
    answer_text(monkeypatch, "The long road")
    trigger(window, "actionSaveParty")
    campaign = session.options.campaign
    assert [p.name for p in window.library.entries("party")] == ["The long road"]
    assert campaign == window.library.entries("party")[0].id

    # An empty session; a team for the den; four bears ×N and the boss from the library.
    discard(qtbot)
    trigger(window, "actionNew")
    session = window.controller.session

    def new_den(dialog: QDialog) -> None:
        assert isinstance(dialog, TeamDialog) and dialog.windowTitle() == "New team"
        assert dialog.side.currentData() == "players", "no players' team yet: theirs first"
        dialog.name.setText("The den")
        dialog.side.setCurrentIndex(dialog.side.findData("enemies"))
        dialog.accept()

    answer_dialog(qtbot, new_den)
    trigger(window, "actionAddTeam")
    library.refresh()
    choose(library, BEAR)
    library.count.setValue(4)
    qtbot.mouseClick(library.add, Qt.MouseButton.LeftButton)
    choose(library, BOSS)
    library.count.setValue(1)
    qtbot.keyClick(library.list, Qt.Key.Key_Return)  # Enter adds the chosen template
    names = sorted(c.name for c in session.combatants.values())
    assert names == sorted([BOSS, *(f"{BEAR} {n}" for n in range(1, 5))])
    assert window.controller.stack.count() == 3, "the team, the bears in one step, the boss"

    def save(dialog: QDialog) -> None:
        assert isinstance(dialog, SaveEncounterDialog)
        dialog.name.setText(DEN)
        dialog.accept()

    answer_dialog(qtbot, save)
    library.buttons["save_encounter"].click()
    (den,) = window.library.entries("encounter")
    assert den.name == DEN and len(den.teams[0].members) == 5

    # A new session from the encounter, with the party.
    def start(dialog: QDialog) -> None:
        assert isinstance(dialog, StartFromEncounterDialog)
        dialog.party.setCurrentIndex(dialog.party.findData(campaign))
        discard(qtbot)
        dialog.accept()

    answer_dialog(qtbot, start)
    trigger(window, "actionNewFromEncounter")
    session = window.controller.session
    assert session.name == DEN and session.options.campaign == campaign
    assert sorted(c.name for c in session.combatants.values()) == sorted(
        [*names, "Art", "Brandon", "James", "Katie"]
    )
    # Fight: back in the main window, start; Brandon is hurt.
    qtbot.keyClick(library, Qt.Key.Key_Escape)
    assert not library.isVisible()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    answer_dialog(qtbot, lambda dialog: dialog.accept())
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert fighting(session)
    brandon = next(c for c in session.combatants.values() if c.name == "Brandon")
    window.initiative.select([brandon.id])

    def six(dialog: QDialog) -> None:
        find(dialog, QSpinBox, "amountSpin").setValue(6)
        dialog.accept()

    answer_dialog(qtbot, six)
    qtbot.keyClick(window.initiative, Qt.Key.Key_D)
    assert session.combatants[brandon.id].hp == brandon.hp - 6
    after_fight = party_state(session)

    # Next encounter: the fight ends first (no leftovers here), the den comes again, and
    # the party is as the fight left it, here and in the library.
    answer_dialog(qtbot, lambda dialog: dialog.accept())
    trigger(window, "actionNextEncounter")
    assert not fighting(session)
    assert party_state(session) == after_fight
    enemies = [c.name for c in session.combatants.values() if c.name.startswith(BEAR)]
    assert len(enemies) == 4 and len(session.teams) == 2
    (kept,) = window.library.entries("party")
    hurt = next(m for m in kept.teams[0].members if m.name == "Brandon")
    assert hurt.hp == session.combatants[brandon.id].hp, "the campaign keeps the wound"

    # Rest: HP back, ammunition left alone, one undoable step.
    def rest(dialog: QDialog) -> None:
        assert isinstance(dialog, RestDialog)
        dialog.ammunition.setChecked(False)
        dialog.accept()

    steps = window.controller.stack.count()
    answer_dialog(qtbot, rest)
    qtbot.keyClick(
        window,
        Qt.Key.Key_R,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert window.controller.stack.count() == steps + 1
    rested = session.combatants[brandon.id]
    assert rested.hp == rested.max_hp
    (kept,) = window.library.entries("party")
    assert next(m for m in kept.teams[0].members if m.name == "Brandon").hp == rested.max_hp
    reopens(window)
    window.controller.stack.undo()
    assert session.combatants[brandon.id].hp == brandon.hp - 6
    # The rest undone is undone in the campaign too: the next fight starts from the wound.
    (kept,) = window.library.entries("party")
    assert next(m for m in kept.teams[0].members if m.name == "Brandon").hp == brandon.hp - 6
    window.controller.stack.redo()
    (kept,) = window.library.entries("party")
    assert next(m for m in kept.teams[0].members if m.name == "Brandon").hp == rested.max_hp


def test_cancelling_next_encounter_leaves_the_fight_running(
    qtbot: QtBot, window: MainWindow
) -> None:
    from futurepath_desktop.session.library import encounter_template

    session = window.controller.session
    window.library.save(encounter_template(session, ["bears"], DEN))
    answer_dialog(qtbot, lambda dialog: dialog.accept())
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert fighting(session)
    steps = window.controller.stack.count()

    def cancel(dialog: QDialog) -> None:
        assert isinstance(dialog, StartFromEncounterDialog)
        assert not dialog.party.isVisibleTo(dialog), "the party is the session's own"
        dialog.reject()

    answer_dialog(qtbot, cancel)
    trigger(window, "actionNextEncounter")
    assert fighting(session) and window.controller.stack.count() == steps


def bear_and_art(qtbot: QtBot, window: MainWindow) -> LibraryWindow:
    """A monster and a character in the library, and its window open."""
    from futurepath_desktop.session.library import combatant_template

    session = window.controller.session
    window.library.save(combatant_template(session.combatants["bear-1"], "monster"))
    window.library.save(combatant_template(session.combatants["art"], "character"))
    return open_library(qtbot, window)


def test_a_monster_goes_to_the_other_side_and_a_character_to_the_players(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    library = bear_and_art(qtbot, window)
    side_of = {t.id: t.side for t in session.teams.values()}

    def into(name: str) -> str:
        choose(library, name)
        return side_of[library.team.currentData()]

    assert into("Space Bear 1") not in ("players", "allies")
    assert into("Art") == "players"
    # Once the GM picks a team on the monster's side, it stays chosen.
    enemies = [t for t in session.teams.values() if t.side not in ("players", "allies")]
    choose(library, "Space Bear 1")
    library.team.setCurrentIndex(library.team.findData(enemies[-1].id))
    choose(library, "Space Bear 1")
    assert library.team.currentData() == enemies[-1].id


def test_a_bear_saved_with_its_number_comes_back_as_the_next_bear(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Space Bear 1 saved from the fight and added back beside the four bears, once and
    then twice at a go: Space Bear 5, then 6 and 7, each named so in the log."""
    session = window.controller.session
    library = bear_and_art(qtbot, window)
    choose(library, "Space Bear 1")
    library.team.setCurrentIndex(library.team.findData("bears"))
    library.add_chosen()
    library.count.setValue(2)
    library.add_chosen()
    bears = sorted(c.name for c in session.combatants.values() if c.team_id == "bears")
    assert bears == [f"Space Bear {n}" for n in range(1, 8)]
    stack = window.controller.stack
    assert [stack.text(stack.index() - 2), stack.text(stack.index() - 1)] == [
        "Add Space Bear 5 from the library",
        "Add Space Bear 6 and Space Bear 7 from the library",
    ]


def test_the_library_imports_a_players_sheet_as_a_character_and_names_a_junk_file(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QFileDialog

    junk = tmp_path / "shopping.json"
    junk.write_text('{"eggs": 12}', encoding="utf-8")
    sheet = Path(__file__).resolve().parents[1] / "session" / "sheets" / "tomas-reyne.json"
    monkeypatch.setattr(
        QFileDialog, "getOpenFileNames", lambda *a, **k: ([str(sheet), str(junk)], "")
    )
    said: list[str] = []

    def warned(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox)
        said.append(dialog.text())
        dialog.accept()

    library = open_library(qtbot, window)
    answer_dialog(qtbot, warned)
    library.buttons["import_file"].click()
    (tomas,) = window.library.entries("character")
    assert tomas.name == "Tomas Reyne" and tomas.combatant is not None
    assert "shopping.json" in said[0] and "neither a library template nor" in said[0]


def test_the_library_always_has_a_chosen_row_when_one_is_shown(
    qtbot: QtBot, window: MainWindow
) -> None:
    library = bear_and_art(qtbot, window)
    library.kind.setCurrentIndex(library.kind.findData("monster"))
    chosen = library.chosen()
    assert chosen is not None and chosen.kind == "monster" and library.add.isEnabled()
    library.kind.setCurrentIndex(library.kind.findData("character"))
    chosen = library.chosen()
    assert chosen is not None and chosen.name == "Art"
    library.kind.setCurrentIndex(0)
    library.select(chosen.id)
    window.library.delete(chosen)
    library.refresh()
    after = library.chosen()
    assert after is not None and after.name == "Space Bear 1", "the row left is chosen"
