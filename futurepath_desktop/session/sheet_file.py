"""Reading a file as a Future Path character sheet: JSON, an object, with a character's
name; anything else is refused with a message naming the file."""

from __future__ import annotations

from typing import Any

import msgspec

from futurepath_desktop.session.errors import SessionLoadError

MAX_SHEET_BYTES = 16 * 1024 * 1024
"""The largest sheet read; a sheet with a portrait is a few hundred KiB."""
_BOM = b"\xef\xbb\xbf"


class NotASheetError(SessionLoadError):
    """A file that is not a Future Path character sheet; nothing was imported."""


def read_sheet(data: bytes, source: str) -> dict[str, Any]:
    """The sheet's JSON object, or :class:`NotASheetError` naming ``source``: not JSON, not
    an object, or no character name at ``identityCard.charName``."""
    if len(data) > MAX_SHEET_BYTES:
        raise NotASheetError(
            source, f"the file is {len(data):,} bytes; a sheet is at most {MAX_SHEET_BYTES:,}"
        )
    try:
        sheet = msgspec.json.decode(data.removeprefix(_BOM))
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as error:
        raise NotASheetError(
            source, f"it is not a Future Path character sheet (not JSON: {error})"
        ) from None
    if not isinstance(sheet, dict):
        raise NotASheetError(
            source, f"it is not a Future Path character sheet (it holds {type(sheet).__name__})"
        )
    identity = sheet.get("identityCard")
    name = identity.get("charName") if isinstance(identity, dict) else None
    if not isinstance(name, str) or not name.strip():
        raise NotASheetError(
            source,
            "it is not a Future Path character sheet: it has no character name",
            "$.identityCard.charName",
        )
    return sheet
