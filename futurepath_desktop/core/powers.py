"""Power properties (R39): range, area, targets and duration."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from futurepath_desktop.core.errors import InvalidValueError


class AreaShape(StrEnum):
    """The shapes an area can take on the grid."""

    BURST = "burst"
    CONE = "cone"
    LINE = "line"


class Area(msgspec.Struct, frozen=True):
    """An area of effect: a burst of a radius, a cone or a line of a length, in feet."""

    shape: AreaShape
    size_ft: int

    def __post_init__(self) -> None:
        if self.size_ft <= 0 or self.size_ft % 5:
            raise InvalidValueError(
                f"an area's size is a positive multiple of 5 ft, not {self.size_ft}"
            )


class Centre(StrEnum):
    """Where a power's area is centred (R39)."""

    POINT_IN_RANGE = "a point you can see within range"
    USER = "the user"


class Targets(StrEnum):
    """Whom a power affects (R39)."""

    LISTED = "the listed target"
    ONE_IN_RANGE = "one creature you can see within range"
    ALL_IN_AREA = "every creature in the area"
    USER = "the user"


class Power(msgspec.Struct, frozen=True):
    """R39: a power's range, area, listed target and duration."""

    name: str
    range_ft: int | None = None
    area: Area | None = None
    target: str | None = None
    duration_rounds: int | None = None

    def __post_init__(self) -> None:
        if self.range_ft is not None and self.range_ft < 0:
            raise InvalidValueError(f"{self.name}: range cannot be negative")
        if self.duration_rounds is not None and self.duration_rounds < 1:
            raise InvalidValueError(f"{self.name}: a duration is at least 1 round")

    @property
    def centre(self) -> Centre | None:
        """R39: an area with a range is centred on a point within range, else on the user."""
        if self.area is None:
            return None
        return Centre.POINT_IN_RANGE if self.range_ft is not None else Centre.USER

    @property
    def targets(self) -> Targets:
        """R39: without a listed target an area affects every creature in it, and a
        ranged power without an area targets one creature within range."""
        if self.target is not None:
            return Targets.LISTED
        if self.area is not None:
            return Targets.ALL_IN_AREA
        if self.range_ft is not None:
            return Targets.ONE_IN_RANGE
        return Targets.USER

    def in_range(self, distance_ft: int) -> bool:
        """Whether a point or creature at this distance can be chosen."""
        if self.range_ft is None:
            return distance_ft == 0
        return distance_ft <= self.range_ft

    @property
    def has_counter(self) -> bool:
        """R39: a duration runs as a round counter; at 0 the effect ends, though damage and
        healing already done stay."""
        return self.duration_rounds is not None
