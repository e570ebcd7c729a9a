"""The Fog and Zone tools: drag a rectangle of squares to hide it from the players, or to
mark a zone of poor, terrible or no visibility (R31); a click inside one removes it."""

from __future__ import annotations

from typing import ClassVar

from futurepath_desktop.ui.map.tools.base import NO_MODS, AnchoredTool, Mods, Square, Tool
from futurepath_desktop.ui.operations import map as operations

Rect = tuple[int, int, int, int]  # x, y, width, height in squares


def rect_between(a: Square, b: Square) -> Rect:
    """The rectangle with two opposite corner squares, as x, y, width, height."""
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    return (x0, y0, x1 - x0 + 1, y1 - y0 + 1)


class AreaTool(AnchoredTool):
    """A rectangle dragged from corner to corner; a click inside an area of the tool's
    kind removes it. :meth:`add` says what a rectangle becomes."""

    kind: ClassVar[str]

    def show(self, anchor: Square, square: Square) -> None:
        self.view.drawings.show_rect(anchor, square)

    def release(self, square: Square, modifiers: Mods = NO_MODS) -> None:
        if self.anchor is not None:
            self.drop(self.anchor, square)

    def drop(self, anchor: Square, corner: Square) -> bool:
        """End the drag: a click inside an area of this kind removes it; a drag (or a click
        outside any) adds the rectangle."""
        self.cancel()
        if self.session.map is None:
            return False
        if anchor == corner:
            areas = self.session.areas.values()
            hit = next((a for a in areas if a.kind == self.kind and a.contains(anchor)), None)
            if hit is not None:
                with self.view.notes.trying(anchor):
                    return operations.remove_area(self.controller, hit.id)
        return self.add(anchor, rect_between(anchor, corner))

    def add(self, anchor: Square, rect: Rect) -> bool:
        raise NotImplementedError


class FogTool(AreaTool):
    """Hides a region from the players; a click inside fog reveals it."""

    tool = Tool.FOG
    hint = "Drag to hide a region from the players; click inside fog to reveal it."
    kind = "fog"

    def add(self, anchor: Square, rect: Rect) -> bool:
        with self.view.notes.trying(anchor):
            return operations.add_fog(self.controller, *rect)


class ZoneTool(AreaTool):
    """Marks a visibility zone (R31), its name and level asked for; a click removes one."""

    tool = Tool.ZONE
    hint = "Drag a zone of poor, terrible or no visibility; click one to remove it."
    kind = "zone"

    def add(self, anchor: Square, rect: Rect) -> bool:
        from futurepath_desktop.ui.map.zone_dialog import ZoneDialog, default_zone_name

        default = default_zone_name(z.name for z in self.session.zones())
        dialog = ZoneDialog(default, self.view)
        if not dialog.exec():
            return False
        name, visibility = dialog.chosen()
        return self.lay(anchor, rect, visibility, name or default)

    def lay(self, anchor: Square, rect: Rect, visibility: int, name: str) -> bool:
        """Mark the zone without asking (its level and name given)."""
        with self.view.notes.trying(anchor):
            return operations.add_zone(self.controller, rect, visibility, name)
