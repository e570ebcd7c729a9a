"""The status bar's word on crash protection: shown at once when autosave cannot write,
gone (with a message that protection is back) when it can again."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QStatusBar


class AutosaveStatus(QLabel):
    """A warning kept in the status bar while autosave keeps failing."""

    def __init__(self, bar: QStatusBar) -> None:
        super().__init__()
        self.setObjectName("autosaveTrouble")
        self.bar = bar
        # White on a deep red in both themes (contrast 6.3:1), clear of the window's edge.
        self.setStyleSheet(
            "QLabel { color: #ffffff; background: #b3261e; padding: 0 8px; margin-right: 6px;"
            " border-radius: 3px; }"
        )
        bar.addPermanentWidget(self)
        self.hide()

    def show_trouble(self, trouble: str) -> None:
        """``trouble``: why autosave cannot write, or empty once it can again."""
        if trouble:
            self.setText("Autosave failing · retrying")
            self.setToolTip(
                "The last actions are not protected against a crash until autosave can "
                f"write again ({trouble}). Free some disk space, or save the session "
                "elsewhere with Save As."
            )
            self.show()
            self.bar.showMessage(f"Autosave cannot write: {trouble}. It keeps trying.", 10000)
        elif self.isVisible():
            self.hide()
            self.bar.showMessage("Crash protection is back: autosave is writing again.", 8000)
