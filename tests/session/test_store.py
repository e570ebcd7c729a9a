"""Saving and opening session files: atomic writes, backups, refusals with JSON paths,
format upgrades, the golden file of format version 1, the schema and the demo."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from futurepath_desktop.session import store
from futurepath_desktop.session.commands import (
    AddCondition,
    DelayReady,
    NextTurn,
    ResolveAttack,
    StartCombat,
)
from futurepath_desktop.session.demo import demo_file_bytes, demo_session
from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import FORMAT_VERSION
from futurepath_desktop.session.store import backup_path, load_session, save_session
from futurepath_desktop.session.upgrades import UPGRADES
from tools.regenerate import DEMO, SCHEMA, schema_text

HERE = Path(__file__).parent
GOLDEN_V1 = HERE / "golden" / "v1-space-bears-round-1.fpsession"
GOLDEN_V2 = HERE / "golden" / "v2-space-bears-map-and-bridge.fpsession"


def demo_document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(demo_file_bytes())
    return document


def write(path: Path, document: dict[str, Any] | bytes) -> Path:
    path.write_bytes(document if isinstance(document, bytes) else json.dumps(document).encode())
    return path


def test_save_then_load_gives_the_same_session(tmp_path: Path) -> None:
    session = demo_session()
    History(session).push(StartCombat())
    path = tmp_path / "fight.fpsession"
    save_session(session, path)
    assert load_session(path) == session


def test_saving_keeps_the_previous_version_as_bak(tmp_path: Path) -> None:
    path = tmp_path / "fight.fpsession"
    first = demo_session()
    save_session(first, path)
    assert not backup_path(path).exists()
    second = demo_session()
    History(second).push(StartCombat())
    save_session(second, path)
    assert load_session(backup_path(path)) == first
    assert load_session(path) == second
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.fpsession", "fight.fpsession.bak"]


def test_a_failed_write_leaves_the_old_file_and_no_debris(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "fight.fpsession"
    save_session(demo_session(), path)
    before = path.read_bytes()

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space left"):
        save_session(demo_session(), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize(
    ("mutate", "problem", "json_path"),
    [
        (
            lambda d: d["combatants"][0].__setitem__("ac", "high"),
            "Expected `int`, got `str`",
            "$.combatants[0].ac",
        ),
        (lambda d: d["teams"][1].pop("name"), "missing required field `name`", "$.teams[1].name"),
        (
            lambda d: d["combatants"][2]["weapons"][0].__setitem__("level", 12),
            "<= 8",
            "$.combatants[2].weapons[0].level",
        ),
        (
            lambda d: d["combatants"][1].__setitem__("hp", 99),
            "above the maximum",
            "$.combatants[1].hp",
        ),
        (
            lambda d: d["combatants"][3].__setitem__("team_id", "ghosts"),
            "team 'ghosts' does not exist",
            "$.combatants[3].team_id",
        ),
        (
            lambda d: d["teams"].append(dict(d["teams"][0])),
            "the id 'players' is used twice",
            "$.teams[2].id",
        ),
        (
            lambda d: d["combatants"][4].__setitem__("id", "brandon"),
            "the id 'brandon' is used twice",
            "$.combatants[4].id",
        ),
        (
            lambda d: d["conditions"].append(
                {
                    "id": "c1",
                    "bearer_id": "nobody",
                    "key": "shaken",
                    "name": "Shaken",
                    "remaining": 1,
                }
            ),
            "combatant 'nobody' does not exist",
            "$.conditions[0].bearer_id",
        ),
        (
            lambda d: d["combat"].__setitem__("order", ["players", "ghosts"]),
            "team 'ghosts' does not exist",
            "$.combat.order[1]",
        ),
        (lambda d: d.__setitem__("surprise", True), "unknown field `surprise`", "$.surprise"),
        (lambda d: d["rng"].__setitem__("internal", [1, 2, 3]), "damaged", "$.rng.internal"),
        (
            lambda d: d.__setitem__("format_version", 99),
            "newer Future Path Desktop",
            "$.format_version",
        ),
        (
            lambda d: d.__setitem__("format_version", "one"),
            "not a whole number",
            "$.format_version",
        ),
        (lambda d: d.pop("format_version"), "format_version is missing", "$.format_version"),
    ],
)
def test_bad_files_are_refused_with_the_problem_and_its_json_path(
    tmp_path: Path, mutate: Any, problem: str, json_path: str
) -> None:
    document = demo_document()
    mutate(document)
    path = write(tmp_path / "bad.fpsession", document)
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    with pytest.raises(SessionLoadError) as caught:
        load_session(path)
    assert problem in caught.value.problem
    assert caught.value.json_path == json_path
    assert "bad.fpsession" in str(caught.value)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before, (
        "a failed load never touches the file"
    )


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"", "not valid JSON"),
        (b"{not json", "not valid JSON: .* at line 1, column 2"),
        (b"[1, 2, 3]", "Expected `object`, got `array`"),
        (b"\xff\xfe\x00garbage", "not valid JSON"),
        (b'{"format_version": 1}', "missing required field `id`"),
    ],
)
def test_files_that_are_not_sessions_are_refused(tmp_path: Path, data: bytes, problem: str) -> None:
    with pytest.raises(SessionLoadError, match=problem):
        load_session(write(tmp_path / "x.fpsession", data))


def test_files_over_the_size_bound_are_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path / "big.fpsession", demo_file_bytes())
    monkeypatch.setattr(store, "MAX_FILE_BYTES", 1000)
    with pytest.raises(SessionLoadError, match="the most a session may be is 1,000"):
        load_session(path)


def test_a_missing_file_is_a_load_error(tmp_path: Path) -> None:
    with pytest.raises(SessionLoadError, match="No such file"):
        load_session(tmp_path / "nowhere.fpsession")


def test_older_versions_go_through_the_registered_upgrades(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The upgrade path, exercised with a pretend next format version."""
    seen: list[int] = []
    now = FORMAT_VERSION

    def from_now(document: dict[str, Any]) -> dict[str, Any]:
        seen.append(document["format_version"])
        return {**document, "format_version": now + 1, "name": document["name"] + " (upgraded)"}

    monkeypatch.setattr(store, "FORMAT_VERSION", now + 1)
    monkeypatch.setitem(UPGRADES, now, from_now)
    session = load_session(write(tmp_path / "old.fpsession", demo_file_bytes()))
    assert seen == [now]
    assert session.name == "Space Bears (chapter example) (upgraded)"


