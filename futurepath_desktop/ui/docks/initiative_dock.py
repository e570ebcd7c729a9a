"""InitiativeDock: the team initiative tree, with multi-selection for group actions."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelectionModel, QPoint, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHeaderView,
    QMenu,
    QWidget,
)

from futurepath_desktop.core.actions import ACTIONS, ActionType
from futurepath_desktop.ui.docks.panel import panel_body
from futurepath_desktop.ui.fusion_metrics import SMALL_ICON_SIZE, TITLE_BAR_HEIGHT
from futurepath_desktop.ui.models.health_reading import health_reading
from futurepath_desktop.ui.models.initiative_cells import (
    HEALTH,
    INIT,
    NAME,
    STATUS,
    TURN,
    name_words,
)
from futurepath_desktop.ui.models.initiative_model import InitiativeModel
from futurepath_desktop.ui.models.roles import ID_ROLE, KIND_ROLE
from futurepath_desktop.ui.widgets.columns import HandSized, bold, fitting_width
from futurepath_desktop.ui.widgets.health_bar import HealthBarDelegate
from futurepath_desktop.ui.widgets.initiative_delegate import InitiativeDelegate
from futurepath_desktop.ui.widgets.initiative_view import InitiativeView
from futurepath_desktop.ui.widgets.menu_key import open_near
from futurepath_desktop.ui.widgets.own_viewport import give_own_viewport
from futurepath_desktop.ui.widgets.row_menu import choose_row_at, light_first, menu_of

if TYPE_CHECKING:
    from futurepath_desktop.session.change import Change

READING_FIELDS = frozenset({"hp", "max_hp", "temp_hp", "health", "max_health", "fatigue"})
"""The fields a health reading is made of."""
WIDEST_READING = "999/999 +9"
"""The Health column grows no wider than this reading: a longer one (five-figure hit
points) is cut short in its cell, whole in its tip, rather than squeeze the Status."""

FULL_ROUND_WORDS = sorted(
    {
        word
        for name, spec in ACTIONS.items()
        if spec.type is ActionType.FULL_ROUND
        for word in name.split()
    }
)
"""The words of the full-round actions' names, which a turn's summary shows."""


class InitiativeDock(QDockWidget):
    """Teams in acting order, the acting one highlighted, members with health and flags."""

    selectionChanged = Signal()

    def __init__(
        self, model: InitiativeModel, actions: Sequence[QAction], parent: QWidget | None = None
    ) -> None:
        super().__init__("Team Initiative", parent)
        self.setObjectName("initiativeDock")
        self.model = model
        body, layout = panel_body("initiativeTools", actions)
        self.view = InitiativeView()
        give_own_viewport(self.view)  # the window watches it for the first paint
        self.view.setObjectName("initiativeView")
        self.view.setAccessibleName("Teams in acting order")
        self.view.setAccessibleDescription(
            "Each team with its initiative and who stands; under it, each member's health, "
            "status and turn. The acting team's row says acting."
        )
        self.view.setModel(model)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setAlternatingRowColors(False)
        self.view.setUniformRowHeights(True)
        self.view.setAllColumnsShowFocus(True)
        self.view.setIndentation(14)
        # Two lines a row: the status and the turn wrap their words rather than lose them
        # on a laptop's narrow panel (the health bar's row was nearly that tall anyway).
        self.view.setWordWrap(True)
        self.delegates = (
            InitiativeDelegate(self.view),
            HealthBarDelegate(model.palette, self.view),
        )
        self.view.setItemDelegate(self.delegates[0])
        self.view.setItemDelegateForColumn(HEALTH, self.delegates[1])
        first_frame = getattr(parent, "first_painted", None)  # the window's
        if first_frame is not None:
            for delegate in self.delegates:
                first_frame.connect(delegate.go_fast)
            first_frame.connect(self.view.go_fast)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Interactive)
        # No ResizeToContents anywhere: it measures every row on every change.
        header.setSectionResizeMode(INIT, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(HEALTH, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(STATUS, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(TURN, QHeaderView.ResizeMode.Interactive)
        self._compact = True  # the window's layout measures the columns (500 rows: 30 ms)
        self.hand_sized = HandSized(header)
        layout.addWidget(self.view)
        self.setWidget(body)
        self.view.selectionModel().selectionChanged.connect(lambda *_: self.selectionChanged.emit())
        model.modelReset.connect(self._after_reset)
        self._remembered: list[str] = []
        self._remembered_teams: list[str] = []
        self._offered: list[QAction | None] = []
        model.modelAboutToBeReset.connect(self._remember)
        model.controller.changed.connect(self._readings_grew)
        self.view.expandAll()

    def fit_columns(self, compact: bool | None = None) -> None:
        """Columns as wide as their words: the names and health readings in the session,
        a score; the turn column wraps to two lines on a laptop. The status takes the rest.
        (Measured again when someone joins or leaves; a column the GM sized keeps its width.)"""
        if compact is not None:
            self._compact = compact
        view, header = self.view, self.view.header()
        model = self.model
        # The words the cells will show, read from the session rather than asked of the
        # model: a cell worked out for each of 500 combatants took tens of milliseconds
        # at start-up, for words that these two calls give directly.
        session = model.session
        names = {name_words(c) for c in session.combatants.values()}
        health = {health_reading(session, c)[1] for c in session.combatants.values()}
        teams = [t.name for t in model.session.teams.values()]
        indent = view.indentation()
        icon = SMALL_ICON_SIZE + 4
        heavy = bold(view.font())
        faces = icon if any(c.portrait for c in model.session.combatants.values()) else 0
        name = max(
            fitting_width(view, header, "Name", ["Space Bear 4", *names], extra=2 * indent + faces),
            fitting_width(view, header, "Name", teams, font=heavy, extra=indent + icon),
        )
        fit = self.hand_sized.resize
        fit(NAME, min(name, 170 if self._compact else 260))
        rule = model.session.options.initiative
        scores = {str(c.initiative(rule)) for c in model.session.combatants.values()}
        scores |= {str(t.initiative) for t in model.session.teams.values() if t.initiative}
        fit(INIT, fitting_width(view, header, "Init", ["99", *scores], font=heavy))
        fit(HEALTH, self._health_width(health))
        # Every word a turn's summary may hold, each whole on its line ("Combat Technique"
        # on two lines rather than "Combat Techniq…"; the tip has it all anyway).
        turn = ["standard", "(attack),", "✓ done", "readied", "delaying", *FULL_ROUND_WORDS]
        if not self._compact:
            turn.append("standard (attack)")
        fit(TURN, fitting_width(view, header, "This turn", turn))

    def _health_width(self, readings: Iterable[str]) -> int:
        """The Health column's width for ``readings``, up to ``WIDEST_READING``'s: the bar
        draws its numbers 4 px in from each side."""
        view, header = self.view, self.view.header()
        most = fitting_width(view, header, "Health", [WIDEST_READING], extra=8)
        return min(fitting_width(view, header, "Health", ["99/99", *readings], extra=8), most)

    def _readings_grew(self, change: Change) -> None:
        """A health reading grown past its column ("18/18 +5" once temporary HP came,
        a fourth digit) widens the column; the rest wait for the next fit."""
        session = self.model.session
        header = self.view.header()
        touched = [
            session.combatants[ident]
            for ident, fields in change.fields.get("combatants", {}).items()
            if fields & READING_FIELDS and ident in session.combatants
        ]
        if not touched or HEALTH in self.hand_sized.columns:
            return
        readings = [health_reading(session, c)[1] for c in touched]
        wanted = self._health_width(readings)
        if wanted > header.sectionSize(HEALTH):
            self.hand_sized.resize(HEALTH, wanted)

    def offer(self, actions: Sequence[QAction | None]) -> None:
        """What a right-click on a row offers (None: a separator)."""
        self._offered = list(actions)
        self.view.rowMenuRequested.connect(self._context_menu)

    def context_menu(self) -> QMenu:
        """The right-click menu as it is now: the entries that can be used."""
        return menu_of(self.view, "initiativeMenu", self._offered)

    def _context_menu(self, at: QPoint) -> None:
        choose_row_at(self.view, at)
        menu = self.context_menu()
        if menu.actions():
            self._title(menu)
            if self.view.menu_by_keys:
                light_first(menu)
            open_near(menu, self.view.viewport().mapToGlobal(at))
        menu.deleteLater()

    def _title(self, menu: QMenu) -> None:
        """Whose menu it is, first: the row's name (a combatant's or a team's), or how
        many combatants the selection holds."""
        rows = self.view.selectionModel().selectedRows(0)
        names = [str(row.data(Qt.ItemDataRole.DisplayRole) or "") for row in rows]
        many = len(self.selected_ids())
        title = names[0] if len(names) == 1 else f"{many} combatants" if many > 1 else ""
        if title:
            menu.insertSection(menu.actions()[0], title)

    def menu_for(self, combatant_id: str, at: QPoint) -> None:
        """The right-click menu of a combatant's row, opened elsewhere (on its map token)
        at the screen point ``at``: the combatant is selected first, as a click would."""
        self.select([combatant_id])
        menu = self.context_menu()
        if menu.actions():
            self._title(menu)  # opened on the map, away from the row: whose menu it is
            open_near(menu, at)
        menu.deleteLater()

    def wanted_height(self, width: int) -> int:
        """How tall the panel must be, ``width`` wide, to show every row without scrolling."""
        view = self.view
        rows = self.model.rowCount() + sum(
            self.model.rowCount(self.model.index(row, 0)) for row in range(self.model.rowCount())
        )
        row = view.sizeHintForRow(0) if rows else 0
        tools = self.findChild(QWidget, "initiativeTools")
        tool_height = tools.heightForWidth(width) if tools is not None else 0
        return (
            rows * row
            + view.header().sizeHint().height()
            + 2 * view.frameWidth()
            + tool_height
            + TITLE_BAR_HEIGHT
            + 16  # the panel's margins and spacing
        )

    def _remember(self) -> None:
        self._remembered = self.selected_ids(expand_teams=False)
        rows = self.view.selectionModel().selectedRows(0)
        current = self.view.currentIndex().siblingAtColumn(0)
        teams = [i for i in rows if i.data(KIND_ROLE) == "team"]
        # The current row first: it is the one the next action works on.
        teams.sort(key=lambda i: i != current)
        self._remembered_teams = [str(i.data(ID_ROLE)) for i in teams]

    def _after_reset(self) -> None:
        self.view.expandAll()
        self.fit_columns()
        self.select(self._remembered)
        selection = self.view.selectionModel()
        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        for n, team_id in enumerate(self._remembered_teams):
            index = self.model.team_index_of(team_id)
            if index.isValid():  # a team row selected stays selected (moved, reordered)
                if n == 0 and not self._remembered:
                    selection.setCurrentIndex(index, flags)
                else:
                    selection.select(index, flags)

    def selected_ids(self, *, expand_teams: bool = True) -> list[str]:
        """The selected combatants; a selected team stands for all its present members."""
        found: list[str] = []
        for index in self.view.selectionModel().selectedRows(0):
            if index.data(KIND_ROLE) == "combatant":
                found.append(index.data(ID_ROLE))
            elif expand_teams:
                for row in range(self.model.rowCount(index)):
                    child = self.model.index(row, 0, index)
                    combatant = self.model.combatant_at(child)
                    if combatant is not None and combatant.present:
                        found.append(combatant.id)
        return list(dict.fromkeys(found))

    def current_id(self) -> str | None:
        """The combatant with the keyboard focus, if any."""
        index = self.view.currentIndex()
        return (
            index.data(ID_ROLE)
            if index.isValid() and index.data(KIND_ROLE) == "combatant"
            else None
        )

    def select(self, ids: Sequence[str]) -> None:
        """Select these combatants or teams (the first becomes current, in sight)."""
        selection = self.view.selectionModel()
        selection.clearSelection()
        for n, ident in enumerate(ids):
            index = self.model.index_of(ident)
            if not index.isValid():
                continue
            flags = (
                QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
            )
            if n == 0:
                selection.setCurrentIndex(index, flags)
            else:
                selection.select(index, flags)
