"""LibraryDialog: pick a prepared template to add to the session."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QWidget,
)

from futurepath_desktop.session.library import Library, Template
from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.dialogs import ok_cancel


class LibraryDialog(QDialog):
    """The library's templates, and the team a combatant template joins."""

    def __init__(self, library: Library, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("libraryDialog")
        self.setWindowTitle("Add from the library")
        self.resize(420, 460)
        layout = QFormLayout(self)
        self.templates = library.entries()
        self.list = QListWidget()
        for template in self.templates:
            if template.kind == "ship":
                continue
            item = QListWidgetItem(f"{template.name}  ·  {template.kind}")
            item.setData(Qt.ItemDataRole.UserRole, template.id)
            self.list.addItem(item)
        if not self.list.count():
            layout.addRow(
                QLabel("The library is empty. Save a combatant to it from its context menu.")
            )
        layout.addRow(self.list)
        self.team = QComboBox()
        for team in session.teams.values():
            self.team.addItem(team.name, team.id)
        layout.addRow("Into team", self.team)
        layout.addRow(ok_cancel(self, "Add"))
        if self.list.count():
            self.list.setCurrentRow(0)

    def chosen(self) -> Template | None:
        """The selected template."""
        row = self.list.currentRow()
        if row < 0:
            return None
        wanted = self.list.item(row).data(Qt.ItemDataRole.UserRole)
        return next((t for t in self.templates if t.id == wanted), None)
