"""ShortcutsDialog: every keyboard shortcut, from the actions table, as docs/shortcuts.md
lists them."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.ui.actions import shortcut_rows
from futurepath_desktop.ui.models.shortcuts_model import ShortcutsModel


def shortcuts_markdown() -> str:
    """docs/shortcuts.md: the same table as Help → Keyboard Shortcuts, from the actions
    table (``python -m tools.shortcuts_doc`` writes it)."""
    lines = [
        "# Keyboard shortcuts",
        "",
        "Every frequent action has a key. Single-letter keys act on the selection in the",
        "Team Initiative panel; they type normally while a text field has the focus. The",
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
    lines += [
        "",
        "Some of them in practice:",
        "",
        "- **Damage to the selection**: `D`, type the number, `Enter`.",
        "- **A condition with its counter**: `C`, the first letters (`s t` for Stunned), `Enter`;",
        "  the catalog's default rounds apply unless you set others.",
        "- **Next turn**: `N`. Undo and redo: `Ctrl+Z` and `Ctrl+Shift+Z` (or `Ctrl+Y`).",
        "- **An attack**: `A` goes to the attack form for the selected combatant; `Enter`",
        "  rolls it.",
        "- **A move on the map**: select the combatant, `M`, the arrows to walk its path",
        "  (the cost shows as with the mouse), `Enter` to move there, `Esc` to give up.",
        "",
    ]
    return "\n".join(lines)


class ShortcutsDialog(QDialog):
    """A table of keys and actions (read-only)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle("Keyboard shortcuts")
        self.resize(520, 560)
        layout = QVBoxLayout(self)
        table = QTableView()
        table.setObjectName("shortcutsTable")
        table.setModel(ShortcutsModel(table))
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.verticalHeader().setVisible(False)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
