"""What the turn actions ask before their command (R15-R18, reloading, a token taken off
the map, a grenade set off): the combatant is the current row of the Team Initiative
panel; what is missing is said in the status bar."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtWidgets import QDialog, QInputDialog

from futurepath_desktop.core.grid import Relation
from futurepath_desktop.session.commands.coup_de_grace import helpless
from futurepath_desktop.session.map_rules import relation
from futurepath_desktop.session.state import Combatant, Session
from futurepath_desktop.ui.dialogs import turn_dialogs
from futurepath_desktop.ui.dialogs.power_dialog import PowerDialog
from futurepath_desktop.ui.operations import attacks, turns
from futurepath_desktop.ui.operations import map as map_operations

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow

PICK_ONE = "Select the combatant in the Team Initiative panel first"


def current(window: MainWindow) -> Combatant | None:
    """The combatant of the panel's current row (a word in the status bar if none)."""
    ident = window.initiative.current_id()
    if ident is None:
        window.say(PICK_ONE)
        return None
    return window.controller.session.combatants[ident]


D = TypeVar("D", bound=QDialog)


def asked(window: MainWindow, make: Callable[[Combatant], D]) -> tuple[Combatant, D] | None:
    """The current combatant and its dialog, answered (None: no combatant, or cancelled)."""
    combatant = current(window)
    if combatant is None:
        return None
    dialog = make(combatant)
    return (combatant, dialog) if dialog.exec() == QDialog.DialogCode.Accepted else None


def declare_action(window: MainWindow) -> None:
    """R15-R17: put an action of the chapter's table into the combatant's turn."""
    session = window.controller.session
    answer = asked(window, lambda who: turn_dialogs.DeclareActionDialog(session, who, window))
    if answer is None:
        return
    who, dialog = answer
    action, target = dialog.chosen()
    if action == STABILIZE:  # the checked way (kit, ranks, the roll), not a bare word
        stabilize(window, target)
        return
    if action == COUP_DE_GRACE:  # struck there and then, with the attack form's weapon
        if target is None:
            window.say("A coup de grace needs a target: declare it at the helpless one")
            return
        set_up_attack(window, who, action, target)
        coup_de_grace(window, target)
        window.inspector.attack.leave()  # struck (or refused): the keys go back
        return
    if turns.declare(window.controller, who.id, action, target):
        from futurepath_desktop.session.attack_plan import ATTACK_ACTIONS

        if action in ATTACK_ACTIONS:  # declared to be rolled: the attack form, set up for it
            set_up_attack(window, who, action, target)


FORM_ACTIONS = {"Bonus Attack": "bonus", "Full Attack": "full", "Extra Damage Attack": "extra"}
"""The attack form's choice for each declared attack (the rest are a plain attack)."""
TECHNIQUES = {"Combat Technique": "full-round", "Class Attack Talent": "standard"}
"""The weapon kind a declared technique or talent is rolled with (R49)."""


def set_up_attack(window: MainWindow, who: Combatant, action: str, target: str | None) -> None:
    """Bring up the attack form on the declared attack: its target, its kind of attack and,
    for a technique, the weapon that is one; Enter then rolls it."""
    from futurepath_desktop.ui import keyboard

    window.initiative.select([who.id])
    form = window.inspector.attack
    if target is not None and form.target.findData(target) >= 0:
        form.target.setCurrentIndex(form.target.findData(target))
    form.action.setCurrentIndex(max(0, form.action.findData(FORM_ACTIONS.get(action, "plain"))))
    technique = TECHNIQUES.get(action)
    if technique is not None:
        kinds = [weapon.technique for weapon in who.weapons]
        if technique in kinds:
            form.weapon.setCurrentIndex(kinds.index(technique))
    keyboard.focus_attack(window)


def delay_or_ready(window: MainWindow) -> None:
    """R18: the combatant gives up its turn to act on a trigger."""
    answer = asked(window, lambda who: turn_dialogs.ReadyDialog(who, window))
    if answer is not None:
        who, dialog = answer
        turns.ready(window.controller, who.id, dialog.trigger.text(), dialog.action.text())


def trigger_readied(window: MainWindow) -> None:
    """R18: a readied action's trigger happened."""
    session = window.controller.session
    if not session.combat.readied:
        window.say("No one has readied an action (Delay or Ready, R)")
        return
    dialog = turn_dialogs.TriggerDialog(session, window)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return
    readied_id, racing = dialog.chosen()
    readied = next(r for r in session.combat.readied if r.id == readied_id)
    if turns.set_off(window.controller, readied_id, racing):
        # The readied action happens now, out of its turn: an attack is one key away.
        window.initiative.select([readied.combatant_id])
        window.inspector.attack.instant.setChecked(True)


def reload(window: MainWindow) -> None:
    """Fill the combatant's weapon with ammunition again (which one, if it has several)."""
    combatant = current(window)
    if combatant is None:
        return
    loaded = [(n, w) for n, w in enumerate(combatant.weapons) if w.ammo_max is not None]
    if not loaded:
        window.say(f"{combatant.name} has no weapon that takes ammunition")
        return
    index = loaded[0][0]
    if len(loaded) > 1:
        names = [f"{w.name} ({w.ammo} of {w.ammo_max})" for _, w in loaded]
        chosen, ok = QInputDialog.getItem(
            window, "Reload", f"Which of {combatant.name}'s weapons?", names, 0, False
        )
        if not ok:
            return
        index = loaded[names.index(chosen)][0]
    turns.reload(window.controller, combatant.id, index)


