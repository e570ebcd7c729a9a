"""A whole space fight built and played through the window's forms (R41-R47, R56-R60):
the demo's ships removed, two ships made in the ship editor with their crews, a scan and a
volley entered in either order with the same result (R57), Battle Damage whose effect lasts
to the next round's Response phase (R58), a repair, a ship adrift and then destroyed, the
win logged once (R56), and undo back to the start."""

from __future__ import annotations

from typing import Any

import msgspec
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QLineEdit, QMessageBox, QSpinBox
from pytestqt.qtbot import QtBot

from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.dialogs.ship_dialog import ShipDialog
from futurepath_desktop.ui.docks.bridge_panel import BridgePanel
from futurepath_desktop.ui.main_window import MainWindow
from tests.helpers import ScriptedRandom
from tests.ui.bridge_steps import open_bridge, panel, station_status
from tests.ui.conftest import answer_dialog, find
from tests.ui.test_team_actions import reopens

WON = "Every enemy ship is at capacity: the fight is won"


def pick(combo: QComboBox, data: object) -> None:
    at = combo.findData(data)
    assert at >= 0, f"{data!r} is not offered"
    combo.setCurrentIndex(at)


def without_rng(session: Session) -> object:
    record = session.to_file()
    return msgspec.structs.replace(record, rng=msgspec.structs.replace(record.rng, internal=()))


def make_ship(qtbot: QtBot, window: MainWindow, fill: dict[str, Any]) -> str:
    """Roster ▸ New Ship…, filled in as ``fill`` says; the new ship's id."""
    session = window.controller.session
    before = set(session.ships)

    def make(dialog: QDialog) -> None:
        assert isinstance(dialog, ShipDialog)
        find(dialog, QLineEdit, "shipName").setText(fill["name"])
        pick(find(dialog, QComboBox, "shipSide"), fill["side"])
        pick(find(dialog, QComboBox, "shipSize"), fill["size"])
        find(dialog, QSpinBox, "shipHardPoints").setValue(fill["hard_points"])
        for mod, value in fill.get("mods", {}).items():
            find(dialog, QSpinBox, f"shipMod{mod.title()}").setValue(value)
        for position, who in fill["crew"].items():
            combo = find(dialog, QComboBox, f"shipCrew{position.title()}")
            if combo.findData(who) >= 0:
                pick(combo, who)  # a combatant of the session
            else:
                combo.setEditText(who)  # an NPC by name
        dialog.accept()

    answer_dialog(qtbot, make)
    window.actions_by_name["actionNewShip"].trigger()
    (made,) = set(session.ships) - before
    return made


def remove_shown_ship(qtbot: QtBot, window: MainWindow) -> None:
    def yes(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox)
        dialog.button(QMessageBox.StandardButton.Yes).click()

    answer_dialog(qtbot, yes)
    window.actions_by_name["actionRemoveShip"].trigger()


def show_ship(bridge: BridgePanel, ship_id: str) -> None:
    """The bridge's Ship list, set to this ship."""
    pick(bridge.ship_combo, ship_id)
    assert bridge.ship_id == ship_id


def click(qtbot: QtBot, button: Any) -> None:
    assert button.isEnabled(), button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def fire(qtbot: QtBot, bridge: BridgePanel, ship_id: str, target_id: str, points: int) -> None:
    show_ship(bridge, ship_id)
    pick(bridge.target, target_id)
    pick(bridge.aim, None)
    bridge.hard_points.setValue(points)
    click(qtbot, bridge.fire_button)
    assert not bridge.weapons.feedback.error, bridge.weapons.feedback.full


def scan(qtbot: QtBot, bridge: BridgePanel, ship_id: str, target_id: str) -> None:
    show_ship(bridge, ship_id)
    pick(bridge.target, target_id)
    click(qtbot, bridge.scan_button)
    assert not bridge.crew.feedback.error, bridge.crew.feedback.full


def next_phase(qtbot: QtBot, bridge: BridgePanel) -> None:
    click(qtbot, bridge.next_button)


def outcome(session: Session, since: int) -> tuple[object, ...]:
    """What the Action phase's rolls did: the ships (a landed Battle Damage gets a fresh
    id each time) and every log line the phase's end wrote."""
    ships = [
        msgspec.structs.replace(
            ship,
            damage=tuple(msgspec.structs.replace(d, id="") for d in ship.damage),
            effects=tuple(msgspec.structs.replace(e, id="") for e in ship.effects),
        )
        for ship in session.ships.values()
    ]
    return ships, [e.text for e in session.log[since:]]


