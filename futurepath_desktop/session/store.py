"""Saving and opening session files: atomic writes with a backup, and a loader that
refuses bad input with a message naming the problem and its JSON path.

A session file (``.fpsession``) is UTF-8 JSON; docs/session-format.md describes it and
docs/session-format.schema.json is its JSON Schema.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import msgspec

from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.state import FORMAT_VERSION, MapState, Session, SessionFile

EXTENSION = ".fpsession"
MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest session file the loader reads; anything bigger is refused unread."""

Upgrade = Callable[[dict[str, Any]], dict[str, Any]]
UPGRADES: dict[int, Upgrade] = {}
"""Upgrade functions by the format version they read: ``UPGRADES[n]`` turns a version
``n`` document (plain JSON data) into a version ``n + 1`` one."""


def upgrade(from_version: int) -> Callable[[Upgrade], Upgrade]:
    """Register the function that upgrades documents of ``from_version``."""

    def register(function: Upgrade) -> Upgrade:
        UPGRADES[from_version] = function
        return function

    return register


class _Version(msgspec.Struct):
    format_version: Any = None


_ENCODER = msgspec.json.Encoder()
_DECODER = msgspec.json.Decoder(SessionFile)
_VERSION_DECODER = msgspec.json.Decoder(_Version)


def encode(session: Session) -> bytes:
    """The session as the bytes of its file."""
    return _ENCODER.encode(session.to_file())


def backup_path(path: Path) -> Path:
    """Where the previous version of a file is kept: ``<name>.bak``."""
    return path.with_name(path.name + ".bak")


