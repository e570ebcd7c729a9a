"""What a screen reader finds in the main window: every panel, every menu entry, where the
fight stands and who acts, and what the map's tokens show (they are drawn, not widgets)."""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.ui import accessible
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.initiative_cells import HEALTH
from futurepath_desktop.ui.models.initiative_cells import NAME as NAME_COLUMN
from futurepath_desktop.ui.shortcut_list import plain

NAME, DESCRIPTION = QAccessible.Text.Name, QAccessible.Text.Description


def walk(node: QAccessibleInterface, depth: int = 0) -> Iterator[QAccessibleInterface]:
    """``node`` and everything under it in the accessibility tree."""
    yield node
    assert depth < 40, "the tree has no loops"
    for i in range(node.childCount()):
        child = node.child(i)
        if child is not None and child.isValid():
            yield from walk(child, depth + 1)


def tree(window: MainWindow) -> list[QAccessibleInterface]:
    root = QAccessible.queryAccessibleInterface(window)
    assert root is not None and root.isValid()
    return list(walk(root))


def menu_entries(menu: QMenu) -> Iterator[str]:
    """The text of every entry of a menu and its submenus, as the window shows them."""
    for action in menu.actions():
        if action.isSeparator():
            continue
        yield plain(action.text())
        submenu = action.menu()
        if isinstance(submenu, QMenu):
            yield from menu_entries(submenu)


def health_text(window: MainWindow, name: str) -> str:
    """What the health column says of a combatant (under its bar)."""
    model = window.initiative_model
    for team in range(model.rowCount()):
        parent = model.index(team, NAME_COLUMN)
        for row in range(model.rowCount(parent)):
            if model.index(row, NAME_COLUMN, parent).data() == name:
                text = model.index(row, HEALTH, parent).data()
                assert isinstance(text, str) and text
                return text
    raise AssertionError(f"{name} is not in the initiative list")


def fight(window: MainWindow) -> str:
    """Start the demo's fight and go on until a team acts; that team's name."""
    push = window.controller.push
    assert push(c.StartCombat(()))
    session = window.controller.session
    for _ in range(12):
        if session.combat.acting_team:
            break
        assert push(c.NextTurn())
    assert session.combat.acting_team
    return session.teams[session.combat.acting_team].name


def test_the_tree_holds_every_panel_and_every_menu_entry(window: MainWindow) -> None:
    nodes = tree(window)
    named = {n.object(): n.text(NAME) for n in nodes if n.object() is not None}
    for dock in window.docks():
        assert named.get(dock) == dock.windowTitle(), f"{dock.objectName()} has no name"
    assert named.get(window.combat_bar) == "Combat"
    # The menus, reached through the menu bar's interface: the bar's items, each item's
    # menu, and so on into the submenus.
    bar = QAccessible.queryAccessibleInterface(window.menuBar())
    assert bar is not None
    heard = {plain(n.text(NAME)) for n in walk(bar)}
    for title in window.menuBar().actions():
        menu = title.menu()
        assert isinstance(menu, QMenu)
        assert plain(title.text()) in heard
        for text in menu_entries(menu):
            assert text in heard, f"{text} is not in the menu bar's tree"
    assert "About Future Path Desktop" in heard
    assert window.menuBar() in named, "the menu bar is in the window's tree too"


def test_the_tree_says_who_acts_and_what_the_map_shows(qtbot: QtBot, window: MainWindow) -> None:
    before = {n.text(DESCRIPTION) for n in tree(window)}
    assert "No combat. Start Combat begins one." in before
    acting = fight(window)
    nodes = tree(window)
    said = [f"{n.text(NAME)} | {n.text(DESCRIPTION)}" for n in nodes]
    assert any(acting in line and "acting" in line for line in said), said
    strip = QAccessible.queryAccessibleInterface(window.phase_indicator)
    assert strip is not None and strip.text(NAME) == "Where the fight stands"
    assert acting in strip.text(DESCRIPTION) and "Round 1" in strip.text(DESCRIPTION)
    # The acting team's row in the initiative list is read out from the list's cells.
    view = window.initiative.view
    cells = [n.text(NAME) for n in walk(QAccessible.queryAccessibleInterface(view))]
    assert acting in cells
    # Each member is read out too, with health as the bar shows it (its numbers).
    session = window.controller.session
    member = next(m for m in session.combatants.values() if m.team_id == "bears")
    assert member.name in cells
    assert health_text(window, member.name) in cells
    # The map's tokens, as the GM sees them, in the map view's description.
    map_node = next(n for n in nodes if n.object() is window.map.view)
    assert map_node.text(NAME) == "Map"
    words = map_node.text(DESCRIPTION)
    assert words == accessible.map_words(session)
    for token in session.tokens.values():
        assert session.combatants[token.combatant_id].name in words
    assert push_move_changes_words(window)


def push_move_changes_words(window: MainWindow) -> bool:
    """Moving a token changes what the map's description says of it."""
    session = window.controller.session
    token = next(iter(session.tokens.values()))
    before = window.map.view.accessibleDescription()
    window.controller.push(c.MoveToken(token.combatant_id, token.x + 1, token.y, override=True))
    return window.map.view.accessibleDescription() != before


def test_ship_cards_are_named_and_described(window: MainWindow) -> None:
    window.bridge.show()
    window.bridge.raise_()
    bridge = window.bridge.build()
    cards = bridge.card_view.shown()
    assert cards
    for card in cards:
        node = QAccessible.queryAccessibleInterface(card)
        assert node is not None
        ship = window.controller.session.ship(card.ship_id)
        assert node.text(NAME).startswith(ship.name)
        words = node.text(DESCRIPTION)
        assert f"Battle damage {ship.battle_damage} of " in words and ship.state.upper() in words
        assert "<" not in words, "plain words, not markup"
