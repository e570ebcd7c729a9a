"""The ship made or picked is the one whose card shows: on a laptop one row of cards
shows, and a third ship's card sits in the next row, scrolled up into view when it is
selected, the only card framed as selected."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QLineEdit
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.bridge_steps import open_bridge, panel
from tests.ui.conftest import answer_dialog, find


def test_a_new_ships_card_is_scrolled_into_view_and_alone_selected(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(1280, 800)
    open_bridge(qtbot, window)
    bridge = panel(window)
    bridge.select_ship("bear-hunter")

    def make(dialog: QDialog) -> None:
        find(dialog, QLineEdit, "shipName").setText("Raider")
        dialog.accept()

    answer_dialog(qtbot, make)
    window.actions_by_name["actionNewShip"].trigger()
    cards = bridge.card_view
    made = bridge.ship_id
    assert made not in ("wayfarer", "bear-hunter")
    assert [c.ship_id for c in cards.cards if c.selected] == [made]
    card = next(c for c in cards.cards if c.ship_id == made)

    def in_view() -> bool:
        top = card.mapTo(cards.viewport(), card.rect().topLeft()).y()
        return top >= 0 and top + card.height() <= cards.viewport().height() + 2

    qtbot.waitUntil(in_view)
    bridge.select_ship("wayfarer")  # and back up to the first row
    first = cards.cards[0]
    qtbot.waitUntil(lambda: first.mapTo(cards.viewport(), first.rect().topLeft()).y() >= 0)