def make_golden() -> bytes:
    """A session in the middle of round 1: conditions, readied action, rolls in the log."""
    session = demo_session()
    history = History(session)
    history.push(AddCondition(("brandon", "james", "art"), "shaken", 1))
    history.push(StartCombat())
    history.push(ResolveAttack("brandon", "bear-1", distance_ft=25))
    history.push(NextTurn())
    history.push(NextTurn())
    history.push(DelayReady("james", "a bear moves", "Attack (Melee)"))
    history.push(ResolveAttack("art", "bear-2", distance_ft=40))
    return store.encode(session)


def test_the_golden_file_of_format_version_1_loads() -> None:
    """Kept under tests/ and never regenerated: every later version must open it."""
    session = load_session(GOLDEN_V1)
    assert json.loads(GOLDEN_V1.read_bytes())["format_version"] == 1
    assert session.map is None  # format 1 had no map; saving writes the current format
    assert json.loads(store.encode(session))["format_version"] == FORMAT_VERSION == 3
    assert session.name == "Space Bears (chapter example)"
    assert (session.combat.round, session.combat.phase, session.combat.acting_team) == (
        1,
        4,
        "players",
    )
    assert session.teams["players"].initiative == 28 and session.teams["bears"].initiative == 27
    assert [c.name for c in session.conditions.values()] == ["Shaken", "Shaken", "Shaken"]
    assert [r.combatant_id for r in session.combat.readied] == ["james"]
    attacks = [e for e in session.log if e.kind == "attack"]
    assert [a.text.split(":")[0] for a in attacks] == [
        "Brandon attacks Space Bear 1 with Silenced pistol",
        "Art attacks Space Bear 2 with Pulse rifle",
    ]
    assert all(a.rolls and 1 <= a.rolls[0].faces[0] <= 20 for a in attacks)
    # R1: the generator comes back at exactly the state it was saved in.
    saved = json.loads(GOLDEN_V1.read_bytes())["rng"]
    assert list(session.rng.getstate()[1]) == saved["internal"]


