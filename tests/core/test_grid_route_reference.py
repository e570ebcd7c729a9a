"""The quicker route search (R36) against the plain one it replaced, kept as the reference
it must agree with."""

from __future__ import annotations

import heapq

from hypothesis import given, settings
from hypothesis import strategies as st

from futurepath_desktop.core.grid.distance import DIRECTIONS, SQUARE_FT, Square, distance_squares
from futurepath_desktop.core.grid.movement import Grid, Occupant, Relation, Terrain
from futurepath_desktop.core.grid.routes import Path, find_path

# --- the path search before it was made quicker, kept as the reference it must agree with


def _reference_costs_to_goal(
    grid: Grid, start: Square, goal: Square, bound: int
) -> dict[Square, int]:
    """The exact feet from each square to the goal, for every square that a route of the
    least cost can pass (a search from the goal back towards the start, run on until
    nothing as cheap is left); empty if no route from the start is within ``bound``.

    A route costs the squares it enters, so stepping from a square into a neighbour costs
    the neighbour's price: the feet from a square are the next square's price plus the
    feet from there."""
    togo: dict[Square, int] = {goal: 0}
    settled: dict[Square, int] = {}
    sx, sy = start
    queue: list[tuple[int, int, Square]] = [(SQUARE_FT * distance_squares(goal, start), 0, goal)]
    enter_cost = grid.enter_cost
    width, height = grid.width, grid.height
    least: int | None = None
    while queue:
        f, cost, here = heapq.heappop(queue)
        if here in settled:
            continue
        if least is not None and f > least:
            break  # every square of a route of the least cost is settled
        settled[here] = cost
        if here == start:
            least = cost
            continue
        price = enter_cost(here)
        if price is None:
            continue  # a wall or an enemy: no route passes it
        hx, hy = here
        total = cost + price
        for dx, dy in DIRECTIONS:
            x, y = hx + dx, hy + dy
            if not (0 <= x < width and 0 <= y < height):
                continue
            there = (x, y)
            if there in settled:
                continue
            h = SQUARE_FT * max(abs(x - sx), abs(y - sy))
            if total >= togo.get(there, 1 << 62) or total + h > bound:
                continue
            togo[there] = total
            heapq.heappush(queue, (total + h, total, there))
    return settled if least is not None else {}


_RefState = tuple[Square, int]
"""A square and the index in DIRECTIONS of the step that entered it (-1 at the start)."""


def _reference_find_path(
    grid: Grid, start: Square, goal: Square, limit_ft: int | None = None
) -> Path | None:
    """R36: the cheapest route from ``start`` to ``goal`` (None if there is none, or none
    within ``limit_ft``: a bound that keeps a search on a large map from flooding it).

    Among routes that cost the same, the straightest: the fewest changes of direction, then
    the one that keeps closest to the straight line from start to goal. A GM reads the
    route the map draws, and a zig-zag of equal cost looks like a mistake.

    Two A* searches: the first finds the least cost; the second, over (square, direction
    of the last step) and bounded by that cost, is ordered by (feet, turns, straying).
    Every step costs at least 5 ft, so 5 ft per square of plain distance never overestimates
    the feet left, and a goal not straight ahead needs at least one more turn, so the first
    time the goal is taken from the queue its route is the best.
    """
    if not grid.inside(start) or not grid.inside(goal):
        return None
    if start == goal:
        return Path((start,), 0)
    if grid.enter_cost(goal) is None:
        return None  # a wall, or an enemy standing there: no route ends in it
    # The feet left from every square first (a plain search, quick to say "none within
    # reach"), then the straightest route among those that cost exactly the least.
    togo = _reference_costs_to_goal(
        grid, start, goal, limit_ft if limit_ft is not None else 1 << 62
    )
    if not togo:
        return None
    least = togo[start]
    sx, sy = start
    gx, gy = goal
    lx, ly = gx - sx, gy - sy  # the straight line, for how far a square strays from it
    first: _RefState = (start, -1)
    best: dict[_RefState, tuple[int, int, int]] = {first: (0, 0, 0)}
    came: dict[_RefState, _RefState] = {}
    # (feet + feet left at least, turns + turns left at least, feet, turns, straying, state)
    queue: list[tuple[int, int, int, int, int, _RefState]] = [(least, 0, 0, 0, 0, first)]
    done: set[_RefState] = set()
    costs: dict[Square, int | None] = {}
    enter_cost = grid.enter_cost
    end: _RefState | None = None
    while queue:
        _, _, cost, turns, stray, state = heapq.heappop(queue)
        if state in done:
            continue
        here, heading = state
        if here == goal:
            end = state
            break
        done.add(state)
        hx, hy = here
        for index, (dx, dy) in enumerate(DIRECTIONS):
            there = (hx + dx, hy + dy)
            if there in costs:
                step = costs[there]
            else:
                step = costs[there] = enter_cost(there)
            if step is None or there not in togo or cost + step + togo[there] > least:
                continue  # not on a route of the least cost
            key = (
                cost + step,
                turns + (0 if heading in (index, -1) else 1),
                stray + abs((there[0] - sx) * ly - (there[1] - sy) * lx),
            )
            nxt = (there, index)
            if nxt in done or key >= best.get(nxt, (1 << 62, 0, 0)):
                continue
            best[nxt] = key
            came[nxt] = state
            # A goal not straight ahead needs one more turn at least (none once reached).
            more = 0 if _reference_on_ray(there, (dx, dy), goal) else 1
            heapq.heappush(queue, (least, key[1] + more, *key, nxt))
    if end is None:
        return None
    route = [end]
    while route[-1] != first:
        route.append(came[route[-1]])
    return Path(tuple(square for square, _ in reversed(route)), best[end][0])


def _reference_on_ray(square: Square, direction: Square, goal: Square) -> bool:
    """Whether ``goal`` lies straight ahead of ``square`` along ``direction`` (or on it)."""
    ox, oy = goal[0] - square[0], goal[1] - square[1]
    n = max(abs(ox), abs(oy))
    return (ox, oy) == (direction[0] * n, direction[1] * n)


reference_map = st.tuples(st.integers(0, 13), st.integers(0, 9))


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(reference_map, st.sampled_from(list(Terrain)), max_size=50),
    st.dictionaries(
        reference_map, st.tuples(st.sampled_from(list(Relation)), st.booleans()), max_size=12
    ),
    reference_map,
    reference_map,
    st.one_of(st.none(), st.integers(0, 150)),
)
def test_r36_the_quicker_search_chooses_the_same_route_as_the_reference(
    terrain, people, a, b, limit
) -> None:
    grid = Grid(14, 10, terrain, {s: Occupant(r, unconscious=u) for s, (r, u) in people.items()})
    assert find_path(grid, a, b, limit) == _reference_find_path(grid, a, b, limit)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 39), st.integers(0, 39), st.integers(0, 39), st.integers(0, 39), st.randoms())
def test_r36_the_quicker_search_agrees_on_open_and_rubbled_ground(ax, ay, bx, by, rng) -> None:
    # Wide open ground is where routes of the same cost are most numerous.
    rubble = {
        (rng.randrange(40), rng.randrange(40)): rng.choice(list(Terrain))
        for _ in range(rng.choice((0, 20, 200)))
    }
    grid = Grid(40, 40, rubble, {})
    assert find_path(grid, (ax, ay), (bx, by)) == _reference_find_path(grid, (ax, ay), (bx, by))
