"""The map in the session: tokens and movement (R34-R36), terrain, templates, grenades (R38),
what the map tells an attack (R31, R32), and the map in the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from futurepath_desktop.core.grid import MoveType, Terrain, distance_ft, find_path
from futurepath_desktop.session import store
from futurepath_desktop.session.attack_plan import plan_attack
from futurepath_desktop.session.commands import (
    AddArea,
    Damage,
    Detonate,
    MoveToken,
    NextTurn,
    PaintTerrain,
    PlaceTemplate,
    PlaceToken,
    RemoveCombatants,
    RemoveConditions,
    SetMapSize,
    StartCombat,
    ThrowGrenade,
)
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CommandError, SessionLoadError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.map_rules import (
    attack_context,
    grid_for,
    inside_template,
    remaining_ft,
    square_name,
)
from futurepath_desktop.session.state import Area, Session, Template
from tests.helpers import ScriptedRandom


def moved(session: Session) -> dict[str, int]:
    """How far each combatant has moved this turn (R35), by the tokens' record of it."""
    return {ident: token.moved_ft for ident, token in session.tokens.items() if token.moved_ft}


def demo() -> tuple[Session, History]:
    session = demo_session()
    return session, History(session)


def at(session: Session, ident: str) -> tuple[int, int]:
    assert session.map is not None
    return session.tokens[ident].square


def test_squares_are_named_like_a_battle_map() -> None:
    assert [square_name(s) for s in ((0, 0), (2, 6), (25, 0), (26, 9))] == [
        "A1",
        "C7",
        "Z1",
        "AA10",
    ]


def test_r35_r36_a_move_follows_the_cheapest_path_and_spends_the_budget() -> None:
    session, history = demo()
    history.push(MoveToken("brandon", 7, 4))
    assert at(session, "brandon") == (7, 4)
    assert session.map is not None and moved(session)["brandon"] == 20
    assert remaining_ft(session, "brandon", MoveType.RUN) == 10
    assert "Brandon moves 20 ft (4 squares) from D5 to H5; 10 ft left" in session.log[-1].text
    # 15 ft more is past the 10 ft left of a 30 ft run (R35).
    with pytest.raises(CommandError, match=r"needs 15 ft .* has 10 ft left"):
        history.push(MoveToken("brandon", 7, 7))
    # Sprint allows 3 × speed over the whole turn.
    history.push(MoveToken("brandon", 7, 7, move=MoveType.SPRINT))
    history.undo()
    history.undo()
    assert at(session, "brandon") == (3, 4) and "brandon" not in moved(session)


def test_r36_difficult_terrain_painted_on_the_way_raises_the_cost() -> None:
    session, history = demo()
    grid = grid_for(session, "james")
    before = find_path(grid, (4, 6), (8, 6))
    assert before is not None and before.cost_ft == 20
    wall = tuple((x, y) for x in (6,) for y in range(1, 17))
    history.push(PaintTerrain(wall, terrain=Terrain.DIFFICULT))
    after = find_path(grid_for(session, "james"), (4, 6), (8, 6))
    assert after is not None and after.cost_ft == 25  # one square of it, entered once
    history.undo()
    assert find_path(grid_for(session, "james"), (4, 6), (8, 6)) == before


def test_r36_enemies_block_unless_down_and_the_gm_may_override() -> None:
    session, history = demo()
    history.push(PlaceToken("brandon", 13, 4))
    # Bear 1 stands at (14, 4): the bears' square cannot be entered (R36).
    with pytest.raises(CommandError, match="Brandon is already"):
        history.push(MoveToken("brandon", 13, 4))
    history.push(PlaceToken("bear-2", 15, 4))
    history.push(PlaceToken("bear-3", 14, 3))
    history.push(PlaceToken("bear-4", 14, 5))
    grid = grid_for(session, "brandon")
    path = find_path(grid, (13, 4), (15, 5))
    assert path is not None and (14, 4) not in path.squares
    history.push(Damage(("bear-1",), 40))  # down: now its square may be crossed
    assert grid_for(session, "brandon").enter_cost((14, 4)) == 5
    crossing = find_path(grid_for(session, "brandon"), (13, 4), (15, 3))
    assert crossing is not None and crossing.squares == ((13, 4), (14, 4), (15, 3))
    history.push(MoveToken("brandon", 14, 4, override=True))
    assert at(session, "brandon") == (14, 4)
    assert "rules overridden" in session.log[-1].text


