"""The GM's map as a picture: the demo mid-fight, rendered offscreen at the sizes of the
screens GMs bring, light and dark, and sampled where the session says there are walls,
floor, fog, a zone and tokens.

Which square is which comes from the session (``session.map``), and where it is on screen
from the view (``mapFromScene``); the colours come from the picture alone. A map drawn
without its terrain, its grid or its areas fails here.
"""

from __future__ import annotations

import math
from statistics import median

import pytest
from PySide6.QtCore import QPointF, QRect
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QGraphicsRectItem
from pytestqt.qtbot import QtBot

from futurepath_desktop.session.commands import PaintTerrain
from futurepath_desktop.session.state import Area
from futurepath_desktop.ui import theme
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.map.scene import SQUARE, area_rect, square_rect
from futurepath_desktop.ui.map.view import MapView
from tests.visual.conftest import SCHEMES, SIZES, Posed, luminance, pixel

Square = tuple[int, int]
Colour = tuple[float, float, float]
CASES = [pytest.param(w, h, s, id=f"{w}x{h}-{s}") for (w, h) in SIZES for s in SCHEMES]
INSET = 3  # pixels kept clear of a square's grid lines when its inside is sampled


def on_screen(view: MapView, square: Square) -> QRect:
    """A square's rectangle in the view's viewport pixels."""
    return view.mapFromScene(square_rect(*square)).boundingRect()


def mean(image: QImage, rect: QRect) -> Colour:
    """The average colour of a rectangle of the picture."""
    total = [0.0, 0.0, 0.0]
    count = 0
    for y in range(rect.top(), rect.bottom() + 1):
        for x in range(rect.left(), rect.right() + 1):
            colour = pixel(image, x, y)
            total[0] += colour.redF()
            total[1] += colour.greenF()
            total[2] += colour.blueF()
            count += 1
    assert count, f"nothing to sample in {rect}"
    return (255 * total[0] / count, 255 * total[1] / count, 255 * total[2] / count)


def inside(image: QImage, view: MapView, square: Square) -> Colour:
    """The average colour inside a square, away from its grid lines."""
    return mean(image, on_screen(view, square).adjusted(INSET, INSET, -INSET, -INSET))


def lum(colour: Colour) -> float:
    return float(luminance(QColor.fromRgbF(*(c / 255 for c in colour))))


def typical(image: QImage, view: MapView, squares: list[Square]) -> Colour:
    """The median colour inside a set of squares, channel by channel."""
    samples = [inside(image, view, s) for s in squares]
    r, g, b = (median(channel) for channel in zip(*samples, strict=True))
    return (r, g, b)


def distance(a: Colour, b: Colour) -> float:
    return math.dist(a, b)


def covered_by(view: MapView, square: Square) -> list[object]:
    """The visible items drawn over a square (tokens, labels, templates, the path...)."""
    return [item for item in view.items(on_screen(view, square)) if item.isVisible()]


def squares_where(
    window: MainWindow, code: str, *, areas: tuple[Area, ...] = (), cover: int = 0
) -> list[Square]:
    """Squares of one terrain code and cover level (none unless asked), in exactly the
    given fog or zone areas, with nothing drawn over them but those areas (and edges)."""
    grid = window.controller.session.map
    assert grid is not None
    view = window.map.view
    wanted = [area_rect(a) for a in areas]
    area_items = {
        item
        for item in window.map.scene.items()
        if isinstance(item, QGraphicsRectItem) and item.rect() in wanted and item.zValue() == 1
    }
    found = []
    for y, row in enumerate(grid.terrain):
        for x, here in enumerate(row):
            square = (x, y)
            if here != code or grid.cover_at(square) != cover:
                continue
            holding = [
                a
                for a in (*window.controller.session.fog(), *window.controller.session.zones())
                if a.contains(square)
            ]
            if set(holding) != set(areas):
                continue
            if any(not area.contains(n) for area in areas for n in neighbours(square)):
                continue  # the area's edge runs through it
            if all(item in area_items for item in covered_by(view, square)):
                found.append(square)
    return found


def neighbours(square: Square) -> list[Square]:
    x, y = square
    return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]


def grab(window: MainWindow) -> QImage:
    return window.map.view.viewport().grab().toImage()


def line_shows(image: QImage, view: MapView, a: Square, b: Square, interior: Colour) -> bool:
    """Whether the grid line between two side-by-side squares differs from their inside.
    Columns of pixels across the shared edge are averaged along it (its ends left out), so
    a hatch or a dot screen over the squares, which crosses every column alike, cannot
    pass for a line."""
    assert b == (a[0] + 1, a[1])
    top = view.mapFromScene(QPointF(b[0] * SQUARE, b[1] * SQUARE))
    bottom = view.mapFromScene(QPointF(b[0] * SQUARE, (b[1] + 1) * SQUARE))
    rows = range(top.y() + INSET, bottom.y() - INSET)
    assert len(rows) >= 4
    columns = [mean(image, QRect(top.x() + dx, rows.start, 1, len(rows))) for dx in (-1, 0, 1)]
    return any(distance(column, interior) > 15 for column in columns)


