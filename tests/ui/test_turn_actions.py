"""A combatant's turn from the window (R15-R18): declaring actions of the chapter's table,
readying one against a trigger and setting it off, and reloading; each by its key, its
dialog answered as a GM would."""

from __future__ import annotations

import msgspec
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLineEdit,
    QPushButton,
)
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.initiative_cells import TURN
from futurepath_desktop.ui.operations import combat, roster
from tests.ui.conftest import answer_dialog, find
from tests.ui.test_team_actions import reopens, said


def players_act(window: MainWindow) -> None:
    """Combat started, on to the players' turn in the Action phase."""
    assert combat.start_combat(window.controller, ())
    while window.controller.session.combat.acting_team is None:
        assert combat.next_turn(window.controller)
    assert window.controller.session.combat.acting_team == "players"


def choose(combo: QComboBox, data: object) -> None:
    """Pick the entry that stands for ``data`` (None: the first, "No one")."""
    at = 0 if data is None else combo.findData(data)
    assert at >= 0, f"{data!r} is not offered"
    combo.setCurrentIndex(at)


def ok_button(dialog: QDialog) -> QPushButton:
    """A dialog's OK button (which it may hold back until the input will do)."""
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    return buttons.button(QDialogButtonBox.StandardButton.Ok)


def press(qtbot: QtBot, window: MainWindow, key: Qt.Key, shift: bool = False) -> None:
    """A key on the Team Initiative panel, once the window has the keyboard back from the
    last dialog (a shortcut reaches the active window only)."""
    window.activateWindow()  # a closed dialog may leave no window active without a WM
    qtbot.waitUntil(window.isActiveWindow)
    window.initiative.view.setFocus()
    modifier = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    qtbot.keyClick(window.initiative.view, key, modifier)


