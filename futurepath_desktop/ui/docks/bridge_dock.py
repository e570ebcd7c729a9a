"""The Bridge dock: space combat from the bridge (R41-R47).

The panel itself (``bridge_panel``: ship cards, stations and consoles) is made the first
time the dock is shown, and its module loaded only then: most fights never leave the
ground, and the window should not wait for the bridge to open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDockWidget, QLabel, QWidget

from futurepath_desktop.session.state import Ship
from futurepath_desktop.ui.undo import SessionController

if TYPE_CHECKING:
    from futurepath_desktop.ui.docks.bridge_panel import BridgePanel


class BridgeDock(QDockWidget):
    """Space combat from the bridge."""

    volleyChanged = Signal()  # the firing ship, its target or the odds changed
    readinessChanged = Signal()  # which stations' buttons may act now was worked out anew
    chartRequested = Signal()

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__("Bridge", parent)
        self.setObjectName("bridgeDock")
        self.controller = controller
        self.panel: BridgePanel | None = None
        placeholder = QLabel("The bridge: space combat by crew positions and phases.")
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWidget(placeholder)
        self.visibilityChanged.connect(self._on_visible)

    @property
    def built(self) -> bool:
        """Whether the panel has been made (it is, once the dock has been shown)."""
        return self.panel is not None

    def _on_visible(self, visible: bool) -> None:
        if visible and self.panel is None:
            self.build()

    def build(self) -> BridgePanel:
        """Make the panel (the first time the dock is shown)."""
        if self.panel is None:
            from futurepath_desktop.ui.docks.bridge_panel import BridgePanel

            self.panel = BridgePanel(self, self.controller)
            self.setWidget(self.panel)
            self.readinessChanged.emit()  # worked out while it was being made
        return self.panel

    def volley(self) -> tuple[Ship, Ship] | None:
        """The firing ship and its target, as chosen on the panel (None before it is made)."""
        return self.panel.volley() if self.panel is not None else None
