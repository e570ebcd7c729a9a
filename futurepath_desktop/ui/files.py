"""File handling for the main window: new, open, recent, save, save as, the unsaved-changes
prompt and crash recovery. Saves go through the session layer's atomic writer.

A file that will not open is explained in plain words (the JSON path in the dialog's
details), and its backup or a newer autosave is offered when there is one."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QWidget

from futurepath_desktop import paths
from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.file_read import disk_stamp
from futurepath_desktop.session.state import Session
from futurepath_desktop.session.store import EXTENSION, backup_path, load_session, save_session
from futurepath_desktop.ui.undo import SessionController
from futurepath_desktop.ui.window_settings import listed

if TYPE_CHECKING:
    import datetime

    from futurepath_desktop.session.autosave import Recoverable

FILTER = f"Future Path sessions (*{EXTENSION});;All files (*)"
MAX_RECENT = 8
MONTHS = (
    # Not strftime's %B: Qt sets the C locale from the system's, and the window speaks English.
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def when(timestamp: float, now: datetime.datetime | None = None) -> str:
    """A moment as a GM says it: "today at 13:05", "yesterday at 21:40", "14 March 2026 at
    09:26" (local time)."""
    import datetime  # only when a date is shown: off the start-up path

    moment = datetime.datetime.fromtimestamp(timestamp)
    today = (now or datetime.datetime.now()).date()
    clock = f"{moment:%H:%M}"
    if moment.date() == today:
        return f"today at {clock}"
    if moment.date() == today - datetime.timedelta(days=1):
        return f"yesterday at {clock}"
    return f"{moment.day} {MONTHS[moment.month - 1]} {moment.year} at {clock}"


