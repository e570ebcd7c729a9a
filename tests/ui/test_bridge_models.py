"""The bridge's ships and stations and the inspector's weapons as item models: each passes
qtmodeltester through a space fight, each cell says what the saved session file says (a
second reading of the records, through the file's JSON), and each follows exactly what a
change report names: a ground-only command moves nothing on the bridge."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.edit import Change
from futurepath_desktop.session.state import Combatant, WeaponSpec
from futurepath_desktop.session.store import encode
from futurepath_desktop.ui.docks.bridge_panel import BridgePanel
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models import ships_model, stations_model, weapons_model
from futurepath_desktop.ui.models.roles import ID_ROLE
from futurepath_desktop.ui.models.ships_model import ShipsModel
from futurepath_desktop.ui.models.stations_model import StationsModel
from futurepath_desktop.ui.models.weapons_model import WeaponsModel


def open_bridge(qtbot: QtBot, window: MainWindow) -> BridgePanel:
    window.bridge.show()
    window.bridge.raise_()
    qtbot.waitUntil(lambda: window.bridge.built)
    assert window.bridge.panel is not None
    return window.bridge.panel


def weapons_of(window: MainWindow, combatant_id: str) -> WeaponsModel:
    window.initiative.select([combatant_id])
    window.inspector.tabs.setCurrentIndex(2)  # Weapons & Conditions: its editor is made
    model = window.inspector.weapons.model
    assert model.combatant_id == combatant_id
    return model


class Spy:
    """Every signal by which a model told its views something changed."""

    def __init__(self, model: QAbstractItemModel) -> None:
        self.events: list[tuple[Any, ...]] = []
        model.dataChanged.connect(self._data)
        model.modelReset.connect(lambda: self.events.append(("reset",)))
        model.rowsInserted.connect(lambda _p, a, b: self.events.append(("in", a, b)))
        model.rowsRemoved.connect(lambda _p, a, b: self.events.append(("out", a, b)))
        model.layoutChanged.connect(lambda *_: self.events.append(("layout",)))

    def _data(self, top: QModelIndex, bottom: QModelIndex, *_roles: object) -> None:
        self.events.append(("data", top.row(), bottom.row(), top.column(), bottom.column()))

    def data_rows(self) -> set[int]:
        return {r for e in self.events if e[0] == "data" for r in range(e[1], e[2] + 1)}

    def clear(self) -> None:
        self.events.clear()


def the_file(window: MainWindow) -> dict[str, Any]:
    """The session as its saved file says it: the second reading of the records."""
    data: dict[str, Any] = json.loads(encode(window.controller.session))
    return data


def check_ships(model: ShipsModel, file: dict[str, Any]) -> None:
    ships = file["ships"]
    assert model.rowCount() == len(ships)
    for row, ship in enumerate(ships):
        cells = [str(model.index(row, col).data()) for col in range(model.columnCount())]
        capacity = rules.capacity(ship["size"])
        assert cells[ships_model.NAME] == ship["name"]
        assert cells[ships_model.SIDE] == ship["side"]
        assert cells[ships_model.SIZE] == ship["size"]
        assert cells[ships_model.STATE] == ship["state"]
        assert cells[ships_model.DAMAGE] == f"{len(ship['damage'])}/{capacity}"
        assert cells[ships_model.BD_DC] == str(rules.bd_dc(ship["structure"], ship["shields"]))
        assert cells[ships_model.HARD_POINTS] == str(ship["hard_points"])
        assert cells[ships_model.FLYING] == ship["flying"]
        for mod in ("engines", "weapons", "structure", "shields", "electronics", "sensors"):
            assert f"{mod.title()} {ship[mod]:+d}" in cells[ships_model.MODS]
        assert model.index(row, 0).data(ID_ROLE) == ship["id"]


def check_stations(model: StationsModel, file: dict[str, Any]) -> None:
    ship = next((s for s in file["ships"] if s["id"] == model.ship_id), None)
    if ship is None:
        assert model.rowCount() == 0
        return
    names = {m["id"]: m["name"] for m in file["combatants"]}
    fight = file["space"]["round"]
    optional = fight["optional"].get(ship["id"])
    assert model.rowCount() == len(rules.Position)
    for row, position in enumerate(rules.Position):
        phase, station, crew, status = (str(model.index(row, col).data()) for col in range(4))
        assert station == position.label
        acts_in = rules.acting_phase(position, rules.Position(optional) if optional else None)
        assert phase.startswith(str(acts_in.value))
        slot = ship["crew"].get(position.value)
        if slot is None:
            assert crew == "—"
        elif slot["combatant_id"] is not None:
            assert crew == names[slot["combatant_id"]]
        else:
            assert crew == (slot["name"] or f"{ship['name']}'s {position.label}")
        done = [
            s
            for s in fight["stations"]
            if s["ship_id"] == ship["id"] and s["position"] == position.value
        ]
        waiting = any(ship["id"] in r["ship_ids"] for r in fight["declared"])
        if done and done[0]["result"] == "rolled when the phase ends" and waiting:
            assert status == f"◷ {done[0]['action']}: rolled when the phase ends"  # R57
        elif done:
            assert status.startswith(f"✓ {done[0]['action']}")
        else:
            assert not status.startswith("✓")
        if fight["active"] and ship["state"] != "operational":
            assert status.startswith(stations_model.CANNOT_ACT) or done


def check_weapons(model: WeaponsModel, file: dict[str, Any]) -> None:
    member = next(m for m in file["combatants"] if m["id"] == model.combatant_id)
    weapons = member["weapons"]
    assert model.rowCount() == len(weapons)
    for row, weapon in enumerate(weapons):

        def cell(column: int, row: int = row) -> object:
            return model.index(row, column).data()

        assert str(cell(weapons_model.LINE)).startswith(f"{weapon['name']} (level ")
        assert cell(weapons_model.NAME) == weapon["name"]
        assert cell(weapons_model.LEVEL) == weapon["level"]
        assert cell(weapons_model.KIND) == ("ranged" if weapon["ranged"] else "melee")
        for offset, field in enumerate(weapons_model.NUMBER_FIELDS):
            shown = cell(weapons_model.KIND + 1 + offset)
            assert shown == ("none" if weapon[field] is None else weapon[field]), field


SPACE_FIGHT: list[Any] = [
    c.StartSpaceCombat(),
    c.CrewAction("wayfarer", rules.Position.CAPTAIN, "orders: weapons free"),
    c.NextSpacePhase(),
    c.Scan("wayfarer", "bear-hunter"),
    c.Fire("wayfarer", "bear-hunter", 4),
    c.Fire("bear-hunter", "wayfarer", 4),
    c.NextSpacePhase(),
    c.NextSpacePhase(),
    c.CrewAction("bear-hunter", rules.Position.CAPTAIN, "roars at the crew"),
    c.NextSpacePhase(),
    c.CrewAction("wayfarer", rules.Position.HELM, "", flying=rules.Flying.OFFENSIVE),
    c.Fire("wayfarer", "bear-hunter", 4),
    c.NextSpacePhase(),
    c.EditCombatant("art", {"name": "Art the Gunner"}),
    c.RemoveShip("bear-hunter"),
]


@pytest.mark.parametrize("which", ["ships", "stations", "weapons"])
def test_each_model_passes_the_model_tester_through_a_space_fight(
    qtbot: QtBot, window: MainWindow, qtmodeltester: ModelTester, which: str
) -> None:
    """One model a test: the tester watches the last model it was given."""
    bridge = open_bridge(qtbot, window)
    weapons = weapons_of(window, "brandon")
    model = {"ships": bridge.ships, "stations": bridge.stations_model, "weapons": weapons}[which]
    qtmodeltester.check(model, force_py=True)
    for command in SPACE_FIGHT:
        assert window.controller.push(command), command
    window.controller.stack.undo()  # the Bear Hunter comes back
    weapons_editor = window.inspector.weapons
    weapons_editor.list.setCurrentRow(1)
    weapons_editor.numbers["level"].setValue(weapons_editor.numbers["level"].value() + 1)
    weapons_editor.numbers["level"].editingFinished.emit()
    bridge.select_ship("bear-hunter")
    qtmodeltester.check(model, force_py=True)
    assert bridge.stations_model.rowCount() == len(rules.Position)
    assert bridge.ships.rowCount() == 2


def test_every_cell_says_what_the_session_file_says_step_by_step(
    qtbot: QtBot, window: MainWindow
) -> None:
    bridge = open_bridge(qtbot, window)
    weapons = weapons_of(window, "art")

    def check() -> None:
        file = the_file(window)
        check_ships(bridge.ships, file)
        check_stations(bridge.stations_model, file)
        check_weapons(weapons, file)

    check()
    stack = window.controller.stack
    for command in SPACE_FIGHT:
        assert window.controller.push(command), command
        check()
    art = window.controller.session.combatants["art"]
    knife = WeaponSpec("Vibro-knife", 1, ranged=False, ammo=None)
    assert window.controller.push(c.EditCombatant("art", {"weapons": (*art.weapons, knife)}))
    check()
    while stack.canUndo():
        stack.undo()
        check()
    bridge.select_ship("bear-hunter")
    while stack.canRedo():
        stack.redo()
        check()
    assert bridge.ships.rowCount() == 1  # the Bear Hunter is gone again
    assert bridge.ship_id == "wayfarer" and bridge.stations_model.ship_id == "wayfarer"


def loner(window: MainWindow) -> str:
    """A combatant of the session who crews no ship."""
    session = window.controller.session
    member = msgspec.structs.replace(
        session.combatants["bear-1"], id="stray-bear", name="Stray Bear", weapons=()
    )
    assert window.controller.push(c.AddCombatant(member))
    crews = {s.combatant_id for ship in session.ships.values() for s in ship.crew.values()}
    assert member.id not in crews
    return member.id


def test_a_ground_only_command_redraws_nothing_on_the_bridge(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Damage on a combatant who crews no ship, or on one who does (the bridge shows no
    hit points): no model signal, no redraw. Renaming a crew member of the ship in view
    changes only the Crew cell of the station they hold, and the medical bay's list."""
    bridge = open_bridge(qtbot, window)
    assert window.controller.push(c.StartSpaceCombat())
    stray = loner(window)
    weapons = weapons_of(window, "brandon")
    ships, stations, arms = Spy(bridge.ships), Spy(bridge.stations_model), Spy(weapons)
    changes: list[Change] = []
    window.controller.changed.connect(changes.append)
    updates = bridge.updates
    for command in (
        c.Damage((stray,), 3),
        c.Damage(("art",), 2),  # Art is the Wayfarer's Weapons Officer
        c.AddCondition(("art", stray), "shaken", 1),
        c.EditCombatant(stray, {"name": "Lost Bear"}),
    ):
        assert window.controller.push(command), command
    assert changes and all(change.touched("combatants") for change in changes[:2])
    assert (ships.events, stations.events, arms.events) == ([], [], [])
    assert bridge.updates == updates
    # Now a name the bridge shows: Art's, on the Wayfarer in view.
    assert window.controller.push(c.EditCombatant("art", {"name": "Art the Gunner"}))
    weapons_row = list(rules.Position).index(rules.Position.WEAPONS)
    crew = stations_model.CREW
    assert stations.events == [("data", weapons_row, weapons_row, crew, crew)]
    assert ships.events == [] and arms.events == []
    assert bridge.updates == updates + 1
    patients = [bridge.patient.itemText(i) for i in range(bridge.patient.count())]
    assert "Art the Gunner" in patients
    # A crew member of the other ship, which is not in view: nothing again.
    stations.clear()
    assert window.controller.push(c.EditCombatant("bear-4", {"name": "Gunner Bear"}))
    assert stations.events == [] and bridge.updates == updates + 1


