"""Take screenshots of the main window mid-fight, for the README and for review.

    QT_QPA_PLATFORM=offscreen python tools/screenshot.py OUT_DIR

Writes main-<width>x<height>-<theme>.png for 1280×800, 1366×768 and 1920×1080 in light
and dark, player-view-<theme>.png and bridge-1280x800-<theme>.png.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("FUTUREPATH_HOME", tempfile.mkdtemp(prefix="fp-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script, too

from PySide6.QtWidgets import QApplication

from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.ui import theme
from futurepath_desktop.ui.dialogs.ship_dialog import ShipDialog
from futurepath_desktop.ui.main_window import MainWindow
from tools.about_shots import about_shots
from tools.portrait_shots import portrait_shots
from tools.poses import mid_fight, mid_space_fight, space_rolls_waiting
from tools.prep_shots import prep_shots
from tools.screen_shots import screen_shots


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    for scheme in (theme.LIGHT, theme.DARK):
        theme.apply_theme(app, scheme)
        for width, height in ((1280, 800), (1366, 768), (1920, 1080)):
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
        window = MainWindow(demo_session(), autosave=False, remember_layout=False)
        window.settings.setValue("theme", scheme)
        window.apply_palette()
        window.resize(1280, 800)
        window.show()
        space_rolls_waiting(window)
        for _ in range(5):
            app.processEvents()
        bridge = window.bridge.build()
        bridge.target.setCurrentIndex(bridge.target.findData("bear-hunter"))
        bridge.update_odds()
        app.processEvents()
        window.grab().save(str(out / f"bridge-rolls-waiting-1280x800-{scheme}.png"))
        editor = ShipDialog(window.controller.session, window.controller.session.ship("wayfarer"))
        editor.show()
        for _ in range(5):
            app.processEvents()
        editor.grab().save(str(out / f"ship-editor-{scheme}.png"))
        editor.close()
        window.controller.stack.setClean()
        window.close()
    portrait_shots(out)  # pictures on combatants: list, inspector, tokens, player view
    about_shots(out)  # Help ▸ About, light and dark
    prep_shots(out)  # the Prep Library window and the import report
    screen_shots(out)  # the players' window full screen; 150% and 200% scaling
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main()