class FileHandler(QObject):
    """Opens and saves sessions for a window, asking before anything unsaved is lost."""

    recentChanged = Signal()
    message = Signal(str)

    def __init__(self, controller: SessionController, settings: QSettings, window: QWidget) -> None:
        super().__init__(window)
        self.controller = controller
        self.settings = settings
        self.window = window

    # --- recent files ---------------------------------------------------------------------

    def recent(self) -> list[str]:
        """Recently opened or saved files, newest first."""
        return listed(self.settings, "recentFiles")

    def _remember(self, path: Path) -> None:
        kept = [str(path)] + [p for p in self.recent() if p != str(path)]
        self.settings.setValue("recentFiles", kept[:MAX_RECENT])
        self.recentChanged.emit()

    # --- asking ------------------------------------------------------------------------------

    def may_discard(self) -> bool:
        """If there are unsaved changes, ask to save them; False means the user cancelled.

        Unsaved means the undo stack is away from its clean point: undoing back to the last
        save (or to the opening) leaves nothing to ask about."""
        if self.controller.stack.isClean():
            return True
        from PySide6.QtWidgets import QMessageBox  # loaded when first asked

        box = QMessageBox(self.window)
        box.setObjectName("unsavedPrompt")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Unsaved changes")
        path = self.controller.path
        named = path.name if path is not None else self.controller.session.name
        box.setText(f"Save the changes to {named} before closing it?")
        box.setStandardButtons(
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        # Letters for the keyboard: Alt+S saves, Alt+D discards (Esc cancels).
        box.button(QMessageBox.StandardButton.Save).setText("&Save")
        box.button(QMessageBox.StandardButton.Discard).setText("&Discard")
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    # --- the actions ---------------------------------------------------------------------------

    def new(self) -> None:
        """Start an empty session."""
        if self.may_discard():
            self.controller.replace(Session(name="New session"), None)

    def open(self) -> None:
        """Ask for a session file and open it."""
        from PySide6.QtWidgets import QFileDialog  # loaded when first asked

        if not self.may_discard():
            return
        start = str(self.open_folder())
        name, _ = QFileDialog.getOpenFileName(self.window, "Open session", start, FILTER)
        if name:
            self.open_path(Path(name), ask=False)

    def open_folder(self) -> Path:
        """Where Open starts: the open file's folder, else that of the file last opened
        or saved, else the sessions folder."""
        for name in (self.controller.path, *self.recent()):
            if name is not None and Path(name).parent.is_dir():
                return Path(name).parent
        return paths.sessions_dir()

    def open_path(self, path: Path, *, ask: bool = True) -> bool:
        """Open a file. A newer autosave of it is offered first; a bad file opens nothing,
        says what is wrong, and offers its backup."""
        if ask and not self.may_discard():
            return False
        if not self._may_open_here_too(path):
            return False
        newer = self._newer_autosave(path)
        if newer is not None:
            choice = self._ask_about_autosave(path, newer)
            if choice is None:
                return False
            if choice and self._open_autosave(path, newer):
                return True
        try:
            session = load_session(path)
        except SessionLoadError as error:
            return self.open_failed(path, error)
        self.controller.replace(session, path)
        self._remember(path)
        self.message.emit(f"Opened {path.name}")
        return True

    def _may_open_here_too(self, path: Path) -> bool:
        """Warn when another running window has ``path`` open; True to open it anyway."""
        from futurepath_desktop.session.journal_scan import open_elsewhere
        from futurepath_desktop.ui.file_prompts import open_it_here_too

        if path == self.controller.path or not open_elsewhere(path, exclude=self._own_journal()):
            return True
        return open_it_here_too(self.window, path)

    def check_open_elsewhere(self) -> bool:
        """At start, for a file given on the command line: if another running window has
        it open, say so; if the GM would rather not have it open twice, this window starts
        on a new session instead. True if the file stays open here."""
        path = self.controller.path
        if path is None:
            return True
        from futurepath_desktop.session.journal_scan import open_elsewhere
        from futurepath_desktop.ui.file_prompts import open_it_here_too

        if not open_elsewhere(path, exclude=self._own_journal()):
            return True
        if open_it_here_too(self.window, path):
            return True
        self.controller.replace(Session(name="New session"), None)
        return False

    def _may_save_over(self, path: Path) -> bool | None:
        """Ask before saving over a file that changed on disk since this window opened or
        last saved it. True: save over it; False: save elsewhere; None: save nothing."""
        from futurepath_desktop.ui.file_prompts import save_over_changed

        now = disk_stamp(path)
        if path != self.controller.path or now is None or now == self.controller.on_disk:
            return True
        return save_over_changed(self.window, path)

    def open_failed(self, path: Path, error: SessionLoadError) -> bool:
        """Say why ``path`` will not open; offer its backup if that opens. True if the
        backup was opened (the damaged file is left exactly as it is)."""
        from PySide6.QtWidgets import QMessageBox

        from futurepath_desktop.session.load_errors import details, explain

        box = QMessageBox(self.window)
        box.setObjectName("openErrorDialog")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Cannot open the session")
        box.setText(f"{path.name} cannot be opened.")
        said = explain(error)
        if error.json_path not in ("", "$"):  # where in the file: worth a look
            box.setDetailedText(details(error))
        backup = backup_path(path)
        spare: Session | None = None
        if backup.exists():
            try:
                spare = load_session(backup)
            except SessionLoadError:
                said += "\n\nIts backup (the version before the last save) is damaged too."
        use_backup = None
        if spare is not None:
            saved = when(backup.stat().st_mtime)
            said += (
                f"\n\nThere is a backup: the version before the last save, from {saved}. "
                "Opening it leaves the damaged file as it is."
            )
            use_backup = box.addButton(
                f"Open the backup from {saved}", QMessageBox.ButtonRole.AcceptRole
            )
            box.addButton(QMessageBox.StandardButton.Cancel)
            box.setDefaultButton(use_backup)
        else:
            box.setDefaultButton(box.addButton(QMessageBox.StandardButton.Close))
        box.setInformativeText(said)
        box.exec()
        if spare is None or box.clickedButton() is not use_backup:
            return False
        # No path: saving asks where, so the damaged file is never written over unasked.
        self.controller.replace(spare, None)
        self.message.emit(
            f"Opened the backup of {path.name}; save it to keep it (the damaged file is "
            "left as it was)"
        )
        return True

    # --- autosaves of a file ---------------------------------------------------------------

    def _own_journal(self) -> str:
        return self.controller.autosave.stem if self.controller.autosave else ""

    def _newer_autosave(self, path: Path) -> Recoverable | None:
        from futurepath_desktop.session.journal_scan import newer_autosave

        return newer_autosave(path, exclude=self._own_journal())

    def _ask_about_autosave(self, path: Path, found: Recoverable) -> bool | None:
        """True: open the autosave; False: open the file; None: open nothing."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(self.window)
        box.setObjectName("newerAutosavePrompt")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("A newer autosave")
        box.setText(f"There is an autosave of {path.name} that is newer than the file.")
        lines = [f"The autosave was last changed {when(found.changed)}"]
        if path.exists():
            lines[0] += f"; the file was saved {when(path.stat().st_mtime)}"
        lines[0] += "."
        if found.last_action:
            lines.append(f"Its last action: {found.last_action}.")
        lines.append("Open the autosave instead? The file is not changed until you save.")
        box.setInformativeText("\n".join(lines))
        autosave = box.addButton("Open the autosave", QMessageBox.ButtonRole.AcceptRole)
        the_file = box.addButton("Open the file", QMessageBox.ButtonRole.RejectRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(autosave)
        box.exec()
        clicked = box.clickedButton()
        return True if clicked is autosave else False if clicked is the_file else None

    def _open_autosave(self, path: Path | None, found: Recoverable) -> bool:
        from PySide6.QtWidgets import QMessageBox

        from futurepath_desktop.session.load_errors import details, explain
        from futurepath_desktop.session.recovery import discard, keep_damaged, recover_all
        from futurepath_desktop.ui.file_prompts import say_recovered_in_part

        try:
            recovery = recover_all(found)
        except SessionLoadError as error:
            box = QMessageBox(self.window)
            box.setObjectName("recoverErrorDialog")
            box.setIcon(QMessageBox.Icon.Warning)
            box.setWindowTitle("Cannot recover")
            box.setText("The autosave cannot be recovered.")
            box.setInformativeText(explain(error))
            box.setDetailedText(details(error))
            box.exec()
            return False
        if recovery.lost:
            kept = keep_damaged(found)
            say_recovered_in_part(self.window, found.name, recovery.replayed, recovery.lost, kept)
        session = recovery.session
        discard(found)  # before the new journal of the same session starts
        self.controller.replace(session, path, unsaved=f"Recovered {found.name}")
        self.controller.stack.resetClean()  # recovered changes are not saved yet
        if path is not None:
            self._remember(path)
        self.message.emit(f"Recovered {found.name} as it was {when(found.changed)}")
        return True

    def save(self) -> bool:
        """Save to the session's file, or ask for one."""
        if self.controller.path is None:
            return self.save_as()
        return self._write(self.controller.path)

    def save_as(self) -> bool:
        """Ask where to save, then save there."""
        from PySide6.QtWidgets import QFileDialog  # loaded when first asked

        if self.controller.path is not None:  # beside the file it came from
            suggested = self.controller.path
        else:
            folder = paths.sessions_dir(create=True)
            suggested = folder / f"{self.controller.session.name}{EXTENSION}"
        name, _ = QFileDialog.getSaveFileName(
            self.window, "Save session as", str(suggested), FILTER
        )
        if not name:
            return False
        path = Path(name)
        if path.suffix != EXTENSION:
            path = path.with_name(path.name + EXTENSION)
        return self._write(path)

    def _write(self, path: Path) -> bool:
        from PySide6.QtWidgets import QMessageBox

        may = self._may_save_over(path)
        if may is None:
            return False
        if may is False:
            return self.save_as()
        try:
            save_session(self.controller.session, path)
        except OSError as error:
            self.message.emit(f"Not saved: {path.name}")
            box = QMessageBox(self.window)
            box.setObjectName("saveErrorDialog")
            box.setIcon(QMessageBox.Icon.Critical)
            box.setWindowTitle("Cannot save")
            box.setText(f"Cannot save {path.name}: {error.strerror or error}.")
            box.setInformativeText("The file is as it was. Save somewhere else?")
            elsewhere = box.addButton("Save As…", QMessageBox.ButtonRole.AcceptRole)
            box.setDefaultButton(elsewhere)
            box.addButton(QMessageBox.StandardButton.Cancel)
            box.exec()
            return box.clickedButton() is elsewhere and self.save_as()
        self.controller.set_path(path)
        self._remember(path)
        self.message.emit(f"Saved {path.name}")
        return True

    # --- recovery ------------------------------------------------------------------------------

    def offer_recovery(self) -> bool:
        """On start: offer to recover a session that did not close cleanly."""

        from futurepath_desktop.session.autosave import find_unclean
        from futurepath_desktop.session.recovery import discard
        from futurepath_desktop.ui.file_prompts import ask_to_recover

        for latest in find_unclean(exclude=self._own_journal()):  # newest first
            answer = ask_to_recover(self.window, latest)
            if answer == "recover":
                return self._open_autosave(Path(latest.path) if latest.path else None, latest)
            if answer == "discard":
                discard(latest)
                continue  # the next one, if another run left one too
            return False
        return False