def test_a_space_command_updates_exactly_the_ships_its_report_names(
    qtbot: QtBot, window: MainWindow
) -> None:
    bridge = open_bridge(qtbot, window)
    ships = Spy(bridge.ships)
    changes: list[Change] = []
    window.controller.changed.connect(changes.append)
    named_any = False
    for command in SPACE_FIGHT[:-1]:
        ships.clear()
        changes.clear()
        assert window.controller.push(command), command
        (change,) = changes
        named = {bridge.ships.row_of(s) for s in change.fields.get("ships", {})}
        named_any = named_any or bool(named)
        assert ships.data_rows() == named, command
        assert [e for e in ships.events if e[0] != "data"] == []  # no reset, no rows moved
    assert named_any  # some command did change a ship (Battle Damage, the helm's course)
    ships.clear()
    assert window.controller.push(c.RemoveShip("bear-hunter"))
    assert ships.events == [("out", 1, 1)]
    cards = bridge.card_view.shown()
    assert [card.ship_id for card in cards] == ["wayfarer"]
    assert bridge.start_button.isEnabled() is False
    ships.clear()
    window.controller.stack.undo()
    assert ships.events == [("in", 1, 1)]
    assert [card.ship_id for card in bridge.card_view.shown()] == ["wayfarer", "bear-hunter"]


