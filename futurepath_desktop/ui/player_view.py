"""PlayerView: a second window for a shared screen. It shows the acting order, the
current team, round and phase, visible conditions, and enemy health as words, and never
anything hidden: hidden enemies, GM notes, exact enemy HP (R61). Everything it shows comes
from :func:`futurepath_desktop.session.player_info.player_info`."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QKeySequence,
    QResizeEvent,
    QShortcut,
)
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QSplitter,
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


class PlayerView(QWidget):
    """The players' window; it follows every change live."""

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("playerView")
        self.setWindowTitle("Future Path: Player View")
        self.controller = controller
        self.resize(1200, 720)
        # Esc or Ctrl+W closes the players' window (F9 in the GM's window opens it again),
        # whichever of its parts has the keyboard: the list and the map take Esc themselves.
        for keys in ("Esc", "Ctrl+W"):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(self.close)
        layout = QVBoxLayout(self)
        self.header = QLabel("")
        self.header.setObjectName("playerHeader")
        font = self.header.font()
        font.setPointSizeF(font.pointSizeF() * 1.8)
        font.setBold(True)
        self.header.setFont(font)
        layout.addWidget(self.header)
        self.space = QLabel("")
        self.space.setObjectName("playerSpace")
        space_font = self.space.font()
        space_font.setPointSizeF(space_font.pointSizeF() * 1.3)
        self.space.setFont(space_font)
        layout.addWidget(self.space)
        self.tree = QTreeWidget()
        self.tree.setObjectName("playerTree")
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels(["Who", "Health", "Conditions"])
        self.tree.setRootIsDecorated(False)
        self.tree.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        big = self.tree.font()
        big.setPointSizeF(big.pointSizeF() * 1.35)
        self.tree.setFont(big)
        line = QFontMetrics(big).height()  # a portrait as tall as the name: no row grows
        self.tree.setIconSize(QSize(line, line))
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        # A long list of conditions wraps onto a second line rather than losing its end.
        self.tree.setWordWrap(True)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        from futurepath_desktop.ui.map.scene import MapScene
        from futurepath_desktop.ui.map.view import MapView

        self.map_scene = MapScene(self, player=True)
        self.map_view = MapView(self.map_scene, None, self)
        self.map_view.setObjectName("playerMap")
        self.map_view.setInteractive(False)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tree)
        split.addWidget(self.map_view)
        split.setStretchFactor(1, 2)
        split.setSizes([460, 740])
        layout.addWidget(split, 1)
        self.info: PlayerInfo | None = None
        controller.changed.connect(self._on_change)
        controller.sessionReplaced.connect(self.refresh)
        controller.pathChanged.connect(self.refresh)  # portraits are relative to the file
        self.refresh()

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
