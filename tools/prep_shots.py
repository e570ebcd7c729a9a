"""Screenshots of prep: the Prep Library window with bears, a boss, the party and an
encounter in it, and the report File ▸ Import Characters… shows for the two sample sheets
and a file that is no sheet.

    QT_QPA_PLATFORM=offscreen python -c "from tools.prep_shots import prep_shots; \
from pathlib import Path; prep_shots(Path('docs/screenshots'))"

Writes library-window-<theme>.png and import-report-<theme>.png.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("FUTUREPATH_HOME", tempfile.mkdtemp(prefix="fp-shots-"))  # not the GM's

import msgspec
from PySide6.QtWidgets import QApplication, QMessageBox

from futurepath_desktop.session.library import (
    combatant_template,
    encounter_template,
)
from futurepath_desktop.ui import character_prompts, library_prompts, theme
from futurepath_desktop.ui.main_window import MainWindow
from tools.poses import themed_window

SHEETS = Path(__file__).resolve().parent.parent / "tests" / "session" / "sheets"
"""The sample sheets, as the tests keep them."""


def settle(app: QApplication, rounds: int = 5) -> None:
    for _ in range(rounds):
        app.processEvents()


def stock_library(window: MainWindow) -> None:
    """The library as a GM has it after an evening of prep (each kind once at least)."""
    from futurepath_desktop.session.commands.campaign import party_template

    session = window.controller.session
    library = window.library
    for template in library.entries():
        library.delete(template)
    bear = combatant_template(session.combatants["bear-1"], "monster")
    library.save(msgspec.structs.replace(bear, id="space-bear", name="Space Bear"))
    boss = combatant_template(session.combatants["bear-2"], "monster")
    library.save(
        msgspec.structs.replace(
            boss, id="ursa", name="Ursa the Den Mother", notes="Roars when hurt."
        )
    )
    for ident in ("art", "james"):
        library.save(combatant_template(session.combatants[ident], "character"))
    bears = [t.id for t in session.teams.values() if t.side != "players"]
    library.save(encounter_template(session, bears, "Bears in the ice caves"))
    library.save(party_template(session, "The long road"))


def prep_shots(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    sheets = sorted(str(p) for p in SHEETS.glob("*.json"))
    with tempfile.TemporaryDirectory() as folder:
        not_a_sheet = Path(folder) / "shopping-list.json"
        not_a_sheet.write_text('{"eggs": 12}', encoding="utf-8")
        for scheme in (theme.LIGHT, theme.DARK):
            theme.apply_theme(app, scheme)
            window = themed_window(scheme)
            settle(app)
            stock_library(window)
            library = library_prompts.library_window(window)
            assert library is not None
            library.refresh()
            library.search.setText("bear")
            library.select("space-bear")
            library.count.setValue(4)
            settle(app)
            library.grab().save(str(out / f"library-window-{scheme}.png"))
            library.close()

            def grab_report(box: QMessageBox, name: str = f"import-report-{scheme}.png") -> int:
                box.show()
                settle(app)
                box.grab().save(str(out / name))
                box.close()
                return 0

            original = QMessageBox.exec
            QMessageBox.exec = grab_report  # type: ignore[method-assign,assignment]
            try:
                character_prompts.import_characters(window, [*sheets, str(not_a_sheet)])
            finally:
                QMessageBox.exec = original  # type: ignore[method-assign]
            window.controller.stack.setClean()
            window.close()


if __name__ == "__main__":
    prep_shots(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))
