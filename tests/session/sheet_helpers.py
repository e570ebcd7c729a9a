"""The sample character sheets (copies of shared/formats/sheets/) and ways to make odd ones."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.records.roster import Combatant
from futurepath_desktop.session.store import decode, encode

SHEETS = Path(__file__).parent / "sheets"
VELA = SHEETS / "vela-korsan.json"
TOMAS = SHEETS / "tomas-reyne.json"


def sample(path: Path = VELA) -> dict[str, Any]:
    """A sample sheet as a fresh dict to change."""
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return copy.deepcopy(loaded)


def as_bytes(sheet: object) -> bytes:
    """A sheet written as the web sheet writes it (two-space indent)."""
    return json.dumps(sheet, indent=2, ensure_ascii=False, allow_nan=False).encode("utf-8")


def reopened(combatant: Combatant) -> Combatant:
    """``combatant`` after a session holding it is saved and opened again (the loader's
    checks are the ones a record must pass)."""
    session = demo_session()
    session.combatants[combatant.id] = combatant
    again = decode(encode(session), "sheet test")
    return again.combatants[combatant.id]