def test_the_weapons_model_follows_its_combatant_only(qtbot: QtBot, window: MainWindow) -> None:
    model = weapons_of(window, "brandon")
    spy = Spy(model)
    editor = window.inspector.weapons
    session = window.controller.session
    # Another combatant's weapons change: nothing here.
    james = session.combatants["james"]
    spare = WeaponSpec("Spare pistol", 2)
    assert window.controller.push(c.EditCombatant("james", {"weapons": (*james.weapons, spare)}))
    assert spy.events == []
    # A field of Brandon's knife: its rows change in place, the chosen row stays.
    editor.list.setCurrentRow(1)
    level = editor.numbers["level"]
    level.setValue(level.value() + 1)
    level.editingFinished.emit()
    count = len(session.combatants["brandon"].weapons)
    assert spy.events == [("data", 0, count - 1, 0, len(weapons_model.COLUMNS) - 1)]
    assert editor.list.currentRow() == 1
    # A weapon added: the rows are read again, with the new one chosen.
    spy.clear()
    editor.add.click()
    assert ("reset",) in spy.events and model.rowCount() == count + 1
    assert editor.list.currentRow() == count
    # The combatant removed and brought back: the list empties and fills again.
    spy.clear()
    assert window.controller.push(c.RemoveCombatants(("brandon",)))
    assert model.rowCount() == 0
    window.controller.stack.undo()
    assert model.rowCount() == count + 1
    assert spy.events.count(("reset",)) == 2
    assert isinstance(session.combatants["brandon"], Combatant)


