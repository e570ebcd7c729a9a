"""A session file that will not open, said in the game master's words.

The loader (``session.store``) reports what msgspec or its own checks found, with the
JSON path: ``Expected `int`, got `str``` at ``$.combatants[0].hp``. That stays in the
details of the dialog; this module turns it into a sentence a GM can act on: "Combatant 1
(Brandon): HP must be a whole number, not text." Every translation lives here, so a new
field or check needs one line in a table, not a new message in each window.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.load_words import (
    FIELDS,
    FOUND,
    KEYED,
    MALFORMED,
    PARTS,
    PATTERNS,
    RECORDS,
    TYPES,
)


class UnreadableSessionError(SessionLoadError):
    """A session file that will not load: the loader's own problem and JSON path, and
    ``plain``, the same said in the game's words."""

    def __init__(self, source: str, problem: str, json_path: str = "$", *, plain: str) -> None:
        super().__init__(source, problem, json_path)
        self.plain = plain


def explain(error: SessionLoadError) -> str:
    """What is wrong with the file, in plain words (any load error, from any reader)."""
    if isinstance(error, UnreadableSessionError):
        return error.plain
    return plain_words(error.problem, error.json_path)


def details(error: SessionLoadError) -> str:
    """The technical account, for the details of a dialog: the loader's words and the
    JSON path."""
    lines = [f"File: {error.source}", f"Problem: {error.problem}"]
    if error.json_path and error.json_path != "$":
        lines.append(f"Where in the file: {error.json_path}")
    return "\n".join(lines)


def in_plain_words(error: SessionLoadError, data: bytes | None = None) -> UnreadableSessionError:
    """The same error, with its plain words (``data``: the file's bytes, for line numbers
    and the names of the records the path goes through)."""
    if isinstance(error, UnreadableSessionError):
        return error
    document = _loose(data)
    plain = plain_words(error.problem, error.json_path, data, document)
    return UnreadableSessionError(error.source, error.problem, error.json_path, plain=plain)


# --- the sentences -----------------------------------------------------------------------------

Segment = tuple[str, int | str | None]
"""One step of a JSON path: a field's name, and an index (int), a key (str, "" when the
path does not say which) or None."""


def plain_words(
    problem: str, json_path: str, data: bytes | None = None, document: Any = None
) -> str:
    """The sentence a game master reads for one problem of a file."""
    if document is None:
        document = _loose(data)
    whole = _whole_file(problem, json_path, data)
    if whole is not None:
        return whole
    on_key = problem.endswith(" (in a key)")
    problem = problem.removesuffix(" (in a key)")
    segments = _segments(json_path)
    if match := re.fullmatch(r"Object missing required field `(.+)`", problem):
        owner = segments[:-1] if segments and segments[-1][0] == match[1] else segments
        return _sentence(f"{_place(owner, document) or 'the session'} has no {_field(match[1])}")
    if match := re.fullmatch(r"Object contains unknown field `(.+)`", problem):
        owner = segments[:-1] if segments and segments[-1][0] == match[1] else segments
        return _sentence(
            f"{_place(owner, document) or 'the session'} has a field this version of "
            f"Future Path Desktop does not know: “{match[1]}”"
        )
    predicate = _predicate(problem, json_path, on_key)
    if predicate is not None:
        if on_key and segments:
            where = _place(segments[:-1], document)
            table = segments[-1][0]
            subject = KEYED[table][2] if table in KEYED else f"a key of {_field(table)}"
        else:
            where = _place(segments[:-1], document)
            subject = _name(segments[-1], document, segments[:-1]) if segments else "the file"
        if not where:
            if segments and segments[-1][1] is None and not on_key:
                subject = f"the session's {subject}"
            return _sentence(f"{subject} {predicate}")
        return _sentence(f"{where}: {subject} {predicate}")
    # The loader's own checks already speak plainly: say where, if the words do not.
    last = segments[-1] if segments else None
    owner = segments if last is not None and last[1] is not None else segments[:-1]
    where = _place(owner, document)
    if where and where.lower() not in problem.lower():
        return _sentence(f"{where}: {problem}")
    return _sentence(problem)


