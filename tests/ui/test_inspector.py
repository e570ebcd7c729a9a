"""The inspector's Stats and Weapons & Conditions tabs: made when first shown, filled from
the session, and every edit one undoable command."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidget, QPushButton, QSpinBox, QToolTip
from pytestqt.qtbot import QtBot

from futurepath_desktop.session.commands import AddCondition
from futurepath_desktop.ui.docks.weapons_editor import WeaponsList
from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.conftest import find


def brandons_weapon(window: MainWindow, row: int) -> WeaponsList:
    """The Weapons & Conditions tab on Brandon, with one of his weapons chosen."""
    window.initiative.select(["brandon"])
    window.inspector.tabs.setCurrentIndex(2)
    weapons = find(window.inspector, WeaponsList, "weaponsList")
    weapons.setCurrentRow(row)
    return weapons


def test_the_stats_tab_is_made_on_first_show_and_edits_are_undoable(
    qtbot: QtBot, window: MainWindow
) -> None:
    inspector = window.inspector
    combatant = inspector.combatant()
    assert combatant is not None
    assert inspector.findChild(QLineEdit, "inspectorName") is None  # not made at start
    inspector.tabs.setCurrentIndex(1)
    name = find(inspector, QLineEdit, "inspectorName")
    ac = find(inspector, QSpinBox, "inspector_ac")
    assert name.text() == combatant.name and ac.value() == combatant.ac
    ac.setValue(combatant.ac + 2)
    ac.editingFinished.emit()
    assert window.controller.session.combatants[combatant.id].ac == combatant.ac + 2
    window.controller.stack.undo()
    assert window.controller.session.combatants[combatant.id].ac == combatant.ac
    assert ac.value() == combatant.ac  # the field follows the undo


def test_a_lower_max_hp_brings_the_hp_down_with_it_in_one_step(window: MainWindow) -> None:
    """R26: HP cannot exceed the maximum. Max HP typed lower than the HP the bear has takes
    the HP down to it, one undoable step, rather than being refused."""
    session, stack = window.controller.session, window.controller.stack
    window.initiative.select(["bear-4"])
    window.inspector.tabs.setCurrentIndex(1)
    most = find(window.inspector, QSpinBox, "inspector_max_hp")
    bear = session.combatants["bear-4"]
    assert bear.hp == bear.max_hp == 16
    steps = stack.count()
    most.setValue(10)
    most.editingFinished.emit()
    assert (session.combatants["bear-4"].hp, session.combatants["bear-4"].max_hp) == (10, 10)
    assert stack.count() == steps + 1
    assert find(window.inspector, QSpinBox, "inspector_hp").value() == 10
    most.setValue(20)  # raised again: the HP stays where it is (no healing)
    most.editingFinished.emit()
    assert (session.combatants["bear-4"].hp, session.combatants["bear-4"].max_hp) == (10, 20)
    stack.undo()
    stack.undo()
    assert (session.combatants["bear-4"].hp, session.combatants["bear-4"].max_hp) == (16, 16)


def test_the_weapons_tab_shows_weapons_and_conditions_of_whoever_is_selected(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    inspector = window.inspector
    inspector.tabs.setCurrentIndex(2)
    weapons = find(inspector, WeaponsList, "weaponsList")
    name = find(inspector, QLineEdit, "weaponName")
    level = find(inspector, QSpinBox, "weapon_level")
    conditions = find(inspector, QListWidget, "inspectorConditions")
    checked = list(session.combatants.values())[:4]
    window.initiative.select([checked[0].id])
    # A condition put on while the tab is open shows at once.
    assert window.controller.push(AddCondition((checked[0].id, checked[2].id), "shaken", 2))
    assert conditions.count() == 1
    assert any(c.weapons for c in checked)
    for combatant in checked:
        window.initiative.select([combatant.id])
        assert inspector.combatant() == combatant  # the selection shows at once
        names = [weapons.text(row) for row in range(weapons.count())]
        assert [n.split(" (")[0] for n in names] == [w.name for w in combatant.weapons]
        if combatant.weapons:  # the first weapon's fields are shown
            assert name.text() == combatant.weapons[0].name
            assert level.value() == combatant.weapons[0].level
        held = [c.name for c in session.conditions_on(combatant.id)]
        shown = [line.text() for row in range(conditions.count()) if (line := conditions.item(row))]
        assert [text.split(",")[0] for text in shown] == held


def test_a_weapon_is_edited_field_by_field_each_edit_one_undoable_step(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    inspector = window.inspector
    weapons = brandons_weapon(window, 1)  # the combat knife
    knife = session.combatants["brandon"].weapons[1]
    level = find(inspector, QSpinBox, "weapon_level")
    assert level.value() == knife.level
    level.setValue(knife.level + 1)
    level.editingFinished.emit()
    assert session.combatants["brandon"].weapons[1].level == knife.level + 1
    assert session.combatants["brandon"].weapons[0].level != 0  # the pistol is untouched
    assert weapons.currentRow() == 1 and str(knife.level + 1) in weapons.text(1)
    ammo = find(inspector, QSpinBox, "weapon_ammo")
    assert ammo.text() == "none"  # a knife needs no ammunition
    window.controller.stack.undo()
    assert session.combatants["brandon"].weapons[1] == knife
    assert level.value() == knife.level  # the field follows the undo


def test_the_reach_box_reads_as_steps_past_the_first_5_ft(qtbot: QtBot, window: MainWindow) -> None:
    """R37: a melee weapon reaches 5 ft, and 5 ft more a Reach step. The box's caption reads
    "Reach +" (as "Accuracy +" and "Damage +" beside it), so 0 reads as nothing extra, not
    as no reach at all; its tip says so in feet."""
    brandons_weapon(window, 1)  # the combat knife
    reach = find(window.inspector, QSpinBox, "weapon_reach")
    captions = {label.buddy(): label.text() for label in window.inspector.findChildren(QLabel)}
    assert captions[reach] == "Reach +" and reach.value() == 0
    assert "5 ft" in reach.toolTip()


def test_weapons_are_added_and_removed_with_the_buttons(qtbot: QtBot, window: MainWindow) -> None:
    inspector = window.inspector
    combatant = inspector.combatant()
    assert combatant is not None
    inspector.tabs.setCurrentIndex(2)
    weapons = find(inspector, WeaponsList, "weaponsList")
    add = find(inspector, QPushButton, "inspectorAddWeapon")
    remove = find(inspector, QPushButton, "inspectorRemoveWeapon")
    qtbot.waitUntil(add.isVisible)
    before = len(combatant.weapons)
    qtbot.mouseClick(add, Qt.MouseButton.LeftButton)
    assert len(window.controller.session.combatants[combatant.id].weapons) == before + 1
    assert weapons.count() == before + 1
    assert weapons.currentRow() == before  # the new weapon is ready to fill in
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
    assert len(window.controller.session.combatants[combatant.id].weapons) == before
    window.controller.stack.undo()
    assert weapons.count() == before + 1


def test_the_header_follows_a_condition_ended_before_the_conditions_tab_was_opened(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The inspector's header lists the combatant's conditions; ending one (from the
    Condition Counters panel, or by undo) takes it off the header, whichever tab the
    inspector has shown so far."""
    from futurepath_desktop.session import commands as c

    inspector = window.inspector
    window.initiative.select(["bear-1"])
    assert inspector.combatant_id == "bear-1"
    assert "Stunned" not in inspector.summary.text()
    window.controller.push(c.AddCondition(("bear-1",), "stunned", 2))
    assert "Stunned" in inspector.summary.text()
    (held,) = window.controller.session.conditions_on("bear-1")
    window.controller.push(c.RemoveConditions((held.id,)))
    assert "Stunned" not in inspector.summary.text()
    window.controller.stack.undo()
    assert "Stunned" in inspector.summary.text()
    window.controller.stack.undo()
    assert "Stunned" not in inspector.summary.text()


