"""A journal left by an app of format 2 that crashed mid-fight is recovered by this one:
its map and ship lines (which replaced the whole map or space value) become the format 3
tables' rows, and the session comes back exactly as the crashed app had it. The journal
and the session it should give are kept under tests/ and never regenerated."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from futurepath_desktop.session import store
from futurepath_desktop.session.autosave import find_unclean
from futurepath_desktop.session.recovery import recover

JOURNAL = Path(__file__).parent / "golden" / "v2-journal"


def test_a_format_2_journal_recovers_to_the_session_the_crashed_app_had(tmp_path: Path) -> None:
    for part in JOURNAL.glob("demo-space-bears.crashed-run.*"):
        shutil.copy(part, tmp_path / part.name)
    base = json.loads((tmp_path / "demo-space-bears.crashed-run.base.fpsession").read_bytes())
    assert base["format_version"] == 2
    (found,) = find_unclean(tmp_path)
    lines = (tmp_path / "demo-space-bears.crashed-run.journal").read_bytes().splitlines()
    assert found.last_action == json.loads(lines[-1])["label"]  # what the prompt says
    recovered = recover(found)
    expected = store.load_session(JOURNAL / "expected.fpsession")
    assert json.loads((JOURNAL / "expected.fpsession").read_bytes())["format_version"] == 2
    assert recovered == expected
    # What the lines did is there: the move, the zone, the lifted fog, the grenade, the crew.
    assert recovered.tokens["art"].square == (6, 8)
    assert {a.id for a in recovered.areas.values()} == {"smoke", "dust"}
    assert len(recovered.grenades) == 1 and "bear-4" in recovered.combatants
    assert recovered.ships["wayfarer"].crew["helm"].combatant_id == "katie"
    assert recovered.ships["bear-hunter"].shields == 2
    store.decode(store.encode(recovered))  # and it saves as a file that reopens
