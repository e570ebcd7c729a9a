"""Moving is an action (R50), through the main window: a bear dragged on the map in its
team's turn spends its Move, and the Team Initiative panel's turn column says so; a bear
dragged in the players' turn stays where it was and the window says why; Shift on the drop
overrides, and the log says so."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.map.tools import MoveTool, Tool
from futurepath_desktop.ui.models.initiative_cells import TURN


def drag(window: MainWindow, ident: str, to: tuple[int, int], shift: bool = False) -> None:
    window.map.view.use(Tool.MOVE)
    tool = window.map.view.current
    start = window.controller.session.tokens[ident].square
    tool.press(start, token=ident)
    tool.move(to)
    mods = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    tool.release(to, mods)


def to_turn(window: MainWindow, team: str) -> None:
    session = window.controller.session
    if not session.combat.active:
        window.controller.push(c.StartCombat(unaware_ids=()))
    while session.combat.acting_team != team or session.combat.phase != Phase.ACTION:
        window.actions_by_name["actionNextTurn"].trigger()


def test_a_drag_in_the_bears_turn_spends_the_bears_move(qtbot: QtBot, window: MainWindow) -> None:
    session = window.controller.session
    to_turn(window, "bears")
    drag(window, "bear-1", (12, 4))
    assert session.tokens["bear-1"].square == (12, 4)
    turn = window.initiative_model.index_of("bear-1", TURN).data()
    assert "standard (move)" in turn, turn
    # Its attack after the move is refused: the Standard action is spent (R15).
    assert not window.controller.push(c.ResolveAttack("bear-1", "brandon", distance_ft=5))
    assert "Standard action of this turn is already used" in window.statusBar().currentMessage()


def test_out_of_turn_a_drag_is_refused_and_shift_overrides(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    to_turn(window, "players")
    steps = window.controller.stack.count()
    drag(window, "bear-1", (12, 4))
    assert session.tokens["bear-1"].square == (14, 4)
    assert window.controller.stack.count() == steps, "a refused move is no step"
    assert "not Space Bear 1's turn" in window.statusBar().currentMessage()
    note = window.map.view.notes.note
    assert note.isVisible() and "not Space Bear 1's turn" in note.text(), "noted on the map"
    # A press on the map: the note has been read.
    qtbot.mouseClick(window.map.view.viewport(), Qt.MouseButton.LeftButton)
    assert not note.isVisible()
    drag(window, "bear-1", (12, 4), shift=True)
    assert session.tokens["bear-1"].square == (12, 4)
    assert "rules overridden: it is not Space Bear 1's turn" in session.log[-1].text


def test_out_of_turn_the_drag_label_says_why_before_the_drop(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The label under the path gives the rules' reason as the mouse goes (not its turn),
    in the game's words; the note of the refusal on the drop goes away by itself."""
    from futurepath_desktop.ui.map import notes

    to_turn(window, "players")
    view = window.map.view
    view.use(Tool.MOVE)
    tool = view.current
    tool.press(window.controller.session.tokens["bear-1"].square, token="bear-1")
    tool.move((12, 4))
    label = view.drawings.path_label
    assert label.isVisible()
    drag = view.drag
    assert drag is not None and drag.path is not None
    cost = drag.path.cost_ft
    assert label.text() == f"{cost} ft — it is not Space Bear 1's turn (Shift to override)"
    assert "budget" not in label.text(), "the budget is not the reason"
    tool.release((12, 4), Qt.KeyboardModifier.NoModifier)
    note = view.notes.note
    assert note.isVisible()
    fade = view.notes._fade
    assert fade.isActive() and fade.interval() == notes.NOTE_MS
    fade.timeout.emit()  # its time is up
    assert not note.isVisible()


