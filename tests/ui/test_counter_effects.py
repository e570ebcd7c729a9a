"""Counters that do something (R55) and the initiative option (R5, R40), through the window:
the GM puts the chapter's poison on a bear with the condition dialog (C), the Counters
panel says what it does, Next Turn ticks it, and End Combat resolves the rounds left (R14);
the Rule Options dialog switches initiative to the two ability scores; the attack form fires
an AP weapon through full cover (R32)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QRadioButton,
    QSpinBox,
)
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session import commands as c
from futurepath_desktop.session import store
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.ui.dialogs.condition_dialog import ConditionDialog
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.initiative_cells import INIT
from futurepath_desktop.ui.turn_words import initiative_words
from tests.ui.conftest import answer_dialog, find


def press(qtbot: QtBot, window: MainWindow, text: str) -> None:
    window.activateWindow()  # a closed dialog may leave no window active without a WM
    qtbot.waitUntil(window.isActiveWindow)
    window.initiative.view.setFocus()
    qtbot.keyClick(window.initiative.view, text)


def poison(qtbot: QtBot, dice: str = "1d4") -> object:
    """A handler that fills the condition dialog with the chapter's poison."""

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, ConditionDialog)
        qtbot.keyClicks(find(dialog, QLineEdit, "conditionName"), "Poison")
        find(dialog, QSpinBox, "conditionRounds").setValue(4)
        qtbot.keyClicks(find(dialog, QLineEdit, "conditionDamage"), dice)
        to = find(dialog, QComboBox, "conditionDamageTo")
        to.setCurrentIndex(to.findText("to CON"))
        save = find(dialog, QComboBox, "conditionSave")
        save.setCurrentIndex(save.findText("CON check"))
        dc = find(dialog, QSpinBox, "conditionDc")
        assert dc.isEnabled(), "a DC is asked for once there is a check"
        dc.setValue(14)
        buttons = dialog.findChild(QDialogButtonBox)
        assert buttons is not None
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        if ok.isEnabled():
            dialog.accept()
        else:
            fill.refused = True  # type: ignore[attr-defined]
            dialog.reject()

    return fill


def test_the_chapters_poison_is_put_on_ticked_and_resolved_from_the_window(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    window.controller.push(c.StartCombat(unaware_ids=()))
    while session.combat.acting_team != "players":
        window.controller.push(c.NextTurn())
    window.initiative.select(["bear-2"])
    answer_dialog(qtbot, poison(qtbot))  # type: ignore[arg-type]
    press(qtbot, window, "c")
    (held,) = session.conditions_on("bear-2")
    assert held.recurring is not None
    assert (held.recurring.dice, held.recurring.to, held.recurring.save) == (
        "1d4",
        "constitution",
        "constitution",
    )
    assert held.recurring.dc == 14 and held.remaining == 4
    note = window.counters_model.index(0, 4).data()
    assert note.startswith("1d4 CON damage each round, CON check DC 14 avoids it"), note
    # Next Turn to the Counters phase: one tick, logged with its check.
    while session.combat.phase != Phase.COUNTERS:
        press(qtbot, window, "n")
    assert session.conditions[held.id].remaining == 3
    ticks = [e for e in session.log if e.kind == "damage" and "Poison" in e.text]
    assert len(ticks) == 1 and "CON check" in ticks[0].text

    # End Combat asks, naming what the poison would do, and Yes rolls the 3 rounds left.
    asked: list[str] = []

    def yes(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox)
        asked.append(dialog.text())
        # Buttons that say what they do, each with its letter.
        words = {b.text() for b in dialog.buttons()}
        assert {"&Resolve Now", "&Leave Them"} <= words
        dialog.button(QMessageBox.StandardButton.Yes).click()

    answer_dialog(qtbot, yes)
    window.actions_by_name["actionEndCombat"].trigger()
    assert "Poison, 3 rounds left (1d4 CON damage each round" in asked[0]
    ticks = [e for e in session.log if e.kind == "damage" and "Poison" in e.text]
    assert len(ticks) == 4 and not session.conditions_on("bear-2")
    text = store.encode(session)
    assert store.encode(store.decode(text)) == text, "what the window made reopens"
    window.controller.stack.undo()
    assert session.conditions[held.id].remaining == 3, "End Combat is one undoable step"


def test_damage_that_is_not_dice_cannot_be_entered(qtbot: QtBot, window: MainWindow) -> None:
    session = window.controller.session
    window.initiative.select(["bear-1"])
    handler = poison(qtbot, dice="1d4 CON")
    answer_dialog(qtbot, handler)  # type: ignore[arg-type]
    press(qtbot, window, "c")
    qtbot.waitUntil(lambda: getattr(handler, "refused", False))
    assert session.conditions_on("bear-1") == []


def test_the_dialog_says_what_is_wrong_with_the_damage(qtbot: QtBot, window: MainWindow) -> None:
    """Damage that is not dice is said under the fields, in the dice reader's words (a
    typo, or more dice than a roll throws), not only by a greyed OK; mended, the line goes
    and OK works."""
    seen: dict[str, tuple[object, ...]] = {}

    def typed(dialog: QDialog) -> None:
        qtbot.keyClicks(find(dialog, QLineEdit, "conditionName"), "Poison")
        damage = find(dialog, QLineEdit, "conditionDamage")
        line = find(dialog, QLabel, "conditionProblem")
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)  # type: ignore[union-attr]
        qtbot.keyClicks(damage, "999d999")
        seen["many"] = (line.isVisible(), line.text(), ok.isEnabled())
        damage.clear()
        qtbot.keyClicks(damage, "1d4+d")
        seen["bad"] = (line.isVisible(), line.text(), ok.isEnabled())
        qtbot.keyClick(damage, Qt.Key.Key_Backspace)
        qtbot.keyClick(damage, Qt.Key.Key_Backspace)
        # Dice now, but a condition of one's own has no default rounds to count them by.
        seen["uncounted"] = (line.isVisible(), line.text(), ok.isEnabled())
        find(dialog, QSpinBox, "conditionRounds").setValue(4)
        seen["mended"] = (line.isVisible(), ok.isEnabled())
        dialog.reject()

    window.initiative.select(["bear-1"])
    answer_dialog(qtbot, typed)
    press(qtbot, window, "c")
    qtbot.waitUntil(lambda: "mended" in seen)
    visible, text, ok = seen["many"]  # dice, but more than one roll throws: said so
    assert visible and not ok and "999 dice is more than the 500" in str(text)
    visible, text, ok = seen["bad"]
    assert visible and not ok
    assert "needs a number of sides after 'd'" in str(text) and "like 1d4" in str(text)
    visible, text, ok = seen["uncounted"]
    assert visible and not ok and "needs a counter" in str(text)
    assert seen["mended"] == (False, True)


