"""The Template tool: click for a burst; drag for a cone's or a line's direction. Who
stands inside shows on the line under the map as the mouse goes, and the dock offers to
damage them once it is laid."""

from __future__ import annotations

from futurepath_desktop.session import map_rules
from futurepath_desktop.session.state import Template, new_id
from futurepath_desktop.ui.map.tools.base import (
    NO_MODS,
    AnchoredTool,
    Mods,
    Settings,
    Square,
    Tool,
)
from futurepath_desktop.ui.operations import map as operations


def template_for(settings: Settings, anchor: Square, towards: Square) -> Template:
    """The template the tool would lay: a burst on the anchor, or a cone or line from it
    in the direction of the mouse (one of the eight grid directions)."""
    dx, dy = towards[0] - anchor[0], towards[1] - anchor[1]
    step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)) if (dx, dy) != (0, 0) else (1, 0)
    shape = settings.template_shape
    return Template(
        new_id("tpl"),
        "burst" if shape == "burst" else "cone" if shape == "cone" else "line",
        anchor[0],
        anchor[1],
        settings.template_ft,
        step[0],
        step[1],
    )


class TemplateTool(AnchoredTool):
    """Lays a burst, cone or line from the square pressed."""

    tool = Tool.TEMPLATE
    hint = "Click for a burst; drag for a cone or a line's direction."
    options = ("shape", "size", "inside")

    def release(self, square: Square, modifiers: Mods = NO_MODS) -> None:
        if self.anchor is not None:
            self.lay(self.anchor, square)

    def show(self, anchor: Square, towards: Square) -> None:
        template = template_for(self.settings, anchor, towards)
        self.view.drawings.show_squares(map_rules.area_of(template), alpha=90, width=2)
        session = self.session
        names = [session.combatants[i].name for i in map_rules.inside_template(session, template)]
        self.view.hovered.emit("Inside: " + (", ".join(names) or "nobody"))

    def lay(self, anchor: Square, towards: Square) -> bool:
        """Lay the template and offer who is inside."""
        self.cancel()
        template = template_for(self.settings, anchor, towards)
        with self.view.notes.trying(anchor):
            laid = operations.place_template(self.controller, template)
        if laid:
            self.view.templateChosen.emit(template.id)
        return laid
