"""Quick dialogs for a combatant's turn: declare an action of the chapter's table (R15-R17),
ready one against a trigger (R18), say which readied action's trigger happened, and strike
an object (R25)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QWidget,
)

from futurepath_desktop.core.actions import ACTIONS, ActionType
from futurepath_desktop.session.commands.object_attack import MAX_HARDNESS
from futurepath_desktop.session.state import Combatant, Session
from futurepath_desktop.session.wording import possessive, sentence
from futurepath_desktop.ui.dialogs import form, ok_cancel, ok_only_when, text_field
from futurepath_desktop.ui.widgets.number_box import NumberBox

KINDS = {
    ActionType.MOVE: "Standard (move)",
    ActionType.ATTACK: "Standard (attack)",
    ActionType.SIMPLE: "Simple",
    ActionType.FREE: "Free",
    ActionType.FULL_ROUND: "Full-round",
    ActionType.FIVE_FOOT_STEP: "Simple, ends the turn",
    ActionType.BONUS_ATTACK: "Simple, after an attack",
}
"""How the action list names each kind of action."""


def _others(session: Session, combatant: Combatant) -> list[Combatant]:
    return [c for c in session.combatants.values() if c.present and c.id != combatant.id]


def _first_enemy(session: Session, combatant: Combatant) -> str | None:
    from futurepath_desktop.session.targets import default_target, target_choices

    return default_target(target_choices(session, combatant.id))


class DeclareActionDialog(QDialog):
    """What the combatant does with part of its turn, and at whom."""

    def __init__(self, session: Session, combatant: Combatant, parent: QWidget | None = None):
        super().__init__(parent)
        layout = form(self, "declareDialog", "Declare an action", 360)
        layout.addRow(QLabel(f"{possessive(combatant.name)} turn"))
        self.action = QComboBox()
        self.action.setObjectName("declareAction")
        for spec in ACTIONS.values():
            if spec.type is not ActionType.DELAY:  # Delay or Ready… asks for its trigger
                self.action.addItem(f"{spec.name} · {KINDS[spec.type]}", spec.name)
        layout.addRow("Action", self.action)
        self.target = QComboBox()
        self.target.setObjectName("declareTarget")
        self.target.addItem("No one", None)
        for other in _others(session, combatant):
            self.target.addItem(other.name, other.id)
        layout.addRow("At", self.target)
        layout.addRow(ok_cancel(self, "Declare"))
        self._aimed_at = _first_enemy(session, combatant)
        self.action.currentIndexChanged.connect(self._aim)
        self._aim()
        self.action.setFocus()

    def _aim(self) -> None:
        """An attack (a coup de grace too) is aimed at the nearest enemy in the open unless
        the GM has picked someone; another action at no one."""
        from futurepath_desktop.session.attack_plan import ATTACK_ACTIONS

        attacking = self.action.currentData() in ATTACK_ACTIONS | {"Coup de Grace"}
        if attacking and self.target.currentData() is None and self._aimed_at is not None:
            self.target.setCurrentIndex(max(0, self.target.findData(self._aimed_at)))

    def chosen(self) -> tuple[str, str | None]:
        """The action's name and its target's id (None: no one)."""
        return str(self.action.currentData()), self.target.currentData()


class ReadyDialog(QDialog):
    """R18: what the combatant waits for, and what it will do then."""

    def __init__(self, combatant: Combatant, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = form(self, "readyDialog", "Delay or ready", 380)
        layout.addRow(QLabel(f"{combatant.name} gives up the turn to act when…"))
        self.trigger = text_field("readyTrigger", 2000, "e.g. a bear comes through the door")
        layout.addRow("Trigger", self.trigger)
        self.action = text_field("readyAction", 2000, "e.g. shoot it")
        layout.addRow("Then", self.action)
        self.buttons = ok_cancel(self, "Ready")
        layout.addRow(self.buttons)
        # The trigger is what matters: no readying without one.
        ok_only_when(self.buttons, self.trigger, lambda: bool(self.trigger.text().strip()))
        self.trigger.setFocus()


class TriggerDialog(QDialog):
    """R18: which readied action's trigger happened, and whether it races someone's rolled
    action (an opposed initiative check decides who goes first, R10)."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = form(self, "triggerDialog", "A trigger happened", 420)
        self.readied = QComboBox()
        self.readied.setObjectName("triggerReadied")
        for readied in session.combat.readied:
            who = session.combatants[readied.combatant_id].name
            self.readied.addItem(f"{who}: {readied.action} when {readied.trigger}", readied.id)
        layout.addRow("Readied", self.readied)
        self.racing = QComboBox()
        self.racing.setObjectName("triggerRacing")
        layout.addRow("Races", self.racing)
        layout.addRow(ok_cancel(self, "Set off"))
        self.session = session
        self.readied.currentIndexChanged.connect(self._fill_racing)
        self._fill_racing()
        self.readied.setFocus()

    def _fill_racing(self) -> None:
        """Anyone in the fight but the one who readied."""
        readied = next(
            (r for r in self.session.combat.readied if r.id == self.readied.currentData()), None
        )
        self.racing.clear()
        self.racing.addItem("No one: it goes off at once", None)
        for other in self.session.combatants.values():
            if other.present and (readied is None or other.id != readied.combatant_id):
                self.racing.addItem(f"{possessive(other.name)} action", other.id)

    def chosen(self) -> tuple[str, str | None]:
        """The readied action's id and who it races (None: no one)."""
        return str(self.readied.currentData()), self.racing.currentData()


