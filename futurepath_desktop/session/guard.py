"""One guard at the door: what a command puts into the document passes the checks a file
passes when it opens, so no command can make a session the loader would refuse.

The guard looks only at what the command touched (the records it put, the values it set,
the log entries it added): each is checked against its type and bounds exactly as the
loader reads it (encoded and decoded again), then against the checks between records the
loader makes (health within its maximum, every reference naming a record that is there,
the fight and the map consistent). A command that fails is refused with what is wrong
and where, and changes nothing.
"""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

import msgspec

from futurepath_desktop.session.errors import CommandError, SessionLoadError
from futurepath_desktop.session.file_checks import (
    check_combat,
    check_health,
    check_map,
    check_space,
)
from futurepath_desktop.session.registry import REFERENCES, TABLE, VALUES
from futurepath_desktop.session.state import LogEntry

if TYPE_CHECKING:
    from futurepath_desktop.session.edit import Edit
    from futurepath_desktop.session.state import Session, SessionFile

_ENCODER = msgspec.json.Encoder()
_DECODERS: dict[Any, msgspec.json.Decoder[Any]] = {}


def _decoder(kind: Any) -> msgspec.json.Decoder[Any]:
    found = _DECODERS.get(kind)
    if found is None:
        found = _DECODERS[kind] = msgspec.json.Decoder(kind)
    return found


def _plain(problem: str) -> str:
    """msgspec's words, made the GM's, as the loader says them of a file."""
    from futurepath_desktop.session.load_errors import plain_words
    from futurepath_desktop.session.store import json_path

    said, where = json_path(problem)
    words = plain_words(said, where).rstrip(".").removeprefix("The session's ")
    return words[:1].lower() + words[1:] if not words[:2].isupper() else words


def _as_read(kind: Any, value: Any, what: str) -> None:
    """Refuse ``value`` unless it reads back as ``kind`` does from a file."""
    try:
        _decoder(kind).decode(_ENCODER.encode(value))
    except msgspec.ValidationError as error:
        raise CommandError(f"{what}: {_plain(str(error))}") from None
    except (msgspec.EncodeError, UnicodeEncodeError):  # a lone UTF-16 half, pasted in
        raise CommandError(
            f"{what}: the text holds a character that cannot be saved (half of a "
            "character pair); type or paste it again"
        ) from None


def _rows_as_read(table: str, rows: list[Any], session: Session) -> None:
    """Refuse any of ``rows`` that does not read back as its table's records do: all in
    one encode and decode (a Next Turn of a big fight touches thousands of counters),
    the offender found only if one fails."""
    kind = TABLE[table].record
    try:
        _decoder(list[kind]).decode(_ENCODER.encode(rows))  # type: ignore[valid-type]
    except (msgspec.ValidationError, msgspec.EncodeError, UnicodeEncodeError):
        for row in rows:
            _as_read(kind, row, _named(table, row, session))
        raise  # not reached: one of the rows is the one refused


def check_arguments(command: object) -> None:
    """Refuse a command whose own fields are not of the kinds it declares (``Damage("5")``,
    a dice expression that is None, a template a mile wide): checked as the file's records
    are, before it runs, so no command works on what it was never meant to take."""
    if not isinstance(command, msgspec.Struct):
        return
    kind = type(command)
    words = _command_words(kind)
    try:
        _decoder(kind).decode(_ENCODER.encode(command))
    except msgspec.ValidationError as error:
        # A value of the wrong kind is refused here; one out of bounds is left to the
        # command, whose own message says more (and to the guard on what it puts in).
        if _WRONG_KIND.match(str(error)):
            raise CommandError(f"{words}: {_plain(str(error))}") from None
    except (msgspec.EncodeError, UnicodeEncodeError):
        raise CommandError(
            f"{words}: the text holds a character that cannot be saved (half of a "
            "character pair); type or paste it again"
        ) from None
    except TypeError:
        raise CommandError(f"{words}: it was given something it cannot take") from None


_WRONG_KIND = re.compile(r"Expected `[^`]+`, got `[^`]+`")


def _command_words(kind: type) -> str:
    """``ThrowGrenade`` → "throw grenade"."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", kind.__name__).lower()


def plain_problem(error: msgspec.ValidationError) -> str:
    """A record's validation error in the words the loader uses for a file."""
    return _plain(str(error))


def _named(table: str, row: Any, session: Session | None = None) -> str:
    if table == "conditions" and session is not None and row.bearer_id in session.combatants:
        return f"{row.name} on {session.combatants[row.bearer_id].name}"
    word = TABLE[table].word
    name = getattr(row, "name", "") or getattr(row, TABLE[table].key, "")
    return f"{word} {name}".strip()


def check_edit(session: Session, edit: Edit) -> None:
    """Refuse (with :class:`CommandError`) what ``edit`` did if the loader would refuse the
    session it leaves."""
    tables = session.tables
    touched: dict[str, list[Any]] = {}
    for table, olds in edit.touched_rows().items():
        rows = tables[table]
        now = [rows[i] for i in olds if i in rows]
        if not now:
            continue
        touched[table] = now
        _rows_as_read(table, now, session)
    for ref in REFERENCES:
        if ref.owner in touched:
            known = tables[ref.target]
            for row in touched[ref.owner]:
                for _, ident in ref.find(row):
                    if ident not in known:
                        raise CommandError(
                            f"{_named(ref.owner, row)} names {TABLE[ref.target].word} "
                            f"{ident!r}, which is not in the session"
                        )
    changed = edit.touched_values()
    for name in changed:
        value = getattr(session, name)
        _as_read(VALUES[name], value, f"the {name.replace('_', ' ')}")
        for ref in REFERENCES:
            if ref.owner == name and value is not None:
                known = tables[ref.target]
                for _, ident in ref.find(value):
                    if ident not in known:
                        raise CommandError(
                            f"the {name} names {TABLE[ref.target].word} {ident!r}, "
                            "which is not in the session"
                        )
    for entry in session.log[edit.log_kept :]:
        _as_read(LogEntry, entry, "the log entry")
    _between_records(session, touched, changed)


def _between_records(session: Session, touched: dict[str, list[Any]], changed: set[str]) -> None:
    """The loader's checks between records, on what the command touched."""
    try:
        if "combatants" in touched:
            check_health(cast("SessionFile", SimpleNamespace(combatants=touched["combatants"])), "")
        if "combat" in changed:
            check_combat(cast("SessionFile", SimpleNamespace(combat=session.combat)), "")
        if "map" in changed or touched.keys() & {"tokens", "areas", "templates", "grenades"}:
            view = SimpleNamespace(
                map=session.map, **{t: list(session.tables[t].values()) for t in _MAP_TABLES}
            )
            check_map(cast("SessionFile", view), "")
        if "space" in changed:
            check_space(cast("SessionFile", SimpleNamespace(space=session.space)), "")
    except SessionLoadError as error:
        raise CommandError(f"the session would not open again: {error.problem}") from None


_MAP_TABLES = ("tokens", "areas", "templates", "grenades")
