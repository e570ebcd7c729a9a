"""The map view: zoom with the wheel, pan with the middle or right button or the arrow keys,
and hand the left button and the keys to the current tool (``tools``); the tools draw
through ``drawings`` and have their refusals noted by ``notes``."""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import (
    QContextMenuEvent,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.session import map_rules
from futurepath_desktop.ui.map.areas import fit_area_labels
from futurepath_desktop.ui.map.drawings import Drawings, range_rings
from futurepath_desktop.ui.map.items import TokenItem, picture_ratio
from futurepath_desktop.ui.map.notes import Notes
from futurepath_desktop.ui.map.overlay import NoteItem
from futurepath_desktop.ui.map.scene import MapScene, square_at
from futurepath_desktop.ui.map.tools import MapTool, MoveTool, Settings, Tool, make_tools
from futurepath_desktop.ui.map.tools.move import Drag
from futurepath_desktop.ui.undo import SessionController
from futurepath_desktop.ui.widgets.menu_key import is_shift_f10, keyboard_menu_event

__all__ = ["MapView", "Settings", "Tool"]

Square = tuple[int, int]
ZOOM_STEP = 1.25
"""How much a key zooms the map by (the wheel: 1.15 a notch)."""
ZOOM_KEYS = {
    Qt.Key.Key_Plus.value: ZOOM_STEP,
    Qt.Key.Key_Equal.value: ZOOM_STEP,
    Qt.Key.Key_Minus.value: 1 / ZOOM_STEP,
}


def key_code(event: QKeyEvent) -> int:
    """The key of ``event`` as a number (the bindings give a ``Qt.Key`` or a plain int)."""
    key = event.key()
    return key.value if isinstance(key, Qt.Key) else int(key)


class MapView(QGraphicsView):
    """Looks at a :class:`MapScene`; in the GM's window it also edits, through its tools."""

    combatantClicked = Signal(str)
    hovered = Signal(str)  # a line describing the square under the mouse
    templateChosen = Signal(str)
    tokenMenuRequested = Signal(str, QPoint)  # a right-click on a token: whose, and where
    keysLeft = Signal()  # the keys went to another panel (not to a menu over the map)

    def __init__(
        self,
        scene: MapScene,
        controller: SessionController | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(scene, parent)
        self.map_scene = scene
        self.controller = controller
        self.settings = Settings()
        self.selected_id: str | None = None
        self.fitted = True  # the first layout fits the map, before the first frame
        self.place_candidate: Callable[[], str | None] = lambda: None
        self._pan_from: QPoint | None = None
        self._right_on: tuple[str, QPoint] | None = None  # a right press on a token
        self.hovered_square: Square | None = None  # the square the mouse last moved onto
        self.came_from: QWidget | None = None  # where the keys go back to after a walk
        self.setObjectName("mapView")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        # Zooms keep their own spot in place (``zoom_by``): Qt's anchor under the mouse
        # reads a pointer the view is never told of (its moves go to the tools).
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
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
        self.drawings = Drawings(scene)
        self.notes = Notes(self, scene, controller)
        self.tools: dict[Tool, MapTool] = make_tools(self)
        self.current: MapTool = self.tools[Tool.MOVE]

    # --- the current tool --------------------------------------------------------------------

    @property
    def tool(self) -> Tool:
        """Which tool a left click uses."""
        return self.current.tool

    def use(self, tool: Tool) -> None:
        """Make ``tool`` the current one, leaving nothing of the last one half-done."""
        self.cancel()
        self.current = self.tools[tool]
        self.show_ranges()

    def cancel(self) -> None:
        """Drop whatever a tool was in the middle of, with its drawings (the ruler's line
        and label too) and any note of a refusal."""
        for tool in self.tools.values():
            tool.cancel()
        self.drawings.hide()
        self.notes.clear()

    def give_keys_back(self) -> None:
        """A walk by the keys is done: the keys go back where they came from (the list of
        combatants, for the next one), if the map was given them from there."""
        back, self.came_from = self.came_from, None
        if back is not None and shiboken6.isValid(back) and back.isVisible():
            back.setFocus(Qt.FocusReason.OtherFocusReason)

    @property
    def move_tool(self) -> MoveTool:
        move = self.tools[Tool.MOVE]
        assert isinstance(move, MoveTool)
        return move

    @property
    def drag(self) -> Drag | None:
        """The token being moved, if any (by the mouse or the keys)."""
        return self.move_tool.drag

    def begin_drag(self, combatant_id: str) -> None:
        """Start moving a token, as a press on it with the Move tool does."""
        self.move_tool.begin(combatant_id)

    def preview(self, square: Square) -> core_grid.Path | None:
        """Show the path the rules choose for the token being moved, to ``square``."""
        return self.move_tool.preview(square)

    # --- refusals, noted beside the square tried ---------------------------------------------

    @property
    def note(self) -> NoteItem:
        return self.notes.note

    def refuse(self, text: str, square: Square) -> bool:
        """Say why the map will not do something, beside the square and in the status bar."""
        return self.notes.refuse(text, square)

    def clear_note(self) -> None:
        """Take the note of a refusal away."""
        self.notes.clear()

    # --- zoom and pan --------------------------------------------------------------------

    def zoom_by(self, factor: float, at: QPoint | None = None) -> None:
        """Zoom, from half the whole map's size in view to a few squares, with the spot
        under ``at`` (in the view: the pointer, for the wheel) where it was; the middle of
        the view if none is given."""
        scale = self.transform().m11() * factor
        room, whole = self.viewport().rect(), self.map_scene.sceneRect()
        whole_in_view = min(room.width() / whole.width(), room.height() / whole.height())
        if factor < 1 and scale < whole_in_view / 2:
            return  # the whole map is a speck by now
        if 0.01 <= scale <= 8.0:
            self.fitted = False
            point = at if at is not None else self.viewport().rect().center()
            spot = self.mapToScene(point)
            self.scale(factor, factor)
            off = self.mapFromScene(spot) - point
            for bar, by in (
                (self.horizontalScrollBar(), off.x()),
                (self.verticalScrollBar(), off.y()),
            ):
                bar.setValue(bar.value() + by)
            self._zoomed()

    def fit(self) -> None:
        """Fit the whole map in the view (and keep fitting it as the panel resizes)."""
        self.fitted = True
        self.fitInView(self.map_scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self._zoomed()

    def _zoomed(self) -> None:
        # Name plates need about 0.85 of the scene's scale to be read; the pictures are
        # drawn for the screen's pixels.
        scale = self.transform().m11()
        near = scale >= 0.85
        self.map_scene.set_detail(near, picture_ratio(scale * self.devicePixelRatioF(), near))
        fit_area_labels(self.map_scene.area_items(), scale)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fitted:
            self.fit()

    def event(self, event: QEvent) -> bool:
        kind = event.type()
        if (
            kind == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and self.controller is not None
        ):
            # + and − zoom the map that has the keys, before the window's Extend and
            # Shorten take them.
            plain = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            if key_code(event) in ZOOM_KEYS and plain in (
                Qt.KeyboardModifier.NoModifier,
                Qt.KeyboardModifier.ShiftModifier,
            ):
                event.accept()
                return True
        elif kind == QEvent.Type.DevicePixelRatioChange:  # moved to another screen
            self._zoomed()
        return super().event(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120
        # The players' map always shows the whole map: a stray wheel over it zoomed it in
        # past any way back but a resize.
        if steps and self.controller is not None:
            at = event.position().toPoint()
            self.zoom_by(1.15**steps, at)
            self._over(square_at(self.mapToScene(at)), event.buttons())  # another square now
        event.accept()

    # --- the keys and the mouse, handed to the current tool ----------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        code = key_code(event)
        if code in ZOOM_KEYS and self.controller is not None:  # the players' map stays whole
            self.zoom_by(ZOOM_KEYS[code])
        elif code == Qt.Key.Key_Escape.value:
            self.cancel()
        elif is_shift_f10(event):  # as the Menu key
            self.contextMenuEvent(keyboard_menu_event())
        elif self.controller is None or not self.current.key(code, event.modifiers()):
            super().keyPressEvent(event)  # the arrows pan

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """The Menu key: the selected token's menu, beside it (a right-click opens it as
        the button comes up, once it is plain that the map was not dragged)."""
        item = self.map_scene.tokens.get(self.selected_id or "")
        if event.reason() != QContextMenuEvent.Reason.Keyboard or item is None:
            super().contextMenuEvent(event)
            return
        self.ensureVisible(item)
        at = self.mapFromScene(item.sceneBoundingRect().center())
        self.tokenMenuRequested.emit(item.combatant_id, self.viewport().mapToGlobal(at))

    def focusOutEvent(self, event: QFocusEvent) -> None:
        """The keys went elsewhere (another panel, F6): a walk with the arrows ends, its
        path and label with it; a mouse drag, which holds no keys, carries on."""
        super().focusOutEvent(event)
        reasons = (Qt.FocusReason.PopupFocusReason, Qt.FocusReason.ActiveWindowFocusReason)
        if event.reason() in reasons:
            return
        move = self.tools.get(Tool.MOVE)
        if isinstance(move, MoveTool) and move.target is not None:
            move.cancel()
        self.keysLeft.emit()

    def _token_at(self, pos: QPoint) -> str | None:
        # The token standing on the square under the pointer: a token's picture reaches a
        # little past its square, and the neighbour's must not win there.
        if self.controller is not None:
            square = square_at(self.mapToScene(pos))
            ident = map_rules.footprints(self.controller.session).get(square)
            token = self.map_scene.tokens.get(ident) if ident is not None else None
            return ident if token is not None and token.isVisible() else None
        for item in self.items(pos):
            if isinstance(item, TokenItem):
                return item.combatant_id
        return None

    def _square(self, event: QMouseEvent) -> Square:
        return square_at(self.mapToScene(event.position().toPoint()))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.notes.clear()  # a new try, or the map panned: the last refusal has been read
        if event.button() in (Qt.MouseButton.MiddleButton, Qt.MouseButton.RightButton):
            self._pan_from = event.position().toPoint()
            token = self._token_at(self._pan_from)
            right = event.button() == Qt.MouseButton.RightButton and token is not None
            self._right_on = (token, self._pan_from) if right and token is not None else None
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        if event.button() != Qt.MouseButton.LeftButton or self.controller is None:
            return
        if self.controller.session.map is None:
            return
        token = self._token_at(event.position().toPoint())
        self.current.press(self._square(event), event.modifiers(), token)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            delta = event.position().toPoint() - self._pan_from
            self._pan_from = event.position().toPoint()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            return
        self._over(self._square(event), event.buttons())

    def _over(self, square: Square, buttons: Qt.MouseButton) -> None:
        """The pointer is over ``square`` (moved there, or the map zoomed under it)."""
        if square == self.hovered_square:
            return
        self.hovered_square = square
        self.hovered.emit(self.describe(square))
        if self.controller is None:
            return
        if buttons != Qt.MouseButton.NoButton:
            self.current.move(square)
        else:
            self.current.hover(square)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().unsetCursor()
            pressed, self._right_on = self._right_on, None
            # A right-click that did not drag the map: the token's menu.
            at = event.position().toPoint()
            if pressed is not None and (at - pressed[1]).manhattanLength() < 6:
                self.tokenMenuRequested.emit(pressed[0], self.viewport().mapToGlobal(at))
            return
        if event.button() != Qt.MouseButton.LeftButton or self.controller is None:
            return
        self.current.release(self._square(event), event.modifiers())

    # --- the selection and what lies under the mouse -----------------------------------------

    def select(self, combatant_id: str | None, *, notify: bool = True) -> None:
        """Mark a token as the one the tools work with (and tell the window)."""
        if combatant_id == self.selected_id:
            return
        self.selected_id = combatant_id
        for tool in self.tools.values():
            tool.selection_changed()
        for ident, item in self.map_scene.tokens.items():
            item.set_chosen(ident == combatant_id)
        if combatant_id is not None and notify:
            self.combatantClicked.emit(combatant_id)
        self.show_ranges()

    def show_ranges(self) -> None:
        """R37/R19/R38: the selected combatant's ranges, with the tools that measure or throw."""
        rings = None
        if (
            self.controller is not None
            and self.selected_id is not None
            and self.settings.show_ranges
            and self.current.ranges
        ):
            session = self.controller.session
            rings = range_rings(session, self.selected_id, throw=self.current.throw_range)
        self.drawings.show_ranges(rings, self.map_scene)

    def describe(self, square: Square) -> str:
        """The status line for the square under the mouse."""
        if self.controller is None:
            return ""
        session = self.controller.session
        grid = session.map
        if grid is None or not grid.inside(square):
            return ""
        terrain = ("normal", "difficult", "half-square", "wall")[grid.terrain_at(square)]
        cover = ("", ", partial cover", ", heavy cover", ", full cover")[grid.cover_at(square)]
        seen = ("", ", poor visibility", ", terrible visibility", ", no vision")[
            session.visibility_at(square)
        ]
        fog = ", fogged" if session.fogged(square) else ""
        return f"Square {map_rules.square_name(square)}: {terrain}{cover}{seen}{fog}"