class ObjectDialog(QDialog):
    """R25: what the combatant strikes, its Hardness now, and with which weapon."""

    def __init__(self, combatant: Combatant, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = form(self, "objectDialog", f"{combatant.name} strikes an object", 360)
        self.thing = text_field("objectName", 120, "e.g. the door")
        layout.addRow("Object", self.thing)
        self.hardness = NumberBox()
        self.hardness.setObjectName("objectHardness")
        self.hardness.setRange(0, MAX_HARDNESS)
        self.hardness.setValue(5)
        layout.addRow("Hardness", self.hardness)
        self.weapon = QComboBox()
        self.weapon.setObjectName("objectWeapon")
        for weapon in combatant.weapons:
            self.weapon.addItem(weapon.name)
        layout.addRow("With", self.weapon)
        self.buttons = ok_cancel(self, "Strike")
        layout.addRow(self.buttons)
        armed = self.weapon.count() > 0
        ok_only_when(self.buttons, self.thing, lambda: armed and bool(self.thing.text().strip()))
        self.thing.setFocus()


class StabilizeDialog(QDialog):
    """R26: whom the combatant tends, its kit and Treat Injury ranks, and the check."""

    def __init__(self, session: Session, medic: Combatant, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = form(self, "stabilizeDialog", f"{medic.name} stabilizes", 380)
        self.patient = QComboBox()
        self.patient.setObjectName("stabilizePatient")
        for other in session.combatants.values():
            if other.hit_points().dying:
                self.patient.addItem(f"{other.name} (HP {other.hp})", other.id)
        layout.addRow("Patient", self.patient)
        self.kit = QCheckBox("Has a field medical kit")
        self.kit.setObjectName("stabilizeKit")
        layout.addRow(self.kit)
        self.ranks = NumberBox()
        self.ranks.setObjectName("stabilizeRanks")
        self.ranks.setRange(0, 100)
        self.ranks.setToolTip("At least one rank is needed to try; the roll adds the bonus below")
        layout.addRow("Treat Injury ranks", self.ranks)
        self.bonus = NumberBox()
        self.bonus.setObjectName("stabilizeBonus")
        self.bonus.setToolTip("The Treat Injury skill's whole bonus, its ranks included")
        self.bonus.setRange(-100, 100)
        layout.addRow("Treat Injury bonus", self.bonus)  # the skill's total, ranks included
        self.dc = NumberBox()
        self.dc.setObjectName("stabilizeDc")
        self.dc.setRange(0, 100)
        self.dc.setValue(15)
        self.dc.setSpecialValueText("no roll: it works")
        layout.addRow("DC", self.dc)
        note = QLabel("Takes the whole turn. A success leaves the patient at 1 HP; CON lost stays.")
        note.setWordWrap(True)
        layout.addRow(note)
        # What stops it now (out of reach, the turn spent, no kit), said as it is filled in.
        self.refusal = QLabel()
        self.refusal.setObjectName("stabilizeRefusal")
        self.refusal.setWordWrap(True)
        layout.addRow(self.refusal)
        self.buttons = ok_cancel(self, "Stabilize")
        layout.addRow(self.buttons)
        self.session, self.medic_id = session, medic.id
        self.patient.currentIndexChanged.connect(self._check)
        self.kit.toggled.connect(self._check)
        for box in (self.ranks, self.bonus, self.dc):
            box.valueChanged.connect(self._check)
        self._check()
        self.patient.setFocus()

    def _check(self) -> None:
        from futurepath_desktop.session.commands import Stabilize
        from futurepath_desktop.session.wording import without_rulings
        from futurepath_desktop.ui.docks.attack_result import refused_html

        patient, kit, ranks, bonus, dc = self.chosen()
        why = (
            Stabilize(self.medic_id, patient, kit, ranks, bonus, dc).refusal(self.session)
            if self.patient.count()
            else "nobody is dying"
        )
        text = without_rulings(why) if why else ""
        self.refusal.setText(refused_html(sentence(text)) if text else "")
        self.refusal.setVisible(bool(text))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(why is None)

    def chosen(self) -> tuple[str, bool, int, int, int | None]:
        """(patient id, kit, ranks, bonus, DC or None when the GM rules it a success)."""
        return (
            str(self.patient.currentData()),
            self.kit.isChecked(),
            self.ranks.value(),
            self.bonus.value(),
            self.dc.value() or None,
        )
