"""The map's tools, one class each (``move``, ``ruler``, ``brush``, ``template``,
``grenade``, and the rectangle tools in ``areas``); see ``base`` for what a tool is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from futurepath_desktop.ui.map.tools.areas import FogTool, ZoneTool
from futurepath_desktop.ui.map.tools.base import MapTool, Settings, Tool
from futurepath_desktop.ui.map.tools.brush import BrushTool
from futurepath_desktop.ui.map.tools.grenade import GrenadeTool
from futurepath_desktop.ui.map.tools.move import MoveTool
from futurepath_desktop.ui.map.tools.ruler import RulerTool
from futurepath_desktop.ui.map.tools.template import TemplateTool

if TYPE_CHECKING:
    from futurepath_desktop.ui.map.view import MapView

__all__ = [
    "BrushTool",
    "FogTool",
    "GrenadeTool",
    "MapTool",
    "MoveTool",
    "RulerTool",
    "Settings",
    "TemplateTool",
    "Tool",
    "ZoneTool",
    "make_tools",
]

TOOL_CLASSES: tuple[type[MapTool], ...] = (
    MoveTool,
    RulerTool,
    BrushTool,
    TemplateTool,
    GrenadeTool,
    FogTool,
    ZoneTool,
)


def make_tools(view: MapView) -> dict[Tool, MapTool]:
    """One of each tool, working on ``view``, in the order of the tool row."""
    tools = {cls.tool: cls(view) for cls in TOOL_CLASSES}
    assert list(tools) == list(Tool), "every tool has its class, in the tool row's order"
    return tools
