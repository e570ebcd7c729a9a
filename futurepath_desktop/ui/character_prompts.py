"""File ▸ Import Characters…: the players' Future Path character sheets become combatants
of the players' team in one undoable step, and a report says what was read from each
sheet, what could not be, and which files were no sheets at all."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow


def import_characters(window: MainWindow, paths: list[str] | None = None) -> bool:
    """Ask for sheet files (unless given), add their characters, and report."""
    from PySide6.QtWidgets import QFileDialog, QMessageBox

    from futurepath_desktop.core.conditions import CATALOG
    from futurepath_desktop.session.commands.characters import SheetCharacter
    from futurepath_desktop.session.errors import SessionLoadError
    from futurepath_desktop.session.file_read import read_regular
    from futurepath_desktop.session.sheet_cli import summary
    from futurepath_desktop.session.sheets import MAX_SHEET_BYTES, import_sheet
    from futurepath_desktop.ui.operations import roster

    if paths is None:
        paths, _ = QFileDialog.getOpenFileNames(
            window, "Import characters", "", "Character sheets (*.json);;All files (*)"
        )
        if not paths:
            return False
    session = window.controller.session
    team = next((t for t in session.teams.values() if t.side == "players"), None)
    team = team or next(iter(session.teams.values()), None)
    read, lines = [], []
    for path in paths:
        try:
            data = read_regular(path, MAX_SHEET_BYTES, what="a character sheet")
            result = import_sheet(data, path.rsplit("/", 1)[-1])
        except SessionLoadError as error:
            lines.append(f"✗ {error}")
            continue
        read.append(SheetCharacter(result.combatant, result.conditions))
        ticks = ", ".join(CATALOG[key].name if key in CATALOG else key for key in result.conditions)
        lines.append(
            "\n".join(
                [
                    summary(result.combatant),
                    *([f"   Conditions from the sheet: {ticks}"] if ticks else []),
                    *(f"   ⚠ {warning}" for warning in result.warnings),
                ]
            )
        )
    done = False
    if read and team is None:  # an empty session: the players' team comes first
        from futurepath_desktop.session.records import Team, new_id

        made = Team(id=new_id("team"), name="Players", colour="#2e86de", side="players")
        if roster.add_team(window.controller, made):
            team = session.teams[made.id]
    if read and team is not None:
        done = roster.import_characters(window.controller, read, team.id)
        if done:
            lines.insert(0, f"{len(read)} joined {team.name} (Undo takes them back):")
    box = QMessageBox(window)
    box.setObjectName("importReport")
    box.setWindowTitle("Import characters")
    box.setIcon(QMessageBox.Icon.Information if done else QMessageBox.Icon.Warning)
    box.setText(lines[0] if lines else "Nothing was read")
    box.setInformativeText("\n\n".join(lines[1:]))  # a paragraph for each file
    box.setStyleSheet("QLabel#qt_msgbox_informativelabel { min-width: 34em; }")
    box.exec()
    return done
