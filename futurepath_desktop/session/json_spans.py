"""Where each value sits in a JSON text, so a few values can be rewritten in place and every
other byte (key order, spacing, numbers as written, unknown fields) stays as it was."""

from __future__ import annotations

import json
import re

Path = tuple[str | int, ...]
"""A value's place: keys of objects and indexes of arrays, from the top."""
Span = tuple[int, int]
"""Where a value's text starts and ends (``text[start:end]``)."""

_SPACE = re.compile(r"[ \t\n\r]*")
_SCALARS = json.JSONDecoder()


class JsonShapeError(ValueError):
    """Text that is not one JSON value."""


def value_spans(text: str, depth: int) -> dict[Path, Span]:
    """The span of every value down to ``depth`` levels (the top is level 0). A key given
    twice in one object keeps its last value, as every JSON reader here does."""
    spans: dict[Path, Span] = {}
    try:
        end = _value(text, _skip(text, 0), (), depth, spans)
    except (IndexError, ValueError, RecursionError) as error:
        raise JsonShapeError(str(error)) from None
    if _skip(text, end) != len(text):
        raise JsonShapeError("more after the end of the JSON value")
    return spans


def _skip(text: str, at: int) -> int:
    found = _SPACE.match(text, at)
    return found.end() if found else at


def _value(text: str, at: int, path: Path, depth: int, spans: dict[Path, Span]) -> int:
    start = at
    opening = text[at]
    if opening in "{[" and len(path) < depth:
        closing = "}" if opening == "{" else "]"
        at = _skip(text, at + 1)
        index = 0
        while text[at] != closing:
            if opening == "{":
                if text[at] != '"':
                    raise JsonShapeError(f"a key was expected at {at}")
                key, at = _SCALARS.raw_decode(text, at)
                at = _skip(text, at)
                if text[at] != ":":
                    raise JsonShapeError(f"a colon was expected at {at}")
                at = _value(text, _skip(text, at + 1), (*path, key), depth, spans)
            else:
                at = _value(text, at, (*path, index), depth, spans)
                index += 1
            at = _skip(text, at)
            if text[at] == ",":
                at = _skip(text, at + 1)
            elif text[at] != closing:
                raise JsonShapeError(f"a comma or {closing} was expected at {at}")
        end = at + 1
    else:
        _, end = _SCALARS.raw_decode(text, at)  # a string, number, literal or deeper value
    spans[path] = (start, end)
    return end


def rewrite(text: str, changes: list[tuple[Span, str]]) -> str:
    """``text`` with each span replaced by its new text; an empty span (start = end) is an
    insertion. Spans do not overlap."""
    pieces = []
    at = 0
    for (start, end), new in sorted(changes, key=lambda change: change[0]):
        pieces += [text[at:start], new]
        at = end
    pieces.append(text[at:])
    return "".join(pieces)


def new_member(
    text: str, spans: dict[Path, Span], parent: Path, key: str, value: str
) -> tuple[Span, str]:
    """The change that adds member ``key`` with ``value`` (JSON text) after the last member
    of the object at ``parent``; KeyError if there is no such object."""
    start, _ = spans[parent]
    if text[start] != "{":
        raise KeyError(parent)
    ends = [
        end for path, (_, end) in spans.items() if len(path) > len(parent) and path[:-1] == parent
    ]
    at = max(ends) if ends else start + 1
    comma = ", " if ends else ""
    return (at, at), f"{comma}{json.dumps(key, ensure_ascii=False)}: {value}"
