"""The prep library window: the templates, searched and filtered by kind, added to the
session (a template ×N to a team, an encounter, a ship, the party), edited, deleted,
imported and exported; and the encounter saved from the session's teams."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.session.library import Template
from futurepath_desktop.session.numbering import MOST_AT_ONCE
from futurepath_desktop.session.sides import FRIENDLY_SIDES
from futurepath_desktop.ui.dialogs.prep_dialogs import named
from futurepath_desktop.ui.library_model import (
    FILTERS,
    KIND_LABELS,
    TEMPLATE_ID,
    LibraryFilter,
    library_rows,
)
from futurepath_desktop.ui.widgets.number_box import NumberBox

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow


def details(template: Template) -> str:
    """A template as the window's side panel shows it (HTML; every name escaped)."""
    from futurepath_desktop.session.sheet_cli import summary

    lines = [f"<h3>{html.escape(template.name)}</h3>", f"<i>{KIND_LABELS[template.kind]}</i>"]
    if template.combatant is not None:
        lines.append(html.escape(summary(template.combatant).partition(": ")[2]))
    for entry in template.teams:
        lines.append(f"<b>{html.escape(entry.team.name)}</b>")
        lines += [f"&nbsp;· {html.escape(summary(m))}" for m in entry.members]
    if template.conditions:
        shown = ", ".join(html.escape(h.name) for h in template.conditions)
        lines.append(f"Conditions: {shown}")
    if template.notes:
        lines.append(html.escape(template.notes))
    return "<br>".join(lines)


