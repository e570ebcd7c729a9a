"""What every map tool is: a small object the view hands the mouse and the keys to while
it is the current tool, as Orange3's paint tools are. A tool gathers a gesture (a press,
the squares the mouse moves over, a release), draws its ghost on the scene's overlays as
it goes, and ends in one call of an operation (``ui.operations.map``), or in nothing if
cancelled."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, ClassVar

import msgspec
from PySide6.QtCore import Qt

from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.undo import SessionController

if TYPE_CHECKING:
    from futurepath_desktop.ui.map.view import MapView

Square = tuple[int, int]
Mods = Qt.KeyboardModifier
NO_MODS = Qt.KeyboardModifier.NoModifier


class Tool(Enum):
    """What a left click on the map does (each names one :class:`MapTool`)."""

    MOVE = "Move"
    RULER = "Ruler"
    BRUSH = "Terrain brush"
    TEMPLATE = "Template"
    GRENADE = "Grenade"
    FOG = "Fog"
    ZONE = "Zone"


class Settings(msgspec.Struct):
    """The tools' options, set from the dock's options row."""

    move: core_grid.MoveType = core_grid.MoveType.RUN
    brush_terrain: core_grid.Terrain | None = core_grid.Terrain.DIFFICULT
    brush_cover: int | None = None
    template_shape: str = "burst"
    template_ft: int = 10
    grenade_damage: str = "3d6"
    grenade_radius_ft: int = 10
    grenade_cooked: bool = False
    show_ranges: bool = True


class MapTool:
    """A map tool: ``press``, ``move`` (a button held), ``hover`` (none held), ``release``,
    ``cancel`` and ``key``. The base does nothing, so each tool says only what it does."""

    tool: ClassVar[Tool]
    hint: ClassVar[str]
    """The line under the map while the tool is chosen."""
    options: ClassVar[tuple[str, ...]] = ()
    """The names of the options the dock shows with the tool."""
    ranges: ClassVar[bool] = False
    """Whether the selected combatant's ranges show while the tool is chosen."""
    throw_range: ClassVar[bool] = False
    """Whether those ranges are its maximum throw (R38) rather than its weapon's."""

    def __init__(self, view: MapView) -> None:
        self.view = view

    @property
    def controller(self) -> SessionController:
        """The GM's session controller (the player view, which has none, hands its tools
        no events)."""
        controller = self.view.controller
        assert controller is not None
        return controller

    @property
    def session(self) -> Session:
        return self.controller.session

    @property
    def settings(self) -> Settings:
        return self.view.settings

    def press(self, square: Square, modifiers: Mods = NO_MODS, token: str | None = None) -> None:
        """The left button went down on ``square`` (over ``token``'s token, if any)."""

    def move(self, square: Square) -> None:
        """The mouse moved onto ``square`` with a button held."""

    def hover(self, square: Square) -> None:
        """The mouse moved onto ``square`` with no button held."""

    def release(self, square: Square, modifiers: Mods = NO_MODS) -> None:
        """The left button came up on ``square``: the gesture's operation, if any."""

    def cancel(self) -> None:
        """Forget the gesture in progress, and take its drawings away."""

    def selection_changed(self) -> None:
        """The token the tools work with is another one now."""

    def key(self, key: int, modifiers: Mods = NO_MODS) -> bool:
        """A key pressed while the map has the focus; True if the tool used it."""
        return False


class AnchoredTool(MapTool):
    """A tool dragged from the square pressed (its anchor) to the square under the mouse,
    showing :meth:`show` as it goes."""

    anchor: Square | None = None

    def press(self, square: Square, modifiers: Mods = NO_MODS, token: str | None = None) -> None:
        self.anchor = square
        self.show(square, square)

    def move(self, square: Square) -> None:
        if self.anchor is not None:
            self.show(self.anchor, square)

    def cancel(self) -> None:
        self.anchor = None
        self.view.drawings.ghost.setVisible(False)

    def show(self, anchor: Square, square: Square) -> None:
        """Draw what the drag from ``anchor`` to ``square`` would do."""
        raise NotImplementedError
