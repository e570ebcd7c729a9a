"""A panel's tool row: its height for a width follows what the row holds, though the layout
keeps the heights it worked out until something in the row changes."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui.widgets.tool_row import ToolRow


def lines(row: ToolRow, width: int) -> int:
    """How many lines of buttons the row takes at ``width``, counted from where the
    buttons are placed in a row of that size (not from the kept heights)."""
    row.resize(width, row.heightForWidth(width))
    row.flow.setGeometry(row.rect())
    tops = {button.geometry().top() for button in row.buttons.values() if button.isVisibleTo(row)}
    return len(tops)


def test_the_height_follows_a_longer_text_a_shorter_one_and_a_new_button(qtbot: QtBot) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    row = ToolRow("testRow", holder)
    actions = [QAction(text, row) for text in ("Join", "Damage", "Heal")]
    for action in actions:
        row.addAction(action)
    holder.show()
    one_line = sum(b.sizeHint().width() for b in row.buttons.values()) + 2 * len(actions)
    height = row.heightForWidth(one_line)
    assert lines(row, one_line) == 1
    assert row.heightForWidth(one_line) == height  # asked again: the same

    actions[0].setText("Join with a much longer name than before")
    qtbot.wait(1)
    assert row.heightForWidth(one_line) > height
    assert lines(row, one_line) > 1

    actions[0].setText("Join")
    qtbot.wait(1)
    assert row.heightForWidth(one_line) == height
    assert lines(row, one_line) == 1

    added = QAction("Add Condition and more besides", row)
    row.addAction(added)
    qtbot.wait(1)
    assert row.heightForWidth(one_line) > height
    assert lines(row, one_line) > 1