def remove_token(window: MainWindow) -> None:
    """Take the combatant's token off the map (it stays in the fight)."""
    combatant = current(window)
    if combatant is None:
        return
    if combatant.id not in window.controller.session.tokens:
        window.say(f"{combatant.name} has no token on the map")
        return
    map_operations.remove_token(window.controller, combatant.id)


def detonate(window: MainWindow) -> None:
    """Set a waiting grenade off now (R38: the GM's call); which one, if several wait."""
    session = window.controller.session
    waiting = list(session.grenades.values())
    if not waiting:
        window.say("No grenade is waiting on the map")
        return
    chosen = waiting[0]
    if len(waiting) > 1:
        names = [f"{g.damage} at {session.combatants[g.anchor_id].name}" for g in waiting]
        picked, ok = QInputDialog.getItem(window, "Detonate", "Which grenade?", names, 0, False)
        if not ok:
            return
        chosen = waiting[names.index(picked)]
    map_operations.detonate_grenade(window.controller, chosen.id)


COUP_DE_GRACE = "Coup de Grace"
"""The chapter's action that Declare Action strikes at once (R24)."""


def coup_de_grace(window: MainWindow, target: str | None = None) -> None:
    """R24: the inspector's attacker strikes its chosen target (``target``, when declared
    at one), helpless, with its weapon. Chosen at a helpless one (its row, its token), the
    helpless one is the target and the GM says who strikes."""
    session = window.controller.session
    chosen = session.combatants.get(window.inspector.attack.attacker_id or "")
    if target is None and chosen is not None and helpless(session, chosen):
        striker = who_strikes(window, chosen)
        if striker is not None:
            set_up_attack(window, striker, COUP_DE_GRACE, chosen.id)
            coup_de_grace(window, chosen.id)
            window.inspector.attack.leave()  # struck (or refused): the keys go back
        return
    planned = window.inspector.attack.command()
    if planned is None:
        window.say("Choose the attacker and the target in the inspector's Attack tab first")
        return
    if target is not None and planned.target_id != target:
        name = window.controller.session.combatants[target].name
        window.say(f"{name} is not one the attacker can strike: no coup de grace")
        return
    attacks.coup_de_grace(
        window.controller,
        planned.attacker_id,
        planned.target_id,
        planned.weapon_index,
        planned.distance_ft,
    )


def strikers(session: Session, target: Combatant) -> list[Combatant]:
    """Who could deliver a coup de grace to the helpless ``target``: everyone present who
    is neither down nor helpless; its enemies first, the acting team first among them."""
    rule = session.options.vitality
    acting = session.combat.acting_team
    found = [
        ((relation(session, other.id, target.id) != Relation.ENEMY, other.team_id != acting), other)
        for other in session.combatants.values()
        if other.id != target.id
        and other.present
        and not other.is_down(rule)
        and not helpless(session, other)
    ]
    return [other for _, other in sorted(found, key=lambda pair: pair[0])]


def who_strikes(window: MainWindow, target: Combatant) -> Combatant | None:
    """Ask the GM who strikes the helpless ``target`` (None: cancelled, or nobody can)."""
    able = strikers(window.controller.session, target)
    if not able:
        window.say(f"Nobody is fit to strike {target.name}: no coup de grace")
        return None
    names = [other.name for other in able]
    picked, ok = QInputDialog.getItem(
        window, COUP_DE_GRACE, f"Who strikes {target.name}?", names, 0, False
    )
    return able[names.index(picked)] if ok and picked in names else None


def use_power(window: MainWindow) -> None:
    """R39: the combatant uses a power; everyone inside its area is affected."""
    session = window.controller.session
    answer = asked(window, lambda who: PowerDialog(session, who, window))
    if answer is not None:
        who, dialog = answer
        turns.use_power(window.controller, who.id, dialog.name.text(), dialog.details())


STABILIZE = "Stabilize a Dying Character"
"""The chapter's action that Declare Action hands to the Stabilize dialog."""


def stabilize(window: MainWindow, patient: str | None = None) -> None:
    """R26: the combatant tends a dying one (``patient`` chosen first, if given), with a
    kit, Treat Injury ranks and a check."""
    session = window.controller.session
    if session.options.health_fatigue:
        window.say("Under Health and Fatigue nobody is dying: there is no one to stabilize")
        return
    if not any(c.hit_points().dying for c in session.combatants.values()):
        window.say("Nobody is dying: there is no one to stabilize")
        return
    medic = current(window)
    if medic is None:
        return
    if medic.is_down(session.options.vitality):
        window.say(f"{medic.name} is down: select the one who tends the dying")
        return

    def make(who: Combatant) -> turn_dialogs.StabilizeDialog:
        dialog = turn_dialogs.StabilizeDialog(session, who, window)
        if patient is not None and dialog.patient.findData(patient) >= 0:
            dialog.patient.setCurrentIndex(dialog.patient.findData(patient))
        return dialog

    answer = asked(window, make)
    if answer is not None:
        who, dialog = answer
        turns.stabilize(window.controller, who.id, *dialog.chosen())


def attack_object(window: MainWindow) -> None:
    """R25: the combatant strikes an object (the GM says what, and its Hardness now)."""
    answer = asked(window, lambda who: turn_dialogs.ObjectDialog(who, window))
    if answer is not None:
        who, dialog = answer
        dialog.hardness.interpretText()
        thing, hardness = dialog.thing.text(), dialog.hardness.value()
        attacks.attack_object(
            window.controller, who.id, thing, hardness, dialog.weapon.currentIndex()
        )
