"""The route a move takes on the battle grid (R36): the cheapest, and among routes that
cost the same, the straightest."""

from __future__ import annotations

import heapq
from collections.abc import Mapping

import msgspec

from futurepath_desktop.core.grid.distance import DIRECTIONS, SQUARE_FT, Square, distance_squares
from futurepath_desktop.core.grid.movement import Grid, Relation, Terrain


class Path(msgspec.Struct, frozen=True):
    """The route the rules choose and what it costs."""

    squares: tuple[Square, ...]
    cost_ft: int

    @property
    def steps(self) -> int:
        """How many squares are entered."""
        return len(self.squares) - 1


_STEPS: tuple[tuple[int, int, int], ...] = tuple(
    (index, dx, dy) for index, (dx, dy) in enumerate(DIRECTIONS)
)
_UNSEEN = -1
"""Not yet priced (a price is a number of feet or None)."""


class _Prices:
    """What it costs to enter each square, looked up once per search: ``Grid.enter_cost``
    for squares on the map, by square number (``x * height + y``, which sorts as (x, y))."""

    __slots__ = ("_occupants", "_terrain", "known")

    def __init__(self, grid: Grid) -> None:
        self._terrain = grid.terrain
        self._occupants = grid.occupants
        self.known: dict[int, int | None] = {}
        """The squares priced so far."""

    def of(self, number: int, square: Square) -> int | None:
        """The feet to enter a square that is on the map (the same as ``enter_cost``)."""
        known = self.known.get(number, _UNSEEN)
        if known != _UNSEEN:
            return known
        terrain = self._terrain.get(square, Terrain.NORMAL)
        price: int | None
        if terrain is Terrain.WALL:
            price = None
        else:
            difficult = terrain in (Terrain.DIFFICULT, Terrain.HALF_SQUARE)
            occupant = self._occupants.get(square)
            if occupant is not None:  # R52: a friend's or neutral's square is difficult
                if occupant.relation is not Relation.ENEMY:
                    difficult = True
                elif not occupant.unconscious:
                    self.known[number] = None
                    return None
            price = 2 * SQUARE_FT if difficult else SQUARE_FT
        self.known[number] = price
        return price


def _costs_to_goal(
    grid: Grid, prices: _Prices, start: Square, goal: Square, bound: int
) -> dict[int, int]:
    """The exact feet from each square (by number) to the goal, for every square that a
    route of the least cost can pass (a search from the goal back towards the start, run on
    until nothing as cheap is left); empty if no route from the start is within ``bound``.

    A route costs the squares it enters, so stepping from a square into a neighbour costs
    the neighbour's price: the feet from a square are the next square's price plus the
    feet from there."""
    width, height = grid.width, grid.height
    sx, sy = start
    gx, gy = goal
    first = sx * height + sy
    togo: dict[int, int] = {gx * height + gy: 0}
    settled: dict[int, int] = {}
    queue: list[tuple[int, int, int, int, int]] = [
        (SQUARE_FT * distance_squares(goal, start), 0, gx * height + gy, gx, gy)
    ]
    price_of = prices.of
    pop, push = heapq.heappop, heapq.heappush
    big = 1 << 62
    least: int | None = None
    while queue:
        f, cost, here, hx, hy = pop(queue)
        if here in settled:
            continue
        if least is not None and f > least:
            break  # every square of a route of the least cost is settled
        settled[here] = cost
        if here == first:
            least = cost
            continue
        price = price_of(here, (hx, hy))
        if price is None:
            continue  # a wall or an enemy: no route passes it
        total = cost + price
        for _, dx, dy in _STEPS:
            x, y = hx + dx, hy + dy
            if not (0 <= x < width and 0 <= y < height):
                continue
            there = x * height + y
            if there in settled or total >= togo.get(there, big):
                continue
            ax, ay = x - sx, y - sy
            h = SQUARE_FT * max(ax if ax >= 0 else -ax, ay if ay >= 0 else -ay)
            if total + h > bound:
                continue
            togo[there] = total
            push(queue, (total + h, total, there, x, y))
    return settled if least is not None else {}