def test_actions_are_declared_into_the_turn_and_a_third_standard_is_refused(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R15: one Standard, one Simple and one Free action a turn; the panel's This turn
    column shows them, and a second Standard action is refused with a message."""
    players_act(window)
    session = window.controller.session
    window.initiative.select(["brandon"])

    def declare(action: str, target: str | None) -> None:
        def answer(dialog: QDialog) -> None:
            choose(find(dialog, QComboBox, "declareAction"), action)
            choose(find(dialog, QComboBox, "declareTarget"), target)
            dialog.accept()

        answer_dialog(qtbot, answer)
        press(qtbot, window, Qt.Key.Key_A, shift=True)

    declare("Draw/Holster Weapon", None)
    qtbot.waitUntil(lambda: session.combat.turns.get("brandon") == (("Draw/Holster Weapon", None),))
    declare("Attack (Ranged)", "bear-1")
    qtbot.waitUntil(lambda: len(session.combat.turns.get("brandon", ())) == 2)
    assert session.combat.turns["brandon"][1] == ("Attack (Ranged)", "bear-1")
    shown = window.initiative_model.index_of("brandon", TURN).data()
    assert shown and shown != "?", shown
    steps = window.controller.stack.count()
    declare("Move", None)
    qtbot.waitUntil(lambda: "Standard action" in said(window))
    assert len(session.combat.turns["brandon"]) == 2, "no second Standard action"
    assert window.controller.stack.count() == steps
    reopens(window)


def test_a_readied_action_waits_for_its_trigger_and_races_a_bear(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R18: R readies (the dialog will not take a blank trigger); Shift+R sets it off, and
    racing a bear's action rolls opposed initiative checks (R10) into the log."""
    players_act(window)
    session = window.controller.session
    window.initiative.select(["james"])
    blank_refused: list[bool] = []

    def ready(dialog: QDialog) -> None:
        ok = ok_button(dialog)
        blank_refused.append(not ok.isEnabled())
        find(dialog, QLineEdit, "readyTrigger").setText("a bear comes through the door")
        find(dialog, QLineEdit, "readyAction").setText("shoot it")
        assert ok.isEnabled()
        dialog.accept()

    answer_dialog(qtbot, ready)
    press(qtbot, window, Qt.Key.Key_R)
    qtbot.waitUntil(lambda: bool(session.combat.readied))
    assert blank_refused == [True]
    (readied,) = session.combat.readied
    assert (readied.combatant_id, readied.action) == ("james", "shoot it")
    assert window.initiative_model.index_of("james", TURN).data()
    assert combat.next_turn(window.controller)  # the players' turn ends; James still waits
    assert "james" in session.combat.acted
    assert window.initiative_model.index_of("james", TURN).data() == "readied"
    window.initiative.select(["brandon"])

    def trigger(dialog: QDialog) -> None:
        racing = find(dialog, QComboBox, "triggerRacing")
        assert racing.findData("james") < 0, "no one races themselves"
        choose(racing, "bear-1")
        dialog.accept()

    entries = len(session.log)
    answer_dialog(qtbot, trigger)
    press(qtbot, window, Qt.Key.Key_R, shift=True)
    qtbot.waitUntil(lambda: not session.combat.readied)
    assert len(session.log) > entries and "races" in session.log[-1].text
    assert session.log[-1].rolls, "the opposed checks are in the log"
    # James acts now, out of his turn: the inspector is his, its attack set for that.
    inspected = window.inspector.combatant()
    assert inspected is not None and inspected.id == "james"
    assert window.inspector.attack.instant.isChecked()
    reopens(window)
    press(qtbot, window, Qt.Key.Key_R, shift=True)
    assert "No one has readied" in said(window)


def test_reload_fills_the_weapon_and_uses_the_turn(window: MainWindow) -> None:
    players_act(window)
    session = window.controller.session
    brandon = session.combatants["brandon"]
    pistol = msgspec.structs.replace(brandon.weapons[0], ammo=3)
    assert roster.edit_combatant(
        window.controller, "brandon", {"weapons": (pistol, *brandon.weapons[1:])}
    )
    window.initiative.select(["brandon"])
    window.actions_by_name["actionReload"].trigger()
    weapon = session.combatants["brandon"].weapons[0]
    assert weapon.ammo == weapon.ammo_max == 12
    assert ("Reload", None) in session.combat.turns["brandon"]
    window.initiative.select(["bear-1"])
    window.actions_by_name["actionReload"].trigger()
    assert "no weapon that takes ammunition" in said(window)


def test_turn_actions_wait_for_combat_and_for_a_combatant(window: MainWindow) -> None:
    for name in ("actionDeclareAction", "actionDelayReady", "actionTriggerReadied"):
        assert not window.actions_by_name[name].isEnabled(), f"{name} before combat"
    players_act(window)
    window.initiative.view.selectionModel().clear()
    window.initiative.view.setCurrentIndex(window.initiative_model.index(-1, 0))
    window.actions_by_name["actionDeclareAction"].trigger()
    assert "Select the combatant" in said(window)


def test_a_token_comes_off_the_map_and_its_combatant_stays(window: MainWindow) -> None:
    session = window.controller.session
    window.initiative.select(["bear-4"])
    window.actions_by_name["actionRemoveToken"].trigger()
    assert "bear-4" not in session.tokens and "bear-4" in session.combatants
    assert "bear-4" not in window.map.scene.tokens, "the map shows it gone"
    reopens(window)
    window.actions_by_name["actionRemoveToken"].trigger()
    assert "has no token on the map" in said(window)
    window.controller.stack.undo()
    assert "bear-4" in session.tokens


def test_the_gm_sets_a_waiting_grenade_off(window: MainWindow) -> None:
    """R38: a thrown grenade waits for its target's turn; Detonate sets it off now."""
    from futurepath_desktop.ui.operations import map as map_operations

    players_act(window)
    session = window.controller.session
    window.actions_by_name["actionDetonate"].trigger()
    assert "No grenade is waiting" in said(window)
    art = session.tokens["art"]
    square = (art.x + 4, art.y)  # 20 ft off, within Art's throw (R38)
    assert map_operations.throw_grenade(window.controller, "art", square)
    assert len(session.grenades) == 1
    entries = len(session.log)
    window.actions_by_name["actionDetonate"].trigger()
    assert not session.grenades, "it went off"
    assert len(session.log) > entries
    reopens(window)


def test_two_bears_fall_through_the_floor_by_key(qtbot: QtBot, window: MainWindow) -> None:
    """R33 from the window: F, the height, Enter; both fall in one step and land prone."""
    from PySide6.QtWidgets import QCheckBox, QSpinBox

    session = window.controller.session
    window.initiative.select(["bear-1", "bear-2"])
    hp = {b: session.combatants[b].hp for b in ("bear-1", "bear-2")}
    steps = window.controller.stack.count()

    def answer(dialog: QDialog) -> None:
        find(dialog, QSpinBox, "fallFeet").setValue(35)
        assert not find(dialog, QCheckBox, "fallSoft").isChecked()
        dialog.accept()

    answer_dialog(qtbot, answer)
    press(qtbot, window, Qt.Key.Key_F)
    qtbot.waitUntil(lambda: window.controller.stack.count() == steps + 1)
    for bear, was in hp.items():
        assert session.combatants[bear].hp < was
        assert any(h.key == "prone" for h in session.conditions_on(bear))
    assert window.controller.stack.undoText() == "2 combatants fall 35 ft"
    reopens(window)

    def soft(dialog: QDialog) -> None:
        find(dialog, QSpinBox, "fallFeet").setValue(15)
        find(dialog, QCheckBox, "fallSoft").setChecked(True)
        dialog.accept()

    window.initiative.select(["art"])
    art = session.combatants["art"].hp
    answer_dialog(qtbot, soft)
    press(qtbot, window, Qt.Key.Key_F)
    qtbot.waitUntil(lambda: window.controller.stack.count() == steps + 2)
    assert session.combatants["art"].hp == art, "15 ft onto soft ground: half of 1d6 is none"
    assert "no damage" in session.log[-1].text


def test_a_coup_de_grace_on_the_target_the_inspector_chose(window: MainWindow) -> None:
    """R24 from the window: refused (and said why) while the bear can defend itself; once
    it is paralyzed, a critical hit and a CON save in the log."""
    from futurepath_desktop.ui.operations import conditions

    players_act(window)
    session = window.controller.session
    window.inspector.show_combatant("brandon")
    window.initiative.select(["brandon"])
    choose(find(window.inspector.attack, QComboBox, "attackTarget"), "bear-1")
    steps = window.controller.stack.count()
    window.actions_by_name["actionCoupDeGrace"].trigger()
    assert "not helpless" in said(window)
    assert window.controller.stack.count() == steps
    assert conditions.add_condition(window.controller, ["bear-1"], "paralyzed", None)
    hp = session.combatants["bear-1"].hp
    window.actions_by_name["actionCoupDeGrace"].trigger()
    assert any("delivers a coup de grace to Space Bear 1" in e.text for e in session.log[-4:])
    bear = session.combatants["bear-1"]
    assert bear.hp < hp
    assert ("Coup de Grace", "bear-1") in session.combat.turns["brandon"]
    reopens(window)


def test_a_coup_de_grace_chosen_at_the_helpless_one_asks_who_strikes(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R24 from the right-click menu of a paralyzed bear's token: the bear is the target
    (it cannot strike, being helpless), the GM says who strikes, and that one does."""
    from PySide6.QtCore import QPoint, QTimer
    from PySide6.QtWidgets import QInputDialog, QMenu

    from futurepath_desktop.ui.operations import conditions

    players_act(window)
    session = window.controller.session
    assert conditions.add_condition(window.controller, ["bear-1"], "paralyzed", None)
    hp = session.combatants["bear-1"].hp
    offered: list[str] = []

    def answer(dialog: QDialog) -> None:
        assert isinstance(dialog, QInputDialog)
        assert "Space Bear 1" in dialog.labelText()
        offered.extend(dialog.comboBoxItems())
        dialog.setTextValue("Brandon")
        dialog.accept()

    def pick_from_menu() -> None:
        popup = QApplication.activePopupWidget()
        if not isinstance(popup, QMenu):
            QTimer.singleShot(10, pick_from_menu)
            return
        entry = next(a for a in popup.actions() if a.objectName() == "actionCoupDeGrace")
        answer_dialog(qtbot, answer)
        popup.close()
        entry.trigger()

    steps = window.controller.stack.count()
    QTimer.singleShot(0, pick_from_menu)
    window.map.view.tokenMenuRequested.emit("bear-1", QPoint(300, 300))
    qtbot.waitUntil(lambda: window.controller.stack.count() == steps + 1)
    assert offered[0] in ("Brandon", "Katie", "James"), "the bear's enemies come first"
    assert not any(name.startswith("Space Bear 1") for name in offered)
    assert any("Brandon delivers a coup de grace to Space Bear 1" in e.text for e in session.log)
    assert session.combatants["bear-1"].hp < hp
    assert ("Coup de Grace", "bear-1") in session.combat.turns["brandon"]
    reopens(window)


def test_declaring_a_coup_de_grace_strikes_the_target_declared(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Declare Action ▸ Coup de Grace strikes the helpless one it is declared at, whoever
    the attack form had chosen, and is refused without a target; not a bare word."""
    from futurepath_desktop.ui.operations import conditions

    players_act(window)
    session = window.controller.session
    assert conditions.add_condition(window.controller, ["bear-2"], "paralyzed", None)
    window.inspector.show_combatant("brandon")
    window.initiative.select(["brandon"])
    choose(find(window.inspector.attack, QComboBox, "attackTarget"), "bear-1")

    def declare_at(target: str | None) -> None:
        def answer(dialog: QDialog) -> None:
            choose(find(dialog, QComboBox, "declareAction"), "Coup de Grace")
            choose(find(dialog, QComboBox, "declareTarget"), target)
            dialog.accept()

        answer_dialog(qtbot, answer)
        press(qtbot, window, Qt.Key.Key_A, shift=True)

    steps = window.controller.stack.count()
    declare_at(None)
    qtbot.waitUntil(lambda: "needs a target" in said(window))
    assert window.controller.stack.count() == steps
    hp = {b: session.combatants[b].hp for b in ("bear-1", "bear-2")}
    declare_at("bear-2")
    qtbot.waitUntil(lambda: window.controller.stack.count() == steps + 1)
    assert any("delivers a coup de grace to Space Bear 2" in e.text for e in session.log[-4:])
    assert session.combatants["bear-2"].hp < hp["bear-2"]
    assert session.combatants["bear-1"].hp == hp["bear-1"]
    assert session.combat.turns["brandon"] == (("Coup de Grace", "bear-2"),)
    assert QApplication.focusWidget() is window.initiative.view, "the keys go back"
    reopens(window)


def test_art_strikes_the_door_from_the_window(qtbot: QtBot, window: MainWindow) -> None:
    """R25 from the window: the dialog will not strike a nameless object; the log says
    what the blow left of the door's Hardness."""
    from PySide6.QtWidgets import QSpinBox

    session = window.controller.session
    window.initiative.select(["art"])
    nameless: list[bool] = []

    def answer(dialog: QDialog) -> None:
        nameless.append(not ok_button(dialog).isEnabled())
        find(dialog, QLineEdit, "objectName").setText("the door")
        find(dialog, QSpinBox, "objectHardness").setValue(1000)
        dialog.accept()

    answer_dialog(qtbot, answer)
    window.actions_by_name["actionAttackObject"].trigger()
    assert nameless == [True]
    assert "strikes the door" in session.log[-1].text
    assert "Hardness 1000 →" in session.log[-1].text
    reopens(window)


def test_ammunition_typed_in_the_weapons_editor_is_a_load_reload_fills(window: MainWindow) -> None:
    """A weapon given ammunition in the inspector can be reloaded: the count typed is its
    full load (the demo's rifle has none set)."""
    session = window.controller.session
    assert session.combatants["art"].weapons[0].ammo is None
    window.initiative.select(["art"])
    window.inspector.tabs.setCurrentIndex(2)  # Weapons & Conditions: its editor is made
    editor = window.inspector.weapons
    editor.list.setCurrentRow(0)
    editor.numbers["ammo"].setValue(2)
    editor.numbers["ammo"].editingFinished.emit()
    rifle = session.combatants["art"].weapons[0]
    assert (rifle.ammo, rifle.ammo_max) == (2, 2)
    window.initiative.select(["art"])
    window.actions_by_name["actionReload"].trigger()
    assert "Art reloads" in session.log[-1].text
    reopens(window)


def test_a_dying_combatant_is_stabilized_from_the_combat_menu(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R26: Combat ▸ Stabilize… asks whom, the kit, the Treat Injury ranks and the check; a
    medic without a kit is told so, one with a kit and a sure check leaves Art at 1 HP."""
    from PySide6.QtWidgets import QCheckBox, QLabel, QSpinBox

    from futurepath_desktop.session import commands as c

    session = window.controller.session
    assert window.controller.push(c.Damage(("art",), session.combatants["art"].hp + 2))
    assert session.combatants["art"].hit_points().dying
    x, y = session.tokens["art"].square
    assert window.controller.push(c.PlaceToken("james", x + 1, y))  # within 5 ft of him
    window.initiative.select(["james"])

    seen: list[str] = []

    def without_kit(dialog: QDialog) -> None:
        choose(find(dialog, QComboBox, "stabilizePatient"), "art")
        find(dialog, QSpinBox, "stabilizeRanks").setValue(2)
        seen.append(find(dialog, QLabel, "stabilizeRefusal").text())
        assert not ok_button(dialog).isEnabled(), "the dialog says no before it is sent"
        dialog.reject()

    answer_dialog(qtbot, without_kit)
    window.actions_by_name["actionStabilize"].trigger()
    assert session.combatants["art"].hp == -2
    assert "needs a field medical kit" in seen[-1]
    # Too far away to reach him: said at once, before anything is filled in.
    window.controller.push(c.MoveToken("james", x + 4, y))

    def too_far(dialog: QDialog) -> None:
        choose(find(dialog, QComboBox, "stabilizePatient"), "art")
        seen.append(find(dialog, QLabel, "stabilizeRefusal").text())
        assert not ok_button(dialog).isEnabled()
        dialog.reject()

    answer_dialog(qtbot, too_far)
    window.actions_by_name["actionStabilize"].trigger()
    assert "a medic works within 5 ft" in seen[-1] and "(R" not in seen[-1]
    window.controller.push(c.MoveToken("james", x + 1, y))

    def with_kit(dialog: QDialog) -> None:
        find(dialog, QCheckBox, "stabilizeKit").setChecked(True)
        find(dialog, QSpinBox, "stabilizeRanks").setValue(1)
        find(dialog, QSpinBox, "stabilizeBonus").setValue(100)
        dialog.accept()

    answer_dialog(qtbot, with_kit)
    window.actions_by_name["actionStabilize"].trigger()
    assert session.combatants["art"].hp == 1
    reopens(window)
    window.controller.stack.undo()
    assert session.combatants["art"].hp == -2


def test_a_power_is_used_from_the_combat_menu_on_everyone_in_its_area(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R39: Shift+P asks for the power; a 10 ft burst centred on Space Bear 1's square,
    within James's 60 ft, stuns everyone inside for a round, and the area shows on the
    map while it lasts."""
    from PySide6.QtWidgets import QSpinBox

    from futurepath_desktop.session.map_rules import inside_template, square_name
    from futurepath_desktop.ui.dialogs.power_dialog import PowerDialog

    session = window.controller.session
    window.initiative.select(["james"])
    centre = session.tokens["bear-1"].square

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, PowerDialog)
        qtbot.keyClicks(find(dialog, QLineEdit, "powerName"), "Static Field")
        find(dialog, QSpinBox, "powerRange").setValue(60)
        choose(find(dialog, QComboBox, "powerShape"), "burst")
        find(dialog, QSpinBox, "powerSize").setValue(10)
        square = find(dialog, QLineEdit, "powerSquare")
        square.clear()
        qtbot.keyClicks(square, square_name(centre))
        find(dialog, QSpinBox, "powerRounds").setValue(1)
        assert ok_button(dialog).isEnabled()
        dialog.accept()

    answer_dialog(qtbot, fill)
    press(qtbot, window, Qt.Key.Key_P, shift=True)
    (area,) = [t for t in session.templates.values() if t.label == "Static Field"]
    inside = inside_template(session, area)
    assert "bear-1" in inside
    for ident in inside:
        assert [h.name for h in session.conditions_on(ident)] == ["Static Field"]
    reopens(window)
    window.controller.stack.undo()
    assert not session.templates and not session.conditions


def test_the_power_dialog_says_what_keeps_use_waiting_and_whom_it_takes(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R39 in the dialog: a centre off the map, dice that do not read, and a ranged power
    with no area and no target each say why Use waits; without a range an area is on its
    user (the square is shut) and, with no area, the power is its user's alone."""
    from PySide6.QtWidgets import QLabel, QSpinBox

    from futurepath_desktop.ui.dialogs.power_dialog import PowerDialog

    session = window.controller.session
    dialog = PowerDialog(session, session.combatants["bear-1"], window)
    qtbot.addWidget(dialog)
    dialog.show()
    problem, use = find(dialog, QLabel, "powerProblem"), ok_button(dialog)
    target = find(dialog, QComboBox, "powerTarget")

    def said() -> str:
        return problem.text() if problem.isVisible() else ""

    assert "Name the power" in said() and not use.isEnabled()
    qtbot.keyClicks(find(dialog, QLineEdit, "powerName"), "Roar")
    assert said() == "" and use.isEnabled()
    assert target.itemText(0) == "Space Bear 1 alone"  # no range, no area: the user's own
    qtbot.keyClicks(find(dialog, QLineEdit, "powerDamage"), "2d6+zz")
    assert said().startswith("Damage: ") and "like 3d6" in said() and not use.isEnabled()
    find(dialog, QLineEdit, "powerDamage").setText("2d6")
    find(dialog, QSpinBox, "powerRange").setValue(30)
    assert "needs its target" in said() and target.itemText(0) == "Choose its target"
    choose(find(dialog, QComboBox, "powerShape"), "burst")
    square = find(dialog, QLineEdit, "powerSquare")
    assert square.isEnabled() and target.itemText(0) == "Everyone in the area"
    square.setText("ZZ99")
    grid = session.map
    assert grid is not None
    assert f"ZZ99 is off the {grid.width}×{grid.height} map" in said() and not use.isEnabled()
    find(dialog, QSpinBox, "powerRange").setValue(-5)  # no range: the area is on its user
    assert not square.isEnabled() and said() == "" and use.isEnabled()
    dialog.reject()


def test_a_declared_attack_comes_up_in_the_attack_form_and_enter_rolls_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R15: Shift+A, Combat Technique at Space Bear 1; the attack form comes up on that
    bear with the technique, Enter rolls it, and the turn holds the one action it is."""
    from PySide6.QtWidgets import QApplication

    players_act(window)
    session = window.controller.session
    window.initiative.select(["james"])

    def answer(dialog: QDialog) -> None:
        choose(find(dialog, QComboBox, "declareAction"), "Combat Technique")
        choose(find(dialog, QComboBox, "declareTarget"), "bear-1")
        dialog.accept()

    answer_dialog(qtbot, answer)
    press(qtbot, window, Qt.Key.Key_A, shift=True)
    form = window.inspector.attack
    qtbot.waitUntil(lambda: session.combat.to_roll.get("james") is not None)
    assert form.target.currentData() == "bear-1"
    technique = [w.technique for w in session.combatants["james"].weapons].index("full-round")
    assert form.weapon.currentIndex() == technique
    qtbot.waitUntil(lambda: not form._timer.isActive())
    assert "turn has ended" not in form.odds.text(), "the declared action is this roll"
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    focused = QApplication.focusWidget()
    assert focused is not None and form.isAncestorOf(focused), "the keys are in the form"
    attacks = len([e for e in session.log if e.kind == "attack"])
    qtbot.keyClick(focused, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len([e for e in session.log if e.kind == "attack"]) > attacks)
    assert [name for name, _ in session.combat.turns["james"]] == ["Combat Technique"]
    assert "james" not in session.combat.to_roll
    assert "Cannot roll" not in form.result.text()


def test_declaring_an_attack_aims_it_at_the_nearest_enemy_in_the_open(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The Declare dialog's 'At' starts on the enemy the attack form would (R56's sides,
    the nearest in the open); other actions start at no one."""
    from futurepath_desktop.session.targets import default_target, target_choices
    from futurepath_desktop.ui.dialogs.turn_dialogs import DeclareActionDialog

    players_act(window)
    session = window.controller.session
    dialog = DeclareActionDialog(session, session.combatants["art"], window)
    qtbot.addWidget(dialog)
    action = find(dialog, QComboBox, "declareAction")
    target = find(dialog, QComboBox, "declareTarget")
    choose(action, "Speak")
    assert target.currentData() is None
    choose(action, "Attack (Ranged)")
    expected = default_target(target_choices(session, "art"))
    assert (
        expected is not None
        and session.teams[session.combatants[expected].team_id].side == "enemies"
    )
    assert target.currentData() == expected
    choose(target, "james")  # the GM's pick stays
    choose(action, "Full Attack")
    assert target.currentData() == "james"


def test_declaring_stabilize_opens_the_stabilize_dialog_on_that_patient(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Declare Action ▸ Stabilize a Dying Character is the checked Stabilize (kit, ranks,
    reach, the roll), on the target chosen, not a word in the turn that does nothing."""
    from PySide6.QtWidgets import QLabel

    from futurepath_desktop.session import commands as c

    session = window.controller.session
    players_act(window)
    assert window.controller.push(c.Damage(("art",), session.combatants["art"].hp + 2))
    x, y = session.tokens["art"].square
    assert window.controller.push(c.PlaceToken("james", x + 1, y))
    window.initiative.select(["james"])
    seen: list[tuple[object, str]] = []

    def in_stabilize(dialog: QDialog) -> None:
        patient = find(dialog, QComboBox, "stabilizePatient")
        seen.append((patient.currentData(), find(dialog, QLabel, "stabilizeRefusal").text()))
        dialog.reject()

    def declare(dialog: QDialog) -> None:
        choose(find(dialog, QComboBox, "declareAction"), "Stabilize a Dying Character")
        choose(find(dialog, QComboBox, "declareTarget"), "art")
        answer_dialog(qtbot, in_stabilize)
        dialog.accept()

    answer_dialog(qtbot, declare)
    window.actions_by_name["actionDeclareAction"].trigger()
    assert seen and seen[0][0] == "art"
    assert "needs a field medical kit" in seen[0][1]
    assert session.combat.turns.get("james", ()) == (), "nothing declared by the word alone"
    assert session.combatants["art"].hp < 0


def test_the_end_of_a_turn_names_who_could_have_acted_and_did_not(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Next Turn asks nothing: when a team's turn ends, the status bar names its members
    who could have acted and did not (not the one who acted, not one surprised in the
    surprise round, not one waiting outside the fight), so a forgotten player is noticed
    while Undo can still take the turn back."""
    from futurepath_desktop.session import commands as c

    session = window.controller.session
    assert window.controller.push(c.StartCombat(unaware_ids=("james",)))  # a surprise round
    assert session.combat.surprise_round and session.combat.acting_team == "players"
    assert window.controller.push(c.DeclareAction("brandon", "Move"))
    window.actions_by_name["actionNextTurn"].trigger()
    assert window.statusBar().currentMessage() == "Players' turn is over: Art did not act"
    window.actions_by_name["actionUndo"].trigger()
    assert window.statusBar().currentMessage().startswith("Undone: ")
    assert window.controller.push(c.DeclareAction("art", "Move"))
    window.actions_by_name["actionNextTurn"].trigger()  # everyone who could act, acted
    assert "did not act" not in window.statusBar().currentMessage()
    window.actions_by_name["actionNextTurn"].trigger()  # the four bears do nothing
    said = window.statusBar().currentMessage()
    assert said == (
        "Space Bears' turn is over: Space Bear 1, Space Bear 2, Space Bear 3 and "
        "Space Bear 4 did not act"
    )
    window.actions_by_name["actionNextTurn"].trigger()  # round 1 begins: old news goes
    assert "did not act" not in window.statusBar().currentMessage()


def test_a_crowd_that_did_not_act_is_counted_past_the_first_three(
    qtbot: QtBot, window: MainWindow
) -> None:
    import msgspec

    from futurepath_desktop.session import commands as c

    session = window.controller.session
    bear = session.combatants["bear-1"]
    for n in range(2):
        cub = msgspec.structs.replace(bear, id=f"cub-{n}", name=f"Bear cub {n + 1}", portrait="")
        assert window.controller.push(c.AddCombatant(cub))
    assert window.controller.push(c.StartCombat(unaware_ids=()))
    while session.combat.acting_team != "bears":
        window.actions_by_name["actionNextTurn"].trigger()
    window.actions_by_name["actionNextTurn"].trigger()
    assert window.statusBar().currentMessage() == (
        "Space Bears' turn is over: Space Bear 1, Space Bear 2, Space Bear 3 and 3 more did not act"
    )
