"""The player view's map as a picture (R61): the demo mid-fight at 1280×800, light and
dark, with the player view open. Its walls are drawn, and its fog is an opaque cover:
every pixel sampled inside it away from a friend's token is one colour, an enemy's token
standing there, which the GM's map shows, is not seen, and a friend's is (R61: the
players know where their friends are).

Which square is which comes from the session, where it is on screen from each view
(``mapFromScene``); the colours come from the pictures alone.
"""

from __future__ import annotations

import math
from statistics import median

import pytest
from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetrics, QImage
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session.commands import JoinCombat, NextPhase, PlaceToken, StartCombat
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.state import Area, Session
from futurepath_desktop.ui import theme
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.map.scene import area_rect, square_rect
from futurepath_desktop.ui.map.view import MapView
from futurepath_desktop.ui.player_view import PlayerView
from tests.visual.conftest import SCHEMES, Posed, luminance, pixel, settle, themed_window

Square = tuple[int, int]
Colour = tuple[int, int, int]
INSET = 4  # pixels kept clear of a square's (or an area's) edges when sampling inside it
IN_FOG_FRIEND = ("james", (23, 5))  # a friend's token the players' map holds, under the fog
IN_FOG_ENEMY = ("bear-4", (22, 12))  # a bear the GM sees there and the players do not
WRAP = Qt.TextFlag.TextWordWrap


def rgb(colour: QColor) -> Colour:
    return (colour.red(), colour.green(), colour.blue())


def on_screen(view: MapView, rect: QRectF) -> QRect:
    """A scene rectangle in the view's viewport pixels."""
    return view.mapFromScene(rect).boundingRect()


def samples(image: QImage, rect: QRect, step: int = 2) -> list[Colour]:
    """Every ``step``-th pixel of a rectangle, inset from its edges."""
    inner = rect.adjusted(INSET, INSET, -INSET, -INSET)
    assert inner.width() > 2 and inner.height() > 2, f"nothing to sample in {rect}"
    return [
        rgb(pixel(image, x, y))
        for y in range(inner.top(), inner.bottom() + 1, step)
        for x in range(inner.left(), inner.right() + 1, step)
    ]


def average(colours: list[Colour]) -> tuple[float, float, float]:
    n = len(colours)
    return (
        sum(c[0] for c in colours) / n,
        sum(c[1] for c in colours) / n,
        sum(c[2] for c in colours) / n,
    )


def lum(colour: tuple[float, float, float]) -> float:
    return float(luminance(QColor.fromRgbF(*(c / 255 for c in colour))))


def square_colour(image: QImage, view: MapView, square: Square) -> tuple[float, float, float]:
    return average(samples(image, on_screen(view, square_rect(*square)), step=1))


def open_player_view(qtbot: QtBot, window: MainWindow) -> PlayerView:
    window.show_player_view()
    view = window.player_view
    assert view is not None
    qtbot.waitExposed(view)
    settle()
    view.map_view.fit()
    settle()
    return view


