"""AttackForm: set up an attack, see every (dis)advantage source and the exact odds before
rolling, then resolve it with the full breakdown and apply the damage in one step."""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QWidget,
)

from futurepath_desktop.core.advantage import AdvantageSource
from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session.change import Change
from futurepath_desktop.session.map_rules import attack_context
from futurepath_desktop.session.targets import default_target, target_choices, token_distance_ft
from futurepath_desktop.session.wording import sentence, without_rulings
from futurepath_desktop.ui.docks.attack_result import (
    ACTIONS,
    COVERS,
    FULL,
    AttackResult,
    into_sight,
    plan_words,
    refused_html,
)
from futurepath_desktop.ui.docks.attack_targets import TargetListing
from futurepath_desktop.ui.undo import SessionController
from futurepath_desktop.ui.widgets.fitted_text import FittedLabel, WrappingList
from futurepath_desktop.ui.widgets.number_box import NumberBox

if TYPE_CHECKING:
    from futurepath_desktop.session.attack_plan import AttackPlan
    from futurepath_desktop.session.commands import ResolveAttack


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
        self.why_not = ""  # why the Roll button is greyed, if it is
        self.plan: AttackPlan | None = None
        self._came_from: QWidget | None = None  # where Escape takes the keyboard back to
        self._rolling = False
        self._refused: list[str] = []
        self._listing = TargetListing()  # what the target list was made from
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.target = QComboBox()
        self.target.setObjectName("attackTarget")
        self.target.setPlaceholderText("Choose a target")
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
        self.distance = NumberBox.within(0, 5000)
        self.distance.setObjectName("attackDistance")
        self.distance.setSingleStep(5)
        self.distance.setValue(5)
        self.distance.setSuffix(" ft")
        self.distance.setSpecialValueText("off map")
        row.addWidget(self.distance)
        self.cover = QComboBox()
        self.cover.setObjectName("attackCover")
        self.cover.addItems(list(COVERS))
        row.addWidget(self.cover)
        form.addRow("Range", row)
        fiat = QHBoxLayout()
        self.fiat_adv = NumberBox.within(0, 3)
        self.fiat_adv.setPrefix("+")
        self.fiat_adv.setSuffix(" adv")
        self.fiat_dis = NumberBox.within(0, 3)
        self.fiat_dis.setPrefix("−")
        self.fiat_dis.setSuffix(" dis")
        self.fiat_flat = NumberBox.within(-20, 20)
        self.fiat_flat.setSuffix(" flat")
        for box in (self.fiat_adv, self.fiat_dis, self.fiat_flat):
            fiat.addWidget(box)
        form.addRow("GM fiat", fiat)
        # R18: a readied action's instant attack does not spend this turn's actions.
        self.instant = QCheckBox("Out of turn (a readied attack)")
        self.instant.setObjectName("attackInstant")
        self.instant.setToolTip("A readied action's instant attack, made out of turn")
        self.instant.toggled.connect(self.schedule)
        form.addRow(self.instant)
        # Long sources ("Range 55 ft (2 increments of 30 ft): 1 disadvantage") wrap.
        self.sources = WrappingList(3, 6)
        self.sources.setObjectName("attackSources")
        form.addRow("Sources", self.sources)
        # The odds and the turn's warning keep their height while they change (no relayout
        # on every edit) unless they need more lines than they have.
        self.odds = FittedLabel(3)
        self.odds.setObjectName("attackOdds")
        self.odds.setTextFormat(Qt.TextFormat.RichText)
        form.addRow(self.odds)
        self.roll = QPushButton("Roll attack")
        self.roll.setObjectName("rollAttackButton")
        self.roll.setToolTip("Roll the attack as set up (Enter in the form)")
        self.chart = QPushButton("Chart the odds")
        self.chart.setObjectName("attackChartButton")
        # Enter on a focused button presses that button; anywhere else in the form it rolls.
        self.roll.setAutoDefault(True)
        self.chart.setAutoDefault(True)
        self.chart.setToolTip("Show the outcome distribution and hit chance by AC")
        self.chart.clicked.connect(self.chartRequested.emit)
        buttons = QHBoxLayout()
        buttons.addWidget(self.roll, 1)
        buttons.addWidget(self.chart)
        form.addRow(buttons)
        self.result = AttackResult(controller, self._choice)
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
        controller.failed.connect(self._heard_refusal)

    def set_ready(self) -> None:
        """The window has painted: from now on the odds are worked out, the first time at
        once (charts made straight after show this plan, not a hint to set one up)."""
        self.ready = True
        self.recompute()
        self.result.follow_choice()

    def schedule(self, *_: object) -> None:
        """Recompute once the current burst of edits is over."""
        self._timer.start(0)
        self.result.follow_choice()

    def set_attacker(self, combatant_id: str | None) -> None:
        """Set up the form for the inspected combatant: a new attacker starts on its
        nearest enemy in the open and its first weapon, with no GM fiat (the GM gave it to
        the last attacker's attack, not to whoever is chosen next)."""
        fresh = combatant_id != self.attacker_id
        self.attacker_id = combatant_id
        if fresh:  # a readied attack, and GM fiat (R3), are one attacker's
            self.instant.setChecked(False)
            for box in (self.fiat_adv, self.fiat_dis, self.fiat_flat):
                box.setValue(0)
        self.refill(keep=not fresh)

    def take_focus(self, came_from: QWidget | None = None) -> bool:
        """Put the keyboard in the form (Enter rolls, Escape goes back to ``came_from``);
        False when there is nothing to attack with."""
        if not self.isEnabled():
            return False
        if came_from is not None and not self.isAncestorOf(came_from):
            self._came_from = came_from
        self.target.setFocus(Qt.FocusReason.ShortcutFocusReason)
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter in any field rolls, as a dialog's default button would; Escape leaves."""
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()
            self.resolve()
        elif key == Qt.Key.Key_Escape:
            event.accept()
            self.leave()
        else:
            super().keyPressEvent(event)

    def leave(self) -> None:
        """Give the keyboard back to where it was before the form took it."""
        back = self._came_from
        self._came_from = None
        if back is not None and shiboken6.isValid(back) and back.isVisible():
            back.setFocus(Qt.FocusReason.ShortcutFocusReason)
            return
        focused = self.focusWidget()
        if focused is not None:
            focused.clearFocus()

    def refill(self, *, keep: bool = True) -> None:
        """Refill the target and weapon lists, keeping the choices where they still exist
        (``keep`` False: the attacker changed, start again from the defaults)."""
        session = self.controller.session
        attacker = session.combatants.get(self.attacker_id or "")
        keep_target = self.target.currentData() if keep else None
        keep_weapon = self.weapon.currentIndex() if keep else 0
        for combo in (self.target, self.weapon):
            combo.blockSignals(True)
            combo.clear()
        self._listing.clear()
        if attacker is not None:
            choices = target_choices(session, attacker.id)
            self._listing.take(attacker, choices)
            for choice in choices:
                hidden = "" if choice.seen else " (hidden)"
                self.target.addItem(f"{choice.combatant.name}{hidden}", choice.combatant.id)
            for weapon in attacker.weapons:
                kind = f"ranged {weapon.range_increment_ft} ft" if weapon.ranged else "melee"
                self.weapon.addItem(f"{weapon.name} (level {weapon.level}, {kind})")
            chosen = keep_target if keep_target is not None else default_target(choices)
            # No enemy in the open: no target until the GM picks one (never a friend).
            self.target.setCurrentIndex(self.target.findData(chosen) if chosen else -1)
            if 0 <= keep_weapon < self.weapon.count():
                self.weapon.setCurrentIndex(keep_weapon)
        for combo in (self.target, self.weapon):
            combo.blockSignals(False)
        armed = attacker is not None and self.target.count() > 0 and self.weapon.count() > 0
        self.setEnabled(armed)
        if self.target.currentData() != keep_target:  # a distance the GM typed stays
            self.from_map()
        self._timer.start()
        self.result.follow_choice()

    def from_map(self, *_args: object) -> None:
        """When both stand on the map, take the distance (R34, between the tokens' nearest
        squares, R53) and the target's cover (R32) from it; the GM can still change either
        before rolling."""
        target = self.target.currentData()
        if self.attacker_id is None or target is None:
            return
        session = self.controller.session
        context = attack_context(session, self.attacker_id, str(target))
        distance = token_distance_ft(session, self.attacker_id, str(target))
        if context is None or distance is None:
            if session.map is not None:  # one of them is off it: the GM types the range
                self.distance.setValue(self.distance.minimum())
            return
        self.distance.setValue(max(distance, 5))
        self.cover.setCurrentIndex(context.cover)

    def _on_change(self, change: Change) -> None:
        if change.map:
            self.from_map()
        # The list and its "(hidden)" marks follow who is listed and how.
        if self._listing.changed_by(self.controller.session, change, self.attacker_id):
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
            cover=min(self.cover.currentIndex(), FULL),
            fiat=self.fiat(),
            bonus_attack=mode == "bonus",
            full_attack=mode == "full",
            use_extra_damage=mode == "extra",
            declare=not self.instant.isChecked(),
            through_cover=self.cover.currentIndex() > FULL,
            weak_barrier=self.cover.currentIndex() == FULL + 2,
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
        if command.distance_ft == 0:  # "off map": a range left over would mislead
            off = [n for i, n in self._names() if i not in self.controller.session.tokens]
            words = f"{' and '.join(off)} {'is' if len(off) == 1 else 'are'} not on the map"
            self.why_not = f"type the range: {words}" if off else "type the range"
            self._show([], refused_html(sentence(self.why_not)))
            self.roll.setEnabled(False)
            return
        try:
            plan = command.plan(self.controller.session)
            tally = plan.setup.tally()
        except FuturePathError as error:
            self.why_not = without_rulings(str(error))
            self._show([], refused_html(f"Cannot attack: {self.why_not}"))
            self.roll.setEnabled(False)
            return
        self.plan = plan
        from futurepath_desktop.session.attack_plan import turn_warning

        reason = turn_warning(self.controller.session, plan, out_of_turn=self.instant.isChecked())
        self._show(*plan_words(plan, tally.net, reason))
        # A turn with no room for it: the roll would only be refused (the odds still show).
        self.roll.setEnabled(not reason)
        self.why_not = without_rulings(reason) if reason else ""
        self.roll.setToolTip(self.why_not)

    def _show(self, sources: list[str], odds: str) -> None:
        """Update the sources and odds only where they changed (no needless repaints)."""
        self.planned.emit()
        self.sources.set_lines(sources)
        self.odds.show_text(odds)

    def resolve(self) -> None:
        """Roll the attack as planned; the log gets the breakdown. A refusal is shown here,
        where the GM tried it, as well as in the status bar."""
        command = self.command()
        if command is None:
            self.result.show_outcome("Choose a target first", refused=True)
            return
        self._settle()  # a field changed an instant ago: its odds first
        if self.ready and not self.roll.isEnabled():  # Enter in a field, the button greyed
            # Why is said under the odds already: brought into sight, not said twice.
            if self.result.refused:
                self.result.clear()
            into_sight(self.odds)
            self.controller.failed.emit(f"Cannot roll: {self.why_not}")  # the status bar too
            return
        self._rolling, self._refused = True, []
        try:
            from futurepath_desktop.ui.operations import attacks  # loaded at the first roll

            done = attacks.resolve_attack(self.controller, command)
        finally:
            self._rolling = False
        if not done:
            why = self._refused[-1] if self._refused else "the attack was refused"
            self.result.show_outcome(f"Cannot roll: {why}", refused=True)
            return
        log = [e for e in self.controller.session.log if e.kind == "attack"]
        self._settle()  # the odds after the roll (a spent turn's warning) above its outcome
        self.result.show_outcome(log[-1].text if log else "")
        self.instant.setChecked(False)  # the readied attack is spent (R18)
        self.leave()  # rolled: the next letter is a shortcut again, not a search of a list

    def _settle(self) -> None:
        """Work out the odds now if a change waits to have them worked out."""
        if self._timer.isActive():
            self._timer.stop()
            self.recompute()

    def _heard_refusal(self, message: str) -> None:
        if self._rolling:
            self._refused.append(message)

    def _names(self) -> list[tuple[str, str]]:
        combatants = self.controller.session.combatants
        ids = [i for i in (self.attacker_id, self.target.currentData()) if i in combatants]
        return [(str(i), combatants[str(i)].name) for i in ids]

    def _choice(self) -> tuple[object, ...]:  # the attack as set up: a result is for one
        boxes = (self.distance, self.fiat_adv, self.fiat_dis, self.fiat_flat)
        combos = (self.weapon, self.action, self.cover)
        held = tuple(b.value() for b in boxes) + tuple(c.currentIndex() for c in combos)
        return (self.attacker_id, self.target.currentData(), *held)
