"""The prep library as an item model for its window: one row per template (name, kind, a
short summary), filtered by kind and by a search on the name."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from futurepath_desktop.session.library import Template

KIND_LABELS: dict[str, str] = {
    "character": "Player character",
    "npc": "NPC",
    "monster": "Monster",
    "ship": "Ship",
    "encounter": "Encounter",
    "party": "Party",
}
"""Each kind of template as the library window names it."""
FILTERS: tuple[tuple[str, str], ...] = (
    ("", "Everything"),
    ("character", "Player characters"),
    ("npc", "NPCs"),
    ("monster", "Monsters"),
    ("ship", "Ships"),
    ("encounter", "Encounters"),
    ("party", "Parties"),
)
"""The kind filter's choices: (kind, label); the empty kind shows everything."""
TEMPLATE_ID = Qt.ItemDataRole.UserRole
KIND = Qt.ItemDataRole.UserRole + 1
COLUMNS = ("Name", "Kind", "Summary")


def short_summary(template: Template) -> str:
    """A few words on a template, for its row: a combatant's HP and AC, a ship's hull, who
    is in an encounter or a party."""
    if template.combatant is not None:
        who = template.combatant
        return f"HP {who.max_hp} · AC {who.ac} · {who.advantage_die}"
    if template.ship is not None:
        ship = template.ship
        return f"{ship.size.capitalize()} ship · {ship.hard_points} hard points"
    members = [m.name for entry in template.teams for m in entry.members]
    shown = ", ".join(members[:4]) + (f" and {len(members) - 4} more" if len(members) > 4 else "")
    return shown or "no one yet"


def library_rows(templates: list[Template]) -> QStandardItemModel:
    """The templates as rows, each row's first cell holding the template's id and kind."""
    model = QStandardItemModel(0, len(COLUMNS))
    model.setHorizontalHeaderLabels(list(COLUMNS))
    for template in templates:
        cells = [
            QStandardItem(template.name),
            QStandardItem(KIND_LABELS[template.kind]),
            QStandardItem(short_summary(template)),
        ]
        for cell in cells:
            cell.setEditable(False)
        cells[0].setData(template.id, TEMPLATE_ID)
        cells[0].setData(template.kind, KIND)
        model.appendRow(cells)
    return model


class LibraryFilter(QSortFilterProxyModel):
    """Rows of one kind (or all) whose name holds the search text, any case."""

    def __init__(self) -> None:
        super().__init__()
        self.kind = ""
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(0)
        self.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def set_kind(self, kind: str) -> None:
        """Show only templates of ``kind`` (empty: every kind)."""
        if hasattr(self, "beginFilterChange"):  # Qt 6.9 on: the filter's change announced
            self.beginFilterChange()
            self.kind = kind
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.kind = kind
            self.invalidateFilter()

    def filterAcceptsRow(self, row: int, parent: QModelIndex | QPersistentModelIndex) -> bool:
        source = self.sourceModel()
        if self.kind and source.index(row, 0, parent).data(KIND) != self.kind:
            return False
        return super().filterAcceptsRow(row, parent)
