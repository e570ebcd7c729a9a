"""The Roster menu's ships: make one in the ship editor, change the one on the bridge,
or take it away; and Combat ▸ Space: the space fight's steps, the volley and the scan.
The bridge comes to the front, showing the ship, and says what was done (or why not)
under its buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from futurepath_desktop.ui.docks.bridge_panel import BridgePanel
    from futurepath_desktop.ui.main_window import MainWindow


def bridge(window: MainWindow) -> BridgePanel:
    """The bridge panel, made if need be and brought up."""
    window.bridge.show()
    window.bridge.raise_()
    return window.bridge.build()


def new_ship(window: MainWindow) -> None:
    """A new ship, made in the ship editor (one step, crew included)."""
    bridge(window).new_ship()


def edit_ship(window: MainWindow) -> None:
    """The ship in view on the bridge, changed in the ship editor (one step)."""
    bridge(window).edit_ship()


def remove_ship(window: MainWindow) -> None:
    """The ship in view on the bridge, taken out of the session once the GM says so."""
    bridge(window).remove_ship()


def start_space(window: MainWindow) -> None:
    """Start the space fight, asking which ships fire first unseen."""
    bridge(window).start()


def next_space_phase(window: MainWindow) -> None:
    """Close the space phase (its rolls are rolled now) and open the next."""
    bridge(window).next_phase()


def end_space(window: MainWindow) -> None:
    """End the space fight."""
    bridge(window).end()


def fire(window: MainWindow) -> None:
    """The weapons console's volley, fired from the menu or its key (or, when the Weapons
    Officer may not act now, why not, as the greyed Fire button says)."""
    panel = bridge(window)
    panel.deck.raise_console(0)
    if panel.fire_button.isEnabled():
        panel.fire()
    else:
        panel.refuse(panel.fire_button.toolTip(), panel.weapons.feedback)


def scan(window: MainWindow) -> None:
    """The Sensor Officer's scan of the weapons console's target (or why not now)."""
    panel = bridge(window)
    panel.deck.raise_console(1)
    if panel.scan_button.isEnabled():
        panel.scan()
    else:
        panel.refuse(panel.scan_button.toolTip(), panel.crew.feedback)