def _whole_file(problem: str, json_path: str, data: bytes | None) -> str | None:
    """Problems of the file as a whole: not JSON, not a session, a version this app does
    not read."""
    if problem.startswith("not valid JSON: "):
        reason = problem.removeprefix("not valid JSON: ")
        text = data or b""
        if not text.strip():
            return "The file is empty."
        one_line = b"\n" not in text.rstrip()  # as the app writes them: compact JSON
        if reason.startswith("Input data was truncated"):
            if one_line:
                return f"The file is cut short after {len(text.rstrip()):,} characters."
            return f"The file is cut short at line {_line_of(text, len(text.rstrip()))}."
        at = json_offset(reason)
        start = len(text) - len(text.lstrip())
        if at is None or at <= start:
            return "The file is not a Future Path session (it is not a session's JSON)."
        said = next((words for key, words in MALFORMED.items() if key in reason), None)
        line, column = _line_of(text, at), _column_of(text, at)
        place = f"{at + 1:,} characters in" if one_line else f"at line {line}, column {column}"
        return f"The file is damaged {place}: " + (
            f"{said}." if said else "the JSON there is not valid."
        )
    if problem.startswith("not UTF-8 text"):
        return "The file holds characters that are not UTF-8 text " + (
            f"at line {_line_of(data or b'', _bad_utf8(data or b''))}; it was not saved by "
            "Future Path Desktop, or it was damaged."
        )
    if json_path == "$" and (match := re.fullmatch(r"Expected `object`, got `(\w+)`", problem)):
        found = FOUND.get(match[1], match[1])
        return f"The file is not a Future Path session (it holds {found}, not a session)."
    if problem == "format_version is missing":
        return "The file is not a Future Path session (it has no format version)."
    if problem == "format_version is not a whole number":
        return "The file's format version must be a whole number."
    if match := re.match(r"it was saved in format version (\d+) .* reads up to (\d+)", problem):
        return (
            f"The file was saved by a newer Future Path Desktop (format {match[1]}); this "
            f"version opens formats up to {match[2]}. Update the app to open it."
        )
    if match := re.fullmatch(r"there is no format version (-?\d+)", problem):
        return f"The file says it is format version {match[1]}, which has never existed."
    return None


def _predicate(problem: str, json_path: str, on_key: bool = False) -> str | None:
    """What a value must be, from msgspec's account of what it is not."""
    if match := re.fullmatch(r"Expected `([\w |]+)`, got `(\w+)`", problem):
        wanted = " or ".join(TYPES.get(t.strip(), t.strip()) for t in match[1].split("|"))
        return f"must be {wanted}, not {FOUND.get(match[2], match[2])}"
    if match := re.fullmatch(r"Expected `(int|float)` (>=|<=|>|<) (-?[\d.]+)", problem):
        low, high = _bounds(json_path)
        if low is not None and high is not None:
            return f"must be from {_number(low)} to {_number(high)}"
        said = {">=": "{} or more", "<=": "{} or less", ">": "more than {}", "<": "less than {}"}
        return "must be " + said[match[2]].format(_number(float(match[3])))
    if match := re.fullmatch(r"Expected `str` of length (>=|<=) (\d+)", problem):
        if match[1] == ">=" and match[2] == "1":
            return "must not be empty"
        most = "at most" if match[1] == "<=" else "at least"
        return f"must be {most} {int(match[2]):,} characters long"
    if match := re.fullmatch(r"Expected `(array|object)` of length (>=|<=) (\d+)", problem):
        most = "at most" if match[2] == "<=" else "at least"
        return f"must hold {most} {int(match[3]):,} entries"
    if match := re.fullmatch(r"Expected `array` of length (\d+), got (\d+)", problem):
        return f"must hold exactly {match[1]} entries, not {match[2]}"
    if match := re.fullmatch(r"Expected `str` matching regex '(.+)'", problem):
        return PATTERNS.get(match[1], "is not written the way it should be")
    if match := re.fullmatch(r"Invalid enum value (.+)", problem):
        allowed = _allowed(json_path, key=on_key)
        if allowed:
            return f"must be one of {_listed(allowed)}, not {match[1]}"
        return f"cannot be {match[1]}"
    return None


# --- paths ---------------------------------------------------------------------------------------


def _segments(json_path: str) -> list[Segment]:
    """``$.combatants[0].weapons[1].level`` → [("combatants", 0), ("weapons", 1), ("level",
    None)]; ``[...]`` (a key msgspec does not name) is the key ""."""
    segments: list[Segment] = []
    for part in re.findall(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]", json_path.removeprefix("$")):
        name, index = part
        if name:
            if segments and segments[-1][1] is None and segments[-1][0] in KEYED:
                segments[-1] = (segments[-1][0], name)  # $.map.tokens.art: a named entry
            else:
                segments.append((name, None))
        elif segments and segments[-1][1] is None:
            segments[-1] = (segments[-1][0], "" if index == "..." else int(index))
        elif index != "...":  # a list in a list: its members are entries
            segments.append(("", int(index)))
    return segments