def test_the_inspector_shows_what_the_turn_has_used_and_what_is_left(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R15/R50: before the move all is left; after a 10 ft move the Standard is spent, and
    the Move may still grow into a Sprint: 110 of its 3 × 40 ft are left. A stunned bear
    is told it cannot move."""
    to_turn(window, "bears")
    window.initiative.select(["bear-1"])
    line = window.inspector.turn
    assert line.isVisible()
    speed = window.controller.session.combatants["bear-1"].speed_ft
    # Up to its speed as a Move; up to three times it as a Sprint, which ends the turn.
    assert line.text() == f"Turn: nothing used yet · {speed} ft to move, {3 * speed} as a Sprint"
    assert "as a Sprint past 40 ft" in line.toolTip()  # 3 × 40 = 120 ft in all (R35)
    drag(window, "bear-1", (12, 4))
    assert line.text() == (
        "Turn: standard (move) · left: simple, free · "
        f"{speed - 10} ft to move, {3 * speed - 10} as a Sprint"
    )
    tip = line.toolTip()
    assert "Used this turn: standard (move), 10 ft moved" in tip, tip
    assert "110 ft of movement left, as a Sprint past 40 ft" in tip, tip
    window.initiative.select(["bear-2"])
    assert window.controller.push(c.AddCondition(("bear-2",), "stunned"))
    assert line.text().endswith("cannot move")
    assert "Space Bear 2 is Stunned and cannot move" in line.toolTip()
    window.initiative.select(["brandon"])
    assert line.text() == "Not its turn."
    window.controller.push(c.EndCombat(resolve=False))
    assert not line.isVisible(), "out of combat there is no turn to show"


def test_a_sprint_into_difficult_ground_asks_for_acrobatics_first(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R51: dropping a sprinting bear in the difficult patch asks its Acrobatics bonus
    (the DEX modifier offered), then rolls the check with it; Cancel leaves it put."""
    from PySide6.QtWidgets import QDialog, QInputDialog

    from futurepath_desktop.core.grid import MoveType
    from tests.ui.conftest import answer_dialog

    session = window.controller.session
    to_turn(window, "bears")
    window.map.view.settings.move = MoveType.SPRINT
    offered: list[int] = []

    def cancel(dialog: QDialog) -> None:
        assert isinstance(dialog, QInputDialog)
        offered.append(dialog.intValue())
        dialog.reject()

    answer_dialog(qtbot, cancel)
    drag(window, "bear-3", (13, 12))
    assert offered == [session.combatants["bear-3"].abilities.mod("dexterity")]
    assert session.tokens["bear-3"].square == (13, 9), "cancelled: it stays"

    def sure(dialog: QDialog) -> None:
        assert isinstance(dialog, QInputDialog)
        dialog.setIntValue(100)
        dialog.accept()

    answer_dialog(qtbot, sure)
    drag(window, "bear-3", (13, 12))
    check = next(e for e in session.log if e.kind == "check")
    assert "Acrobatics" in check.text and "(d20 + Acrobatics +100)" in check.text
    assert session.tokens["bear-3"].square == (13, 12)


def test_the_drag_label_warns_when_a_run_grows_into_a_sprint(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R50/R16: a run past the bear's speed is a Sprint, which ends its turn; the path's
    label says so before the drop, and says nothing of it for a run within speed."""
    from futurepath_desktop.core.grid import find_path
    from futurepath_desktop.session.map_rules import grid_for

    session = window.controller.session
    to_turn(window, "bears")
    window.map.view.use(Tool.MOVE)
    tool = window.map.view.current
    speed = session.combatants["bear-1"].speed_ft
    start = session.tokens["bear-1"].square
    grid = grid_for(session, "bear-1")
    label = window.map.view.drawings.path_label

    def cost(goal: tuple[int, int]) -> int | None:
        path = find_path(grid, start, goal, limit_ft=3 * speed)
        return None if path is None else path.cost_ft

    goals = [(x, y) for x in range(grid.width) for y in range(grid.height)]
    near = next(g for g in goals if (cost(g) or 0) and (cost(g) or 0) <= speed)
    far = next(g for g in goals if (cost(g) or 0) > speed and (cost(g) or 0) <= 2 * speed)
    tool.press(start, token="bear-1")
    tool.move(near)
    assert label.isVisible() and "Sprint" not in label.text(), label.text()
    tool.move(far)
    assert "a Sprint: it ends the turn" in label.text(), label.text()
    view = window.map.view
    view.cancel()
    assert session.tokens["bear-1"].square == start


def test_the_drag_label_says_a_first_move_is_the_turn_s_standard_action(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R15, R50: the first move of a turn is its Standard action, so no attack follows it;
    the path's label says so before the drop (and the attack is then refused, as it
    said). A second drag within the same Move spends nothing new and says nothing; a
    5-foot step says it ends the turn."""
    from futurepath_desktop.core.grid import MoveType, find_path
    from futurepath_desktop.session.map_rules import grid_for

    session = window.controller.session
    to_turn(window, "bears")
    view = window.map.view
    view.use(Tool.MOVE)
    tool = view.current
    speed = session.combatants["bear-1"].speed_ft
    start = session.tokens["bear-1"].square
    grid = grid_for(session, "bear-1")
    label = view.drawings.path_label
    goals = [(x, y) for x in range(grid.width) for y in range(grid.height)]

    def costing(feet: int, origin: tuple[int, int]) -> tuple[int, int]:
        def cost(goal: tuple[int, int]) -> int | None:
            path = find_path(grid, origin, goal, limit_ft=speed)
            return None if path is None else path.cost_ft

        return next(g for g in goals if cost(g) == feet and g not in grid.occupants)

    first = costing(10, start)
    tool.press(start, token="bear-1")
    tool.move(first)
    assert "the Standard action: no attack after" in label.text(), label.text()
    view.settings.move = MoveType.FIVE_FOOT_STEP
    tool.move(costing(5, start))
    assert "it ends the turn" in label.text(), label.text()
    view.settings.move = MoveType.RUN
    tool.release(first)
    assert session.tokens["bear-1"].square == first
    tool.press(first, token="bear-1")
    tool.move(costing(10, first))
    assert label.isVisible() and " — " not in label.text(), "the same Move goes on"
    view.cancel()
    window.initiative.select(["bear-1"])  # as the label said: no attack after the move
    form = window.inspector.attack
    form.target.setCurrentIndex(form.target.findData("brandon"))
    form.distance.setValue(5)  # within the claws' reach, as the GM may say
    qtbot.waitUntil(lambda: not form._timer.isActive() and form.ready)
    said = f"{form.roll.toolTip()} {form.odds.text()}"
    assert not form.roll.isEnabled()
    assert "Standard action of this turn is already used" in said, said


def test_a_run_chosen_again_in_move_as_still_grows_into_a_sprint(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R50 with the Map panel's own "Move as" list: Walk chosen, then Run again, and a run
    past speed in a second drag becomes the Sprint it is (the drag's label offered it),
    not a refusal that the Move has 5 ft left."""
    from PySide6.QtWidgets import QComboBox

    from futurepath_desktop.core.grid import MoveType

    session = window.controller.session
    to_turn(window, "players")
    window.map.view.use(Tool.MOVE)
    move_as = window.map.findChild(QComboBox, "mapMoveType")
    assert move_as is not None
    move_as.setCurrentIndex(move_as.findText("Walk"))
    move_as.setCurrentIndex(move_as.findText("Run"))
    assert window.map.view.current.settings.move == MoveType.RUN
    x, y = session.tokens["art"].square
    drag(window, "art", (x + 5, y))
    assert session.tokens["art"].square == (x + 5, y)
    drag(window, "art", (x + 8, y))
    assert session.tokens["art"].square == (x + 8, y), window.statusBar().currentMessage()
    assert "the move becomes a Sprint" in session.log[-2].text
    assert session.combat.turns["art"] == (("Sprint", None),)


def test_after_a_sprint_the_inspector_says_what_is_left_of_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    """A Sprint ends the turn (R16, R50) but goes on, drag after drag, to three times
    speed: the inspector's turn line says how much of it is left, not that nothing is,
    and says the turn has ended once it is all spent."""
    session = window.controller.session
    to_turn(window, "players")
    window.initiative.select(["art"])
    x, y = session.tokens["art"].square
    speed = session.combatants["art"].speed_ft
    drag(window, "art", (x + 8, y))  # 40 ft: past speed, so a Sprint
    assert session.combat.turns["art"] == (("Sprint", None),)
    rest = 3 * speed - 40
    line = window.inspector.turn
    assert f"left: {rest} ft more of the Sprint, then nothing" in line.text(), line.text()
    drag(window, "art", (x + 8, y + 1))  # the same Sprint, 5 ft more
    assert session.tokens["art"].square == (x + 8, y + 1)
    assert f"left: {rest - 5} ft more of the Sprint" in line.text(), line.text()
    assert session.combat.turns["art"] == (("Sprint", None),), "one Sprint, not two"
    assert window.controller.push(c.MoveToken("art", x, y + 1))  # 40 ft back
    assert window.controller.push(c.MoveToken("art", x, y))  # the last 5 ft
    assert session.tokens["art"].moved_ft == 3 * speed
    assert "left: nothing, the turn has ended" in line.text(), line.text()


def test_the_line_under_the_map_forgets_the_keys_once_they_leave(
    qtbot: QtBot, window: MainWindow
) -> None:
    """M gives the map the keys and the line under it says what they do; once the keys go
    elsewhere (the GM picks someone else in Team Initiative), the line no longer claims
    the arrows walk that combatant: it gives the tool's hint again."""
    window.initiative.select(["brandon"])
    window.initiative.view.setFocus()
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_M)
    view = window.map.view
    qtbot.waitUntil(view.hasFocus)
    assert window.map.status.text().startswith("Brandon: the arrows walk a square")
    window.initiative.view.setFocus(Qt.FocusReason.MouseFocusReason)
    window.initiative.select(["james"])
    qtbot.waitUntil(lambda: not view.hasFocus())
    assert window.map.status.text() == view.current.hint


def test_from_the_keys_alone_a_combatant_off_the_map_is_placed(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Chosen in Team Initiative with no token, M, the arrows and Enter put the token on
    the map; the line under the map says whose token Enter places before it does, and
    the keys go back to Team Initiative once it is placed."""
    session = window.controller.session
    assert window.controller.push(c.RemoveToken("katie"))
    window.initiative.select(["katie"])
    window.initiative.view.setFocus()
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_M)
    view = window.map.view
    qtbot.waitUntil(view.hasFocus)
    said = window.map.status.text()
    assert said == "Katie is not on the map: the arrows walk a square, Enter places them"
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert "Enter puts Katie here" in window.map.status.text()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    tool = view.current
    assert isinstance(tool, MoveTool)
    target = tool.target
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert session.tokens["katie"].square == target
    assert "Katie placed at" in session.log[-1].text
    qtbot.waitUntil(window.initiative.view.hasFocus)  # the keys back, for the next one