def _steps_on_cheapest_routes(
    togo: dict[int, int],
    priced: Mapping[int, int | None],
    left: int,
    here: Square,
    start: Square,
    goal: Square,
    width: int,
    height: int,
) -> list[tuple[int, int, int, int, int, int, int]]:
    """The steps from ``here`` (``left`` feet from the goal) that stay on a route of the
    least cost (``priced`` holds the price of every square in ``togo`` but the start, which
    no such step enters), each as (direction, state entered, x, y, feet, straying, turns at least
    still to come: 0 if the goal lies straight ahead, else 1)."""
    hx, hy = here
    sx, sy = start
    gx, gy = goal
    lx, ly = gx - sx, gy - sy  # the straight line, for how far a square strays from it
    found = []
    for index, dx, dy in _STEPS:
        x, y = hx + dx, hy + dy
        if not (0 <= x < width and 0 <= y < height):
            continue
        there = x * height + y
        step = priced.get(there)
        if step is None or step + togo[there] > left:
            continue  # not on a route of the least cost
        off = (x - sx) * ly - (y - sy) * lx
        # A goal not straight ahead needs one more turn at least (none once reached).
        ox, oy = gx - x, gy - y
        n = max(abs(ox), abs(oy))
        more = 0 if ox == dx * n and oy == dy * n else 1
        found.append((index, there * 9 + index + 1, x, y, step, abs(off), more))
    return found


def find_path(grid: Grid, start: Square, goal: Square, limit_ft: int | None = None) -> Path | None:
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

    Squares are numbered ``x * height + y`` and a state is ``square * 9 + direction + 1``
    (0 at the start): both sort as the (square, direction) pairs they stand for, so ties
    in the queue fall the same way as with the pairs themselves.
    """
    if not grid.inside(start) or not grid.inside(goal):
        return None
    if start == goal:
        return Path((start,), 0)
    if grid.enter_cost(goal) is None:
        return None  # a wall, or an enemy standing there: no route ends in it
    # The feet left from every square first (a plain search, quick to say "none within
    # reach"), then the straightest route among those that cost exactly the least.
    prices = _Prices(grid)
    bound = limit_ft if limit_ft is not None else 1 << 62
    togo = _costs_to_goal(grid, prices, start, goal, bound)
    if not togo:
        return None
    width, height = grid.width, grid.height
    sx, sy = start
    gx, gy = goal
    least = togo[sx * height + sy]
    goal_number = gx * height + gy
    first = (sx * height + sy) * 9
    best: dict[int, tuple[int, int, int]] = {first: (0, 0, 0)}
    came: dict[int, int] = {}
    # (turns + turns left at least, feet, turns, straying, state, x, y); every state in the
    # queue is on a route of the least cost, so feet + feet left is that cost for all.
    queue: list[tuple[int, int, int, int, int, int, int]] = [(0, 0, 0, 0, first, sx, sy)]
    done: set[int] = set()
    # Every state in the queue is reached at the least feet to its square (the feet left
    # are exact), so which steps stay on a route of the least cost depends on the square
    # alone: they are found once per square, not once per direction it is entered by.
    ahead: dict[int, list[tuple[int, int, int, int, int, int, int]]] = {}
    priced = prices.known
    pop, push = heapq.heappop, heapq.heappush
    no_key = (1 << 62, 0, 0)
    end: int | None = None
    while queue:
        _, cost, turns, stray, state, hx, hy = pop(queue)
        if state in done:
            continue
        here = state // 9
        if here == goal_number:
            end = state
            break
        done.add(state)
        heading = state - 9 * here - 1
        steps = ahead.get(here)
        if steps is None:
            steps = ahead[here] = _steps_on_cheapest_routes(
                togo, priced, least - cost, (hx, hy), start, goal, width, height
            )
        for index, nxt, x, y, step, off, more in steps:
            key = (
                cost + step,
                turns if heading in (index, -1) else turns + 1,
                stray + off,
            )
            if nxt in done or key >= best.get(nxt, no_key):
                continue
            best[nxt] = key
            came[nxt] = state
            push(queue, (key[1] + more, *key, nxt, x, y))
    if end is None:
        return None
    route = [end]
    while route[-1] != first:
        route.append(came[route[-1]])
    squares = tuple(divmod(state // 9, height) for state in reversed(route))
    return Path(squares, best[end][0])
