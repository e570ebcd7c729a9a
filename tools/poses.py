"""The demo posed mid-fight, for the screenshots and the pixel tests: the same window a GM
sees after the chapter's opening, or two rounds into the space fight."""

from __future__ import annotations

from futurepath_desktop.core.starship import Flying, Position
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.state import Template
from futurepath_desktop.ui.main_window import MainWindow


def mid_fight(window: MainWindow) -> None:
    """Play the chapter's opening: the explosion, the surprise round, the players' turn."""
    push = window.controller.push
    push(c.AddCondition(("brandon", "james", "art"), "shaken", 1, source="the trap"))
    push(c.AddCondition(("bear-1",), "stunned", 1, source="the trap"))
    push(c.StartCombat(("james", "art", "bear-1", "bear-2", "bear-3", "bear-4")))
    push(c.ResolveAttack("brandon", "bear-1", distance_ft=25))
    push(c.NextTurn())
    push(c.NextTurn())
    push(c.MoveToken("art", 6, 8))
    push(c.ResolveAttack("art", "bear-2", distance_ft=50))
    push(c.MoveToken("james", 8, 6))
    push(c.PlaceTemplate(Template("shock", "burst", 13, 8, 5, label="James's Shock")))
    push(c.AddCondition(("bear-3",), "stunned", 2, source="James's Shock technique"))
    push(c.Damage(("bear-4",), 5, "James's arc"))
    window.initiative.select(["art"])
    window.inspector.attack.target.setCurrentIndex(
        window.inspector.attack.target.findData("bear-2")
    )
    window.inspector.attack.distance.setValue(50)
    window.map.set_tool(window.map.view.tool.RULER)
    window.map.view.select("brandon")
    window.map.set_tool(window.map.view.tool.MOVE)
    window.map.view.begin_drag("brandon")
    window.map.view.preview((9, 2))


def mid_space_fight(window: MainWindow) -> None:
    """Two rounds of the Wayfarer against the Bear Hunter, stopped in round 2's Response."""
    push = window.controller.push
    push(c.StartSpaceCombat())
    push(c.CrewAction("wayfarer", Position.CAPTAIN, "orders: weapons free"))
    push(c.NextSpacePhase())
    push(c.Scan("wayfarer", "bear-hunter"))
    push(c.Fire("wayfarer", "bear-hunter", 4))
    push(c.Fire("bear-hunter", "wayfarer", 4))
    push(c.NextSpacePhase())
    push(c.NextSpacePhase())
    push(c.CrewAction("bear-hunter", Position.CAPTAIN, "roars at the crew"))
    push(c.NextSpacePhase())
    push(c.CrewAction("wayfarer", Position.HELM, "", flying=Flying.OFFENSIVE))
    push(c.Scan("wayfarer", "bear-hunter"))
    push(c.Fire("wayfarer", "bear-hunter", 4))
    push(c.Fire("bear-hunter", "wayfarer", 4))
    push(c.NextSpacePhase())
    window.bridge.show()
    window.bridge.raise_()


def space_rolls_waiting(window: MainWindow) -> None:
    """Round 1's Action phase of the space fight with its rolls entered and not yet rolled
    (R57): the helm's course set, the Wayfarer's scan and volley and the bears' volley."""
    push = window.controller.push
    push(c.StartSpaceCombat())
    push(c.CrewAction("wayfarer", Position.CAPTAIN, "orders: weapons free"))
    push(c.NextSpacePhase())
    push(c.CrewAction("wayfarer", Position.HELM, "", flying=Flying.OFFENSIVE))
    push(c.Fire("wayfarer", "bear-hunter", 4))
    push(c.Scan("wayfarer", "bear-hunter"))
    push(c.Fire("bear-hunter", "wayfarer", 4))
    window.bridge.show()
    window.bridge.raise_()


def themed_window(scheme: str, width: int = 1280, height: int = 800) -> MainWindow:
    """The demo session in a shown window of that size, in the ``scheme`` theme."""
    from futurepath_desktop.session.demo import demo_session

    window = MainWindow(demo_session(), autosave=False, remember_layout=False)
    window.settings.setValue("theme", scheme)
    window.apply_palette()
    window.resize(width, height)
    window.show()
    return window
