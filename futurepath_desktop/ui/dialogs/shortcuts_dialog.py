"""ShortcutsDialog: every keyboard shortcut, from the actions table, as docs/shortcuts.md
lists them."""

from __future__ import annotations

import html

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.ui.models.shortcuts_model import ShortcutsModel
from futurepath_desktop.ui.shortcut_list import shortcut_rows

IN_PRACTICE: tuple[tuple[str, str], ...] = (
    ("Damage to the selection", "`D`, type the number, `Enter`."),
    (
        "A condition with its counter",
        "`C`, the first letters (`st` for Stunned), `Enter`; the catalog's default "
        "rounds apply unless you set others. `+` or `-` gives the selected combatant's "
        "counter a round more or less when it has just one; else `F6` to the Condition "
        "Counters and pick one there first.",
    ),
    ("A surprise round", "`F5`, and untick whoever is caught unaware."),
    ("Next turn", "`N`. Undo and redo: `Ctrl+Z` and `Ctrl+Shift+Z` (or `Ctrl+Y`)."),
    ("A roll of the dice", "`Ctrl+R`, the expression (`3d6+2`), `Enter`; `Esc` goes back."),
    (
        "An attack",
        "`A` goes to the attack form for the selected combatant (type a target's name in "
        "its list to pick it); `Enter` rolls it and goes back; `Esc` goes back without.",
    ),
    (
        "A move on the map",
        "select the combatant, `M`, the arrows to walk its path (the cost shows as with "
        "the mouse), `Enter` to move there (`Shift+Enter` past the rules), `Esc` to give up.",
    ),
    (
        "Zooming the map",
        "with the map's keys, `+` and `-` (`0` fits the whole map); from anywhere, "
        "`Ctrl+=`, `Ctrl+-` and `Ctrl+0`. The wheel zooms about the pointer.",
    ),
    (
        "The menu of a combatant",
        "the `Menu` key (or `Shift+F10`) opens it for the selected row, or for the "
        "selected token when the map has the keys, as a right-click does.",
    ),
)
"""How the keys go together, for the doc and the dialog alike: (what, how)."""


def shortcuts_markdown() -> str:
    """docs/shortcuts.md: the same table as Help → Keyboard Shortcuts, from the actions
    table (``python -m tools.shortcuts_doc`` writes it)."""
    lines = [
        "# Keyboard shortcuts",
        "",
        "Every frequent action has a key. Single-letter keys act on the selection in the",
        "Team Initiative panel; they type normally while a text field has the focus, and",
        "search a drop-down list's entries while it has it (`Esc` leaves the list). The",
        "digits pick the map's tools (and `0` fits the map) while the map has the focus.",
        "`F6` and `Shift+F6` walk the keys through the panels in sight; the one that has",
        "them wears a coloured frame. `M` brings the map to the front with the keys, `B`",
        "the bridge; `Ctrl+PgDown` and `Ctrl+PgUp` step through the map, the bridge and the",
        "charts. `F9` opens and closes the player view (`Esc` in it closes it too). Help →",
        "Keyboard Shortcuts (F1) shows this table in the app.",
        "",
        "| Keys | Action |",
        "|---|---|",
    ]
    lines += [f"| `{keys}` | {text} |" for keys, text in shortcut_rows()]
    lines += ["", "Some of them in practice:", ""]
    lines += [f"- **{what}**: {how}" for what, how in IN_PRACTICE]
    lines += [""]
    return "\n".join(lines)


def in_practice_html() -> str:
    """The same lines for the dialog: the keys in bold rather than in back-quotes."""
    items = []
    for what, how in IN_PRACTICE:
        parts = html.escape(how).split("`")
        text = "".join(f"<b>{part}</b>" if n % 2 else part for n, part in enumerate(parts))
        items.append(f"<li><i>{html.escape(what)}</i>: {text}</li>")
    return (
        "<p>Some of them in practice:</p><ul style='margin-left: -20px'>" + "".join(items) + "</ul>"
    )


class ShortcutsDialog(QDialog):
    """A table of keys and actions (read-only), a field that finds rows by key or by
    word, and how the keys go together."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle("Keyboard shortcuts")
        self.resize(560, 640)
        layout = QVBoxLayout(self)
        self.finder = QLineEdit()
        self.finder.setObjectName("shortcutsFind")
        self.finder.setPlaceholderText("Find a key or an action (e.g. damage, F6, Ctrl)")
        self.finder.setClearButtonEnabled(True)
        layout.addWidget(self.finder)
        self.rows = QSortFilterProxyModel(self)
        self.rows.setSourceModel(ShortcutsModel(self))
        self.rows.setFilterKeyColumn(-1)  # either column
        self.rows.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.finder.textChanged.connect(self.rows.setFilterFixedString)
        table = QTableView()
        table.setObjectName("shortcutsTable")
        table.setModel(self.rows)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.verticalHeader().setVisible(False)
        # A line of text a row (the style's rows are twice that): a dozen keys in sight.
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(table, 1)
        self.nothing = QLabel("")
        self.nothing.setObjectName("shortcutsNothing")
        self.nothing.setWordWrap(True)
        self.nothing.hide()
        layout.addWidget(self.nothing)
        self.finder.textChanged.connect(self._say_if_nothing)
        practice = QLabel(in_practice_html())
        practice.setObjectName("shortcutsInPractice")
        practice.setWordWrap(True)
        practice.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(practice)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.finder.setFocus()

    def _say_if_nothing(self, text: str) -> None:
        found = self.rows.rowCount() > 0 or not text.strip()
        self.nothing.setText(
            f"No key's action says “{text.strip()}”: see below how they go together."
        )
        self.nothing.setVisible(not found)