def test_a_condition_with_damage_of_its_own_takes_no_more(qtbot: QtBot, window: MainWindow) -> None:
    """Bleeding deals its own 1d4 each turn (R29): the dialog says so in the damage field
    and shuts it, so the GM cannot have it dealt twice; the command refuses it too."""
    from futurepath_desktop.session.records import Recurring

    seen: dict[str, object] = {}

    def bleeding(dialog: QDialog) -> None:
        qtbot.keyClicks(find(dialog, QLineEdit, "conditionName"), "Bleeding")
        damage = find(dialog, QLineEdit, "conditionDamage")
        seen["shut"] = (damage.isEnabled(), damage.placeholderText())
        name = find(dialog, QLineEdit, "conditionName")
        name.setText("Poison")
        seen["open"] = damage.isEnabled()
        name.setText("Bleeding")
        dialog.accept()

    window.initiative.select(["bear-1"])
    answer_dialog(qtbot, bleeding)
    press(qtbot, window, "c")
    session = window.controller.session
    qtbot.waitUntil(lambda: bool(session.conditions_on("bear-1")))
    assert seen["shut"] == (False, "its own 1d4")
    assert seen["open"] is True
    (held,) = session.conditions_on("bear-1")
    assert held.key == "bleeding" and held.recurring is None
    steps = window.controller.stack.count()
    twice = c.AddCondition(("bear-2",), "bleeding", rounds=3, recurring=Recurring("1d4"))
    assert not window.controller.push(twice)
    assert window.controller.stack.count() == steps
    assert "deals its own 1d4 damage each turn" in window.statusBar().currentMessage()


def test_a_condition_without_a_name_cannot_be_added(qtbot: QtBot, window: MainWindow) -> None:
    """OK waits for the condition's name: pressed with none, it would add nothing and
    close the dialog without a word. Enter in the empty name does nothing either."""
    session = window.controller.session
    window.initiative.select(["bear-1"])
    seen: dict[str, bool] = {}

    def empty(dialog: QDialog) -> None:
        assert isinstance(dialog, ConditionDialog)
        buttons = dialog.findChild(QDialogButtonBox)
        assert buttons is not None
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        seen["empty"] = ok.isEnabled()
        seen["says why"] = bool(ok.toolTip())
        name = find(dialog, QLineEdit, "conditionName")
        qtbot.keyClick(name, Qt.Key.Key_Return)
        seen["open after Enter"] = dialog.isVisible()
        qtbot.keyClicks(name, "Shaken")
        seen["named"] = ok.isEnabled()
        dialog.reject()

    answer_dialog(qtbot, empty)
    press(qtbot, window, "c")
    qtbot.waitUntil(lambda: "named" in seen)
    assert seen == {"empty": False, "says why": True, "open after Enter": True, "named": True}
    assert session.conditions_on("bear-1") == []


