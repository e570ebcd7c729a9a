"""A file that will not open says what is wrong in the game master's words, and keeps the
loader's own account and the JSON path for the details.

Each expected sentence below was written by reading the broken file, not the code: the
demo's first combatant is Brandon, its third is Art with a level 4 Pulse rifle, HP is at
most 100,000, and so on.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from futurepath_desktop.session.autosave import Recoverable
from futurepath_desktop.session.demo import demo_file_bytes
from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.load_errors import details, explain
from futurepath_desktop.session.recovery import recover
from futurepath_desktop.session.store import decode, load_session

Break = Callable[[dict[str, Any]], object]


def broken(change: Break) -> bytes:
    document: dict[str, Any] = json.loads(demo_file_bytes())
    change(document)
    return json.dumps(document, indent=2).encode()


DOCUMENTS: list[tuple[str, Break, str, str]] = [
    (
        "missing field",
        lambda d: d["combatants"][0].pop("id"),
        "Combatant 1 (Brandon) has no id.",
        "$.combatants[0].id",
    ),
    (
        "missing name",
        lambda d: d["teams"][1].pop("name"),
        "Team 2 has no name.",
        "$.teams[1].name",
    ),
    (
        "wrong type",
        lambda d: d["combatants"][0].__setitem__("hp", "ten"),
        "Combatant 1 (Brandon): HP must be a whole number, not text.",
        "$.combatants[0].hp",
    ),
    (
        "a fraction",
        lambda d: d["combatants"][1].__setitem__("hp", 2.5),
        "Combatant 2 (James): HP must be a whole number, not a decimal number.",
        "$.combatants[1].hp",
    ),
    (
        "out of range",
        lambda d: d["combatants"][2]["weapons"][0].__setitem__("level", 12),
        "Combatant 3 (Art), weapon 1 (Pulse rifle): level must be from 0 to 8.",
        "$.combatants[2].weapons[0].level",
    ),
    (
        "out of range, nested",
        lambda d: d["combatants"][4]["abilities"].__setitem__("strength", 100),
        "Combatant 5 (Space Bear 1): Strength must be from 0 to 99.",
        "$.combatants[4].abilities.strength",
    ),
    (
        "above its maximum",
        lambda d: d["combatants"][5].__setitem__("hp", 40),
        "Combatant 6 (Space Bear 2): HP 40 is above the maximum 16.",
        "$.combatants[5].hp",
    ),
    (
        "not a choice",
        lambda d: d["combatants"][3].__setitem__("kind", "dragon"),
        "Combatant 4 (Katie): kind must be one of monster, npc or pc, not 'dragon'.",
        "$.combatants[3].kind",
    ),
    (
        "a team that is not there",
        lambda d: d["combatants"][3].__setitem__("team_id", "ghosts"),
        "Combatant 4 (Katie): team 'ghosts' does not exist.",
        "$.combatants[3].team_id",
    ),
    (
        "a bad colour",
        lambda d: d["teams"][0].__setitem__("colour", "red"),
        "Team 1 (Players): colour must be a colour written like #4a7bd0.",
        "$.teams[0].colour",
    ),
    (
        "an empty name",
        lambda d: d["combatants"][7].__setitem__("name", ""),
        "Combatant 8: name must not be empty.",
        "$.combatants[7].name",
    ),
    (
        "a ship's state",
        lambda d: d["ships"][1].__setitem__("state", "sunk"),
        "Ship 2 (Bear Hunter): state must be one of adrift, destroyed, "
        "exploding or operational, not 'sunk'.",
        "$.ships[1].state",
    ),
    (
        "a bad crew position",
        lambda d: d["ships"][0]["crew"].__setitem__("cook", {}),
        "Ship 1 (Wayfarer): a crew position must be one of captain, engineer, "
        "helm, medical, science, sensors or weapons, not 'cook'.",
        "$.ships[0].crew",
    ),
    (
        "a wall code",
        lambda d: d["map"]["terrain"].__setitem__(2, "zz"),
        "The map: terrain row 3 may only hold the letters . d h and #.",
        "$.map.terrain[2]",
    ),
    (
        "a token off the map",
        lambda d: d["tokens"][2].__setitem__("x", 1000),
        "Token 3: x must be from 0 to 999.",
        "$.tokens[2].x",
    ),
    (
        "unknown field",
        lambda d: d.__setitem__("surprise", True),
        "The session has a field this version of Future Path Desktop does not know: “surprise”.",
        "$.surprise",
    ),
    (
        "unknown version",
        lambda d: d.__setitem__("format_version", 7),
        "The file was saved by a newer Future Path Desktop (format 7); this version opens "
        "formats up to 3. Update the app to open it.",
        "$.format_version",
    ),
    (
        "version zero",
        lambda d: d.__setitem__("format_version", 0),
        "The file says it is format version 0, which has never existed.",
        "$.format_version",
    ),
    (
        "version as text",
        lambda d: d.__setitem__("format_version", "two"),
        "The file's format version must be a whole number.",
        "$.format_version",
    ),
    (
        "no version",
        lambda d: d.pop("format_version"),
        "The file is not a Future Path session (it has no format version).",
        "$.format_version",
    ),
    (
        "a damaged random generator",
        lambda d: d["rng"].__setitem__("internal", [1, 2, 3]),
        "The random generator's state is damaged.",
        "$.rng.internal",
    ),
]

CUT_SHORT = b"""{
  "format_version": 2,
  "id": "s1",
  "name": "Ambush",
  "teams": [
    {
      "id": "players",
      "name": "Players"
    },
    {
      "id": "bears",
      "name": "Space"""
MISSING_COMMA = b"""{
  "format_version": 2,
  "id": "s1"
  "name": "Ambush"
}"""
BYTES: list[tuple[str, bytes, str]] = [
    ("cut short", CUT_SHORT, "The file is cut short at line 12."),
    (
        "bad JSON",
        MISSING_COMMA,
        "The file is damaged at line 4, column 3: a comma or a closing } is missing.",
    ),
    ("empty", b"", "The file is empty."),
    ("blank", b"  \n\n", "The file is empty."),
    (
        "not an object",
        b"[1, 2, 3]",
        "The file is not a Future Path session (it holds a list, not a session).",
    ),
    (
        "a number",
        b"42\n",
        "The file is not a Future Path session (it holds a number, not a session).",
    ),
    (
        "not JSON at all",
        b"\xff\xfe\x00garbage",
        "The file is not a Future Path session (it is not a session's JSON).",
    ),
    (
        "a picture",
        b"\x89PNG\r\n\x1a\n",
        "The file is not a Future Path session (it is not a session's JSON).",
    ),
    (
        "not UTF-8",
        b'{"format_version": 2,\n "id": "s1",\n "name": "Caf\xe9"}',
        "The file holds characters that are not UTF-8 text at line 3; it was not saved by "
        "Future Path Desktop, or it was damaged.",
    ),
    (
        "more after the end",
        b'{"format_version": 2, "id": "s1", "name": "A"}\n}',
        "The file is damaged at line 2, column 1: there is more after the end of the session.",
    ),
    ("no id", b'{"format_version": 2, "name": "A"}', "The session has no id."),
    # The app writes compact JSON, all on one line: there, how far in is what helps.
    (
        "one line, cut short",
        b'{"format_version": 2, "id": "s1", "name": "Amb',
        "The file is cut short after 46 characters.",
    ),
    (
        "one line, a comma missing",
        b'{"format_version": 2 "id": "s1", "name": "Ambush"}',
        "The file is damaged 22 characters in: a comma or a closing } is missing.",
    ),
]


def refused(tmp_path: Path, data: bytes) -> SessionLoadError:
    path = tmp_path / "broken.fpsession"
    path.write_bytes(data)
    with pytest.raises(SessionLoadError) as caught:
        load_session(path)
    assert path.read_bytes() == data, "a failed load never touches the file"
    return caught.value


@pytest.mark.parametrize(
    ("change", "plain", "json_path"),
    [pytest.param(change, plain, where, id=what) for what, change, plain, where in DOCUMENTS],
)
def test_a_broken_document_is_explained_in_plain_words(
    tmp_path: Path, change: Break, plain: str, json_path: str
) -> None:
    error = refused(tmp_path, broken(change))
    assert explain(error) == plain
    assert error.json_path == json_path
    said = details(error)
    assert json_path in said and error.problem in said and "broken.fpsession" in said


@pytest.mark.parametrize(
    ("data", "plain"), [pytest.param(data, plain, id=what) for what, data, plain in BYTES]
)
def test_a_file_that_is_not_a_session_is_explained_in_plain_words(
    tmp_path: Path, data: bytes, plain: str
) -> None:
    error = refused(tmp_path, data)
    assert explain(error) == plain
    assert error.problem in details(error)


def test_plain_words_never_show_the_loaders_jargon(tmp_path: Path) -> None:
    """No backquotes, "Expected", "$." or "msgspec" reach the GM's sentence."""
    cases = [broken(change) for _, change, _, _ in DOCUMENTS] + [data for _, data, _ in BYTES]
    for data in cases:
        said = explain(refused(tmp_path, data))
        assert not any(word in said for word in ("`", "Expected", "$.", "msgspec")), said
        assert said[0].isupper() and said.endswith("."), said


def test_a_missing_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(SessionLoadError) as caught:
        load_session(tmp_path / "nowhere.fpsession")
    assert explain(caught.value) == (
        "The file is not there: it may have been moved or deleted (No such file or directory)."
    )


def test_a_damaged_autosave_is_explained_too(tmp_path: Path) -> None:
    (tmp_path / "run.base.fpsession").write_bytes(CUT_SHORT)
    found = Recoverable("run", "s1", "Ambush", None, 0.0, tmp_path)
    with pytest.raises(SessionLoadError) as caught:
        recover(found)
    assert explain(caught.value) == "The file is cut short at line 12."
    assert caught.value.source == "the autosave of Ambush"


def test_every_refusal_of_a_mutated_file_reads_as_plain_words() -> None:
    """Random damage to real files (the fuzz test's mutations): whatever the loader finds,
    the GM's sentence carries none of the reader's jargon."""
    from tests.session.test_crash_and_fuzz import mutants

    refusals = 0
    for data in mutants(random.Random(1414), 1500):
        try:
            decode(data, "mutant.fpsession")
        except SessionLoadError as error:
            refusals += 1
            said = explain(error)
            assert not any(w in said for w in ("`", "Expected", "$.", "msgspec")), said
            assert said[0].isupper() and said.endswith("."), said
            assert error.json_path == "$" or error.json_path in details(error)
    assert refusals > 700
