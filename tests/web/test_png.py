"""The players' map as a PNG (``web.png``): read back by Qt's own decoder (libpng), every
pixel is the one encoded, whatever the size and the padding of the rows."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QColor, QImage

from futurepath_desktop.web.png import SIGNATURE, encode_rgb


@st.composite
def pictures(draw: st.DrawFn) -> tuple[int, int, int, bytes]:
    width = draw(st.integers(1, 23))
    height = draw(st.integers(1, 17))
    stride = 3 * width + draw(st.integers(0, 5))
    pixels = draw(st.binary(min_size=stride * height, max_size=stride * height))
    return width, height, stride, pixels


@settings(max_examples=150, deadline=None)
@given(pictures())
def test_every_pixel_reads_back_as_encoded(picture: tuple[int, int, int, bytes]) -> None:
    width, height, stride, pixels = picture
    data = encode_rgb(width, height, pixels, stride)
    assert data.startswith(SIGNATURE)
    decoded = QImage.fromData(data)
    assert not decoded.isNull(), "libpng refused the file"
    assert (decoded.width(), decoded.height()) == (width, height)
    for y in range(height):
        for x in range(width):
            at = y * stride + 3 * x
            expected = QColor(pixels[at], pixels[at + 1], pixels[at + 2])
            assert decoded.pixelColor(x, y) == expected, (x, y)


def test_the_players_map_reads_back_unchanged(qapp: object) -> None:
    from futurepath_desktop.session.demo import demo_session
    from futurepath_desktop.ui import web_prompts
    from futurepath_desktop.ui.player_view import PlayerView
    from futurepath_desktop.ui.undo import SessionController

    view = PlayerView(SessionController(demo_session(), None))
    picture = web_prompts.map_picture(view.map_scene)
    decoded = QImage.fromData(web_prompts.png(picture))
    assert decoded.convertToFormat(QImage.Format.Format_RGB32) == picture
    view.deleteLater()


def test_the_players_map_draws_its_tokens_for_its_own_scale(qapp: object) -> None:
    """Whatever the player view's zoom, the page's picture draws each token from a picture
    for the page's scale, and leaves the view's own as they were."""
    from futurepath_desktop.session.demo import demo_session
    from futurepath_desktop.ui import web_prompts
    from futurepath_desktop.ui.map.items import RATIO
    from futurepath_desktop.ui.player_view import PlayerView
    from futurepath_desktop.ui.undo import SessionController

    view = PlayerView(SessionController(demo_session(), None))
    scene = view.map_scene
    reference = web_prompts.map_picture(scene)  # a view never zoomed: full resolution
    assert scene.ratio == RATIO
    view.map_view.resetTransform()
    view.map_view.zoom_by(1.0)  # 1:1 on a plain screen: half the pixels per square
    assert scene.near and scene.ratio == RATIO / 2
    assert web_prompts.map_picture(scene) == reference
    assert scene.near and scene.ratio == RATIO / 2
    assert all(item.ratio == RATIO / 2 for item in scene.tokens.values())
    view.deleteLater()


@pytest.mark.parametrize(
    ("width", "height", "size", "stride"),
    [(0, 4, 12, 3), (4, 0, 12, 12), (4, 4, 47, 12), (4, 4, 48, 11)],
)
def test_a_size_the_bytes_cannot_hold_is_refused(
    width: int, height: int, size: int, stride: int
) -> None:
    with pytest.raises(ValueError, match=r"picture is at least|cannot hold"):
        encode_rgb(width, height, bytes(size), stride)
