"""The Ruler: drag to measure, every step, diagonal or not, 5 ft (R34)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from futurepath_desktop.ui.map.tools.base import NO_MODIFIER, MapTool, Square, Tool


class RulerTool(MapTool):
    """Measures from the square pressed to the square under the mouse; the line stays
    until another tool is chosen or Esc. A click on a token selects it (its ranges show)."""

    tool = Tool.RULER
    hint = "Drag to measure (every step, diagonal or not, is 5 ft)."
    ranges = True

    anchor: Square | None = None

    def press(
        self,
        square: Square,
        modifiers: Qt.KeyboardModifier = NO_MODIFIER,
        token: str | None = None,
    ) -> None:
        if token is not None:
            self.view.select(token)
        self.anchor = square
        self.show(square, square)

    def move(self, square: Square) -> None:
        if self.anchor is not None:
            self.show(self.anchor, square)

    def cancel(self) -> None:
        self.anchor = None
        self.view.drawings.ruler.setVisible(False)
        self.view.drawings.ruler_label.setVisible(False)

    def show(self, a: Square, b: Square) -> None:
        drawings = self.view.drawings
        drawings.show_ruler(a, b)
        self.view.notes.place(drawings.ruler_label, b)
