"""The battle grid (R34-R37): the rules a map is played by, one module per job.

- :mod:`~futurepath_desktop.core.grid.distance`: squares, directions, distance and threat
  range (R34, R37);
- :mod:`~futurepath_desktop.core.grid.movement`: how far a move goes and what a square
  costs to enter (R35, R36, R16);
- :mod:`~futurepath_desktop.core.grid.routes`: the route a move takes (R36);
- :mod:`~futurepath_desktop.core.grid.areas`: bursts, cones and lines.

Grenades (R38) are in :mod:`futurepath_desktop.core.grenades`. The session and the map
read the grid's rules through this package's names (``core.grid.find_path``).
"""

from futurepath_desktop.core.grid.areas import burst, cone, line
from futurepath_desktop.core.grid.distance import SQUARE_FT, distance_ft, threat_range_ft
from futurepath_desktop.core.grid.movement import (
    Grid,
    MoveType,
    Occupant,
    Relation,
    Terrain,
    move_budget_ft,
)
from futurepath_desktop.core.grid.routes import Path, find_path

__all__ = [
    "SQUARE_FT",
    "Grid",
    "MoveType",
    "Occupant",
    "Path",
    "Relation",
    "Terrain",
    "burst",
    "cone",
    "distance_ft",
    "find_path",
    "line",
    "move_budget_ft",
    "threat_range_ft",
]