def test_the_golden_file_of_format_version_2_loads() -> None:
    """Format 2 kept tokens, zones, fog, templates and grenades inside the map and the ships
    inside space combat; the upgrade moves each to its table with nothing lost. Kept under
    tests/ and never regenerated."""
    document = json.loads(GOLDEN_V2.read_bytes())
    assert document["format_version"] == 2
    grid, space = document["map"], document["space"]
    session = load_session(GOLDEN_V2)
    assert {i: (t["x"], t["y"], t.get("size", 1)) for i, t in grid["tokens"].items()} == {
        i: (t.x, t.y, t.size) for i, t in session.tokens.items()
    }
    assert {i: t.moved_ft for i, t in session.tokens.items() if t.moved_ft} == grid["moved_ft"]
    assert [(a["id"], "zone") for a in grid["zones"]] + [(a["id"], "fog") for a in grid["fog"]] == [
        (a.id, a.kind) for a in session.areas.values()
    ]
    assert [g["id"] for g in grid["grenades"]] == list(session.grenades)
    (grenade,) = session.grenades.values()
    assert grenade.condition_id in session.conditions
    blast = [t for t in session.templates.values() if t.grenade_id is not None]
    assert [t.id for t in blast] == [grenade.id]  # the blast shared the grenade's id
    assert [t["id"] for t in grid["templates"]] == list(session.templates)
    assert [s["id"] for s in space["ships"]] == list(session.ships)
    crew = space["ships"][0]["crew"]
    assert {p: s.get("combatant_id") for p, s in crew.items()} == {
        p: s.combatant_id for p, s in session.ships["wayfarer"].crew.items()
    }
    assert session.space.round.scanned == tuple(space["round"]["scanned"])
    # R1: the generator comes back at exactly its saved state; the map's settings stay.
    assert list(session.rng.getstate()[1]) == document["rng"]["internal"]
    assert (session.map is not None) and session.map.terrain == tuple(grid["terrain"])
    again = store.decode(store.encode(session))
    assert again == session and json.loads(store.encode(again))["format_version"] == 3


def test_the_committed_schema_and_demo_match_the_code() -> None:
    assert SCHEMA.read_text(encoding="utf-8") == schema_text(), "run tools/regenerate.py"
    assert DEMO.read_bytes() == demo_file_bytes(), "run tools/regenerate.py"
    assert load_session(DEMO) == demo_session()


def test_the_schema_describes_the_file() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    session_file = schema["$defs"]["SessionFile"]
    assert set(session_file["required"]) == {"format_version", "id", "name"}
    assert session_file["additionalProperties"] is False


@pytest.mark.parametrize("piece", [1, 7, 1_000])
def test_a_file_written_in_pieces_is_the_file_encoded_whole(
    piece: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The autosave writes its snapshot a few log entries at a time: the same bytes."""
    from benchmarks.fight import play

    session = demo_session()
    history = History(session)
    play(session, history.push, 120, seed=3)
    monkeypatch.setattr(store, "LOG_PIECE", piece)
    target = tmp_path / "pieces.fpsession"
    store.atomic_write(target, store.encode_pieces(session.to_file()), keep_backup=False)
    assert target.read_bytes() == store.encode(session)
    assert load_session(target) == session