def test_moves_off_the_map_or_through_walls_are_refused_with_the_square_named() -> None:
    session, history = demo()
    with pytest.raises(CommandError, match="AC1 is off the 28×18 map"):
        history.push(MoveToken("brandon", 28, 0))
    with pytest.raises(CommandError, match="cannot enter A1: a wall"):
        history.push(MoveToken("brandon", 0, 0))  # a wall square
    assert at(session, "brandon") == (3, 4)


def test_the_budget_comes_back_when_the_team_turn_starts() -> None:
    session, history = demo()
    history.push(MoveToken("james", 8, 6))
    assert session.map is not None and moved(session) == {"james": 20}
    history.push(StartCombat())  # the players' surprise turn begins at once
    assert session.combat.acting_team == "players"
    assert "james" not in moved(session)
    # R11/R50: James is surprised; only Brandon moves in the surprise round.
    with pytest.raises(CommandError, match="James is surprised and cannot move"):
        history.push(MoveToken("james", 9, 7))
    while session.combat.phase != 4:
        history.push(NextTurn())
    history.push(MoveToken("james", 9, 7))
    assert moved(session) == {"james": 5}
    history.push(NextTurn())
    while session.combat.phase != 4 or session.combat.acting_team != "players":
        history.push(NextTurn())
    assert "james" not in moved(session)


def test_a_burst_names_who_is_inside_and_damage_reaches_all_of_them_in_one_step() -> None:
    session, history = demo()
    burst = Template("blast", "burst", 14, 5, 10, label="Plasma burst")
    inside = inside_template(session, burst)
    # An independent check: Chebyshev distance ≤ 2 squares from the centre (R34).
    assert session.map is not None
    expected = [i for i, t in session.tokens.items() if max(abs(t.x - 14), abs(t.y - 5)) <= 2]
    assert inside == expected and len(inside) >= 2
    history.push(PlaceTemplate(burst))
    assert "Plasma burst at O6: " in session.log[-1].text
    before = {i: session.combatants[i].hp for i in inside}
    history.push(Damage(tuple(inside), 6, "Plasma burst"))
    assert all(session.combatants[i].hp == before[i] - 6 for i in inside)
    history.undo()
    assert all(session.combatants[i].hp == before[i] for i in inside)


def test_r38_a_grenade_out_of_range_is_refused() -> None:
    _session, history = demo()
    # Brandon: STR 10 (+0), DEX 16 (+3) → 45 ft. Bear 2 at (16, 7) is 65 ft away.
    with pytest.raises(CommandError, match="65 ft away; Brandon throws at most 45 ft"):
        history.push(ThrowGrenade("brandon", 16, 7))


def test_r38_a_grenade_scatters_sets_a_counter_and_explodes_at_the_end_of_the_target_turn() -> None:
    session, history = demo()
    history.push(StartCombat())
    # Let the players act first: bears at 27, players at 28 in the chapter's order.
    assert session.combat.acting_team == "players"
    history.push(PlaceToken("brandon", 8, 4))
    session.rng = ScriptedRandom([4, 8, 3, 3, 3])  # across 4 (5 ft left), along 8 (10 ft long)
    history.push(ThrowGrenade("brandon", 14, 4, damage="3d6", radius_ft=5))
    assert session.map is not None
    (pending,) = session.grenades.values()
    # Thrown east: 'left' is north (y - 1), 'long' is further east (x + 2).
    assert (pending.x, pending.y) == (16, 3)
    assert "scatter 2d10 (4, 8): 5 ft left, 10 ft long; lands on Q4" in session.log[-1].text
    # R38: timed to its targets: Space Bear 4 (17, 3) is inside the blast where it lands.
    counter = session.conditions[pending.condition_id]
    assert counter.bearer_id == "bear-4" and counter.name == "Grenade"
    assert pending.teams == ("bears",)
    assert "explodes at the end of the Space Bears' next turn" in session.log[-1].text
    assert any(t.grenade_id == pending.id for t in session.templates.values())
    # The bears' turn ends: it goes off. 3d6 = 3+3+3 = 9 to everyone within 5 ft of Q4.
    hp_before = session.combatants["bear-4"].hp
    while session.grenades:
        history.push(NextTurn())
    text = next(e for e in reversed(session.log) if e.kind == "grenade").text
    assert text.startswith("The grenade explodes at Q4: 3d6 (3, 3, 3) = 9 to ")
    assert "Space Bear 4" in text  # at (17, 3), next to Q4
    assert session.combatants["bear-4"].hp == hp_before - 9
    assert pending.condition_id not in session.conditions


