"""The prep library window, the party and the campaign: the window's handlers. Each gathers
a choice and calls an operation; the library's files are written here (they are not part of
the session, so not undoable), the session's changes through the undo stack."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from futurepath_desktop.session.errors import CommandError, SessionLoadError
from futurepath_desktop.session.library import Template
from futurepath_desktop.ui.operations import library as ops

if TYPE_CHECKING:
    from futurepath_desktop.ui.library_window import LibraryWindow
    from futurepath_desktop.ui.main_window import MainWindow

TEMPLATE_FILES = "Templates and character sheets (*.json);;All files (*)"


def library_window(window: MainWindow, *, create: bool = True) -> LibraryWindow | None:
    """The window's one library window (made on first use)."""
    from futurepath_desktop.ui.library_window import LibraryWindow

    found = window.findChild(LibraryWindow, "libraryWindow")
    if found is None and create:
        found = LibraryWindow(window)
        window.controller.changed.connect(lambda _change: found.refresh_teams())
    return found


def refreshed(window: MainWindow, keep: str | None = None) -> None:
    """Show the library as it now is in its window, if open."""
    found = library_window(window, create=False)
    if found is not None:
        found.refresh(keep)


def show_library(window: MainWindow) -> None:
    """Open (or raise) the prep library window, its search ready for typing."""
    found = library_window(window)
    assert found is not None
    found.refresh()
    found.show()
    found.raise_()
    found.activateWindow()
    found.search.setFocus()


def add_template(window: MainWindow, template: Template, team_id: str | None, count: int) -> None:
    """Add a template to the session: a combatant ×N to a team, a ship, an encounter, or
    the party."""
    if template.kind == "party":
        if ops.join_party(window.controller, template):
            window.say(f"The party of {template.name} joins")
        return
    team = team_id if template.combatant is not None else None
    if ops.add_from_library(window.controller, template, team, count):
        window.say(window.controller.stack.undoText() or f"Added {template.name}")


def _confirmed(window: MainWindow, title: str, question: str) -> bool:
    """Yes or No, No the default: what the question asks cannot be undone."""
    yes, no = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No
    answer = QMessageBox.question(_parent(window), title, question, yes | no, no)
    return answer == yes


def _parent(window: MainWindow) -> MainWindow | LibraryWindow:
    found = library_window(window, create=False)
    return found if found is not None and found.isVisible() else window


def _write(window: MainWindow, template: Template, done: str) -> bool:
    """Save a template to the library, or say why it could not be."""
    try:
        window.library.save(template)
    except (OSError, CommandError) as error:
        QMessageBox.warning(_parent(window), "Library", f"{template.name} was not saved: {error}")
        return False
    refreshed(window, template.id)
    window.say(done)
    return True


def edit(window: MainWindow, template: Template | None) -> None:
    """Change a template's name, notes and (for a combatant) its numbers."""
    import msgspec

    from futurepath_desktop.session.commands.roster import validated
    from futurepath_desktop.session.state import Combatant
    from futurepath_desktop.ui.dialogs.prep_dialogs import TemplateDialog

    if template is None:
        return
    dialog = TemplateDialog(template, _parent(window))
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return
    name = dialog.name.text().strip()
    combatant = template.combatant
    try:
        if combatant is not None:
            combatant = validated(
                Combatant, msgspec.structs.replace(combatant, name=name, **dialog.changes())
            )
    except CommandError as error:
        QMessageBox.warning(_parent(window), "Edit template", str(error))
        return
    new = msgspec.structs.replace(
        template, name=name, notes=dialog.notes.text(), combatant=combatant
    )
    _write(window, new, f"Saved {name} in the library")


def delete(window: MainWindow, template: Template | None) -> None:
    """Take a template out of the library, once the GM says yes."""
    if template is None or not _confirmed(
        window, "Delete", f"Delete {template.name} from the library? This cannot be undone."
    ):
        return
    try:
        window.library.delete(template)
    except OSError as error:
        QMessageBox.warning(_parent(window), "Library", f"{template.name} stays: {error}")
        return
    refreshed(window)
    window.say(f"Deleted {template.name} from the library")


def import_file(window: MainWindow, _chosen: Template | None = None) -> None:
    """Copy template files into the library; a bad one is named with what is wrong."""
    names, _ = QFileDialog.getOpenFileNames(_parent(window), "Import templates", "", TEMPLATE_FILES)
    added, problems = [], []
    for name in names:
        try:
            added.append(_template_or_sheet(window, Path(name)))
        except (SessionLoadError, OSError, CommandError) as error:
            problems.append(str(error))
    if added:
        refreshed(window, added[-1].id)
        window.say(f"Imported {', '.join(t.name for t in added)} into the library")
    if problems:
        QMessageBox.warning(
            _parent(window), "Import templates", "Not imported:\n" + "\n".join(problems)
        )


def _template_or_sheet(window: MainWindow, path: Path) -> Template:
    """A template file copied in, or a player's character sheet made a character (a
    character of the same name is replaced, as the command line does)."""
    from futurepath_desktop.session.file_read import read_regular
    from futurepath_desktop.session.sheet_cli import character_template
    from futurepath_desktop.session.sheet_file import NotASheetError
    from futurepath_desktop.session.sheets import MAX_SHEET_BYTES, import_sheet

    try:
        return window.library.import_file(path)
    except SessionLoadError as not_template:
        try:
            data = read_regular(str(path), MAX_SHEET_BYTES, what="a character sheet")
            result = import_sheet(data, path.name)
        except NotASheetError:
            raise SessionLoadError(
                path.name, "it is neither a library template nor a Future Path character sheet"
            ) from not_template
        template = character_template(result, window.library)
        window.library.save(template)
        return template


def export_file(window: MainWindow, template: Template | None) -> None:
    """Write a template to a file of the GM's choosing (to share or keep)."""
    if template is None:
        return
    name, _ = QFileDialog.getSaveFileName(
        _parent(window), f"Export {template.name}", f"{template.name}.json", TEMPLATE_FILES
    )
    if not name:
        return
    try:
        window.library.export(template, Path(name))
    except OSError as error:
        QMessageBox.warning(_parent(window), "Export", f"{template.name} was not written: {error}")
        return
    window.say(f"Exported {template.name} to {name}")


def save_encounter(window: MainWindow, _chosen: Template | None = None) -> None:
    """Keep teams of this session (the enemies, at first) as an encounter to reuse."""
    from futurepath_desktop.session.library import encounter_template
    from futurepath_desktop.ui.dialogs.prep_dialogs import SaveEncounterDialog, ticked

    session = window.controller.session
    if not session.teams:
        window.say("There are no teams to save: add some first")
        return
    dialog = SaveEncounterDialog(session, _parent(window))
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return
    teams = ticked(dialog.teams)
    if not teams:
        window.say("Tick at least one team to save as the encounter")
        return
    template = encounter_template(session, teams, dialog.name.text().strip())
    _write(window, template, f"Saved the encounter {template.name} in the library")
