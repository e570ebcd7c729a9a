"""The map view: zoom with the wheel, pan with the middle or right button or the arrow keys,
the mouse and keys for every tool, and moving tokens by the rules (the other tools' work
is in ``tools``)."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QWidget,
)

from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.session import map_rules
from futurepath_desktop.ui.map.items import TokenItem
from futurepath_desktop.ui.map.overlay import NoteItem
from futurepath_desktop.ui.map.scene import SQUARE, MapScene, square_at, square_rect
from futurepath_desktop.ui.map.tools import Settings, Tool, ToolActions
from futurepath_desktop.ui.undo import SessionController

__all__ = ["MapView", "Settings", "Tool"]


class Drag(msgspec.Struct):
    """A token being dragged: who, from where, and the grid as it stood when it began."""

    combatant_id: str
    start: tuple[int, int]
    grid: core_grid.Grid
    budget_ft: int
    hovered: tuple[int, int] | None = None
    path: core_grid.Path | None = None


ARROWS: dict[int, tuple[int, int]] = {
    Qt.Key.Key_Left.value: (-1, 0),
    Qt.Key.Key_Right.value: (1, 0),
    Qt.Key.Key_Up.value: (0, -1),
    Qt.Key.Key_Down.value: (0, 1),
}
PREVIEW_OK = QColor("#2e9d4f")
PREVIEW_OVER = QColor("#d0453a")


class MapView(ToolActions):
    """Looks at a :class:`MapScene`; in the GM's window it also edits through commands."""

    def __init__(
        self,
        scene: MapScene,
        controller: SessionController | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(scene, parent)
        self.map_scene = scene
        self.controller = controller
        self.tool = Tool.MOVE
        self.settings = Settings()
        self.drag: Drag | None = None
        self.selected_id: str | None = None
        self.target_square: tuple[int, int] | None = None  # the keyboard's target square
        self.fitted = True  # the first layout fits the map, before the first frame
        self.place_candidate: Callable[[], str | None] = lambda: None
        self._pan_from: QPoint | None = None
        self._anchor: tuple[int, int] | None = None
        self._last_square: tuple[int, int] | None = None
        self.setObjectName("mapView")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        # The scene paints every pixel (drawBackground fills first), so the viewport need
        # not clear itself before each paint.
        # The viewport is made here rather than by Qt: handing a Qt-made widget to Python
        # makes the bindings look through every widget class for its type (~5 ms at start).
        viewport = QWidget()
        viewport.setAutoFillBackground(False)
        viewport.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.setViewport(viewport)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # The path preview: one item each, updated in place as the mouse moves.
        self._path_item = QGraphicsPathItem()
        self._path_item.setZValue(30)
        self._path_label = QGraphicsSimpleTextItem()
        self._path_label.setZValue(31)
        self._ruler_item = QGraphicsPathItem()
        self._ruler_item.setZValue(30)
        self._ruler_label = QGraphicsSimpleTextItem()
        self._ruler_label.setZValue(31)
        self._ghost = QGraphicsPathItem()
        self._ghost.setZValue(29)
        self._ranges = QGraphicsPathItem()
        self._ranges.setZValue(3)
        # Why the map refused the last thing tried on it, beside the square it was tried on.
        self.note = NoteItem()
        self._trying: tuple[int, int] | None = None
        for label in (self._path_label, self._ruler_label):
            # Readable at any zoom: the text keeps its size on screen.
            label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
            font = label.font()
            font.setPointSizeF(font.pointSizeF() * 1.1)
            font.setBold(True)
            label.setFont(font)
        for item in (
            self._path_item,
            self._path_label,
            self._ruler_item,
            self._ruler_label,
            self._ghost,
            self._ranges,
        ):
            item.setVisible(False)
            scene.addItem(item)
        scene.addItem(self.note)
        if controller is not None:
            controller.failed.connect(self._refused)
            controller.changed.connect(lambda _change: self.clear_note())

    # --- zoom and pan --------------------------------------------------------------------

    def zoom_by(self, factor: float) -> None:
        """Zoom, staying between a whole 1000-square map and a few squares."""
        scale = self.transform().m11() * factor
        if 0.02 <= scale <= 8.0:
            self.fitted = False
            self.scale(factor, factor)
            self._zoomed()

    def fit(self) -> None:
        """Fit the whole map in the view (and keep fitting it as the panel resizes)."""
        self.fitted = True
        self.fitInView(self.map_scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self._zoomed()

    def _zoomed(self) -> None:
        # Name plates need about 0.85 of the scene's scale to be read.
        self.map_scene.set_near(self.transform().m11() >= 0.85)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fitted:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom_by(1.15**steps)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        code = key.value if isinstance(key, Qt.Key) else int(key)
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(1.25)
        elif key == Qt.Key.Key_Minus:
            self.zoom_by(0.8)
        elif key == Qt.Key.Key_Escape:
            self.cancel()
        elif code in ARROWS and self._keyboard_move(ARROWS[code]):
            pass
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.drag is not None:
            shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            if self.target_square is not None:
                self.drop(self.target_square, override=shift)
        else:
            super().keyPressEvent(event)

    def _keyboard_move(self, step: tuple[int, int]) -> bool:
        """With the Move tool and a token selected, the arrows walk a target square (the
        path and its cost show as with the mouse) and Enter moves there; otherwise the
        arrows pan."""
        if self.tool is not Tool.MOVE or self.selected_id is None or self.controller is None:
            return False
        grid = self.controller.session.map
        tokens = self.controller.session.tokens
        if grid is None or self.selected_id not in tokens:
            return False
        if self.drag is None:
            self.begin_drag(self.selected_id)
            self.target_square = tokens[self.selected_id].square
        assert self.target_square is not None
        target = (self.target_square[0] + step[0], self.target_square[1] + step[1])
        if grid.inside(target):
            self.target_square = target
            self.preview(target)
            self.ensureVisible(square_rect(*target), 40, 40)
            self.hovered.emit(self.describe(target) + " — Enter moves here, Esc cancels")
        return True

    def cancel(self) -> None:
        """Drop whatever the current tool was in the middle of, with its drawings (the
        ruler's line and label too) and any note of a refusal. The keyboard's target hint
        ("Enter moves here") goes with it: the status line says what lies there now."""
        if self.target_square is not None:
            self.hovered.emit(self.describe(self.target_square))
        self.drag = None
        self.target_square = None
        self._anchor = None
        self.settings.brushed.clear()
        for item in (self._path_item, self._path_label, self._ghost):
            item.setVisible(False)
        self._ruler_item.setVisible(False)
        self._ruler_label.setVisible(False)
        self.clear_note()

    # --- the mouse ---------------------------------------------------------------------------

    def _token_at(self, pos: QPoint) -> TokenItem | None:
        for item in self.items(pos):
            if isinstance(item, TokenItem):
                return item
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() in (Qt.MouseButton.MiddleButton, Qt.MouseButton.RightButton):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        if event.button() != Qt.MouseButton.LeftButton or self.controller is None:
            return
        session = self.controller.session
        if session.map is None:
            return
        square = square_at(self.mapToScene(event.position().toPoint()))
        token = self._token_at(event.position().toPoint())
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if token is not None and (
            self.tool in (Tool.MOVE, Tool.RULER) or (self.tool is Tool.GRENADE and ctrl)
        ):
            self.select(token.combatant_id)
        if self.tool is Tool.MOVE and token is not None:
            self.begin_drag(token.combatant_id)
        elif self.tool is Tool.MOVE:
            self.place(square)
        elif self.tool is Tool.RULER:
            self._anchor = square
            self._show_ruler(square, square)
        elif self.tool is Tool.BRUSH:
            self.settings.brushed[:] = [square]
            self._show_brush()
        elif self.tool is Tool.TEMPLATE:
            self._anchor = square
            self._show_template(square, square)
        elif self.tool in (Tool.FOG, Tool.ZONE):
            self._anchor = square
            self._show_rect(square, square)
        elif self.tool is Tool.GRENADE and not (ctrl and token is not None):
            self.throw_at(square)  # at the square clicked, whoever stands on it (R38)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            delta = event.position().toPoint() - self._pan_from
            self._pan_from = event.position().toPoint()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            return
        square = square_at(self.mapToScene(event.position().toPoint()))
        if square == self._last_square:
            return
        self._last_square = square
        self.hovered.emit(self.describe(square))
        buttons = event.buttons()
        if self.drag is not None:
            self.preview(square)
        elif self.tool is Tool.RULER and self._anchor is not None and buttons:
            self._show_ruler(self._anchor, square)
        elif self.tool is Tool.BRUSH and buttons and self.settings.brushed:
            if square not in self.settings.brushed:
                self.settings.brushed.append(square)
                self._show_brush()
        elif self.tool is Tool.TEMPLATE and self._anchor is not None and buttons:
            self._show_template(self._anchor, square)
        elif self.tool in (Tool.FOG, Tool.ZONE) and self._anchor is not None and buttons:
            self._show_rect(self._anchor, square)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().unsetCursor()
            return
        if event.button() != Qt.MouseButton.LeftButton or self.controller is None:
            return
        square = square_at(self.mapToScene(event.position().toPoint()))
        shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        if self.drag is not None:
            self.drop(square, override=shift)
        elif self.tool is Tool.BRUSH and self.settings.brushed:
            self.paint(list(self.settings.brushed))
        elif self.tool is Tool.TEMPLATE and self._anchor is not None:
            self.place_template(self._anchor, square)
        elif self.tool is Tool.FOG and self._anchor is not None:
            self.fog(self._anchor, square)
        elif self.tool is Tool.ZONE and self._anchor is not None:
            self.zone(self._anchor, square)

    # --- moving tokens -----------------------------------------------------------------------

    def select(self, combatant_id: str | None, *, notify: bool = True) -> None:
        """Mark a token as the one the tools work with (and tell the window)."""
        if combatant_id == self.selected_id:
            return
        self.selected_id = combatant_id
        self.target_square = None
        for ident, item in self.map_scene.tokens.items():
            item.set_chosen(ident == combatant_id)
        if combatant_id is not None and notify:
            self.combatantClicked.emit(combatant_id)
        self.show_ranges()

    def place(self, square: tuple[int, int]) -> bool:
        """A click on an empty square puts the selected combatant there if it has no token."""
        from futurepath_desktop.session.commands import PlaceToken

        assert self.controller is not None
        ident = self.place_candidate()
        grid = self.controller.session.map
        tokens = self.controller.session.tokens
        if ident is None or grid is None or ident in tokens or not grid.inside(square):
            return False
        return self.push(PlaceToken(ident, *square), square)

    def begin_drag(self, combatant_id: str) -> None:
        """Start dragging a token: the grid is taken once, not on every mouse move."""
        assert self.controller is not None
        self.clear_note()  # a new try: the last refusal has been read
        session = self.controller.session
        grid = session.map
        assert grid is not None
        token = self.controller.session.tokens[combatant_id]
        self.drag = Drag(
            combatant_id,
            token.square,
            map_rules.grid_for(session, combatant_id),
            map_rules.remaining_ft(session, combatant_id, self.settings.move),
        )

    def preview(self, square: tuple[int, int]) -> core_grid.Path | None:
        """Show the path the rules choose to ``square`` and its cost against the budget."""
        drag = self.drag
        if drag is None:
            return None
        drag.hovered = square
        # Past four runs' worth nothing is worth showing, and the bound keeps a search on a
        # large map (a walled-in goal) from flooding it on every mouse move.
        limit = max(4 * drag.budget_ft, 4 * core_grid.SQUARE_FT)
        path = core_grid.find_path(drag.grid, drag.start, square, limit_ft=limit)
        drag.path = path
        if path is None or path.steps == 0:
            self._path_item.setVisible(False)
            self._path_label.setVisible(path is None)
            self._path_label.setText("No way there within reach")
            self._path_label.setBrush(PREVIEW_OVER)
            self._label_at(self._path_label, square)
            return path
        line = QPainterPath()
        half = SQUARE / 2
        first = path.squares[0]
        line.moveTo(first[0] * SQUARE + half, first[1] * SQUARE + half)
        for x, y in path.squares[1:]:
            line.lineTo(x * SQUARE + half, y * SQUARE + half)
        over = path.cost_ft > drag.budget_ft
        colour = PREVIEW_OVER if over else PREVIEW_OK
        pen = QPen(colour, 4, Qt.PenStyle.DashLine if over else Qt.PenStyle.SolidLine)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self._path_item.setPen(pen)
        self._path_item.setPath(line)
        self._path_item.setVisible(True)
        text = f"{path.cost_ft} ft of {drag.budget_ft} ft"
        if over:
            text += " — past the budget (Shift to override)"
        self._path_label.setText(text)
        self._path_label.setBrush(colour)
        self._path_label.setVisible(True)
        self._label_at(self._path_label, square)
        return path

    def drop(self, square: tuple[int, int], *, override: bool = False) -> bool:
        """End a drag: one undoable move (or nothing, if dropped where it began)."""
        from futurepath_desktop.session.commands import MoveToken

        drag = self.drag
        self.cancel()
        if drag is None or square == drag.start or self.controller is None:
            return False
        command = MoveToken(drag.combatant_id, *square, move=self.settings.move, override=override)
        return self.push(command, square)