def test_r38_a_cooked_grenade_that_fails_is_a_harmless_airburst() -> None:
    session, history = demo()
    session.rng = ScriptedRandom([10])  # d20 10 + WIS: far below DC 25
    history.push(PlaceToken("brandon", 8, 4))
    history.push(ThrowGrenade("brandon", 14, 4, cooked=True))
    assert session.map is not None and not session.grenades
    assert "harmless airburst" in session.log[-1].text


def test_r32_r31_the_map_feeds_cover_and_visibility_into_the_attack() -> None:
    session, history = demo()
    history.push(PlaceToken("bear-1", 10, 4))  # behind the crates: partial cover
    context = attack_context(session, "art", "bear-1")
    assert context is not None and context.cover == 1 and context.distance_ft == 40
    plan = plan_attack(session, "art", "bear-1", distance_ft=40, cover=context.cover)
    assert any("cover" in s.describe().lower() for s in plan.setup.all_sources())
    history.push(PlaceToken("art", 3, 14))  # into the smoke (visibility terrible, R31)
    plan = plan_attack(session, "art", "bear-1", distance_ft=55)
    assert any("visibility" in s.describe().lower() for s in plan.setup.all_sources())


def test_areas_and_resizing_are_checked() -> None:
    _session, history = demo()
    with pytest.raises(CommandError, match="off the 28×18 map"):
        history.push(AddArea(Area("f", "fog", 20, 10, 10, 10)))
    with pytest.raises(CommandError, match="Katie stands at X10, outside a 10×10 map"):
        history.push(SetMapSize(10, 10))
    fresh = Session()
    History(fresh).push(SetMapSize(40, 30))
    assert fresh.map is not None and (fresh.map.width, fresh.map.height) == (40, 30)


def test_removing_a_combatant_takes_its_token_off_the_map() -> None:
    session, history = demo()
    history.push(RemoveCombatants(("bear-2",)))
    assert session.map is not None and "bear-2" not in session.tokens
    history.undo()
    assert "bear-2" in session.tokens


def test_the_map_round_trips_through_the_file(tmp_path: Path) -> None:
    session, history = demo()
    history.push(PaintTerrain(((5, 5), (6, 5)), terrain=Terrain.WALL))
    history.push(MoveToken("art", 4, 8))
    path = tmp_path / "fight.fpsession"
    store.save_session(session, path)
    again = store.load_session(path)
    assert again.map == session.map and again.tokens == session.tokens
    assert again.areas == session.areas and again.templates == session.templates


def _on_map(change: Any) -> Any:
    return lambda d: {**d, "map": change(d["map"])}


def _token(d: dict[str, Any], ident: str, **fields: Any) -> dict[str, Any]:
    tokens = [{**t, **fields} if t["combatant_id"] == ident else t for t in d["tokens"]]
    return {**d, "tokens": tokens}


