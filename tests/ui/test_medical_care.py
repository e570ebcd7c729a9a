"""The Medical Officer's form on the bridge: in the Response phase (R41) it heals a crew
member of the session, ends one of their conditions, or both, as one undoable step."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QSpinBox
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.dialogs.medical_dialog import MedicalDialog
from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.bridge_steps import start_space
from tests.ui.conftest import answer_dialog, find
from tests.ui.test_team_actions import reopens


def test_the_medical_officer_heals_and_ends_a_condition_in_one_step(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    push = window.controller.push
    assert push(c.Damage(("art",), 6, "a falling crate"))
    assert push(c.AddCondition(("art",), "shaken", 3, source="the crate"))
    bridge = start_space(qtbot, window)
    bridge.select_ship("wayfarer")
    assert not bridge.heal_button.isEnabled(), "the Medical Officer acts in the Response phase"
    assert push(c.NextSpacePhase()) and push(c.NextSpacePhase())
    assert bridge.heal_button.isEnabled()
    bridge.patient.setCurrentIndex(bridge.patient.findData("art"))
    hurt = session.combatants["art"].hp
    shaken = next(h for h in session.conditions.values() if h.bearer_id == "art")
    steps = window.controller.stack.count()

    def treat(dialog: QDialog) -> None:
        assert isinstance(dialog, MedicalDialog)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        find(dialog, QSpinBox, "medicalHeal").setValue(0)
        assert not ok.isEnabled(), "nothing to do yet"
        conditions = find(dialog, QComboBox, "medicalCondition")
        conditions.setCurrentIndex(conditions.findData(shaken.id))
        assert ok.isEnabled()
        find(dialog, QSpinBox, "medicalHeal").setValue(4)
        ok.click()

    answer_dialog(qtbot, treat)
    qtbot.mouseClick(bridge.heal_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.stack.count() == steps + 1)
    assert session.combatants["art"].hp == hurt + 4
    assert shaken.id not in session.conditions
    assert "Art is no longer Shaken" in bridge.crew.feedback.full
    reopens(window)
    window.controller.stack.undo()
    assert session.combatants["art"].hp == hurt and shaken.id in session.conditions
