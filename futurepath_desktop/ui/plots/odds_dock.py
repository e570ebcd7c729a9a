"""The Odds & Charts panel: the attack being set up, the weapons console's volley, and the
fight so far. pyqtgraph loads the first time the panel is shown, never at start-up: a
panel left up by the last session says it is loading in the first frame and draws its
charts once that frame is on screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.session.change import Change

if TYPE_CHECKING:
    from futurepath_desktop.ui.plots.fight_reader import FightReader
from futurepath_desktop.ui.undo import SessionController

if TYPE_CHECKING:
    from futurepath_desktop.session.attack_plan import AttackPlan
    from futurepath_desktop.session.state import Ship
    from futurepath_desktop.ui.plots.charts import Chart


def concerns(tab: int, change: Change) -> bool:
    """Whether a change can alter the charts of a tab: the attack's odds (0) follow the
    roster, conditions, the map and the options; the volley's (1) the ships and the space
    round; the fight's (2) the log, the roster and the ships."""
    if tab == 0:
        roster = change.in_table("combatants", "conditions", "tokens", "areas")
        return roster or bool(change.values & {"options", "map", "combat"})
    if tab == 1:
        return change.space
    log = bool(change.log_appended or change.log_truncated)
    return log or change.in_table("combatants", "ships") or change.options


READ_AGAINST = frozenset({"name", "max_hp", "max_health"})
"""A combatant's or ship's fields the fight's charts were read against."""


def rereads_fight(change: Change) -> bool:
    """Whether the fight's charts must read the whole log again: undo cut it back, someone
    came or went or was renamed, or the health rule changed (R40)."""
    if change.log_truncated or change.options:
        return True
    for table in ("combatants", "ships"):
        if table in change.added or table in change.removed:
            return True
        if any(fields & READ_AGAINST for fields in change.fields.get(table, {}).values()):
            return True
    return False


LOADING = "Loading the charts…"
"""What the panel says while the plotting library loads, the first time it is shown."""


