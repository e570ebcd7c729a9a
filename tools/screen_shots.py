"""Screenshots of the players' window full screen in large type, and of the window at 150%
and 200% scaling. Qt reads its scaling and its screens when it starts, so each shot is
taken in a process of its own, on an offscreen screen of the size the shot needs.

    python -m tools.screen_shots OUT_DIR

Writes player-view-fullscreen.png (1920×1080, four teams of five, large type, dark),
main-1280x800-150pct.png, main-1280x800-200pct.png, player-view-150pct.png and
player-view-200pct.png.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import msgspec
from PySide6.QtWidgets import QApplication

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.records.kinds import Side
from futurepath_desktop.session.state import Session, Team
from futurepath_desktop.ui import player_window, theme
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.player_screen import FULL_SCREEN_KEY, LARGE_TYPE_KEY
from tools.poses import mid_fight

ROOT = Path(__file__).resolve().parent.parent

EXTRA_TEAMS: tuple[tuple[str, str, str, Side, tuple[str, ...]], ...] = (
    ("raiders", "Void Raiders", "#8e44ad", "enemies", ("Kess", "Vorn", "Ilya", "Drax", "Sable")),
    ("guards", "Station Guards", "#16a085", "allies", ("Okafor", "Lind", "Reyes", "Tamm", "Quill")),
)
"""The two teams added to the demo for four teams of five: id, name, colour, side, members."""


def crowded_session() -> Session:
    """The demo with four teams of five, everyone present: the most a table usually sees."""
    session = demo_session()
    bear = session.combatants["bear-1"]
    for ident, name, colour, side, members in EXTRA_TEAMS:
        session.teams[ident] = Team(id=ident, name=name, colour=colour, side=side)
        for number, member in enumerate(members, 1):
            one = msgspec.structs.replace(
                bear, id=f"{ident}-{number}", name=member, team_id=ident, kind="npc", notes=""
            )
            session.combatants[one.id] = one
    fifth = msgspec.structs.replace(bear, id="bear-5", name="Space Bear 5")
    session.combatants[fifth.id] = fifth
    katie = session.combatants["katie"]
    mira = msgspec.structs.replace(katie, id="mira", name="Mira", present=True, notes="")
    session.combatants["katie"] = msgspec.structs.replace(katie, present=True)
    session.combatants[mira.id] = mira
    return session


def _settle(rounds: int = 6) -> None:
    for _ in range(rounds):
        QApplication.processEvents()


def _window(session: Session, scheme: str, size: tuple[int, int]) -> MainWindow:
    """The GM's window on ``session`` mid-fight, in ``scheme``."""
    window = MainWindow(session, autosave=False, remember_layout=False)
    window.settings.setValue("theme", scheme)
    window.apply_palette()
    window.resize(*size)
    window.show()
    mid_fight(window)
    _settle()
    window.map.view.fit()
    _settle()
    return window


def full_screen_shot(out: Path) -> None:
    """The players' window full screen on a 1920×1080 screen, large type, four teams."""
    window = _window(crowded_session(), theme.DARK, (1280, 800))
    push = window.controller.push
    push(c.AddCondition(("raiders-2", "guards-4"), "prone", 2, source="the blast"))
    push(c.Damage(("raiders-1",), 9, "Art's rifle"))
    window.settings.setValue(LARGE_TYPE_KEY, True)
    window.settings.setValue(FULL_SCREEN_KEY, True)
    player_window.show(window)
    view = window.player_view
    assert view is not None
    _settle(10)
    view.grab().save(str(out / "player-view-fullscreen.png"))
    view.close()
    window.controller.stack.setClean()
    window.close()


def scaled_shots(out: Path, percent: int) -> None:
    """The main window at 1280×800 and the players' window, scaled by ``percent``."""
    window = _window(demo_session(), theme.LIGHT, (1280, 800))
    window.grab().save(str(out / f"main-1280x800-{percent}pct.png"))
    window.show_player_view()
    _settle(10)
    view = window.player_view
    assert view is not None
    view.grab().save(str(out / f"player-view-{percent}pct.png"))
    view.close()
    window.controller.stack.setClean()
    window.close()


def run_shot(out: Path, shot: str) -> None:
    """Take one shot in this process (``full``, or a scaling in percent)."""
    os.environ.setdefault("FUTUREPATH_HOME", tempfile.mkdtemp(prefix="fp-shots-"))  # not the GM's
    app = QApplication(sys.argv[:1] + theme.STYLE_ARGS)
    theme.apply_theme(app, theme.DARK if shot == "full" else theme.LIGHT, set_style=False)
    out.mkdir(parents=True, exist_ok=True)
    if shot == "full":
        full_screen_shot(out)
    else:
        scaled_shots(out, int(shot))


SHOTS = (("full", 1.0, (1920, 1080)), ("150", 1.5, (2560, 1600)), ("200", 2.0, (2560, 1600)))
"""Each shot: its name, Qt's scale factor and the screen's size in device pixels (a
1920×1080 table screen; a laptop panel of 2560×1600, which at 200% is 1280×800)."""


def screen_shots(out: Path) -> None:
    """Take every shot, each in a process of its own."""
    for shot, factor, (width, height) in SHOTS:
        with tempfile.TemporaryDirectory(prefix="fp-screen-") as folder:
            config = Path(folder) / "screen.json"
            screen = {"name": "table", "x": 0, "y": 0, "width": width, "height": height}
            config.write_text(json.dumps({"screens": [screen]}), encoding="utf-8")
            env = dict(os.environ)
            env["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"
            env["QT_SCALE_FACTOR"] = str(factor)
            env.setdefault("FUTUREPATH_HOME", folder)
            code = "import sys; from tools.screen_shots import run_shot, Path; "
            code += "run_shot(Path(sys.argv[1]), sys.argv[2])"
            command = [sys.executable, "-c", code, str(out.resolve()), shot]
            subprocess.run(command, env=env, cwd=ROOT, check=True)


if __name__ == "__main__":
    screen_shots(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
