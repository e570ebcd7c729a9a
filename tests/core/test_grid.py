"""The grid: distance (R34), speeds (R35), terrain and paths (R36), threat (R37),
grenades (R38) and areas."""

from __future__ import annotations

import heapq
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from futurepath_desktop.core.errors import InvalidValueError
from futurepath_desktop.core.grenades import (
    SCATTER_STEPS,
    Timing,
    cook,
    in_range,
    landing_square,
    max_throw_ft,
    scatter,
)
from futurepath_desktop.core.grid import (
    DIRECTIONS,
    SQUARE_FT,
    Grid,
    MoveType,
    Occupant,
    Path,
    Relation,
    Square,
    Terrain,
    burst,
    cone,
    distance_ft,
    distance_squares,
    find_path,
    line,
    move_budget_ft,
    threat_range_ft,
)
from tests.helpers import scripted

squares = st.tuples(st.integers(-50, 50), st.integers(-50, 50))
on_map = st.tuples(st.integers(0, 11), st.integers(0, 11))


def open_grid(size: int = 12) -> Grid:
    return Grid(size, size, {}, {})


@given(squares, squares, squares)
def test_r34_distance_is_a_metric(a, b, c) -> None:
    assert distance_squares(a, a) == 0
    assert (distance_squares(a, b) == 0) == (a == b)
    assert distance_squares(a, b) == distance_squares(b, a)
    assert distance_squares(a, c) <= distance_squares(a, b) + distance_squares(b, c)


def test_r34_every_step_diagonal_or_not_is_5_ft() -> None:
    assert distance_ft((0, 0), (6, 0)) == 30
    assert distance_ft((0, 0), (6, 6)) == 30, "30 ft is 6 squares in any direction"
    assert distance_ft((0, 0), (3, 6)) == 30


def test_r35_speeds_by_move_type() -> None:
    assert move_budget_ft(30, MoveType.RUN) == 30
    assert move_budget_ft(30, MoveType.WALK) == 15
    assert move_budget_ft(30, MoveType.SPRINT) == 90, "the Sprint section wins over '60 ft'"
    assert move_budget_ft(30, MoveType.CLIMB_CRAWL_SWIM) == 15
    assert move_budget_ft(30, MoveType.CLIMB_CRAWL_SWIM_FULL) == 30
    assert move_budget_ft(40, MoveType.FIVE_FOOT_STEP) == 5


@settings(max_examples=200)
@given(on_map, on_map)
def test_r36_on_open_ground_the_path_costs_exactly_the_distance(a, b) -> None:
    path = find_path(open_grid(), a, b)
    assert path is not None
    assert path.cost_ft == distance_ft(a, b)
    assert path.squares[0] == a and path.squares[-1] == b
    assert all(distance_squares(p, q) == 1 for p, q in pairwise(path.squares))


terrain_maps = st.dictionaries(on_map, st.sampled_from(list(Terrain)), max_size=40)


@settings(max_examples=200)
@given(terrain_maps, on_map, on_map)
def test_r36_a_path_never_costs_less_than_the_distance(terrain, a, b) -> None:
    terrain.pop(a, None)
    grid = Grid(12, 12, terrain, {})
    path = find_path(grid, a, b)
    if path is None:
        return
    assert path.cost_ft >= distance_ft(a, b)
    assert all(terrain.get(s) is not Terrain.WALL for s in path.squares)
    assert path.cost_ft == sum(grid.enter_cost(s) or 0 for s in path.squares[1:])


def _cheapest_by_relaxation(grid: Grid, start: tuple[int, int]) -> dict[tuple[int, int], int]:
    """A second, deliberately plain implementation: relax every square until nothing
    changes (Bellman-Ford), with no queue and no heuristic."""
    cost = {start: 0}
    changed = True
    while changed:
        changed = False
        for x in range(grid.width):
            for y in range(grid.height):
                here = cost.get((x, y))
                if here is None:
                    continue
                for dx, dy in DIRECTIONS:
                    step = grid.enter_cost((x + dx, y + dy))
                    if step is not None and here + step < cost.get((x + dx, y + dy), 1 << 30):
                        cost[(x + dx, y + dy)] = here + step
                        changed = True
    return cost


@settings(max_examples=60, deadline=None)
@given(terrain_maps, on_map, on_map)
def test_r36_the_path_is_as_cheap_as_an_exhaustive_relaxation_finds(terrain, a, b) -> None:
    terrain.pop(a, None)
    grid = Grid(12, 12, terrain, {(3, 3): Occupant(Relation.FRIEND)})
    oracle = _cheapest_by_relaxation(grid, a)
    path = find_path(grid, a, b)
    if b not in oracle:
        assert path is None
    else:
        assert path is not None and path.cost_ft == oracle[b]
        assert all(distance_squares(p, q) == 1 for p, q in pairwise(path.squares))


