"""Where the panels go: two arrangements of the same docks, picked by the window's width.

- **Roomy** (a big screen): the initiative over the counters on the left, the map in the
  middle, the inspector over the log on the right.
- **Compact** (the laptops GMs bring, 1280×800 and 1366×768): the log (with the history
  behind it) goes under the initiative, where its lines have the room to be read, and the
  counters under the inspector.

The window follows its size while the GM has no saved layout of their own; once they
have one (restored at start), nothing moves behind their back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QMargins, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QWidget

from futurepath_desktop.ui.fusion_metrics import TITLE_BAR_HEIGHT

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow

COMPACT, ROOMY = "compact", "roomy"
COMPACT_BELOW = 1600
"""Windows narrower than this (in device-independent pixels) get the compact layout."""

BIG_STEP = 0.2
"""A change of the window's width by this share or more sizes its columns afresh
(while the GM has no layout of their own); a drag of its edge leaves them be."""

LEFT, RIGHT = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
HORIZONTAL, VERTICAL = Qt.Orientation.Horizontal, Qt.Orientation.Vertical


FIRST_SIZE = QSize(1280, 800)
"""The window's size the first time it opens (no saved geometry), if the screen has room."""


def first_geometry(available: QRect, frame: QMargins) -> QRect:
    """Where the window first opens: ``FIRST_SIZE`` at most, no bigger than the screen's
    free room less the window manager's ``frame``, centred in that room."""
    room = available.marginsRemoved(frame)
    size = FIRST_SIZE.boundedTo(room.size())
    placed = QRect(0, 0, size.width(), size.height())
    placed.moveCenter(room.center())
    return placed