def pairs(squares: list[Square]) -> list[tuple[Square, Square]]:
    chosen = set(squares)
    return [(s, (s[0] + 1, s[1])) for s in squares if (s[0] + 1, s[1]) in chosen]


@pytest.mark.parametrize(("width", "height", "scheme"), CASES)
def test_walls_stand_out_from_the_floor_and_the_grid_is_drawn(
    posed: Posed, width: int, height: int, scheme: str
) -> None:
    window = posed(width, height, scheme)
    view = window.map.view
    image = grab(window)
    walls = squares_where(window, "#")
    floor = squares_where(window, ".")
    assert len(walls) >= 10 and len(floor) >= 20, "the demo's room is in view"
    floor_lum = lum(typical(image, view, floor))
    wall_lums = {s: lum(inside(image, view, s)) for s in walls}
    if scheme == theme.LIGHT:
        dim = {s: v for s, v in wall_lums.items() if v > floor_lum - 60}
        assert not dim, f"walls not clearly darker than the floor ({floor_lum:.0f}): {dim}"
    else:
        alike = {s: v for s, v in wall_lums.items() if abs(v - floor_lum) < 40}
        assert not alike, f"walls too close to the floor ({floor_lum:.0f}): {alike}"
    side = on_screen(view, floor[0]).width()
    assert side >= 10, f"a square is {side} px: too small to read the map"
    beside = pairs(floor)
    assert len(beside) >= 10
    missing = [p for p in beside if not line_shows(image, view, *p, inside(image, view, p[0]))]
    assert not missing, f"no grid line between {len(missing)} of {len(beside)}: {missing[:5]}"


