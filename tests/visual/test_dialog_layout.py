"""The quick dialogs of the team, turn and rule actions, drawn offscreen in both themes at
the size they open at: no text is cut (tests/visual/measure.py measures each label, button,
box and field against the room Qt gives it), each fits a 1280×800 screen, and the team
dialog's colour button shows the team's colour."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QDialog, QPushButton
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import run
from futurepath_desktop.session.state import Session
from futurepath_desktop.ui import theme
from futurepath_desktop.ui.dialogs.fall_dialog import FallDialog
from futurepath_desktop.ui.dialogs.medical_dialog import MedicalDialog
from futurepath_desktop.ui.dialogs.power_dialog import PowerDialog
from futurepath_desktop.ui.dialogs.ship_dialog import ShipDialog
from futurepath_desktop.ui.dialogs.swarm_dialog import SwarmDialog
from futurepath_desktop.ui.dialogs.team_dialogs import (
    InitiativeDialog,
    RuleOptionsDialog,
    TeamDialog,
)
from futurepath_desktop.ui.dialogs.turn_dialogs import (
    DeclareActionDialog,
    ObjectDialog,
    ReadyDialog,
    StabilizeDialog,
    TriggerDialog,
)
from tests.visual.conftest import SCHEMES, settle
from tests.visual.measure import problems


def fight() -> Session:
    """The demo in the players' turn, James's shot readied and a long team name."""
    session = demo_session()
    run(session, c.EditTeam("bears", {"name": "The Ursine Raiders of the Outer Belt"}))
    run(session, c.StartCombat(()))
    run(session, c.NextTurn())
    run(session, c.NextTurn())
    run(session, c.DelayReady("james", "a bear comes through the door", "shoot it"))
    run(session, c.Damage(("art",), 22))  # dying, for the Stabilize dialog
    return session


DIALOGS: dict[str, Callable[[Session], QDialog]] = {
    "rule options": lambda s: RuleOptionsDialog(s.options),
    "rule options in a fight": lambda s: RuleOptionsDialog(s.options, fighting=True),
    "edit team": lambda s: TeamDialog(s.teams["bears"]),
    "adjust initiative": lambda s: InitiativeDialog(s.teams["bears"]),
    "declare action": lambda s: DeclareActionDialog(s, s.combatants["brandon"]),
    "delay or ready": lambda s: ReadyDialog(s.combatants["art"]),
    "trigger readied": TriggerDialog,
    "fall": lambda s: FallDialog("2 combatants: Space Bear 1, Space Bear 2"),
    "attack an object": lambda s: ObjectDialog(s.combatants["art"]),
    "stabilize": lambda s: StabilizeDialog(s, s.combatants["james"]),
    "use a power": lambda s: PowerDialog(s, s.combatants["james"]),
    "new ship": lambda s: ShipDialog(s, None),
    "edit ship": lambda s: ShipDialog(s, s.ships["wayfarer"]),
    "medical care": lambda s: MedicalDialog(s, s.combatants["art"]),
    "swarm": lambda s: SwarmDialog(
        list(s.ships.values()), s.ships["bear-hunter"], "wayfarer", s.space.swarm_penalty
    ),
}


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("name", list(DIALOGS))
def test_the_dialog_shows_all_its_words_and_fits_a_laptop(
    qtbot: QtBot, name: str, scheme: str
) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    theme.apply_theme(app, scheme)
    try:
        dialog = DIALOGS[name](fight())
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        settle()
        assert dialog.width() <= 1280 and dialog.height() <= 800
        assert not problems(dialog), f"{name}: " + "; ".join(problems(dialog))
    finally:
        theme.apply_theme(app, theme.LIGHT)


def test_the_team_dialog_shows_the_teams_colour(qtbot: QtBot) -> None:
    session = demo_session()
    team = msgspec.structs.replace(session.teams["bears"], colour="#22aa55")
    dialog = TeamDialog(team)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    settle()
    button = dialog.findChild(QPushButton, "teamColour")
    assert button is not None
    picture = button.grab().toImage()
    wanted = QColor("#22aa55")
    seen = {
        picture.pixelColor(x, y).name()
        for x in range(picture.width())
        for y in range(picture.height())
    }
    assert wanted.name() in seen, "the swatch is drawn in the team's colour"


@pytest.mark.parametrize("name", [*DIALOGS, "add condition"])
def test_every_placeholder_shows_whole(qtbot: QtBot, name: str) -> None:
    """A field's grey hint ("Pick or type a name") is read whole, not cut off at the
    field's edge, in every dialog of the table."""
    from PySide6.QtWidgets import QLineEdit, QStyle, QStyleOptionFrame

    from futurepath_desktop.ui.dialogs.condition_dialog import ConditionDialog

    make = DIALOGS.get(name, lambda s: ConditionDialog("Space Bear 2"))
    dialog = make(fight())
    qtbot.addWidget(dialog)
    dialog.show()
    settle()
    for field in dialog.findChildren(QLineEdit):
        hint = field.placeholderText()
        if not hint or not field.isVisible():
            continue
        option = QStyleOptionFrame()
        field.initStyleOption(option)
        room = (
            field.style()
            .subElementRect(QStyle.SubElement.SE_LineEditContents, option, field)
            .width()
            - 2 * field.textMargins().left()
            - 4
        )
        wanted = field.fontMetrics().horizontalAdvance(hint)
        assert wanted <= room, f"{name}: {hint!r} needs {wanted}px, has {room}"


@pytest.mark.parametrize("scheme", SCHEMES)
def test_ok_stays_put_when_a_dialogs_problem_line_comes_and_goes(qtbot: QtBot, scheme: str) -> None:
    """The New Combatant dialog's "needs a name" line goes as the GM types one, and the
    Damage dialog's goes when the minus sign does: OK, enabled again, must not jump from
    under the mouse on its way to it."""
    from PySide6.QtWidgets import QDialogButtonBox

    from futurepath_desktop.ui.dialogs.amount_dialog import AmountDialog
    from futurepath_desktop.ui.dialogs.combatant_dialog import CombatantDialog

    theme.apply_theme(QApplication.instance(), scheme)  # type: ignore[arg-type]
    new = CombatantDialog(demo_session())
    damage = AmountDialog("Damage", "Brandon", with_source=True)
    for dialog in (new, damage):
        qtbot.addWidget(dialog)
        dialog.show()
        settle()
    ok_button = QDialogButtonBox.StandardButton.Ok

    def ok_at(dialog: CombatantDialog | AmountDialog) -> tuple[int, int, int]:
        button = dialog.buttons.button(ok_button)
        where = button.mapTo(dialog, button.rect().topLeft())
        return where.x(), where.y(), dialog.height()

    before = ok_at(new)
    assert new.problem.isVisible()
    qtbot.keyClicks(new.name, "Kestrel")  # a name not yet in the session
    settle()
    assert not new.problem.isVisible() and new.buttons.button(ok_button).isEnabled()
    assert ok_at(new) == before

    damage.amount.lineEdit().setText("-5")
    damage.amount.lineEdit().textEdited.emit("-5")
    settle()
    assert damage.problem.isVisible() and not damage.buttons.button(ok_button).isEnabled()
    assert not problems(damage)
    before = ok_at(damage)  # the line came (OK, disabled, made room); now it goes
    damage.amount.lineEdit().setText("5")
    damage.amount.lineEdit().textEdited.emit("5")
    settle()
    assert not damage.problem.isVisible()
    assert ok_at(damage) == before