@pytest.mark.parametrize(
    ("change", "message", "where"),
    [
        (
            _on_map(lambda m: {**m, "terrain": m["terrain"][:-1]}),
            "17 rows but the map is 18",
            "$.map.terrain",
        ),
        (
            _on_map(
                lambda m: {**m, "cover": [*m["cover"][:2], m["cover"][2] + ".", *m["cover"][3:]]}
            ),
            "29 squares long",
            "$.map.cover[2]",
        ),
        (
            lambda d: {**d, "tokens": [*d["tokens"], {"combatant_id": "ghost", "x": 1, "y": 1}]},
            "'ghost'",
            "$.tokens[8].combatant_id",
        ),
        (
            lambda d: _token(d, "art", x=27, y=1, size=2),
            "lies off the 28×18 map",
            "$.tokens[2]",
        ),
        (_on_map(lambda m: {**m, "terrain": ["?" * 28] * 18}), "", "$.map.terrain[0]"),
    ],
)
def test_a_damaged_map_names_what_is_wrong_and_where(
    tmp_path: Path, change: Any, message: str, where: str
) -> None:
    document = change(json.loads(store.encode(demo_session())))
    path = tmp_path / "bad.fpsession"
    path.write_bytes(msgspec.json.encode(document))
    with pytest.raises(SessionLoadError) as caught:
        store.load_session(path)
    assert message in str(caught.value)
    assert where in str(caught.value)


def test_r38_the_gm_may_set_a_waiting_grenade_off_at_once() -> None:
    session, history = demo()
    history.push(PlaceToken("brandon", 8, 4))
    session.rng = ScriptedRandom([5, 5])  # on target
    history.push(ThrowGrenade("brandon", 14, 4, damage="2d6", radius_ft=5))
    assert session.map is not None
    (pending,) = session.grenades.values()
    hp = session.combatants["bear-1"].hp
    session.rng = ScriptedRandom([6, 6])
    history.push(Detonate(pending.id))
    assert session.combatants["bear-1"].hp == hp - 12
    assert not session.grenades and pending.condition_id not in session.conditions
    with pytest.raises(CommandError, match="no grenade"):
        history.push(Detonate(pending.id))


def test_ending_a_grenade_counter_takes_the_grenade_off_the_map() -> None:
    session, history = demo()
    history.push(PlaceToken("brandon", 8, 4))
    session.rng = ScriptedRandom([5, 5])
    history.push(ThrowGrenade("brandon", 14, 4))
    assert session.map is not None
    (pending,) = session.grenades.values()
    history.push(RemoveConditions((pending.condition_id,)))
    assert not session.grenades
    assert all(t.grenade_id != pending.id for t in session.templates.values())


@pytest.mark.parametrize("size", [1, 2, 3])
def test_r53_an_attack_measures_between_the_nearest_squares_of_large_tokens(size: int) -> None:
    session, history = demo()
    history.push(PlaceToken("bear-1", 10, 4, size=size))
    history.push(PlaceToken("art", 10 + size, 5))  # just east of the bear's block
    context = attack_context(session, "art", "bear-1")
    assert context is not None
    # Every square the bear covers, measured by the grid's own rule: the nearest counts.
    nearest = min(
        distance_ft((10 + size, 5), (10 + dx, 4 + dy)) for dx in range(size) for dy in range(size)
    )
    assert context.distance_ft == nearest == 5  # beside the bear: in melee reach


def test_a_zone_s_log_line_names_it_once() -> None:
    """The zone tool names a new zone "Zone 2": the log says "Zone 2 over …", not
    "Zone Zone 2"; a zone named otherwise is called a zone, and fog is fog."""
    session, history = demo()
    for area, said in (
        (Area("z2", "zone", 1, 1, 5, 3, 3, "Zone 2"), "Zone 2 over 5×3 squares"),
        (Area("z3", "zone", 1, 1, 2, 2, 1, "Smoke"), "Zone Smoke over 2×2 squares"),
        (Area("z4", "zone", 1, 1, 2, 2, 1), "Zone over 2×2 squares"),
        (Area("f2", "fog", 1, 1, 2, 2, 0, "Side room"), "Fog over 2×2 squares"),
    ):
        history.push(AddArea(area))
        assert session.log[-1].text == said
