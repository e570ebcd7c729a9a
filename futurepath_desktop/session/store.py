"""Saving and opening session files: the front over writing (``file_write``), checking
(``file_checks``) and upgrading (``upgrades``). The loader refuses bad input with a message
naming the problem and its JSON path.

A session file (``.fpsession``) is UTF-8 JSON; docs/session-format.md describes it and
docs/session-format.schema.json is its JSON Schema.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.file_checks import check_references
from futurepath_desktop.session.file_read import read_regular
from futurepath_desktop.session.file_write import atomic_write, backup_path
from futurepath_desktop.session.state import FORMAT_VERSION, Session, SessionFile
from futurepath_desktop.session.upgrades import UPGRADES

__all__ = [
    "EXTENSION",
    "MAX_FILE_BYTES",
    "atomic_write",
    "backup_path",
    "decode",
    "encode",
    "encode_pieces",
    "export_schema",
    "load_session",
    "save_session",
]

EXTENSION = ".fpsession"
MAX_FILE_BYTES = 64 * 1024 * 1024
"""The largest session file the loader reads; anything bigger is refused unread."""


class _Version(msgspec.Struct):
    format_version: Any = None


_ENCODER = msgspec.json.Encoder()
_DECODER = msgspec.json.Decoder(SessionFile)
_VERSION_DECODER = msgspec.json.Decoder(_Version)


def encode(session: Session) -> bytes:
    """The session as the bytes of its file."""
    return _ENCODER.encode(session.to_file())


LOG_PIECE = 1_000
"""Log entries encoded at a time when a file is written in pieces."""

_EMPTY_LOG = b'"log":[]'


def encode_pieces(record: SessionFile) -> Iterator[bytes | memoryview]:
    """The bytes of ``record``'s file (the same as one encode gives), in pieces: all but
    the log, then the log a thousand entries at a time. A four-hour fight's file is
    megabytes; encoded whole every few hundred commands, the allocator keeps a buffer that
    large for the rest of the run, so the autosave writes it this way."""
    log = record.log
    head = _ENCODER.encode(msgspec.structs.replace(record, log=()))
    at = head.find(_EMPTY_LOG)
    if not log or at < 0 or head.find(_EMPTY_LOG, at + 1) >= 0:
        yield _ENCODER.encode(record)  # a top-level "log" key is found only once
        return
    split = at + len(_EMPTY_LOG) - 1  # just before the log's "]"
    yield head[:split]
    for start in range(0, len(log), LOG_PIECE):
        piece = _ENCODER.encode(log[start : start + LOG_PIECE])
        if start:
            yield b","
        yield memoryview(piece)[1:-1]
    yield head[split:]


def save_session(session: Session, path: Path | str) -> None:
    """Save atomically, keeping the previous version as ``<name>.bak``."""
    atomic_write(Path(path), encode(session))


def json_path(message: str) -> tuple[str, str]:
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
        raise SessionLoadError(source, *json_path(str(error))) from None  # its base class
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
        problem, where = json_path(str(error))
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
    """Open a session file. The file is only read, never touched, whether or not it opens.
    Only a regular file is read (a pipe or a device is refused at once), and never more
    than ``MAX_FILE_BYTES`` of it."""
    path = Path(path)
    try:
        data = read_regular(path, MAX_FILE_BYTES, what="a session")
    except SessionLoadError as error:
        from futurepath_desktop.session.load_errors import in_plain_words  # off start-up

        raise in_plain_words(error) from None
    return decode(data, path.name)


def export_schema() -> dict[str, Any]:
    """The JSON Schema of the session file format."""
    schema: dict[str, Any] = msgspec.json.schema(SessionFile)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"Future Path Desktop session, format version {FORMAT_VERSION}"
    return schema
