"""What the grid's tests draw from: squares on a 12 by 12 map, terrain for it, an open map."""

from __future__ import annotations

from hypothesis import strategies as st

from futurepath_desktop.core.grid.movement import Grid, Terrain

on_map = st.tuples(st.integers(0, 11), st.integers(0, 11))
terrain_maps = st.dictionaries(on_map, st.sampled_from(list(Terrain)), max_size=40)


def open_grid(size: int = 12) -> Grid:
    """A map with no terrain and nobody on it."""
    return Grid(size, size, {}, {})
