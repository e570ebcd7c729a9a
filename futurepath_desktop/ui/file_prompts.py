"""The questions saving and opening ask when another window or program is involved."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget


def open_it_here_too(parent: QWidget, path: Path) -> bool:
    """``path`` is open in another running window: two windows saving one file save over
    each other. True to open it here all the same."""
    box = QMessageBox(parent)
    box.setObjectName("openElsewherePrompt")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Open in another window")
    box.setText(f"{path.name} is open in another Future Path Desktop window.")
    box.setInformativeText(
        "If both windows save it, the one that saves last replaces what the other "
        "saved. Open it here too?"
    )
    here = box.addButton("Open it here too", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    return box.clickedButton() is here


def save_over_changed(parent: QWidget, path: Path) -> bool | None:
    """``path`` changed on disk since this window opened or saved it (another window or
    program wrote it). True: save over it; False: save elsewhere; None: save nothing."""
    box = QMessageBox(parent)
    box.setObjectName("changedOnDiskPrompt")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Changed on disk")
    box.setText(f"{path.name} changed on disk since this window opened or saved it.")
    box.setInformativeText(
        "Another window or program saved it. Saving here replaces what it saved "
        "(the version it saved is kept as the backup)."
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
