"""Two arrangements of the bridge, picked by the panel's own width.

- **Wide** (the middle column of a big screen): the phase buttons beside the round's
  status, the set-up buttons in a row under it, and the weapons console beside the crew's.
- **Narrow** (the compact layout's middle column on a 1280×800 or 1366×768 laptop): the
  set-up buttons fold into one "Set-up" menu beside the status, the phase buttons go under
  it, and the two consoles take turns under a tab bar (the one whose stations act now, or
  whose station is picked in the list, comes up by itself). Stacked one above the other
  they would not fit a laptop's height beside the ship cards and the stations.

The panel never asks for more than the narrow arrangement's width, so raising the bridge
does not squeeze the panels beside it; it turns wide once it has the room for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLayout,
    QMenu,
    QPushButton,
    QSizePolicy,
    QTabBar,
    QWidget,
)

from futurepath_desktop.core import starship as rules

if TYPE_CHECKING:
    from futurepath_desktop.ui.bridge.feedback import Feedback
    from futurepath_desktop.ui.bridge.stations import StationsView
    from futurepath_desktop.ui.undo import SessionController

WEAPONS_TAB, CREW_TAB = 0, 1
CONSOLE_OF = {
    rules.Position.WEAPONS: WEAPONS_TAB,
    rules.Position.SENSORS: CREW_TAB,
    rules.Position.HELM: CREW_TAB,
    rules.Position.ENGINEER: CREW_TAB,
    rules.Position.MEDICAL: CREW_TAB,
}
"""The console each station acts from (the captain and the science officer have none)."""

Part = QWidget | int  # a widget, or a stretch of that factor


def refill(row: QHBoxLayout, parts: Sequence[Part | tuple[QWidget, int]]) -> None:
    """Empty a row and fill it again with these widgets and stretches, in order."""
    while row.count():
        row.takeAt(0)
    for part in parts:
        if isinstance(part, int):
            row.addStretch(part)
        elif isinstance(part, tuple):
            row.addWidget(*part)
        else:
            row.addWidget(part)


class ConsoleDeck(QWidget):
    """The weapons console and the crew's: side by side, or one at a time under tabs."""

    def __init__(self, weapons: QGroupBox, crew: QGroupBox, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bridgeConsoles")
        self.consoles = (weapons, crew)
        self.titles = (weapons.title(), crew.title())
        self.tabs = QTabBar()
        self.tabs.setObjectName("bridgeConsoleTabs")
        self.tabs.setExpanding(False)
        self.tabs.setDrawBase(False)
        for title in self.titles:
            self.tabs.addTab(title)
        self.tabs.currentChanged.connect(lambda _: self._show_current())
        for box in self.consoles:
            # A console behind its tab keeps its room: the deck is as tall for either.
            policy = box.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            box.setSizePolicy(policy)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setVerticalSpacing(0)
        self.narrow = True
        self.arrange(narrow=False)

    def arrange(self, *, narrow: bool) -> None:
        """Side by side, or tabbed."""
        if narrow == self.narrow:
            return
        self.narrow = narrow
        weapons, crew = self.consoles
        for widget in (self.tabs, weapons, crew):
            self.grid.removeWidget(widget)
        if narrow:
            self.grid.addWidget(self.tabs, 0, 0)
            self.grid.addWidget(weapons, 1, 0)
            self.grid.addWidget(crew, 1, 0)
            self.grid.setColumnStretch(1, 0)
        else:
            self.grid.addWidget(weapons, 1, 0)
            self.grid.addWidget(crew, 1, 1)
            self.grid.setColumnStretch(1, 1)
        self.grid.setColumnStretch(0, 1)
        self.grid.setHorizontalSpacing(0 if narrow else 6)
        for box, title in zip(self.consoles, self.titles, strict=True):
            box.setTitle("" if narrow else title)  # the tab names it
        self.tabs.setVisible(narrow)
        self._show_current()
        self.updateGeometry()  # the panel's layout must ask again how small it may be

    def _show_current(self) -> None:
        for index, box in enumerate(self.consoles):
            box.setVisible(not self.narrow or index == self.tabs.currentIndex())

    def raise_console(self, index: int) -> None:
        """Bring a console up (it is already in sight on a wide panel)."""
        self.tabs.setCurrentIndex(index)

    def reveal(self, widget: QWidget) -> None:
        """Bring up the console that holds ``widget`` (a feedback line with news)."""
        for index, box in enumerate(self.consoles):
            if box is widget or box.isAncestorOf(widget):
                self.raise_console(index)


def keys_in_order(arrangement: Arrangement, middle: Sequence[QWidget]) -> None:
    """The keys' way through the bridge, as the GM reads it: the phase buttons and the
    set-up along the top, then ``middle`` (the ships, the stations, the ship's row), then
    the consoles' tabs and each console's fields (a console behind its tab is passed
    over). Qt's own way follows the making of the widgets, which put the top row, laid out
    last, after the consoles, and left the bridge at their tabs."""
    parts = [
        *arrangement.phase_buttons,
        arrangement.set_up,
        *arrangement.tool_buttons,
        *middle,
        arrangement.deck.tabs,
        *arrangement.deck.consoles,
    ]
    chain = [field for part in parts for field in tab_stops(part)]
    for before, after in pairwise(chain):
        QWidget.setTabOrder(before, after)


def tab_stops(widget: QWidget) -> list[QWidget]:
    """``widget`` if Tab stops at it, else the widgets inside it that Tab stops at (a
    ship's card, a console's lists, boxes and buttons), in the order they were made."""

    def stops(each: QWidget) -> bool:
        return bool(each.focusPolicy().value & Qt.FocusPolicy.TabFocus.value)

    if stops(widget):
        return [widget]
    window = widget.window()  # not a list's pop-up, a window of its own
    found = [w for w in widget.findChildren(QWidget) if stops(w) and w.window() is window]
    # Not the parts of a field (a spin box's line, a list's scroll bars): the field itself.
    return [w for w in found if not any(o is not w and o.isAncestorOf(w) for o in found)]


def set_up_button(buttons: Sequence[QPushButton]) -> QPushButton:
    """One button whose menu does what the set-up buttons do (for a narrow panel)."""
    button = QPushButton("Set-up")
    button.setObjectName("bridgeSetUp")
    button.setFlat(True)
    button.setToolTip("Ships from and to the library, the Battle Damage Chart, house rules")
    menu = QMenu(button)
    for each in buttons:
        action = menu.addAction(each.text())
        action.setObjectName(each.objectName())
        action.triggered.connect(each.click)
    button.setMenu(menu)
    return button


def narrow_combo(combo: QComboBox) -> None:
    """A list as wide as its first item, the one it always shows (a choice in it acts at
    once and the list goes back to it); its popup as wide as its items."""
    items = [combo.itemText(row) for row in range(combo.count())]
    shown = items[0]
    metrics = combo.fontMetrics()
    letters = -(-metrics.horizontalAdvance(shown) // max(1, metrics.horizontalAdvance("x")))
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(letters + 1)
    combo.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
    widest = max(metrics.horizontalAdvance(item) for item in items)
    combo.view().setMinimumWidth(widest + 40)


def least_width(layout: QLayout) -> int:
    """The width a layout needs as it stands now."""
    layout.invalidate()
    layout.activate()
    return layout.totalMinimumSize().width()


class Arrangement:
    """Which of the two arrangements the panel shows, and the switch between them."""

    def __init__(
        self,
        rows: tuple[QHBoxLayout, QHBoxLayout],
        status: QWidget,
        phase_buttons: Sequence[QPushButton],
        tool_buttons: Sequence[QPushButton],
        deck: ConsoleDeck,
    ) -> None:
        self.rows = rows
        self.status = status
        self.phase_buttons = tuple(phase_buttons)
        self.tool_buttons = tuple(tool_buttons)
        self.set_up = set_up_button(tool_buttons)
        self.deck = deck
        self.narrow: bool | None = None
        self.wide_from = 0  # the width the wide arrangement needs
        self.narrow_width = 0  # the narrow one's

    def measure(self, layout: QLayout) -> None:
        """How wide each arrangement must be (the panel's layout holds the rows)."""
        self.apply(narrow=False)
        self.wide_from = least_width(layout)
        self.apply(narrow=True)
        self.narrow_width = least_width(layout)

    def apply(self, *, narrow: bool) -> None:
        """Lay the rows and the consoles out the one way or the other."""
        if narrow == self.narrow:
            return
        self.narrow = narrow
        top, below = self.rows
        if narrow:
            refill(top, [(self.status, 1), self.set_up])
            refill(below, [*self.phase_buttons, 1])
        else:
            refill(top, [(self.status, 1), *self.phase_buttons])
            refill(below, [*self.tool_buttons, 1])
        for button in self.tool_buttons:
            button.setVisible(not narrow)
        self.set_up.setVisible(narrow)
        self.deck.arrange(narrow=narrow)

    def follow(self, width: int) -> None:
        """The arrangement for a panel this wide."""
        if self.wide_from:
            self.apply(narrow=width < self.wide_from)


class ArrangedPanel:
    """The bridge panel's side of the arrangement (mixed into ``BridgePanel``, which has
    the widgets): its least width, the switch on a resize, and the console brought up."""

    arrangement: Arrangement
    deck: ConsoleDeck
    stations: StationsView
    controller: SessionController
    _phase: tuple[int, str] | None

    def _enable(self) -> None:
        raise NotImplementedError

    def feedbacks(self) -> tuple[Feedback, ...]:
        """Every feedback line of the panel."""
        raise NotImplementedError

    def forget(self, *lines: Feedback) -> None:
        """Clear these result lines: what they said was of another phase, or another ship
        (the log keeps it)."""
        for line in lines:
            line.clear()

    def minimumSizeHint(self) -> QSize:
        """Never wider than the narrow arrangement needs: the panel must not squeeze the
        panels beside it (it turns wide when it is given the room)."""
        hint: QSize = super().minimumSizeHint()  # type: ignore[misc]
        arrangement = getattr(self, "arrangement", None)
        if arrangement is not None and arrangement.narrow_width:
            hint.setWidth(min(hint.width(), arrangement.narrow_width))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Wide or narrow, by the width the panel is given."""
        super().resizeEvent(event)  # type: ignore[misc]
        self.arrangement.follow(event.size().width())

    def _station_picked(self) -> None:
        """A station picked in the list brings up its console (on a narrow panel)."""
        position = self.stations.selected_position()
        if position in CONSOLE_OF:
            self.deck.raise_console(CONSOLE_OF[position])
        self._enable()

    def _raise_acting_console(self) -> None:
        """A new phase brings up the console of the stations that act in it, when they
        all act from the same one."""
        fight = self.controller.session.space.round
        phase = (fight.round, str(fight.phase)) if fight.active else None
        if phase == self._phase:
            return
        self._phase = phase
        # What an action did belongs to its phase: the log keeps it, the consoles move on,
        # and a station picked in the last phase is not the one to act in this one.
        self.forget(*self.feedbacks())
        self.stations.setCurrentIndex(self.stations.model().index(-1, -1))
        self._enable()
        acting = {
            CONSOLE_OF[row.position]
            for row in self.stations.stations.rows
            if row.acts_now and row.position in CONSOLE_OF
        }
        if fight.active and len(acting) == 1:
            self.deck.raise_console(acting.pop())