class OddsDock(QDockWidget):
    """Charts a GM would rather see than read."""

    def __init__(
        self,
        controller: SessionController,
        attack: Callable[[], tuple[AttackPlan | None, Any]],
        volley: Callable[[], tuple[Ship, Ship] | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Odds and Charts", parent)
        self.setObjectName("oddsDock")
        self.controller = controller
        self.attack = attack
        self.volley = volley
        self.built = False
        self.ready = False  # whether the window has painted its first frame
        self._waiting = False  # shown before then: the charts are made once it has
        self.dark = False
        placeholder = QLabel("Charts of the attack's odds, the volley and the fight so far.")
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWidget(placeholder)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.refresh)
        self.visibilityChanged.connect(self._on_visible)
        self._reader: FightReader | None = None  # made at the first drawing: off start-up
        controller.changed.connect(self._on_change)
        controller.sessionReplaced.connect(self._replaced)

    def _replaced(self) -> None:
        if self._reader is not None:
            self._reader.reset()
        self.schedule()

    def _on_visible(self, visible: bool) -> None:
        # The dock turns visible in the middle of a layout pass (a resize, Reset Layout):
        # the charts are made once that pass is over, not inside it.
        if visible:
            QTimer.singleShot(0, self, self._build_if_shown)

    def set_ready(self) -> None:
        """The window has painted: a panel that was up in the first frame makes its charts
        (after the attack form's first plan, which the window makes first)."""
        self.ready = True
        if self._waiting:
            self._waiting = False
            self._build_if_shown()

    def _build_if_shown(self) -> None:
        if not self.isVisible():
            return
        if not self.built and not self.ready:  # in the first frame: pyqtgraph waits for it
            placeholder = self.widget()
            if isinstance(placeholder, QLabel):
                placeholder.setText(LOADING)
            self._waiting = True
            return
        if not self.built:
            focused = QApplication.focusWidget()
            had_keys = focused is not None and (focused is self or self.isAncestorOf(focused))
            self.build()
            self.refresh()  # drawn now, not after a paint of empty axes
            if had_keys:  # the GM brought the panel up by key: the charts get the keys
                self.tabs.setFocus()
            return
        self.schedule()

    def build(self) -> None:
        """Import pyqtgraph and make the charts: the first time, this takes a good part of
        a second, so the panel says so and the pointer waits meanwhile."""
        placeholder = self.widget()
        if isinstance(placeholder, QLabel):
            placeholder.setText(LOADING)
            placeholder.repaint()  # now, before the wait
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            self._make_charts()
        finally:
            QApplication.restoreOverrideCursor()

    def _make_charts(self) -> None:
        from futurepath_desktop.ui.plots.charts import Chart

        self.built = True
        self.tabs = QTabWidget()
        self.tabs.setObjectName("oddsTabs")
        attack = QWidget()
        layout = QVBoxLayout(attack)
        self.outcomes = Chart("Attack outcomes", "Damage", "Chance", percent=True)
        # The labels are laid out for the axis's width: a new width lays them out again.
        self.outcomes.plot.getViewBox().sigResized.connect(self._outcomes_resized)
        self.by_ac = Chart("Hit chance by target AC", "Target AC", "Chance to hit", percent=True)
        layout.addWidget(self.outcomes)
        layout.addWidget(self.by_ac)
        self.tabs.addTab(attack, "Attack")
        self.battle = Chart(
            "Battle Damage by hard points", "Hard points", "Chance of Battle Damage", percent=True
        )
        self.tabs.addTab(self.battle, "Battle Damage")
        fight = QWidget()
        layout = QVBoxLayout(fight)
        self.health = Chart("Health over rounds", "Round", "HP / Health")
        self.damage = Chart("Damage per team per round", "Round", "Damage")
        self.ships = Chart("Battle Damage over space rounds", "Space round", "Battle Damage")
        for chart in (self.health, self.damage, self.ships):
            layout.addWidget(chart)
        self.tabs.addTab(fight, "Fight so far")
        self.tabs.currentChanged.connect(self.schedule)
        self.setWidget(self.tabs)
        self.set_dark(self.dark)

    def _outcomes_resized(self, *_args: object) -> None:
        if self.tabs.currentIndex() == 0:
            self.schedule()

    def charts(self) -> list[Chart]:
        """Every chart of the panel."""
        if not self.built:
            return []
        return [self.outcomes, self.by_ac, self.battle, self.health, self.damage, self.ships]

    def set_dark(self, dark: bool) -> None:
        """Follow the colour scheme."""
        self.dark = dark
        for chart in self.charts():
            chart.set_dark(dark)
        self.schedule()

    def _on_change(self, change: Change) -> None:
        """Follow the change report: the fight's charts read only the log's new entries
        unless the change rewrites what they were read against; a tab is redrawn only when
        the change concerns it."""
        if self._reader is not None and rereads_fight(change):
            self._reader.reset()
        if self.built and self.isVisible() and concerns(self.tabs.currentIndex(), change):
            self.schedule()

    def attack_changed(self, *_args: object) -> None:
        """The attack form's plan changed: redraw the attack's odds if they are in view."""
        if self.built and self.tabs.currentIndex() == 0:
            self.schedule()

    def volley_changed(self, *_args: object) -> None:
        """The bridge's volley changed: redraw its odds if they are in view."""
        if self.built and self.tabs.currentIndex() == 1:
            self.schedule()

    def schedule(self, *_args: object) -> None:
        """Redraw once the burst of changes is over."""
        self._timer.start(0)

    def refresh(self) -> None:
        """Redraw the charts of the tab in view."""
        if not self.built:
            return
        index = self.tabs.currentIndex()
        if index == 0:
            self.draw_attack()
        elif index == 1:
            self.draw_battle_damage()
        else:
            self.draw_fight()

    # --- the charts ------------------------------------------------------------------------

    def draw_attack(self) -> None:
        """The attack as the attack form has it set up."""

        plan, command = self.attack()
        for chart in (self.outcomes, self.by_ac):
            chart.begin()
        try:
            if plan is None:
                self.outcomes.show_hint(
                    "Attack outcomes: choose an attacker, a target in reach and a weapon "
                    "in the Inspector to chart the odds."
                )
                self.by_ac.show_hint("Hit chance by target AC: set up an attack first.")
                return
            self.by_ac.set_title(self.by_ac.title)
            self._draw_attack(plan, command)
        finally:
            for chart in (self.outcomes, self.by_ac):
                chart.end()

    def _draw_attack(self, plan: AttackPlan, command: Any) -> None:
        from futurepath_desktop.ui.plots import data
        from futurepath_desktop.ui.plots.charts import PALETTE

        bars = data.outcome_bars(plan.setup, plan.connects)
        self.outcomes.set_title(
            f"{plan.attacker.name} → {plan.target.name} with {plan.weapon.name}"
        )
        highest = max([0, *bars.hit, *bars.critical])
        axis = self.outcomes.outcome_axis(highest)
        self.outcomes.bars("miss", [axis.miss_x], [bars.miss], "#7f8c8d")
        self.outcomes.bars("critical failure", [axis.fail_x], [bars.critical_failure], "#8e44ad")
        self.outcomes.bars("hit", list(bars.hit), list(bars.hit.values()), PALETTE[0], 0.4, -0.2)
        self.outcomes.bars(
            "critical", list(bars.critical), list(bars.critical.values()), PALETTE[1], 0.4, 0.2
        )
        self.outcomes.mark_x(bars.expected, f"expected {bars.expected:.2f}")
        self.outcomes.ticks(axis.ticks)
        self.outcomes.plot.setXRange(axis.left, axis.right, padding=0)
        session = self.controller.session
        for index, weapon in enumerate(plan.attacker.weapons):
            variant = msgspec.structs.replace(command, weapon_index=index)
            try:
                planned = variant.plan(session)
            except Exception:  # a weapon that cannot make this attack has no line
                continue
            curve = data.hit_chance_by_ac(planned.setup, connects=planned.connects)
            self.by_ac.line(
                weapon.name, [a for a, _ in curve], [p for _, p in curve], PALETTE[index % 7]
            )
        self.by_ac.mark_x(plan.setup.target_ac, f"{plan.target.name}: AC {plan.setup.target_ac}")

    def draw_battle_damage(self) -> None:
        """The weapons console's volley."""
        from futurepath_desktop.ui.plots import data
        from futurepath_desktop.ui.plots.charts import PALETTE

        self.battle.begin()
        chosen = self.volley()
        if chosen is None:
            self.battle.end()
            self.battle.show_hint(
                "Battle Damage: pick a ship and its target on the Bridge's weapons console "
                "to chart the volley."
            )
            return
        ship, target = chosen
        curve = data.battle_damage_curve(ship, target)
        self.battle.set_title(f"{ship.name} → {target.name}, BD-DC {curve.dc}")
        self.battle.line("without a scan", curve.hard_points, curve.without_scan, PALETTE[0])
        self.battle.line(
            f"with a scan (+{curve.scan_bonus})", curve.hard_points, curve.with_scan, PALETTE[2]
        )
        self.battle.end()
        self.battle.whole_x(max(curve.hard_points), first=1)  # whole hard points

    def draw_fight(self) -> None:
        """The fight so far, from the log."""
        from futurepath_desktop.ui.plots.charts import PALETTE

        if self._reader is None:
            from futurepath_desktop.ui.plots.fight_reader import FightReader

            self._reader = FightReader()
        history = self._reader.history(self.controller.session)
        for chart in (self.health, self.damage, self.ships):
            chart.begin()
        changed = [name for name, points in history.health.items() if len(points) > 1]
        for index, name in enumerate(changed):
            points = history.health[name]
            colour = PALETTE[index % 7]
            self.health.line(name, [r for r, _ in points], [v for _, v in points], colour)
            fatigue = history.fatigue.get(name)
            if fatigue:  # R27: Fatigue beside Health, dashed, in the same colour
                self.health.line(
                    f"{name} fatigue",
                    [r for r, _ in fatigue],
                    [v for _, v in fatigue],
                    colour,
                    dashed=True,
                )
        teams = sorted(set(history.dealt) | set(history.taken))
        width = 0.8 / max(1, 2 * len(teams))
        for index, team in enumerate(teams):
            for kind, table, shift in (("dealt", history.dealt, 0), ("taken", history.taken, 1)):
                rows = table.get(team, {})
                if rows:
                    offset = (2 * index + shift) * width - 0.4 + width / 2
                    self.damage.bars(
                        f"{team} {kind}",
                        list(rows),
                        list(rows.values()),
                        PALETTE[(2 * index + shift) % 7],
                        width,
                        offset,
                    )
        for index, (ship, points) in enumerate(history.battle_damage.items()):
            self.ships.line(
                ship, [r for r, _ in points], [v for _, v in points], PALETTE[index % 7]
            )
        # Ground rounds and space rounds are counted apart: each chart has its own axis.
        ground = max(
            [0]
            + [r for points in history.health.values() for r, _ in points]
            + [
                r
                for table in (history.dealt, history.taken)
                for rows in table.values()
                for r in rows
            ]
        )
        space = max([0] + [r for points in history.battle_damage.values() for r, _ in points])
        for chart, last in ((self.health, ground), (self.damage, ground), (self.ships, space)):
            chart.end()
            chart.whole_x(last)
        top = max([0] + [v for points in history.battle_damage.values() for _, v in points])
        self.ships.whole_y(max(1, top))  # Battle Damage comes whole too
