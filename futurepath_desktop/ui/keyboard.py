"""The keyboard's way round the window: keys for the map, the bridge, the attack form and
the dice box, Ctrl+PgDn / Ctrl+PgUp through the middle column's tabs, and F6 / Shift+F6
through the panels, as in other desktop programs, so every panel can be used without a
mouse."""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget

from futurepath_desktop.ui.map.tools import Tool
from futurepath_desktop.ui.map.view import ZOOM_STEP

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow


def panels(window: MainWindow) -> list[QDockWidget]:
    """The panels in sight, left to right and top to bottom (a tab behind another is not
    in sight; raise it from the View menu)."""
    shown = [
        dock for dock in window.docks() if dock.isVisible() and not dock.visibleRegion().isEmpty()
    ]
    return sorted(shown, key=lambda d: (d.geometry().left() // 40, d.geometry().top()))


def main_widget(window: MainWindow, dock: QDockWidget) -> QWidget | None:
    """Where the focus goes in a panel: where it was last, else the panel's list or map,
    else its first field."""
    body: QWidget | None = dock.widget()  # the history has none until first shown
    if body is None:
        return None
    last = body.focusWidget()
    if last is not None and shiboken6.isValid(last) and last.isVisible() and last.isEnabled():
        return last
    preferred: dict[QDockWidget, QWidget] = {
        window.initiative: window.initiative.view,
        window.counters: window.counters.view,
        window.map: window.map.view,
        window.log: window.log.view,
    }
    if window.bridge.panel is not None:  # the bridge: its stations, in the order of play
        preferred[window.bridge] = window.bridge.panel.stations
    if dock in preferred:
        return preferred[dock]
    widget: QWidget | None = body.nextInFocusChain()
    while widget is not None and widget is not body and body.isAncestorOf(widget):
        takes = widget.focusPolicy() & Qt.FocusPolicy.TabFocus
        if takes and widget.isVisible() and widget.isEnabled() and not widget.inherits("QTabBar"):
            return widget
        widget = widget.nextInFocusChain()
    return body


def current_panel(window: MainWindow) -> QDockWidget | None:
    """The panel holding the keyboard focus."""
    focused = QApplication.focusWidget()
    for dock in window.docks():
        if focused is not None and dock.isAncestorOf(focused):
            return dock
    return None


def cycle_panels(window: MainWindow, step: int) -> None:
    """Give the focus to the next (``step`` 1) or previous (-1) panel in sight."""
    order = panels(window)
    if not order:
        return
    here = current_panel(window)
    at = order.index(here) if here in order else (-1 if step > 0 else 0)
    dock = order[(at + step) % len(order)]
    target = main_widget(window, dock)
    if target is not None:
        target.setFocus(
            Qt.FocusReason.TabFocusReason if step > 0 else Qt.FocusReason.BacktabFocusReason
        )


def focus_map(window: MainWindow) -> None:
    """Bring the map forward and give it the keys: with a token selected, the arrows walk
    it and Enter moves it there (or, for one not on the map yet, places it); the line
    under the map says which, not what the mouse last passed over. Once a token has moved
    by the keys, the keys go back to where they came from."""
    came = QApplication.focusWidget()
    if came is not None and not window.map.isAncestorOf(came):
        window.map.view.came_from = came
    give_keys(window.map, window.map.view)
    session = window.controller.session
    chosen = session.combatants.get(window.map.view.selected_id or "")
    if session.map is None or window.map.view.tool is not Tool.MOVE:
        return
    if chosen is None:  # a team's row, or nobody: say so rather than let the arrows do nothing
        keys = "Choose a combatant first (in Team Initiative, or click a token) to walk them"
    elif chosen.id in session.tokens:
        keys = f"{chosen.name}: the arrows walk a square, Enter moves there, Esc cancels"
    else:
        keys = f"{chosen.name} is not on the map: the arrows walk a square, Enter places them"
    window.map.say_keys(keys)


def focus_history(window: MainWindow) -> None:
    """Bring the History tab forward (its list is made as it first shows) with the keys in
    its list, on the current step."""
    window.history.show()
    window.history.raise_()
    listing = window.history.widget()
    if listing is not None:
        listing.setFocus(Qt.FocusReason.ShortcutFocusReason)


def zoom_map(window: MainWindow, step: int) -> None:
    """Bring the map forward and zoom it a step in (1) or out (−1) about the middle of its
    view, or (0) fit the whole map."""
    window.map.show()
    window.map.raise_()
    view = window.map.view
    if step:
        view.zoom_by(ZOOM_STEP**step)
    else:
        view.fit()


def in_front(dock: QDockWidget) -> bool:
    """Whether a panel is in sight (not closed, not a tab behind another)."""
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def give_keys(dock: QDockWidget, widget: QWidget) -> None:
    """Show a panel, bring its tab to the front and give ``widget`` in it the keys."""
    dock.show()
    dock.raise_()
    widget.setFocus(Qt.FocusReason.ShortcutFocusReason)


def raise_panel(window: MainWindow, dock: QDockWidget) -> None:
    """Show a panel, bring its tab to the front and give it the keys."""
    dock.show()
    dock.raise_()
    target = main_widget(window, dock)
    if target is not None:
        target.setFocus(Qt.FocusReason.ShortcutFocusReason)


def middle_tabs(window: MainWindow) -> list[QDockWidget]:
    """The middle column's tabbed panels that are open: map, bridge, odds and charts."""
    return [dock for dock in (window.map, window.bridge, window.odds) if not dock.isHidden()]


def cycle_tabs(window: MainWindow, step: int) -> None:
    """Bring the next (``step`` 1) or previous (-1) tab to the front, as Ctrl+PgDn and
    Ctrl+PgUp do in a tabbed desktop program: the inspector's while the keys are in it
    (they stay on its tabs), else the middle column's."""
    own = window.inspector.tabs
    if current_panel(window) is window.inspector and own.isVisible():
        own.setCurrentIndex((own.currentIndex() + step) % own.count())
        own.tabBar().setFocus(Qt.FocusReason.ShortcutFocusReason)
        return
    tabs = middle_tabs(window)
    if not tabs:
        return
    here = current_panel(window)
    if here not in tabs:
        here = next((dock for dock in tabs if in_front(dock)), None)
    at = tabs.index(here) if here in tabs else (-1 if step > 0 else 0)
    raise_panel(window, tabs[(at + step) % len(tabs)])


def choose_from_view_menu(window: MainWindow, dock: QDockWidget) -> None:
    """View ▸ a panel: a closed one opens, a tab behind another comes to the front (both
    with the keys), and one already in sight closes."""
    if not dock.isHidden() and in_front(dock):
        dock.close()
    else:
        raise_panel(window, dock)
    dock.toggleViewAction().setChecked(not dock.isHidden())


def take_over_view_menu(window: MainWindow) -> None:
    """Let the panels' View menu entries raise a tab behind another instead of closing
    it (Qt's own toggle closes it, and reopening puts it back behind)."""
    for dock in window.docks():
        action = dock.toggleViewAction()
        action.triggered.disconnect()  # Qt's own show-or-close
        action.triggered.connect(lambda _checked=False, d=dock: choose_from_view_menu(window, d))


def focus_initiative(window: MainWindow) -> None:
    """Bring Team Initiative forward and give its list the keys, from wherever they are
    (the map, the inspector, the log)."""
    give_keys(window.initiative, window.initiative.view)


def focus_bridge(window: MainWindow) -> None:
    """Bring the bridge to the front and give it the keys."""
    raise_panel(window, window.bridge)


def focus_attack(window: MainWindow) -> None:
    """Bring up the inspector's attack form for the selected combatant with the keyboard
    in it: Enter rolls and goes back to where the keyboard was, Escape goes back."""
    came_from = QApplication.focusWidget()
    inspector = window.inspector
    inspector.show()
    inspector.raise_()
    inspector.tabs.setCurrentWidget(inspector.attack)
    # The form from its top, scrolled no further than the Roll button needs.
    scroll = inspector.scroll_area
    scroll.verticalScrollBar().setValue(0)
    scroll.ensureWidgetVisible(inspector.attack.roll, 0, 4)
    if not inspector.attack.take_focus(came_from):
        window.say("Select a combatant with a weapon, and someone to attack, first")


def focus_dice(window: MainWindow) -> None:
    """Put the cursor in the dice box."""
    window.log.show()
    window.log.raise_()
    window.log.dice.setFocus()
