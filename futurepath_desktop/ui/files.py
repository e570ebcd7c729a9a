"""File handling for the main window: new, open, recent, save, save as, the unsaved-changes
prompt and crash recovery. Saves go through the session layer's atomic writer."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtWidgets import QWidget

from futurepath_desktop import paths
from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.state import Session
from futurepath_desktop.session.store import EXTENSION, load_session, save_session
from futurepath_desktop.ui.undo import SessionController

FILTER = f"Future Path sessions (*{EXTENSION});;All files (*)"
MAX_RECENT = 8


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
        value = self.settings.value("recentFiles", [])
        listed = (
            [value] if isinstance(value, str) else list(value) if isinstance(value, list) else []
        )
        return [str(p) for p in listed if p]

    def _remember(self, path: Path) -> None:
        listed = [str(path)] + [p for p in self.recent() if p != str(path)]
        self.settings.setValue("recentFiles", listed[:MAX_RECENT])
        self.recentChanged.emit()

    # --- asking ------------------------------------------------------------------------------

    def may_discard(self) -> bool:
        """If there are unsaved changes, ask to save them; False means the user cancelled."""
        if self.controller.stack.isClean():
            return True
        from PySide6.QtWidgets import QMessageBox  # loaded when first asked

        answer = QMessageBox.question(
            self.window,
            "Unsaved changes",
            f"Save the changes to {self.controller.session.name} before closing it?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
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
        start = str(paths.sessions_dir())
        name, _ = QFileDialog.getOpenFileName(self.window, "Open session", start, FILTER)
        if name:
            self.open_path(Path(name), ask=False)

    def open_path(self, path: Path, *, ask: bool = True) -> bool:
        """Open a file; a bad one opens nothing and shows the loader's message."""
        from PySide6.QtWidgets import QMessageBox  # loaded when first asked

        if ask and not self.may_discard():
            return False
        try:
            session = load_session(path)
        except SessionLoadError as error:
            QMessageBox.critical(self.window, "Cannot open the session", str(error))
            return False
        self.controller.replace(session, path)
        self._remember(path)
        self.message.emit(f"Opened {path.name}")
        return True

    def save(self) -> bool:
        """Save to the session's file, or ask for one."""
        if self.controller.path is None:
            return self.save_as()
        return self._write(self.controller.path)

    def save_as(self) -> bool:
        """Ask where to save, then save there."""
        from PySide6.QtWidgets import QFileDialog  # loaded when first asked

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

        try:
            save_session(self.controller.session, path)
        except OSError as error:
            QMessageBox.critical(
                self.window, "Cannot save", f"Cannot save {path.name}: {error.strerror or error}"
            )
            return False
        self.controller.set_path(path)
        self._remember(path)
        self.message.emit(f"Saved {path.name}")
        return True

    # --- recovery ------------------------------------------------------------------------------

    def offer_recovery(self) -> bool:
        """On start: offer to recover a session that did not close cleanly."""
        from PySide6.QtWidgets import QMessageBox  # loaded when first asked

        from futurepath_desktop.session.autosave import discard, find_unclean, recover

        own = self.controller.autosave.stem if self.controller.autosave else ""
        found = find_unclean(exclude=own)
        if not found:
            return False
        latest = found[0]
        box = QMessageBox(self.window)
        box.setObjectName("recoveryPrompt")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Recover your session?")
        box.setText(
            f"{latest.name} was not closed cleanly. Recover it as it was at the last action?"
        )
        recover_button = box.addButton("Recover", QMessageBox.ButtonRole.AcceptRole)
        discard_button = box.addButton("Discard it", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton("Not now", QMessageBox.ButtonRole.RejectRole)
        box.exec()
        if box.clickedButton() is recover_button:
            try:
                session = recover(latest)
            except SessionLoadError as error:
                QMessageBox.critical(self.window, "Cannot recover", str(error))
                return False
            path = Path(latest.path) if latest.path else None
            discard(latest)  # before the new journal of the same session starts
            self.controller.replace(session, path)
            self.controller.stack.resetClean()  # recovered changes are not saved yet
            self.message.emit(f"Recovered {latest.name}")
            return True
        if box.clickedButton() is discard_button:
            discard(latest)
        return False