def test_rule_options_switch_initiative_to_the_ability_scores(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R5 by default: Brandon's DEX 16 and WIS 13 give +3 +1, with MISC 1 → 5. The option:
    16 + 13 + 1 = 30. The panel and the inspector follow; undo puts the modifiers back."""
    session = window.controller.session
    cell = window.initiative_model.index_of("brandon", INIT)
    assert cell.data() == "5"

    def scores(dialog: QDialog) -> None:
        find(dialog, QRadioButton, "initiative-scores").click()
        dialog.accept()

    answer_dialog(qtbot, scores)
    window.actions_by_name["actionRuleOptions"].trigger()
    assert session.options.initiative == "scores"
    assert window.initiative_model.index_of("brandon", INIT).data() == "30"
    window.initiative.select(["brandon"])
    # As the GM reads them: a summary's items are kept whole by no-break spaces.
    words = [w.text().replace("\u00a0", " ") for w in window.inspector.findChildren(QLabel)]
    assert "initiative 30" in " ".join(words), words
    window.controller.push(c.StartCombat(unaware_ids=()))
    assert session.teams["players"].initiative == 28  # (30 + 26 + 27) / 3, rounded up
    window.controller.stack.undo()
    window.controller.stack.undo()
    assert window.controller.session.options.initiative == "modifiers"
    assert window.initiative_model.index_of("brandon", INIT).data() == "5"


def test_the_inspector_says_how_an_initiative_score_is_made() -> None:
    brandon = demo_session().combatants["brandon"]  # DEX 16, WIS 13, MISC 1
    assert initiative_words(brandon, "modifiers") == "+5 (DEX mod +3 + WIS mod +1 + MISC +1)"
    assert initiative_words(brandon, "scores") == "+30 (DEX 16 + WIS 13 + MISC 1)"


def test_the_attack_form_fires_through_full_cover_with_an_ap_weapon(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R32: "Full cover" refuses; "Full cover, fire through (AP)" plans the shot with its
    one disadvantage, and Roll attack logs the d10 that decides whether it gets through."""
    import msgspec

    session = window.controller.session
    rifle = msgspec.structs.replace(session.combatants["art"].weapons[0], armor_piercing=True)
    assert window.controller.push(c.EditCombatant("art", {"weapons": (rifle,)}))
    window.initiative.select(["art"])
    form = window.inspector.attack
    qtbot.waitUntil(lambda: form.attacker_id == "art")
    form.target.setCurrentIndex(form.target.findData("bear-1"))
    form.cover.setCurrentIndex(3)
    form.recompute()
    assert form.plan is None
    form.cover.setCurrentIndex(form.cover.findText("Full cover, fire through (AP)"))
    form.recompute()
    plan = window.inspector.attack.plan  # read again: the recompute set it
    assert plan is not None
    names = [s.name for s in plan.setup.sources]
    assert "Firing through full cover" in names
    form.roll.click()
    assert any("full cover: d10" in e.text for e in session.log)


def test_end_combat_names_a_waiting_grenade_and_resolving_sets_it_off(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R14, R38 from the window: End Combat's question lists a grenade still waiting, and
    Resolve Now sets it off before the fight ends; it does not wait for the next one."""
    from futurepath_desktop.session import commands as c
    from tests.helpers import ScriptedRandom

    session = window.controller.session
    assert window.controller.push(c.StartCombat(unaware_ids=()))
    while session.combat.phase != Phase.ACTION:
        assert window.controller.push(c.NextTurn())
    assert window.controller.push(c.PlaceToken("brandon", 8, 4))
    session.rng = ScriptedRandom([5, 5, 3, 3, 3, 2, 2, 2])  # on target; then the blast
    assert window.controller.push(c.ThrowGrenade("brandon", 14, 4, damage="3d6", radius_ft=5))
    asked: list[str] = []

    def resolve(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox)
        asked.append(dialog.text())
        dialog.button(QMessageBox.StandardButton.Yes).click()

    answer_dialog(qtbot, resolve)
    window.actions_by_name["actionEndCombat"].trigger()
    assert "a grenade at " in asked[0] and "thrown by Brandon: goes off if resolved" in asked[0]
    assert not session.grenades and not session.combat.active
    assert any(e.text.startswith("The grenade explodes") for e in session.log)