def test_the_chart_and_house_rules_move_nothing_the_bridge_shows(
    qtbot: QtBot, window: MainWindow
) -> None:
    """They change the space value, but not its round: no station, no ship, no redraw. A
    station of the other ship acting changes the round: every station of the ship in view
    is read again (who may act now), and no ship."""
    from futurepath_desktop.session.space_rules import chart_of

    bridge = open_bridge(qtbot, window)
    controller, session = window.controller, window.controller.session
    assert controller.push(c.StartSpaceCombat())
    ships, stations = Spy(bridge.ships), Spy(bridge.stations_model)
    updates = bridge.updates
    assert controller.push(c.SetSpaceRules(2, 12))
    rows = chart_of(session.space)
    cheaper = msgspec.structs.replace(rows[0], dc=(rows[0].dc or 10) - 1)
    assert controller.push(c.SetChart((cheaper, *rows[1:])))
    assert session.space.scan_dc == 12 and session.space.chart[0] == cheaper
    assert (ships.events, stations.events, bridge.updates) == ([], [], updates)
    assert bridge.ship_id == "wayfarer"
    assert controller.push(c.CrewAction("bear-hunter", rules.Position.CAPTAIN, "roars"))
    assert stations.data_rows() == set(range(len(rules.Position)))
    assert ("reset",) not in stations.events and ships.events == []
    assert bridge.updates == updates + 1


def test_a_crew_member_who_cannot_act_is_said_on_the_station_row(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R54 on the bridge: Art, the Wayfarer's Weapons Officer, Paralyzed: his station's
    row says he cannot act and why (not only the Fire button's tip); the condition ended,
    the row is as it was. Only that row changes."""
    bridge = open_bridge(qtbot, window)
    assert window.controller.push(c.StartSpaceCombat())
    model = bridge.stations_model
    row = list(rules.Position).index(rules.Position.WEAPONS)
    cell = model.index(row, stations_model.THIS_ROUND)
    before = cell.data()
    stations = Spy(model)
    assert window.controller.push(c.AddCondition(("art",), "paralyzed"))
    assert cell.data() == "✗ cannot act: Art is Paralyzed"
    assert [e[1] for e in stations.events] == [row]
    window.controller.stack.undo()
    assert cell.data() == before