def available(window: QWidget) -> QRect:
    """The room on the screen the window opens on (less the desktop's panels)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def place_first(window: QWidget) -> QRect:
    """Size and centre a window with no saved geometry before it is shown. The window
    manager's frame is known only once it is: until then, a guess of a title bar and thin
    borders as the style draws them (``place_by_frame`` corrects it)."""
    placed = first_geometry(available(window), QMargins(2, TITLE_BAR_HEIGHT + 2, 2, 2))
    window.setGeometry(placed)
    return placed


def place_by_frame(window: QWidget, first: QRect) -> None:
    """Once shown: fit and centre the window by the frame it really has (unless it was
    moved or sized since ``place_first`` put it at ``first``)."""
    inner, outer = window.geometry(), window.frameGeometry()
    if inner != first:
        return
    frame = QMargins(
        inner.left() - outer.left(),
        inner.top() - outer.top(),
        outer.right() - inner.right(),
        outer.bottom() - inner.bottom(),
    )
    window.setGeometry(first_geometry(available(window), frame))


def kind_for(width: int) -> str:
    """The layout for a window this wide."""
    return COMPACT if width < COMPACT_BELOW else ROOMY


def column_widths(kind: str, width: int, right_least: int = 0) -> tuple[int, int, int]:
    """Left, middle (map) and right column widths for a window ``width`` wide, the right
    one at least ``right_least`` (its panels' own least width) at the map's expense."""
    if kind == COMPACT:
        # Enough for the initiative's five columns and the attack form; the map takes the
        # rest and grows first as the window does.
        left = max(440, round(width * 0.33))
        right = max(390, round(width * 0.29))
    else:
        left, right = round(width * 0.3), round(width * 0.27)
    right = max(right, right_least)
    return left, max(200, width - left - right), right


def arrange(window: MainWindow, kind: str, *, reopen: bool = False) -> None:
    """Put every dock in its place for ``kind`` and size the columns to the window. A
    panel the GM closed stays closed unless ``reopen`` (Reset Layout)."""
    docks = window.docks()
    closed = [] if reopen else [dock for dock in docks if dock.isHidden()]
    for dock in docks:
        dock.setFloating(False)
        window.removeDockWidget(dock)
    initiative, map_, bridge, odds = window.initiative, window.map, window.bridge, window.odds
    counters, inspector, log, history = (
        window.counters,
        window.inspector,
        window.log,
        window.history,
    )
    window.addDockWidget(LEFT, initiative)
    window.addDockWidget(RIGHT, inspector)
    window.splitDockWidget(initiative, inspector, HORIZONTAL)
    window.splitDockWidget(initiative, map_, HORIZONTAL)
    window.tabifyDockWidget(map_, bridge)
    window.tabifyDockWidget(bridge, odds)
    under_initiative, under_inspector = (log, counters) if kind == COMPACT else (counters, log)
    window.splitDockWidget(initiative, under_initiative, VERTICAL)
    window.splitDockWidget(inspector, under_inspector, VERTICAL)
    window.tabifyDockWidget(log, history)
    for dock in docks:
        dock.setVisible(dock not in closed)
    map_.raise_()
    log.raise_()
    window.layout_kind = kind
    size(window, kind)
    for dock in (window.initiative, window.counters, window.log):
        if reopen:
            dock.hand_sized.forget()  # Reset Layout: the columns' widths too
        dock.fit_columns(kind == COMPACT)
    if window.painted:  # before that, the window checks once its first frame is up
        QTimer.singleShot(0, window, window.hide_stray_tab_bars)  # not after the window goes
    if reopen:  # Reset Layout: the keys back to the combatants, not a tool bar's button
        window.initiative.view.setFocus(Qt.FocusReason.OtherFocusReason)


def size(window: MainWindow, kind: str) -> None:
    """The columns' widths and the splits' heights, for the window's present size."""
    width = window.width()
    window.sized_width = width
    # The height the docks share: the window's less its menu, tool and status bars.
    height = window.height() - sum(
        bar.sizeHint().height() for bar in (window.menuBar(), window.combat_bar, window.statusBar())
    )
    under_inspector = window.counters if kind == COMPACT else window.log
    right_least = max(window.inspector.minimumWidth(), under_inspector.minimumWidth())
    window.resizeDocks(
        [window.initiative, window.map, window.inspector],
        list(column_widths(kind, width, right_least)),
        HORIZONTAL,
    )
    left: QDockWidget
    right: QDockWidget
    if kind == COMPACT:
        # The initiative as tall as its rows need (within reason), the log the rest.
        wanted = window.initiative.wanted_height(column_widths(kind, width)[0]) + 4
        share = min(0.68, max(0.45, wanted / max(1, height)))
        left, right, inspector_share = window.log, window.counters, 0.72
    else:
        left, right, share, inspector_share = window.counters, window.log, 0.66, 0.6
    for top, below, part in (
        (window.initiative, left, share),
        (window.inspector, right, inspector_share),
    ):
        window.resizeDocks(
            [top, below], [round(height * part), round(height * (1 - part))], VERTICAL
        )


def follow_size(window: MainWindow, width: int) -> None:
    """After a resize: switch layouts when the width crosses into the other kind (only
    while the GM has no saved layout of their own)."""
    if window.own_layout:
        return
    kind = kind_for(width)
    if kind != window.layout_kind:
        arrange(window, kind)
    elif not window.painted or abs(width - window.sized_width) >= BIG_STEP * window.sized_width:
        # The size it is first shown at, not the one it was made at; and after a big
        # step (maximised, restored, moved to another screen) the columns share the room
        # again, rather than one of them taking all of it.
        size(window, kind)


def hide_stray_tab_bars(window: MainWindow) -> None:
    """Hide the tab bars Qt leaves behind after nesting splits and tab groups.

    QMainWindow sometimes keeps a shown, orphaned copy of a dock group's tab bar at a
    place where no dock of that group is; it shows as a second "Map | Bridge" strip
    over another panel. A real tab bar always sits under one of its own docks.
    """
    from PySide6.QtWidgets import QTabBar  # after the first frame: its bindings take ~4 ms

    docks: dict[str, QDockWidget] = {dock.windowTitle(): dock for dock in window.docks()}
    # The window's own children only: asking for every tab bar under it hands every
    # widget and object of every panel to Python on the way.
    for bar in window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
        if not bar.isVisible():
            continue
        own = [docks[bar.tabText(i)] for i in range(bar.count()) if bar.tabText(i) in docks]
        if own and not any(
            dock.isVisible()
            and dock.geometry().left() <= bar.geometry().center().x() <= dock.geometry().right()
            and abs(dock.geometry().bottom() - bar.geometry().top()) <= 4
            for dock in own
        ):
            bar.hide()
