"""Files dropped on the main window: a session opens (as File ▸ Open opens it, asking to
save unsaved changes first), a picture dropped on the map lays it under the grid and one
dropped on a combatant's row becomes its portrait, and character sheets join the players'
team (as File ▸ Import Characters…). Anything else is refused with a word why; nothing is
taken while a dialog waits for an answer."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, QTimer
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QWidget

from futurepath_desktop.session.store import EXTENSION
from futurepath_desktop.ui.models.roles import ID_ROLE, KIND_ROLE
from futurepath_desktop.ui.portraits import PICTURE_SUFFIXES

if TYPE_CHECKING:
    from PySide6.QtCore import QUrl

    from futurepath_desktop.ui.main_window import MainWindow

SHEET_SUFFIX = ".json"
DRAGS = (QEvent.Type.DragEnter, QEvent.Type.DragMove)
PICTURE_WHERE = (
    "Drop a picture on the map to lay it under the grid, or on a combatant in the "
    "Team Initiative panel for their portrait"
)


def install(window: MainWindow) -> None:
    """Take drops on the window (its map and initiative list too), and offer the portrait
    actions only while they can be used."""
    from futurepath_desktop.ui import picture_prompts

    Drops(window)
    picture_prompts.follow_selection(window)


class Drops(QObject):
    """Watches the window, the map's and the initiative list's viewports for drops (each
    of those would otherwise take a drop itself, or refuse it for the window)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.map_area = window.map.view.viewport()
        self.list_area = window.initiative.view.viewport()
        for widget in (window, self.map_area, self.list_area):
            widget.setAcceptDrops(True)
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Accept a drag of files (unless a dialog is open), and act on the drop once the
        drag is over (a dialog opened inside the drop would hold the dragging program)."""
        kind = event.type()
        if kind not in DRAGS and kind != QEvent.Type.Drop:
            return super().eventFilter(watched, event)
        assert isinstance(event, QDropEvent)  # QDragEnterEvent and QDragMoveEvent are ones
        urls = event.mimeData().urls() if event.mimeData().hasUrls() else []
        if not urls or QApplication.activeModalWidget() is not None:
            event.ignore()
            return True
        event.acceptProposedAction()
        if kind == QEvent.Type.Drop and isinstance(watched, QWidget):
            at = event.position().toPoint()
            QTimer.singleShot(0, self, lambda: self.take(urls, watched, at))
        return True

    def take(self, urls: list[QUrl], where: QWidget, at: QPoint) -> bool:
        """Do what the dropped files ask: open, lay a background, set a portrait, import
        sheets; or say why not. Whether something was done."""
        window = self.window
        remote = [u for u in urls if not u.isLocalFile()]
        if remote:
            return self.refuse(f"{remote[0].toString()} is not a file on this computer")
        files = [Path(u.toLocalFile()) for u in urls]
        kinds = {_kind(f) for f in files}
        if kinds == {"sheet"}:
            from futurepath_desktop.ui.character_prompts import import_characters

            return import_characters(window, [str(f) for f in files])
        odd = next((f for f in files if _kind(f) == ""), None)
        if odd is not None:
            return self.refuse(f"{odd.name} is not a session, a picture or a character sheet")
        if len(files) > 1:
            return self.refuse("Drop one session or one picture at a time")
        file = files[0]
        if kinds == {"session"}:
            return window.files.open_path(file)
        if where is self.map_area:
            return window.map.lay_background(str(file))
        ident = self.combatant_at(where, at)
        if ident is None:
            return self.refuse(PICTURE_WHERE)
        from futurepath_desktop.ui.picture_prompts import set_portrait_file

        return set_portrait_file(window, ident, str(file))

    def combatant_at(self, where: QWidget, at: QPoint) -> str | None:
        """The combatant whose row is at ``at`` in the initiative list, if that is where."""
        if where is not self.list_area:
            return None
        index = self.window.initiative.view.indexAt(at)
        if not index.isValid() or index.data(KIND_ROLE) != "combatant":
            return None
        return str(index.data(ID_ROLE))

    def refuse(self, why: str) -> bool:
        self.window.controller.failed.emit(why)
        return False


def _kind(file: Path) -> str:
    """``session``, ``picture`` or ``sheet`` by the file's name; "" for anything else."""
    suffix = file.suffix.lower()
    if suffix == EXTENSION:
        return "session"
    if suffix in PICTURE_SUFFIXES:
        return "picture"
    return "sheet" if suffix == SHEET_SUFFIX else ""
