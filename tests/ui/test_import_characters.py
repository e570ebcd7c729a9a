"""File ▸ Import Characters…: the players' sheets become combatants of their team in one
undoable step, the conditions their sheets tick with them, and a report says what was
read; a file that is no sheet is named in the report and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.conftest import answer_dialog
from tests.ui.test_team_actions import reopens

SHEETS = Path(__file__).resolve().parents[1] / "session" / "sheets"


def choose(monkeypatch: pytest.MonkeyPatch, paths: list[Path]) -> None:
    """The file dialog answers with these files, as a GM would pick them."""
    monkeypatch.setattr(
        QFileDialog, "getOpenFileNames", lambda *a, **k: ([str(p) for p in paths], "")
    )


def test_the_sample_sheets_join_the_players_in_one_step(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = window.controller.session
    before, steps = set(session.combatants), window.controller.stack.count()
    choose(monkeypatch, sorted(SHEETS.glob("*.json")))
    said: list[str] = []

    def report(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox)
        said.append(dialog.text() + "\n" + dialog.informativeText())
        dialog.accept()

    answer_dialog(qtbot, report)
    window.actions_by_name["actionImportCharacters"].trigger()
    new = [session.combatants[i] for i in set(session.combatants) - before]
    assert sorted(c.name for c in new) == ["Tomas Reyne", "Vela Korsan"]
    assert {c.team_id for c in new} == {"players"} and {c.kind for c in new} == {"pc"}
    assert window.controller.stack.count() == steps + 1, "one step"
    tomas = next(c for c in new if c.name == "Tomas Reyne")
    assert [h.key for h in session.conditions.values() if h.bearer_id == tomas.id] == ["shaken"]
    assert "2 joined Players" in said[0] and "Vela Korsan: HP 9/9, AC 15" in said[0]
    reopens(window)
    window.controller.stack.undo()
    assert set(session.combatants) == before


def test_a_file_that_is_no_sheet_is_named_and_changes_nothing(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    junk = tmp_path / "shopping.json"
    junk.write_text('{"milk": 2}', encoding="utf-8")
    choose(monkeypatch, [junk])
    steps = window.controller.stack.count()
    said: list[str] = []

    def report(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox)
        said.append(dialog.text() + dialog.informativeText())
        dialog.accept()

    answer_dialog(qtbot, report)
    window.actions_by_name["actionImportCharacters"].trigger()
    assert window.controller.stack.count() == steps
    assert "shopping.json" in said[0] and "not a Future Path character sheet" in said[0]
