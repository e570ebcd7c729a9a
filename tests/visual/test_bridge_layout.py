"""The bridge at the laptop sizes GMs bring (1280×800, 1366×768), two rounds into the
space fight: no sideways scroll bar anywhere in it, and no text cut off where it has room.
Each text is measured with QFontMetrics against the space its widget gives it; where a
text must shorten, its whole text is the tool tip."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QComboBox, QGroupBox, QLabel, QTreeView, QWidget

from futurepath_desktop.ui import theme
from futurepath_desktop.ui.docks.bridge_panel import BridgePanel
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.roles import TOOLTIP
from tests.visual.conftest import SCHEMES, Posed, settle
from tests.visual.measure import LAPTOPS, plain, problems, sideways, visible_docks
from tools.poses import mid_space_fight, space_rolls_waiting


@pytest.mark.parametrize("pose", [mid_space_fight, space_rolls_waiting])
@pytest.mark.parametrize("scheme", [theme.LIGHT, theme.DARK])
@pytest.mark.parametrize(("width", "height"), LAPTOPS)
def test_the_bridge_mid_space_fight_is_not_clipped(
    posed: Posed, width: int, height: int, scheme: str, pose: Callable[[MainWindow], None]
) -> None:
    window = posed(width, height, scheme)
    pose(window)
    settle()
    bridge = window.bridge.panel
    assert isinstance(bridge, BridgePanel) and bridge.isVisible()
    assert window.width() == width and window.height() == height
    # The fight is really on the screen: cards, stations and both consoles are shown.
    assert bridge.stations.model().rowCount() == 7
    assert [c.isVisible() for c in bridge.card_view.cards] == [True, True]
    assert bridge.odds.text() and bridge.target.currentText()
    for card in bridge.card_view.cards:  # both ships in sight, side by side
        assert card.geometry().bottom() <= bridge.card_view.viewport().height() + 2
    # Each console in turn (in a laptop's middle column they share the room under tabs):
    # nothing cut, and nothing hangs off the panel's bottom edge.
    found: list[str] = []
    for index, console in enumerate((bridge.weapons, bridge.crew)):
        bridge.deck.raise_console(index)
        settle()
        assert console.isVisible(), console.objectName()
        found += problems(bridge)
        bottom = console.mapTo(bridge, console.rect().bottomLeft()).y()
        assert bottom <= bridge.height(), console.objectName()
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("width", "height"), LAPTOPS)
def test_each_crew_name_of_either_ship_reads_on_one_line(
    posed: Posed, width: int, height: int
) -> None:
    """The Crew column takes the shown ship's longest name ("Space Bear 1" on the Bear
    Hunter, not "Space Bear / 1"), and still leaves "This round" its room."""
    from futurepath_desktop.ui.models.stations_model import CREW, THIS_ROUND
    from futurepath_desktop.ui.widgets.cell_pictures import MARGIN

    window = posed(width, height, theme.LIGHT)
    mid_space_fight(window)
    settle()
    bridge = window.bridge.panel
    assert isinstance(bridge, BridgePanel)
    view = bridge.stations
    for ship in window.controller.session.ships.values():
        view.show_ship(ship.id)
        settle()
        header = view.header()
        metrics = view.fontMetrics()
        model = view.model()
        names = [str(model.index(row, CREW).data() or "") for row in range(model.rowCount())]
        cap = metrics.horizontalAdvance("Space Bear 12")  # longer ones may wrap
        for name in (n for n in names if metrics.horizontalAdvance(n) <= cap):
            room = header.sectionSize(CREW) - 2 * MARGIN
            assert metrics.horizontalAdvance(name) <= room, f"{ship.name}: {name}"
        assert header.sectionSize(THIS_ROUND) >= header.sectionSize(CREW), ship.name


RULING = re.compile(r"\bR\d{1,2}\b")


def bridge_texts(bridge: BridgePanel) -> list[str]:
    """Every text the bridge shows or tips: labels, buttons, titles, choices, cells."""
    texts = [w.toolTip() for w in bridge.findChildren(QWidget)]
    texts += [plain(label) for label in bridge.findChildren(QLabel)]
    texts += [button.text() for button in bridge.findChildren(QAbstractButton)]
    texts += [box.title() for box in bridge.findChildren(QGroupBox)]
    for combo in bridge.findChildren(QComboBox):
        for row in range(combo.count()):
            texts += [combo.itemText(row), str(combo.itemData(row, Qt.ItemDataRole.ToolTipRole))]
    for tree in bridge.findChildren(QTreeView):
        model = tree.model()
        for row in range(model.rowCount()):
            for column in range(model.columnCount()):
                index = model.index(row, column)
                texts += [str(index.data() or ""), str(index.data(TOOLTIP) or "")]
    return [t for t in texts if t]


def test_the_bridge_speaks_the_games_words(posed: Posed) -> None:
    # Ruling numbers belong in the log's breakdown and in the code, not on the bridge.
    window = posed(1280, 800, theme.LIGHT)
    mid_space_fight(window)
    settle()
    bridge = window.bridge.panel
    assert isinstance(bridge, BridgePanel)
    texts = bridge_texts(bridge)
    assert any("Weapons Officer" in t for t in texts)  # the texts were really read
    assert [t for t in texts if RULING.search(t)] == []
    # Even though the log itself cites them for the same events.
    assert any(RULING.search(e.text) for e in window.controller.session.log)


@pytest.mark.parametrize(("width", "height"), LAPTOPS)
def test_a_swarm_of_ships_flows_into_rows_without_a_sideways_scroll_bar(
    posed: Posed, width: int, height: int
) -> None:
    import msgspec

    from futurepath_desktop.session.commands import AddShip

    window = posed(width, height, theme.LIGHT)
    session = window.controller.session
    hunter = session.ship("bear-hunter")
    for number in range(2, 6):  # a pack of Bear Hunters for a swarm
        copy = msgspec.structs.replace(
            hunter, id=f"bear-hunter-{number}", name=f"Bear Hunter {number}", crew={}
        )
        assert window.controller.push(AddShip(copy))
    mid_space_fight(window)
    settle()
    bridge = window.bridge.panel
    assert isinstance(bridge, BridgePanel)
    view = bridge.card_view
    cards = view.shown()
    assert len(cards) == 6
    assert (window.width(), window.height()) == (width, height)  # nothing pushed the window
    assert not view.horizontalScrollBar().isVisible()
    rows = {card.y() for card in cards}
    assert len(rows) >= 2  # they wrapped
    for card in cards:  # each card lies within the cards' width
        assert card.x() >= 0 and card.x() + card.width() <= view.viewport().width() + 1
    # The last card is reached by scrolling down, and selects its ship when clicked.
    view.ensureWidgetVisible(cards[-1])
    settle()
    corner = cards[-1].mapTo(view.viewport(), cards[-1].rect().center())
    assert view.viewport().rect().contains(corner)
    cards[-1].chosen.emit(cards[-1].ship_id)
    assert bridge.ship_id == "bear-hunter-5"
    assert not problems(bridge), "\n".join(problems(bridge))


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize(("width", "height"), LAPTOPS)
def test_raising_the_bridge_leaves_the_other_panels_as_they_were(
    posed: Posed, width: int, height: int, scheme: str
) -> None:
    """The bridge takes the map's place in the middle column: the initiative, the counters,
    the inspector and the log keep the widths they had with the map raised, and none of
    them is pushed into scrolling sideways."""
    window = posed(width, height, scheme)
    assert window.map.isVisible() and not window.map.visibleRegion().isEmpty()
    before = {dock.objectName(): dock.width() for dock in visible_docks(window)}
    assert not [s for dock in visible_docks(window) for s in sideways(dock)]
    mid_space_fight(window)
    settle()
    assert (window.width(), window.height()) == (width, height)
    after = {dock.objectName(): dock.width() for dock in visible_docks(window)}
    assert "bridgeDock" in after and "mapDock" not in after  # the bridge is raised
    others = sorted(set(before) - {"mapDock"})
    assert {"initiativeDock", "countersDock", "inspectorDock", "logDock"} <= set(others)
    found = [
        f"{name}: {after.get(name, 0)} px wide with the bridge raised, {before[name]} with the map"
        for name in others
        if after.get(name, 0) < before[name]
    ]
    if after["bridgeDock"] > before["mapDock"]:
        found.append(f"the bridge is {after['bridgeDock']} px wide, the map {before['mapDock']}")
    found += [s for dock in visible_docks(window) for s in sideways(dock)]
    assert not found, "\n".join(found)