class LibraryWindow(QWidget):
    """The library's templates beside what the chosen one is, and the ways to use it."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window, Qt.WindowType.Window)
        self.window_ = window
        self.setObjectName("libraryWindow")
        self.setWindowTitle("Prep Library")
        self.resize(900, 560)
        self.templates: dict[str, Template] = {}
        self.search = named(QLineEdit(), "librarySearch")
        self.search.setPlaceholderText("Search by name")
        self.search.setClearButtonEnabled(True)
        self.kind = named(QComboBox(), "libraryKind")
        for kind, label in FILTERS:
            self.kind.addItem(label, kind)
        self.filter = LibraryFilter()
        self.list = named(QTreeView(), "libraryList")
        self.list.setModel(self.filter)
        # The view keeps this selection model whatever the filter shows: connected once.
        self.list.selectionModel().currentChanged.connect(self._show_chosen)
        self.list.setRootIsDecorated(False)
        self.list.setSortingEnabled(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setAlternatingRowColors(True)
        self.about = named(QLabel(), "libraryDetails")
        self.about.setWordWrap(True)
        self.about.setTextFormat(Qt.TextFormat.RichText)
        self.about.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.team = named(QComboBox(), "libraryTeam")
        self.count = named(NumberBox(), "libraryCount")
        self.count.setRange(1, MOST_AT_ONCE)
        self.count.setPrefix("× ")
        self.count.setToolTip(f"How many to add at once: 1 to {MOST_AT_ONCE}, numbered on")
        self.add = named(QPushButton("Add to Session"), "libraryAdd")
        self.add.setDefault(True)
        self.count.lineEdit().returnPressed.connect(self.add.click)  # Enter in ×N adds
        buttons = {
            "edit": ("Edit…", "Change the chosen template's name and numbers"),
            "delete": ("Delete", "Take the chosen template out of the library"),
            "import_file": (
                "Import…",
                "Copy a template file or a player's character sheet into the library",
            ),
            "export_file": ("Export…", "Write the chosen template to a file"),
            "save_encounter": ("Save Encounter…", "Keep teams of this session as an encounter"),
            "new_session": ("New Session…", "Start a new session from the chosen encounter"),
            "next_encounter": ("Next Encounter", "Swap the enemies for the chosen encounter"),
        }
        self.buttons: dict[str, QPushButton] = {}
        for name, (text, tip) in buttons.items():
            button = named(QPushButton(text), f"library_{name}")
            button.setToolTip(tip)
            self.buttons[name] = button
        self._lay_out()
        self.search.textChanged.connect(self.filter.setFilterFixedString)
        self.kind.currentIndexChanged.connect(lambda: self.filter.set_kind(self.kind.currentData()))
        # What the search and the kind leave shown: the first is chosen when nothing is.
        self.search.textChanged.connect(self._keep_one_chosen)
        self.kind.currentIndexChanged.connect(self._keep_one_chosen)
        self.list.activated.connect(self.add.click)  # Enter or a double click
        self.add.clicked.connect(self.add_chosen)
        for name, button in self.buttons.items():
            button.clicked.connect(lambda _=False, n=name: self._run(n))
        QShortcut(QKeySequence.StandardKey.Find, self, self.search.setFocus)
        QShortcut(QKeySequence(Qt.Key.Key_Delete), self.list, lambda: self._run("delete"))
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)
        self.refresh()

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.search, 3)
        top.addWidget(self.kind, 1)
        side = QWidget()
        right = QVBoxLayout(side)
        right.addWidget(self.about, 1)
        adding = QHBoxLayout()
        adding.addWidget(QLabel("Into"))
        adding.addWidget(self.team, 1)
        adding.addWidget(self.count)
        right.addLayout(adding)
        right.addWidget(self.add)
        for name in ("new_session", "next_encounter"):
            right.addWidget(self.buttons[name])
        split = QSplitter()
        split.addWidget(self.list)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        bottom = QHBoxLayout()
        for name in ("edit", "delete", "import_file", "export_file"):
            bottom.addWidget(self.buttons[name])
        bottom.addStretch(1)
        bottom.addWidget(self.buttons["save_encounter"])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        layout.addLayout(bottom)

    def refresh(self, keep: str | None = None) -> None:
        """Read the library again (and the session's teams), keeping the chosen row."""
        chosen = self.chosen()
        keep = keep or (chosen.id if chosen else None)
        entries = self.window_.library.entries()
        self.templates = {t.id: t for t in entries}
        old = self.filter.sourceModel()
        self.filter.setSourceModel(library_rows(entries))
        if old is not None:
            old.deleteLater()
        header = self.list.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.list.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.refresh_teams()
        self.select(keep)

    def refresh_teams(self) -> None:
        """The teams a combatant template may join, the players' first chosen by kind."""
        chosen = self.team.currentData()
        self.team.clear()
        for team in self.window_.controller.session.teams.values():
            self.team.addItem(team.name, team.id)
        if chosen is not None and self.team.findData(chosen) >= 0:
            self.team.setCurrentIndex(self.team.findData(chosen))
        self._show_chosen()

    def select(self, template_id: str | None) -> None:
        """Make a template the chosen one (or, when it is not shown, the first shown)."""
        for row in range(self.filter.rowCount()):
            index = self.filter.index(row, 0)
            if template_id is None or index.data(TEMPLATE_ID) == template_id:
                self.list.setCurrentIndex(index)
                return
        if template_id is not None and self.filter.rowCount():
            self.list.setCurrentIndex(self.filter.index(0, 0))
            return
        self._show_chosen()

    def _team_for(self, kind: str) -> None:
        """A character goes to the players' side and a monster to the other one, unless
        the GM has already chosen a team on that side."""
        teams = self.window_.controller.session.teams
        chosen = teams.get(self.team.currentData())
        wanted = kind == "character"
        if chosen is not None and (chosen.side in FRIENDLY_SIDES) == wanted:
            return
        for index in range(self.team.count()):
            team = teams.get(self.team.itemData(index))
            if team is not None and (team.side in FRIENDLY_SIDES) == wanted:
                self.team.setCurrentIndex(index)
                return

    def _keep_one_chosen(self) -> None:
        if not self.list.currentIndex().isValid():
            self.select(None)
        else:
            self._show_chosen()

    def chosen(self) -> Template | None:
        """The template of the current row, if one is shown."""
        index = self.list.currentIndex()
        if not index.isValid():
            return None
        return self.templates.get(index.siblingAtColumn(0).data(TEMPLATE_ID))

    def _show_chosen(self) -> None:
        template = self.chosen()
        empty = not self.templates
        self.about.setText(
            details(template)
            if template
            else "The library is empty. Save combatants to it from the initiative list, "
            "save this session's teams as an encounter, or import sheets and templates."
            if empty
            else "Nothing matches the search."
        )
        kind = template.kind if template else ""
        one = kind in ("character", "npc", "monster")
        if kind in ("character", "monster"):
            self._team_for(kind)
        self.team.setEnabled(one)
        self.count.setEnabled(one)
        self.add.setEnabled(template is not None)
        self.add.setText(
            {"encounter": "Add Encounter", "party": "Party Joins", "ship": "Add Ship"}.get(
                kind, "Add to Session"
            )
        )
        if one and template and template.combatant and template.combatant.kind == "pc":
            players = self._players_team()
            if players is not None:
                self.team.setCurrentIndex(self.team.findData(players))
        for name in ("edit", "delete", "export_file"):
            self.buttons[name].setEnabled(template is not None)
        for name in ("new_session", "next_encounter"):
            self.buttons[name].setVisible(kind == "encounter")

    def _players_team(self) -> str | None:
        teams = self.window_.controller.session.teams.values()
        return next((t.id for t in teams if t.side == "players"), None)

    def add_chosen(self) -> None:
        """Add the chosen template to the session (×N into the chosen team)."""
        from futurepath_desktop.ui import library_prompts

        template = self.chosen()
        if template is not None:
            library_prompts.add_template(
                self.window_, template, self.team.currentData(), self.count.value()
            )

    def _run(self, name: str) -> None:
        from futurepath_desktop.ui import campaign_prompts, library_prompts

        owner = campaign_prompts if name in ("new_session", "next_encounter") else library_prompts
        getattr(owner, name)(self.window_, self.chosen())
