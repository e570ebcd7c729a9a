"""Token pictures drawn for the zoom: the demo mid-fight at 1280×800, its map seen fitted,
at 1:4, 1:2 and 1:1. Each token is drawn from a picture of about the size it is shown at
(zoomed out, one full-resolution picture per token was smoothed down on every repaint,
which made panning a map of many tokens slow), and still looks as it did when drawn from
the full-resolution one: the same colours in the same place."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QEvent, QRect
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.map import items
from futurepath_desktop.ui.map.items import FEWEST, MARGIN_X, RATIO, picture_ratio
from futurepath_desktop.ui.map.scene import square_rect
from tests.visual.conftest import SCHEMES, Posed, pixel, settle


def smallest_power_of_two_from(wanted: float) -> float:
    """A second reckoning of ``picture_ratio``'s rule: walk the powers of two it may use,
    smallest first, and take the first that is at least ``wanted``."""
    powers = [2.0**k for k in range(-3, 2)]  # FEWEST (1/8) … RATIO (2)
    assert powers[0] == FEWEST and powers[-1] == RATIO
    return next((p for p in powers if p >= wanted), RATIO)


@given(st.floats(min_value=0.001, max_value=16.0), st.booleans())
def test_the_ratio_is_the_first_power_of_two_that_holds_the_screens_pixels(
    pixels: float, near: bool
) -> None:
    wanted = pixels if near else 4 * pixels
    assert picture_ratio(pixels, near) == smallest_power_of_two_from(wanted)


def test_exact_zooms_get_exact_pictures() -> None:
    # 1:1, 1:2 and 1:4 near or far are copied as they are, or shrunk by exactly 4 far out.
    assert picture_ratio(1.0, True) == 1.0
    assert picture_ratio(0.5, False) == 2.0
    assert picture_ratio(0.25, False) == 1.0
    assert picture_ratio(2.0, True) == 2.0 and picture_ratio(8.0, True) == 2.0


def disc_mean(image: QImage, rect: QRect) -> tuple[float, float, float]:
    """The average colour of the middle half of a token's square on screen."""
    inner = rect.adjusted(rect.width() // 4, rect.height() // 4, -rect.width() // 4, 0)
    inner.setHeight(max(1, rect.height() // 2))
    total, count = [0.0, 0.0, 0.0], 0
    for y in range(inner.top(), inner.bottom() + 1):
        for x in range(inner.left(), inner.right() + 1):
            colour = pixel(image, x, y)
            total = [total[0] + colour.red(), total[1] + colour.green(), total[2] + colour.blue()]
            count += 1
    return (total[0] / count, total[1] / count, total[2] / count)


def grab(window: MainWindow) -> QImage:
    QApplication.processEvents()
    return window.map.view.viewport().grab().toImage()


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("zoom", [0.0, 0.25, 0.5, 1.0])  # 0: the whole map fitted
def test_each_token_is_drawn_from_a_picture_of_its_size_and_looks_the_same(
    posed: Posed, scheme: str, zoom: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = posed(1280, 800, scheme)
    view, scene = window.map.view, window.map.scene
    session = window.controller.session
    if zoom:
        view.resetTransform()
        view.zoom_by(zoom)
        first = next(iter(session.tokens.values()))
        view.centerOn(square_rect(first.x, first.y).center())
    else:
        view.fit()
    settle()
    scale = view.transform().m11()
    near = scale >= 0.85
    # Far out each picture has at least 4 and under 8 of its pixels to a screen pixel;
    # near, at least 1 and under 2 (never more than the full resolution).
    low, high = (1, 2) if near else (4, 8)
    shown = {
        ident: view.mapFromScene(square_rect(*session.tokens[ident].square)).boundingRect()
        for ident, item in scene.tokens.items()
        if item.isVisible()
        and view.viewport()
        .rect()
        .contains(view.mapFromScene(square_rect(*session.tokens[ident].square)).boundingRect())
    }
    assert len(shown) >= 3, "too few tokens in view to compare"
    for ident in shown:
        item = scene.tokens[ident]
        ratio = item.pixmap().devicePixelRatio()
        assert ratio == scene.ratio
        if low * scale > RATIO:  # more than the full resolution would be needed
            assert ratio == RATIO
        elif high * scale <= FEWEST:
            assert ratio == FEWEST
        else:
            per_screen_pixel = ratio / scale
            assert low <= per_screen_pixel < high, (
                f"{ident}: {per_screen_pixel:.2f} picture pixels to a screen pixel at {scale:.3f}"
            )
        # The picture covers the token's own place: its size in the scene is the
        # full-resolution picture's, give or take the rounding to whole pixels.
        size = item.boundingRect().size()
        full = item.pixmap().deviceIndependentSize()
        assert math.isclose(size.width(), full.width())
        assert abs(size.width() - (item.side + 2 * MARGIN_X)) <= 1 / ratio
    drawn = grab(window)
    # The same tokens from full-resolution pictures of the same content: letters on the
    # discs, or (a quarter of the map's size and less) none.
    lettered = near or scene.ratio >= items.INITIALS_FROM
    monkeypatch.setattr(items, "INITIALS_FROM", 0.0 if lettered else math.inf)
    scene.set_detail(near, RATIO)
    reference = grab(window)
    for ident, rect in shown.items():
        seen, wanted = disc_mean(drawn, rect), disc_mean(reference, rect)
        assert math.dist(seen, wanted) < 40, f"{ident} looks {seen}, not {wanted}"


def test_a_move_to_another_screen_draws_the_pictures_for_its_pixels(
    posed: Posed, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = posed(1280, 800, SCHEMES[0])
    view, scene = window.map.view, window.map.scene
    view.resetTransform()
    view.zoom_by(1.0)
    assert scene.near and scene.ratio == 1.0
    monkeypatch.setattr(view, "devicePixelRatioF", lambda: 2.0)  # a high-density screen
    QApplication.sendEvent(view, QEvent(QEvent.Type.DevicePixelRatioChange))
    assert scene.ratio == 2.0
    assert all(item.pixmap().devicePixelRatio() == 2.0 for item in scene.tokens.values())