def _name(segment: Segment, document: Any, before: list[Segment]) -> str:
    """What one step of a path is called: "combatant 2 (Katie)", "HP", "the map"."""
    name, index = segment
    if isinstance(index, int) and name in RECORDS:
        said = RECORDS[name].format(n=index + 1)
        record = _follow(document, [*before, segment])
        if isinstance(record, dict) and isinstance(record.get("name"), str) and record["name"]:
            shown = record["name"] if len(record["name"]) <= 40 else record["name"][:39] + "…"
            said += f" ({shown})"
        return said
    if isinstance(index, int) and not name:
        return f"entry {index + 1}"
    if isinstance(index, int):
        return f"entry {index + 1} of {_field(name)}"
    if isinstance(index, str) and name in KEYED:
        named, unnamed, _keys = KEYED[name]
        return named.format(key=index) if index else unnamed
    if name in PARTS:
        return PARTS[name] or ""
    return _field(name)


def _place(segments: list[Segment], document: Any) -> str:
    """Where in the session a path leads, as words: "combatant 3 (Bear), weapon 1"."""
    words = [_name(s, document, segments[:i]) for i, s in enumerate(segments)]
    return ", ".join(w for w in words if w)


def _field(name: str) -> str:
    if name in FIELDS:
        return FIELDS[name]
    return name.removesuffix("_ft").removesuffix("_id").replace("_", " ")


def _follow(document: Any, segments: list[Segment]) -> Any:
    for name, index in segments:
        document = document.get(name) if isinstance(document, dict) else None
        if index is not None:
            if isinstance(index, int) and isinstance(document, list) and index < len(document):
                document = document[index]
            elif isinstance(index, str) and isinstance(document, dict):
                document = document.get(index)
            else:
                return None
    return document


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _number(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else f"{value:g}"


def json_offset(said: str) -> int | None:
    """The byte a JSON reader's complaint points at (msgspec names the byte after the
    offending one for a stray character, and the offending one otherwise)."""
    found = re.search(r"\(byte (\d+)\)", said)
    if found is None:
        return None
    past = "trailing characters" in said or "invalid character" in said
    return max(int(found[1]) - past, 0)


def line_and_column(data: bytes, offset: int) -> tuple[int, int]:
    """Where a byte of a file is, as a text editor counts (both from 1)."""
    return _line_of(data, offset), _column_of(data, offset)


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, max(offset, 0)) + 1 if offset else 1


def _column_of(data: bytes, offset: int) -> int:
    return offset - (data.rfind(b"\n", 0, offset) + 1) + 1


def _bad_utf8(data: bytes) -> int:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        return error.start
    return 0


def _loose(data: bytes | None) -> Any:
    """The file as plain JSON, when it is JSON (for the names along a path), else None."""
    if not data:
        return None
    import msgspec

    try:
        return msgspec.json.decode(data)
    except (msgspec.DecodeError, RecursionError):
        return None


# --- the schema, for ranges and choices ----------------------------------------------------------


@cache
def _schema() -> dict[str, Any]:
    from futurepath_desktop.session.store import export_schema

    return export_schema()


def _schema_at(json_path: str) -> dict[str, Any] | None:
    """The JSON Schema of the value a path leads to (None where the path leaves it)."""
    schema = _schema()
    node: dict[str, Any] | None = _resolve(schema, schema)
    for name, index in _segments(json_path):
        if node is None:
            return None
        node = _resolve(schema, node.get("properties", {}).get(name))
        if node is not None and index is not None:
            node = _resolve(schema, node.get("items") or node.get("additionalProperties"))
    return node


def _resolve(schema: dict[str, Any], node: Any) -> dict[str, Any] | None:
    while isinstance(node, dict):
        if "$ref" in node:
            node = schema["$defs"][node["$ref"].rsplit("/", 1)[-1]]
        elif "anyOf" in node:
            node = next((n for n in node["anyOf"] if n.get("type") != "null"), None)
        else:
            return node
    return None


def _bounds(json_path: str) -> tuple[float | None, float | None]:
    node = _schema_at(json_path) or {}
    return node.get("minimum"), node.get("maximum")


def _allowed(json_path: str, *, key: bool) -> list[str]:
    node = _schema_at(json_path) or {}
    if key:
        node = node.get("propertyNames", {})
    return [str(v) for v in node.get("enum", [])]
