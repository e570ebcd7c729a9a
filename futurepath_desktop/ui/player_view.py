"""PlayerView: a second window for a shared screen. It shows the acting order, the
current team, round and phase, visible conditions, and enemy health as words, and never
anything hidden: hidden enemies, GM notes, exact enemy HP (R61). Everything it shows comes
from :func:`futurepath_desktop.session.player_info.player_info`."""

from __future__ import annotations

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QContextMenuEvent,
    QFont,
    QFontMetrics,
    QKeySequence,
    QMouseEvent,
    QResizeEvent,
    QShortcut,
)
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QMenu,
    QSplitter,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.session.change import Change
from futurepath_desktop.session.player_info import PlayerInfo, player_info
from futurepath_desktop.ui.map.areas import PLAYER_FOG_Z
from futurepath_desktop.ui.portraits import member_portraits, session_folder
from futurepath_desktop.ui.undo import SessionController

LARGE_TYPE = 1.75
"""How much bigger large type is: a name in the list is then about a centimetre tall on a
24-inch screen, readable from across a table, and four teams of five still fit a
1920×1080 screen without scrolling."""


CONDITIONS = 2
"""The list's column of conditions, the one that wraps."""


class _Wrapping(QStyledItemDelegate):
    """Rows as tall as their conditions need, wrapped to the column's width (the list
    itself measures them on one line, and then cuts their end off)."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self.tree = tree

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        size = super().sizeHint(option, index)
        text = str(index.data() or "")
        margin = self.tree.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1
        width = self.tree.columnWidth(CONDITIONS) - 2 * margin
        if index.column() != CONDITIONS or not text or width <= 0:
            return size
        flags = Qt.TextFlag.TextWordWrap
        box = QFontMetrics(self.tree.font()).boundingRect(QRect(0, 0, width, 10**6), flags, text)
        return QSize(size.width(), max(size.height(), box.height() + 2))


class PlayerView(QWidget):
    """The players' window; it follows every change live."""

    fullScreenChanged = Signal(bool)
    """It went full screen (True) or back into a window (False)."""

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("playerView")
        self.setWindowTitle("Future Path: Player View")
        self.controller = controller
        self.info: PlayerInfo | None = None  # what it shows; None until first drawn
        self.resize(1200, 720)
        self.large_type = False
        self.base_font = QFont(self.font())  # what the sizes below are multiples of
        # Esc leaves full screen, then closes the players' window (F9 in the GM's window
        # opens it again), and F11 goes full screen and back, as in the GM's window,
        # whichever of its parts has the keyboard: the list and the map take Esc themselves.
        for keys, run in (
            ("Esc", self.escape),
            ("Ctrl+W", self.close),
            ("F11", self.toggle_full_screen),
        ):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(run)
        layout = QVBoxLayout(self)
        self.header = QLabel("")
        self.header.setObjectName("playerHeader")
        self.header.setWordWrap(True)  # a narrow screen wraps it rather than cutting it
        layout.addWidget(self.header)
        self.clock = QLabel("")
        self.clock.setObjectName("playerClock")
        self.clock.hide()
        layout.addWidget(self.clock)
        self.space = QLabel("")
        self.space.setObjectName("playerSpace")
        self.space.setWordWrap(True)
        layout.addWidget(self.space)
        self.tree = QTreeWidget()
        self.tree.setObjectName("playerTree")
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels(["Who", "Health", "Conditions"])
        self.tree.setRootIsDecorated(False)
        self.tree.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setSectionResizeMode(CONDITIONS, QHeaderView.ResizeMode.Stretch)
        # A long list of conditions wraps onto a second line rather than losing its end.
        self.tree.setWordWrap(True)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.tree.setItemDelegateForColumn(CONDITIONS, _Wrapping(self.tree))
        self._relayout = QTimer(self, singleShot=True, interval=0)
        self._relayout.timeout.connect(self.tree.doItemsLayout)  # rows re-measured
        self.tree.header().sectionResized.connect(
            lambda column, _old, _new: column == CONDITIONS and self._relayout.start()
        )
        from futurepath_desktop.ui.map.scene import MapScene
        from futurepath_desktop.ui.map.view import MapView

        self.map_scene = MapScene(self, player=True)
        self.map_view = MapView(self.map_scene, None, self)
        self.map_view.setObjectName("playerMap")
        self.map_view.setInteractive(False)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.addWidget(self.tree)
        self.split.addWidget(self.map_view)
        self.split.setStretchFactor(1, 2)
        self.split.setSizes([460, 740])
        layout.addWidget(self.split, 1)
        self._set_fonts()
        controller.changed.connect(self._on_change)
        controller.sessionReplaced.connect(self.refresh)
        controller.pathChanged.connect(self.refresh)  # portraits are relative to the file
        self.refresh()

    def _set_fonts(self) -> None:
        """The header, the ships' line and the list in ordinary or large type."""
        scale = LARGE_TYPE if self.large_type else 1.0
        for widget, size, bold in (
            (self.header, 1.8, True),
            (self.clock, 1.3, False),
            (self.space, 1.3, False),
            (self.tree, 1.35, False),
        ):
            font = QFont(self.base_font)
            font.setPointSizeF(self.base_font.pointSizeF() * size * scale)
            font.setBold(bold)
            widget.setFont(font)
        for column in range(self.tree.columnCount()):  # the header's own type is small
            self.tree.headerItem().setFont(column, self.tree.font())
        line = QFontMetrics(self.tree.font()).height()  # a portrait as tall as the name
        self.tree.setIconSize(QSize(line, line))

    def show_clock(self, words: str) -> None:
        """The round timer and the game time, when the GM shows them (empty: hidden)."""
        if self.clock.text() != words:
            self.clock.setText(words)
        self.clock.setVisible(bool(words))

    def set_large_type(self, on: bool) -> None:
        """Type big enough to read across a table, or the ordinary size; the list gets the
        room it then needs from the map."""
        if on == self.large_type:
            return
        self.large_type = on
        self._set_fonts()
        self._share_width()
        self.refresh(map_too=False)

    def _share_width(self) -> None:
        """The list's share of the width: half of it in large type, else about a third."""
        width = self.split.width()
        # Large type takes half of a wide screen and more of a laptop's, so the
        # conditions keep their column.
        large = 0.5 if width >= 1500 else 0.64
        share = round(width * (large if self.large_type else 0.38))
        self.split.setSizes([share, width - share])

    def toggle_full_screen(self) -> None:
        """F11: full screen, or back into a window (either way the keyboard stays where it
        is: the GM's window keeps it)."""
        self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)
        self.show()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """A right click anywhere: full screen or back, and close (for a GM who uses the
        mouse alone, with no key to leave full screen)."""
        menu = QMenu(self)
        menu.setObjectName("playerViewMenu")
        full = menu.addAction("Leave Full Screen" if self.isFullScreen() else "Full Screen")
        full.triggered.connect(self.toggle_full_screen)
        menu.addAction("Close Player View").triggered.connect(self.close)
        menu.popup(event.globalPos())
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        """A double click on the window's own ground (the header): full screen and back."""
        self.toggle_full_screen()
        event.accept()

    def escape(self) -> None:
        """Esc: out of full screen first; in a window, close it."""
        if self.isFullScreen():
            self.toggle_full_screen()
        else:
            self.close()

    def changeEvent(self, event: QEvent) -> None:
        """Follow the GM's theme (the list's highlight, the map's scheme) and report going
        full screen and back."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.info is not None:
            self.refresh()
        elif event.type() == QEvent.Type.WindowStateChange:
            self.fullScreenChanged.emit(self.isFullScreen())

    def _on_change(self, change: Change) -> None:
        session = self.controller.session
        self.map_scene.apply(session, change)
        self.refresh(map_too=False)
        self._restyle_stale_tokens()

    def _restyle_stale_tokens(self) -> None:
        """Keep the map to exactly the tokens, hidden marks and acting ring the description
        allows. A change can alter them without naming the token: a team changes side, or
        the only visible actor of a team hides and the players no longer know who acts."""
        if self.info is None:
            return
        marks = {t.combatant_id: t for t in self.info.tokens}
        shown = self.map_scene.tokens
        stale = {i for i in marks if i not in shown}
        for ident, item in shown.items():
            mark = marks.get(ident)
            over_fog = item.zValue() > PLAYER_FOG_Z  # a team that changes side moves it
            if mark is None or (mark.hidden, mark.acting, mark.over_fog) != (
                item.look.hidden,
                item.look.acting,
                over_fog,
            ):
                stale.add(ident)
        if stale:
            self.map_scene.sync_tokens(self.controller.session, stale)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._share_width()
        self.map_view.fit()

    def refresh(self, map_too: bool = True) -> None:
        """Redraw from what the players may see (small: one line per visible combatant)."""
        session = self.controller.session
        info = player_info(session)
        self.info = info
        self.header.setText(info.header)
        if info.space_header is not None:
            self.space.setText("\n".join([info.space_header, *(s.text for s in info.ships)]))
        else:
            self.space.clear()
        self.space.setVisible(info.space_header is not None)
        if map_too:
            dark = self.palette().color(self.palette().ColorRole.Window).value() < 128
            self.map_scene.set_dark(dark)
            self.map_scene.folder = session_folder(self.controller)
            self.map_scene.sync(session)
        self.map_view.setVisible(session.map is not None)
        self.tree.clear()
        highlight = self.palette().color(self.palette().ColorRole.Highlight)
        faces = member_portraits(self.controller, info, self.tree.iconSize().height())
        for team in info.teams:
            head = QTreeWidgetItem([("▶ " if team.acting else "") + team.name, team.standing, ""])
            font = QFont(self.tree.font())
            font.setBold(True)
            head.setFont(0, font)
            head.setForeground(0, QBrush(QColor(team.colour)))
            if team.acting:
                tint = QColor(highlight)
                tint.setAlpha(60)
                for column in range(3):
                    head.setBackground(column, QBrush(tint))
            self.tree.addTopLevelItem(head)
            for member in team.members:
                name = f"{member.name} (hidden)" if member.hidden else member.name
                conditions = ", ".join(member.conditions)
                row = QTreeWidgetItem(["    " + name, member.health, conditions])
                row.setToolTip(2, conditions)  # the column may be too narrow for all of them
                if faces:  # R61: only of those listed; a blank keeps the names in line
                    row.setIcon(0, faces.get(member.id, faces[""]))
                if member.hidden:
                    italic = QFont(self.tree.font())
                    italic.setItalic(True)
                    row.setFont(0, italic)
                    row.setToolTip(0, f"{member.name} is hidden from the other side")
                self.tree.addTopLevelItem(row)