def test_a_weapon_is_made_a_technique_from_the_weapons_tab(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R49: the Technique box says what using the weapon spends; the list line says so."""
    from PySide6.QtWidgets import QComboBox

    def technique() -> str:
        return window.controller.session.combatants["brandon"].weapons[0].technique

    weapons = brandons_weapon(window, 0)
    box = find(window.inspector, QComboBox, "weaponTechnique")
    assert box.currentData() == "no"
    box.setCurrentIndex(box.findData("standard"))
    box.activated.emit(box.currentIndex())
    assert technique() == "standard"
    assert "technique (Standard)" in weapons.text(0)
    window.controller.stack.undo()
    assert technique() == "no"
    assert box.currentData() == "no", "the box follows the undo"


def test_a_weapon_is_marked_ap_from_the_weapons_tab(qtbot: QtBot, window: MainWindow) -> None:
    """R32: the AP box makes a weapon armor-piercing (it may fire through full cover)."""
    from PySide6.QtWidgets import QCheckBox

    def ap() -> bool:
        return window.controller.session.combatants["brandon"].weapons[0].armor_piercing

    weapons = brandons_weapon(window, 0)
    box = find(window.inspector, QCheckBox, "weaponArmorPiercing")
    assert not box.isChecked() and not ap()
    box.click()
    assert ap() and ", AP" in weapons.text(0)
    window.controller.stack.undo()
    assert not ap() and not box.isChecked()


def test_a_refused_name_goes_back_and_esc_drops_what_was_typed(
    qtbot: QtBot, window: MainWindow
) -> None:
    """A rename refused (another has the name) says why at the field and puts the name back
    in it, chosen to be typed over, not left beside the old one in the header. Esc drops
    what was typed and leaves the field, so the next letter is a shortcut again."""
    from PySide6.QtWidgets import QApplication

    session = window.controller.session
    window.initiative.select(["bear-1"])
    window.inspector.tabs.setCurrentIndex(1)
    name = find(window.inspector, QLineEdit, "inspectorName")
    window.activateWindow()
    qtbot.waitUntil(lambda: window.isActiveWindow() and name.isVisible())
    name.setFocus()
    qtbot.waitUntil(name.hasFocus)
    name.selectAll()
    qtbot.keyClicks(name, "SPACE BEAR 2")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    said = window.statusBar().currentMessage()
    assert "already called SPACE BEAR 2" in said
    # Said at the field too, in a tip just under it, not only in the status bar far below.
    assert QToolTip.isVisible() and QToolTip.text().lower() in said.lower()
    assert "already called SPACE BEAR 2" in QToolTip.text()
    assert session.combatants["bear-1"].name == "Space Bear 1"
    assert name.text() == "Space Bear 1" and name.selectedText() == "Space Bear 1"
    qtbot.keyClicks(name, "Ursa")
    qtbot.keyClick(name, Qt.Key.Key_Escape)
    assert name.text() == "Space Bear 1"
    assert QApplication.focusWidget() is not name
    assert session.combatants["bear-1"].name == "Space Bear 1"


def test_the_hidden_box_shows_a_hidden_condition_too(qtbot: QtBot, window: MainWindow) -> None:
    """Two things hide a combatant from the players (R61): the Stats tab's Hidden box and
    the Hidden (or Invisible) condition. With the condition on, the box is ticked and shut,
    its tip saying why; once the condition ends, the box is the combatant's own again."""
    from PySide6.QtWidgets import QCheckBox

    from futurepath_desktop.session.commands import RemoveConditions

    session = window.controller.session
    window.initiative.select(["bear-4"])
    window.inspector.tabs.setCurrentIndex(1)
    box = next(b for b in window.inspector.findChildren(QCheckBox) if b.text() == "Hidden")
    assert not box.isChecked() and box.isEnabled()
    assert window.controller.push(AddCondition(("bear-4",), "hidden"))
    assert box.isChecked() and not box.isEnabled()
    assert "Hidden condition" in box.toolTip()
    (held,) = session.conditions_on("bear-4")
    assert window.controller.push(RemoveConditions((held.id,)))
    assert not box.isChecked() and box.isEnabled()


def test_with_nobody_inspected_no_ones_fields_show(qtbot: QtBot, window: MainWindow) -> None:
    """After New Session the inspector showed the last combatant's stats, greyed; it now
    shows no fields until someone is chosen, then theirs."""
    from PySide6.QtWidgets import QLabel

    from futurepath_desktop.session.demo import demo_session
    from futurepath_desktop.session.state import Session

    inspector = window.inspector
    window.initiative.select(["brandon"])
    inspector.tabs.setCurrentIndex(1)
    assert inspector.tabs.isVisible()
    window.controller.replace(Session(name="New session"), None)
    assert not inspector.tabs.isVisible()
    assert find(inspector, QLabel, "inspectorTitle").text() == "Select a combatant"
    window.controller.replace(demo_session(), None)
    window.initiative.select(["art"])
    qtbot.waitUntil(inspector.tabs.isVisible)
    assert find(inspector, QLineEdit, "inspectorName").text() == "Art"


def test_another_combatant_is_inspected_from_the_top(qtbot: QtBot, window: MainWindow) -> None:
    """A roll can leave the inspector scrolled down, its header (who this is) out of
    sight; choosing another combatant shows them from the top again."""
    from PySide6.QtWidgets import QScrollArea

    window.resize(1280, 600)  # short enough for the panel to scroll
    window.initiative.select(["brandon"])
    window.inspector.tabs.setCurrentIndex(1)
    scroll = window.inspector.findChild(QScrollArea)
    assert scroll is not None
    bar = scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    bar.setValue(bar.maximum())
    assert bar.value() > 0
    window.initiative.select(["james"])
    assert bar.value() == 0
    title = window.inspector.title
    assert title.visibleRegion().boundingRect().height() == title.height()  # in sight
    bar.setValue(bar.maximum())
    window.inspector.show_combatant("james")  # the same one again: left where it was
    assert bar.value() == bar.maximum()


def test_the_tabs_stay_put_from_one_combatant_to_the_next_in_a_fight(
    qtbot: QtBot, window: MainWindow
) -> None:
    """In a fight the header's turn line says what the turn has used and what is left: one
    line for some, two for others. Going down the list with the arrows, the tabs under it
    jumped up and down with it; the line now keeps room for two, empty for someone out of
    the fight (Katie, waiting)."""
    from PySide6.QtCore import QPoint

    from futurepath_desktop.core.rounds import Phase
    from futurepath_desktop.session import commands as c

    session = window.controller.session
    assert window.controller.push(c.StartCombat(unaware_ids=()))
    while session.combat.acting_team != "players" or session.combat.phase != Phase.ACTION:
        assert window.controller.push(c.NextTurn())
    assert window.controller.push(c.DeclareAction("james", "Move"))
    inspector = window.inspector
    tops, lines = set(), set()
    for ident in session.combatants:
        window.initiative.select([ident])
        qtbot.wait(10)
        lines.add(inspector.turn.text().count(" · ") > 1)
        tops.add(inspector.tabs.mapTo(inspector, QPoint(0, 0)).y())
    assert lines == {False, True}, "short and long turn lines both came up"
    assert len(tops) == 1, tops


def test_the_tabs_stay_put_when_a_summary_wraps(qtbot: QtBot, window: MainWindow) -> None:
    """A combatant with several conditions has a summary of two lines, the others one: the
    summary and the turn share their room, so the tabs under them do not move."""
    from PySide6.QtCore import QPoint

    from futurepath_desktop.session import commands as c

    session = window.controller.session
    assert window.controller.push(c.StartCombat(unaware_ids=()))
    for key in ("shaken", "stunned", "prone", "blinded", "deafened"):
        assert window.controller.push(c.AddCondition(("bear-2",), key))
    inspector = window.inspector
    line = inspector.summary.fontMetrics().lineSpacing()
    tops, wrapped = set(), set()
    for ident in session.combatants:
        window.initiative.select([ident])
        qtbot.wait(10)
        summary = inspector.summary
        wrapped.add(summary.heightForWidth(summary.width()) > 1.5 * line)
        tops.add(inspector.tabs.mapTo(inspector, QPoint(0, 0)).y())
    assert wrapped == {False, True}, "one-line and two-line summaries both came up"
    assert len(tops) == 1, tops


def test_a_summary_wraps_between_its_items_never_inside_one(
    qtbot: QtBot, window: MainWindow
) -> None:
    """ "Advantage Die / 1d2" and "Stunned / 1" on two lines read badly: a wrapped summary
    breaks only between items (after " · " or ", "), so each item stays whole."""
    import re

    from futurepath_desktop.session import commands as c

    for key in ("shaken", "stunned", "prone"):
        assert window.controller.push(c.AddCondition(("bear-2",), key, rounds=2))
    assert window.controller.push(c.Damage(("bear-2",), 3))
    window.initiative.select(["bear-2"])
    summary = window.inspector.summary.text()
    pieces = re.split(r" · |, | (?=\()", summary)
    assert len(pieces) >= 6 and all(" " not in piece for piece in pieces), pieces
    assert "Advantage\u00a0Die\u00a01d" in summary and "Stunned\u00a02" in summary
    window.inspector.resize(260, window.inspector.height())  # narrow: it wraps
    label = window.inspector.summary
    qtbot.waitUntil(lambda: label.heightForWidth(label.width()) > label.fontMetrics().height())


def test_a_refusal_leaves_the_status_bar_when_someone_else_is_chosen(
    qtbot: QtBot, window: MainWindow
) -> None:
    """ "Cannot roll: …" said of one combatant stayed nine seconds under the next one
    chosen, as if said of them. Choosing someone else takes a refusal away; other news
    stays its time."""
    from futurepath_desktop.session import commands as c

    assert window.controller.push(c.StartCombat(unaware_ids=("james",)))
    window.initiative.select(["james"])  # surprised: he cannot act in the surprise round
    form = window.inspector.attack
    qtbot.waitUntil(lambda: form.ready and not form._timer.isActive())
    form.resolve()
    assert window.statusBar().currentMessage().startswith("⚠ Cannot roll: James is surprised")
    window.initiative.select(["brandon"])
    assert window.statusBar().currentMessage() == ""
    window.say("Saved to the session file", 9000)
    window.initiative.select(["james"])
    assert window.statusBar().currentMessage() == "Saved to the session file"