def test_a_space_fight_made_and_played_through_the_window(qtbot: QtBot, window: MainWindow) -> None:
    session = window.controller.session
    start = without_rng(session)
    open_bridge(qtbot, window)
    bridge = panel(window)
    # The demo's two ships go: this fight is made from scratch.
    for ident in ("wayfarer", "bear-hunter"):
        show_ship(bridge, ident)
        remove_shown_ship(qtbot, window)
    assert not session.ships
    lantern = make_ship(
        qtbot,
        window,
        {
            "name": "Lantern",
            "side": "players",
            "size": "small",
            "hard_points": 4,
            "mods": {"weapons": 1, "sensors": 2},
            "crew": {
                "captain": "brandon",
                "helm": "Mara Quill",
                "sensors": "james",
                "weapons": "art",
                "engineer": "katie",
            },
        },
    )
    reaver = make_ship(
        qtbot,
        window,
        {
            "name": "Reaver",
            "side": "enemies",
            "size": "tiny",
            "hard_points": 4,
            "crew": {"helm": "Vex", "weapons": "Raider gunner", "engineer": "Grease"},
        },
    )
    assert session.ships[lantern].crew["sensors"].combatant_id == "james"
    assert session.ships[reaver].crew["engineer"].name == "Grease"
    reopens(window)

    # Start: nobody unseen (R47).
    answer_dialog(qtbot, lambda dialog: dialog.accept())
    click(qtbot, bridge.start_button)
    qtbot.waitUntil(lambda: session.space.round.active)
    next_phase(qtbot, bridge)  # round 1, 2 Action
    assert bridge.status.text() == "Space round 1 · 2 Action"

    # --- R57: the same rolls entered in two orders give the same result -------------------
    # The scan (20: +2), the Lantern's volley (4 ✓, its re-roll ✓; chart 10: engines
    # disabled), the Reaver's (4 ✓; chart 7: ruptured valve).
    faces = [20, 9, 9, 9, 9, 9, 4, 6, 9, 9, 9, 9, 3, 4]
    steps = window.controller.stack.index()
    fire(qtbot, bridge, lantern, reaver, 4)
    scan(qtbot, bridge, lantern, reaver)
    fire(qtbot, bridge, reaver, lantern, 4)
    assert station_status(window, "Weapons Officer").startswith("◷ fires at Lantern")
    assert bridge.status.text().endswith("3 to roll")
    since = len(session.log)
    session.rng = ScriptedRandom(faces)
    next_phase(qtbot, bridge)
    first = outcome(session, since)
    while window.controller.stack.index() > steps:  # Edit ▸ Undo, back to the phase's start
        window.actions_by_name["actionUndo"].trigger()
    assert session.space.round.declared == () and session.space.round.stations == ()
    scan(qtbot, bridge, lantern, reaver)
    fire(qtbot, bridge, reaver, lantern, 4)
    fire(qtbot, bridge, lantern, reaver, 4)
    session.rng = ScriptedRandom(faces)
    next_phase(qtbot, bridge)
    assert outcome(session, since) == first
    assert bridge.status.text() == "Space round 1 · 3 Response"
    assert session.space.round.scanned == (lantern,)
    assert session.ships[reaver].battle_damage == 1
    assert [e.name for e in session.ships[reaver].effects] == ["Engines disabled"]
    assert session.ships[lantern].battle_damage == 1
    reopens(window)

    # --- Response: Katie repairs the Lantern; the Reaver's engineer fails ----------------
    show_ship(bridge, lantern)
    pick(bridge.damage_combo, session.ships[lantern].damage[0].id)
    session.rng = ScriptedRandom([15])
    click(qtbot, bridge.repair_button)
    assert session.ships[lantern].battle_damage == 0
    assert "repaired" in bridge.crew.feedback.full
    show_ship(bridge, reaver)
    session.rng = ScriptedRandom([2])
    click(qtbot, bridge.repair_button)
    assert "not yet" in bridge.crew.feedback.full
    assert session.ships[reaver].battle_damage == 1

    # --- Round 2: the effect holds through the next round's Response phase (R58) ----------
    for phase in ("1 Support", "2 Action"):
        next_phase(qtbot, bridge)
        assert bridge.status.text() == f"Space round 2 · {phase}"
        assert [e.name for e in session.ships[reaver].effects] == ["Engines disabled"]
    fire(qtbot, bridge, lantern, reaver, 4)
    session.rng = ScriptedRandom([9, 9, 9, 9, 9, 3, 4])  # chart 7: ruptured valve
    next_phase(qtbot, bridge)  # 3 Response: the second lands, the Reaver is at capacity
    assert session.ships[reaver].battle_damage == 2
    assert session.ships[reaver].adrift_from_round == 3
    assert [e.name for e in session.ships[reaver].effects] == ["Engines disabled"]
    assert not any(WON in e.text for e in session.log)

    # --- Round 3: the effect is gone, the Reaver adrift, the win logged -------------------
    next_phase(qtbot, bridge)
    assert session.ships[reaver].effects == ()
    assert session.ships[reaver].state == "adrift"
    assert sum(WON in e.text for e in session.log) == 1
    show_ship(bridge, reaver)
    assert station_status(window, "Weapons Officer").startswith("✗ cannot act")
    assert not bridge.fire_button.isEnabled() and not bridge.repair_button.isEnabled()
    next_phase(qtbot, bridge)  # 2 Action
    fire(qtbot, bridge, lantern, reaver, 4)
    session.rng = ScriptedRandom([9, 9, 9, 9, 9, 2, 2])
    next_phase(qtbot, bridge)  # Response: more on an adrift ship: it will explode (R45)
    assert session.ships[reaver].state == "exploding"
    while session.space.round.round < 5:
        next_phase(qtbot, bridge)
    assert session.ships[reaver].state == "destroyed"
    assert any(e.text.startswith("Reaver explodes") for e in session.log)
    assert sum(WON in e.text for e in session.log) == 1, "said once"
    reopens(window)

    # --- Undo back to the start ----------------------------------------------------------
    while window.controller.stack.canUndo():
        window.actions_by_name["actionUndo"].trigger()
    assert without_rng(session) == start
