"""Routes on the grid (R36): what a path costs through terrain and people, and which of
the cheapest routes the map takes."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from futurepath_desktop.core.grid.distance import DIRECTIONS, distance_ft, distance_squares
from futurepath_desktop.core.grid.movement import Grid, Occupant, Relation, Terrain
from futurepath_desktop.core.grid.routes import find_path
from tests.core.grid_strategies import on_map, open_grid, terrain_maps


@settings(max_examples=200)
@given(on_map, on_map)
def test_r36_on_open_ground_the_path_costs_exactly_the_distance(a, b) -> None:
    path = find_path(open_grid(), a, b)
    assert path is not None
    assert path.cost_ft == distance_ft(a, b)
    assert path.squares[0] == a and path.squares[-1] == b
    assert all(distance_squares(p, q) == 1 for p, q in pairwise(path.squares))


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


def test_r52_a_friends_square_is_difficult_conscious_or_not() -> None:
    corridor = {(x, y): Terrain.WALL for x in range(12) for y in (4, 6)}
    for out in (False, True):
        friend = Grid(12, 12, corridor, {(3, 5): Occupant(Relation.FRIEND, unconscious=out)})
        assert friend.enter_cost((3, 5)) == 10
        # Six steps of 5 ft, one of them doubled: 35 ft (R34, R36).
        assert find_path(friend, (0, 5), (6, 5)).cost_ft == 35  # type: ignore[union-attr]
        neutral = Grid(12, 12, corridor, {(3, 5): Occupant(Relation.NEUTRAL, unconscious=out)})
        assert neutral.enter_cost((3, 5)) == 10