def test_r36_difficult_terrain_doubles_the_cost_of_entering_a_square() -> None:
    # A wall of difficult squares the mover must cross: one square costs 10 ft, not 5.
    terrain = {(3, y): Terrain.DIFFICULT for y in range(12)}
    path = find_path(Grid(12, 12, terrain, {}), (0, 5), (6, 5))
    assert path is not None and path.cost_ft == 35
    half = {(3, y): Terrain.HALF_SQUARE for y in range(12)}
    assert find_path(Grid(12, 12, half, {}), (0, 5), (6, 5)).cost_ft == 35  # type: ignore[union-attr]
    # Where the difficult square can be walked round at no extra cost, it is.
    around = find_path(Grid(12, 12, {(3, 5): Terrain.DIFFICULT}, {}), (0, 5), (6, 5))
    assert around is not None and around.cost_ft == 30 and (3, 5) not in around.squares


@settings(max_examples=200)
@given(
    st.dictionaries(on_map, st.sampled_from(list(Relation)), max_size=30),
    st.booleans(),
    on_map,
    on_map,
)
def test_r36_an_enemy_square_is_never_entered_unless_the_enemy_is_unconscious(
    people, out, a, b
) -> None:
    people.pop(a, None)
    occupants = {s: Occupant(r, unconscious=out) for s, r in people.items()}
    path = find_path(Grid(12, 12, {}, occupants), a, b)
    if path is None:
        assert not out, "with everyone unconscious the open map is always crossable"
        return
    for square in path.squares[1:]:
        occupant = occupants.get(square)
        if occupant is not None and occupant.relation is Relation.ENEMY:
            assert occupant.unconscious


def test_r36_friends_count_as_difficult_and_enemies_block() -> None:
    corridor = {(x, y): Terrain.WALL for x in range(12) for y in (4, 6)}
    friend = Grid(12, 12, corridor, {(3, 5): Occupant(Relation.FRIEND)})
    assert find_path(friend, (0, 5), (6, 5)).cost_ft == 35  # type: ignore[union-attr]
    enemy = Grid(12, 12, corridor, {(3, 5): Occupant(Relation.ENEMY)})
    assert find_path(enemy, (0, 5), (6, 5)) is None
    down = Grid(12, 12, corridor, {(3, 5): Occupant(Relation.ENEMY, unconscious=True)})
    assert find_path(down, (0, 5), (6, 5)).cost_ft == 30  # type: ignore[union-attr]


def test_r37_threat_range_and_reach() -> None:
    assert threat_range_ft() == 5 and threat_range_ft(2) == 15
    with pytest.raises(InvalidValueError):
        threat_range_ft(-1)


@pytest.mark.parametrize(
    ("face", "steps"),
    [(1, -4), (2, -3), (3, -2), (4, -1), (5, 0), (6, 0), (7, 1), (8, 2), (9, 3), (10, 4)],
)
def test_r38_scatter_table_face_by_face(face: int, steps: int) -> None:
    assert SCATTER_STEPS[face] == steps
    # Throwing east from (0, 5) at (6, 5): along is +x, right (clockwise, y down) is +y.
    assert landing_square((0, 5), (6, 5), 5, face) == (6 + steps, 5)
    assert landing_square((0, 5), (6, 5), face, 5) == (6, 5 + steps)


def test_r38_scatter_follows_the_line_of_the_throw() -> None:
    # Throwing north (y decreasing): long is further north, right is east.
    assert landing_square((5, 10), (5, 2), 7, 8) == (6, 0)
    rolled = scatter(scripted(4, 7), (0, 0), (6, 0))
    assert (rolled.across_ft, rolled.along_ft) == (-5, 5)
    assert rolled.landing == (7, -1)
    assert rolled.describe() == "2d10 (4, 7): 5 ft left, 5 ft long"
    on_target = scatter(scripted(5, 6), (0, 0), (3, 3))
    assert on_target.landing == (3, 3) and "on line, on line" in on_target.describe()


def test_r38_maximum_throw_and_cooking() -> None:
    assert max_throw_ft(0, 0) == 30 and max_throw_ft(2, 3) == 55
    assert in_range((0, 0), (11, 0), 0, 0) is False and in_range((0, 0), (6, 6), 0, 0)
    assert cook(scripted(20), 2).timing is Timing.AIRBURST  # 22 < 25
    assert cook(scripted(20), 5).timing is Timing.START_OF_TARGETS_TURN
    assert cook(scripted(1), 30).timing is Timing.IN_HAND


