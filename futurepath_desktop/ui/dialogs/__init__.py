"""The quick dialogs of the table: each asks for a little and closes on Enter."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox


def ok_cancel(dialog: QDialog, ok_text: str = "") -> QDialogButtonBox:
    """OK and Cancel wired to the dialog (OK optionally renamed, e.g. "Join")."""
    standard = QDialogButtonBox.StandardButton
    buttons = QDialogButtonBox(standard.Ok | standard.Cancel)
    if ok_text:
        buttons.button(standard.Ok).setText(ok_text)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons
