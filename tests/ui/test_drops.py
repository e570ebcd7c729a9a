"""Files dropped on the window: a session opens (asking about unsaved changes first), a
picture on the map lays it under the grid, a picture on a combatant's row becomes their
portrait, sheets on the initiative panel join the players; anything else is refused with a
word why, and nothing is taken while a dialog waits. Each change is one undoable step."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.session import store
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.state import MapState
from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.conftest import answer_dialog, collect_report
from tests.ui.portrait_files import picture
from tests.ui.test_import_characters import SHEETS
from tests.ui.test_portraits import row_of, saved_beside
from tests.ui.test_team_actions import reopens


def drop(widget: QWidget, files: list[Path] | list[QUrl], at: QPoint | None = None) -> bool:
    """Drag files over ``widget`` and drop them at ``at`` (its middle); whether the drag
    was accepted (a refused one is not dropped)."""
    mime = QMimeData()
    mime.setUrls([f if isinstance(f, QUrl) else QUrl.fromLocalFile(str(f)) for f in files])
    where = at if at is not None else widget.rect().center()
    copy, left, plain = (
        Qt.DropAction.CopyAction,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    enter = QDragEnterEvent(QPointF(where), copy, mime, left, plain)
    QApplication.sendEvent(widget, enter)
    if not enter.isAccepted():
        return False
    QApplication.sendEvent(widget, QDropEvent(QPointF(where), copy, mime, left, plain))
    return True


def the_map(window: MainWindow) -> MapState:
    grid = window.controller.session.map
    assert grid is not None
    return grid


def status(window: MainWindow) -> str:
    return window.statusBar().currentMessage()


def test_a_session_dropped_on_the_window_opens_after_asking_about_changes(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    other = demo_session()
    other.name = "The other fight"
    path = tmp_path / "other.fpsession"
    store.save_session(other, path)
    ident = next(iter(window.controller.session.combatants))
    window.initiative.select([ident])
    assert window.controller.push(c.Damage((ident,), 1))  # a change not saved
    asked: list[str] = []

    def discard(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox)
        asked.append(dialog.text())
        dialog.done(QMessageBox.StandardButton.Discard)

    answer_dialog(qtbot, discard)
    assert drop(window, [path])
    qtbot.waitUntil(lambda: window.controller.path == path)
    assert asked and "Save the changes" in asked[0]
    assert window.controller.session.name == "The other fight"


def test_a_picture_dropped_on_the_map_lies_under_the_grid_until_undone(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    saved_beside(window, tmp_path)
    bay = picture(tmp_path / "campaign" / "maps" / "bay.jpg", size=(280, 180))
    assert the_map(window).background is None
    assert drop(window.map.view.viewport(), [bay])
    qtbot.waitUntil(lambda: the_map(window).background is not None)
    assert the_map(window).background == "maps/bay.jpg"
    assert not window.map.scene.background.isNull()
    reopens(window)
    window.controller.stack.undo()
    assert the_map(window).background is None


def test_a_picture_dropped_on_a_combatant_becomes_their_portrait(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    saved_beside(window, tmp_path)
    face = picture(tmp_path / "faces" / "bear.png")  # a folder beside the session's
    session = window.controller.session
    ident = list(session.combatants)[-1]
    view = window.initiative.view
    view.expandAll()
    at = view.visualRect(row_of(window, ident)).center()
    assert drop(view.viewport(), [face], at)
    qtbot.waitUntil(lambda: session.combatants[ident].portrait is not None)
    assert session.combatants[ident].portrait == "../faces/bear.png"
    assert sum(1 for c in session.combatants.values() if c.portrait) == 1  # theirs only
    window.controller.stack.undo()
    assert session.combatants[ident].portrait is None


def test_a_picture_dropped_on_a_team_or_an_unsaved_session_is_refused_with_a_word(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    face = picture(tmp_path / "face.png")
    session = window.controller.session
    before = store.encode(session)
    view = window.initiative.view
    team = window.initiative_model.index(0, 0)
    assert drop(view.viewport(), [face], view.visualRect(team).center())
    qtbot.waitUntil(lambda: "on a combatant" in status(window))
    # On the map, but the session has no file yet for the picture to be kept beside.
    assert drop(window.map.view.viewport(), [face])
    qtbot.waitUntil(lambda: "Save the session first" in status(window))
    assert store.encode(session) == before


def test_sheets_dropped_on_the_initiative_panel_join_the_players(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    before, steps = set(session.combatants), window.controller.stack.count()
    said = collect_report(qtbot)
    assert drop(window.initiative.view.viewport(), sorted(SHEETS.glob("*.json")))
    qtbot.waitUntil(lambda: bool(said))
    new = {session.combatants[i].name for i in set(session.combatants) - before}
    assert new == {"Tomas Reyne", "Vela Korsan"} and "2 joined" in said[0]
    assert window.controller.stack.count() == steps + 1
    window.controller.stack.undo()
    assert set(session.combatants) == before


def test_anything_else_is_refused_with_a_word_and_changes_nothing(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("bears like honey")
    before = store.encode(window.controller.session)
    assert drop(window.initiative.view.viewport(), [notes])
    qtbot.waitUntil(
        lambda: "notes.txt is not a session, a picture or a character sheet" in status(window)
    )
    assert drop(window, [QUrl("https://example.org/bear.png")])
    qtbot.waitUntil(lambda: "not a file on this computer" in status(window))
    assert store.encode(window.controller.session) == before


def test_nothing_is_taken_while_a_dialog_waits(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "other.fpsession"
    store.save_session(demo_session(), path)
    refused: list[bool] = []

    def try_while_open(dialog: QDialog) -> None:
        refused.append(not drop(window, [path]))
        refused.append(not drop(window.map.view.viewport(), [path]))
        dialog.reject()

    answer_dialog(qtbot, try_while_open)
    QMessageBox.information(window, "A dialog", "waiting")
    assert refused == [True, True]
    assert window.controller.path is None