@given(on_map, st.integers(0, 30).map(lambda n: n * 5))
def test_bursts_are_symmetric_squares_around_the_centre(centre, radius) -> None:
    area = burst(centre, radius)
    cx, cy = centre
    for x, y in area:
        assert distance_ft(centre, (x, y)) <= radius
        for mirrored in ((2 * cx - x, y), (x, 2 * cy - y), (cx + (y - cy), cy + (x - cx))):
            assert mirrored in area
    assert len(area) == (2 * (radius // 5) + 1) ** 2


@given(st.sampled_from(DIRECTIONS), st.integers(1, 12).map(lambda n: n * 5))
def test_cones_are_symmetric_about_their_axis(direction, length) -> None:
    area = cone((0, 0), direction, length)
    dx, dy = direction
    assert (0, 0) not in area
    assert (dx, dy) in area
    for x, y in area:
        assert distance_ft((0, 0), (x, y)) <= length
        # Reflect across the axis of the cone: the image is in the cone too.
        if dx == 0 or dy == 0:
            image = (x, -y) if dy == 0 else (-x, y)
        else:
            image = (y * dx * dy, x * dx * dy)
        assert image in area
    opposite = cone((0, 0), (-dx, -dy), length)
    assert {(-x, -y) for x, y in area} == opposite


def test_lines_and_a_direction_that_is_not_a_step() -> None:
    assert line((2, 2), (1, -1), 15) == ((3, 1), (4, 0), (5, -1))
    with pytest.raises(InvalidValueError):
        cone((0, 0), (2, 0), 10)


@settings(max_examples=60, deadline=None)
@given(terrain_maps, on_map, on_map, st.integers(0, 120))
def test_r36_a_bounded_search_finds_the_same_path_or_none_past_the_bound(
    terrain, a, b, limit
) -> None:
    terrain.pop(a, None)
    grid = Grid(12, 12, terrain, {})
    free = find_path(grid, a, b)
    bounded = find_path(grid, a, b, limit_ft=limit)
    if free is not None and free.cost_ft <= limit:
        assert bounded is not None and bounded.cost_ft == free.cost_ft
    else:
        assert bounded is None


def _turns(route: tuple[tuple[int, int], ...]) -> int:
    steps = [(q[0] - p[0], q[1] - p[1]) for p, q in pairwise(route)]
    return sum(1 for s, t in pairwise(steps) if s != t)


def _stray(route: tuple[tuple[int, int], ...]) -> int:
    """How far the squares entered stray from the straight line start→goal (summed, in
    units of the line's length: the cross product)."""
    (sx, sy), (gx, gy) = route[0], route[-1]
    return sum(abs((x - sx) * (gy - sy) - (y - sy) * (gx - sx)) for x, y in route[1:])


def _every_cheapest_route(
    grid: Grid, start: tuple[int, int], goal: tuple[int, int]
) -> tuple[int, list[tuple[tuple[int, int], ...]]]:
    """Every route of the least cost, by walking all routes and keeping the cheapest
    (no search order, no tie-breaking; the least cost itself comes from the relaxation)."""
    cheapest = _cheapest_by_relaxation(grid, start).get(goal)
    if cheapest is None:
        return -1, []
    found: list[tuple[tuple[int, int], ...]] = []

    def walk(route: list[tuple[int, int]], cost: int) -> None:
        here = route[-1]
        if here == goal:
            if cost == cheapest:
                found.append(tuple(route))
            return
        for dx, dy in DIRECTIONS:
            there = (here[0] + dx, here[1] + dy)
            step = grid.enter_cost(there)
            # Each step is 5 ft at least, so a route already past the least cost with the
            # plain distance still to go cannot be one of the cheapest.
            if step is None or there in route:
                continue
            if cost + step + 5 * distance_squares(there, goal) > cheapest:
                continue
            walk([*route, there], cost + step)

    walk([start], 0)
    return cheapest, found


small_map = st.tuples(st.integers(0, 5), st.integers(0, 4))


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(small_map, st.sampled_from(list(Terrain)), max_size=8),
    st.dictionaries(small_map, st.sampled_from(list(Relation)), max_size=3),
    small_map,
    small_map,
)
def test_r36_of_the_cheapest_routes_the_map_takes_the_straightest(terrain, people, a, b) -> None:
    terrain.pop(a, None)
    people.pop(a, None)
    grid = Grid(6, 5, terrain, {s: Occupant(r) for s, r in people.items()})
    cheapest, routes = _every_cheapest_route(grid, a, b)
    path = find_path(grid, a, b)
    if not routes:
        assert path is None
        return
    assert path is not None
    assert path.cost_ft == cheapest, "straighter, never dearer"
    assert path.squares in routes
    fewest = min(_turns(r) for r in routes)
    assert _turns(path.squares) == fewest
    # Between routes with as few turns, the one closest to the straight line.
    assert _stray(path.squares) == min(_stray(r) for r in routes if _turns(r) == fewest)


def test_r36_a_straight_run_is_drawn_straight_not_as_a_zig_zag() -> None:
    # Two squares east on open ground: the dog-leg up and back down costs the same 10 ft,
    # but the only route without a turn is the straight one.
    path = find_path(Grid(6, 5, {}, {}), (0, 1), (2, 1))
    assert path is not None and path.squares == ((0, 1), (1, 1), (2, 1))
    # Three east and one down: one bend, wherever it is, never two.
    bent = find_path(Grid(6, 5, {}, {}), (0, 1), (3, 2))
    assert bent is not None and bent.cost_ft == 15 and _turns(bent.squares) == 1


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
