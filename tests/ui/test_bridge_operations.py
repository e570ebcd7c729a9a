"""The bridge's operations (R41-R47): each pushes one step or reports a refusal and changes
nothing; the bridge's buttons call them, and no file of the bridge pushes a command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.starship import Flying, Position
from futurepath_desktop.ui import bridge as bridge_package
from futurepath_desktop.ui.docks import bridge_panel
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.operations import bridge as op


def test_each_operation_is_one_step_and_a_refusal_changes_nothing(window: MainWindow) -> None:
    controller, session = window.controller, window.controller.session
    refusals: list[str] = []
    controller.failed.connect(refusals.append)

    def refused(done: bool) -> None:
        assert not done and refusals, "a refusal is reported"
        refusals.clear()

    before = session.to_file()
    steps = controller.stack.count()
    refused(op.fire(controller, "wayfarer", "bear-hunter", 4))  # no space fight yet
    refused(op.next_space_phase(controller))
    assert session.to_file() == before and controller.stack.count() == steps
    assert op.start_space_combat(controller, ())
    assert session.space.round.active and controller.stack.count() == steps + 1
    assert op.station_acts(controller, "wayfarer", Position.CAPTAIN, "weapons free")
    refused(op.station_acts(controller, "wayfarer", Position.CAPTAIN, "again"))  # once a round
    assert op.next_space_phase(controller)
    assert op.station_acts(controller, "wayfarer", Position.HELM, "", flying=Flying.OFFENSIVE)
    assert session.ship("wayfarer").flying == "offensively"
    assert op.scan(controller, "wayfarer", "bear-hunter")
    assert op.fire(controller, "wayfarer", "bear-hunter", 4)
    refused(op.repair(controller, "wayfarer", "no-such-damage"))
    assert op.set_space_rules(controller, 2, 12)
    assert (session.space.swarm_penalty, session.space.scan_dc) == (2, 12)
    assert op.end_space_combat(controller)
    assert controller.stack.count() == steps + 8, "one step each"
    for _step in range(8):
        controller.stack.undo()
    assert session.to_file() == before


BRIDGE_FILES = [
    *sorted(Path(bridge_package.__file__).parent.glob("*.py")),
    Path(bridge_panel.__file__),
    Path(bridge_panel.__file__).with_name("bridge_dock.py"),
]


@pytest.mark.parametrize("path", BRIDGE_FILES, ids=lambda p: p.name)
def test_no_file_of_the_bridge_pushes_a_command(path: Path) -> None:
    """Widgets gather input and call an operation; only operations push."""
    text = path.read_text(encoding="utf-8")
    assert ".push(" not in text and "session.commands import" not in text


def test_the_fire_button_calls_its_operation(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[Any, ...]] = []
    real = op.fire

    def fire(*args: Any) -> bool:
        calls.append(args[1:])
        return real(*args)

    monkeypatch.setattr(op, "fire", fire)
    window.bridge.show()
    window.bridge.raise_()
    qtbot.waitUntil(lambda: window.bridge.built)
    panel = window.bridge.panel
    assert panel is not None
    assert op.start_space_combat(window.controller, ())
    assert op.next_space_phase(window.controller)  # the Action phase: the Weapons Officer
    panel.deck.raise_console(0)
    qtbot.waitUntil(panel.fire_button.isVisible)
    assert panel.fire_button.isEnabled(), panel.fire_button.toolTip()
    qtbot.mouseClick(panel.fire_button, Qt.MouseButton.LeftButton)
    assert calls == [("wayfarer", "bear-hunter", panel.hard_points.value(), None, None)]
    assert "aims" in panel.weapons.feedback.full and not panel.weapons.feedback.error


def test_the_space_menu_offers_what_the_space_fight_allows(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Combat ▸ Space: Start only while no space fight runs; the next phase, the end, Fire
    and Scan only during one (each refuses outside it), and back when it ends."""
    actions = window.actions_by_name
    during = ("actionNextSpacePhase", "actionEndSpaceCombat", "actionFire", "actionScan")

    def offered() -> dict[str, bool]:
        return {name: actions[name].isEnabled() for name in ("actionStartSpaceCombat", *during)}

    assert not window.controller.session.space.round.active
    assert offered() == {"actionStartSpaceCombat": True} | dict.fromkeys(during, False)
    assert op.start_space_combat(window.controller, ())
    assert offered() == {"actionStartSpaceCombat": False} | dict.fromkeys(during, True)
    assert window.controller.stack.canUndo()
    window.controller.stack.undo()  # the fight never began
    assert offered() == {"actionStartSpaceCombat": True} | dict.fromkeys(during, False)
    window.controller.stack.redo()
    qtbot.keyClick(
        window,
        Qt.Key.Key_F5,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert not window.controller.session.space.round.active  # Ctrl+Shift+F5 ended it
    assert offered() == {"actionStartSpaceCombat": True} | dict.fromkeys(during, False)


def test_fire_and_scan_in_the_menu_follow_the_bridge_buttons(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R41, R45: once the bridge is made, Combat ▸ Space's Fire and Scan the Target are on
    exactly when its Fire and Scan buttons are; before it is made, using one in a phase
    where the station may not act makes the bridge and says why, pushing nothing."""
    controller, actions = window.controller, window.actions_by_name
    refusals: list[str] = []
    controller.failed.connect(refusals.append)
    assert op.start_space_combat(controller, ())  # the Captain's phase: no volley, no scan
    assert window.bridge.panel is None and actions["actionFire"].isEnabled()
    steps = controller.stack.count()
    actions["actionFire"].trigger()
    assert window.bridge.built, "using it made the bridge"
    panel = window.bridge.build()  # the one made
    assert not panel.fire_button.isEnabled()
    assert refusals == [panel.fire_button.toolTip()] and refusals[0]
    assert panel.weapons.feedback.error and controller.stack.count() == steps

    def menu_and_buttons() -> list[tuple[bool, bool]]:
        return [
            (actions["actionFire"].isEnabled(), panel.fire_button.isEnabled()),
            (actions["actionScan"].isEnabled(), panel.scan_button.isEnabled()),
        ]

    assert menu_and_buttons() == [(False, False), (False, False)]
    assert op.next_space_phase(controller)  # the Action phase: both stations may act
    assert menu_and_buttons() == [(True, True), (True, True)]
    controller.stack.undo()
    assert menu_and_buttons() == [(False, False), (False, False)]
    controller.stack.redo()
    assert op.end_space_combat(controller)
    assert menu_and_buttons() == [(False, False), (False, False)]
