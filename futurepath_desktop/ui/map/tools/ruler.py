"""The Ruler: drag to measure, every step, diagonal or not, 5 ft (R34)."""

from __future__ import annotations

from futurepath_desktop.ui.map.tools.base import NO_MODS, AnchoredTool, Mods, Square, Tool


class RulerTool(AnchoredTool):
    """Measures from the square pressed to the square under the mouse; the line stays
    until another tool is chosen or Esc. A click on a token selects it (its ranges show)."""

    tool = Tool.RULER
    hint = "Drag to measure (every step, diagonal or not, is 5 ft)."
    ranges = True

    def press(self, square: Square, modifiers: Mods = NO_MODS, token: str | None = None) -> None:
        if token is not None:
            self.view.select(token)
        super().press(square, modifiers, token)

    def cancel(self) -> None:
        self.anchor = None
        self.view.drawings.ruler.setVisible(False)
        self.view.drawings.ruler_label.setVisible(False)

    def show(self, a: Square, b: Square) -> None:
        drawings = self.view.drawings
        drawings.show_ruler(a, b)
        self.view.notes.place(drawings.ruler_label, b)
