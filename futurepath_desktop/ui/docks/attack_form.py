"""AttackForm: set up an attack, see every (dis)advantage source and the exact odds before
rolling, then resolve it with the full breakdown and apply the damage in one step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QWidget,
)

from futurepath_desktop.core.dice import AdvantageSource
from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session.edit import Change
from futurepath_desktop.session.map_rules import attack_context
from futurepath_desktop.ui.undo import SessionController

if TYPE_CHECKING:
    from futurepath_desktop.core.attacks import AttackSetup
    from futurepath_desktop.core.odds import DamageOdds
    from futurepath_desktop.session.attack_plan import AttackPlan
    from futurepath_desktop.session.commands import ResolveAttack

ACTIONS = (
    ("Attack", "plain"),
    ("Bonus Attack (off-hand)", "bonus"),
    ("Full Attack", "full"),
    ("Extra Damage", "extra"),
)
COVERS = ("No cover", "Partial cover", "Heavy cover", "Full cover")


def _cached_odds(setup: AttackSetup) -> DamageOdds:
    """Exact odds of a setup (``odds_for`` keeps them: the chart asks for the same ones)."""
    from futurepath_desktop.core.odds import odds_for

    return odds_for(setup)


class AttackForm(QGroupBox):
    """The attack form of the inspector: attacker is the inspected combatant."""

    planned = Signal()  # the plan (and its odds) changed: the charts follow
    chartRequested = Signal()

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__("Attack", parent)
        self.setObjectName("attackForm")
        self.controller = controller
        self.attacker_id: str | None = None
        self.ready = False
        self.plan: AttackPlan | None = None
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.target = QComboBox()
        self.target.setObjectName("attackTarget")
        form.addRow("Target", self.target)
        self.weapon = QComboBox()
        self.weapon.setObjectName("attackWeapon")
        form.addRow("Weapon", self.weapon)
        self.action = QComboBox()
        self.action.setObjectName("attackAction")
        for label, value in ACTIONS:
            self.action.addItem(label, value)
        form.addRow("Action", self.action)
        row = QHBoxLayout()
        self.distance = QSpinBox()
        self.distance.setObjectName("attackDistance")
        self.distance.setRange(0, 5000)
        self.distance.setSingleStep(5)
        self.distance.setValue(5)
        self.distance.setSuffix(" ft")
        row.addWidget(self.distance)
        self.cover = QComboBox()
        self.cover.setObjectName("attackCover")
        self.cover.addItems(list(COVERS))
        row.addWidget(self.cover)
        form.addRow("Range", row)
        fiat = QHBoxLayout()
        self.fiat_adv = QSpinBox()
        self.fiat_adv.setRange(0, 3)
        self.fiat_adv.setPrefix("+")
        self.fiat_adv.setSuffix(" adv")
        self.fiat_dis = QSpinBox()
        self.fiat_dis.setRange(0, 3)
        self.fiat_dis.setPrefix("−")
        self.fiat_dis.setSuffix(" dis")
        self.fiat_flat = QSpinBox()
        self.fiat_flat.setRange(-20, 20)
        self.fiat_flat.setSuffix(" flat")
        for box in (self.fiat_adv, self.fiat_dis, self.fiat_flat):
            fiat.addWidget(box)
        form.addRow("GM fiat", fiat)
        self.instant = QCheckBox("Out of turn (a readied attack, R18)")
        self.instant.setObjectName("attackInstant")
        self.instant.setToolTip("A readied action's instant attack, made out of turn (R18)")
        self.instant.toggled.connect(self.schedule)
        form.addRow(self.instant)
        self.sources = QListWidget()
        self.sources.setObjectName("attackSources")
        self.sources.setMaximumHeight(64)
        form.addRow("Sources", self.sources)
        self.odds = QLabel("")
        self.odds.setObjectName("attackOdds")
        self.odds.setWordWrap(True)
        self.odds.setTextFormat(Qt.TextFormat.RichText)
        # A fixed height: a changing warning line must not relayout (and repaint) the form.
        self.odds.setFixedHeight(self.odds.fontMetrics().lineSpacing() * 3 + 6)
        self.odds.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        form.addRow(self.odds)
        self.roll = QPushButton("Roll attack")
        self.roll.setObjectName("rollAttackButton")
        self.chart = QPushButton("Chart the odds")
        self.chart.setObjectName("attackChartButton")
        self.chart.setToolTip("Show the outcome distribution and hit chance by AC")
        self.chart.clicked.connect(self.chartRequested.emit)
        buttons = QHBoxLayout()
        buttons.addWidget(self.roll, 1)
        buttons.addWidget(self.chart)
        form.addRow(buttons)
        self.result = QLabel("")
        self.result.setObjectName("attackResult")
        self.result.setWordWrap(True)
        form.addRow(self.result)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.recompute)
        # (not connected to start() directly: it would take the new value as an interval)
        for combo in (self.target, self.weapon, self.action, self.cover):
            combo.currentIndexChanged.connect(self.schedule)
        for box in (self.distance, self.fiat_adv, self.fiat_dis, self.fiat_flat):
            box.valueChanged.connect(self.schedule)
        self.roll.clicked.connect(self.resolve)
        self.target.currentIndexChanged.connect(self.from_map)
        controller.changed.connect(self._on_change)

    def set_ready(self) -> None:
        """The window has painted: from now on the odds are worked out."""
        self.ready = True
        self.schedule()

    def schedule(self, *_: object) -> None:
        """Recompute once the current burst of edits is over."""
        self._timer.start(0)

    def set_attacker(self, combatant_id: str | None) -> None:
        """Set up the form for the inspected combatant."""
        self.attacker_id = combatant_id
        self.refill()

    def refill(self) -> None:
        """Refill the target and weapon lists, keeping the choices where they still exist."""
        session = self.controller.session
        attacker = session.combatants.get(self.attacker_id or "")
        keep_target, keep_weapon = self.target.currentData(), self.weapon.currentIndex()
        for combo in (self.target, self.weapon):
            combo.blockSignals(True)
            combo.clear()
        if attacker is not None:
            foes = [
                c
                for c in session.combatants.values()
                if c.team_id != attacker.team_id and c.present
            ]
            friends = [
                c
                for c in session.combatants.values()
                if c.team_id == attacker.team_id and c.id != attacker.id and c.present
            ]
            for combatant in foes + friends:
                self.target.addItem(combatant.name, combatant.id)
            for weapon in attacker.weapons:
                kind = f"ranged {weapon.range_increment_ft} ft" if weapon.ranged else "melee"
                self.weapon.addItem(f"{weapon.name} (level {weapon.level}, {kind})")
            if keep_target is not None and self.target.findData(keep_target) >= 0:
                self.target.setCurrentIndex(self.target.findData(keep_target))
            if 0 <= keep_weapon < self.weapon.count():
                self.weapon.setCurrentIndex(keep_weapon)
        for combo in (self.target, self.weapon):
            combo.blockSignals(False)
        self.setEnabled(
            attacker is not None and self.target.count() > 0 and self.weapon.count() > 0
        )
        self.from_map()
        self._timer.start()

    def from_map(self, *_args: object) -> None:
        """When both stand on the map, take the distance (R34) and the target's cover
        (R32) from it; the GM can still change either before rolling."""
        target = self.target.currentData()
        if self.attacker_id is None or target is None:
            return
        context = attack_context(self.controller.session, self.attacker_id, str(target))
        if context is None:
            return
        self.distance.setValue(max(context.distance_ft, self.distance.minimum()))
        self.cover.setCurrentIndex(context.cover)

    def _on_change(self, change: Change) -> None:
        if change.map:
            self.from_map()
        roster = change.added.get("combatants") or change.removed.get("combatants")
        listed = any(
            names & {"name", "team_id", "present", "weapons"}
            for names in change.fields.get("combatants", {}).values()
        )
        if roster or listed:
            self.refill()
        elif (
            change.touched("combatants")
            or change.touched("conditions")
            or change.combat
            or change.options
        ):
            self.schedule()

    def fiat(self) -> tuple[AdvantageSource, ...]:
        """The GM's own sources, if any (R3)."""
        if not (self.fiat_adv.value() or self.fiat_dis.value() or self.fiat_flat.value()):
            return ()
        return (
            AdvantageSource(
                "GM fiat",
                advantages=self.fiat_adv.value(),
                disadvantages=self.fiat_dis.value(),
                flat=self.fiat_flat.value(),
                kind="fiat",
            ),
        )

    def command(self) -> ResolveAttack | None:
        """The attack as set up, as a command."""
        from futurepath_desktop.session.commands import ResolveAttack

        if self.attacker_id is None or self.target.currentData() is None:
            return None
        mode = self.action.currentData()
        return ResolveAttack(
            self.attacker_id,
            str(self.target.currentData()),
            weapon_index=max(0, self.weapon.currentIndex()),
            distance_ft=self.distance.value(),
            cover=self.cover.currentIndex(),
            fiat=self.fiat(),
            bonus_attack=mode == "bonus",
            full_attack=mode == "full",
            use_extra_damage=mode == "extra",
            declare=not self.instant.isChecked(),
        )

    def recompute(self) -> None:
        """Plan the attack and show its sources and exact odds (icepool loads on first use,
        and not before the window has painted)."""
        if not self.ready:  # nothing is planned before the window has painted
            return
        command = self.command()
        self.plan = None
        if command is None:
            self._show([], "")
            return
        try:
            plan = command.plan(self.controller.session)
            tally = plan.setup.tally()
        except FuturePathError as error:
            self._show([], f"<span style='color:#d0453a'>Cannot attack: {error}</span>")
            self.roll.setEnabled(False)
            return
        self.plan = plan
        listed = [source.describe() for source in plan.setup.all_sources()]
        listed += [f"AC: {note}" for note in plan.notes]
        odds = _cached_odds(plan.setup)
        die = plan.setup.advantage_die
        if tally.net > 0:
            net = f"{tally.net} advantage ({tally.net} × {die} added)"
        elif tally.net < 0:
            net = f"{-tally.net} disadvantage ({-tally.net} × {die} subtracted)"
        else:
            net = "no Advantage Dice"
        warning = self._economy_warning(plan)
        self._show(
            listed or ["No sources: a plain roll"],
            f"<b>Hit {odds.outcomes.hit:.1%}</b> against AC {plan.setup.target_ac} · critical "
            f"{odds.outcomes.critical:.1%} · fumble {odds.outcomes.critical_failure:.1%}<br>"
            f"{net} · expected damage {odds.expected:.1f}{warning}",
        )
        self.roll.setEnabled(True)

    def _show(self, sources: list[str], odds: str) -> None:
        """Update the sources and odds only where they changed (no needless repaints)."""
        self.planned.emit()
        shown = [self.sources.item(i).text() for i in range(self.sources.count())]
        if shown != sources:
            self.sources.clear()
            self.sources.addItems(sources)
        if self.odds.text() != odds:
            self.odds.setText(odds)

    def _economy_warning(self, plan: AttackPlan) -> str:
        """R15-R17: say so when the attacker's turn has no room for this attack."""
        from futurepath_desktop.core.actions import action as action_spec
        from futurepath_desktop.core.actions import validate_turn

        session = self.controller.session
        if not session.combat.active or self.instant.isChecked():
            return ""
        if session.combat.acting_team != plan.attacker.team_id:
            # The same words whoever acts, so the form does not redraw on every turn.
            return (
                f"<br><span style='color:#d0453a'>It is not {plan.attacker.name}'s turn. "
                'Tick "out of turn" for a readied action.</span>'
            )
        declared = session.combat.turns.get(plan.attacker.id, ())
        try:
            turn = validate_turn(declared)
        except FuturePathError:
            return ""
        reason = turn.why_not(action_spec(plan.action), plan.target.id)
        return f"<br><span style='color:#d0453a'>{reason}</span>" if reason else ""

    def resolve(self) -> None:
        """Roll the attack as planned; the log gets the breakdown."""
        command = self.command()
        if command is None:
            return
        if self.controller.push(command):
            log = [e for e in self.controller.session.log if e.kind == "attack"]
            if log:
                self.result.setText(log[-1].text)