def plain(session: Session, code: str, taken: set[Square]) -> list[Square]:
    """Squares of one terrain code with no cover, outside every fog and zone, and with no
    token on or next to them."""
    near = {(x + dx, y + dy) for x, y in taken for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    grid = session.map
    assert grid is not None
    return [
        (x, y)
        for y, row in enumerate(grid.terrain)
        for x, here in enumerate(row)
        if here == code
        and not grid.cover_at((x, y))
        and not any(a.contains((x, y)) for a in session.areas.values())
        and (x, y) not in near
    ]


def posed_with_tokens_in_fog(posed: Posed, scheme: str) -> MainWindow:
    window = posed(1280, 800, scheme)
    for ident, square in (IN_FOG_FRIEND, IN_FOG_ENEMY):
        assert window.controller.push(PlaceToken(ident, *square))
    window.map.view.fit()
    settle()
    return window


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_players_map_draws_its_walls(qtbot: QtBot, posed: Posed, scheme: str) -> None:
    window = posed_with_tokens_in_fog(posed, scheme)
    view = open_player_view(qtbot, window)
    image = view.map_view.viewport().grab().toImage()
    grid = window.controller.session.map
    assert grid is not None
    taken = {window.controller.session.tokens[i].square for i in view.map_scene.tokens}
    templates = {(13 + dx, 8 + dy) for dx in range(-2, 3) for dy in range(-2, 3)}  # the Shock
    walls = plain(window.controller.session, "#", taken | templates)
    floor = plain(window.controller.session, ".", taken | templates)
    assert len(walls) >= 20 and len(floor) >= 40, "the demo's room is on the players' map"
    side = on_screen(view.map_view, square_rect(0, 0)).width()
    assert side >= 12, f"a square is {side} px on the players' map: too small to read"
    floor_lum = median(lum(square_colour(image, view.map_view, s)) for s in floor)
    wall_lums = {s: lum(square_colour(image, view.map_view, s)) for s in walls}
    if scheme == theme.LIGHT:
        dim = {s: round(v) for s, v in wall_lums.items() if v > floor_lum - 60}
        assert not dim, f"walls not clearly darker than the floor ({floor_lum:.0f}): {dim}"
    else:
        alike = {s: round(v) for s, v in wall_lums.items() if abs(v - floor_lum) < 40}
        assert not alike, f"walls too close to the floor ({floor_lum:.0f}): {alike}"


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_players_fog_is_opaque_over_floor_walls_and_enemies_not_over_friends(
    qtbot: QtBot, posed: Posed, scheme: str
) -> None:
    window = posed_with_tokens_in_fog(posed, scheme)
    view = open_player_view(qtbot, window)
    grid = window.controller.session.map
    assert grid is not None and window.controller.session.fog()
    fog: Area = window.controller.session.fog()[0]
    # The friend's token is on the players' map (R61: they know where their friend is),
    # and the bear's is not.
    assert IN_FOG_FRIEND[0] in view.map_scene.tokens
    assert IN_FOG_ENEMY[0] not in view.map_scene.tokens
    players = view.map_view.viewport().grab().toImage()
    gm = window.map.view.viewport().grab().toImage()
    friend_square = square_rect(*IN_FOG_FRIEND[1])
    friend_on_screen = on_screen(view.map_view, friend_square)
    # The friend's disc and its name plate, which reaches a square's half past it.
    friend_area = friend_on_screen.adjusted(
        -friend_on_screen.width(), -4, friend_on_screen.width(), friend_on_screen.height()
    )

    # The players' fog: one colour at every sampled pixel away from the friend's token,
    # however the squares under it differ (floor, grid lines, the bear's token).
    inside = [
        c
        for (x, y), c in located_samples(players, on_screen(view.map_view, area_rect(fog)))
        if not friend_area.contains(x, y)
    ]
    assert len(inside) > 500
    fog_colour = inside[len(inside) // 2]
    other = {c for c in inside if c != fog_colour}
    assert not other, f"the players' fog lets {len(other)} colours through: {sorted(other)[:5]}"

    # The same area on the GM's map is not one colour: what the fog covers is there to hide.
    gm_inside = samples(gm, on_screen(window.map.view, area_rect(fog)))
    assert len(set(gm_inside)) > 3, "the GM's map shows the squares under the fog"

    # Both tokens in the fog are drawn on the GM's map; on the players' the bear's is
    # covered and the friend's shows over the fog.
    for ident, square in (IN_FOG_FRIEND, IN_FOG_ENEMY):
        assert fog.contains(square)
        empty = (square[0] + 2, square[1])  # a fogged floor square beside it, no token
        assert fog.contains(empty) and grid.terrain[empty[1]][empty[0]] == "."
        token_gm = square_colour(gm, window.map.view, square)
        floor_gm = square_colour(gm, window.map.view, empty)
        assert math.dist(token_gm, floor_gm) > 40, f"the GM's map shows {ident} at {square}"
        seen = samples(players, on_screen(view.map_view, square_rect(*square)), step=1)
        if ident == IN_FOG_FRIEND[0]:
            unlike = [c for c in seen if math.dist(c, fog_colour) > 60]
            assert len(unlike) > len(seen) // 3, f"{ident}'s token is lost under the fog"
        else:
            assert set(seen) == {fog_colour}, f"{ident}'s token shows through the fog"

    # And the fog is not the floor: a blank map would not pass for fog.
    taken = {window.controller.session.tokens[i].square for i in view.map_scene.tokens}
    floor = plain(window.controller.session, ".", taken)
    floor_colour = average([rgb_round(square_colour(players, view.map_view, s)) for s in floor])
    assert math.dist(floor_colour, fog_colour) > 40, "the fog stands out from the floor"


def located_samples(
    image: QImage, rect: QRect, step: int = 2
) -> list[tuple[tuple[int, int], Colour]]:
    """Every ``step``-th pixel of a rectangle, inset from its edges, with where it is."""
    inner = rect.adjusted(INSET, INSET, -INSET, -INSET)
    assert inner.width() > 2 and inner.height() > 2, f"nothing to sample in {rect}"
    return [
        ((x, y), rgb(pixel(image, x, y)))
        for y in range(inner.top(), inner.bottom() + 1, step)
        for x in range(inner.left(), inner.right() + 1, step)
    ]


def rgb_round(colour: tuple[float, float, float]) -> Colour:
    return (round(colour[0]), round(colour[1]), round(colour[2]))


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_friend_who_joins_in_the_fog_shows_on_the_players_map(
    qtbot: QtBot, posed: Posed, scheme: str
) -> None:
    """Katie waits in the side room's fog; once she joins the fight the players' map shows
    her token over the fog, as the GM's does (R61)."""
    window = posed(1280, 800, scheme)
    view = open_player_view(qtbot, window)
    session = window.controller.session
    grid = session.map
    assert grid is not None
    katie = session.tokens["katie"].square
    assert any(f.contains(katie) for f in session.fog()), "the demo's Katie waits in the fog"
    assert "katie" not in view.map_scene.tokens  # not in the fight yet: not on their map
    for _ in range(12):
        if session.combat.phase == Phase.COUNTERS:
            break
        assert window.controller.push(NextPhase())
    assert window.controller.push(JoinCombat(("katie",), team_id="players"))
    settle()
    assert "katie" in view.map_scene.tokens
    players = view.map_view.viewport().grab().toImage()
    fog = next(f for f in session.fog() if f.contains(katie))
    spot = next(
        (x, y)
        for y in range(fog.y, fog.y + fog.height)
        for x in range(fog.x, fog.x + fog.width)
        if abs(x - katie[0]) > 2 and not any(t.square == (x, y) for t in session.tokens.values())
    )
    fog_colour = samples(players, on_screen(view.map_view, square_rect(*spot)))[0]
    seen = samples(players, on_screen(view.map_view, square_rect(*katie)), step=1)
    unlike = [c for c in seen if math.dist(c, fog_colour) > 60]
    assert len(unlike) > len(seen) // 3, "Katie's token is lost under the players' fog"


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_surprise_rounds_header_is_said_once_and_drawn_whole(qtbot: QtBot, scheme: str) -> None:
    """In the surprise round the players' header names it once ("2 Surprise round"), and at
    1280×800 its words are drawn in full: the label is as tall as they need when wrapped,
    and its ink reaches as far right as the words go."""
    window = themed_window(qtbot, demo_session(), 1280, 800, scheme)
    window.show()
    qtbot.waitUntil(lambda: window.painted)
    bears = tuple(c.id for c in window.controller.session.members("bears"))
    assert window.controller.push(StartCombat(unaware_ids=bears))
    assert window.controller.session.combat.surprise_round
    view = open_player_view(qtbot, window)
    header = view.header
    text = header.text()
    assert text.count("Surprise") == 1 and "2 Surprise round" in text, text
    room = header.contentsRect()
    metrics = QFontMetrics(header.font())
    needed = metrics.boundingRect(QRect(0, 0, room.width(), 10**6), WRAP, text)
    assert room.height() >= needed.height(), f"{text!r} needs {needed.height()} px, has {room}"
    picture = header.grab().toImage()
    ground = rgb(pixel(picture, room.right() - 1, room.bottom() - 1))
    inked = [
        x
        for x in range(room.left(), room.right())
        for y in range(room.top(), room.bottom(), 2)
        if sum(abs(a - b) for a, b in zip(rgb(pixel(picture, x, y)), ground, strict=True)) > 60
    ]
    assert inked, "the header is drawn"
    widest_line = min(needed.width(), room.width())
    assert max(inked) - min(inked) >= 0.9 * widest_line - metrics.averageCharWidth()
