"""Screenshots of portraits: the demo mid-fight with pictures given to three combatants
(drawn here: a coloured disc with an initial, saved beside a temporary session file), in
the initiative list, the inspector, on their tokens and in the player view.

    QT_QPA_PLATFORM=offscreen python -c "from tools.portrait_shots import portrait_shots; \
from pathlib import Path; portrait_shots(Path('docs/screenshots'))"

Writes portrait-1280x800-<theme>.png and portrait-player-view-<theme>.png.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("FUTUREPATH_HOME", tempfile.mkdtemp(prefix="fp-shots-"))  # not the GM's

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QRadialGradient
from PySide6.QtWidgets import QApplication

from futurepath_desktop.session import commands as c
from futurepath_desktop.session import store
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.ui import theme
from futurepath_desktop.ui.main_window import MainWindow
from tools.poses import mid_fight

SITTERS = (("art", "#2e86de", "A"), ("james", "#e1a100", "J"), ("bear-2", "#8e3b2f", "B"))
"""Who gets a picture: the combatant, the picture's colour and its letter."""


def paint_portrait(path: Path, colour: str, letter: str, side: int = 256) -> None:
    """A stand-in portrait: a lit disc of ``colour`` with a big ``letter`` on it."""
    image = QImage(side, side, QImage.Format.Format_ARGB32)
    image.fill(QColor(colour).darker(170))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    glow = QRadialGradient(QPointF(side * 0.4, side * 0.35), side * 0.6)
    glow.setColorAt(0.0, QColor(colour).lighter(150))
    glow.setColorAt(1.0, QColor(colour))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(glow)
    painter.drawEllipse(QRectF(side * 0.08, side * 0.08, side * 0.84, side * 0.84))
    font = QFont()
    font.setBold(True)
    font.setPixelSize(int(side * 0.5))
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(QRectF(0, 0, side, side), Qt.AlignmentFlag.AlignCenter, letter)
    painter.end()
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(str(path))


def settle(app: QApplication, rounds: int = 5) -> None:
    for _ in range(rounds):
        app.processEvents()


def portrait_shots(out: Path) -> None:
    """Save the portrait screenshots into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    with tempfile.TemporaryDirectory(prefix="fp-portraits-") as folder:
        session_path = Path(folder) / "space-bears.fpsession"
        store.save_session(demo_session(), session_path)
        for ident, colour, letter in SITTERS:
            paint_portrait(Path(folder) / "portraits" / f"{ident}.png", colour, letter)
        for scheme in (theme.LIGHT, theme.DARK):
            theme.apply_theme(app, scheme)
            session = store.load_session(session_path)
            window = MainWindow(session, session_path, autosave=False, remember_layout=False)
            window.settings.setValue("theme", scheme)
            window.apply_palette()
            window.resize(1280, 800)
            window.show()
            mid_fight(window)
            for ident, _, _ in SITTERS:
                window.controller.push(c.SetPortrait(ident, f"portraits/{ident}.png"))
            window.initiative.select(["art"])
            settle(app)
            window.map.view.fit()
            settle(app)
            window.grab().save(str(out / f"portrait-1280x800-{scheme}.png"))
            window.show_player_view()
            assert window.player_view is not None
            settle(app)
            window.player_view.grab().save(str(out / f"portrait-player-view-{scheme}.png"))
            window.player_view.close()
            window.controller.stack.setClean()
            window.close()
        theme.apply_theme(app, theme.LIGHT)
