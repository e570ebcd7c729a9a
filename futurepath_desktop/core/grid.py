"""The battle grid (R34-R37): distance, movement cost, threat range and areas (grenades,
R38, are in :mod:`futurepath_desktop.core.grenades`).

Squares are (x, y) pairs of whole numbers; x grows to the right and y grows downward, as
on a battle map seen from above. Every step, diagonal or not, is 5 ft (R34).
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from enum import IntEnum, StrEnum

import msgspec

from futurepath_desktop.core.errors import InvalidValueError

Square = tuple[int, int]
SQUARE_FT = 5
"""R34: a square is 5 ft; so is every step."""
DIRECTIONS: tuple[Square, ...] = (
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
)
"""The eight directions of movement, clockwise from east on a map with y downward."""


def distance_squares(a: Square, b: Square) -> int:
    """R34: the number of steps between two squares when diagonals cost the same."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def distance_ft(a: Square, b: Square) -> int:
    """R34: the distance in feet; ranges on the grid use the same metric."""
    return SQUARE_FT * distance_squares(a, b)


def threat_range_ft(reach: int = 0) -> int:
    """R37: 5 ft, plus 5 ft per Reach step of the wielded melee weapon."""
    if reach < 0:
        raise InvalidValueError("reach is 0 or more steps")
    return SQUARE_FT * (1 + reach)


# --- movement (R35, R36, R16) --------------------------------------------------------------


class MoveType(StrEnum):
    """R35/R16: how a combatant moves, which sets how far it may go."""

    RUN = "run"  # a standard move at full speed
    WALK = "walk"
    SPRINT = "sprint"  # Full-Round, up to 3 × speed
    CLIMB_CRAWL_SWIM = "climb, crawl, swim"
    CLIMB_CRAWL_SWIM_FULL = "climb, crawl, swim (full round)"
    FIVE_FOOT_STEP = "5-foot step"


def move_budget_ft(speed_ft: int, move: MoveType) -> int:
    """R35/R16: the feet a move of this type allows at this speed."""
    if speed_ft < 0:
        raise InvalidValueError("a speed is 0 ft or more")
    budgets = {
        MoveType.RUN: speed_ft,
        MoveType.WALK: speed_ft // 2,
        MoveType.SPRINT: 3 * speed_ft,
        MoveType.CLIMB_CRAWL_SWIM: speed_ft // 2,
        MoveType.CLIMB_CRAWL_SWIM_FULL: speed_ft,
        MoveType.FIVE_FOOT_STEP: SQUARE_FT,
    }
    return budgets[move]


class Terrain(IntEnum):
    """R36: what a square is like to enter."""

    NORMAL = 0
    DIFFICULT = 1
    HALF_SQUARE = 2  # a wall through it: counts as difficult terrain
    WALL = 3  # cannot be entered


class Relation(StrEnum):
    """Who stands in a square, as the mover sees them."""

    FRIEND = "friend"
    NEUTRAL = "neutral"
    ENEMY = "enemy"


class Occupant(msgspec.Struct, frozen=True):
    """Someone standing in a square: friend, neutral or enemy, and whether unconscious."""

    relation: Relation
    unconscious: bool = False


class Grid(msgspec.Struct, frozen=True):
    """A map's size, terrain and who stands where (terrain not listed is normal)."""

    width: int
    height: int
    terrain: Mapping[Square, Terrain]
    occupants: Mapping[Square, Occupant]

    def inside(self, square: Square) -> bool:
        """Whether a square is on the map."""
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height

    def enter_cost(self, square: Square) -> int | None:
        """R36: feet to step into a square, or None if it cannot be entered.

        Difficult terrain and half-squares double the cost. A friend's or a neutral's
        square counts as difficult terrain; an enemy's square cannot be entered unless the
        enemy is unconscious (Overrun is a GM override, not a path).
        """
        if not self.inside(square):
            return None
        terrain = self.terrain.get(square, Terrain.NORMAL)
        if terrain is Terrain.WALL:
            return None
        difficult = terrain in (Terrain.DIFFICULT, Terrain.HALF_SQUARE)
        occupant = self.occupants.get(square)
        if occupant is not None and not occupant.unconscious:
            if occupant.relation is Relation.ENEMY:
                return None
            difficult = True
        return 2 * SQUARE_FT if difficult else SQUARE_FT


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
            if occupant is not None and not occupant.unconscious:
                if occupant.relation is Relation.ENEMY:
                    self.known[number] = None
                    return None
                difficult = True
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


# --- areas (R39 powers, R38 blasts) --------------------------------------------------------


def burst(centre: Square, radius_ft: int) -> frozenset[Square]:
    """Every square within ``radius_ft`` of the centre, the centre included (R34 metric)."""
    if radius_ft < 0:
        raise InvalidValueError("a radius is 0 ft or more")
    r = radius_ft // SQUARE_FT
    return frozenset(
        (centre[0] + dx, centre[1] + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)
    )


def _check_direction(direction: Square) -> None:
    if direction not in DIRECTIONS:
        raise InvalidValueError(f"a direction is one of the eight steps, not {direction}")


def cone(origin: Square, direction: Square, length_ft: int) -> frozenset[Square]:
    """A 90° cone from ``origin`` (not included) along one of the eight directions.

    A square is inside when it is within ``length_ft`` and no more than 45° off the
    direction (exact integer test, so mirror images are treated alike).
    """
    _check_direction(direction)
    n = length_ft // SQUARE_FT
    found = set()
    dx, dy = direction
    norm = dx * dx + dy * dy
    for x in range(-n, n + 1):
        for y in range(-n, n + 1):
            dot = x * dx + y * dy
            if (x, y) != (0, 0) and dot > 0 and 2 * dot * dot >= (x * x + y * y) * norm:
                found.add((origin[0] + x, origin[1] + y))
    return frozenset(found)


def line(origin: Square, direction: Square, length_ft: int) -> tuple[Square, ...]:
    """A line of squares from ``origin`` (not included) along one of the eight directions."""
    _check_direction(direction)
    return tuple(
        (origin[0] + k * direction[0], origin[1] + k * direction[1])
        for k in range(1, length_ft // SQUARE_FT + 1)
    )
