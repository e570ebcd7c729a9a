"""PlayerView: a second window for a shared screen. It shows the acting order, the
current team, round and phase, visible conditions, and enemy health as words, and never
anything hidden: hidden combatants, GM notes, exact enemy HP."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QResizeEvent
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session.edit import Change
from futurepath_desktop.session.map_rules import SECRET_CONDITIONS
from futurepath_desktop.session.state import Combatant, Session
from futurepath_desktop.session.wording import possessive
from futurepath_desktop.ui.undo import SessionController

FRIENDLY_SIDES = {"players", "allies"}


def visible_rows(session: Session) -> list[tuple[str, list[Combatant]]]:
    """The teams in acting order with the members players may see."""
    order = list(session.combat.order) if session.combat.active else list(session.teams)
    rows = []
    for team_id in order:
        team = session.teams.get(team_id)
        if team is None:
            continue
        members = [m for m in session.members(team_id, present_only=True) if not m.hidden]
        if members:
            rows.append((team_id, members))
    return rows


def health_text(session: Session, combatant: Combatant) -> str:
    """Numbers for the players' side, a word for everyone else."""
    team = session.teams[combatant.team_id]
    word = combatant.health_word(session.options.vitality).value
    if team.side not in FRIENDLY_SIDES:
        return word
    if session.options.health_fatigue:
        return f"{combatant.health}/{combatant.max_health} Health, fatigue {combatant.fatigue}"
    return f"{combatant.hp}/{combatant.max_hp} HP"


def status_line(session: Session) -> str:
    """``Round 2 · 4 Action · Players' turn``."""
    combat = session.combat
    if not combat.active:
        return "Waiting for the fight"
    parts = [f"Round {combat.round}", Phase(combat.phase).label]
    if combat.surprise_round:
        parts.append("Surprise round")
    if combat.acting_team:
        parts.append(f"{possessive(session.teams[combat.acting_team].name)} turn")
    return " · ".join(parts)


class PlayerView(QWidget):
    """The players' window; it follows every change live."""

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("playerView")
        self.setWindowTitle("Future Path: Player View")
        self.controller = controller
        self.resize(1200, 720)
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
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
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
        controller.changed.connect(self._on_change)
        controller.sessionReplaced.connect(self.refresh)
        self.refresh()

    def _on_change(self, change: Change) -> None:
        self.map_scene.apply(self.controller.session, change)
        self.refresh(map_too=False)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.map_view.fit()

    def refresh(self, map_too: bool = True) -> None:
        """Redraw from the session (small: one line per visible combatant)."""
        session = self.controller.session
        self.header.setText(status_line(session))
        from futurepath_desktop.ui.docks.bridge_panel import ship_summary, space_status

        if session.space.ships and session.space.round.active:
            lines = [space_status(session), *(ship_summary(s) for s in session.space.ships)]
            self.space.setText("\n".join(lines))
        self.space.setVisible(bool(session.space.ships and session.space.round.active))
        if map_too:
            dark = self.palette().color(self.palette().ColorRole.Window).value() < 128
            self.map_scene.set_dark(dark)
            self.map_scene.sync(session)
        self.map_view.setVisible(session.map is not None)
        self.tree.clear()
        acting = session.combat.acting_team
        highlight = self.palette().color(self.palette().ColorRole.Highlight)
        for team_id, members in visible_rows(session):
            team = session.teams[team_id]
            head = QTreeWidgetItem([("▶ " if team_id == acting else "") + team.name, "", ""])
            font = QFont(self.tree.font())
            font.setBold(True)
            head.setFont(0, font)
            head.setForeground(0, QBrush(QColor(team.colour)))
            if team_id == acting:
                tint = QColor(highlight)
                tint.setAlpha(60)
                for column in range(3):
                    head.setBackground(column, QBrush(tint))
            self.tree.addTopLevelItem(head)
            for member in members:
                shown = [
                    f"{c.name} ({c.remaining})" if c.remaining else c.name
                    for c in session.conditions_on(member.id)
                    if c.key not in SECRET_CONDITIONS
                ]
                if session.combat.active and member.id in session.combat.unaware:
                    shown.insert(0, "Surprised")
                row = QTreeWidgetItem(
                    ["    " + member.name, health_text(session, member), ", ".join(shown)]
                )
                self.tree.addTopLevelItem(row)
