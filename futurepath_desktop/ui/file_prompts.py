"""The questions saving and opening ask when another window or program is involved."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from futurepath_desktop.session.autosave import Recoverable
from futurepath_desktop.ui.files import when


def _box(
    parent: QWidget, name: str, icon: QMessageBox.Icon, title: str, text: str, more: str
) -> QMessageBox:
    """A question's box, named for the tests, before its buttons."""
    box = QMessageBox(parent)
    box.setObjectName(name)
    box.setIcon(icon)
    box.setWindowTitle(title)
    box.setText(text)
    box.setInformativeText(more)
    return box


def open_it_here_too(parent: QWidget, path: Path) -> bool:
    """``path`` is open in another running window: two windows saving one file save over
    each other. True to open it here all the same."""
    box = _box(
        parent,
        "openElsewherePrompt",
        QMessageBox.Icon.Warning,
        "Open in another window",
        f"{path.name} is open in another Future Path Desktop window.",
        "If both windows save it, the one that saves last replaces what the other "
        "saved. Open it here too?",
    )
    here = box.addButton("Open it here too", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    return box.clickedButton() is here


def save_over_changed(parent: QWidget, path: Path) -> bool | None:
    """``path`` changed on disk since this window opened or saved it (another window or
    program wrote it). True: save over it; False: save elsewhere; None: save nothing."""
    box = _box(
        parent,
        "changedOnDiskPrompt",
        QMessageBox.Icon.Warning,
        "Changed on disk",
        f"{path.name} changed on disk since this window opened or saved it.",
        "Another window or program saved it. Saving here replaces what it saved "
        "(the version it saved is kept as the backup).",
    )
    over = box.addButton("Save over it", QMessageBox.ButtonRole.DestructiveRole)
    elsewhere = box.addButton("Save as…", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(elsewhere)
    box.exec()
    if box.clickedButton() is over:
        return True
    if box.clickedButton() is elsewhere:
        return False
    return None


def ask_to_recover(parent: QWidget, latest: Recoverable) -> str:
    """Ask about one journal left behind: "recover", "discard" or "later"."""
    lines = [f"Last changed {when(latest.changed)}."]
    if latest.last_action:
        lines.append(f"Last action: {latest.last_action}.")
    if latest.path:
        lines.append(f"Saved as {Path(latest.path).name}.")
    box = _box(
        parent,
        "recoveryPrompt",
        QMessageBox.Icon.Question,
        "Recover your session?",
        f"{latest.name} was not closed cleanly. Recover it as it was at the last action?",
        "\n".join(lines),
    )
    recover_button = box.addButton("Recover", QMessageBox.ButtonRole.AcceptRole)
    discard_button = box.addButton("Discard it", QMessageBox.ButtonRole.DestructiveRole)
    box.addButton("Not now", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(recover_button)
    box.exec()
    if box.clickedButton() is recover_button:
        return "recover"
    return "discard" if box.clickedButton() is discard_button else "later"


def say_recovered_in_part(
    parent: QWidget, name: str, replayed: int, lost: str, kept: Path | None
) -> None:
    """Recovery kept what it could: say how far it got, what was lost, and where the
    damaged journal was put aside."""
    said = lost[0].upper() + lost[1:] + "."
    if kept is not None:
        said += f"\n\nA copy of the damaged autosave is kept in {kept}."
    box = _box(
        parent,
        "recoveredPartDialog",
        QMessageBox.Icon.Warning,
        "Recovered in part",
        f"{name} is recovered as it was after the first {replayed} actions of its "
        "autosave; the rest could not be read back.",
        said,
    )
    box.exec()
