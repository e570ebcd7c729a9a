"""Portraits from the window: Roster ▸ Set Portrait… keeps the picture relative to the
session file, the initiative list, the inspector, the token and the player view show it,
Remove Portrait and Undo take it away, and a missing picture shows as none."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QFileDialog, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.player_info import player_info
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.initiative_cells import NAME
from futurepath_desktop.ui.models.roles import DECORATION, ID_ROLE
from futurepath_desktop.ui.player_view import PlayerView
from tests.ui.portrait_files import MAGENTA, near, picture
from tests.ui.test_team_actions import reopens


def saved_beside(window: MainWindow, tmp_path: Path) -> Path:
    """Give the window's session a file (pictures are kept relative to it)."""
    path = tmp_path / "campaign" / "fight.fpsession"
    path.parent.mkdir(parents=True, exist_ok=True)
    window.controller.set_path(path)
    return path


def row_of(window: MainWindow, ident: str) -> QModelIndex:
    model = window.initiative_model
    for team_row in range(model.rowCount()):
        team = model.index(team_row, 0)
        for row in range(model.rowCount(team)):
            index = model.index(row, NAME, team)
            if index.data(ID_ROLE) == ident:
                return index
    raise AssertionError(f"no row for {ident}")


def choose_file(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))


def test_set_portrait_keeps_the_picture_relative_and_every_view_shows_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = window.controller.session
    saved_beside(window, tmp_path)
    face = picture(tmp_path / "campaign" / "faces" / "katie.png")
    ident, other = list(session.combatants)[:2]
    window.initiative.select([ident])
    assert not window.actions_by_name["actionRemovePortrait"].isEnabled()  # none yet
    choose_file(monkeypatch, face)
    header = window.initiative.view.header()
    narrow = header.sectionSize(NAME)
    window.actions_by_name["actionSetPortrait"].trigger()
    assert header.sectionSize(NAME) > narrow  # room for the picture beside the names
    assert session.combatants[ident].portrait == "faces/katie.png"
    # The list: an icon on the name, and the row no taller than one without.
    icon = row_of(window, ident).data(DECORATION)
    assert isinstance(icon, QIcon) and not icon.isNull()
    assert row_of(window, other).data(DECORATION) is None
    view = window.initiative.view
    assert (
        view.visualRect(row_of(window, ident)).height()
        == view.visualRect(row_of(window, other)).height()
    )
    # The inspector: the picture beside the name.
    label = window.inspector.portrait
    assert label.isVisible()
    shown = label.pixmap().toImage()
    assert near(shown.pixelColor(shown.width() // 2, shown.height() // 2), MAGENTA)
    # The token's look names the file.
    assert window.map.scene.tokens[ident].look.portrait == str(face)
    reopens(window)
    # Remove Portrait, offered now, takes it away; Undo brings it back.
    assert window.actions_by_name["actionRemovePortrait"].isEnabled()
    window.actions_by_name["actionRemovePortrait"].trigger()
    assert session.combatants[ident].portrait is None
    assert not label.isVisible() and row_of(window, ident).data(DECORATION) is None
    remove = window.actions_by_name["actionRemovePortrait"]
    assert not remove.isEnabled()  # nothing left to remove
    window.controller.stack.undo()
    assert session.combatants[ident].portrait == "faces/katie.png" and label.isVisible()
    assert remove.isEnabled()  # back with the picture, with the selection untouched
    window.actions_by_name["actionNextTurn"].trigger()  # a command that leaves pictures be
    assert remove.isEnabled()
    window.controller.stack.undo()
    window.controller.stack.undo()
    assert session.combatants[ident].portrait is None and not remove.isEnabled()


def test_the_portrait_actions_want_exactly_one_combatant(qtbot: QtBot, window: MainWindow) -> None:
    ids = list(window.controller.session.combatants)[:2]
    window.initiative.select(ids)
    choose = window.actions_by_name["actionSetPortrait"]
    assert not choose.isEnabled()
    assert choose not in window.initiative.context_menu().actions()
    window.initiative.select(ids[:1])
    assert choose.isEnabled() and choose in window.initiative.context_menu().actions()


def test_an_unsaved_session_asks_to_be_saved_first(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert window.controller.path is None
    asked: list[bool] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: asked.append(True))
    ident = next(iter(window.controller.session.combatants))
    window.initiative.select([ident])
    window.actions_by_name["actionSetPortrait"].trigger()
    assert not asked and "Save the session first" in window.statusBar().currentMessage()
    assert window.controller.session.combatants[ident].portrait is None


def test_a_missing_picture_shows_as_none_and_the_session_still_reopens(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    saved_beside(window, tmp_path)
    ident = next(iter(window.controller.session.combatants))
    window.initiative.select([ident])
    assert window.controller.push(c.SetPortrait(ident, "faces/gone.png"))
    assert row_of(window, ident).data(DECORATION) is None
    assert not window.inspector.portrait.isVisible()
    token = window.map.scene.tokens.get(ident)
    if token is not None:
        assert not token.pixmap().isNull()  # drawn, as a disc without a picture
    window.map.view.viewport().grab()  # painting it does not fail either
    reopens(window)


def test_the_player_view_shows_portraits_only_of_whom_it_lists(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """R61: a hidden enemy is not in the players' list, so neither is its picture."""
    saved_beside(window, tmp_path)
    session = window.controller.session
    face = picture(tmp_path / "campaign" / "face.png")
    del face
    view = PlayerView(window.controller)
    qtbot.addWidget(view)
    view.show()
    listed = {m.id for t in player_info(session).teams for m in t.members}
    hidden_enemy = "bear-4"
    assert hidden_enemy in listed
    for ident in (hidden_enemy, "brandon"):
        assert window.controller.push(c.SetPortrait(ident, "face.png"))
    assert window.controller.push(c.AddCondition((hidden_enemy,), "hidden"))
    assert hidden_enemy not in {m.id for t in player_info(session).teams for m in t.members}
    rows: dict[str, QTreeWidgetItem] = {}
    for n in range(view.tree.topLevelItemCount()):
        item = view.tree.topLevelItem(n)
        assert item is not None
        rows[item.text(0).strip()] = item
    name = session.combatants[hidden_enemy].name
    assert not any(name in text for text in rows), "the hidden enemy is not listed"
    pictured = [text for text, item in rows.items() if not item.icon(0).isNull()]
    brandon = next(text for text in rows if text.startswith("Brandon"))
    assert brandon in pictured  # a friend who hides is still listed, picture and all
    # Every member row carries an icon (a blank for those without a picture, so the names
    # line up); only Brandon's has magenta in it.
    coloured = []
    for text in pictured:
        image = rows[text].icon(0).pixmap(16, 16).toImage()
        if near(image.pixelColor(8, 8), MAGENTA):
            coloured.append(text)
    assert coloured == [brandon]
    assert hidden_enemy not in view.map_scene.tokens
    view.close()
