"""A portrait on the map: the demo mid-fight, rendered offscreen at 1280×800 in light and
dark, with a pure magenta picture given to one token's combatant. The magenta shows inside
that token's disc (and nowhere else), the team's colour still rings it, and a token
without a portrait, or whose picture has gone missing, shows none."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.map.ground import SQUARE
from tests.ui.portrait_files import MAGENTA, near, picture
from tests.visual.conftest import SCHEMES, Posed, pixel, settle

Disc = tuple[QPointF, float]
"""A token's disc on screen: its centre and radius in viewport pixels."""


def disc_of(window: MainWindow, ident: str) -> Disc:
    token = window.controller.session.tokens[ident]
    view = window.map.view
    side = token.size * SQUARE
    centre = view.mapFromScene(QPointF(token.x * SQUARE + side / 2, token.y * SQUARE + side / 2))
    edge = view.mapFromScene(QPointF(token.x * SQUARE + side, token.y * SQUARE + side / 2))
    return QPointF(centre), float(edge.x() - centre.x())


def colours_in(image: QImage, disc: Disc, low: float, high: float) -> list[QColor]:
    """The pixels between ``low`` and ``high`` of the disc's radius from its centre."""
    centre, radius = disc
    found = []
    for dy in range(-math.ceil(radius), math.ceil(radius) + 1):
        for dx in range(-math.ceil(radius), math.ceil(radius) + 1):
            if low * radius <= math.hypot(dx, dy) <= high * radius:
                found.append(pixel(image, centre.x() + dx, centre.y() + dy))
    return found


def magenta_share(colours: list[QColor]) -> float:
    return sum(1 for colour in colours if near(colour, MAGENTA)) / max(1, len(colours))


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_portrait_fills_its_token_inside_the_team_ring(
    posed: Posed, scheme: str, tmp_path: Path
) -> None:
    window = posed(1280, 800, scheme)
    session = window.controller.session
    on_map = [i for i in session.tokens if not session.combatants[i].hidden]  # not faded
    pictured, plain, lost = on_map[0], on_map[1], on_map[2]
    window.controller.set_path(tmp_path / "fight.fpsession")
    picture(tmp_path / "faces" / "face.png")
    assert window.controller.push(c.SetPortrait(pictured, "faces/face.png"))
    assert window.controller.push(c.SetPortrait(lost, "faces/gone.png"))
    settle()
    image = window.map.view.viewport().grab().toImage()
    # The middle of the pictured token is the picture…
    assert magenta_share(colours_in(image, disc_of(window, pictured), 0.0, 0.45)) > 0.9
    # …and round it the team's colour still shows (or the acting or chosen ring over it).
    team = QColor(session.teams[session.combatants[pictured].team_id].colour)
    ring = colours_in(image, disc_of(window, pictured), 0.72, 0.80)
    assert magenta_share(ring) < 0.2
    assert any(near(colour, team, 40) for colour in ring)
    # No magenta on the others' tokens, nor anywhere outside the pictured one.
    for other in (plain, lost):
        assert magenta_share(colours_in(image, disc_of(window, other), 0.0, 1.0)) == 0
    centre, radius = disc_of(window, pictured)
    ratio = image.devicePixelRatio()
    for y in range(0, image.height(), 3):
        for x in range(0, image.width(), 3):
            if near(image.pixelColor(x, y), MAGENTA, 8):
                assert math.hypot(x / ratio - centre.x(), y / ratio - centre.y()) <= radius
