"""Take screenshots of the main window mid-fight, for the README and for review.

    QT_QPA_PLATFORM=offscreen python tools/screenshot.py OUT_DIR

Writes main-<width>x<height>-<theme>.png for 1280×800 and 1920×1080 in light and dark,
player-view-<theme>.png and bridge-1280x800-<theme>.png.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("FUTUREPATH_HOME", tempfile.mkdtemp(prefix="fp-shots-"))

from PySide6.QtWidgets import QApplication

from futurepath_desktop.core.starship import Flying, Position
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.state import Template
from futurepath_desktop.ui import theme
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


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    for scheme in (theme.LIGHT, theme.DARK):
        theme.apply_theme(app, scheme)
        for width, height in ((1280, 800), (1920, 1080)):
            window = MainWindow(demo_session(), autosave=False, remember_layout=False)
            window.settings.setValue("theme", scheme)
            window.apply_palette()
            window.resize(width, height)
            window.show()
            mid_fight(window)
            for _ in range(5):
                app.processEvents()
            window.map.view.fit()
            app.processEvents()
            window.grab().save(str(out / f"main-{width}x{height}-{scheme}.png"))
            if width == 1920:
                window.initiative.select(["art"])
                window.inspector.attack.target.setCurrentIndex(
                    window.inspector.attack.target.findData("bear-2")
                )
                for tab, name in ((0, "attack"), (2, "fight")):
                    window.show_chart(tab)
                    for _ in range(5):
                        app.processEvents()
                    window.odds.refresh()
                    app.processEvents()
                    window.odds.grab().save(str(out / f"charts-{name}-{scheme}.png"))
            if width == 1280:
                window.show_player_view()
                assert window.player_view is not None
                for _ in range(5):
                    app.processEvents()
                window.player_view.grab().save(str(out / f"player-view-{scheme}.png"))
                window.player_view.close()
            window.controller.stack.setClean()
            window.close()
        window = MainWindow(demo_session(), autosave=False, remember_layout=False)
        window.settings.setValue("theme", scheme)
        window.apply_palette()
        window.resize(1280, 800)
        window.show()
        mid_space_fight(window)
        for _ in range(5):
            app.processEvents()
        bridge = window.bridge.build()
        bridge.target.setCurrentIndex(bridge.target.findData("bear-hunter"))
        bridge.update_odds()
        app.processEvents()
        window.grab().save(str(out / f"bridge-1280x800-{scheme}.png"))
        window.resize(1920, 1080)
        window.show_chart(1)
        for _ in range(5):
            app.processEvents()
        window.odds.refresh()
        app.processEvents()
        window.odds.grab().save(str(out / f"charts-battle-damage-{scheme}.png"))
        window.controller.stack.setClean()
        window.close()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main()