def _fsync_dir(folder: Path) -> None:
    if os.name == "nt":  # Windows cannot open a folder to fsync it; rename is durable there
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes, *, keep_backup: bool = True) -> None:
    """Write ``data`` to ``path`` so that a crash leaves either the old or the new file.

    The bytes go to a temporary file in the same folder, are flushed and fsynced, then
    renamed over the target; the folder is fsynced last. The previous version, if any,
    is kept as ``<name>.bak`` (itself replaced atomically).
    """
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    temporary = folder / f".{path.name}.{os.getpid()}.tmp"
    staged = folder / f".{path.name}.{os.getpid()}.bak.tmp"
    try:
        with open(temporary, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if keep_backup and path.exists():
            staged.unlink(missing_ok=True)
            try:
                os.link(path, staged)
            except OSError:  # no hard links here (FAT, some network drives): copy instead
                import shutil  # only when a backup is made: off the start-up path

                shutil.copy2(path, staged)
            os.replace(staged, backup_path(path))
        os.replace(temporary, path)
        _fsync_dir(folder)
    finally:
        temporary.unlink(missing_ok=True)
        staged.unlink(missing_ok=True)


def save_session(session: Session, path: Path | str) -> None:
    """Save atomically, keeping the previous version as ``<name>.bak``."""
    atomic_write(Path(path), encode(session))


def _json_path(message: str) -> tuple[str, str]:
    """Split msgspec's "problem - at `$.a[0].b`" into the problem and the path.

    A missing or unknown field's path is the field's own (``$.combatants[0].id``), and a
    bad key of a table is marked "(in a key)": msgspec says "at `key` in `$.map.tokens`"."""
    problem, sep, where = message.rpartition(" - at `")
    if not sep:
        problem, where = message, "$"
    where = where.rstrip("`")
    if where.startswith("key` in `"):
        return f"{problem} (in a key)", where.removeprefix("key` in `")
    field = re.fullmatch(r"Object (?:missing required|contains unknown) field `([^`]+)`", problem)
    if field and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", field[1]):
        where = f"{where}.{field[1]}"
    return problem, where


def _not_json(error: msgspec.DecodeError, data: bytes) -> str:
    """What the JSON reader said, with the line and column it means."""
    from futurepath_desktop.session.load_errors import json_offset, line_and_column

    said = str(error)
    if said.startswith("Invalid UTF-8"):
        return f"not UTF-8 text ({said})"
    at = json_offset(said)
    if at is not None:
        line, column = line_and_column(data, at)
        said += f" at line {line}, column {column}"
    return f"not valid JSON: {said}"


def decode(data: bytes, source: str = "the session") -> Session:
    """Turn file bytes into a checked live session, or raise :class:`SessionLoadError`
    (an :class:`~futurepath_desktop.session.load_errors.UnreadableSessionError`, which also says
    what is wrong in plain words)."""
    try:
        return _decode(data, source)
    except SessionLoadError as error:
        from futurepath_desktop.session.load_errors import in_plain_words  # off start-up

        raise in_plain_words(error, data) from None


def _decode(data: bytes, source: str) -> Session:
    if len(data) > MAX_FILE_BYTES:
        raise SessionLoadError(
            source,
            f"the file is {len(data):,} bytes; the most a session may be is {MAX_FILE_BYTES:,}",
        )
    try:
        version = _VERSION_DECODER.decode(data).format_version
    except RecursionError:
        raise SessionLoadError(source, "the JSON is nested too deeply to be a session") from None
    except msgspec.ValidationError as error:  # JSON, but not an object: before DecodeError,
        raise SessionLoadError(source, *_json_path(str(error))) from None  # its base class
    except msgspec.DecodeError as error:
        raise SessionLoadError(source, _not_json(error, data)) from None
    if version is None:
        raise SessionLoadError(source, "format_version is missing", "$.format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SessionLoadError(source, "format_version is not a whole number", "$.format_version")
    if version > FORMAT_VERSION:
        raise SessionLoadError(
            source,
            f"it was saved in format version {version} by a newer Future Path Desktop; this "
            f"version reads up to {FORMAT_VERSION}. Update the app to open it",
            "$.format_version",
        )
    if version < 1:
        raise SessionLoadError(source, f"there is no format version {version}", "$.format_version")
    try:
        if version == FORMAT_VERSION:
            record = _DECODER.decode(data)
        else:
            document = msgspec.json.decode(data)
            for step in range(version, FORMAT_VERSION):
                document = UPGRADES[step](document)
            record = msgspec.convert(document, SessionFile)
    except msgspec.ValidationError as error:
        problem, where = _json_path(str(error))
        raise SessionLoadError(source, problem, where) from None
    except msgspec.DecodeError as error:
        raise SessionLoadError(source, _not_json(error, data)) from None
    except RecursionError:
        raise SessionLoadError(source, "the JSON is nested too deeply to be a session") from None
    check_references(record, source)
    try:
        return Session.from_file(record)
    except (ValueError, TypeError, OverflowError) as error:
        raise SessionLoadError(
            source, f"the random generator's state is damaged ({error})", "$.rng"
        ) from None


def load_session(path: Path | str) -> Session:
    """Open a session file. The file is only read, never touched, whether or not it opens."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise SessionLoadError(
                path.name,
                f"the file is {size:,} bytes; the most a session may be is {MAX_FILE_BYTES:,}",
            )
        data = path.read_bytes()
    except (SessionLoadError, OSError) as error:
        from futurepath_desktop.session.load_errors import in_plain_words  # off start-up

        if isinstance(error, OSError):
            error = SessionLoadError(path.name, _unreadable(error))
        raise in_plain_words(error) from None
    return decode(data, path.name)


def _unreadable(error: OSError) -> str:
    said = error.strerror or str(error)
    if isinstance(error, FileNotFoundError):
        return f"the file is not there: it may have been moved or deleted ({said})"
    if isinstance(error, PermissionError):
        return f"this account may not read the file ({said})"
    if isinstance(error, IsADirectoryError):
        return f"that is a folder, not a session file ({said})"
    return f"the file cannot be read ({said})"


def _duplicates(ids: Iterable[str]) -> list[str]:
    return [ident for ident, n in Counter(ids).items() if n > 1]


def check_references(record: SessionFile, source: str) -> None:
    """Refuse duplicate ids and references to things the file does not hold."""
    tables = (
        ("teams", record.teams),
        ("combatants", record.combatants),
        ("conditions", record.conditions),
    )
    for name, rows in tables:
        twice = _duplicates(r.id for r in rows)
        if twice:
            index = [r.id for r in rows].index(twice[0], [r.id for r in rows].index(twice[0]) + 1)
            raise SessionLoadError(
                source, f"the id {twice[0]!r} is used twice", f"$.{name}[{index}].id"
            )
    teams = {t.id for t in record.teams}
    combatants = {c.id for c in record.combatants}
    for index, combatant in enumerate(record.combatants):
        where = f"$.combatants[{index}]"
        if combatant.team_id not in teams:
            raise SessionLoadError(
                source, f"team {combatant.team_id!r} does not exist", where + ".team_id"
            )
        if combatant.hp > combatant.max_hp:
            raise SessionLoadError(
                source, f"HP {combatant.hp} is above the maximum {combatant.max_hp}", where + ".hp"
            )
        if combatant.health > combatant.max_health:
            raise SessionLoadError(
                source,
                f"Health {combatant.health} is above the maximum {combatant.max_health}",
                where + ".health",
            )
    for index, held in enumerate(record.conditions):
        if held.bearer_id not in combatants:
            raise SessionLoadError(
                source,
                f"the condition's bearer {held.bearer_id!r} does not exist",
                f"$.conditions[{index}].bearer_id",
            )
    combat = record.combat
    for index, team_id in enumerate(combat.order):
        if team_id not in teams:
            raise SessionLoadError(
                source, f"team {team_id!r} does not exist", f"$.combat.order[{index}]"
            )
    if _duplicates(combat.order):
        raise SessionLoadError(source, "a team appears twice in the acting order", "$.combat.order")
    if combat.turn_index >= len(combat.order):
        raise SessionLoadError(
            source, "the acting team is past the end of the order", "$.combat.turn_index"
        )
    for field in ("surprise_actors", "unaware", "acted", "pending_surprise"):
        for index, ident in enumerate(getattr(combat, field)):
            if ident not in combatants:
                raise SessionLoadError(
                    source, f"combatant {ident!r} does not exist", f"$.combat.{field}[{index}]"
                )
    for ident in combat.turns:
        if ident not in combatants:
            raise SessionLoadError(source, f"combatant {ident!r} does not exist", "$.combat.turns")
    for index, readied in enumerate(combat.readied):
        if readied.combatant_id not in combatants:
            raise SessionLoadError(
                source,
                f"combatant {readied.combatant_id!r} does not exist",
                f"$.combat.readied[{index}].combatant_id",
            )
    for index, entry in enumerate(record.log):
        if index and entry.seq <= record.log[index - 1].seq:
            raise SessionLoadError(source, "log entries are out of order", f"$.log[{index}].seq")
    if record.map is not None:
        check_map(record.map, combatants, source)
    rng = record.rng
    if rng.internal and len(rng.internal) != 625:
        raise SessionLoadError(source, "the random generator's state is damaged", "$.rng.internal")
    if rng.internal:
        try:
            random.Random().setstate((rng.version, rng.internal, rng.gauss))
        except (ValueError, TypeError, OverflowError):
            raise SessionLoadError(
                source, "the random generator's state is damaged", "$.rng.internal"
            ) from None


def check_map(grid: MapState, combatants: set[str], source: str) -> None:
    """The map's layers match its size, and its tokens stand on it for someone who exists."""
    for layer in ("terrain", "cover"):
        rows = getattr(grid, layer)
        if rows and len(rows) != grid.height:
            raise SessionLoadError(
                source,
                f"the {layer} has {len(rows)} rows but the map is {grid.height} squares high",
                f"$.map.{layer}",
            )
        for index, row in enumerate(rows):
            if len(row) != grid.width:
                raise SessionLoadError(
                    source,
                    f"the row is {len(row)} squares long but the map is {grid.width} wide",
                    f"$.map.{layer}[{index}]",
                )
    for ident, token in grid.tokens.items():
        where = f"$.map.tokens.{ident}"
        if ident not in combatants:
            raise SessionLoadError(source, f"combatant {ident!r} does not exist", where)
        if token.x + token.size > grid.width or token.y + token.size > grid.height:
            raise SessionLoadError(
                source,
                f"the token at ({token.x}, {token.y}) lies off the {grid.width}×{grid.height} map",
                where,
            )
    for index, pending in enumerate(grid.grenades):
        for field in ("thrower_id", "anchor_id"):
            if getattr(pending, field) not in combatants:
                raise SessionLoadError(
                    source,
                    f"combatant {getattr(pending, field)!r} does not exist",
                    f"$.map.grenades[{index}].{field}",
                )
    for ident in grid.moved_ft:
        if ident not in combatants:
            raise SessionLoadError(source, f"combatant {ident!r} does not exist", "$.map.moved_ft")
    for layer in ("zones", "fog", "templates"):
        twice = _duplicates(item.id for item in getattr(grid, layer))
        if twice:
            raise SessionLoadError(source, f"the id {twice[0]!r} is used twice", f"$.map.{layer}")


@upgrade(1)
def _version_1_to_2(document: dict[str, Any]) -> dict[str, Any]:
    """Format 2 gave the map and the ships (reserved, and always empty, in format 1) their
    schemas: ``ships`` became ``space``. Anything a format 1 file held there was never
    written by the app, and is refused with its place named rather than dropped."""
    upgraded = {**document, "format_version": 2}
    if upgraded.get("ships") in ([], None):
        upgraded.pop("ships", None)
    return upgraded


def export_schema() -> dict[str, Any]:
    """The JSON Schema of the session file format."""
    schema: dict[str, Any] = msgspec.json.schema(SessionFile)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"Future Path Desktop session, format version {FORMAT_VERSION}"
    return schema
