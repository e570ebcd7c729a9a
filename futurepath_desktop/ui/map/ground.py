"""The map's ground: terrain and cover drawn from two small images (one pixel per square,
scaled up without smoothing), the background image under them, and the grid lines; only
the exposed part is drawn."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPixmap

from futurepath_desktop.session.state import COVER_CODES, TERRAIN_CODES, MapState

SQUARE = 32.0
"""Scene units per square."""

TERRAIN_COLOURS = {
    False: ("#eef0ea", "#e3d2a6", "#a8957a", "#3d4148"),  # light: normal, difficult, half, wall
    # Dark: walls are light stone on a dark floor. Drawn darker than the floor, as in the
    # light theme, they sank into the backdrop and the room's shape was lost.
    True: ("#2b2f35", "#5a5037", "#7a6a52", "#8a929e"),
}
COVER_COLOURS = ("#00000000", "#553a7bd5", "#883a7bd5", "#cc3a7bd5")
# Opaque grid lines: a translucent cosmetic pen takes the raster engine's slow blending
# path (40 ms for one repaint at 1:4 on a 1000×700 view); an opaque one does not.
GRID_LINE = {False: QColor("#c6c9c2"), True: QColor("#474d55")}


def layer_image(
    rows: tuple[str, ...], codes: str, colours: tuple[str, ...], w: int, h: int
) -> QImage:
    image = QImage(w, h, QImage.Format.Format_ARGB32)
    image.fill(QColor(colours[0]))
    if rows:
        palette = [QColor(c).rgba() for c in colours]
        for y, row in enumerate(rows):
            if row.count(".") == len(row):
                continue
            for x, code in enumerate(row):
                if code != ".":
                    image.setPixel(x, y, palette[codes.index(code)])
    return image


def covered(layer: QImage, cover: QImage) -> QPixmap:
    """``layer`` with ``cover`` laid over it, converted once: a pixmap in the screen's own
    format scales without a conversion on every repaint."""
    image = layer.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    painter.drawImage(0, 0, cover)
    painter.end()
    return QPixmap.fromImage(image)


class Ground:
    """The map's ground, kept as images redrawn only when the change report says the
    terrain, the cover or the map's size changed."""

    def __init__(self) -> None:
        self.terrain = QImage()
        self.terrain_overlay = QImage()  # the same, with normal ground see-through
        self.cover = QImage()
        # What is drawn: the cover laid on each once, here, rather than on every repaint
        # (blending a translucent layer scaled up to the screen cost as much as the rest).
        self.plain = QPixmap()
        self.over_picture = QPixmap()

    def redraw(self, grid: MapState, fields: frozenset[str], dark: bool) -> None:
        """Make the images anew for the settings that changed."""
        resized = bool(fields & {"width", "height"})
        if resized or "terrain" in fields:
            colours = TERRAIN_COLOURS[dark]
            self.terrain = layer_image(
                grid.terrain, TERRAIN_CODES, colours, grid.width, grid.height
            )
            see_through = ("#00000000", *colours[1:])
            self.terrain_overlay = layer_image(
                grid.terrain, TERRAIN_CODES, see_through, grid.width, grid.height
            )
        if resized or "cover" in fields:
            self.cover = layer_image(
                grid.cover, COVER_CODES, COVER_COLOURS, grid.width, grid.height
            )
        if resized or fields & {"terrain", "cover"}:
            self.plain = covered(self.terrain, self.cover)
            self.over_picture = covered(self.terrain_overlay, self.cover)

    def draw(
        self,
        painter: QPainter,
        rect: QRectF,
        grid: MapState,
        background: QPixmap,
        dark: bool,
        whole: QRectF,
    ) -> None:
        """Draw the ground under ``rect``: the background image (if any) with the terrain
        that is not plain ground over it, or the terrain; the cover; the grid lines; the
        border."""
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        # Only the exposed part of the one-pixel-per-square images is scaled up.
        x0 = max(0, int(rect.left() // SQUARE))
        y0 = max(0, int(rect.top() // SQUARE))
        x1 = min(grid.width, int(rect.right() // SQUARE) + 1)
        y1 = min(grid.height, int(rect.bottom() // SQUARE) + 1)
        if x1 <= x0 or y1 <= y0:
            return
        target = QRectF(x0 * SQUARE, y0 * SQUARE, (x1 - x0) * SQUARE, (y1 - y0) * SQUARE)
        source = QRectF(x0, y0, x1 - x0, y1 - y0)
        if not background.isNull():
            # The image under everything, then the terrain that is not plain ground.
            painter.setOpacity(grid.background_opacity if grid.background else 1.0)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            fx = background.width() / grid.width
            fy = background.height() / grid.height
            part = QRectF(x0 * fx, y0 * fy, (x1 - x0) * fx, (y1 - y0) * fy)
            painter.drawPixmap(target, background, part)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            painter.setOpacity(1.0)
            painter.drawPixmap(target, self.over_picture, source)
        else:
            painter.drawPixmap(target, self.plain, source)
        # Grid lines only where a square is big enough on screen to need them.
        scale = painter.worldTransform().m11()
        if SQUARE * scale >= 10:
            pen = QPen(GRID_LINE[dark], 0)
            painter.setPen(pen)
            lines = [
                QLineF(x * SQUARE, y0 * SQUARE, x * SQUARE, y1 * SQUARE) for x in range(x0, x1 + 1)
            ]
            lines += [
                QLineF(x0 * SQUARE, y * SQUARE, x1 * SQUARE, y * SQUARE) for y in range(y0, y1 + 1)
            ]
            painter.drawLines(lines)
        # The border is an outline only: the backdrop's brush must not paint over the map.
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("#6c727a"), 0))
        painter.drawRect(whole)
