"""Everything that loads can be played: the loader refuses the files that would load but
break the fight later (a fight on in no phase, a chart missing lines, a cone with no
direction, a grenade whose damage is not dice), each with its JSON path."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.space_rules import default_chart
from futurepath_desktop.session.store import encode, load_session


def _document() -> dict[str, Any]:
    session = demo_session()
    history = History(session)
    history.push(c.StartCombat(()))
    history.push(c.PlaceTemplate(_cone()))
    document: dict[str, Any] = json.loads(encode(session))
    document["space"]["chart"] = json.loads(json.dumps([_row(r) for r in default_chart()]))
    return document


def _cone() -> Any:
    from futurepath_desktop.session.state import Template

    return Template(id="cone-1", shape="cone", x=3, y=3, size_ft=15, dx=1, dy=0)


def _row(row: Any) -> dict[str, Any]:
    return {"roll": row.roll, "dc": row.dc, "name": row.name, "effect": row.effect, "key": row.key}


CASES: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    (
        "a fight on in phase 0",
        lambda d: d["combat"].__setitem__("phase", 0),
        "none of the five",
        "$.combat.phase",
    ),
    (
        "a chart missing a line",
        lambda d: d["space"]["chart"].pop(3),
        "no line for 5",
        "$.space.chart",
    ),
    (
        "a chart with a roll twice",
        lambda d: d["space"]["chart"].append(dict(d["space"]["chart"][1])),
        "a roll twice",
        "$.space.chart",
    ),
    (
        "a cone with no direction",
        lambda d: d["templates"][0].update(dx=0, dy=0),
        "needs a direction",
        "$.templates[0]",
    ),
]


def test_the_document_the_cases_change_loads_and_plays(tmp_path: Path) -> None:
    path = tmp_path / "fight.fpsession"
    path.write_text(json.dumps(_document()))
    session = load_session(path)
    History(session).push(c.NextTurn())


@pytest.mark.parametrize(("what", "change", "problem", "where"), CASES, ids=[c[0] for c in CASES])
def test_a_file_that_would_break_the_fight_later_is_refused_on_load(
    tmp_path: Path, what: str, change: Callable[[dict[str, Any]], None], problem: str, where: str
) -> None:
    document = _document()
    change(document)
    path = tmp_path / "fight.fpsession"
    path.write_text(json.dumps(document))
    with pytest.raises(SessionLoadError) as refused:
        load_session(path)
    assert problem in refused.value.problem, what
    assert refused.value.json_path == where


def test_a_grenade_whose_damage_is_not_dice_is_refused_on_load(tmp_path: Path) -> None:
    session = demo_session()
    history = History(session)
    history.push(c.StartCombat(()))
    while session.combat.acting_team != "players":
        history.push(c.NextTurn())
    history.push(c.ThrowGrenade("brandon", 6, 4, damage="2d6"))
    document: dict[str, Any] = json.loads(encode(session))
    assert document["grenades"], "a grenade waits on the map"
    document["grenades"][0]["damage"] = "lots"
    path = tmp_path / "fight.fpsession"
    path.write_text(json.dumps(document))
    with pytest.raises(SessionLoadError) as refused:
        load_session(path)
    assert refused.value.json_path == "$.grenades[0].damage"