@pytest.mark.parametrize(("width", "height", "scheme"), CASES)
def test_fog_zones_and_tokens_are_seen_and_the_map_shows_through(
    posed: Posed, width: int, height: int, scheme: str
) -> None:
    window = posed(width, height, scheme)
    view = window.map.view
    image = grab(window)
    grid = window.controller.session.map
    assert (
        grid is not None and window.controller.session.fog() and window.controller.session.zones()
    )
    floor = squares_where(window, ".")
    floor_colour = typical(image, view, floor)
    for layer, area in (
        ("fog", window.controller.session.fog()[0]),
        ("zone", window.controller.session.zones()[0]),
    ):
        under = squares_where(window, ".", areas=(area,))
        assert len(under) >= 2, f"no clear square of the {layer} {area.name} in view"
        for square in under:
            seen = inside(image, view, square)
            assert distance(seen, floor_colour) > 15, (
                f"the {layer} {area.name} at {square} looks like plain floor: "
                f"{seen} against {floor_colour}"
            )
        # The squares under it still show: the grid line between two of them is drawn.
        beside = pairs(under)
        assert beside, f"two side-by-side squares of the {layer}"
        a, b = beside[0]
        assert line_shows(image, view, a, b, inside(image, view, a)), (
            f"the {layer} {area.name} hides the grid under it"
        )
    tokens = window.map.scene.tokens
    assert len(tokens) >= 6
    for ident, item in tokens.items():
        token = window.controller.session.tokens[ident]
        centre = on_screen(view, token.square).center()
        r = max(1, on_screen(view, token.square).width() // 5)
        seen = mean(image, QRect(centre.x() - r, centre.y() - r, 2 * r, 2 * r))
        assert distance(seen, floor_colour) > 40, f"{ident}'s token is not drawn at {centre}"
        assert item.isVisible()


@pytest.mark.parametrize(("width", "height", "scheme"), CASES)
def test_difficult_ground_half_squares_and_cover_are_drawn(
    posed: Posed, width: int, height: int, scheme: str
) -> None:
    window = posed(width, height, scheme)
    view = window.map.view
    image = grab(window)
    floor = typical(image, view, squares_where(window, "."))
    kinds = {
        "difficult terrain": squares_where(window, "d"),
        "a half-square": squares_where(window, "h"),
        "partial cover": squares_where(window, ".", cover=1),
    }
    for kind, squares in kinds.items():
        assert squares, f"no clear square of {kind} in view"
        for square in squares:
            seen = inside(image, view, square)
            assert distance(seen, floor) > 25, f"{kind} at {square} looks like floor: {seen}"


@pytest.mark.parametrize("scheme", SCHEMES)
def test_cover_painted_and_taken_back_shows_at_once(posed: Posed, scheme: str) -> None:
    """The ground and its cover are drawn as one picture: a stroke of cover (or its undo)
    makes that picture anew, and the square shows it with no other change to the map."""
    window = posed(1280, 800, scheme)
    view = window.map.view
    floor = squares_where(window, ".")
    assert len(floor) >= 2
    square, other = floor[0], floor[-1]
    before = inside(grab(window), view, square)
    assert window.controller.push(PaintTerrain((square,), cover=3))
    QApplication.processEvents()
    after = grab(window)
    assert distance(inside(after, view, square), before) > 25, "full cover does not show"
    assert distance(inside(after, view, other), before) < 8, "cover showed where not painted"
    window.controller.stack.undo()
    QApplication.processEvents()
    assert distance(inside(grab(window), view, square), before) < 8, "the undo left cover"


@pytest.mark.parametrize(("first", "then"), [(theme.LIGHT, theme.DARK), (theme.DARK, theme.LIGHT)])
def test_the_backdrop_round_the_map_follows_a_change_of_theme(
    posed: Posed, first: str, then: str
) -> None:
    """The surround of a fitted map is the new theme's (dark round a dark map, light round
    a light one) after the theme is switched with the window open, as a fresh window's."""
    window = posed(1280, 800, first)
    view = window.map.view
    grid = window.controller.session.map
    assert grid is not None
    drawn = view.mapFromScene(view.sceneRect()).boundingRect()
    room = view.viewport().rect()
    # The fitted map leaves a band above or beside it: sample the middle of that band.
    if drawn.top() - room.top() > 8:
        spot = (room.center().x(), (room.top() + drawn.top()) // 2)
    else:
        assert drawn.left() - room.left() > 8, "the map fills the view: no surround to see"
        spot = ((room.left() + drawn.left()) // 2, room.center().y())
    before = luminance(pixel(grab(window), *spot))
    window.set_theme(then)
    QApplication.processEvents()
    after_image = grab(window)
    after = luminance(pixel(after_image, *spot))
    floor = lum(typical(after_image, view, squares_where(window, ".")[:20]))
    window.set_theme(first)
    if then == theme.DARK:
        assert after < 80 and after < before - 60, f"a light surround ({after:.0f}) in the dark"
        assert after < floor + 40, "the dark surround is no lighter than the dark floor"
    else:
        assert after > 150 and after > before + 60, f"a dark surround ({after:.0f}) in the light"


@pytest.mark.parametrize("dark", [False, True])
def test_a_tools_label_sits_on_a_plate_of_the_maps_background(
    qapp: QApplication, dark: bool
) -> None:
    """A move's cost or the ruler's length reads over walls, fog and tokens: its label is
    drawn on a plate of the map's background colour, not straight onto whatever is under
    it (here a red that no plate or text colour is near)."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QBrush, QPainter
    from PySide6.QtWidgets import QGraphicsScene

    from futurepath_desktop.ui.map.drawings import PREVIEW_OK, PlateText

    class Board(QGraphicsScene):
        pass

    scene = Board()
    scene.dark = dark  # type: ignore[attr-defined]  # as MapScene says it
    scene.setBackgroundBrush(QBrush(QColor("#ff0000")))
    label = PlateText()
    label.setText("20 ft of 30 ft")
    label.setBrush(PREVIEW_OK)
    scene.addItem(label)
    plate = label.boundingRect()
    scene.setSceneRect(plate.adjusted(-10, -10, 10, 10))
    image = QImage(int(plate.width()) + 20, int(plate.height()) + 20, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), scene.sceneRect())
    painter.end()
    # The plate's left margin (no glyph there) and the red beyond it.
    inside = [pixel(image, 10 + 1, y) for y in range(12, int(plate.height()) + 8)]
    outside = pixel(image, 3, image.height() // 2)
    assert outside.red() > 240 and outside.green() < 15
    background = QColor("#20242a") if dark else QColor("#ffffff")
    for colour in inside:
        # 220/255 of the plate over the red: within a few steps of the plate's own green.
        assert abs(colour.green() - background.green() * 220 / 255) <= 6, colour.name()


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_square_the_arrows_walk_to_is_framed(posed: Posed, qtbot: QtBot, scheme: str) -> None:
    """A move by the keys: the square the arrows have reached is framed in the highlight
    blue, whether or not a path leads there, and the frame goes with Esc."""
    from PySide6.QtCore import Qt

    from futurepath_desktop.ui.map.drawings import TARGET
    from futurepath_desktop.ui.map.tools import Tool

    window = posed(1280, 800, scheme)
    view = window.map.view
    session = window.controller.session
    view.use(Tool.MOVE)
    view.select("brandon")
    view.setFocus()
    x, y = session.tokens["brandon"].square
    target = (x + 2, y)
    blue = (TARGET.red(), TARGET.green(), TARGET.blue())

    def framed(image: QImage) -> int:
        """How many pixels round the target square's edge are the frame's blue."""
        rect = on_screen(view, target)
        edge = [
            (px, py)
            for px in range(rect.left(), rect.right() + 1)
            for py in range(rect.top(), rect.bottom() + 1)
            if min(px - rect.left(), rect.right() - px, py - rect.top(), rect.bottom() - py) < 3
        ]
        near = 0
        for px, py in edge:
            c = pixel(image, px, py)
            near += distance((c.red(), c.green(), c.blue()), blue) < 60
        return near

    before = framed(grab(window))
    for _ in range(2):
        qtbot.keyClick(view, Qt.Key.Key_Right)
    after = framed(grab(window))
    side = on_screen(view, target).width()
    assert before < side // 2, "nothing blue there before the walk"
    assert after >= 2 * side, f"the frame shows: {after} blue pixels round a {side}-px square"
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert framed(grab(window)) < side // 2, "Esc takes the frame away"


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_template_by_the_map_s_edge_stops_at_it(posed: Posed, scheme: str) -> None:
    """A burst laid in the corner (a grenade's blast scattered there, say) is drawn on
    the map's squares only: the surround just past the map's edge stays the surround's
    colour, while the corner square inside takes the template's tint."""
    from futurepath_desktop.session.commands import PlaceTemplate
    from futurepath_desktop.session.state import Template

    window = posed(1280, 800, scheme)
    view = window.map.view
    before = grab(window)
    # Just above the corner square: the fitted map leaves a band of surround above it.
    outside_corner = view.mapFromScene(QPointF(SQUARE / 2, -SQUARE / 2))
    corner = (0, 0)
    assert view.viewport().rect().contains(outside_corner), "the pose shows the surround"
    surround = pixel(before, outside_corner.x(), outside_corner.y())
    assert window.controller.push(PlaceTemplate(Template("edge", "burst", 0, 0, 15)))
    QApplication.processEvents()
    after = grab(window)
    tinted = distance(inside(after, view, corner), inside(before, view, corner))
    assert tinted > 10, "the corner square inside the burst takes its tint"
    now = pixel(after, outside_corner.x(), outside_corner.y())
    assert abs(luminance(now) - luminance(surround)) < 3, "the burst spilled off the map"
    item = window.map.scene._templates["edge"]
    grid = window.controller.session.map
    assert grid is not None
    map_rect = square_rect(0, 0).united(square_rect(grid.width - 1, grid.height - 1))
    assert map_rect.adjusted(-2, -2, 2, 2).contains(item.sceneBoundingRect())


def test_area_names_stay_inside_their_areas_at_any_zoom(posed: Posed) -> None:
    """Two small fog regions side by side: each name is drawn inside its own area, cut
    short to its width; the tip has it whole. Zoomed in, the names are whole again. (They
    ran over each other, and a narrow zone's name over the walls beside it.)"""
    from futurepath_desktop.session.commands import AddArea
    from futurepath_desktop.ui.map.areas import AreaLabel

    window = posed(1280, 800, theme.LIGHT)
    push = window.controller.push
    names = ("hidden from the players", "Side room of the hold")
    for n, name in enumerate(names):
        push(AddArea(Area(f"f{n}", "fog", 6 + 3 * n, 2, 3, 2, name=name)))
    view = window.map.view
    view.fit()
    QApplication.processEvents()

    def drawn() -> dict[str, tuple[QRect, QRect, AreaLabel]]:
        found = {}
        for item in view.map_scene.items():
            if isinstance(item, AreaLabel) and item.full.startswith("Fog: "):
                area = item.parentItem()
                assert isinstance(area, QGraphicsRectItem)
                box = view.mapFromScene(area.sceneBoundingRect()).boundingRect()
                at = view.mapFromScene(item.scenePos())
                size = item.boundingRect().size().toSize()
                found[item.full] = (box, QRect(at, size), item)
        return found

    labels = drawn()
    assert set(labels) >= {f"Fog: {name}" for name in names}
    for full in (f"Fog: {name}" for name in names):
        box, text, item = labels[full]
        assert item.toolTip() == full
        if item.isVisible():
            assert box.adjusted(-1, -1, 1, 1).contains(text), (full, box, text)
    first, second = (labels[f"Fog: {name}"][1] for name in names)
    assert not first.intersects(second), "the two names do not write over each other"
    # Close in: the area is wide on screen and its name whole on one line.
    view.zoom_by(4)
    QApplication.processEvents()
    item = drawn()[f"Fog: {names[0]}"][2]
    assert item.text() == item.full and item.isVisible()
