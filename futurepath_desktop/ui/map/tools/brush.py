"""The terrain brush: drag over squares to paint terrain or cover; one stroke is one undo
step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from futurepath_desktop.ui.map.tools.base import NO_MODS, MapTool, Mods, Square, Tool
from futurepath_desktop.ui.operations import map as operations

if TYPE_CHECKING:
    from futurepath_desktop.ui.map.view import MapView


class BrushTool(MapTool):
    """Gathers the squares a stroke passes over, in order, and paints them on release."""

    tool = Tool.BRUSH
    hint = "Drag over squares to paint; one stroke is one undo step."
    options = ("brush",)

    def __init__(self, view: MapView) -> None:
        super().__init__(view)
        self.stroke: list[Square] = []

    def press(self, square: Square, modifiers: Mods = NO_MODS, token: str | None = None) -> None:
        self.stroke = [square]
        self.show()

    def move(self, square: Square) -> None:
        if self.stroke and square not in self.stroke:
            self.stroke.append(square)
            self.show()

    def release(self, square: Square, modifiers: Mods = NO_MODS) -> None:
        if self.stroke:
            self.paint(self.stroke)

    def cancel(self) -> None:
        self.stroke = []
        self.view.drawings.ghost.setVisible(False)

    def show(self) -> None:
        self.view.drawings.show_squares(set(self.stroke), alpha=110, width=1)

    def paint(self, squares: list[Square]) -> bool:
        """Paint what the stroke touched on the map, in one undoable step."""
        self.cancel()
        grid = self.session.map
        inside = tuple(s for s in squares if grid is not None and grid.inside(s))
        if not inside:
            return False
        settings = self.settings
        with self.view.notes.trying(inside[-1]):
            return operations.paint(
                self.controller, inside, settings.brush_terrain, settings.brush_cover
            )
