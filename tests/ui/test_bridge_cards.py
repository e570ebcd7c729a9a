"""The bridge's ship cards and its two arrangements: a card selects its ship by mouse and by
keyboard, its mods do not read as abilities, and the bridge is narrow in a laptop's middle
column and wide on a big screen, beside the other panels of a 1280-pixel screen."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.starship import Position
from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.bridge_steps import (
    cells,
    open_bridge,
    panel,
    start_space,
)
from tests.ui.conftest import answer_dialog


def test_the_bridge_fits_a_1280_pixel_screen_beside_the_other_panels(
    qtbot: QtBot, window: MainWindow
) -> None:
    # A space fight under way fills the lists with long names ("Doc Ives (Medical
    # Officer)"); they elide rather than push the window past a laptop's width.
    open_bridge(qtbot, window)
    bridge = panel(window)
    answer_dialog(qtbot, lambda dialog: dialog.accept())
    qtbot.mouseClick(bridge.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.session.space.round.active)
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280)
    assert window.minimumSizeHint().width() <= 1280
    assert bridge.patient.count() > 0 and window.bridge.width() >= bridge.minimumSizeHint().width()


def test_a_ship_card_selects_its_ship_by_mouse_and_by_keyboard(
    qtbot: QtBot, window: MainWindow
) -> None:
    bridge = start_space(qtbot, window)
    wayfarer, hunter = bridge.card_view.cards[:2]
    assert bridge.ship_id == "wayfarer" and wayfarer.selected and not hunter.selected
    qtbot.mouseClick(hunter, Qt.MouseButton.LeftButton)
    assert bridge.ship_id == "bear-hunter"
    assert bridge.ship_combo.currentData() == "bear-hunter"
    assert bridge.card_view.cards[1].selected and not bridge.card_view.cards[0].selected
    hunter_ship = window.controller.session.ship("bear-hunter")
    from futurepath_desktop.session.space_rules import crew_name

    crew = [row[2] for row in cells(bridge)]
    assert crew[0] == crew_name(window.controller.session, hunter_ship, Position.CAPTAIN)
    # The keyboard: the cards take the focus; Left goes to the neighbour and selects it,
    # Space selects the focused card.
    assert hunter.focusPolicy() & Qt.FocusPolicy.TabFocus
    hunter.setFocus()
    qtbot.keyClick(hunter, Qt.Key.Key_Left)
    assert bridge.ship_id == "wayfarer" and wayfarer.hasFocus()
    bridge.ship_combo.setCurrentIndex(bridge.ship_combo.findData("bear-hunter"))
    assert bridge.ship_id == "bear-hunter"
    wayfarer.setFocus()
    qtbot.keyClick(wayfarer, Qt.Key.Key_Space)
    assert bridge.ship_id == "wayfarer"


def test_the_bridge_is_narrow_in_a_laptops_middle_column_and_wide_on_a_big_screen(
    qtbot: QtBot, window: MainWindow
) -> None:
    from futurepath_desktop.ui.bridge.arrangement import CREW_TAB, WEAPONS_TAB
    from futurepath_desktop.ui.layout import COMPACT, column_widths

    bridge = start_space(qtbot, window)
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280 and window.layout_kind == COMPACT)
    deck, set_up = bridge.deck, bridge.arrangement.set_up
    # The compact layout's middle column holds the bridge whole.
    assert bridge.minimumSizeHint().width() <= column_widths(COMPACT, 1280)[1]
    qtbot.waitUntil(deck.tabs.isVisible)
    assert set_up.isVisible() and not bridge.rules_button.isVisible()
    menu = set_up.menu()
    assert menu is not None
    tools = [bridge.add_ship_button, bridge.save_ship_button]
    tools += [bridge.chart_rows_button, bridge.rules_button]
    assert [a.text() for a in menu.actions()] == [b.text() for b in tools]
    # One console at a time: a station picked in the list brings up its own.
    bridge.stations.select_position(Position.WEAPONS)
    assert deck.tabs.currentIndex() == WEAPONS_TAB
    assert bridge.fire_button.isVisible() and not bridge.heal_button.isVisible()
    bridge.stations.select_position(Position.MEDICAL)
    assert deck.tabs.currentIndex() == CREW_TAB
    assert bridge.heal_button.isVisible() and not bridge.fire_button.isVisible()
    # A refusal in the console behind its tab brings that console up: it is read there.
    bridge.refuse("Pick a target first", bridge.weapons.feedback)
    assert bridge.weapons.feedback.isVisible() and bridge.weapons.feedback.error
    # A big screen: the set-up buttons in a row and both consoles side by side.
    window.resize(1920, 1080)
    qtbot.waitUntil(bridge.rules_button.isVisible)
    assert not set_up.isVisible() and not deck.tabs.isVisible()
    assert bridge.weapons.isVisible() and bridge.crew.isVisible()
    assert bridge.weapons.y() == bridge.crew.y()
    assert bridge.weapons.geometry().right() < bridge.crew.x()
    assert bridge.weapons.title() and bridge.crew.title()


def test_a_ship_cards_mods_do_not_read_as_abilities_and_its_tip_has_the_words(
    qtbot: QtBot, window: MainWindow
) -> None:
    import re

    from futurepath_desktop.core.abilities import ABILITIES
    from futurepath_desktop.ui.bridge.ship_cards import MODS

    bridge = start_space(qtbot, window)
    mods = [name for name, _ in MODS]
    assert sorted(mods) == sorted(
        ("engines", "weapons", "structure", "shields", "electronics", "sensors")
    )
    for card in bridge.card_view.cards:
        ship = window.controller.session.ship(card.ship_id)
        shown = re.sub(r"<[^>]+>", " ", card.details.text())
        for name, short in MODS:
            value = f"{getattr(ship, name):+d}"
            # The card shows the mods the ship has; the tip has all six.
            assert (f"{short} {value}" in shown) == bool(getattr(ship, name)), (short, shown)
            # A short form is the start of its own word, not an ability's own short form
            # (STR is strength, not structure), nor the start of another mod.
            assert name.startswith(short.lower()) and len(short) >= 3
            assert short.upper() not in ABILITIES, short
            assert not any(other.startswith(short.lower()) for other in mods if other != name)
            assert f"{name.title()} {value}" in card.details.toolTip()


def test_a_ship_card_follows_a_change_of_theme(qtbot: QtBot, window: MainWindow) -> None:
    """A card has a style sheet of its own (its frame); its words take the new scheme's
    colours when the GM switches theme with the bridge up, in either direction."""
    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtWidgets import QApplication

    from futurepath_desktop.ui import theme
    from futurepath_desktop.ui.bridge.ship_cards import ShipCard

    open_bridge(qtbot, window)
    cards = panel(window).card_view.findChildren(ShipCard)
    assert cards
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    try:
        for scheme in (theme.DARK, theme.LIGHT, theme.DARK):
            window.set_theme(scheme)
            ink = app.palette().color(QPalette.ColorRole.WindowText)

            def words_follow(ink: QColor = ink) -> bool:
                return all(
                    card.details.palette().color(QPalette.ColorRole.WindowText) == ink
                    for card in cards
                )

            qtbot.waitUntil(words_follow, timeout=2000)
            for card in cards:
                picture = card.details.grab().toImage()  # and drawn so
                ground = app.palette().color(QPalette.ColorRole.Window).lightness()
                inked = sum(
                    1
                    for y in range(0, picture.height(), 2)
                    for x in range(0, picture.width(), 2)
                    if abs(picture.pixelColor(x, y).lightness() - ground) > 90
                )
                assert inked > 20, (scheme, card.ship_id)
    finally:
        window.set_theme(theme.LIGHT)
